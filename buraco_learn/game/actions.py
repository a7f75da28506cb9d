"""Actions: what a player does on a turn, as frozen values with a notation that parses back.

=================  ==========================================================
``draw``           draw the top card of the stock
``take``           take the discard pile (all of it; the top card under the
                   closed fechado modes); ``take 3``: the top three cards
                   (cut-throat, any depth; the deepest must be melded)
``redraw``         first turn of 001: discard the drawn card, draw another
``meld 5H 6H 7H``  lay down a new meld; several at once: ``meld 5H 6H 7H | KS KD KH``
``add m2 8H 9H``   add cards to meld m2 (melds are numbered m1, m2 ... per hand)
``swap m2 5D``     put 5D in place of the wild card it stands for in meld m2
``discard 7C``     discard a card, ending the turn
``pot``            pick up the pot (morto / pozzetto) after emptying the hand
``close 7C``       discard the last card to close the hand; ``close`` alone
                   closes after melding every card where that is allowed (003)
=================  ==========================================================

>>> Action.parse("meld 7d jk 6d")
Action.parse('meld 7D JK 6D')
>>> Action.parse("add m3 9H").target
3
>>> str(Action.parse("take 2"))
'take 2'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from buraco_learn.cards import Card, format_cards, parse_cards
from buraco_learn.errors import InvalidNotationError
from buraco_learn.lazy import cached_value

DRAW: Final = "draw"
TAKE: Final = "take"
REDRAW: Final = "redraw"
MELD: Final = "meld"
ADD: Final = "add"
SWAP: Final = "swap"
DISCARD: Final = "discard"
POT: Final = "pot"
CLOSE: Final = "close"
KINDS: Final = (DRAW, TAKE, REDRAW, MELD, ADD, SWAP, DISCARD, POT, CLOSE)
_ORDER: Final = {kind: index for index, kind in enumerate(KINDS)}
_HINT: Final = "actions: draw, take [N], redraw, meld CARDS [| CARDS ...], add mN CARDS, swap mN CARD, discard CARD, pot, close [CARD]"


@dataclass(frozen=True, eq=False)
class Action:
    """One action. ``cards`` for discard, close, add and swap; ``groups`` for meld;
    ``target`` is the meld number for add and swap, or the depth for ``take N``.

    An action's identity is canonical: its cards as a multiset (and a meld of several
    groups as a multiset of them) with its target, whatever the order they are written
    in, so ``==``, ``hash``, ``in`` on any collection of actions, the state's checks,
    records and the coach all agree on what "this action" is. The order given is kept
    for display.

    >>> Action.parse("meld AH QH 2C") == Action.parse("meld QH 2C AH")
    True
    >>> Action.parse("meld 5H 6H 7H | KS KD KH") in {Action.parse("meld KD KH KS | 7H 6H 5H")}
    True
    >>> Action.parse("add m2 8H") == Action.parse("add m3 8H")
    False
    """

    kind: str
    cards: tuple[Card, ...] = ()
    groups: tuple[tuple[Card, ...], ...] = ()
    target: int | None = None

    # -- constructors -------------------------------------------------------------
    @classmethod
    def draw(cls) -> Action:
        return cls(DRAW)

    @classmethod
    def take(cls, depth: int | None = None) -> Action:
        return cls(TAKE, target=depth)

    @classmethod
    def redraw(cls) -> Action:
        return cls(REDRAW)

    @classmethod
    def meld(cls, *groups: str | tuple[Card, ...] | list[Card]) -> Action:
        parsed = tuple(parse_cards(group) if isinstance(group, str) else tuple(group) for group in groups)
        return cls(MELD, groups=parsed)

    @classmethod
    def add(cls, meld_id: int, cards: str | tuple[Card, ...] | list[Card]) -> Action:
        return cls(ADD, cards=parse_cards(cards) if isinstance(cards, str) else tuple(cards), target=meld_id)

    @classmethod
    def swap(cls, meld_id: int, card: str | Card) -> Action:
        return cls(SWAP, cards=(Card.parse(card) if isinstance(card, str) else card,), target=meld_id)

    @classmethod
    def discard(cls, card: str | Card) -> Action:
        return cls(DISCARD, cards=(Card.parse(card) if isinstance(card, str) else card,))

    @classmethod
    def pot(cls) -> Action:
        return cls(POT)

    @classmethod
    def close(cls, card: str | Card | None = None) -> Action:
        if card is None:
            return cls(CLOSE)
        return cls(CLOSE, cards=(Card.parse(card) if isinstance(card, str) else card,))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse action notation; raises :class:`InvalidNotationError` quoting ``text``."""
        if not isinstance(text, str):
            raise InvalidNotationError(f"invalid action {text!r}: expected text; {_HINT}")
        words = text.strip().split(None, 1)
        if not words:
            raise InvalidNotationError(f"invalid action {text!r}: it is empty; {_HINT}")
        kind = words[0].lower()
        rest = words[1].strip() if len(words) > 1 else ""
        try:
            if kind in (DRAW, REDRAW, POT) and not rest:
                return cls(kind)
            if kind == TAKE:
                if not rest:
                    return cls(TAKE)
                if rest.isascii() and rest.isdigit() and len(rest) <= 4 and int(rest) >= 1:  # not '²', not 5,000 digits
                    return cls(TAKE, target=int(rest))
            if kind == MELD and rest:
                groups = tuple(parse_cards(part) for part in re.split(r"[|/]", rest))
                if all(groups):
                    return cls(MELD, groups=groups)
            if kind in (ADD, SWAP) and rest:
                match = re.fullmatch(r"m?([0-9]{1,4})\s+(.+)", rest, flags=re.IGNORECASE)
                if match:
                    cards = parse_cards(match.group(2))
                    if cards and (kind == ADD or len(cards) == 1):
                        return cls(kind, cards=cards, target=int(match.group(1)))
            if kind in (DISCARD, CLOSE) and rest:
                cards = parse_cards(rest)
                if len(cards) == 1:
                    return cls(kind, cards=cards)
            if kind == CLOSE and not rest:
                return cls(CLOSE)
        except InvalidNotationError as error:
            raise InvalidNotationError(f"invalid action {text!r}: {error}") from None
        raise InvalidNotationError(f"invalid action {text!r}: {_HINT}")

    # -- notation -----------------------------------------------------------------
    def notation(self, unicode: bool = False) -> str:
        kind = self.kind
        if kind == MELD:
            return "meld " + " | ".join(format_cards(group, unicode=unicode) for group in self.groups)
        if kind in (ADD, SWAP):
            return f"{kind} m{self.target} {format_cards(self.cards, unicode=unicode)}"
        if kind in (DISCARD, CLOSE) and self.cards:
            return f"{kind} {format_cards(self.cards, unicode=unicode)}"
        if kind == TAKE and self.target is not None:
            return f"take {self.target}"
        return kind

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Action.parse('{self.notation()}')"

    @cached_value
    def _identity(self) -> tuple[str, int | None, tuple[tuple[int, ...], ...], tuple[int, ...]]:
        groups = tuple(sorted(tuple(sorted(card.code for card in group)) for group in self.groups))
        return (self.kind, self.target, groups, tuple(sorted(card.code for card in self.cards)))

    def canonical(self) -> tuple[str, int | None, tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """The action with card order forgotten: equal for ``meld 7D JK 6D`` and ``meld JK 6D 7D``."""
        return self._identity

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Action):
            return NotImplemented
        return self._identity == other._identity

    def __hash__(self) -> int:
        return hash(self._identity)

    def sort_key(self) -> tuple[int, int, tuple[int, ...]]:
        """Deterministic order: by kind, then meld number, then cards."""
        codes = tuple(card.code for group in self.groups for card in group) + tuple(card.code for card in self.cards)
        return (_ORDER[self.kind], self.target or 0, codes)

    def describe(self) -> str:
        """Words for a learner in the learner's language, never notation: ``"lay down 5♥ 6♥ 7♥"``,
        ``"discard the 7♣"``, ``"add the 8♥ to meld number 2"``. See :mod:`buraco_learn.game.words`."""
        from buraco_learn.game.words import action_words

        return action_words(self)


_CARD = tuple(Card.from_code(code) for code in range(53))
#: the meld action of each arrangement asked for (bounded: it starts again when full)
_MELD_ACTIONS: dict[tuple[int, ...], Action] = {}


def meld_action(codes: tuple[int, ...]) -> Action:
    """The action that melds the cards ``codes`` in that order, made once (actions are values: the
    legal-action generator lists the same melds turn after turn).

    >>> meld_action((4, 5, 6))
    Action.parse('meld 5S 6S 7S')
    >>> meld_action((4, 5, 6)) is meld_action((4, 5, 6))
    True
    """
    action = _MELD_ACTIONS.get(codes)
    if action is None:
        if len(_MELD_ACTIONS) >= 65536:
            _MELD_ACTIONS.clear()
        action = _MELD_ACTIONS[codes] = Action(MELD, groups=(tuple([_CARD[code] for code in codes]),))
    return action
