"""Seats, the first dealer, the shuffle, the cut and the deal, recorded so a hand replays exactly.

Seats are numbered clockwise from North: 0 N, 1 E, 2 S, 3 W (two players: N and S;
other counts: P1, P2 ...). The shuffle uses an injected :class:`random.Random`,
never the global generator.

>>> import random
>>> from buraco_learn import preset
>>> deal = deal_hand(preset("italian"), random.Random(7), dealer=0)
>>> [len(hand) for hand in deal.hands], [len(pot) for pot in deal.pots], len(deal.pile), len(deal.stock)
([11, 11, 11, 11], [11, 11], 1, 41)
>>> Deal.from_dict(deal.to_dict(), preset("italian")).to_dict() == deal.to_dict()
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from buraco_learn.cards import Card, card_of_id, code_of_id, deck_ids
from buraco_learn.errors import InvalidNotationError, InvalidRecordError
from buraco_learn.rules import Rules


def seat_names(players: int) -> tuple[str, ...]:
    """``('N', 'E', 'S', 'W')`` for four, ``('N', 'S')`` for two, ``P1``... otherwise."""
    if players == 4:
        return ("N", "E", "S", "W")
    if players == 2:
        return ("N", "S")
    return tuple(f"P{seat + 1}" for seat in range(players))


def next_seat(seat: int, rules: Rules, steps: int = 1) -> int:
    """The seat ``steps`` turns after ``seat`` in the direction of play."""
    step = 1 if rules.play_direction == "clockwise" else -1
    return (seat + step * steps) % rules.players


def deal_order_seat(seat: int, rules: Rules, steps: int = 1) -> int:
    step = 1 if rules.deal_direction == "clockwise" else -1
    return (seat + step * steps) % rules.players


def first_dealer(rules: Rules, rng: random.Random) -> tuple[int, list[tuple[int, str]]]:
    """Choose the first dealer by drawing cards: the lowest deals (002 'Setup').

    Aces are low and jokers high; players who tie for lowest draw again. Returns
    the dealer and the draws as ``(seat, card)`` pairs, in order.
    """
    ids = deck_ids(rules.jokers)
    rng.shuffle(ids)
    draws: list[tuple[int, str]] = []
    contenders = list(range(rules.players))
    position = 0
    while True:
        values = {}
        for seat in contenders:
            card = card_of_id(ids[position])
            position += 1
            draws.append((seat, card.notation()))
            values[seat] = 14 if card.is_joker else int(card.rank or 0)
        low = min(values.values())
        contenders = [seat for seat in contenders if values[seat] == low]
        if len(contenders) == 1:
            return contenders[0], draws
        if position + len(contenders) > len(ids):  # pragma: no cover - needs a 100-way tie
            return contenders[0], draws


@dataclass(frozen=True)
class Deal:
    """Where every card went: physical ids, stock and piles listed top card first."""

    dealer: int
    cut: int
    order: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    pots: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    stock: tuple[int, ...]

    def all_ids(self) -> list[int]:
        out = [card_id for hand in self.hands for card_id in hand]
        out += [card_id for pot in self.pots for card_id in pot]
        return out + list(self.pile) + list(self.stock)

    def to_dict(self) -> dict[str, Any]:
        """Cards in notation: every card's place after the shuffle, the cut and the deal."""
        def names(ids: tuple[int, ...]) -> list[str]:
            return [card_of_id(card_id).notation() for card_id in ids]

        return {
            "dealer": self.dealer,
            "cut": self.cut,
            "shuffled": names(self.order),
            "hands": [names(hand) for hand in self.hands],
            "pots": [names(pot) for pot in self.pots],
            "pile": names(self.pile),
            "stock": names(self.stock),
        }

    @classmethod
    def from_dict(cls, data: Any, rules: Rules) -> Deal:
        """Rebuild a deal from a record, checking that it is a complete, consistent deal."""
        if not isinstance(data, dict):
            raise InvalidRecordError(f"a deal must be an object, not {type(data).__name__}")
        try:
            dealer = int(data["dealer"])
            cut = int(data.get("cut", 0))
            parts = {key: data[key] for key in ("hands", "pots", "pile", "stock")}
            shuffled = data.get("shuffled")
        except (KeyError, TypeError, ValueError) as error:
            raise InvalidRecordError(f"a deal needs dealer, hands, pots, pile and stock: {error}") from None
        if not 0 <= dealer < rules.players:
            raise InvalidRecordError(f"deal dealer {dealer} is not a seat of a {rules.players}-player table")
        allocator = _IdAllocator(rules)
        try:
            hands = tuple(tuple(allocator.take(text) for text in hand) for hand in parts["hands"])
            pots = tuple(tuple(allocator.take(text) for text in pot) for pot in parts["pots"])
            pile = tuple(allocator.take(text) for text in parts["pile"])
            stock = tuple(allocator.take(text) for text in parts["stock"])
        except (InvalidNotationError, TypeError) as error:
            raise InvalidRecordError(f"the deal lists a card that is not in the deck: {error}") from None
        if len(hands) != rules.players or any(len(hand) != rules.hand_size for hand in hands):
            raise InvalidRecordError(f"the deal must give {rules.players} hands of {rules.hand_size} cards")
        if tuple(len(pot) for pot in pots) != rules.pot_sizes:
            raise InvalidRecordError(f"the deal's pots must hold {list(rules.pot_sizes)} cards")
        if len(pile) != int(rules.start_discard):
            raise InvalidRecordError(f"the deal's starting pile must hold {int(rules.start_discard)} card(s)")
        if allocator.remaining():
            raise InvalidRecordError(f"the deal leaves out {allocator.remaining()} card(s) of the {rules.deck_size}-card deck")
        order: tuple[int, ...] = ()
        if isinstance(shuffled, list) and len(shuffled) == rules.deck_size:
            check = _IdAllocator(rules)
            try:
                order = tuple(check.take(text) for text in shuffled)
            except (InvalidNotationError, TypeError) as error:
                raise InvalidRecordError(f"the shuffled order lists a card that is not in the deck: {error}") from None
        return cls(dealer, cut, order, hands, pots, pile, stock)


