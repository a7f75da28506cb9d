"""Property tests of the meld solver against an independent brute-force oracle.

The oracle tries every ordering of the cards at every starting place and accepts the
meld if :func:`arrangement_from_order` (a certificate check that shares no logic with
the solver) accepts one of them.
"""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from buraco_learn import PRESET_NAMES, Card, Rank, Suit, check_meld, preset
from buraco_learn.melds import Slot, arrangement_from_order
from buraco_learn.rules import Rules

RULES = {name: preset(name) for name in PRESET_NAMES}
RULES["italian-semi"] = preset("italian", semi_clean_bonus=150)
RULES["cutthroat-2wilds"] = preset("cutthroat", max_wilds=2, max_set_cards=0)


def oracle(cards: list[Card], rules: Rules) -> tuple[bool, str | None, bool | None]:
    """(legal, kind, clean) by brute force over arrangements."""
    found: list[tuple[str, bool]] = []
    naturals = [card for card in cards if not rules.is_wild(card)]
    if naturals and len({card.rank for card in naturals}) == 1:
        rank = naturals[0].rank
        assert rank is not None
        slots = [Slot(c, rules.is_wild(c), rank, None if rules.is_wild(c) else c.suit) for c in cards]
        meld = arrangement_from_order(slots, rules)
        if meld is not None:
            return True, "set", meld.clean
    n = len(cards)
    for order in set(itertools.permutations(cards)):
        for start in range(1, 15 - n + 1):
            for suit in Suit:
                slots = []
                for offset, card in enumerate(order):
                    position = start + offset
                    rank = Rank(1 if position == 14 else position)
                    if card == Card(rank, suit) and not (card.is_two and rules.twos_wild and not rules.natural_two):
                        slots.append(Slot(card, False, rank, suit, position))
                    elif rules.is_wild(card):
                        slots.append(Slot(card, True, rank, suit, position))
                    else:
                        break
                else:
                    meld = arrangement_from_order(slots, rules)
                    if meld is not None:
                        found.append(("run", meld.clean))
    if not found:
        return False, None, None
    return True, "run", any(clean for _, clean in found)


any_card = st.integers(min_value=0, max_value=52).map(Card.from_code)


@st.composite
def meld_like(draw: st.DrawFn) -> list[Card]:
    """Mostly near-melds: a window of one suit or one rank, with wilds and strays."""
    shape = draw(st.sampled_from(["run", "set", "random"]))
    if shape == "random":
        return draw(st.lists(any_card, min_size=0, max_size=6))
    cards: list[Card] = []
    if shape == "run":
        suit = draw(st.sampled_from(list(Suit)))
        start = draw(st.integers(min_value=1, max_value=13))
        length = draw(st.integers(min_value=2, max_value=5))
        for rank in range(start, start + length):
            if draw(st.integers(0, 5)):
                cards.append(Card(1 if rank == 14 else min(rank, 13), suit))
    else:
        rank = draw(st.integers(min_value=1, max_value=13))
        for _ in range(draw(st.integers(min_value=1, max_value=5))):
            cards.append(Card(rank, draw(st.sampled_from(list(Suit)))))
    cards += draw(st.lists(st.sampled_from([Card.parse(c) for c in ("JK", "2S", "2H", "2D", "2C")]), max_size=2))
    cards += draw(st.lists(any_card, max_size=1))
    return cards[:6]


@given(meld_like(), st.sampled_from(sorted(RULES)))
def test_solver_agrees_with_oracle(cards: list[Card], name: str) -> None:
    rules = RULES[name]
    verdict = check_meld(cards, rules)
    legal, kind, clean = oracle(cards, rules) if len(cards) <= 6 else (verdict.legal, verdict.kind, verdict.clean)
    assert verdict.legal == legal, (name, verdict.reason)
    if legal:
        assert verdict.kind == kind, (name, verdict.reason)
        assert verdict.clean == clean, (name, verdict.reason)
    else:
        assert verdict.problems, "an illegal verdict always says why"
        assert len(verdict.explanations) == len(verdict.problems)


@given(meld_like(), st.sampled_from(sorted(RULES)), st.randoms())
def test_order_never_changes_the_verdict(cards: list[Card], name: str, rnd) -> None:  # type: ignore[no-untyped-def]
    rules = RULES[name]
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    a, b = check_meld(cards, rules), check_meld(shuffled, rules)
    assert (a.legal, a.kind, a.clean, a.semi_clean, a.problems, a.explanations) == (b.legal, b.kind, b.clean, b.semi_clean, b.problems, b.explanations)
    assert (a.meld.notation() if a.meld else None) == (b.meld.notation() if b.meld else None)
    assert a.reason == b.reason


@given(meld_like(), st.sampled_from(sorted(RULES)))
def test_legal_arrangement_is_a_valid_ordered_meld(cards: list[Card], name: str) -> None:
    rules = RULES[name]
    verdict = check_meld(cards, rules)
    if not verdict.legal:
        assert verdict.meld is None and verdict.arrangement == ()
        return
    meld = verdict.meld
    assert meld is not None
    assert sorted(meld.cards) == sorted(cards)
    again = arrangement_from_order(meld.slots, rules)
    assert again == meld
    assert meld.clean == verdict.clean
    # the wild sits at the low end unless it fills a gap or the run starts at the ace
    if meld.kind == "run" and meld.wild_slots and not meld.slots[0].wild and meld.slots[-1].wild:
        assert meld.slots[0].position == 1


@given(meld_like(), st.sampled_from(sorted(RULES)))
def test_meld_notation_round_trips(cards: list[Card], name: str) -> None:
    from buraco_learn import Meld

    rules = RULES[name]
    verdict = check_meld(cards, rules)
    if verdict.meld is not None:
        assert Meld.parse(verdict.meld.notation(), rules) == verdict.meld
        if name == "italian":
            assert eval(repr(verdict.meld), {"Meld": Meld}) == verdict.meld
