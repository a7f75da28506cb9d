"""Meld checks that explain why: new melds here, additions to a meld and wild swaps in
:mod:`buraco_learn.extend` (which builds on this module; ``buraco_learn`` exports all three).

>>> v = check_meld("7D JK 6D")
>>> v.legal, v.kind, v.clean
(True, 'run', False)
>>> v.meld
Meld.parse('JK=5D 6D 7D')
>>> print(v.reason)
legal dirty run JK 6♦ 7♦: the joker stands for 5♦ (002 'Melds': a wild at the end of a run sits at the lower end)
>>> bad = check_meld("KS AS 2S 3S")
>>> bad.legal, [p.value for p in bad.problems]
(False, ['wrap-around'])
>>> from buraco_learn.extend import check_add, check_swap
>>> check_add(v.meld, "8D").meld
Meld.parse('JK=5D 6D 7D 8D')
>>> check_swap(v.meld, "5D").meld
Meld.parse('JK=4D 5D 6D 7D')
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from buraco_learn import meldcore as core
from buraco_learn.cards import RANKS, SUITS, Card, Rank, Suit, parse_cards
from buraco_learn.errors import IllegalActionError, InvalidNotationError
from buraco_learn.lazy import cached_value
from buraco_learn.presets import resolve_rules
from buraco_learn.problems import Problem, explain, problems_of
from buraco_learn.rules import Rules
from buraco_learn.sources import cite, cite_two
from buraco_learn.vocabulary import vocabulary

CardsLike = str | Iterable[str | Card]




class Slot(NamedTuple):
    """One place in a meld: the card there and what it stands for.

    In a run, ``position`` is 1..14 (1 and 14 are the ace, low and high); a wild
    stands for the card of that rank in the run's suit. In a set a wild stands for
    the set's rank and no particular suit (``suit`` is None).
    """

    card: Card
    wild: bool
    rank: Rank
    suit: Suit | None
    position: int | None = None

    @property
    def stands_for(self) -> Card | None:
        """The natural card this slot represents (None for a wild in a set)."""
        if self.suit is None:
            return None
        return Card(self.rank, self.suit)

    def notation(self) -> str:
        if self.wild and self.suit is not None:
            return f"{self.card.notation()}={Card(self.rank, self.suit).notation()}"
        return self.card.notation()


@dataclass(frozen=True)
class Meld:
    """A meld as it lies on the table: its kind and its ordered slots.

    Notation lists the cards in order; a wild in a run is written with the card it
    stands for: ``JK=5D 6D 7D``. ``Meld.parse`` without ``=`` arranges the cards as
    :func:`check_meld` would.
    """

    kind: str
    slots: tuple[Slot, ...]
    #: the ruleset the meld was made under (for its repr); not part of its identity
    rules: Rules | None = field(default=None, compare=False, repr=False)

    @classmethod
    def parse(cls, text: str, rules: Rules | str | None = None) -> Meld:
        """Parse a meld; raises :class:`InvalidNotationError` or :class:`IllegalActionError`.

        Without ``=`` the cards are arranged as :func:`check_meld` arranges them. With
        ``=`` the order is the meld's as it lies on the table: the one meld solver
        decides whether the cards form a meld, and the order must be one the rules
        allow (002 'Melds': a wild at the end of a run sits at the lower end). A 2 of
        the run's suit written in its natural place is natural where the rules say so
        (000, 002 'Melds'), even when written ``2D=2D``.

        >>> Meld.parse("5D 6D 7D JK=8D", "bukharo")
        Meld.parse('5D 6D 7D JK=8D', 'bukharo')
        >>> Meld.parse("5D 6D 7D JK=8D")
        Traceback (most recent call last):
        ...
        buraco_learn.errors.IllegalActionError: illegal meld '5D 6D 7D JK=8D': the joker stands at the upper end, but a wild at the end of a run sits at the lower end (002 'Melds')
        >>> Meld.parse("2D=2D 3D 4D 5D")
        Meld.parse('2D 3D 4D 5D')
        """
        rules = resolve_rules(rules)
        if not isinstance(text, str):
            raise InvalidNotationError(f"invalid meld notation {text!r}: write the cards, e.g. 'JK=5D 6D 7D'")
        if "=" not in text:
            verdict = check_meld(text, rules)
            if verdict.meld is None:
                raise IllegalActionError(f"illegal meld {text!r}: {' '.join(verdict.explanations)}")
            return verdict.meld
        from buraco_learn.meldnotation import parse_ordered

        return parse_ordered(text, rules)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(slot.card for slot in self.slots)

    @cached_value
    def clean(self) -> bool:
        return not self.wild_slots

    @cached_value
    def wild_slots(self) -> tuple[Slot, ...]:
        return tuple(slot for slot in self.slots if slot.wild)

    @cached_value
    def content_id(self) -> int:
        """A small number for what the meld is (its kind and slots: equal melds share it, made
        under any ruleset), for caches of verdicts about it that outlive one meld object."""
        key = (self.kind, tuple([(slot.card.code, slot.wild, slot.position) for slot in self.slots]))
        number = _CONTENT_IDS.get(key)
        if number is None:
            if len(_CONTENT_IDS) >= 200000:
                _CONTENT_IDS.clear()  # the numbers given stay given: a content seen again gets a new one
            number = _CONTENT_IDS[key] = next(_NUMBERS)
        return number

    @cached_value
    def extension_codes(self) -> frozenset[int]:
        """Codes of the natural cards that could join this meld alone: any of a set's
        rank, or the card just beyond either end of a run, or further out past an end wild that may move (a quick filter for
        proposals; whether the rules accept one is for :func:`check_add`)."""
        if self.kind == "set":
            rank0 = int(self.slots[0].rank) - 1
            return frozenset(suit * 13 + rank0 for suit in range(4))
        suit = int(self.slots[0].suit or 0)
        positions = [slot.position or 0 for slot in self.slots]
        # where an end wild may move up or down as the run grows, a card may join one place further out per such wild
        reach = 1 + int(self.slots[0].wild) + int(self.slots[-1].wild)
        low, high = min(positions), max(positions)
        places = [*range(low - reach, low), *range(high + 1, high + 1 + reach)]
        return frozenset(suit * 13 + (0 if place == 14 else place - 1) for place in places if 1 <= place <= 14)

    @cached_value
    def run_walks(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """A run's places going away from it, as codes (the ace low and high): below its low end
        down to the ace, above its high end up to the ace; ``((), ())`` for a set. What a walk from
        an end reads to propose additions (:func:`~buraco_learn.game.meldgen.extension_candidates`)."""
        if self.kind == "set":
            return (), ()
        base = int(self.slots[0].suit or 0) * 13
        positions = [slot.position or 0 for slot in self.slots]
        low, high = min(positions), max(positions)
        return (tuple(base + (0 if place == 1 else place - 1) for place in range(low - 1, 0, -1)),
                tuple(base + (0 if place == 14 else place - 1) for place in range(high + 1, 15)))

    @cached_value
    def swap_codes(self) -> frozenset[int]:
        """Codes of the natural cards this meld's wilds stand for (what a swap could put in)."""
        return frozenset(slot.stands_for.code for slot in self.wild_slots if slot.stands_for is not None)

    @property
    def rank(self) -> Rank | None:
        """The rank of a set (None for a run)."""
        return self.slots[0].rank if self.kind == "set" else None

    @property
    def suit(self) -> Suit | None:
        """The suit of a run (None for a set)."""
        return self.slots[0].suit if self.kind == "run" else None

    def __len__(self) -> int:
        return len(self.slots)

    def notation(self, unicode: bool = False) -> str:
        if unicode:
            return " ".join(slot.card.unicode() for slot in self.slots)
        return " ".join(slot.notation() for slot in self.slots)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        """``Meld.parse(...)``, naming the ruleset unless the meld reads the same under
        Italian rules (002), so that the repr evaluates back to an equal meld."""
        text = self.notation()
        rules = self.rules
        from buraco_learn.meldnotation import reads_back, rules_argument

        if rules is None or reads_back(text, self):
            return f"Meld.parse('{text}')"
        return f"Meld.parse('{text}', {rules_argument(rules)})"

    def _repr_svg_(self) -> str:
        from buraco_learn.render import meld_svg

        return meld_svg(self)


