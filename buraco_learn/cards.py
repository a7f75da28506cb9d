"""Cards, their notation, and the two decks.

A :class:`Card` is a rules value: the two copies of the 7♥ in a two-deck game are
the same card to the rules. Physical cards (what a table or a record needs to tell
apart) are plain integer ids, ``0..107``; :func:`card_of_id` maps an id to its card.

Notation: a rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` (``T`` also means 10) followed by a
suit ``S H D C`` (or ``♠ ♥ ♦ ♣``), or ``JK`` for a joker; case does not matter.

>>> Card.parse("10h")
Card.parse('10H')
>>> Card.parse("T♥") == Card.parse("10H")
True
>>> [str(card) for card in parse_cards("5H 6H 7h")]
['5H', '6H', '7H']
>>> parse_cards("K♠K♦JK")
(Card.parse('KS'), Card.parse('KD'), Card.parse('JK'))
>>> Card.parse("9C").unicode()
'9♣'
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from typing import ClassVar, Final

from buraco_learn.errors import InvalidNotationError
from buraco_learn.i18n import N_, _


class Suit(enum.IntEnum):
    """The four suits, in the order used for sorting: ♠ ♥ ♦ ♣."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


class Rank(enum.IntEnum):
    """Ranks, numbered as their natural place in a low run: A=1 ... K=13."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self]

    @property
    def word(self) -> str:
        """The rank's English name, plural-ready ("Ace", "2", "King")."""
        return _RANK_WORDS[self]

    def spoken(self) -> str:
        """The rank's name in the learner's language ("King"; Italian "Re").

        >>> from buraco_learn.i18n import use
        >>> with use("it"):
        ...     Rank.KING.spoken(), Rank.SEVEN.spoken()
        ('Re', '7')
        """
        return _(_RANK_NAMES[self.value])


#: Enum members by number, for hot paths (calling an Enum is slow): ``RANKS[13] is Rank.KING``.
RANKS: Final = (None, *Rank)
SUITS: Final = tuple(Suit)

_RANK_LETTERS: Final = {
    1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7",
    8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K",
}
_RANK_WORDS: Final = {
    1: "Ace", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7",
    8: "8", 9: "9", 10: "10", 11: "Jack", 12: "Queen", 13: "King",
}

#: A card's spoken name by its suit, one message per suit (the rank, named by :data:`_RANK_NAMES`, filled in):
#: Italian says "Re di cuori", Portuguese "Rei de copas", with the suit's own plural noun.
_CARD_NAMES: Final = {
    Suit.SPADES: N_("{rank} of spades"), Suit.HEARTS: N_("{rank} of hearts"),
    Suit.DIAMONDS: N_("{rank} of diamonds"), Suit.CLUBS: N_("{rank} of clubs"),
}
#: The ranks' spoken names: the English code's own words (:attr:`Rank.word`); the numbers stay numbers.
_RANK_NAMES: Final = {1: N_("Ace"), **{rank: str(rank) for rank in range(2, 11)}, 11: N_("Jack"), 12: N_("Queen"), 13: N_("King")}

#: Internal code of the joker; natural cards are ``suit * 13 + rank - 1`` (0..51).
JOKER_CODE: Final = 52
#: Number of distinct cards (52 naturals and the joker).
CODES: Final = 53

_SUIT_ALIASES: Final = {
    "S": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
    "H": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "D": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "C": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
}
_RANK_ALIASES: Final = {
    "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "10": 10, "T": 10, "J": 11, "Q": 12, "K": 13,
}
_CARD_HINT: Final = (
    "a card is a rank (A 2 3 4 5 6 7 8 9 10 J Q K, or T for 10) and a suit "
    "(S H D C or ♠ ♥ ♦ ♣), or JK for a joker"
)
_TOKEN: Final = re.compile(r"JK|(?:10|[2-9TJQKA])[SHDC♠♥♦♣♤♡♢♧]", re.IGNORECASE)


