"""Legal actions: generated from proposals, each confirmed by the state's own validator, or
by what the validator would answer where that is known without asking it again (discards
decided together, melds and additions that keep two cards in hand by the solver's and the
meld's own verdicts: :class:`_Quick`; ``tests/test_legal_quick.py`` checks that the list is
the one of checking every proposal).

What it works out is carried from one state to the next, by what the positions hold and never
by the state (so that clones, resampled worlds and new games share it): the new melds of each
rank and suit of a hand with the wilds held (:mod:`~buraco_learn.game.handsummary`), and
the verdicts on additions and swaps by the meld's content (:attr:`Meld.content_id`) and the cards
of the hand that can join it (:func:`~buraco_learn.game.additions.additions_of`). The play phase is listed in order as it is
made (:func:`_play_list`; ``tests/test_legal_carry.py`` checks it against checking every proposal).

:class:`LegalActions` is a live view (python-chess style): iterate it, test
membership (which validates any action, listed or not), count it, print it. The
order is deterministic: by kind, meld number, then cards.

Every single meld, swap, discard and close is listed, and every addition at one end
of a run (a wild in any of its places, even where the natural card is held) or of a
set's cards (one, all of them, a wild). An addition at both ends of a run at once, or of
part of a set's cards, is accepted when legal and lays the same cards as listed ones made
in turn (``tests/test_legal_additions_complete.py``). Laying several melds in one action
is always accepted when legal, but is listed only where it matters: the opening minimum
of 001, which a group of melds may reach together.

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
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from buraco_learn.cards import Card, Rank, code_of_id
from buraco_learn.errors import IllegalActionError, InvalidNotationError
from buraco_learn.extend import may_add
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action, meld_action
from buraco_learn.game.additions import additions_of, naturals_for, reached, verdicts_of
from buraco_learn.game.handsummary import summary_of
from buraco_learn.game.meldgen import candidate_melds, extension_candidates, held_cards, run_holes, swap_candidates
from buraco_learn.game.predicates import (
    may_add_to,
    may_not_rediscard,
    melds_to_add_to,
    natural_two_in_run,
    opening_minimum_applies,
    take_depths,
)
from buraco_learn.meldcore import SET, MeldRules, solve

if TYPE_CHECKING:
    from buraco_learn.game.state import HandState
    from buraco_learn.game.table import TableMeld

_CARD = tuple(Card.from_code(code) for code in range(53))
_CODE = tuple(code_of_id(card_id) for card_id in range(108))


def _valid(state: HandState, action: Action) -> bool:
    try:
        state._check(action)
    except IllegalActionError:
        return False
    return True


# actions are values: the ones without a choice of cards, and each card's discard and close, made
# once; the melds, additions and swaps proposed, once each (below)
_DRAW = Action(A.DRAW)
_TAKE = Action(A.TAKE)
_REDRAW = Action(A.REDRAW)
_CLOSE_BY_MELDING = Action(A.CLOSE)
_DISCARDS = tuple(Action(A.DISCARD, cards=(card,)) for card in _CARD)
_CLOSES = tuple(Action(A.CLOSE, cards=(card,)) for card in _CARD)
_ORDER = {kind: index for index, kind in enumerate(A.KINDS)}  # the kinds' order in Action.sort_key
#: an action with its sort key (:meth:`Action.sort_key`, worked out from the codes it was made from)
Keyed = tuple[tuple[int, int, tuple[int, ...]], Action]
_KEYED_DISCARDS = tuple(((_ORDER[A.DISCARD], 0, (code,)), action) for code, action in enumerate(_DISCARDS))


def draw_actions(state: HandState) -> list[Action]:
    out = []
    if state.stock:
        out.append(_DRAW)
    out += [_TAKE if depth is None else Action(A.TAKE, target=depth) for depth in take_depths(state.rules, len(state.pile))]
    # in the draw phase, a draw from a stock that holds cards is legal (turnrules._check)
    return [action for action in out if (action is _DRAW and state.phase == "draw") or _valid(state, action)]


def play_actions(state: HandState, kinds: tuple[str, ...] = (A.REDRAW, A.MELD, A.ADD, A.SWAP, A.DISCARD, A.CLOSE)) -> list[Action]:
    """Legal play-phase actions of the kinds asked for."""
    return [action for _key, action in _play_actions(state, kinds)]


def _play_actions(state: HandState, kinds: tuple[str, ...]) -> list[Keyed]:
    """The legal play-phase actions of ``kinds``, in the order proposed, each with its sort key.

    A proposal is decided by :class:`_Quick` where what the turn rules ask of it is known
    without asking them again, otherwise by the state's own validator.
    """
    seat = state.current
    rules = state.rules
    hand_codes = [_CODE[card_id] for card_id in state.hands[seat]]
    held = held_cards(hand_codes, rules)
    counts, wilds = held
    quick = _Quick(state, counts, len(hand_codes))
    out: list[Keyed] = []
    if A.REDRAW in kinds and rules.first_turn_redraw and _valid(state, _REDRAW):
        out.append(((_ORDER[A.REDRAW], 0, ()), _REDRAW))
    side = state.side_of[seat]
    if A.MELD in kinds:
        melds = candidate_melds(hand_codes, rules, held=held)
        order = _ORDER[A.MELD]
        for combo in melds:
            verdict = quick.meld(combo)
            if verdict or (verdict is None and _valid(state, meld_action(combo))):
                out.append(((order, 0, combo), meld_action(combo)))
        if quick.opening:
            for action in _opening_groups(state, melds, hand_codes):
                if _valid(state, action):
                    out.append(((order, 0, tuple([card.code for group in action.groups for card in group])), action))
    if (A.ADD in kinds or A.SWAP in kinds) and quick.may_add:
        add_order, swap_order = _ORDER[A.ADD], _ORDER[A.SWAP]
        for meld in state.melds:
            if not may_add_to(rules, side, meld):
                continue
            # extension_candidates' own first test, without the call: nothing to propose without a
            # wild the meld may take or a card next to it
            if A.ADD in kinds and ((wilds and rules.max_wilds > len(meld.meld.wild_slots))
                                   or not meld.meld.extension_codes.isdisjoint(counts)):
                for codes in extension_candidates(meld.meld, hand_codes, rules, held):
                    verdict = quick.add(meld, codes)
                    if verdict or (verdict is None and _valid(state, _add_action(codes, meld.id))):
                        out.append(((add_order, meld.id, codes), _add_action(codes, meld.id)))
            if A.SWAP in kinds and not meld.meld.swap_codes.isdisjoint(counts):  # swap_candidates' first test
                for code in swap_candidates(meld.meld, hand_codes):
                    verdict = quick.swap(meld, code)
                    if verdict or (verdict is None and _valid(state, _swap_action(code, meld.id))):
                        out.append(((swap_order, meld.id, (code,)), _swap_action(code, meld.id)))
    if A.DISCARD in kinds:
        out += [_KEYED_DISCARDS[code] for code in discard_codes(state, sorted(counts))]
    if A.CLOSE in kinds:
        order = _ORDER[A.CLOSE]
        if len(hand_codes) == 1:
            if _valid(state, _CLOSES[hand_codes[0]]):
                out.append(((order, 0, (hand_codes[0],)), _CLOSES[hand_codes[0]]))
        elif not hand_codes and _valid(state, _CLOSE_BY_MELDING):
            out.append(((order, 0, ()), _CLOSE_BY_MELDING))
    return out


@lru_cache(maxsize=65536)
def _add_action(codes: tuple[int, ...], meld_id: int) -> Action:
    return Action(A.ADD, cards=tuple([_CARD[code] for code in codes]), target=meld_id)


@lru_cache(maxsize=65536)
def _swap_action(code: int, meld_id: int) -> Action:
    return Action(A.SWAP, cards=(_CARD[code],), target=meld_id)


def discard_codes(state: HandState, codes: list[int]) -> list[int]:
    """The codes among ``codes`` (cards the current player holds, play phase) whose discard
    the turn rules accept (:func:`~buraco_learn.game.turnrules._check_discard`), decided
    together: what it asks of the position is asked once, what it asks of the card (the
    card taken alone from the pile, 002 'Playing a turn') per card."""
    if state.must_meld is not None:
        return []
    seat = state.current
    if len(state.hands[seat]) == 1 and state.pot_available(state.side_of[seat]) is None:
        return []
    rules = state.rules
    took = state.took_single
    if took is None:
        return codes
    return [code for code in codes if not may_not_rediscard(rules, took, code)]


class _Quick:
    """What the turn rules (:mod:`~buraco_learn.game.turnrules`) would answer for a proposed
    meld, addition or swap, where it is known without asking them: True or False, or None
    (ask the state's validator).

    It answers only when no card taken from the pile waits to be melded (004's pending
    card) and the action keeps at least two cards in hand, so that of the closing rules of
    ``_check_continuation`` only one applies: the cards kept must not all be the card
    taken alone from the pile, which may not be discarded again (002 'Playing a turn').
    Then a meld of cards held that the solver accepts (every proposal of
    :func:`candidate_melds` is one) is legal unless it is a second set of a rank
    (``one_set_per_rank``) or falls short of the opening minimum (001); an addition or
    swap is legal when the meld's own verdict accepts it (:func:`check_add`,
    :func:`check_swap`), and none is while the opening minimum applies.
    """

    def __init__(self, state: HandState, counts: dict[int, int], size: int) -> None:
        rules = state.rules
        side = state.side_of[state.current]
        self.rules = rules
        self.common = state.must_meld is None
        self.most = size - 2  # the most cards an action may use and keep two in hand
        self.opening = opening_minimum_applies(rules, state.opened[side], state.scores.get(side, 0))  # the side's first meld must reach the minimum
        self.minimum = rules.opening_minimum if self.opening else 0
        #: no addition or swap can be legal (the side must open first)
        self.may_add = not (self.common and self.minimum)
        self.state = state
        self.side = side
        self.set_ranks: set[Rank | None] | None = None  # the ranks of the side's sets (one_set_per_rank), when a set is proposed
        # the card taken alone from the pile (when it may not be discarded again), and how many
        # cards held are not one like it: an action must keep one of those
        took = state.took_single
        self.took_code = _CODE[took] if took is not None and may_not_rediscard(rules, took, _CODE[took]) else -1
        self.others = size - counts.get(self.took_code, 0) if self.took_code >= 0 else 0

    def _set_ranks(self) -> set[Rank | None]:
        if self.set_ranks is None:
            side = self.side
            self.set_ranks = {meld.meld.rank for meld in self.state.melds if meld.side == side and meld.meld.kind == "set"}
        return self.set_ranks

    def _keeps_a_discard(self, codes: tuple[int, ...]) -> bool:
        took_code = self.took_code
        return took_code < 0 or self.others > sum([1 for code in codes if code != took_code])

    def meld(self, codes: tuple[int, ...]) -> bool | None:
        if not self.common or len(codes) > self.most:
            return None
        rules = self.rules
        if self.minimum and sum([rules.card_values[code] for code in codes]) < self.minimum:
            return False
        taken = self._set_ranks() if rules.one_set_per_rank else None
        if taken:
            rank = _set_rank(codes, rules.meld_rules)
            if rank is not None and rank in taken:
                return False
        return self._keeps_a_discard(codes)

    def melds(self, melds: list[tuple[int, ...]], state: HandState) -> list[tuple[int, ...]]:
        """The legal ones of ``melds`` (each one the solver accepts, of cards held), in their order:
        :meth:`meld` for each, asking the state's validator where it does not answer. ``melds``
        itself where none is refused (its actions are then the hand summary's, made once)."""
        if self.common and self.took_code < 0 and not self.minimum:
            # nothing to refuse but a second set of a rank, and an action keeping fewer than two
            # cards, which the validator decides
            most = self.most
            if melds and self.rules.one_set_per_rank:
                mr = self.rules.meld_rules
                known = _set_rank_table(mr)
                ranks = [known.get(combo, -1) for combo in melds]
                if -1 in ranks:
                    ranks = [_set_rank(combo, mr) if rank == -1 else rank for combo, rank in zip(melds, ranks)]
                taken = self._set_ranks() if ranks.count(None) < len(ranks) else None  # a set proposed: the side's sets
                if taken:
                    melds = [combo for combo, rank in zip(melds, ranks) if rank not in taken]
            accepted = [combo for combo in melds if len(combo) <= most]
            if len(accepted) < len(melds):
                accepted = [combo for combo in melds if len(combo) <= most or _valid(state, meld_action(combo))]
            return melds if len(accepted) == len(melds) else accepted
        out = []
        for combo in melds:
            verdict = self.meld(combo)
            if verdict or (verdict is None and _valid(state, meld_action(combo))):
                out.append(combo)
        return out

    def add(self, meld: TableMeld, codes: tuple[int, ...]) -> bool | None:
        if not self.common or len(codes) > self.most:
            return None
        return self._keeps_a_discard(codes) and may_add(meld.meld, codes, self.rules)

    def swap(self, meld: TableMeld, code: int) -> bool | None:
        if not self.common or self.most < 1:
            return None
        return self._keeps_a_discard((code,)) and may_add(meld.meld, code, self.rules)


def _set_rank(codes: tuple[int, ...], mr: MeldRules) -> int | None:
    """The rank of the set that the meld ``codes`` makes (the solver's answer), or None for a run
    (remembered under ``mr``: :func:`_set_rank_table`)."""
    known = _set_rank_table(mr)
    rank = known.get(codes, -1)
    if rank == -1:
        solution = solve(codes, mr)
        rank = known[codes] = solution[2] if solution[0] == SET else None
    return rank


_SET_RANKS: dict[MeldRules, dict[tuple[int, ...], int | None]] = {}


def _set_rank_table(mr: MeldRules) -> dict[tuple[int, ...], int | None]:
    """The ranks :func:`_set_rank` found under ``mr`` (bounded: it starts again when full)."""
    known = _SET_RANKS.get(mr)
    if known is None:
        if len(_SET_RANKS) >= 64:
            _SET_RANKS.clear()
        known = _SET_RANKS[mr] = {}
    elif len(known) >= 100000:
        known.clear()
    return known


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
        return [_POT]
    if phase == "draw":
        return draw_actions(state)  # sorted as made: the draw, then a take per depth from the top
    return _play_list(state)


_POT = Action(A.POT)
_PLAY_KINDS = (A.REDRAW, A.MELD, A.ADD, A.SWAP, A.DISCARD, A.CLOSE)
_MELD_ORDER = _ORDER[A.MELD]


def _first(item: Keyed) -> tuple[int, int, tuple[int, ...]]:
    return item[0]


def _sorted_unique(proposed: list[Keyed]) -> list[Action]:
    """``proposed`` sorted, one action per identity (:meth:`Action.canonical`; the last proposed, as
    a dict keeps it). The sort key says which action it is, but for a group of melds: the cards of
    a meld are in the meld's order, which its cards decide (meldcore.ordered_codes)."""
    keyed: dict[object, Keyed] = {}
    for key, action in proposed:
        if key[0] == _MELD_ORDER and len(action.groups) > 1:
            keyed[action.canonical()] = (key, action)
        else:
            keyed[key] = (key, action)
    return [action for _key, action in sorted(keyed.values(), key=_first)]


def _play_list(state: HandState) -> list[Action]:
    """:func:`_play_actions` of every kind, sorted and each once (:func:`_sorted_unique`), made in
    that order: the kinds in turn, the melds by their cards, the additions and swaps by meld and
    cards, the discards by card. Where :class:`_Quick` answers for no proposal (a pile card to
    meld) or groups of melds are listed (an opening minimum), the proposals are sorted instead."""
    seat = state.current
    rules = state.rules
    hand = state.hands[seat]
    summary = summary_of(rules, seat, hand)
    counts, wilds, size = summary.counts, summary.wilds, summary.size
    quick = _Quick(state, counts, size)
    if not quick.common or quick.opening:
        return _sorted_unique(_play_actions(state, _PLAY_KINDS))
    out: list[Action] = []
    if rules.first_turn_redraw and _valid(state, _REDRAW):
        out.append(_REDRAW)
    melds = summary.sorted_melds()
    if melds:
        accepted = quick.melds(melds, state)
        out += summary.meld_actions() if accepted is melds else [meld_action(combo) for combo in accepted]
    swaps: list[Action] = []
    flags = rules.wild_flags
    naturals: dict[int, tuple[int, ...]] = {}  # the codes held that may join a run of a suit (0-3) or a set of a rank (4+) as naturals
    ordered: list[int] = []
    held_wilds: tuple[int, ...] = ()
    held_set = counts.keys()
    most = quick.most
    took_code = quick.took_code
    listed = verdicts_of(rules)[1]
    max_wilds = rules.max_wilds
    natural_two = natural_two_in_run(rules)
    for meld in melds_to_add_to(rules, state.side_of[seat], state.melds):
        table_meld = meld.meld
        # extension_candidates' own first test: nothing to propose without a wild the meld may take
        # or a card next to it
        room = max_wilds - len(table_meld.wild_slots)
        if (wilds and room > 0) or not held_set.isdisjoint(table_meld.extension_codes):
            if not ordered:
                ordered = sorted([_CODE[card_id] for card_id in hand])
                held_wilds = tuple([code for code in ordered if flags[code]])
            # the wilds held matter only where the meld has room for one (additions_of); of a run, only
            # the naturals its walks reach (_reached)
            if table_meld.kind == "set":
                joining = naturals_for(table_meld, ordered, flags, naturals)
            else:
                joining = reached(table_meld, counts, sum(run_holes(table_meld, room, bool(wilds), rules)), natural_two)
            key = (table_meld.content_id, joining, held_wilds if room > 0 else ())
            entries = listed.get(key)
            if entries is None:
                additions = tuple(additions_of(table_meld, key[1], wilds, room, ordered, rules))
                entries = listed[key] = (max(map(len, additions), default=0), additions)
            if entries[0] <= most and took_code < 0:  # each keeps two cards in hand, and none the card taken alone
                out += [_add_action(codes, meld.id) for codes in entries[1]]
            else:
                for codes in entries[1]:
                    action = _add_action(codes, meld.id)
                    if len(codes) <= most:
                        if took_code < 0 or quick._keeps_a_discard(codes):
                            out.append(action)
                    elif _valid(state, action):
                        out.append(action)
        if not held_set.isdisjoint(table_meld.swap_codes):  # swap_candidates' first test
            for code in swap_candidates(table_meld, counts):
                verdict = quick.swap(meld, code)
                if verdict or (verdict is None and _valid(state, _swap_action(code, meld.id))):
                    swaps.append(_swap_action(code, meld.id))
    out += swaps
    out += [_DISCARDS[code] for code in discard_codes(state, sorted(counts))]
    if size == 1:
        last = _CODE[hand[0]]
        if _valid(state, _CLOSES[last]):
            out.append(_CLOSES[last])
    elif not size and _valid(state, _CLOSE_BY_MELDING):
        out.append(_CLOSE_BY_MELDING)
    return out


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
