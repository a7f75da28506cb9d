"""A move has one phrasing in each language (issue 18): :mod:`buraco_learn.game.words`.

``Action.describe`` (the hints without a coach, the replayer's refused steps) and the coach's
``action_words`` say a card and a move with the same words: over every legal action of real
hands under four presets, a draw, a discard and a close read the same from both; no text is
action notation (``JK``, ``m2``, a card code), and in Italian and Portuguese no English word
of a move is left.
"""

from __future__ import annotations

import random
import re

import pytest

from buraco_learn import preset
from buraco_learn.bots import make_bot
from buraco_learn.bots.heuristics import Position
from buraco_learn.coach.explain import action_words
from buraco_learn.game.actions import Action
from buraco_learn.game.state import HandState
from buraco_learn.i18n import use
from buraco_learn.ui.replay import Script

#: notation a learner must never read: a card code (``7C``, ``10H``, ``JK``) or a meld number (``m2``)
NOTATION = re.compile(r"\b(?:JK|(?:[2-9]|10|[AJQK])[SHDC]|m\d+)\b")
ENGLISH = re.compile(r"\b(the|and|meld|draw|discard|close|take|lay|down|add|put|pick|top|stock|pile|card|cards|wild)\b")


def legal_actions(name: str, seed: int) -> list[tuple[Position, Action]]:
    """Every legal action of every decision of seat 0 in a hand bots play."""
    rules = preset(name)
    state = HandState.new(rules, random.Random(seed))
    bots = [make_bot("intermediate", rules, seed=s) for s in range(rules.players)]
    found: list[tuple[Position, Action]] = []
    for _step in range(400):  # a whole hand
        if state.over:
            break
        view = state.view(state.current)
        if state.current == 0:
            pos = Position.from_view(view)
            found.extend((pos, action) for action in view.legal)
        state.apply(bots[state.current].act(view))
    return found


@pytest.mark.parametrize("name", ["italian", "brazil-online", "cutthroat", "aberto"])
@pytest.mark.parametrize("lang", ["en", "it", "pt_BR"])
def test_a_move_reads_the_same_from_the_engine_and_the_coach(name: str, lang: str) -> None:
    actions = legal_actions(name, seed=7) + legal_actions(name, seed=8)
    assert len({action.kind for _pos, action in actions}) >= 4, "too few kinds of move to judge"
    with use(lang):
        for pos, action in actions:
            plain, coach = action.describe(), action_words(pos, action)
            for text in (plain, coach):
                assert text and not NOTATION.search(text), f"{action!r}: {text!r}"
                if lang != "en":
                    assert not ENGLISH.search(text), f"{action!r} in {lang}: {text!r}"
            if action.kind in ("draw", "discard", "close"):
                assert plain == coach, f"{action!r}: {plain!r} / {coach!r}"


def test_a_joker_is_named_and_the_cards_are_listed_in_each_language() -> None:
    meld, add = Action.parse("meld 5H JK 7H"), Action.parse("add m2 8H 9H")
    assert (meld.describe(), add.describe()) == ("lay down 5♥ joker 7♥", "add the 8♥ and 9♥ to meld number 2")
    with use("it"):
        assert (meld.describe(), Action.parse("discard JK").describe()) == ("calare 5♥ jolly 7♥", "scartare il jolly")
        assert add.describe() == "allungare la combinazione numero 2 con 8♥ e 9♥"
    with use("pt_BR"):
        assert (meld.describe(), add.describe()) == ("baixar 5♥ coringa 7♥", "aumentar o jogo número 2 com 8♥ e 9♥")


def test_a_refused_step_of_a_replay_says_the_move_in_the_language() -> None:
    start = HandState.new(preset("italian"), random.Random(3))
    card = next(card for card in start.hand_cards(start.current) if not card.is_joker)
    with use("it"):  # discarding before drawing is refused
        script = Script.from_actions(start, [(f"discard {card}", "scarto subito", True)])
    words = script.frames[1].action
    assert f" prova a scartare il {card.unicode()}" in words, words
    assert not NOTATION.search(words) and not ENGLISH.search(words), words