class Card:
    """One card as the rules see it: a rank and a suit, or a joker.

    Cards are interned and immutable; compare them with ``==`` and use them as
    dictionary keys. Order is by suit (♠ ♥ ♦ ♣), then rank, jokers last.

    >>> Card(Rank.KING, Suit.HEARTS)
    Card.parse('KH')
    >>> Card.parse("jk").is_joker
    True
    >>> sorted(parse_cards("JK 3C AS KS"))
    [Card.parse('AS'), Card.parse('KS'), Card.parse('3C'), Card.parse('JK')]
    """

    __slots__ = ("code",)
    _interned: ClassVar[list[Card]] = []
    code: int

    def __new__(cls, rank: Rank | int | None = None, suit: Suit | int | None = None) -> Card:
        if rank is None and suit is None:
            return cls._interned[JOKER_CODE]
        if rank is None or suit is None or not 1 <= int(rank) <= 13 or not 0 <= int(suit) <= 3:
            raise InvalidNotationError(f"invalid card: rank {rank!r}, suit {suit!r}; {_CARD_HINT}")
        return cls._interned[int(suit) * 13 + int(rank) - 1]

    @classmethod
    def _make(cls, code: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "code", code)
        return card

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card with internal code ``code`` (0..52)."""
        if not 0 <= code < CODES:
            raise InvalidNotationError(f"invalid card code {code!r}: codes run from 0 to 52")
        return cls._interned[code]

    @classmethod
    def joker(cls) -> Card:
        return cls._interned[JOKER_CODE]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card; raises :class:`InvalidNotationError` quoting ``text``."""
        if not isinstance(text, str):
            raise InvalidNotationError(_("invalid card notation {card}: expected text; a card is a rank (A 2 3 4 5 6 7 8 9 10 J "
                                         "Q K, or T for 10) and a suit (S H D C or ♠ ♥ ♦ ♣), or JK for a joker", card=repr(text)))
        token = _normalise(text)
        if token == "JK" or token == "JOKER":
            return cls._interned[JOKER_CODE]
        if len(token) >= 2:
            rank = _RANK_ALIASES.get(token[:-1])
            suit = _SUIT_ALIASES.get(token[-1])
            if rank is not None and suit is not None:
                return cls._interned[suit * 13 + rank - 1]
        raise InvalidNotationError(_("invalid card notation {card}: a card is a rank (A 2 3 4 5 6 7 8 9 10 J Q K, or T for 10) "
                                     "and a suit (S H D C or ♠ ♥ ♦ ♣), or JK for a joker", card=repr(text)))

    @property
    def is_joker(self) -> bool:
        return self.code == JOKER_CODE

    @property
    def is_two(self) -> bool:
        return self.code != JOKER_CODE and self.code % 13 == 1

    @property
    def rank(self) -> Rank | None:
        return None if self.code == JOKER_CODE else RANKS[self.code % 13 + 1]

    @property
    def suit(self) -> Suit | None:
        return None if self.code == JOKER_CODE else SUITS[self.code // 13]

    def notation(self) -> str:
        """ASCII notation, the form used in records, JSON and the command line."""
        return _NOTATION[self.code]

    def unicode(self) -> str:
        """Notation with a suit symbol, the form used in explanations: ``K♥``."""
        return _UNICODE[self.code]

    def name(self) -> str:
        """Words for screen readers, in the learner's language (:mod:`buraco_learn.i18n`): ``King of hearts``,
        ``joker``; Italian ``Re di cuori``, ``jolly``; Portuguese ``Rei de copas``, ``coringa``.

        >>> from buraco_learn.i18n import use
        >>> card = Card.parse("QS")
        >>> card.name()
        'Queen of spades'
        >>> with use("it"):
        ...     card.name(), Card.parse("JK").name()
        ('Donna di picche', 'jolly')
        >>> with use("pt_BR"):
        ...     card.name(), Card.parse("JK").name()
        ('Dama de espadas', 'coringa')
        """
        if self.code == JOKER_CODE:
            return _("joker")
        rank, suit = self.code % 13 + 1, Suit(self.code // 13)
        return _(_CARD_NAMES[suit], rank=_(_RANK_NAMES[rank]))

    def __str__(self) -> str:
        return _NOTATION[self.code]

    def __repr__(self) -> str:
        return f"Card.parse('{_NOTATION[self.code]}')"

    def __hash__(self) -> int:
        return self.code

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.code == self.code

    def __lt__(self, other: Card) -> bool:
        return self.code < other.code

    def __le__(self, other: Card) -> bool:
        return self.code <= other.code

    def __gt__(self, other: Card) -> bool:
        return self.code > other.code

    def __ge__(self, other: Card) -> bool:
        return self.code >= other.code

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_code, (self.code,))

    def _repr_svg_(self) -> str:
        from buraco_learn.render import card_svg

        return card_svg(self)


def _normalise(text: str) -> str:
    return text.strip().replace("\ufe0f", "").upper()


def _notation_of(code: int) -> str:
    if code == JOKER_CODE:
        return "JK"
    return _RANK_LETTERS[code % 13 + 1] + "SHDC"[code // 13]


def _unicode_of(code: int) -> str:
    if code == JOKER_CODE:
        return "JK"
    return _RANK_LETTERS[code % 13 + 1] + "♠♥♦♣"[code // 13]


_NOTATION: Final = tuple(_notation_of(code) for code in range(CODES))
_UNICODE: Final = tuple(_unicode_of(code) for code in range(CODES))
Card._interned.extend(Card._make(code) for code in range(CODES))
JOKER: Final = Card._interned[JOKER_CODE]


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Parse several cards.

    ``text`` may be one string (cards separated by spaces or commas, or written
    together as in ``K♠K♦K♥``) or an iterable of card strings or cards.

    >>> parse_cards("2S, 3S 4s")
    (Card.parse('2S'), Card.parse('3S'), Card.parse('4S'))
    >>> parse_cards(["10D", "JD"])
    (Card.parse('10D'), Card.parse('JD'))
    """
    if isinstance(text, str):
        cards: list[Card] = []
        for chunk in re.split(r"[\s,;]+", _normalise(text)):
            if not chunk:
                continue
            position = 0
            while position < len(chunk):
                match = _TOKEN.match(chunk, position)
                if match is None:
                    bad = chunk if position == 0 else chunk[position:]
                    raise InvalidNotationError(_("invalid card notation {card} in {text}: a card is a rank (A 2 3 4 5 6 7 8 9 10 "
                                                 "J Q K, or T for 10) and a suit (S H D C or ♠ ♥ ♦ ♣), or JK for a joker",
                                                 card=repr(bad), text=repr(text)))
                cards.append(Card.parse(match.group()))
                position = match.end()
        return tuple(cards)
    result = []
    for item in text:
        result.append(item if isinstance(item, Card) else Card.parse(item))
    return tuple(result)


def format_cards(cards: Iterable[Card], *, unicode: bool = False, sep: str = " ") -> str:
    """Format cards as notation: ``format_cards(parse_cards("5h 6h")) == '5H 6H'``."""
    table = _UNICODE if unicode else _NOTATION
    return sep.join(table[card.code] for card in cards)


# -- physical cards ---------------------------------------------------------------

#: Physical card ids: two 52-card decks (ids 0..103) then four jokers (104..107).
FULL_DECK_SIZE: Final = 108
NO_JOKER_DECK_SIZE: Final = 104


def card_of_id(card_id: int) -> Card:
    """The card that physical card ``card_id`` shows.

    >>> card_of_id(0), card_of_id(52), card_of_id(107)
    (Card.parse('AS'), Card.parse('AS'), Card.parse('JK'))
    """
    if not 0 <= card_id < FULL_DECK_SIZE:
        raise InvalidNotationError(f"invalid physical card id {card_id!r}: ids run from 0 to 107")
    return Card._interned[JOKER_CODE if card_id >= 104 else card_id % 52]


def code_of_id(card_id: int) -> int:
    """The internal code of physical card ``card_id`` (no range check; hot path)."""
    return JOKER_CODE if card_id >= 104 else card_id % 52


def deck_ids(jokers: bool = True) -> list[int]:
    """Physical ids of a fresh, unshuffled deck: 108 cards, or 104 without jokers."""
    return list(range(FULL_DECK_SIZE if jokers else NO_JOKER_DECK_SIZE))


def deck_cards(jokers: bool = True) -> list[Card]:
    """The cards of a fresh deck, in id order.

    >>> len(deck_cards()), len(deck_cards(jokers=False))
    (108, 104)
    >>> sum(card.is_joker for card in deck_cards())
    4
    """
    return [card_of_id(card_id) for card_id in deck_ids(jokers)]


def copies_in_deck(card: Card, jokers: bool = True) -> int:
    """How many copies of ``card`` the deck holds: 2 of each natural, 4 (or 0) jokers."""
    if card.is_joker:
        return 4 if jokers else 0
    return 2


def sort_cards(cards: Sequence[Card], by: str = "suit") -> list[Card]:
    """Sort for display: ``by="suit"`` (♠ ♥ ♦ ♣, then rank) or ``by="rank"`` (A..K, then suit).

    Jokers go last either way.

    >>> format_cards(sort_cards(parse_cards("KH 3S JK 3H"), by="rank"))
    '3S 3H KH JK'
    """
    if by == "suit":
        return sorted(cards, key=lambda card: card.code)
    if by == "rank":
        return sorted(cards, key=lambda card: (card.code == JOKER_CODE, card.code % 13, card.code))
    raise ValueError(f"invalid sort order {by!r}: use 'suit' or 'rank'")
