"""The bots' heuristics on scripted positions written in card notation
(:mod:`buraco_learn.coach.positions`: a written deal, then scripted actions)."""

from __future__ import annotations

import random

import pytest

from buraco_learn import preset
from buraco_learn.bots import make_bot
from buraco_learn.bots.beginner import BeginnerBot
from buraco_learn.bots.heuristics import Position, default_weights, meld_openings
from buraco_learn.bots.intermediate import IntermediateBot, fast_step
from buraco_learn.bots.strong import StrongBot
from buraco_learn.cards import Card
from buraco_learn.coach.positions import burraco_pile, dangerous_discard, wild_to_keep
from buraco_learn.game import HandState
from buraco_learn.game.actions import Action


def play_turn(state: HandState, bot: object) -> list[Action]:
    """Let ``bot`` play the current player's whole turn; returns its actions."""
    seat = state.current
    done = []
    while state.current == seat and not state.over:
        action = bot.act(state.view(seat))  # type: ignore[attr-defined]
        state.apply(action)
        done.append(action)
    return done


ITALIAN = preset("italian")

def burraco_pile_position() -> HandState:
    """N lays down 5♥-10♥; E discards the J♥, which would make it a burraco: S to play."""
    state = burraco_pile()
    assert state.seat_names[state.current] == "S"
    return state


@pytest.mark.parametrize("level", ["beginner", "intermediate", "strong"])
def test_takes_a_pile_that_completes_a_burraco(level: str) -> None:
    state = burraco_pile_position()
    view = state.view(state.current)
    assert Card.parse("JH") in view.pile
    bot = make_bot(level, ITALIAN, 1, **({"worlds": 6} if level == "strong" else {}))
    assert bot.act(view) == Action.take()


def test_after_taking_the_pile_the_bot_completes_the_burraco() -> None:
    state = burraco_pile_position()
    state.apply("take")
    play_turn(state, IntermediateBot(ITALIAN, 1))
    run = state.melds[0]
    assert len(run.meld) >= 7 and run.burraco(ITALIAN) == "clean"


def danger_position() -> HandState:
    """W lays down 3♣-8♣; N, next, holds the 9♣ that would make it a burraco."""
    state = dangerous_discard()
    assert state.seat_names[state.current] == "N"
    return state


@pytest.mark.parametrize("level", ["intermediate", "strong"])
def test_never_discards_the_card_that_finishes_an_opponents_burraco(level: str) -> None:
    state = danger_position()
    position = Position.from_view(state.view(0))
    nine = Card.parse("9C").code
    assert nine in position.opp_add and position.danger(nine) > position.danger(Card.parse("4D").code)
    bot = make_bot(level, ITALIAN, 3, **({"worlds": 6} if level == "strong" else {}))
    actions = play_turn(state, bot)
    discards = [action for action in actions if action.kind in ("discard", "close")]
    assert discards and discards[-1].cards[0] != Card.parse("9C")
    assert Card.parse("9C") in state.view(0).hand


def test_the_beginner_ignores_the_opponents_melds() -> None:
    # the beginner's documented mistake: its highest-value unmatched card is the 9♣ (10 points)
    state = danger_position()
    actions = play_turn(state, BeginnerBot(ITALIAN, 3))
    assert actions[-1] == Action.discard("9C")


def wild_position() -> HandState:
    """N holds a joker, a pair of Queens, and its side has the five-card run 5♠-9♠."""
    state = wild_to_keep()
    assert state.seat_names[state.current] == "N" and state.phase == "play"
    return state


@pytest.mark.parametrize("level", ["intermediate", "strong"])
def test_keeps_a_wild_for_a_nearly_complete_run(level: str) -> None:
    state = wild_position()
    assert [str(card) for card in state.view(0).hand if card.is_joker] == ["JK"]
    bot = make_bot(level, ITALIAN, 5, **({"worlds": 6} if level == "strong" else {}))
    actions = play_turn(state, bot)
    spent = [action for action in actions if any(card.is_joker for group in action.groups for card in group)]
    assert not spent, f"the {level} bot spent its joker on {spent}"
    assert not any(action.kind in ("discard", "close") and action.cards[0].is_joker for action in actions)


def test_the_beginner_wastes_its_wild_on_three_cards() -> None:
    state = wild_position()
    actions = play_turn(state, BeginnerBot(ITALIAN, 5))
    assert any(action.kind == "meld" and any(card.is_joker for card in action.groups[0]) for action in actions)


def test_a_wild_that_completes_a_burraco_is_worth_spending() -> None:
    state = wild_position()
    position = Position.from_view(state.view(0))
    run = state.melds[0]
    joker = Card.parse("JK").code
    # a joker on a five-card run does not make a burraco: it costs more than it brings
    assert position.meld_gain([joker], run) < position.meld_gain([Card.parse("4D").code], None) + 100
    six = [Card.parse(text).code for text in ("10S",)]
    assert position.meld_gain([joker, *six], run) > 0  # 5♠-10♠ with the joker: seven cards, a burraco


def test_meld_openings_of_a_run_and_a_set() -> None:
    state = wild_position()
    openings, room = meld_openings(state.melds[0], ITALIAN)
    assert {Card.from_code(code).notation() for code in openings} == {"4S", "10S"}
    assert room


def test_card_use_values_pairs_near_runs_and_wilds() -> None:
    state = wild_position()
    position = Position.from_view(state.view(0))
    use = {card.notation(): position.card_use(card.code) for card in state.view(0).hand}
    assert use["JK"] > use["QS"] > use["KH"]  # a wild, then a pair, then a lone King
    assert use["10C"] < 0  # alone and worth 10 points in hand


def test_take_gain_grows_with_fitting_cards() -> None:
    state = burraco_pile_position()
    position = Position.from_view(state.view(state.current))
    fitting = position.take_gain([Card.parse("KD").code])  # S holds K♣ K♥: a third King
    lone = position.take_gain([Card.parse("4C").code])
    assert fitting > lone


def test_default_weights_depend_on_the_closing_rule() -> None:
    assert default_weights(preset("italian")).draw_value > default_weights(preset("aberto")).draw_value
    assert default_weights(preset("italian"), draw_value=1.0).draw_value == 1.0


@pytest.mark.parametrize("make", [
    lambda rules: BeginnerBot(rules, 1),
    lambda rules: IntermediateBot(rules, 1),
    lambda rules: StrongBot(rules, 1, worlds=2),
])
def test_bots_refuse_a_hand_state(make: object) -> None:
    state = HandState.new(ITALIAN, random.Random(1))
    bot = make(ITALIAN)  # type: ignore[operator]
    with pytest.raises(TypeError, match="PlayerView"):
        bot.act(state)
    assert bot.act(state.view(state.current)) in state.legal_actions


def test_fast_step_plays_only_legal_actions() -> None:
    state = HandState.new(ITALIAN, random.Random(9))
    while not state.over:
        before = state.clone()
        action = fast_step(state)
        assert before.is_legal(action)
