"""Meld checks that explain why: new melds, additions to a meld, and wild swaps.

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
>>> check_add(v.meld, "8D").meld
Meld.parse('JK=5D 6D 7D 8D')
>>> check_swap(v.meld, "5D").meld
Meld.parse('JK=4D 5D 6D 7D')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from buraco_learn import meldcore as core
from buraco_learn.cards import RANKS, SUITS, Card, Rank, Suit, parse_cards
from buraco_learn.errors import IllegalActionError, InvalidNotationError
from buraco_learn.problems import Problem, explain, problems_of
from buraco_learn.rules import Rules
from buraco_learn.sources import cite

CardsLike = str | Iterable[str | Card]


def resolve_rules(rules: Rules | str | None) -> Rules:
    """``None`` means Italian (002); a string is a preset name."""
    if rules is None:
        from buraco_learn.presets import preset

        return preset("italian")
    if isinstance(rules, str):
        from buraco_learn.presets import preset

        return preset(rules)
    return rules


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

    @classmethod
    def parse(cls, text: str, rules: Rules | str | None = None) -> Meld:
        """Parse a meld; raises :class:`InvalidNotationError` or :class:`IllegalActionError`."""
        rules = resolve_rules(rules)
        if "=" not in text:
            verdict = check_meld(text, rules)
            if verdict.meld is None:
                raise IllegalActionError(f"illegal meld {text!r}: {' '.join(verdict.explanations)}")
            return verdict.meld
        slots = []
        for token in text.replace(",", " ").split():
            card_text, _, stands_text = token.partition("=")
            card = Card.parse(card_text)
            if stands_text:
                stands = Card.parse(stands_text)
                if stands.is_joker:
                    raise InvalidNotationError(f"invalid meld notation {token!r}: a wild stands for a natural card")
                slots.append(Slot(card, True, stands.rank or Rank.ACE, stands.suit, None))
            else:
                slots.append(Slot(card, False, card.rank or Rank.ACE, card.suit, None))
        meld = arrangement_from_order(slots, rules)
        if meld is None:
            raise IllegalActionError(f"illegal meld {text!r}: the cards are not a valid ordered meld under {rules.name}")
        return meld

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(slot.card for slot in self.slots)

    @property
    def clean(self) -> bool:
        return not any(slot.wild for slot in self.slots)

    @property
    def wild_slots(self) -> tuple[Slot, ...]:
        return tuple(slot for slot in self.slots if slot.wild)

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
        return f"Meld.parse('{self.notation()}')"

    def _repr_svg_(self) -> str:
        from buraco_learn.render import meld_svg

        return meld_svg(self)


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
        return Meld("set", tuple(Slot(s.card, s.wild, s.rank, None if s.wild else s.card.suit) for s in slots))
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
    return Meld("run", tuple(out))


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
        solution: tuple,  # type: ignore[type-arg]
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
            text += f", {article} {self.burraco} burraco"
        notes = []
        for slot in meld.wild_slots:
            name = "joker" if slot.card.is_joker else slot.card.unicode()
            if slot.suit is None:
                word = Rank(slot.rank).word
                notes.append(f"the {name} stands for {'an' if word[0] in 'A8' else 'a'} {word}")
            elif slot.stands_for == slot.card:
                notes.append(f"the {name} is wild even in its own place ({cite('wilds', self.rules.source).short()})")
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


def _default_context(solution: tuple, cards: list[Card], rules: Rules) -> dict[str, object]:  # type: ignore[type-arg]
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


def build_meld(solution: tuple, codes: Sequence[int], rules: Rules) -> Meld:  # type: ignore[type-arg]
    """The arrangement of a legal solution (see :mod:`buraco_learn.meldcore`)."""
    ordered = core.ordered_codes(solution, codes, rules.twos_wild)
    if solution[0] == core.SET:
        rank = RANKS[solution[2]]
        naturals = solution[3]
        slots = [
            Slot(Card.from_code(code), index >= naturals, rank, None if index >= naturals else SUITS[code // 13])
            for index, code in enumerate(ordered)
        ]
        return Meld("set", tuple(slots))
    _, _, suit, low, _high, naturals_mask, _ = solution
    suit_value = SUITS[suit]
    run = []
    for offset, code in enumerate(ordered):
        position = low + offset
        rank = RANKS[1 if position == 14 else position]
        run.append(Slot(Card.from_code(code), not naturals_mask >> position & 1, rank, suit_value, position))
    return Meld("run", tuple(run))


def _run_meld(suit: int, low: int, high: int, naturals: int, wilds: Sequence[int], fixed: dict[int, int] | None = None) -> Meld:
    """Lay a run out: naturals in their places, fixed wilds kept, free wilds in the rest."""
    fixed = fixed or {}
    free = sorted(wilds)
    slots = []
    for position in range(low, high + 1):
        rank = RANKS[1 if position == 14 else position]
        if naturals >> position & 1:
            slots.append(Slot(Card(rank, suit), False, rank, SUITS[suit], position))
        else:
            code = fixed[position] if position in fixed else free.pop(0)
            slots.append(Slot(Card.from_code(code), True, rank, SUITS[suit], position))
    return Meld("run", tuple(slots))


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


def check_add(meld: Meld, cards: CardsLike | Card, rules: Rules | str | None = None) -> Verdict:
    """Can ``cards`` be added to ``meld`` (on the table)? The verdict's meld is the result.

    An addition never moves a natural card, nor a wild that is pinned: under the
    low-end rule (002) every wild; otherwise a wild inside the run. To put the exact
    card a wild stands for in its place, use :func:`check_swap`.

    >>> m = Meld.parse("JK=5D 6D 7D")
    >>> check_add(m, "9D").problems  # the joker is the 5♦ and cannot become the 8♦
    (<Problem.WILD_FIXED: 'wild-fixed'>,)
    >>> check_add(m, "9D", "bukharo").legal  # 000: an end wild is not pinned
    True
    """
    return _extend(meld, _cards(cards), resolve_rules(rules), swap=None)


def check_swap(meld: Meld, card: CardsLike | Card, rules: Rules | str | None = None) -> Verdict:
    """Can ``card`` replace the wild it stands for in ``meld`` (002 'Melds')?

    The wild stays in the meld and moves to the lower end (or above, when the run
    starts at the ace).
    """
    rules = resolve_rules(rules)
    given = _cards(card)
    bits = 0
    context: dict[str, object] = {}
    target = None
    if len(given) != 1:
        raise InvalidNotationError(f"a swap puts exactly one card in place of a wild, not {len(given)}: {given!r}")
    put = given[0]
    wilds = meld.wild_slots
    if not rules.wild_swap:
        bits |= core.P_SWAP_NOT_ALLOWED
    elif meld.kind == "set":
        bits |= core.P_SWAP_IN_SET if wilds else core.P_NOT_A_WILD
    elif not wilds:
        bits |= core.P_NOT_A_WILD
    else:
        for slot in wilds:
            if (slot.stands_for == put and not rules.is_wild(put)) or (slot.stands_for == put and put.is_two and rules.natural_two):
                target = slot
                break
        if target is None:
            bits |= core.P_WRONG_SWAP_CARD
            context = {"wild": wilds[0].card, "stands_for": wilds[0].stands_for, "given": put}
    if bits:
        return Verdict(given, rules, (core.ILLEGAL, bits), "swap", context=context, base=meld)
    assert target is not None
    return _extend(meld, given, rules, swap=target.position)


def _extend(meld: Meld, new: tuple[Card, ...], rules: Rules, swap: int | None) -> Verdict:
    action = "swap" if swap is not None else "add"
    mr = rules.meld_rules
    all_codes = [slot.card.code for slot in meld.slots] + [card.code for card in new]
    bits = core.deck_problems(all_codes, rules.jokers)
    if not new:
        bits |= core.P_EMPTY
    if bits:
        return Verdict(new, rules, (core.ILLEGAL, bits), action, base=meld)
    if meld.kind == "set":
        return _extend_set(meld, new, rules, all_codes)
    return _extend_run(meld, new, rules, mr, swap)


def _extend_set(meld: Meld, new: tuple[Card, ...], rules: Rules, all_codes: list[int]) -> Verdict:
    rank = meld.rank
    assert rank is not None
    bad = [card for card in new if not rules.is_wild(card) and card.rank != rank]
    if bad:
        context: dict[str, object] = {"rank": int(rank), "bad": bad}
        return Verdict(new, rules, (core.ILLEGAL, core.P_WRONG_RANK), "add", context=context, base=meld)
    solution = core.solve(all_codes, rules.meld_rules)
    if solution[0] == core.ILLEGAL:
        return Verdict(new, rules, solution, "add", base=meld)
    return Verdict(new, rules, solution, "add", meld=build_meld(solution, all_codes, rules), base=meld)


def _extend_run(meld: Meld, new: tuple[Card, ...], rules: Rules, mr: core.MeldRules, swap: int | None) -> Verdict:
    action = "swap" if swap is not None else "add"
    suit = meld.suit
    assert suit is not None
    old_naturals = 0
    old_wilds: dict[int, int] = {}
    for slot in meld.slots:
        assert slot.position is not None
        if slot.wild:
            old_wilds[slot.position] = slot.card.code
        else:
            old_naturals |= 1 << slot.position
    natural_low, natural_high = core._LOWEST[old_naturals], core._HIGHEST[old_naturals]
    bad = [card for card in new if not rules.is_wild(card) and card.suit != suit]
    if bad:
        context: dict[str, object] = {"suit": int(suit), "bad": bad}
        return Verdict(new, rules, (core.ILLEGAL, core.P_WRONG_SUIT), action, context=context, base=meld)
    new_mask = 0
    new_aces = 0
    on_suit_twos = 0
    new_wild_codes: list[int] = []
    on_suit_two_codes: list[int] = []
    for card in new:
        code = card.code
        if rules.is_wild(card):
            if card.is_two and rules.natural_two and card.suit == suit:
                on_suit_twos += 1
                on_suit_two_codes.append(code)
            else:
                new_wild_codes.append(code)
        elif code % 13 == 0:
            new_aces += 1
        else:
            bit = 2 << (code % 13)
            if new_mask & bit or old_naturals & bit:
                return Verdict(new, rules, (core.ILLEGAL, core.P_DUPLICATE_IN_RUN), action, base=meld)
            new_mask |= bit
    problems = 0
    ace_options = {0: [0], 1: [2, 1 << 14], 2: [2 | 1 << 14]}.get(new_aces, [])
    if not ace_options:
        problems |= core.P_DUPLICATE_IN_RUN
    if new_aces == 2 and not mr.ace_to_ace:
        return Verdict(new, rules, (core.ILLEGAL, core.P_TWO_ACES), action, base=meld)
    two_options = [1, 0] if on_suit_twos and not old_naturals & 4 else [0]
    for use_two in two_options:
        for ace_bits in ace_options:
            if ace_bits & old_naturals:
                problems |= core.P_DUPLICATE_IN_RUN if ace_bits & old_naturals == ace_bits else core.P_TWO_ACES
                continue
            added = new_mask | ace_bits | (4 if use_two else 0)
            both_aces = (added & 2 and old_naturals & (1 << 14)) or (added & (1 << 14) and old_naturals & 2)
            if both_aces and not mr.ace_to_ace:
                problems |= core.P_TWO_ACES
                continue
            naturals = old_naturals | added
            wild_codes = new_wild_codes + on_suit_two_codes[use_two:]
            displaced = [position for position in old_wilds if added >> position & 1]
            if swap is None and displaced:
                problems |= core.P_WILD_FIXED  # putting a card where a wild stands is a swap
                continue
            if swap is not None and displaced != [swap]:
                problems |= core.P_WRONG_SWAP_CARD
                continue
            fixed = {
                position: code
                for position, code in old_wilds.items()
                if position not in displaced and (mr.low_end or natural_low < position < natural_high)
            }
            free_wilds = wild_codes + [old_wilds[position] for position in old_wilds if position not in fixed]
            total_wilds = len(fixed) + len(free_wilds)
            if total_wilds > mr.max_wilds:
                problems |= core.P_TOO_MANY_WILDS
                continue
            fixed_mask = 0
            for position in fixed:
                fixed_mask |= 1 << position
            placed = core.place_run(naturals, total_wilds, fixed_mask, mr)
            if placed < 0:
                problems |= -placed
                continue
            low, high = placed >> 4, placed & 15
            if any(not low <= position <= high for position in fixed):
                problems |= core.P_WILD_FIXED
                continue
            if low == 1 and high == 14 and not mr.ace_to_ace:
                problems |= core.P_TWO_ACES
                continue
            result = _run_meld(suit, low, high, naturals, free_wilds, fixed)
            solution = (core.RUN, result.clean, suit, low, high, naturals, use_two)
            return Verdict(new, rules, solution, action, meld=result, base=meld)
    context = {}
    if problems & core.P_WILD_FIXED and old_wilds:
        position, code = next(iter(old_wilds.items()))
        context = {"wild": Card.from_code(code), "stands_for": Card(1 if position == 14 else position, suit)}
    if problems & core.P_GAP:
        context["missing"] = _missing(meld, new, suit)
    return Verdict(new, rules, (core.ILLEGAL, problems or core.P_GAP), action, context=context, base=meld)


def _missing(meld: Meld, new: tuple[Card, ...], suit: Suit) -> list[Card]:
    positions = {slot.position for slot in meld.slots if slot.position is not None}
    for card in new:
        if card.suit == suit and card.rank is not None and card.rank != Rank.TWO:
            positions.add(int(card.rank) if card.rank != Rank.ACE or min(positions) <= 7 else 14)
    low, high = min(positions), max(positions)
    return [Card(1 if p == 14 else p, suit) for p in range(low, high + 1) if p not in positions]