class _IdAllocator:
    """Gives each card in notation the next unused physical id of that card."""

    def __init__(self, rules: Rules) -> None:
        self._free: dict[int, list[int]] = {}
        for card_id in reversed(deck_ids(rules.jokers)):
            self._free.setdefault(code_of_id(card_id), []).append(card_id)
        self._count = len(deck_ids(rules.jokers))

    def take(self, text: str) -> int:
        card = Card.parse(text)
        free = self._free.get(card.code)
        if not free:
            raise InvalidNotationError(f"one {card.notation()} too many for this deck")
        self._count -= 1
        return free.pop()

    def remaining(self) -> int:
        return self._count


def deal_hand(rules: Rules, rng: random.Random, dealer: int) -> Deal:
    """Shuffle, cut and deal one hand as the documents describe (see :func:`deal_from_order`)."""
    ids = deck_ids(rules.jokers)
    rng.shuffle(ids)
    size = len(ids)
    pot_total = sum(rules.pot_sizes)
    dealt = rules.players * rules.hand_size + int(rules.start_discard)
    if pot_total:
        cut = rng.randint(pot_total, max(pot_total, size - dealt - 2))
    else:
        cut = rng.randint(1, size - 1)
    return deal_from_order(rules, ids, cut, dealer)


def deal_from_order(rules: Rules, order: list[int] | tuple[int, ...], cut: int, dealer: int) -> Deal:
    """Deal from a shuffled order (top card first), cut ``cut`` cards down.

    002 'Setup': the player to the dealer's right cuts and, from the cut-off part,
    deals the pots (one pile after the other); the rest of that part goes under
    the deck. The dealer deals one card at a time, starting after the dealer in
    the dealing direction; the next card starts the discard pile where the rules
    say so; the rest is the stock. Without pots the cut is an ordinary cut.
    """
    ids = list(order)
    pot_total = sum(rules.pot_sizes)
    if pot_total:
        packet = ids[:cut]
        pots = []
        start = 0
        for pot_size in rules.pot_sizes:
            pots.append(tuple(packet[start:start + pot_size]))
            start += pot_size
        deck = ids[cut:] + packet[pot_total:]
    else:
        pots = []
        deck = ids[cut:] + ids[:cut]
    hands: list[list[int]] = [[] for _ in range(rules.players)]
    position = 0
    for _ in range(rules.hand_size):
        for step in range(1, rules.players + 1):
            hands[deal_order_seat(dealer, rules, step)].append(deck[position])
            position += 1
    pile: tuple[int, ...] = ()
    if rules.start_discard:
        pile = (deck[position],)
        position += 1
    return Deal(dealer, cut, tuple(ids), tuple(tuple(hand) for hand in hands), tuple(pots), pile, tuple(deck[position:]))


_FULL_DECKS = {True: frozenset(deck_ids(True)), False: frozenset(deck_ids(False))}


def deck_is_complete(ids: list[int], rules: Rules) -> bool:
    """Every physical card of the deck exactly once (the invariant simulations check)."""
    deck = _FULL_DECKS[rules.jokers]
    return len(ids) == len(deck) and set(ids) == deck
