"""Hand scoring with an itemised breakdown, score sheets, and the match result.

Each side scores the value of every card it melded (2s and jokers at their own
value wherever they sit), minus the cards its players still hold, plus a bonus for
each burraco, plus the closing bonus for the side that closed, minus the penalty for
a pot (pozzetto / morto) it never took. Every number comes from the :class:`Rules`
object, and every line of the breakdown names the document it comes from.

002's worked example, "North closes":

>>> from buraco_learn import preset
>>> rules = preset("italian")
>>> ns = SideInput.of(["3H 4H 5H 6H 7H 8H 9H", "AS AH AD JK"], hands=["", "7H 3S"], pot="taken")
>>> ew = SideInput.of(["QS QS QH QH QD QC 2C", "4C 5C 6C"], hands=["KH", "JK"], pot="taken")
>>> scores = score_hand({"North-South": ns, "East-West": ew}, "North-South", rules)
>>> scores["North-South"].total, scores["East-West"].total
(410, 155)
>>> for item in scores["North-South"].items():
...     print(item)
+45  meld 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥  (002 'Scoring')
+75  meld A♠ A♥ A♦ JK  (002 'Scoring')
-10  in hand: 7♥ 3♠  (002 'Scoring')
+200  clean burraco 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥  (002 'Melds')
+100  closing  (002 'Scoring')
>>> match_winner({"North-South": 2010, "East-West": 1990}, rules)
'North-South'
>>> match_winner({"North-South": 2100, "East-West": 2100}, rules) is None  # level: play another hand
True
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from buraco_learn.cards import Card, Rank, copies_in_deck, parse_cards
from buraco_learn.errors import InvalidRecordError
from buraco_learn.game.predicates import BURRACO, POT, close_shortfall
from buraco_learn.i18n import N_, _
from buraco_learn.melds import Meld, burraco_kind, check_meld
from buraco_learn.problems import rank_plural
from buraco_learn.rules import Rules
from buraco_learn.sources import cite
from buraco_learn.vocabulary import vocabulary

POT_TAKEN: Final = "taken"
POT_NOT_TAKEN: Final = "not-taken"
POT_NONE: Final = "none"
POT_STATES: Final = (POT_TAKEN, POT_NOT_TAKEN, POT_NONE)

SHEET_FORMAT: Final = (
    '{"closed_by": SIDE or null, "sides": {SIDE: {"melds": [[CARD, ...], ...], '
    '"hands": [[CARD, ...], ...], "pot": "taken" | "not-taken" | {"unseen": [CARD, ...]}}, ...}}'
)

# item -> document -> the section of that document that states it (checked against shared/seeds/)
_SECTIONS: Final[dict[str, dict[str, str]]] = {
    "melded": {"000": "Going out and scoring", "001": "How you win", "002": "Scoring", "003": "Scoring", "004": "The rules in full"},
    "in_hand": {"000": "Going out and scoring", "001": "How you win", "002": "Scoring", "003": "Scoring", "004": "Going out and scoring"},
    "burraco": {"000": "The burraco and the morto (pot)", "001": "How you win", "002": "Melds", "003": "Scoring", "004": "The rules in full"},
    "closing": {"000": "Going out and scoring", "001": "How you win", "002": "Scoring", "003": "Scoring", "004": "Going out and scoring"},
    "pot_penalty": {"000": "Going out and scoring", "001": "How you win", "002": "Scoring", "003": "Scoring"},
    "pot_size": {"000": "The deck and the deal", "001": "Set it up", "002": "Setup", "003": "Players and cards"},
}


def source_of(item: str, document: str) -> str:
    """The short citation of one scoring rule for a ruleset based on ``document``.

    >>> source_of("closing", "002"), source_of("pot_penalty", "004")
    ("002 'Scoring'", "004 is silent; buraco-learn follows 002 'Scoring'")
    """
    sections = _SECTIONS[item]
    if document in sections:
        return f"{document} '{sections[document]}'"
    fallback = "002" if "002" in sections else min(sections)
    return f"{document} is silent; buraco-learn follows {fallback} '{sections[fallback]}'"


def pot_word(rules: Rules) -> str:
    """What the ruleset's document calls the pot: 'pozzetto' (002) or 'morto' (see :mod:`buraco_learn.vocabulary`)."""
    return vocabulary(rules).pot


