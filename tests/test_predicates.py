"""The turn rules' predicates (buraco_learn.game.predicates) are the one place each rule is
decided (issue 15): the wild cards above all, which every layer asks about."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from buraco_learn import PRESET_NAMES, preset
from buraco_learn.cards import Card
from buraco_learn.game import predicates as P
from buraco_learn.meldcore import is_wild_code

ROOT = Path(__file__).resolve().parent.parent / "buraco_learn"


@pytest.mark.parametrize("name", PRESET_NAMES)
@pytest.mark.parametrize("twos_wild", [True, False])
def test_every_layer_asks_the_same_wild_question(name: str, twos_wild: bool) -> None:
    rules = preset(name, twos_wild=twos_wild)
    flags = P.wild_flags(rules)
    for code in range(53):
        card = Card.from_code(code)
        expected = code == 52 or (twos_wild and card.is_two)
        assert P.is_wild(rules, code) is expected
        assert rules.is_wild(card) is expected
        assert flags[code] is expected
        assert is_wild_code(code, twos_wild) is expected
    assert P.wild_codes_in(rules, [52, 1, 1, 2, 14]) == ([1, 14, 52] if twos_wild else [52])


# a wild rule spelt out: "the joker or a 2 under twos_wild", in any of its spellings
_SPELT_OUT = re.compile(r"twos_wild and (code|card\.code|other) % 13 == 1|code % 13 == 1 and (rules\.)?twos_wild")


def test_no_engine_module_spells_out_the_wild_rule() -> None:
    """Only meldcore.is_wild_code says which codes are wild; the turn rules, the generators,
    the playout, the bots and the coach ask it (through predicates or Rules)."""
    places = []
    for path in sorted(ROOT.rglob("*.py")):
        if path.name == "meldcore.py" or "app" in path.relative_to(ROOT).parts:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if _SPELT_OUT.search(line):
                places.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert places == []


def test_take_depths_and_what_a_take_moves() -> None:
    pile = [10, 11, 12, 13]
    for name in PRESET_NAMES:
        rules = preset(name)
        depths = P.take_depths(rules, len(pile))
        assert P.take_depths(rules, 0) == []
        for depth in depths:
            taken = P.taken_from_pile(rules, pile, depth)
            assert taken == pile[len(pile) - len(taken):]  # always from the top down
            assert P.pile_card_to_meld(rules, taken) in taken
        if rules.pile_take == "any-depth":
            assert depths == [1, 2, 3, 4]
            assert [len(P.taken_from_pile(rules, pile, d)) for d in (1, 2, 3, 4)] == [1, 2, 3, 4]
        else:
            assert depths == [None]
            assert len(P.taken_from_pile(rules, pile, None)) == (1 if rules.pile_take == "top" else 4)


def test_close_shortfall() -> None:
    from buraco_learn.melds import Meld

    clean = Meld.parse("5H 6H 7H 8H 9H 10H JH")
    dirty = Meld.parse("JK=5H 6H 7H 8H 9H 10H JH")
    short = Meld.parse("5C 6C 7C")
    italian = preset("italian")  # any burraco (002)
    assert P.close_shortfall(italian, False, [clean]) == P.POT
    assert P.close_shortfall(italian, True, [short]) == P.BURRACO
    assert P.close_shortfall(italian, True, [short, dirty]) is None
    strict = preset("italian", close_needs_burraco="clean")
    assert P.close_shortfall(strict, True, [dirty]) == P.BURRACO
    assert P.close_shortfall(strict, True, [dirty, clean]) is None
    assert P.close_shortfall(preset("italian", close_needs_burraco="none"), True, []) is None
    assert not P.may_close_on(italian, 52) and P.may_close_on(italian, 5)
    assert P.may_close_on(preset("italian", close_discard_wild=True), 52)


def test_the_turn_rules_allow_exactly_the_takes_the_pile_allows() -> None:
    """The turn rules accept a take exactly when take_depths offers its depth: a take of no
    card (an Action of depth 0, which the notation cannot write, once took the whole pile under
    004) is refused, like one too deep."""
    from buraco_learn.game.actions import TAKE, Action
    from buraco_learn.game.position import position

    for name in PRESET_NAMES:
        rules = preset(name)
        state = position(rules, hands={"N": "5H 6H 9S KD"}, pile="7H 8H 5S", stock="4C 4D 4S")
        offered = P.take_depths(rules, len(state.pile))
        for depth in (None, -1, 0, 1, 2, 3, 4):
            if depth not in offered:
                assert not state.is_legal(Action(TAKE, target=depth)), (name, depth)
        assert any(state.is_legal(Action(TAKE, target=depth)) for depth in offered) or rules.must_meld_pile_card


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_the_melds_a_side_may_add_to_are_those_may_add_to_accepts(name: str) -> None:
    """melds_to_add_to (the legal-action generator's one test for all the melds) answers as
    may_add_to does for each meld, on the melds of random hands (whose side owns each varies)."""
    import random

    from buraco_learn.game.state import HandState

    rules = preset(name)
    rng = random.Random(7)
    seen = 0
    for hand in range(3):
        state = HandState.new(rules, rng, dealer=hand % rules.players)
        while state.phase != "over" and state.turn < 80:
            for side in range(len(state.side_names)):
                expected = [meld for meld in state.melds if P.may_add_to(rules, side, meld)]
                assert list(P.melds_to_add_to(rules, side, state.melds)) == expected
                seen += len(state.melds)
            state.apply(rng.choice(list(state.legal_actions)))
    assert seen > 0
