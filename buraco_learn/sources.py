"""The five rule documents and where in them each rule is written.

Every explanation the engine gives (a meld problem, an illegal action) ends with a
citation built here, so a learner can look the rule up and a teacher can settle an
argument. The documents themselves are in ``shared/seeds/`` of the project; they
are identified by number.

>>> DOCUMENTS["002"].title
'Burraco: full rules (Italian)'
>>> print(cite("one_wild", "002"))
002 Burraco: full rules (Italian), 'Melds': "each meld may contain at most one wild card"
>>> print(cite("one_set_per_rank", "000"))
buraco-learn's choice for 000 (the document is silent), following 002 'Melds': "Your side may have only one set of each rank"
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from buraco_learn.i18n import N_

if TYPE_CHECKING:
    from buraco_learn.rules import Rules


@dataclass(frozen=True)
class Document:
    """One rule document: its number, a title, and what it is."""

    id: str
    title: str
    file: str
    summary: str


DOCUMENTS: Final = {
    "000": Document(
        "000",
        "Bukharo (Buraco / Burraco) on a card portal",
        "000_88ac1e4d12496274.txt",
        N_("Partnership Burraco as a games portal teaches it: jokers 30, twos 20, race to 2000, "
           "the hand ends on the third-last stock card, morto penalty 100."),
    ),
    "001": Document(
        "001",
        "How to Play Buraco (Brazilian open Buraco)",
        "001_cab2bcc7303c5402.txt",
        N_("Buraco Aberto: runs only, jokers 20, twos 10, first-turn redraw, no starting discard, "
           "75-point opening minimum from 1,500, clean canasta to close, to 3,000."),
    ),
    "002": Document(
        "002",
        "Burraco: full rules (Italian)",
        "002_948bd361fc1281a4.txt",
        N_("Italian Burraco in full: one set per rank per side, wild at the low end, swapping a wild, "
           "pozzetti, closing, stalemate, scoring with a worked example, to 2005; variants."),
    ),
    "003": Document(
        "003",
        "Buraco Brazil Online",
        "003_7496a72f34d51cd7.txt",
        N_("Buraco on a Brazilian site: no jokers, 14-card ace-to-ace run, counter-clockwise play, "
           "the morto becomes the stock, royal canastra 500, ace-to-ace 1000; four more modes."),
    ),
    "004": Document(
        "004",
        "Cut-throat Buraco",
        "004_b05b3a78f0459051.txt",
        N_("Every player for themselves: sets of at most four distinct cards, two real cards per meld, "
           "add to anybody's melds, take any depth of the pile, pip values, to 3000."),
    ),
}

# rule key -> document -> (section, quote). A document appears only where it states the rule.
RULE_TEXT: Final[dict[str, dict[str, tuple[str, str]]]] = {
    "deck": {
        "000": ("The deck and the deal", "Bukharo uses 108 cards: two standard 52-card decks shuffled together plus 4 jokers"),
        "001": ("What you need", "Combine two ordinary 52-card decks and include the four jokers, making 108 cards"),
        "002": ("Overview", "two standard 52-card decks and 4 jokers (108 cards)"),
        "003": ("Players and cards", "There are no Jokers, only the Twos can be used as wildcards"),
        "004": ("The deal", "2 decks are shuffled together — 108 cards, including 4 jokers"),
    },
    "min_meld": {
        "000": ("Melds: sets and sequences", "a SET (three or more cards of the same rank) or a SEQUENCE (three or more consecutive cards of the same suit)"),
        "001": ("How to play", "one or more suited sequences of at least three consecutive cards"),
        "002": ("Melds", "A meld is at least three cards laid face up"),
        "003": ("Gameplay", "Three cards or more form a combination"),
        "004": ("Melds", "There are only two kinds, and both need at least three cards"),
    },
    "set": {
        "000": ("Melds: sets and sequences", "a SET (three or more cards of the same rank, e.g. three Kings)"),
        "002": ("Melds", "Set: three or more cards of the same rank, such as 10 10 10 or 4 4 4 4 2"),
        "003": ("Different variants", "Sets are not allowed in Aberto and Fechado STBL variants"),
        "004": ("Melds", "Set — the same rank in different suits, like 9♠ 9♥ 9♦"),
    },
    "no_sets": {
        "001": ("Quick questions", "Can a Buraco meld contain equal-rank cards? Not in this open version"),
        "003": ("Different variants", "Sets are not allowed in Aberto and Fechado STBL variants"),
    },
    "run": {
        "000": ("Melds: sets and sequences", "a SEQUENCE (three or more consecutive cards of the same suit, e.g. 5-6-7 of hearts)"),
        "001": ("What you are trying to do", "melds are suited sequences: three or more cards in order from the same suit"),
        "002": ("Melds", "Run: three or more cards of the same suit in a row, such as 7♥ 8♥ 9♥"),
        "003": ("Gameplay", "Three cards or more form a combination"),
        "004": ("Melds", "Run — a sequence in one suit, like 5♥ 6♥ 7♥"),
    },
    "one_wild": {
        "000": ("Melds: sets and sequences", "A meld may contain at most ONE wild card (a joker or a two used out of position)"),
        "001": ("How to play", "Each meld may contain no more than one wild card"),
        "002": ("Melds", "each meld may contain at most one wild card"),
        "003": ("Gameplay", "Players can use only one wildcard per combination"),
        "004": ("The rules in full", "At most one wild card in any meld"),
    },
    "wilds": {
        "000": ("The deck and the deal", "Wild cards are the four jokers and the eight twos (deuces)"),
        "001": ("What you are trying to do", "The twos and jokers are wild cards"),
        "002": ("The cards", "Wild cards (jokers and 2s) can stand in for a missing card in a meld"),
        "003": ("Players and cards", "only the Twos can be used as wildcards"),
        "004": ("The rules in full", "Every 2 is wild"),
    },
    "natural_two": {
        "000": ("Melds: sets and sequences", "A two of the correct suit used in its natural place (e.g. the 2 in A-2-3) does not count as wild"),
        "001": ("How to play", "A natural two is the two of its suit in its normal place below the three"),
        "002": ("Melds", "A 2 sitting in its natural place in a run of its own suit (e.g. 2♠ 3♠ 4♠) is not wild"),
        "004": ("The rules in full", "Every 2 is wild"),  # the other way: see _STANCES
    },
    "set_of_wilds": {
        "002": ("Melds", "A set may not be made only of wild cards – three 2s are not a set"),
        "004": ("The rules in full", "Every meld needs 2 real cards"),
    },
    "two_real": {
        "004": ("The rules in full", "Every meld needs 2 real cards"),
    },
    "set_limit": {
        "004": ("Melds", "Four at most, since there are only four suits, and two identical cards never count"),
    },
    "aces": {
        "000": ("Melds: sets and sequences", "A-2-3 and Q-K-A are both legal, but a sequence cannot wrap around (K-A-2 is not allowed) and a single sequence cannot use two Aces"),
        "001": ("How to play", "an ace can appear at either end, and a long sequence may have an ace at both ends"),
        "002": ("Melds", "the Ace can go below the 2 or above the King, but not both in the same run"),
        "003": ("Players and cards", "It is allowed to form a 14-card sequence with Aces at both ends"),
        "004": ("Melds", "The ace sits at either end, so A-2-3 and Q-K-A both work, but a run may not turn the corner: K-A-2 is not a run"),
    },
    "set_is_not_run": {
        "004": ("Melds", "A set is not a run. Three nines are a set however you look at them"),
    },
    "one_set_per_rank": {
        "002": ("Melds", "Your side may have only one set of each rank"),
    },
    "wild_low_end": {
        "002": ("Melds", "A wild card at the end of a run is placed at the lower end (e.g. joker 6♦ 7♦)"),
    },
    "swap": {
        "002": ("Melds", "A wild card can only be swapped for the exact card it represents"),
        "004": ("Your turn", "new melds, cards added to melds already on the table, or a swap for a joker"),
    },
    "whose_melds": {
        "000": ("How to play a turn", "starting new melds or adding cards to your team's existing melds"),
        "001": ("How to play", "You may add cards to either partner's melds, but never to the other team's melds"),
        "002": ("Melds", "You may never add to the opponents' melds"),
        "003": ("Gameplay", "Teams have their own area to meld and lay off cards"),
        "004": ("The rules in full", "You may add to anybody's melds"),
    },
    "burraco": {
        "000": ("The burraco and the morto (pot)", "A burraco is a meld grown to seven or more cards"),
        "001": ("What you are trying to do", "A sequence with seven or more cards is a canasta"),
        "002": ("Melds", "Burraco: a meld of seven or more cards"),
        "003": ("Gameplay", "Buraco (canastra) is called seven or more cards in a sequence"),
        "004": ("The rules in full", "A meld of 7 is a canasta: 200 clean, 100 with a wild card"),
    },
    "semi_clean": {
        "002": ("Variants", "a burraco of 8+ cards containing seven natural cards in a row (or seven equal cards) plus a wild card is semipulito and scores 150"),
    },
    "royal": {
        "003": ("Scoring", "Royal canastra (natural 13-card sequence): 500 points; Ace-to-Ace canastra (natural 14-card sequence): 1000 points"),
    },
    # -- turns (used by the game) -------------------------------------------------
    "draw": {
        "000": ("How to play a turn", "either take the single top card of the stock, or take the ENTIRE discard pile"),
        "001": ("How to play", "choose either the top card of the stock or the entire face-up discard pile"),
        "002": ("Playing a turn", "Draw the top card of the stock – or take the whole discard pile into your hand"),
        "003": ("Gameplay", "taking a single card from the Stock or taking all cards from the discarded pile"),
        "004": ("The rules in full", "You may take any depth of the discard pile, melding the card you went in for"),
    },
    "fechado_top": {
        "003": ("Different variants", "For all “Fechado” variants only the top card in the pile (the one placed last) is visible. It is mandatory to play immediately the top card from the discard pile"),
    },
    "first_turn_redraw": {
        "001": ("How to play", "The opening player draws one card from the stock. They may keep it, or discard it and draw one more card"),
    },
    "single_card_pile": {
        "002": ("Playing a turn", "If the discard pile has only one card, you may not take it and discard that same card again"),
        "003": ("Gameplay", "If only one card is taken from the discard pile, the players are not allowed to discard the same card"),
    },
    "discard": {
        "000": ("How to play a turn", "Finally you DISCARD one card face up to end your turn"),
        "001": ("How to play", "End every ordinary turn by placing one card face up on the discard pile"),
        "002": ("Playing a turn", "Discard one card face up onto the discard pile"),
        "003": ("Gameplay", "In the end, they must discard one card"),
        "004": ("Your turn", "Discard one card to end your turn"),
    },
    "opening_minimum": {
        "001": ("How to play", "If your team has reached 1,500 points or more, the first meld or group of melds you put down in that hand must total at least 75 card points"),
    },
    "no_opening_minimum": {
        "000": ("Going out and scoring", "There is no minimum value required for a team's first meld"),
        "002": ("Playing a turn", "There is no minimum for the first meld"),
        "004": ("Opening", "There is no minimum to open with"),
    },
    "pot": {
        "000": ("The burraco and the morto (pot)", "The first player on a team to empty their hand immediately picks up their team's morto as a fresh hand and keeps playing"),
        "001": ("How to play", "If the last card was melded, this is a direct pickup and the new cards may be played immediately. If the last card was discarded, the player takes the morto but waits until their next turn to use it"),
        "002": ("The pozzetti", "Directly: you meld all the cards in your hand without discarding, then pick up a pozzetto at once ... After discarding: ... it becomes your hand at your next turn"),
        "003": ("Taking morto", "if a player melded or laid off their last card, the turn continues. If a player discarded the final card, the turn ends"),
    },
    "no_pot": {
        "004": ("The idea", "The first player out ends the hand and everyone else is penalised for what they are still holding"),
    },
    "wild_to_pot": {
        "002": ("The pozzetti", "You may discard a wild card as your last card to reach the pozzetto"),
        "003": ("Gameplay", "Players can discard a wildcard if they are not going out"),
    },
    "close_conditions": {
        "000": ("Going out and scoring", "To 'close' (go out), your team must have taken its morto AND completed at least one burraco"),
        "001": ("How to play", "After your team has taken its morto, a player may go out only by melding all but one card, discarding the final card, and having the team already own at least one clean canasta"),
        "002": ("Closing", "your side has taken its pozzetto, your side has at least one burraco on the table, you meld all but one card and discard the last card"),
        "003": ("Scoring", "A player's team has taken their morto; A player's team has formed at least one clean canastra"),
        "004": ("The rules in full", "You need a clean meld of 7 — no wild card — before you can go out"),
    },
    "close_by_discard": {
        "000": ("Going out and scoring", "you may not go out by melding every card with no discard"),
        "001": ("How to play", "a player may go out only by melding all but one card, discarding the final card"),
        "002": ("Closing", "You can never close by melding every card – a final discard is needed"),
        "003": ("Different variants", "In Aberto sujo mode it is mandatory for players to discard their final card in order to go out. In other modes they can either meld, lay off or discard it"),
        "004": ("Going out and scoring", "You go out by getting rid of everything, finishing with a discard"),
    },
    "close_wild": {
        "000": ("Going out and scoring", "DISCARD your final card (it cannot be a wild card)"),
        "002": ("Closing", "discard the last card, which must not be a wild card"),
        "003": ("Gameplay", "If they are closing, discarding a wildcard is forbidden"),
    },
    "keep_two": {
        "002": ("Closing", "Once your side has taken its pozzetto but can't close yet (no burraco), you must keep at least two cards after melding"),
    },
    "one_pot": {
        "002": ("The pozzetti", "Each side may take only one pozzetto"),
        "001": ("How to play", "Each team gets one morto"),
    },
    "stock_end": {
        "000": ("How to play a turn", "When the stock is nearly exhausted (a player draws the third-to-last card), play ends at the end of that turn"),
        "002": ("Closing", "when a player draws the third-last card of the stock: after that player discards, the hand is over"),
        "001": ("How you win", "when play ends because the stock and both mortos have been used"),
        "003": ("Taking morto", "When there are no more cards in the Stock and there is an unused morto pile, the morto pile becomes the Stock"),
    },
    "stalemate": {
        "002": ("Closing", "if all four players in turn only take the single card on the discard pile and throw another back (a stalemate)"),
    },
    "scoring": {
        "000": ("Going out and scoring", "joker = 30, two = 20, Ace = 15, K/Q/J/10/9/8 = 10, and 7/6/5/4/3 = 5. Bonuses: clean burraco +200, dirty burraco +100, going out +100"),
        "001": ("What you need", "jokers are worth 20 points, twos and cards from 8 through king are worth 10 points, aces are worth 15 points, and cards from 3 through 7 are worth 5 points"),
        "002": ("Scoring", "cards 120 − 10, clean burraco 200, closing 100 – total 410"),
        "003": ("Players and cards", "Values of the cards are almost the same as in the Italian Burraco. The only exception is that the 2s are 10 points each"),
        "004": ("Going out and scoring", "pip value for the numbers, 10 for a picture card, 15 for an ace, 20 for a joker"),
    },
    "unseen_pot": {
        "002": ("Scoring", "If a pozzetto was taken but not yet looked at when someone closes, its owners subtract the value of its cards instead of the 100"),
        "003": ("Scoring", "The points are calculated the same way as Italian Burraco"),
    },
    "target": {
        "000": ("Objective", "The first team to pass 2000 points over multiple hands wins the match"),
        "001": ("How you win", "play hands until one partnership reaches or passes 3,000 points. The team with the higher total wins"),
        "002": ("Winning the game", "When a side reaches 2005 or more, the side with more points wins (if they are level, play another hand)"),
        "004": ("The idea", "The match ends when somebody reaches 3000"),
    },
}

# Where a preset's own document is silent, the rule is borrowed from this document.
FALLBACK_DOCUMENT: Final = "002"



@dataclass(frozen=True)
class Citation:
    """Where a rule comes from: a document, a section and a short quote.

    ``borrowed`` is true when the preset's own document is silent and the rule is
    buraco-learn's choice, taken from ``document`` (the choice is written in the
    preset's docstring). ``house`` is true when the preset's document states the
    opposite rule (a host changed an option, see :func:`cite_two`): the rule is cited
    from ``document``, which states it.
    """

    rule: str
    document: str
    section: str
    quote: str
    borrowed: bool = False
    preset_document: str = ""
    house: bool = False

    def __str__(self) -> str:
        doc = DOCUMENTS[self.document]
        where = f"'{self.section}': \"{self.quote}\""
        if self.house:
            return f"a house rule as in {doc.id} {where}; {self.preset_document} says otherwise"
        if self.borrowed:
            return (
                f"buraco-learn's choice for {self.preset_document} (the document is silent), "
                f"following {doc.id} {where}"
            )
        return f"{doc.id} {doc.title}, {where}"

    def short(self) -> str:
        """The compact form used inside one-line explanations: ``002 'Melds'``."""
        if self.house:
            return f"a house rule as in {self.document} '{self.section}'; {self.preset_document} says otherwise"
        if self.borrowed:
            return f"{self.preset_document} is silent; buraco-learn follows {self.document} '{self.section}'"
        return f"{self.document} '{self.section}'"

    def to_dict(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "document": self.document,
            "section": self.section,
            "quote": self.quote,
            "borrowed": self.borrowed,
        }


def states(rule: str, document: str) -> bool:
    """Whether ``document`` itself states ``rule`` (else a citation of it is borrowed)."""
    return document in RULE_TEXT[rule]


def cite_first(rules: tuple[str, ...], document: str) -> Citation:
    """The citation of the first rule among ``rules`` that ``document`` states; when it
    states none of them, the first rule, borrowed (see :func:`cite`).

    A sentence whose reason more than one rule gives cites the document's own rule: 000
    never says "three 2s are not a set", but "A meld may contain at most ONE wild card".

    >>> print(cite_first(("set_of_wilds", "one_wild"), "000").short())
    000 'Melds: sets and sequences'
    >>> print(cite_first(("set_of_wilds", "one_wild"), "002").short())
    002 'Melds'
    """
    for rule in rules:
        if states(rule, document):
            return cite(rule, document)
    return cite(rules[0], document)


def cite(rule: str, document: str) -> Citation:
    """The citation of ``rule`` for a ruleset based on ``document``.

    Falls back to another document that states the rule (002 first) when
    ``document`` is silent; raises ``KeyError`` for an unknown rule key.
    """
    texts = RULE_TEXT[rule]
    if document in texts:
        section, quote = texts[document]
        return Citation(rule, document, section, quote, preset_document=document)
    fallback = FALLBACK_DOCUMENT if FALLBACK_DOCUMENT in texts else sorted(texts)[0]
    section, quote = texts[fallback]
    return Citation(rule, fallback, section, quote, borrowed=True, preset_document=document)


#: Rules a ruleset follows one way or the other by an option: rule key -> (the option's
#: value in a ruleset, document -> the value the document states, value -> the document
#: cited for it where the ruleset's own document says otherwise or nothing).
_STANCES: Final[dict[str, tuple[Callable[[Rules], object], dict[str, object], dict[object, str]]]] = {
    "natural_two": (lambda rules: bool(rules.natural_two),
                    {"000": True, "001": True, "002": True, "004": False}, {True: "002", False: "004"}),
    "whose_melds": (lambda rules: bool(rules.add_to_any_meld),
                    {"000": False, "001": False, "002": False, "003": False, "004": True}, {False: "002", True: "004"}),
    "opening_minimum": (lambda rules: bool(rules.opening_minimum),
                        {"000": False, "001": True, "002": False, "004": False}, {True: "001", False: "002"}),
}


def cite_stance(rule: str, value: object, document: str) -> Citation:
    """The citation of ``rule`` (one of :data:`_STANCES`) followed the way ``value`` says,
    under a ruleset of ``document``: the document's own rule when it says the same; a
    house rule, as in the document that says so, when a host changed the option; borrowed
    where the document is silent."""
    _, said, sources = _STANCES[rule]
    stance = said.get(document)
    if stance == value:
        return cite(rule, document)
    source = sources.get(value, FALLBACK_DOCUMENT)
    section, quote = RULE_TEXT[rule][source]
    return Citation(rule, source, section, quote, borrowed=True, preset_document=document, house=stance is not None)


def cite_for(rule: str, rules: Rules) -> Citation:
    """The citation of ``rule`` under ``rules``: :func:`cite` for its document, except where
    the rule goes one way or the other by an option (:data:`_STANCES`: a 2 in its own place,
    adding to anybody's melds, an opening minimum) and the host changed it: then a house rule.

    >>> from buraco_learn import preset
    >>> print(cite_for("whose_melds", preset("cutthroat")).short())
    004 'The rules in full'
    >>> print(cite_for("whose_melds", preset("cutthroat", add_to_any_meld=False)).short())
    a house rule as in 002 'Melds'; 004 says otherwise
    >>> print(cite_for("opening_minimum", preset("italian", opening_minimum=50)).short())
    a house rule as in 001 'How to play'; 002 says otherwise
    """
    stance = _STANCES.get(rule)
    if stance is None:
        return cite(rule, rules.source)
    return cite_stance(rule, stance[0](rules), rules.source)


def cite_two(natural: bool, document: str) -> Citation:
    """Where the way a 2 in its own place counts comes from, under a ruleset of ``document``
    whose option ``natural_two`` is ``natural`` (see :func:`cite_stance`).

    >>> print(cite_two(True, "002").short(), "|", cite_two(False, "004").short())
    002 'Melds' | 004 'The rules in full'
    >>> print(cite_two(True, "004").short())
    a house rule as in 002 'Melds'; 004 says otherwise
    >>> print(cite_two(False, "002").short())
    a house rule as in 004 'The rules in full'; 002 says otherwise
    >>> print(cite_two(True, "003").short())
    003 is silent; buraco-learn follows 002 'Melds'
    """
    return cite_stance("natural_two", natural, document)