#: :attr:`Meld.content_id` of the meld contents seen; a number is never given twice
_CONTENT_IDS: dict[tuple[str, tuple[tuple[int, bool, int | None], ...]], int] = {}
_NUMBERS = itertools.count()


def arrangement_from_order(slots: Sequence[Slot], rules: Rules) -> Meld | None:
    """Check an explicit, ordered arrangement (positions implied by order); None if invalid.

    This verifies a certificate: every natural card in its own place, wilds where
    they say they stand, at most ``max_wilds`` wilds, one rank (a set) or one suit in
    sequence (a run). It is independent of the solver and used to cross-check it.
    """
    if len(slots) < rules.min_meld_cards:
        return None
    naturals = [slot for slot in slots if not slot.wild]
    wilds = [slot for slot in slots if slot.wild]
    if len(wilds) > rules.max_wilds or len(naturals) < rules.min_naturals:
        return None
    if any(not rules.is_wild(slot.card) for slot in wilds):
        return None
    if any(slot.card.is_joker for slot in naturals):
        return None
    if any(rules.twos_wild and slot.card.is_two and not rules.natural_two for slot in naturals):
        return None
    cards = [slot.card for slot in slots]
    if core.deck_problems([card.code for card in cards], rules.jokers):
        return None
    if len({slot.rank for slot in slots}) == 1 and all(slot.suit is None for slot in wilds):
        if not rules.sets or (rules.twos_wild and any(slot.card.is_two for slot in naturals)):
            return None
        if rules.max_set_cards and len(slots) > rules.max_set_cards:
            return None
        suits = [slot.card.suit for slot in naturals]
        if rules.distinct_suit_sets and len(set(suits)) != len(suits):
            return None
        if any(slot.card.rank != slots[0].rank for slot in naturals):
            return None
        return Meld("set", tuple(Slot(s.card, s.wild, s.rank, None if s.wild else s.card.suit) for s in slots), rules)
    if not rules.runs:
        return None
    suit = naturals[0].card.suit
    if any(slot.suit != suit or (not slot.wild and slot.card.suit != suit) for slot in slots):
        return None
    start = int(slots[0].rank)  # an ace first is the low ace; positions follow the order
    out = []
    for offset, slot in enumerate(slots):
        position = start + offset
        rank = 1 if position == 14 else position
        if position > 14 or int(slot.rank) != rank:
            return None
        if not slot.wild and slot.card.rank != slot.rank:
            return None
        out.append(Slot(slot.card, slot.wild, RANKS[rank], suit, position))
    if len(out) == 14 and not rules.ace_to_ace:
        return None
    return Meld("run", tuple(out), rules)


