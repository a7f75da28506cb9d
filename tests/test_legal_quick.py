"""The legal-action generator's shortcuts (issue 15, speed of the public game API) change no
answer: on every preset, along random hands (match scores high enough for the opening
minimum too), ``generate`` lists exactly the actions, in exactly the order, that proposing
every candidate and checking each with the state's own validator lists."""

from __future__ import annotations

import random

import pytest

from buraco_learn import PRESET_NAMES, preset
from buraco_learn.cards import Card, code_of_id
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.game.legal import _opening_groups, _valid, draw_actions, generate, play_actions
from buraco_learn.game.meldgen import candidate_melds, extension_candidates, swap_candidates
from buraco_learn.game.predicates import may_add_to
from buraco_learn.game.state import HandState

_CARD = tuple(Card.from_code(code) for code in range(53))


def checked_one_by_one(state: HandState) -> tuple[list[Action], list[Action]]:
    """Every proposal of the play phase that ``state._check`` accepts (the generator without
    its shortcuts): in the order proposed, and deduplicated and sorted as ``generate`` promises."""
    seat = state.current
    rules = state.rules
    side = state.side_of[seat]
    codes = [code_of_id(card_id) for card_id in state.hands[seat]]
    proposals = [Action(A.REDRAW)] if rules.first_turn_redraw else []
    melds = candidate_melds(codes, rules)
    proposals += [Action(A.MELD, groups=(tuple(_CARD[code] for code in combo),)) for combo in melds]
    if state._opening_minimum_applies(side):
        proposals += _opening_groups(state, melds, codes)
    for meld in state.melds:
        if may_add_to(rules, side, meld):
            proposals += [Action(A.ADD, cards=tuple(_CARD[c] for c in group), target=meld.id)
                          for group in extension_candidates(meld.meld, codes, rules)]
            proposals += [Action(A.SWAP, cards=(_CARD[c],), target=meld.id) for c in swap_candidates(meld.meld, codes)]
    proposals += [Action(A.DISCARD, cards=(_CARD[code],)) for code in sorted(set(codes))]
    if len(codes) == 1:
        proposals.append(Action(A.CLOSE, cards=(_CARD[codes[0]],)))
    elif not codes:
        proposals.append(Action(A.CLOSE))
    accepted = [action for action in proposals if _valid(state, action)]
    unique = {action.canonical(): action for action in accepted}
    return accepted, sorted(unique.values(), key=Action.sort_key)


#: options whose shortcuts differ from every preset's: two aces in one run, two wilds in a meld,
#: an opening minimum from the first hand, end wilds that move, closing by melding, a redraw
VARIANTS: list[tuple[str, dict[str, object]]] = [
    ("italian", {"ace_to_ace": True}),
    ("italian", {"max_wilds": 2, "min_naturals": 1}),
    ("bukharo", {"opening_minimum": 50, "opening_minimum_from": 0}),
    ("bukharo", {"wild_placement": "free", "ace_to_ace": True}),
    ("italian", {"close_by_melding": True, "first_turn_redraw": True, "natural_two": False}),
    ("cutthroat", {"forbid_rediscard_single": False, "add_to_any_meld": False}),
]


@pytest.mark.parametrize(("name", "options"), [*((name, {}) for name in PRESET_NAMES), *VARIANTS])
def test_generated_actions_are_the_proposals_the_validator_accepts(name: str, options: dict[str, object]) -> None:
    rules = preset(name, **options)
    rng = random.Random(5)
    play_states = listed = 0
    for number in range(6):
        scores = {side: rng.choice([0, 0, 5000]) for side in range(len(rules.sides))}
        state = HandState.new(rules, rng, dealer=number % rules.players, scores=scores)
        while not state.over:
            actions = generate(state)
            if state.phase == "play":
                play_states += 1
                listed += len(actions)
                proposed, expected = checked_one_by_one(state)
                assert [a.notation() for a in actions] == [a.notation() for a in expected], (name, state)
                assert [a.notation() for a in play_actions(state)] == [a.notation() for a in proposed], (name, state)
            elif state.phase == "draw":
                assert actions == sorted(draw_actions(state), key=Action.sort_key)
            state.apply(rng.choice(actions))
    assert play_states > 100 and listed > play_states  # the comparison was exercised
