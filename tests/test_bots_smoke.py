"""Every level under every preset: legal moves, no exceptions, the same moves for the same seed."""

from __future__ import annotations

import random
import zlib
from typing import Any

import pytest

from buraco_learn import PRESET_NAMES, preset
from buraco_learn.bots import RandomBot, available_levels, make_bot
from buraco_learn.game import HandState
from buraco_learn.game.actions import Action

FAST_STRONG = {"worlds": 2, "candidates": 3, "horizon": 2}


def options(level: str) -> dict[str, Any]:
    return dict(FAST_STRONG) if level == "strong" else {}


def test_the_three_levels_are_registered() -> None:
    assert {"beginner", "intermediate", "strong"} <= set(available_levels())


@pytest.mark.parametrize("name", PRESET_NAMES)
@pytest.mark.parametrize("level", ["beginner", "intermediate", "strong"])
def test_level_plays_legal_moves_beside_random_players(name: str, level: str) -> None:
    """The level sits in seats 0 and 2 beside random players, so it meets odd positions."""
    rules = preset(name)
    state = HandState.new(rules, random.Random(zlib.crc32(f"{name}{level}".encode())), dealer=1)
    bots = [make_bot(level, rules, seat, **options(level)) if seat % 2 == 0 else RandomBot(rules, seat) for seat in range(rules.players)]
    moves = 0
    limit = 60 if level == "strong" else 400
    while not state.over and moves < limit:
        view = state.view(state.current)
        if not view.legal:  # the engine offered nothing (reported to the engine's owner); nothing to test here
            break
        action = bots[state.current].act(view)
        assert isinstance(action, Action)
        assert state.is_legal(action), f"{level} chose illegal {action} under {name}"
        state.apply(action)
        moves += 1
    assert moves > 0


@pytest.mark.parametrize("name", ["italian", "aberto", "cutthroat"])
@pytest.mark.parametrize("level", ["beginner", "intermediate"])
def test_whole_hands_end(name: str, level: str) -> None:
    rules = preset(name)
    for seed in range(3):
        state = HandState.new(rules, random.Random(seed))
        bots = [make_bot(level, rules, seat) for seat in range(rules.players)]
        while not state.over:
            state.apply(bots[state.current].act(state.view(state.current)))
            assert len(state.history) < 3000
        assert state.end_reason in ("closed", "stock", "stalemate")


def test_a_strong_bot_partners_an_intermediate_one_in_a_two_player_game() -> None:
    rules = preset("italian", players=2)
    state = HandState.new(rules, random.Random(4))
    bots = [make_bot("strong", rules, 1, **FAST_STRONG), make_bot("beginner", rules, 2)]
    for _ in range(40):
        if state.over:
            break
        state.apply(bots[state.current].act(state.view(state.current)))
    assert len(state.history) >= 1


@pytest.mark.parametrize("level", ["beginner", "intermediate", "strong"])
def test_the_same_seed_plays_the_same_moves(level: str) -> None:
    rules = preset("italian")

    def play(seed: int) -> list[str]:
        state = HandState.new(rules, random.Random(12))
        bots = [make_bot(level, rules, seed + seat, **options(level)) for seat in range(4)]
        for _ in range(30):
            state.apply(bots[state.current].act(state.view(state.current)))
        return [action.notation() for action in state.history]

    assert play(5) == play(5)


def test_a_strong_decision_does_not_depend_on_earlier_searches() -> None:
    rules = preset("aberto")
    state = HandState.new(rules, random.Random(3))
    for text in ("draw",):
        state.apply(text)
    view = state.view(state.current)
    first = make_bot("strong", rules, 9, worlds=3)
    second = make_bot("strong", rules, 9, worlds=3)
    other = HandState.new(rules, random.Random(4))
    second.act(other.view(other.current))  # a search elsewhere first
    assert first.act(view) == second.act(view)


@pytest.mark.parametrize("level", ["beginner", "intermediate", "strong"])
def test_three_players_where_the_sides_change_mid_hand(level: str) -> None:
    rules = preset("italian", players=3)
    state = HandState.new(rules, random.Random(1))
    bots = [make_bot(level, rules, seat, **options(level)) for seat in range(3)]
    limit = 80 if level == "strong" else 3000
    while not state.over and len(state.history) < limit:
        state.apply(bots[state.current].act(state.view(state.current)))
    assert state.over or level == "strong"