class Verdict:
    """The answer to "is this a legal meld, and why?".

    ``legal``, ``kind`` ('set', 'run' or None), ``clean`` (None when illegal),
    ``semi_clean`` (None unless the ruleset scores semi-clean burracos), ``meld``
    (the arrangement, None when illegal), ``problems`` and one explanation per
    problem. The verdict never depends on the order the cards were given in.
    """

    __slots__ = ("_base", "_context", "_meld", "_solution", "action", "cards", "rules")

    def __init__(
        self,
        cards: tuple[Card, ...],
        rules: Rules,
        solution: core.Solution,
        action: str = "meld",
        meld: Meld | None = None,
        context: dict[str, object] | None = None,
        base: Meld | None = None,
    ) -> None:
        self.cards = cards
        self.rules = rules
        self.action = action
        self._solution = solution
        self._meld = meld
        self._context = context
        self._base = base

    @property
    def legal(self) -> bool:
        return bool(self._solution[0] != core.ILLEGAL)

    def __bool__(self) -> bool:
        return self.legal

    @property
    def kind(self) -> str | None:
        return (None, "set", "run")[self._solution[0]]

    @property
    def clean(self) -> bool | None:
        return None if self._solution[0] == core.ILLEGAL else bool(self._solution[1])

    @property
    def problem_bits(self) -> int:
        return self._solution[1] if self._solution[0] == core.ILLEGAL else 0

    @property
    def problems(self) -> tuple[Problem, ...]:
        return problems_of(self.problem_bits)

    @property
    def explanations(self) -> tuple[str, ...]:
        ordered = sorted(self.cards + (self._base.cards if self._base is not None else ()))
        context = self._context or _default_context(self._solution, ordered, self.rules)
        return tuple(explain(problem, ordered, self.rules, context) for problem in self.problems)

    @property
    def meld(self) -> Meld | None:
        if self._meld is None and self._solution[0] != core.ILLEGAL:
            self._meld = build_meld(self._solution, [card.code for card in self.cards], self.rules)
        return self._meld

    @property
    def arrangement(self) -> tuple[Slot, ...]:
        meld = self.meld
        return meld.slots if meld is not None else ()

    @property
    def semi_clean(self) -> bool | None:
        if not self.rules.semi_clean_bonus or not self.legal:
            return None
        meld = self.meld
        assert meld is not None
        return is_semi_clean(meld, self.rules)

    @property
    def burraco(self) -> str | None:
        """``None`` below the burraco length, else 'clean', 'semi-clean', 'dirty',
        'royal' or 'ace-to-ace' (the last two where the ruleset scores them)."""
        meld = self.meld
        return burraco_kind(meld, self.rules) if meld is not None else None

    @property
    def reason(self) -> str:
        if not self.legal:
            return "illegal: " + " ".join(self.explanations)
        meld = self.meld
        assert meld is not None
        quality = "clean" if self.clean else ("semi-clean" if self.semi_clean else "dirty")
        text = f"legal {quality} {self.kind} {meld.notation(unicode=True)}"
        if self.burraco:
            article = "an" if self.burraco[0] in "aeiou" else "a"
            text += f", {article} {self.burraco} {vocabulary(self.rules).burraco}"
        notes = []
        for slot in meld.wild_slots:
            name = "joker" if slot.card.is_joker else slot.card.unicode()
            if slot.suit is None:
                word = Rank(slot.rank).word
                notes.append(f"the {name} stands for {'an' if word[0] in 'A8' else 'a'} {word}")
            elif slot.stands_for == slot.card:
                notes.append(f"the {name} is wild even in its own place ({_every_two_wild(self.rules)})")
            else:
                notes.append(f"the {name} stands for {Card(slot.rank, slot.suit).unicode()}")
        if notes:
            text += ": " + "; ".join(notes)
            at_low_end = meld.kind == "run" and meld.slots[0].wild
            if at_low_end and self.rules.wild_placement == "low-end":
                text += f" ({cite('wild_low_end', self.rules.source).short()}: a wild at the end of a run sits at the lower end)"
        return text

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: legal, kind, clean, semi_clean, burraco, arrangement, problems, reason."""
        meld = self.meld
        return {
            "cards": [card.notation() for card in self.cards],
            "rules": self.rules.name,
            "action": self.action,
            "legal": self.legal,
            "kind": self.kind,
            "clean": self.clean,
            "semi_clean": self.semi_clean,
            "burraco": self.burraco,
            "meld": meld.notation() if meld else None,
            "arrangement": [
                {
                    "card": slot.card.notation(),
                    "wild": slot.wild,
                    "stands_for": slot.stands_for.notation() if slot.stands_for else (Rank(slot.rank).letter if slot.wild else slot.card.notation()),
                }
                for slot in (meld.slots if meld else ())
            ],
            "problems": [problem.value for problem in self.problems],
            "explanations": list(self.explanations),
            "reason": self.reason,
        }

    def __repr__(self) -> str:
        cards = " ".join(card.notation() for card in self.cards)
        if self.legal:
            return f"<Verdict {self.action} {cards!r}: legal {'clean' if self.clean else 'dirty'} {self.kind}>"
        return f"<Verdict {self.action} {cards!r}: illegal {', '.join(p.value for p in self.problems)}>"

    def _repr_html_(self) -> str:
        from buraco_learn.render import verdict_html

        return verdict_html(self)


def _every_two_wild(rules: Rules) -> str:
    """Where the rule "every 2 is wild, even in its own place" comes from: 004, or a host's option."""
    return cite_two(False, rules.source).short()


