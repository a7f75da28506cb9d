"""The legal-action generator carries what it worked out from one state to the next (issue 15: the
melds of a hand's ranks and suits, the verdicts on additions by the meld's content and the cards
of the hand that can join it) and lists each kind in order as it makes it. None of it changes the
list: on every preset and on variants whose shortcuts differ, along random hands, in worlds cloned
and resampled from a player's view, ``generate`` lists exactly the actions, in exactly the order,
of proposing every candidate the plain way and checking each with the state's own validator.

The reference here asks none of the generator's caches: new melds are the solver's arrangement
of every proposal of :func:`candidate_melds` unchecked (``ordered=False``), additions are
proposed from the whole hand, and every proposal goes to ``state._check``.
"""

from __future__ import annotations

import random

import pytest

from buraco_learn import PRESET_NAMES, preset
from buraco_learn.cards import Card, code_of_id
from buraco_learn.errors import IllegalActionError
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.game.legal import _opening_groups, generate
from buraco_learn.game.meldgen import candidate_melds, extension_candidates, swap_candidates
from buraco_learn.game.predicates import may_add_to
from buraco_learn.game.state import HandState
from buraco_learn.meldcore import ILLEGAL, ordered_codes, solve

_CARD = tuple(Card.from_code(code) for code in range(53))


def _accepted(state: HandState, action: Action) -> bool:
    try:
        state._check(action)
    except IllegalActionError:
        return False
    return True


def reference(state: HandState) -> list[Action]:
    """The legal actions of ``state``, by proposing every candidate and checking each, sorted and
    each once as :func:`generate` promises."""
    if state.phase != "play":
        proposals = [Action(A.DRAW), Action(A.TAKE), *(Action(A.TAKE, target=depth) for depth in range(1, len(state.pile) + 1)),
                     Action(A.POT)]
    else:
        seat = state.current
        rules = state.rules
        side = state.side_of[seat]
        codes = [code_of_id(card_id) for card_id in state.hands[seat]]
        proposals = [Action(A.REDRAW)]
        for candidate in candidate_melds(codes, rules, proposals_only=True):
            solution = solve(candidate, rules.meld_rules)
            if solution[0] != ILLEGAL:
                arranged = ordered_codes(solution, candidate, rules.twos_wild)
                proposals.append(Action(A.MELD, groups=(tuple(_CARD[code] for code in arranged),)))
        if state._opening_minimum_applies(side):
            proposals += _opening_groups(state, candidate_melds(codes, rules), codes)
        for meld in state.melds:
            if may_add_to(rules, side, meld):
                proposals += [Action(A.ADD, cards=tuple(_CARD[c] for c in group), target=meld.id)
                              for group in extension_candidates(meld.meld, codes, rules)]
                proposals += [Action(A.SWAP, cards=(_CARD[c],), target=meld.id) for c in swap_candidates(meld.meld, codes)]
        proposals += [Action(A.DISCARD, cards=(_CARD[code],)) for code in set(codes)]
        proposals += [Action(A.CLOSE), *(Action(A.CLOSE, cards=(_CARD[code],)) for code in set(codes))]
    unique = {action.canonical(): action for action in proposals if _accepted(state, action)}
    return sorted(unique.values(), key=Action.sort_key)


#: options whose shortcuts differ from every preset's: two wilds in a meld (proposals with two),
#: two aces in one run, end wilds that move, an opening minimum from the first hand (groups of
#: melds), closing by melding, a redraw, sets of one natural
VARIANTS: list[tuple[str, dict[str, object]]] = [
    ("italian", {"max_wilds": 2, "min_naturals": 1}),
    ("italian", {"ace_to_ace": True}),
    ("bukharo", {"wild_placement": "free", "ace_to_ace": True}),
    ("bukharo", {"opening_minimum": 50, "opening_minimum_from": 0}),
    ("italian", {"close_by_melding": True, "first_turn_redraw": True, "natural_two": False}),
    ("cutthroat", {"max_wilds": 2}),
]


def _notations(actions: list[Action]) -> list[str]:
    return [action.notation() for action in actions]


@pytest.mark.parametrize(("name", "options"), [*((name, {}) for name in PRESET_NAMES), *VARIANTS])
def test_generate_lists_what_checking_every_proposal_lists(name: str, options: dict[str, object]) -> None:
    rules = preset(name, **options)
    rng = random.Random(11)
    play_states = worlds = 0
    for number in range(4):
        scores = {side: rng.choice([0, 0, 5000]) for side in range(len(rules.sides))}
        state = HandState.new(rules, rng, dealer=number % rules.players, scores=scores)
        while not state.over:
            actions = generate(state)
            assert _notations(actions) == _notations(reference(state)), (name, options, state)
            if state.phase == "play":
                play_states += 1
                if rng.random() < 0.15:
                    # a copy, and a world sampled from the player's view, list the same (the
                    # generator's carried results are by what the positions hold, never by the state)
                    copy = state.clone()
                    assert _notations(generate(copy)) == _notations(actions)
                    world = HandState.resample(state.view(state.current), rng)
                    assert _notations(generate(world)) == _notations(reference(world)) == _notations(actions)
                    worlds += 1
            state.apply(rng.choice(actions))
    assert play_states > 50 and worlds > 5  # the comparison was exercised