def burraco_word(rules: Rules) -> str:
    """What the ruleset's document calls a meld of seven: burraco, canasta or canastra (see :mod:`buraco_learn.vocabulary`)."""
    return vocabulary(rules).burraco


# -- values ---------------------------------------------------------------------


@dataclass(frozen=True)
class SideInput:
    """What one side has at the end of a hand: its melds, the cards its players
    still hold, and its pot: ``"taken"``, ``"not-taken"``, ``"none"`` (a ruleset
    without pots) or the cards of a pot taken but not yet looked at.
    """

    melds: tuple[Meld, ...]
    hands: tuple[tuple[Card, ...], ...]
    pot: str | tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "melds", tuple(self.melds))
        object.__setattr__(self, "hands", tuple(tuple(hand) for hand in self.hands))
        if isinstance(self.pot, str):
            if self.pot not in POT_STATES:
                raise InvalidRecordError(
                    f"invalid pot {self.pot!r}: write 'taken', 'not-taken', 'none' or the cards of a pot taken but unseen"
                )
        else:
            object.__setattr__(self, "pot", tuple(self.pot))
        if not all(isinstance(meld, Meld) for meld in self.melds):
            raise InvalidRecordError(f"invalid melds {self.melds!r}: expected Meld values (see Meld.parse)")
        if not all(isinstance(card, Card) for cards in (*self.hands, self.unseen_pot) for card in cards):
            raise InvalidRecordError("invalid cards: hands and an unseen pot hold Card values (see Card.parse)")

    @classmethod
    def of(
        cls,
        melds: Iterable[str | Meld],
        hands: Iterable[str | Iterable[str | Card]] = (),
        pot: str | Iterable[str | Card] = POT_TAKEN,
        rules: Rules | None = None,
    ) -> SideInput:
        """A side from notation: melds as in :meth:`Meld.parse`, hands as in :func:`parse_cards`;
        ``pot`` is a word of :data:`POT_STATES` or the cards of a pot taken but unseen.

        >>> side = SideInput.of(["JK 6D 7D"], hands=["KH 3S"], pot="not-taken")
        >>> side.melds, side.hands
        ((Meld.parse('JK=5D 6D 7D'),), ((Card.parse('KH'), Card.parse('3S')),))
        """
        parsed = tuple(meld if isinstance(meld, Meld) else Meld.parse(meld, rules) for meld in melds)
        held = tuple(parse_cards(hand) for hand in hands)
        if isinstance(pot, str) and pot in POT_STATES:
            return cls(parsed, held, pot)
        return cls(parsed, held, parse_cards(pot))  # the cards of a pot taken but unseen

    @property
    def unseen_pot(self) -> tuple[Card, ...]:
        """The cards of a pot taken but unseen (empty otherwise)."""
        return () if isinstance(self.pot, str) else self.pot

    def cards(self) -> list[tuple[Card, str]]:
        """Every card the side accounts for, with where it is (for consistency checks)."""
        found = [(card, _("meld {number}", number=number)) for number, meld in enumerate(self.melds, 1) for card in meld.cards]
        found += [(card, _("hand {number}", number=number)) for number, hand in enumerate(self.hands, 1) for card in hand]
        found += [(card, _("unseen pot")) for card in self.unseen_pot]
        return found


@dataclass(frozen=True)
class BurracoItem:
    """One burraco of a side: the meld, its kind (see :func:`burraco_kind`) and its bonus."""

    meld: Meld
    kind: str
    bonus: int


@dataclass(frozen=True)
class ScoreItem:
    """One line of the breakdown: what, how many points, and the rule's source."""

    label: str
    points: int
    source: str
    #: The line as a message of the catalogue (``{cards}`` its cards), for :meth:`text`; empty: the label as it is.
    message: str = field(default="", compare=False, repr=False)
    cards: str = field(default="", compare=False, repr=False)

    def text(self) -> str:
        """The line for people, in the current language, a joker by its name (:attr:`label` is the
        line as the JSON output writes it, the joker as ``JK``).

        >>> from buraco_learn import preset
        >>> from buraco_learn.i18n import use
        >>> item = score_side(SideInput.of(["5S 6S 7S"], hands=["JK"]), False, preset("italian")).items()[1]
        >>> item.label, item.text()
        ('in hand: JK', 'in hand: joker')
        >>> with use("it"):
        ...     item.text()
        'in mano: jolly'
        """
        if not self.message:
            return self.label
        return _(self.message, cards=card_faces(self.cards))

    def __str__(self) -> str:
        return f"{self.points:+d}  {self.label}  ({self.source})"

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "points": self.points, "source": self.source}