def _default_context(solution: core.Solution, cards: list[Card], rules: Rules) -> dict[str, object]:
    if solution[0] != core.ILLEGAL or not solution[1] & core.P_GAP:
        return {}
    naturals = [card for card in cards if not rules.is_wild(card) or card.is_two]
    suits = {card.suit for card in naturals if not card.is_two}
    if len(suits) != 1:
        return {}
    suit = suits.pop()
    assert suit is not None
    ranks = sorted({int(card.rank or 0) for card in naturals if not card.is_two or card.suit == suit})
    if not ranks:
        return {}
    missing = [Card(rank, suit) for rank in range(ranks[0], ranks[-1]) if rank not in ranks]
    return {"missing": missing}


def build_meld(solution: core.LegalSolution, codes: Sequence[int], rules: Rules) -> Meld:
    """The arrangement of a legal solution (see :mod:`buraco_learn.meldcore`)."""
    ordered = core.ordered_codes(solution, codes, rules.twos_wild)
    if solution[0] == core.SET:
        rank = RANKS[solution[2]]
        naturals = solution[3]
        slots = [
            Slot(Card.from_code(code), index >= naturals, rank, None if index >= naturals else SUITS[code // 13])
            for index, code in enumerate(ordered)
        ]
        return Meld("set", tuple(slots), rules)
    _, _, suit, low, _high, naturals_mask, _ = solution
    suit_value = SUITS[suit]
    natural_slots = _NATURAL_RUN_SLOTS[suit]
    run = []
    for offset, code in enumerate(ordered):
        position = low + offset
        if naturals_mask >> position & 1:
            run.append(natural_slots[position - 1])
        else:
            run.append(Slot(Card.from_code(code), True, RANKS[1 if position == 14 else position], suit_value, position))
    return Meld("run", tuple(run), rules)


#: the natural slot of each suit (0-3) at each run place (1-14, at index 0-13; slots are values, shared)
_NATURAL_RUN_SLOTS: tuple[tuple[Slot, ...], ...] = tuple(
    tuple(Slot(Card(RANKS[1 if position == 14 else position], SUITS[suit]), False, RANKS[1 if position == 14 else position], SUITS[suit], position)
          for position in range(1, 15)) for suit in range(4))


def _run_meld(suit: int, low: int, high: int, naturals: int, wilds: Sequence[int], fixed: dict[int, int] | None = None,
              rules: Rules | None = None) -> Meld:
    """Lay a run out: naturals in their places, fixed wilds kept, free wilds in the rest.

    Where the rules have a natural 2 (000, 001, 002 'Melds') and a free wild is the 2 of
    the run's suit, it takes its own place when the run covers it, and is natural there.
    """
    fixed = fixed or {}
    free = sorted(wilds)
    two = suit * 13 + 1
    if (rules is not None and rules.twos_wild and rules.natural_two and low <= 2 <= high
            and not naturals & 4 and 2 not in fixed and two in free):
        free.remove(two)
        naturals |= 4
    slots = []
    for position in range(low, high + 1):
        rank = RANKS[1 if position == 14 else position]
        if naturals >> position & 1:
            slots.append(_NATURAL_RUN_SLOTS[suit][position - 1])
        else:
            code = fixed[position] if position in fixed else free.pop(0)
            slots.append(Slot(Card.from_code(code), True, rank, SUITS[suit], position))
    return Meld("run", tuple(slots), rules)


def is_semi_clean(meld: Meld, rules: Rules) -> bool:
    """002 'Variants': 8+ cards holding seven natural cards in a row (or seven equal cards) and a wild."""
    length = rules.burraco_length
    if meld.clean or len(meld) < length + 1:
        return False
    if meld.kind == "set":
        return sum(not slot.wild for slot in meld.slots) >= length
    best = current = 0
    for slot in meld.slots:
        current = 0 if slot.wild else current + 1
        best = max(best, current)
    return best >= length


def burraco_kind(meld: Meld, rules: Rules) -> str | None:
    """What kind of burraco ``meld`` is under ``rules``, or None if it is too short."""
    if len(meld) < rules.burraco_length:
        return None
    if meld.clean:
        if meld.kind == "run" and len(meld) == 14 and rules.ace_to_ace_bonus:
            return "ace-to-ace"
        if meld.kind == "run" and len(meld) == 13 and rules.royal_bonus:
            return "royal"
        return "clean"
    if rules.semi_clean_bonus and is_semi_clean(meld, rules):
        return "semi-clean"
    return "dirty"


def _cards(cards: CardsLike | Card) -> tuple[Card, ...]:
    if isinstance(cards, Card):
        return (cards,)
    return parse_cards(cards)


def check_meld(cards: CardsLike, rules: Rules | str | None = None) -> Verdict:
    """Is ``cards`` a legal new meld under ``rules`` (default Italian, 002)?

    >>> check_meld("4C 4H 4S 4D 2H").kind
    'set'
    >>> check_meld("9S 9H 9D", "aberto").problems
    (<Problem.SETS_NOT_ALLOWED: 'sets-not-allowed'>,)
    >>> check_meld("AS 2S 3S", "cutthroat").clean  # every 2 is wild in 004
    False
    """
    parsed = _cards(cards)
    rules = resolve_rules(rules)
    return Verdict(parsed, rules, core.solve([card.code for card in parsed], rules.meld_rules))

__all__ = [
    "Meld",
    "Slot",
    "Verdict",
    "arrangement_from_order",
    "build_meld",
    "burraco_kind",
    "check_meld",
    "is_semi_clean",
    "resolve_rules",
]
