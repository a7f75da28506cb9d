"""Fast random playouts on a state: the simulations' and the search bots' workhorse.

The policy is the random bot's (:class:`buraco_learn.bots.RandomBot`): a kind of
action chosen uniformly among those available, then one action of that kind. It
runs on a :class:`HandState` directly, so it is for the engine's own simulations
and for worlds a search bot has sampled from its view, never for the real game of
another player.

>>> import random
>>> from buraco_learn import preset
>>> from buraco_learn.game import HandState
>>> state = HandState.new(preset("italian"), random.Random(1))
>>> actions = random_playout(state, random.Random(2))
>>> state.over, actions > 20
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

from buraco_learn.cards import Card, code_of_id
from buraco_learn.errors import BuracoError
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.game.meldgen import candidate_melds, extension_candidates, swap_candidates

if TYPE_CHECKING:
    from buraco_learn.game.state import HandState

_PLAY_KINDS = (A.REDRAW, A.MELD, A.ADD, A.SWAP, A.DISCARD, A.CLOSE)
_CODE = tuple(code_of_id(card_id) for card_id in range(108))
_CARD = tuple(Card.from_code(code) for code in range(53))


def random_action(state: HandState, rng: random.Random) -> Action:
    """One action of the random policy for the current player of ``state``.

    Within a kind, proposals are tried in random order and the first legal one is
    played, which is the same as choosing uniformly among the legal ones of that
    kind whenever all proposals are legal, and much cheaper than listing them all.
    """
    phase = state.phase
    if phase == "pot":
        return Action(A.POT)
    if phase == "draw":
        order = [A.DRAW, A.TAKE]
        rng.shuffle(order)
        for kind in order:
            if kind == A.DRAW:
                if state.stock:
                    return Action(A.DRAW)
                continue
            depths: list[int | None] = [None]
            if state.rules.pile_take == "any-depth":
                depths = list(range(1, len(state.pile) + 1))
                rng.shuffle(depths)
            for depth in depths:
                action = Action(A.TAKE, target=depth)
                if state.pile and state.is_legal(action):
                    return action
        raise BuracoError("no legal action in the draw phase")
    kinds = list(_PLAY_KINDS)
    rng.shuffle(kinds)
    seat = state.current
    codes = [_CODE[card_id] for card_id in state.hands[seat]]
    for kind in kinds:
        for action in _proposals(state, seat, codes, kind, rng):
            if state.is_legal(action):
                return action
    raise BuracoError(f"no legal action in the {phase} phase")


def _proposals(state: HandState, seat: int, codes: list[int], kind: str, rng: random.Random) -> Iterator[Action]:
    """Proposals of one kind, in random order, produced lazily (the first legal one wins)."""
    rules = state.rules
    if kind == A.DISCARD:
        distinct = sorted(set(codes))
        rng.shuffle(distinct)
        for code in distinct:
            yield Action(A.DISCARD, cards=(_CARD[code],))
    elif kind == A.MELD:
        melds = candidate_melds(codes, rules, ordered=False)
        rng.shuffle(melds)
        for combo in melds:
            yield Action(A.MELD, groups=(tuple(_CARD[code] for code in combo),))
    elif kind == A.CLOSE:
        if len(codes) == 1:
            yield Action(A.CLOSE, cards=(_CARD[codes[0]],))
        elif not codes:
            yield Action(A.CLOSE)
    elif kind == A.REDRAW:
        if rules.first_turn_redraw and state.turn == 0:
            yield Action(A.REDRAW)
    elif state.melds:
        side = state.side_of[seat]
        targets = [meld for meld in state.melds if meld.side == side or rules.add_to_any_meld]
        rng.shuffle(targets)
        for meld in targets:
            if kind == A.ADD:
                groups = extension_candidates(meld.meld, codes, rules)
                rng.shuffle(groups)
                for group in groups:
                    yield Action(A.ADD, cards=tuple(_CARD[code] for code in group), target=meld.id)
            else:
                for code in swap_candidates(meld.meld, codes):
                    yield Action(A.SWAP, cards=(_CARD[code],), target=meld.id)


def random_playout(state: HandState, rng: random.Random, max_actions: int = 20000) -> int:
    """Play ``state`` to the end with the random policy; returns the number of actions."""
    count = 0
    while state.phase != "over":
        state.apply(random_action(state, rng))
        count += 1
        if count > max_actions:  # pragma: no cover
            raise BuracoError(f"the playout did not end after {max_actions} actions")
    return count
