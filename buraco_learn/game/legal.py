"""Legal actions: generated from proposals, each confirmed by the state's own validator.

:class:`LegalActions` is a live view (python-chess style): iterate it, test
membership (which validates any action, listed or not), count it, print it. The
order is deterministic: by kind, meld number, then cards.

Every single meld, addition, swap, discard and close is listed. Laying several
melds in one action is always accepted when legal, but is listed only where it
matters: the opening minimum of 001, which a group of melds may reach together.

>>> import random
>>> from buraco_learn import preset
>>> from buraco_learn.game.state import HandState
>>> state = HandState.new(preset("italian"), random.Random(3), dealer=0)
>>> legal = state.legal_actions
>>> legal
<LegalActions draw, take>
>>> "draw" in legal, "discard 5H" in legal, len(legal)
(True, False, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from buraco_learn.cards import Card, code_of_id
from buraco_learn.errors import IllegalActionError, InvalidNotationError
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.game.meldgen import candidate_melds, extension_candidates, swap_candidates
from buraco_learn.game.predicates import may_add_to, take_depths

if TYPE_CHECKING:
    from buraco_learn.game.state import HandState

_CARD = tuple(Card.from_code(code) for code in range(53))


def _valid(state: HandState, action: Action) -> bool:
    try:
        state._check(action)
    except IllegalActionError:
        return False
    return True


def draw_actions(state: HandState) -> list[Action]:
    out = []
    if state.stock:
        out.append(Action(A.DRAW))
    out += [Action(A.TAKE, target=depth) for depth in take_depths(state.rules, len(state.pile))]
    return [action for action in out if _valid(state, action)]


def play_actions(state: HandState, kinds: tuple[str, ...] = (A.REDRAW, A.MELD, A.ADD, A.SWAP, A.DISCARD, A.CLOSE)) -> list[Action]:
    """Legal play-phase actions of the kinds asked for."""
    seat = state.current
    rules = state.rules
    hand_codes = [code_of_id(card_id) for card_id in state.hands[seat]]
    proposals: list[Action] = []
    if A.REDRAW in kinds and rules.first_turn_redraw:
        proposals.append(Action(A.REDRAW))
    if A.MELD in kinds:
        melds = candidate_melds(hand_codes, rules)
        proposals += [Action(A.MELD, groups=(tuple(_CARD[code] for code in combo),)) for combo in melds]
        side = state.side_of[seat]
        if state._opening_minimum_applies(side):
            proposals += _opening_groups(state, melds, hand_codes)
    if A.ADD in kinds or A.SWAP in kinds:
        side = state.side_of[seat]
        for meld in state.melds:
            if not may_add_to(rules, side, meld):
                continue
            if A.ADD in kinds:
                for cards in extension_candidates(meld.meld, hand_codes, rules):
                    proposals.append(Action(A.ADD, cards=tuple(_CARD[code] for code in cards), target=meld.id))
            if A.SWAP in kinds:
                for code in swap_candidates(meld.meld, hand_codes):
                    proposals.append(Action(A.SWAP, cards=(_CARD[code],), target=meld.id))
    if A.DISCARD in kinds:
        proposals += [Action(A.DISCARD, cards=(_CARD[code],)) for code in sorted(set(hand_codes))]
    if A.CLOSE in kinds:
        if len(hand_codes) == 1:
            proposals.append(Action(A.CLOSE, cards=(_CARD[hand_codes[0]],)))
        elif not hand_codes:
            proposals.append(Action(A.CLOSE))
    return [action for action in proposals if _valid(state, action)]


def _opening_groups(state: HandState, melds: list[tuple[int, ...]], hand_codes: list[int]) -> list[Action]:
    """Groups of two or three melds that reach the opening minimum together (001)."""
    rules = state.rules
    minimum = rules.opening_minimum
    values = [sum(rules.card_values[code] for code in combo) for combo in melds]
    small = [index for index, value in enumerate(values) if value < minimum]
    have = Counter(hand_codes)
    out = []
    for size in (2, 3):
        for group in combinations(small, size):
            if sum(values[index] for index in group) < minimum:
                continue
            need = Counter(code for index in group for code in melds[index])
            if any(have[code] < number for code, number in need.items()):
                continue
            out.append(Action(A.MELD, groups=tuple(tuple(_CARD[code] for code in melds[index]) for index in group)))
            if len(out) >= 500:
                return out
    return out


def generate(state: HandState) -> list[Action]:
    """All listed legal actions of the current player, sorted."""
    phase = state.phase
    if phase == "over":
        return []
    if phase == "pot":
        return [Action(A.POT)]
    if phase == "draw":
        actions = draw_actions(state)
    else:
        actions = play_actions(state)
    unique = {action.canonical(): action for action in actions}
    return sorted(unique.values(), key=Action.sort_key)


class LegalActions:
    """A live view of a state's legal actions."""

    def __init__(self, state: HandState) -> None:
        self._state = state
        self._version = -1
        self._actions: list[Action] = []

    def _list(self) -> list[Action]:
        if self._version != self._state.version or self._version == -1:
            self._actions = generate(self._state)
            self._version = self._state.version
        return self._actions

    def __iter__(self) -> Iterator[Action]:
        return iter(self._list())

    def __len__(self) -> int:
        return len(self._list())

    def count(self) -> int:
        return len(self._list())

    def __getitem__(self, index: int) -> Action:
        return self._list()[index]

    def __bool__(self) -> bool:
        return bool(self._list())

    def __contains__(self, action: object) -> bool:
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except InvalidNotationError:
                return False
        if not isinstance(action, Action):
            return False
        return self._state.is_legal(action)

    def notations(self) -> list[str]:
        return [action.notation() for action in self._list()]

    def __str__(self) -> str:
        return "\n".join(self.notations())

    def __repr__(self) -> str:
        notations = self.notations()
        shown = ", ".join(notations[:12]) + (f", ... ({len(notations)} in all)" if len(notations) > 12 else "")
        return f"<LegalActions {shown}>"