def test_a_new_meld_object_with_the_same_cards_shares_the_verdicts() -> None:
    from buraco_learn.melds import Meld

    first, second = Meld.parse("JK=5D 6D 7D"), Meld.parse("JK=5D 6D 7D")
    assert first is not second and first.content_id == second.content_id
    assert Meld.parse("5D 6D 7D JK=8D", "bukharo").content_id != first.content_id


def _random_positions(rules, seed: int, hands: int = 3):
    """Play states along random hands of ``rules``."""
    rng = random.Random(seed)
    for number in range(hands):
        state = HandState.new(rules, rng, dealer=number % rules.players)
        while not state.over:
            if state.phase == "play":
                yield state
            state.apply(rng.choice(list(state.legal_actions)))


@pytest.mark.parametrize(("name", "options"), [*((name, {}) for name in PRESET_NAMES), *VARIANTS,
                                               ("italian", {"twos_wild": False}), ("italian", {"max_wilds": 3, "min_naturals": 1})])
def test_a_runs_additions_depend_only_on_the_naturals_its_walks_reach(name: str, options: dict[str, object]) -> None:
    """The additions listed for a run are remembered by the naturals of the hand that its walks
    reach (``additions.reached``), not all the cards of its suit held: on random positions, the
    additions worked out from those are the ones worked out from every card of the suit held."""
    from buraco_learn.game.additions import additions_of, naturals_for, reached
    from buraco_learn.game.meldgen import held_cards, run_holes
    from buraco_learn.game.predicates import natural_two_in_run

    rules = preset(name, **options)
    compared = 0
    for state in _random_positions(rules, 5):
        ordered = sorted(code_of_id(card_id) for card_id in state.hands[state.current])
        counts, wilds = held_cards(ordered, rules)
        for table_meld in state.melds:
            meld = table_meld.meld
            if meld.kind != "run":
                continue
            room = rules.max_wilds - len(meld.wild_slots)
            walked = reached(meld, counts, sum(run_holes(meld, room, bool(wilds), rules)), natural_two_in_run(rules))
            every = naturals_for(meld, ordered, rules.wild_flags, {})
            assert set(walked) <= set(every)
            assert list(additions_of(meld, walked, wilds, room, ordered, rules)) == list(additions_of(meld, every, wilds, room, ordered, rules)), (meld, ordered)
            compared += 1
    assert compared > 20


@pytest.mark.parametrize(("name", "options"), [*((name, {}) for name in PRESET_NAMES), *VARIANTS,
                                               ("italian", {"twos_wild": False}), ("italian", {"natural_two": False})])
def test_a_hand_summary_brought_up_to_date_is_the_one_made_from_nothing(name: str, options: dict[str, object]) -> None:
    """``handsummary.summary_of`` brings the last summary of a seat up to date by the cards that
    changed: along random hands (and hands of random cards, any number changed), it is the
    summary made from the cards alone, and its melds are those of ``candidate_melds`` (sorted, and
    their actions, as made from nothing)."""
    from buraco_learn.game import handsummary

    rules = preset(name, **options)
    rng = random.Random(7)
    deck = list(range(rules.deck_size))

    def check(seat: int, hand: list[int]) -> None:
        summary = handsummary.summary_of(rules, seat, hand)
        fresh = handsummary._full(rules, frozenset(hand))
        assert (summary.counts, summary.wilds, summary.keys, summary.masks, summary.size) == (
            fresh.counts, fresh.wilds, fresh.keys, fresh.masks, fresh.size)
        assert summary.sets == fresh.sets and summary.runs == fresh.runs
        assert set(summary.melds()) == set(candidate_melds([code_of_id(card_id) for card_id in hand], rules))
        # the melds sorted and their actions, kept from the last summary where no rank's or suit's melds changed
        assert summary.sorted_melds() == sorted(set(fresh.melds()))
        assert summary.meld_actions() == [Action(A.MELD, groups=(tuple(Card.from_code(code) for code in meld),))
                                          for meld in fresh.sorted_melds()]

    checked = 0
    for state in _random_positions(rules, 3, hands=2):
        check(state.current, state.hands[state.current])
        checked += 1
    hand = rng.sample(deck, 11)
    for _step in range(150):
        out = rng.sample(hand, rng.randint(0, min(3, len(hand))))
        rest = [card_id for card_id in deck if card_id not in hand]
        hand = [card_id for card_id in hand if card_id not in out] + rng.sample(rest, rng.randint(0, 3))
        if rng.random() < 0.05:
            hand = rng.sample(deck, rng.randint(0, 16))  # a hand of other cards altogether (another state's)
        check(9, hand)
        checked += 1
    assert checked > 150
