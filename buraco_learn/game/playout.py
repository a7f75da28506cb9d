"""Fast random playouts on a state: the simulations' and the search bots' workhorse.

The policy is the random bot's (:class:`buraco_learn.bots.RandomBot`): a kind of
action chosen uniformly among those available, then one action of that kind,
uniformly among the legal ones. It runs on a :class:`HandState` directly, so it is
for the engine's own simulations and for worlds a search bot has sampled from its
view, never for the real game of another player.

How it stays fast (``buraco-learn bench hands``): proposals of a kind are drawn
lazily in random order and the first legal one is played (the same as a uniform
choice among the legal ones, without listing them all); a kind that cannot have a
legal action (no meld in the hand, nothing that fits a meld on the table) is ruled
out by a quick necessary condition before any proposal is built; and
:func:`random_step` applies the proposal directly, so each action is checked once.

>>> import random
>>> from buraco_learn import preset
>>> from buraco_learn.game import HandState
>>> state = HandState.new(preset("italian"), random.Random(1))
>>> actions = random_playout(state, random.Random(2))
>>> state.over, actions > 20
(True, True)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar

from buraco_learn.cards import Card, code_of_id
from buraco_learn.errors import BuracoError, IllegalActionError
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.game.meldgen import candidate_melds, extension_candidates, swap_candidates
from buraco_learn.game.predicates import may_add_to, natural_two_in_run, take_depths, wild_flags
from buraco_learn.game.table import TableMeld
from buraco_learn.meldcore import ILLEGAL, solve
from buraco_learn.rules import Rules

if TYPE_CHECKING:
    from buraco_learn.game.state import HandState

_PLAY_KINDS = (A.REDRAW, A.MELD, A.ADD, A.SWAP, A.DISCARD, A.CLOSE)
_CODE = tuple(code_of_id(card_id) for card_id in range(108))
_CARD = tuple(Card.from_code(code) for code in range(53))
_DRAW = Action(A.DRAW)
_POT = Action(A.POT)
_TAKE = Action(A.TAKE)
_DISCARDS = tuple(Action(A.DISCARD, cards=(card,)) for card in _CARD)  # actions are values: made once
_CLOSES = tuple(Action(A.CLOSE, cards=(card,)) for card in _CARD)
_REDRAW = Action(A.REDRAW)
_CLOSE_BY_MELDING = Action(A.CLOSE)
_T = TypeVar("_T")
# per card code: rank index (13 for the joker), suit index (4 for the joker), run places
_RANK0 = (*(code % 13 for code in range(52)), 13)
_SUIT = (*(code // 13 for code in range(52)), 4)
_PLACES = (*((0b100000000000010 if code % 13 == 0 else 1 << (code % 13 + 1)) for code in range(52)), 0)


def random_action(state: HandState, rng: random.Random) -> Action:
    """One action of the random policy for the current player of ``state`` (not applied)."""
    return _choose(state, rng, apply=False)


def random_step(state: HandState, rng: random.Random) -> Action:
    """Choose one action of the random policy and apply it; returns the action.

    The same choice as :func:`random_action` followed by ``state.apply``, with each
    proposal checked once (by ``apply`` itself, which changes nothing when it refuses).
    """
    return _choose(state, rng, apply=True)


def random_playout(state: HandState, rng: random.Random, max_actions: int = 20000) -> int:
    """Play ``state`` to the end with the random policy; returns the number of actions."""
    count = 0
    while state.phase != "over":
        _choose(state, rng, apply=True)
        count += 1
        if count > max_actions:  # pragma: no cover
            raise BuracoError(f"the playout did not end after {max_actions} actions")
    return count


def shuffled(items: Sequence[_T], rng: random.Random) -> Iterator[_T]:
    """``items`` in uniformly random order, drawn lazily (one random number per item taken).

    >>> sorted(shuffled([3, 1, 2], random.Random(0)))
    [1, 2, 3]
    """
    pool = list(items)
    left = len(pool)
    while left:
        index = int(rng.random() * left)
        yield pool[index]
        left -= 1
        pool[index] = pool[left]


def _choose(state: HandState, rng: random.Random, apply: bool) -> Action:
    phase = state.phase
    if phase == "pot":
        if apply:
            state.apply(_POT)
        return _POT
    if phase == "draw":
        kinds = (A.DRAW, A.TAKE) if rng.random() < 0.5 else (A.TAKE, A.DRAW)
        for kind in kinds:
            for action in _draw_proposals(state, kind, rng):
                if _try(state, action, apply):
                    return action
        raise BuracoError("no legal action in the draw phase")
    seat = state.current
    codes = [_CODE[card_id] for card_id in state.hands[seat]]
    for kind in _KIND_ORDERS[int(rng.random() * len(_KIND_ORDERS))]:
        proposals = _proposals(state, seat, codes, kind, rng)
        if proposals is None:
            continue  # this kind cannot have a legal action: no proposal is built
        for action in proposals:
            if _try(state, action, apply):
                return action
    raise BuracoError(f"no legal action in the {phase} phase")


# every order of the play-phase kinds, one picked per action (one random number)
_KIND_ORDERS = tuple(itertools.permutations(_PLAY_KINDS))


def _try(state: HandState, action: Action, apply: bool) -> bool:
    if not apply:
        return state.is_legal(action)
    try:
        state.apply(action)
    except IllegalActionError:
        return False
    return True


def _draw_proposals(state: HandState, kind: str, rng: random.Random) -> Iterator[Action]:
    if kind == A.DRAW:
        if state.stock:
            yield _DRAW
    else:
        depths = take_depths(state.rules, len(state.pile))
        if depths == [None]:
            yield _TAKE
            return
        for depth in shuffled(depths, rng):
            yield Action(A.TAKE, target=depth)


def _proposals(state: HandState, seat: int, codes: list[int], kind: str, rng: random.Random) -> Iterator[Action] | None:
    """Proposals of one kind in random order, produced lazily (the first legal one wins),
    or None when a quick test shows the kind has no legal action."""
    rules = state.rules
    if kind == A.DISCARD:
        return (_DISCARDS[code] for code in shuffled(sorted(set(codes)), rng)) if codes else None
    if kind == A.MELD:
        return _meld_proposals(codes, rules, rng) if may_meld(codes, rules) else None
    if kind == A.CLOSE:
        if len(codes) == 1:
            return iter((_CLOSES[codes[0]],))
        return iter((_CLOSE_BY_MELDING,)) if not codes else None
    if kind == A.REDRAW:
        return iter((_REDRAW,)) if rules.first_turn_redraw and state.turn == 0 else None
    if not state.melds:
        return None
    side = state.side_of[seat]
    if kind == A.ADD:
        held = set(codes)
        flags = wild_flags(rules)
        wild = any(flags[code] for code in held)
        targets = [meld for meld in state.melds if may_add_to(rules, side, meld) and may_extend(meld, held, wild, rules)]
        return _add_proposals(targets, codes, rules, rng) if targets else None
    targets = [meld for meld in state.melds if may_add_to(rules, side, meld) and not meld.meld.swap_codes.isdisjoint(codes)]
    return _swap_proposals(targets, codes, rng) if targets else None


def _meld_proposals(codes: list[int], rules: Rules, rng: random.Random) -> Iterator[Action]:
    meld_rules = rules.meld_rules
    for combo in shuffled(candidate_melds(codes, rules, proposals_only=True), rng):
        if solve(combo, meld_rules)[0] != ILLEGAL:
            yield Action(A.MELD, groups=(tuple(_CARD[code] for code in combo),))


def _add_proposals(targets: list[TableMeld], codes: list[int], rules: Rules, rng: random.Random) -> Iterator[Action]:
    for meld in shuffled(targets, rng):
        for group in shuffled(extension_candidates(meld.meld, codes, rules), rng):
            yield Action(A.ADD, cards=tuple(_CARD[code] for code in group), target=meld.id)


def _swap_proposals(targets: list[TableMeld], codes: list[int], rng: random.Random) -> Iterator[Action]:
    for meld in shuffled(targets, rng):
        for code in swap_candidates(meld.meld, codes):
            yield Action(A.SWAP, cards=(_CARD[code],), target=meld.id)


def may_meld(codes: Sequence[int], rules: Rules) -> bool:
    """A quick necessary condition for :func:`candidate_melds` to find a meld in ``codes``.

    A set needs enough naturals of one rank (with the one wild a proposal may add);
    a run of ``n`` cards with at most ``w`` wilds has at least ``need - w`` naturals
    of its suit within some ``need`` consecutive places (``need`` the shortest meld).

    >>> from buraco_learn import preset, parse_cards
    >>> rules = preset("italian")
    >>> may_meld([c.code for c in parse_cards("5H 6H 9C KD")], rules)
    False
    >>> may_meld([c.code for c in parse_cards("5H 6H 2C KD")], rules)
    True
    """
    wild = wild_flags(rules)
    natural_two = natural_two_in_run(rules)
    counts = [0] * 13  # naturals by rank
    masks = [0, 0, 0, 0, 0]  # run places by suit; [4]: unused (jokers)
    wilds = 0
    for code in codes:
        if wild[code]:
            wilds += 1
            if natural_two and code != 52:
                masks[_SUIT[code]] |= _PLACES[code]  # a wild 2 may also stand as itself in its run
            continue
        counts[_RANK0[code]] += 1
        masks[_SUIT[code]] |= _PLACES[code]
    need = rules.min_meld_cards
    usable = min(wilds, rules.max_wilds)
    if rules.sets:
        least = max(rules.min_naturals, need - (1 if usable else 0))
        if max(counts) >= least:
            return True
    if rules.runs:
        least = max(1, need - usable)
        for mask in masks:
            if mask.bit_count() >= least and _run_window(mask, need, least):
                return True
    return False


@lru_cache(maxsize=8192)
def _run_window(mask: int, need: int, least: int) -> bool:
    """Whether some ``need`` consecutive run places (1..14) hold ``least`` of ``mask``'s places."""
    window = (1 << need) - 1
    return any((mask >> low & window).bit_count() >= least for low in range(1, 16 - need))


def may_extend(meld: TableMeld, held: set[int], wild: bool, rules: Rules) -> bool:
    """A quick necessary condition for :func:`extension_candidates` to propose anything
    for ``meld`` from the codes ``held`` (``wild``: whether one of them is wild)."""
    m = meld.meld
    if wild and rules.max_wilds > len(m.wild_slots):
        return True
    return not m.extension_codes.isdisjoint(held)
