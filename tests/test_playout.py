"""The random policy's shortcuts: its quick tests never rule out a legal action, and
choosing with or without applying gives the same action."""

from __future__ import annotations

import random

import pytest

from buraco_learn import PRESET_NAMES, preset
from buraco_learn.cards import Card, code_of_id
from buraco_learn.extend import check_add, check_swap
from buraco_learn.game.meldgen import candidate_melds, extension_candidates, swap_candidates
from buraco_learn.game.playout import may_extend, may_meld, random_action, random_playout, random_step, shuffled
from buraco_learn.game.state import HandState


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_may_meld_never_rules_out_a_hand_with_a_meld(name: str) -> None:
    rules = preset(name)
    rng = random.Random(11)
    with_melds = 0
    for _ in range(3000):
        ids = rng.sample(range(108), rng.randint(0, 15))
        codes = [code_of_id(card_id) for card_id in ids if rules.jokers or code_of_id(card_id) != 52]
        found = candidate_melds(codes, rules)
        if found:
            with_melds += 1
            assert may_meld(codes, rules), (name, codes, found[:3])
    assert with_melds > 300  # the property was exercised


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_may_extend_and_swap_filters_never_rule_out_a_legal_addition(name: str) -> None:
    rules = preset(name)
    rng = random.Random(4)
    legal_adds = legal_swaps = 0
    for number in range(12):
        state = HandState.new(rules, rng, dealer=number % rules.players)
        while not state.over:
            if state.phase == "play" and state.melds:
                codes = [code_of_id(card_id) for card_id in state.hands[state.current]]
                held = set(codes)
                wild = any(code == 52 or (rules.twos_wild and code % 13 == 1) for code in held)
                for meld in state.melds:
                    groups = extension_candidates(meld.meld, codes, rules)
                    if any(check_add(meld.meld, tuple(Card.from_code(c) for c in group), rules).legal for group in groups):
                        legal_adds += 1
                        assert may_extend(meld, held, wild, rules), (name, meld.meld, codes)
                    swaps = [code for code in swap_candidates(meld.meld, codes) if check_swap(meld.meld, Card.from_code(code), rules).legal]
                    if swaps:
                        legal_swaps += 1
                        assert not meld.meld.swap_codes.isdisjoint(held), (name, meld.meld, codes)
            random_step(state, rng)
    assert legal_adds > 20
    if rules.wild_swap and name != "cutthroat":
        assert legal_swaps > 0


@pytest.mark.parametrize("name", ["italian", "aberto", "fechado", "cutthroat"])
def test_choosing_with_or_without_applying_gives_the_same_action(name: str) -> None:
    rules = preset(name)
    left, right = random.Random(8), random.Random(8)
    state = HandState.new(rules, random.Random(2))
    other = state.clone()
    while not state.over:
        action = random_action(state, left)
        state.apply(action)
        assert random_step(other, right) == action
    assert other.over and other.history == state.history


def test_shuffled_is_a_uniform_permutation() -> None:
    rng = random.Random(1)
    firsts = [0, 0, 0, 0]
    for _ in range(4000):
        order = list(shuffled([0, 1, 2, 3], rng))
        assert sorted(order) == [0, 1, 2, 3]
        firsts[order[0]] += 1
    assert all(900 < count < 1100 for count in firsts), firsts


def test_a_playout_ends_every_hand_with_every_card_in_place() -> None:
    from buraco_learn.game.deal import deck_is_complete

    for name in PRESET_NAMES:
        rules = preset(name)
        rng = random.Random(3)
        state = HandState.new(rules, rng)
        assert random_playout(state, rng) == len(state.history) > 0
        assert state.over and deck_is_complete(state.all_ids(), rules)
