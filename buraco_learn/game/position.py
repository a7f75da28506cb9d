"""Positions written in card notation: scripted hands for tests, lessons and the coach.

:func:`position` builds a :class:`HandState` in the middle of a hand from what a
teacher would write on the board: who holds what, the melds on the table, the
pile, whose turn it is. Every other card of the deck goes, in a seeded order, to
the pots still in play and then to the bottom of the stock, so all 108 (or 104)
cards are accounted for and play can go on from the position.

002's pile example: the pile holds 9♣ K♥ 5♠ and North holds K♠ K♦.

>>> from buraco_learn import preset
>>> state = position(preset("italian"), hands={"N": "KS KD 7C 8C"}, pile="9C KH 5S", current="N")
>>> state.apply("take"); state.apply("meld KS KD KH"); state.apply("discard 7C")
>>> [meld.meld.notation() for meld in state.melds], state.hand_cards(0)
(['KS KH KD'], [Card.parse('8C'), Card.parse('9C'), Card.parse('5S')])
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from buraco_learn.cards import card_of_id, code_of_id
from buraco_learn.errors import InvalidRecordError
from buraco_learn.game.deal import Deal, _IdAllocator, seat_names
from buraco_learn.game.phases import DRAW_PHASE, PLAY
from buraco_learn.game.state import HandState
from buraco_learn.game.table import TableMeld, order_ids
from buraco_learn.melds import Meld
from buraco_learn.rules import Rules

_ID_CODE = {card_id: code_of_id(card_id) for card_id in range(108)}


def position(
    rules: Rules,
    *,
    hands: Mapping[str, str],
    melds: Mapping[str, Sequence[str]] | None = None,
    pile: str = "",
    stock: str = "",
    pots: Sequence[str | None] | None = None,
    pots_taken: Sequence[str] = (),
    current: str = "N",
    phase: str = DRAW_PHASE,
    dealer: str | None = None,
    scores: Mapping[str, int] | None = None,
    fill_seed: int = 0,
) -> HandState:
    """A hand in progress, from notation.

    ``hands``: seat name -> cards (seats left out get ``hand_size`` cards from the
    rest of the deck). ``melds``: side name (``NS``, ``EW``, or a seat for
    individuals) -> melds (``Meld.parse`` notation, ``JK=5D`` to pin a wild).
    ``pile``: bottom to top. ``stock``: top cards first (the rest follows).
    ``pots``: per pot, its cards, ``"auto"`` (filled from the rest) or None (already
    taken, by the side named in ``pots_taken``). ``phase``: 'draw' or 'play'.
    """
    names = seat_names(rules.players)
    if current not in names:
        raise InvalidRecordError(f"unknown seat {current!r}: seats are {', '.join(names)}")
    allocator = _IdAllocator(rules)
    seat_hands: dict[int, list[int]] = {}
    try:
        for name, text in hands.items():
            if name not in names:
                raise InvalidRecordError(f"unknown seat {name!r}: seats are {', '.join(names)}")
            seat_hands[names.index(name)] = [allocator.take(card) for card in text.split()]
        side_names = ["".join(names[seat] for seat in seats) for seats in rules.sides]
        table: list[TableMeld] = []
        for side_name in [*(melds or {}), *pots_taken, *(scores or {})]:
            if side_name not in side_names:
                raise InvalidRecordError(f"unknown side {side_name!r}: sides are {', '.join(side_names)}")
        for side_name, texts in (melds or {}).items():
            for text in texts:
                meld = Meld.parse(text, rules)
                ids = [allocator.take(slot.card.notation()) for slot in meld.slots]
                table.append(TableMeld(len(table) + 1, side_names.index(side_name), meld, order_ids(meld, ids, _ID_CODE)))
        pile_ids = [allocator.take(card) for card in pile.split()]
        stock_top = [allocator.take(card) for card in stock.split()]
        pot_spec = list(pots) if pots is not None else ["auto"] * len(rules.pot_sizes)
        fixed_pots: list[list[int] | str | None] = []
        for spec in pot_spec:
            if spec is None or spec == "auto":
                fixed_pots.append(spec)
            else:
                fixed_pots.append([allocator.take(card) for card in spec.split()])
    except ValueError as error:
        raise InvalidRecordError(f"position: {error}") from None
    used = _used(allocator, rules)
    rest = [card_id for card_id in range(rules.deck_size) if card_id not in used]
    random.Random(fill_seed).shuffle(rest)
    for seat in range(rules.players):
        if seat not in seat_hands:
            seat_hands[seat], rest = rest[:rules.hand_size], rest[rules.hand_size:]
    final_pots: list[list[int] | None] = []
    for index, fixed in enumerate(fixed_pots):
        if fixed == "auto":
            size = rules.pot_sizes[index]
            final_pots.append(rest[:size])
            rest = rest[size:]
        else:
            final_pots.append(fixed if isinstance(fixed, list) else None)
    dealer_seat = names.index(dealer) if dealer is not None else _dealer_before(names.index(current), rules)
    deal = Deal(dealer_seat, 0, (), tuple(tuple(seat_hands[seat]) for seat in range(rules.players)),
                tuple(tuple(pot or ()) for pot in final_pots), tuple(pile_ids), tuple(stock_top + rest))
    state = HandState(rules, deal)
    state.pots = [None if pot is None else list(pot) for pot in final_pots]
    state.melds = table
    state.current = names.index(current)
    state.phase = phase if phase in (DRAW_PHASE, PLAY) else DRAW_PHASE
    state.first_turn = False
    state.turn = 1
    for side_name in pots_taken:
        side = side_names.index(side_name)
        taken = [index for index, pot in enumerate(state.pots) if pot is None and index not in state.side_pot.values()]
        if not taken:
            raise InvalidRecordError(f"pots_taken names {side_name!r} but no pot is marked taken (None)")
        state.side_pot[side] = taken[0]
    for side in range(len(side_names)):
        state.opened[side] = any(meld.side == side for meld in table)
    if scores:
        state.scores = {side_names.index(name): points for name, points in scores.items()}
    return state


def _used(allocator: _IdAllocator, rules: Rules) -> set[int]:
    free = {card_id for ids in allocator._free.values() for card_id in ids}
    return {card_id for card_id in range(rules.deck_size) if card_id not in free}


def _dealer_before(seat: int, rules: Rules) -> int:
    step = 1 if rules.play_direction == "clockwise" else -1
    return (seat - step) % rules.players


def describe(state: HandState) -> str:
    """A short text picture of a position (for tests and docs)."""
    lines = []
    for seat, hand in enumerate(state.hands):
        mark = "*" if seat == state.current else " "
        lines.append(f"{mark}{state.seat_names[seat]}: {' '.join(card_of_id(i).notation() for i in hand)}")
    for meld in state.melds:
        lines.append(f"  m{meld.id} {state.side_names[meld.side]}: {meld.meld.notation()}")
    lines.append(f"  pile: {' '.join(card_of_id(i).notation() for i in state.pile)}  stock: {len(state.stock)}")
    return "\n".join(lines)
