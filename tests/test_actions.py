"""Action notation and the legal-actions view."""

from __future__ import annotations

import random

import pytest

from buraco_learn import InvalidNotationError, preset
from buraco_learn.game import Action, HandState
from buraco_learn.game.position import position


@pytest.mark.parametrize(
    "text",
    ["draw", "take", "take 3", "redraw", "meld 5H 6H 7H", "meld 5H 6H 7H | KS KD KH", "add m2 8H 9H", "swap m1 5D", "discard 7C", "pot", "close 7C", "close"],
)
def test_notation_round_trip(text: str) -> None:
    action = Action.parse(text)
    assert action.notation() == text
    assert eval(repr(action), {"Action": Action}) == action


@pytest.mark.parametrize("bad", ["", "fly", "draw 3", "take 0", "meld", "meld 5X", "add 8H", "swap m1 5D 6D", "discard 5H 6H", "close 5H 6H", "pot now"])
def test_bad_notation(bad: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        Action.parse(bad)
    assert repr(bad) in str(info.value)


def test_parse_is_forgiving_of_case_and_unicode() -> None:
    assert Action.parse("MELD 5♥ 6♥ 7♥") == Action.parse("meld 5H 6H 7H")
    assert Action.parse("add 2 8h").target == 2
    assert Action.parse("meld 7D JK 6D").canonical() == Action.parse("meld JK 6D 7D").canonical()


def test_legal_actions_live_view() -> None:
    state = position(preset("italian"), hands={"N": "5H 6H 7H 9C KD"}, pile="QS")
    legal = state.legal_actions
    assert legal.notations() == ["draw", "take"]
    state.apply("draw")
    notations = legal.notations()  # the same object follows the state
    assert "meld 5H 6H 7H" in notations and "discard 9C" in notations
    assert notations == sorted(notations, key=lambda text: [a.notation() for a in legal].index(text))
    assert "meld 7H 5H 6H" in legal  # any order of the cards is recognised
    assert "discard AS" not in legal and "nonsense" not in legal
    assert len(legal) == legal.count() and str(legal).splitlines()[0] == legal.notations()[0]
    assert "LegalActions" in repr(legal)


def test_every_listed_action_is_legal_and_deterministic() -> None:
    a = HandState.new(preset("italian"), random.Random(3))
    b = HandState.new(preset("italian"), random.Random(3))
    for _ in range(25):
        if a.over:
            break
        listed = [action.notation() for action in a.legal_actions]
        assert listed == [action.notation() for action in b.legal_actions]
        assert all(a.is_legal(text) for text in listed)
        a.apply(listed[-1])
        b.apply(listed[-1])
