"""The listed additions are complete: every legal addition of cards to a meld (here: any two or three
of the hand's cards that could join it, on random positions of every preset) is listed, or lays
the same cards as listed additions made in turn (an addition at both ends of a run at once, or of
part of a set's cards). Found missing before: a wild standing where its natural card is held and
kept (``add JK 9D`` to 5♦ 6♦ 7♦ holding the 8♦), and, where end wilds move (000, 004), an end wild
moving past a natural card held and kept."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from buraco_learn import PRESET_NAMES, preset
from buraco_learn.cards import Card, code_of_id
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.game.predicates import may_add_to
from buraco_learn.game.state import HandState


def _add(codes: tuple[int, ...] | list[int], target: int) -> Action:
    return Action(A.ADD, cards=tuple(Card.from_code(code) for code in codes), target=target)


def _laid_in_turn(state: HandState, codes: tuple[int, ...], target: int, depth: int) -> bool:
    """Whether listed additions to meld ``target``, made in turn, lay exactly ``codes``."""
    listed = set(state.legal_actions)
    if _add(codes, target) in listed:
        return True
    if depth == 0:
        return False
    for first in listed:
        laid = sorted(card.code for card in first.cards)
        if first.kind != A.ADD or first.target != target or len(laid) >= len(codes):
            continue
        rest = list(codes)
        try:
            for code in laid:
                rest.remove(code)
        except ValueError:
            continue
        after = state.clone()
        after.apply(first)
        if _laid_in_turn(after, tuple(rest), target, depth - 1):
            return True
    return False


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_legal_addition_is_listed_or_laid_by_listed_ones_in_turn(name: str) -> None:
    rules = preset(name)
    rng = random.Random(sum(map(ord, name)))
    legal_unlisted = checked = 0
    for number in range(4):
        state = HandState.new(rules, rng, dealer=number % rules.players)
        while state.phase != "over" and len(state.history) < 500:
            if state.phase == "play" and rng.random() < 0.35:
                listed = set(state.legal_actions)
                seat = state.current
                codes = [code_of_id(card_id) for card_id in state.hands[seat]]
                flags = rules.wild_flags
                for meld in state.melds:
                    if not may_add_to(rules, state.side_of[seat], meld):
                        continue
                    kind, first = meld.meld.kind, meld.meld.slots[0]
                    joining = sorted(code for code in codes if flags[code] or (
                        code // 13 == int(first.suit or 0) if kind == "run" else code % 13 == int(first.rank or 1) - 1))
                    for size in (2, 3):
                        for combo in set(combinations(joining, size)):
                            action = _add(combo, meld.id)
                            checked += 1
                            if action in listed or not state.is_legal(action):
                                continue
                            legal_unlisted += 1
                            assert _laid_in_turn(state, combo, meld.id, 2), (meld.meld.notation(), action.notation())
            state.apply(rng.choice(list(state.legal_actions)))
    assert checked > 100, checked


@pytest.mark.parametrize(("rules_name", "meld", "hand", "addition", "result"), [
    # 002 'Melds': a wild may stand inside a run; the 8♦ held may be kept
    ("italian", "5D 6D 7D", "8D 9D JK KS", "JK 9D", "5D 6D 7D JK=8D 9D"),
    # 000: an end wild is not pinned and moves as the run grows, past the 6♣ held and kept
    ("bukharo", "2H=2C 3C 4C", "5C 6C 7C KS", "5C 7C", "3C 4C 5C 2H=6C 7C"),
    # 003: a 2 stands for the K♦ held, to lay the ace above it
    ("brazil-online", "10D JD QD", "AD KD 2C KS", "AD 2C", "10D JD QD 2C=KD AD"),
])
def test_a_wild_standing_where_its_natural_card_is_held_is_proposed(rules_name: str, meld: str, hand: str, addition: str,
                                                                    result: str) -> None:
    from buraco_learn import Meld, check_add
    from buraco_learn.cards import parse_cards
    from buraco_learn.game.meldgen import extension_candidates

    rules = preset(rules_name)
    table = Meld.parse(meld, rules)
    proposed = extension_candidates(table, sorted(card.code for card in parse_cards(hand)), rules)
    assert tuple(sorted(card.code for card in parse_cards(addition))) in proposed
    verdict = check_add(table, addition, rules)
    assert verdict.meld is not None and verdict.meld.notation() == result