@dataclass(frozen=True)
class SideScore:
    """One side's score for a hand; ``total`` is the sum of the parts.

    ``breakdown`` holds the itemised lines made by :func:`score_side` (one per meld,
    per hand held, per burraco, then closing and pot); :meth:`items` returns them.
    """

    side: str
    melded: int
    in_hand: int
    burracos: tuple[BurracoItem, ...]
    burraco_bonus: int
    closing_bonus: int
    pot: int
    total: int
    breakdown: tuple[ScoreItem, ...] = field(default=(), repr=False)

    def __post_init__(self) -> None:
        parts = self.melded + self.in_hand + self.burraco_bonus + self.closing_bonus + self.pot
        if self.in_hand > 0 or self.pot > 0:
            raise ValueError(f"cards in hand and the pot can only cost points: in_hand={self.in_hand}, pot={self.pot}")
        if parts != self.total or sum(item.bonus for item in self.burracos) != self.burraco_bonus:
            raise ValueError(f"the parts of {self.side!r}'s score do not add up to its total {self.total}")
        if self.breakdown and sum(item.points for item in self.breakdown) != self.total:
            raise ValueError(f"the breakdown of {self.side!r}'s score does not add up to its total {self.total}")

    def items(self) -> list[ScoreItem]:
        """The itemised breakdown in teaching order: melds, hands, burracos, closing, pot."""
        if self.breakdown:
            return list(self.breakdown)
        lines = [
            ScoreItem("cards melded", self.melded, "", N_("cards melded")),
            ScoreItem("cards in hand", self.in_hand, "", N_("cards in hand")),
            *(ScoreItem(f"{b.kind} burraco {b.meld.notation(unicode=True)}", b.bonus, "", _BURRACO_LINES.get((b.kind, "burraco"), ""),
                        b.meld.notation(unicode=True)) for b in self.burracos),
            ScoreItem("closing", self.closing_bonus, "", N_("closing")),
            ScoreItem("pot", self.pot, "", N_("pot")),
        ]
        return [line for line in lines if line.points]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: total, melded, in_hand, burraco_bonus, burracos, closing_bonus, pot, items."""
        return {
            "total": self.total,
            "melded": self.melded,
            "in_hand": self.in_hand,
            "burraco_bonus": self.burraco_bonus,
            "burracos": [{"meld": b.meld.notation(), "kind": b.kind, "bonus": b.bonus} for b in self.burracos],
            "closing_bonus": self.closing_bonus,
            "pot": self.pot,
            "items": [item.to_dict() for item in self.items()],
        }


# -- scoring --------------------------------------------------------------------


def burraco_bonus(kind: str, rules: Rules) -> int:
    """The bonus for a burraco of ``kind`` under ``rules``.

    >>> from buraco_learn import preset
    >>> [burraco_bonus(kind, preset("brazil-online")) for kind in ("clean", "dirty", "royal", "ace-to-ace")]
    [200, 100, 500, 1000]
    """
    bonuses = {
        "clean": rules.clean_bonus,
        "dirty": rules.dirty_bonus,
        "semi-clean": rules.semi_clean_bonus,
        "royal": rules.royal_bonus,
        "ace-to-ace": rules.ace_to_ace_bonus,
    }
    if kind not in bonuses:
        raise ValueError(f"unknown burraco kind {kind!r}: one of {', '.join(bonuses)}")
    return bonuses[kind]


def _burraco_source(kind: str, rules: Rules) -> str:
    if kind == "semi-clean":
        return cite("semi_clean", rules.source).short()
    if kind in ("royal", "ace-to-ace"):
        return cite("royal", rules.source).short()
    return source_of("burraco", rules.source)


def _unicode(cards: Iterable[Card]) -> str:
    return " ".join(card.unicode() for card in cards)


def card_faces(cards: str) -> str:
    """Cards as a score line writes them (``9♦ JK``), the joker named in the current language."""
    joker = _("joker")
    return " ".join(joker if token == "JK" else token.replace("JK=", f"{joker}=") for token in cards.split(" ")) if cards else cards


#: The score's lines about the pot, by the pot's name (``{cards}`` the pot's cards).
_POT_NOT_TAKEN: Final = {"pozzetto": N_("pozzetto not taken"), "morto": N_("morto not taken"), "pot": N_("pot not taken")}
_POT_UNSEEN: Final = {"pozzetto": N_("pozzetto taken but unseen: {cards}"), "morto": N_("morto taken but unseen: {cards}"),
                      "pot": N_("pot taken but unseen: {cards}")}
_POT_PENALTY: Final = {
    "pozzetto": N_("pozzetto taken but unseen: the penalty, not its cards ({cards})"),
    "morto": N_("morto taken but unseen: the penalty, not its cards ({cards})"),
    "pot": N_("pot taken but unseen: the penalty, not its cards ({cards})"),
}
#: A burraco's line, by its kind and the ruleset's word for it (``{cards}`` the meld).
_BURRACO_LINES: Final = {
    ("clean", "burraco"): N_("clean burraco {cards}"),
    ("semi-clean", "burraco"): N_("semi-clean burraco {cards}"),
    ("dirty", "burraco"): N_("dirty burraco {cards}"),
    ("royal", "burraco"): N_("royal burraco {cards}"),
    ("ace-to-ace", "burraco"): N_("ace-to-ace burraco {cards}"),
    ("clean", "canasta"): N_("clean canasta {cards}"),
    ("semi-clean", "canasta"): N_("semi-clean canasta {cards}"),
    ("dirty", "canasta"): N_("dirty canasta {cards}"),
    ("royal", "canasta"): N_("royal canasta {cards}"),
    ("ace-to-ace", "canasta"): N_("ace-to-ace canasta {cards}"),
    ("clean", "canastra"): N_("clean canastra {cards}"),
    ("semi-clean", "canastra"): N_("semi-clean canastra {cards}"),
    ("dirty", "canastra"): N_("dirty canastra {cards}"),
    ("royal", "canastra"): N_("royal canastra {cards}"),
    ("ace-to-ace", "canastra"): N_("ace-to-ace canastra {cards}"),
}


def score_side(side: SideInput, closed: bool, rules: Rules, name: str = "") -> SideScore:
    """Score one side's hand; ``closed`` is true for the side that closed.

    >>> from buraco_learn import preset
    >>> side = SideInput.of(["5S 6S 7S"], hands=["JK"], pot="not-taken")
    >>> score = score_side(side, False, preset("italian"), "East-West")
    >>> score.melded, score.in_hand, score.pot, score.total
    (15, -30, -100, -115)
    """
    doc = rules.source
    items: list[ScoreItem] = []
    melded = 0
    for meld in side.melds:
        points = sum(rules.value(card) for card in meld.cards)
        melded += points
        notation = meld.notation(unicode=True)
        items.append(ScoreItem(f"meld {notation}", points, source_of("melded", doc), N_("meld {cards}"), notation))
    in_hand = 0
    for hand in side.hands:
        if hand:
            points = -sum(rules.value(card) for card in hand)
            in_hand += points
            items.append(ScoreItem(f"in hand: {_unicode(hand)}", points, source_of("in_hand", doc), N_("in hand: {cards}"), _unicode(hand)))
    pot = 0
    pot_item: ScoreItem | None = None
    unseen = side.unseen_pot
    if not isinstance(side.pot, str):
        if rules.unseen_pot_counts_cards:
            # 002 'Scoring': "its owners subtract the value of its cards instead of the 100"
            pot = -sum(rules.value(card) for card in unseen)
            label = f"{pot_word(rules)} taken but unseen: {_unicode(unseen)}"
            pot_item = ScoreItem(label, pot, cite("unseen_pot", doc).short(), _POT_UNSEEN.get(pot_word(rules), ""), _unicode(unseen))
        else:
            # the option off (a house rule): the penalty, not the cards' value
            pot = -rules.pot_penalty
            label = f"{pot_word(rules)} taken but unseen: the penalty, not its cards ({_unicode(unseen)})"
            pot_item = ScoreItem(label, pot, source_of("pot_penalty", doc), _POT_PENALTY.get(pot_word(rules), ""), _unicode(unseen))
    elif side.pot == POT_NOT_TAKEN:
        pot = -rules.pot_penalty
        pot_item = ScoreItem(f"{pot_word(rules)} not taken", pot, source_of("pot_penalty", doc), _POT_NOT_TAKEN.get(pot_word(rules), ""))
    burracos = []
    for meld in side.melds:
        kind = burraco_kind(meld, rules)
        if kind is None:
            continue
        bonus = burraco_bonus(kind, rules)
        burracos.append(BurracoItem(meld, kind, bonus))
        label = f"{kind} {burraco_word(rules)} {meld.notation(unicode=True)}"
        items.append(ScoreItem(label, bonus, _burraco_source(kind, rules), _BURRACO_LINES.get((kind, burraco_word(rules)), ""),
                               meld.notation(unicode=True)))
    closing = rules.closing_bonus if closed else 0
    if closed:
        items.append(ScoreItem("closing", closing, source_of("closing", doc), N_("closing")))
    if pot_item is not None:
        items.append(pot_item)
    bonus_total = sum(item.bonus for item in burracos)
    return SideScore(
        side=name,
        melded=melded,
        in_hand=in_hand,
        burracos=tuple(burracos),
        burraco_bonus=bonus_total,
        closing_bonus=closing,
        pot=pot,
        total=melded + in_hand + bonus_total + closing + pot,
        breakdown=tuple(items),
    )


def score_hand(sides: Mapping[str, SideInput], closed_by: str | None, rules: Rules) -> dict[str, SideScore]:
    """Score every side of a hand, in the order given; ``closed_by`` names the side
    that closed (None when the hand ended without a closing).

    The input is trusted to be consistent (the game engine made it); to check a
    hand written down by people, use :func:`check_hand` or :func:`parse_score_sheet`.
    """
    if closed_by is not None and closed_by not in sides:
        raise InvalidRecordError(f"closed_by {closed_by!r} is not a side of this hand: {', '.join(map(repr, sides))}")
    return {name: score_side(side, name == closed_by, rules, name) for name, side in sides.items()}


def format_breakdown(scores: Mapping[str, SideScore]) -> str:
    """A readable table: every side's itemised lines with their sources, then the totals.

    >>> from buraco_learn import preset
    >>> side = SideInput.of(["5S 6S 7S"], hands=["JK"], pot="not-taken")
    >>> print(format_breakdown(score_hand({"East-West": side}, None, preset("italian"))))
    East-West
         +15  meld 5♠ 6♠ 7♠       (002 'Scoring')
         -30  in hand: joker      (002 'Scoring')
        -100  pozzetto not taken  (002 'Scoring')
        -115  total for East-West
    <BLANKLINE>
    Totals: East-West -115
    """
    lines: list[str] = []
    for name, score in scores.items():
        items = score.items()
        texts = [item.text() for item in items]
        width = max((len(text) for text in texts), default=0)
        lines.append(_("{side} (closed the hand)", side=name) if score.closing_bonus else name)
        lines += [f"  {item.points:+6d}  {text:<{width}}  ({item.source})" for item, text in zip(items, texts)]
        lines += [f"  {score.total:6d}  " + _("total for {side}", side=name), ""]
    totals = ", ".join(f"{name} {score.total}" for name, score in scores.items())
    lines.append(_("Totals: {totals}", totals=totals))
    return "\n".join(lines)


# -- checking a hand --------------------------------------------------------------


def _fail(message: str) -> InvalidRecordError:
    return InvalidRecordError(_("invalid score sheet: {problem}", problem=message))


def _quoted(key: str, document: str) -> str:
    citation = cite(key, document)
    return f"({citation.short()}: \"{citation.quote}\")"


def _players_per_side(rules: Rules) -> int:
    return 2 if rules.partnerships and rules.players >= 3 else 1


def check_hand(sides: Mapping[str, SideInput], closed_by: str | None, rules: Rules) -> None:
    """Check that a hand written down after play could have happened under ``rules``.

    Raises :class:`InvalidRecordError` naming what is wrong, the rule and its document.

    >>> from buraco_learn import preset
    >>> ns = SideInput.of(["3H 4H 5H 6H 7H 8H 9H"], hands=["", "7H 3S"], pot="not-taken")
    >>> check_hand({"NS": ns}, "NS", preset("italian"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    buraco_learn.errors.InvalidRecordError: invalid score sheet: side 'NS' closed but never took its pozzetto; a side may close only when ... (002 'Closing': "your side has taken its pozzetto, ...")
    """
    if not sides:
        raise _fail(_("no sides: a hand has at least one side"))
    if len(sides) > len(rules.sides):
        raise _fail(_("{count} sides, but a table of {players} under {ruleset} has {sides}", count=len(sides),
                      players=rules.players, ruleset=rules.name, sides=len(rules.sides)))
    if closed_by is not None and closed_by not in sides:
        raise _fail(_("closed_by {name} is not a side: the sides are {sides}", name=repr(closed_by),
                      sides=", ".join(map(repr, sides))))
    _check_copies(sides, rules)
    for name, side in sides.items():
        _check_pot(name, side, rules)
        _check_sets(name, side, rules)
    if closed_by is not None:
        _check_closing(closed_by, sides[closed_by], rules)


def _check_copies(sides: Mapping[str, SideInput], rules: Rules) -> None:
    where: dict[Card, list[str]] = {}
    for name, side in sides.items():
        for card, place in side.cards():
            where.setdefault(card, []).append(_("side {side} {place}", side=repr(name), place=place))
    for card, places in where.items():
        allowed = copies_in_deck(card, rules.jokers)
        if len(places) > allowed:
            deck = _quoted("deck", rules.source)
            if allowed == 0:
                raise _fail(_("a joker ({place}), but the {ruleset} deck has no jokers {rule}", place=places[0],
                              ruleset=rules.name, rule=deck))
            if card.is_joker:
                raise _fail(_("{count} jokers ({places}), but the deck holds only {allowed} jokers {rule}", count=len(places),
                              places="; ".join(places), allowed=allowed, rule=deck))
            raise _fail(_("{count} copies of {card} ({places}), but the deck holds only {allowed} of each card {rule}",
                          count=len(places), card=card.unicode(), places="; ".join(places), allowed=allowed, rule=deck))


def _no_pot(name: str, rules: Rules) -> str:
    return _("side {side} has no 'pot': under {ruleset} each side has a {pot}; write \"taken\", \"not-taken\" or "
             "{{\"unseen\": [CARD, ...]}} ({source})", side=repr(name), ruleset=rules.name, pot=pot_word(rules),
             source=source_of("pot_size", rules.source))


def _check_pot(name: str, side: SideInput, rules: Rules) -> None:
    word = pot_word(rules)
    if rules.pot_sizes and side.pot == POT_NONE:
        raise _fail(_no_pot(name, rules))
    if not rules.pot_sizes and side.pot != POT_NONE:
        shown = side.pot if isinstance(side.pot, str) else "unseen"
        raise _fail(
            f"side {name!r} has pot {shown!r}, but the {rules.name} rules have no pots "
            f"({rules.source} {'has none' if rules.source == '004' else 'with pot_sizes empty'}): leave 'pot' out"
        )
    unseen = side.unseen_pot
    if not isinstance(side.pot, str) and len(unseen) not in rules.pot_sizes:
        sizes = _(" or ").join(str(size) for size in sorted(set(rules.pot_sizes)))
        raise _fail(_("side {side} has an unseen {pot} of {count} cards, but an unseen {pot} holds all its cards as "
                      "dealt: {sizes} under {ruleset} ({source})", side=repr(name), pot=word, count=len(unseen),
                      sizes=sizes, ruleset=rules.name, source=source_of("pot_size", rules.source)))


def _sets_per_rank(side: SideInput, rules: Rules) -> int:
    """How many sets of one rank ``side`` may hold: one (002 'Melds'), but two for the pair of
    the three-player game (002 'Variants'): before the first player empties their hand,
    every player melds alone, so each future partner may have made a set of the rank, and
    the game keeps both when they become partners (a side listing two players' hands)."""
    three_player = rules.players == 3 and rules.partnerships and len(rules.pot_sizes) == 2
    return 2 if three_player and len(side.hands) == 2 else 1


def _check_sets(name: str, side: SideInput, rules: Rules) -> None:
    if not rules.one_set_per_rank:
        return
    allowed = _sets_per_rank(side, rules)
    seen: dict[Rank, list[Meld]] = {}
    for meld in side.melds:
        rank = meld.rank
        if meld.kind != "set" or rank is None:
            continue
        seen.setdefault(rank, []).append(meld)
        if len(seen[rank]) > allowed:
            shown = "; ".join(other.notation(unicode=True) for other in seen[rank])
            if allowed == 1:
                raise _fail(_("side {side} has two sets of {ranks} ({melds}), but a side may have only one set of each "
                              "rank {rule}", side=repr(name), ranks=rank_plural(int(rank)), melds=shown,
                              rule=_quoted("one_set_per_rank", rules.source)))
            raise _fail(_("side {side} has {count} sets of {ranks} ({melds}), but the pair of the three-player game holds at "
                          "most one each partner made before they became partners {rule}", side=repr(name),
                          count=len(seen[rank]), ranks=rank_plural(int(rank)), melds=shown,
                          rule=_quoted("one_set_per_rank", rules.source)))


def _check_closing(name: str, side: SideInput, rules: Rules) -> None:
    rule = _quoted("close_conditions", rules.source)
    lacking = close_shortfall(rules, side.pot != POT_NOT_TAKEN, side.melds)
    if lacking == POT:
        raise _fail(_("side {side} closed but never took its {pot}; a side may close only when it has taken it {rule}",
                      side=repr(name), pot=pot_word(rules), rule=rule))
    word = burraco_word(rules)
    if lacking == BURRACO and rules.close_needs_burraco == "clean":
        raise _fail(_("side {side} closed without a clean {burraco} on the table; under {ruleset} a side needs one to "
                      "close {rule}", side=repr(name), burraco=word, ruleset=rules.name, rule=rule))
    if lacking == BURRACO:
        raise _fail(_("side {side} closed without a {burraco} on the table; a side needs one to close {rule}",
                      side=repr(name), burraco=word, rule=rule))
    per_side = _players_per_side(rules)
    if len(side.hands) >= per_side and all(side.hands):
        raise _fail(_("side {side} closed, but every one of its players still holds cards: who closes has none left "
                      "{rule}", side=repr(name), rule=rule))


# -- score sheets -------------------------------------------------------------------


def _keys(data: dict[str, Any], required: tuple[str, ...], optional: tuple[str, ...], where: str) -> None:
    for key in required:
        if key not in data:
            raise _fail(_("{where} has no {key}; a score sheet is {format}", where=where, key=repr(key), format=SHEET_FORMAT))
    known = required + optional
    for key in data:
        if key not in known:
            close = difflib.get_close_matches(str(key), known, n=1)
            expected = ", ".join(map(repr, known))
            if close:
                raise _fail(_("{where} has an unknown key {key} (did you mean {close}? expected {expected})", where=where,
                              key=repr(key), close=repr(close[0]), expected=expected))
            raise _fail(_("{where} has an unknown key {key} (expected {expected})", where=where, key=repr(key),
                          expected=expected))


def _card_list(value: object, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise _fail(_("{where} must be a list of cards such as [\"5H\", \"JK\"], not {value}", where=where, value=repr(value)))
    cards = []
    for item in value:
        try:
            cards.append(Card.parse(item))
        except ValueError as error:
            raise _fail(f"{where}: {error}") from None
    return tuple(cards)


def _list_of_lists(value: object, where: str) -> list[object]:
    if not isinstance(value, list):
        raise _fail(_("{where} must be a list of card lists such as [[\"5H\", \"6H\", \"7H\"]], not {value}", where=where,
                      value=repr(value)))
    return value


def _parse_side(name: str, data: object, rules: Rules) -> SideInput:
    where = _("side {side}", side=repr(name))
    if not isinstance(data, dict):
        raise _fail(_("{where} must be an object with 'melds', 'hands' and 'pot', not {value}", where=where, value=repr(data)))
    _keys(data, ("melds", "hands"), ("pot",), where)
    melds = []
    for number, raw in enumerate(_list_of_lists(data["melds"], f"{where} 'melds'"), 1):
        cards = _card_list(raw, _("{where} meld {number}", where=where, number=number))
        verdict = check_meld(cards, rules)
        if verdict.meld is None:
            raise _fail(_("side {side} meld {number} ({cards}) is illegal: {why}", side=repr(name), number=number,
                          cards=" ".join(card.notation() for card in cards), why=" ".join(verdict.explanations)))
        melds.append(verdict.meld)
    hands = [_card_list(raw, _("{where} hand {number}", where=where, number=number)) for number, raw in enumerate(_list_of_lists(data["hands"], f"{where} 'hands'"), 1)]
    pot: str | tuple[Card, ...]
    raw_pot = data.get("pot")
    if raw_pot is None or raw_pot == POT_NONE:
        pot = POT_NONE
        if rules.pot_sizes:
            raise _fail(_no_pot(name, rules))
    elif raw_pot in (POT_TAKEN, POT_NOT_TAKEN):
        pot = str(raw_pot)
    elif isinstance(raw_pot, dict) and list(raw_pot) == ["unseen"]:
        pot = _card_list(raw_pot["unseen"], _("{where} unseen pot", where=where))
    else:
        raise _fail(_("{where} 'pot' must be \"taken\", \"not-taken\" or {{\"unseen\": [CARD, ...]}}, not {value}", where=where,
                      value=repr(raw_pot)))
    return SideInput(tuple(melds), tuple(hands), pot)


def parse_score_sheet(data: object, rules: Rules) -> tuple[dict[str, SideInput], str | None]:
    """Read a score sheet (parsed JSON) written down after play, and check it.

    The sheet is ``{"closed_by": SIDE or null, "sides": {SIDE: {"melds": [[CARD, ...],
    ...], "hands": [[CARD, ...], ...], "pot": "taken" | "not-taken" | {"unseen": [CARD,
    ...]}}, ...}}``. Melds are arranged by :func:`check_meld` (card order does not
    matter). Under a ruleset without pots (004) ``pot`` is left out (or null); any
    pot given there is an error. Raises :class:`InvalidRecordError`.

    >>> from buraco_learn import preset
    >>> sheet = {"closed_by": None, "sides": {"A": {"melds": [["7D", "JK", "6D"]], "hands": [], "pot": "taken"}}}
    >>> sides, closed_by = parse_score_sheet(sheet, preset("italian"))
    >>> sides["A"].melds, closed_by
    ((Meld.parse('JK=5D 6D 7D'),), None)
    >>> sheet["sides"]["A"]["melds"] = [["7D", "JK", "5X"]]
    >>> parse_score_sheet(sheet, preset("italian"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    buraco_learn.errors.InvalidRecordError: invalid score sheet: side 'A' meld 1: invalid card notation '5X': ...
    """
    if not isinstance(data, dict):
        raise _fail(_("expected a JSON object, not {kind}; a score sheet is {format}", kind=type(data).__name__,
                      format=SHEET_FORMAT))
    _keys(data, ("closed_by", "sides"), (), _("the sheet"))
    closed_by = data["closed_by"]
    if closed_by is not None and not isinstance(closed_by, str):
        raise _fail(_("'closed_by' must be a side's name or null, not {value}", value=repr(closed_by)))
    raw_sides = data["sides"]
    if not isinstance(raw_sides, dict) or not raw_sides:
        raise _fail(_("'sides' must be an object with at least one side, not {value}", value=repr(raw_sides)))
    sides = {str(name): _parse_side(str(name), side, rules) for name, side in raw_sides.items()}
    check_hand(sides, closed_by, rules)
    return sides, closed_by


# -- the match ---------------------------------------------------------------------


def target_reached(total: int, target: int, inclusive: bool) -> bool:
    """Whether a match total ends the match: it reaches the target (002 'reaches 2005 or
    more'), or with ``inclusive`` false passes it (000 'pass 2000'; ``target_inclusive``).

    >>> target_reached(2000, 2000, True), target_reached(2000, 2000, False)
    (True, False)
    """
    return total >= target if inclusive else total > target


def points_to_target(total: int, target: int, inclusive: bool) -> int:
    """How many points a total still needs to end the match (:func:`target_reached`).

    >>> points_to_target(1500, 2005, True), points_to_target(1500, 2000, False)
    (505, 501)
    """
    return target - total + (0 if inclusive else 1)


def match_winner(totals: Mapping[str, int], rules: Rules) -> str | None:
    """The side that has won the match, or None while it goes on.

    When a side reaches the target (``rules.target``; with ``target_inclusive``
    false it must be passed, 000's "pass 2000"), the side with more points wins; if
    the leaders are level, nobody wins yet and another hand is played (002
    'Winning the game').

    >>> from buraco_learn import preset
    >>> match_winner({"NS": 2000, "EW": 1500}, preset("bukharo")) is None  # 000: pass 2000
    True
    >>> match_winner({"NS": 2001, "EW": 1500}, preset("bukharo"))
    'NS'
    """
    if not totals:
        return None
    best = max(totals.values())
    if not target_reached(best, rules.target, rules.target_inclusive):
        return None
    leaders = [name for name, total in totals.items() if total == best]
    return leaders[0] if len(leaders) == 1 else None

