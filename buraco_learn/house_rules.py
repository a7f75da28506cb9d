"""House rules: a host's named ruleset, made from a preset, saved as JSON, shared and loaded anywhere.

004 says "the host can change any of them". A house ruleset is a :class:`Rules` value with a
name of the host's choosing and the preset it is based on (``base``); its file is
:meth:`Rules.to_json` (every option), and a file that names only some options takes the
rest from its base preset, as ``--option`` does (``preset(base, **options)``).

A ruleset file is hostile input: it is read with a bounded size, every option is checked
on its own before the ruleset is made, and every refusal is one line, a
:class:`HouseRulesError` that names the option (``error.option``) and says what is wrong,
for the command line (``str(error)``, with the option's identifier) and for a page
(``error.words``, with the option's words).

>>> from buraco_learn import preset
>>> club = preset("italian", name="Our club", semi_clean_bonus=150)
>>> loads(dumps(club)) == club
True
>>> loads('{"base": "italian", "name": "Short", "target": 1005}').target
1005
>>> loads('{"base": "italian", "name": "Big table", "players": 9}')
Traceback (most recent call last):
...
buraco_learn.house_rules.HouseRulesError: the ruleset: rules option 'players' must be between 2 and 6, not 9
>>> try:
...     loads('{"base": "italian", "name": "Big table", "players": 9}')
... except HouseRulesError as error:
...     error.option, error.words
('players', '“Players at the table” must be from 2 to 6, not 9.')
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import os
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from buraco_learn.errors import BuracoError, InvalidRulesError, unreadable_json
from buraco_learn.i18n import N_, _, pgettext
from buraco_learn.presets import PRESET_NAMES, preset, ruleset_name
from buraco_learn.rules import Rules

#: A ruleset file is a few kilobytes (every option: about 2 KB); anything much larger is not one.
MAX_BYTES: Final = 64 * 1024
#: The longest name a host may give a ruleset (it is shown in dropdowns and at the card table).
MAX_NAME: Final = 60
#: The most pots a ruleset may list (one per side, at most six players).
MAX_POTS: Final = 6

_FIELDS: Final = {spec.name: spec for spec in dataclasses.fields(Rules)}

@dataclass(frozen=True)
class OptionWords:
    """One rules option in words: the one table of them (:data:`OPTION_TEXTS`), read by the house
    rules page and its messages (:func:`option_label`, :func:`choice_label`) and by the rules
    tables of the lessons and the app (``buraco_learn.app.pages``).

    ``label``: the option in a few words; ``heading``: the rules table's row heading, where it
    says it shorter ('' when it is the label); ``sentence``: what the option decides, in a
    learner's words (no option names; '' for the options the table never shows); ``choices``:
    the values in words, where a value is a code; ``cells``: the rules table's words for some
    values, where a cell beside its heading says it differently.
    """

    label: str
    heading: str = ""
    sentence: str = ""
    choices: Mapping[str, str] = field(default_factory=dict)
    cells: Mapping[str, str] = field(default_factory=dict)


#: Every option in words (see :class:`OptionWords`); a new option of :class:`Rules` needs a line here.
OPTION_TEXTS: Final[dict[str, OptionWords]] = {
    "name": OptionWords(N_("Name of the ruleset")),
    "base": OptionWords(N_("Preset it is based on")),
    "source": OptionWords(N_("Rule document"), choices={"000": "000", "001": "001", "002": "002", "003": "003", "004": "004"}),
    # table
    "players": OptionWords(N_("Players at the table"), heading=N_("Players"), sentence=N_("How many players sit at the table.")),
    "partnerships": OptionWords(
        N_("Play in partnerships"),
        heading=N_("Partners"),
        sentence=N_("Partners sit opposite each other and share their melds, pot and score."),
    ),
    "play_direction": OptionWords(
        N_("Direction of play"),
        sentence=N_("Which way the turn passes round the table."),
        choices={"clockwise": N_("clockwise"), "counter-clockwise": N_("counter-clockwise")},
    ),
    "deal_direction": OptionWords(
        N_("Direction of the deal"),
        sentence=N_("Which way the cards are dealt round the table."),
        choices={"clockwise": N_("clockwise"), "counter-clockwise": N_("counter-clockwise")},
    ),
    # cards and deal
    "jokers": OptionWords(
        N_("Jokers in the deck"),
        sentence=N_("Whether the deck holds the four jokers (108 cards) or none (104 cards)."),
    ),
    "hand_size": OptionWords(
        N_("Cards dealt to each player"),
        heading=N_("Cards in each hand"),
        sentence=N_("How many cards each player is dealt."),
    ),
    "pot_sizes": OptionWords(
        N_("Cards in each pot"),
        heading=N_("Pots (morto, pozzetto)"),
        sentence=N_("The second hands set aside face down at the deal, one per side."),
    ),
    "start_discard": OptionWords(
        N_("Turn up a card to start the discard pile"),
        heading=N_("A card turned up at the start"),
        sentence=N_("Whether one card is turned face up to start the discard pile."),
    ),
    # melds
    "sets": OptionWords(N_("Sets allowed"), heading=N_("Sets"), sentence=N_("Whether cards of one rank (such as three 8s) may be melded.")),
    "runs": OptionWords(
        N_("Runs allowed"),
        heading=N_("Runs"),
        sentence=N_("Whether cards of one suit in a row (such as 7♥ 8♥ 9♥) may be melded."),
    ),
    "min_meld_cards": OptionWords(
        N_("Fewest cards in a new meld"),
        heading=N_("Cards in a new meld, at least"),
        sentence=N_("The fewest cards a new meld may have."),
    ),
    "max_wilds": OptionWords(
        N_("Most wild cards in one meld"),
        heading=N_("Wild cards in a meld, at most"),
        sentence=N_("The most wild cards one meld may hold."),
    ),
    "twos_wild": OptionWords(N_("The 2s are wild"), sentence=N_("Whether the 2s are wild cards besides the jokers.")),
    "natural_two": OptionWords(
        N_("A 2 in its natural place is not wild"),
        heading=N_("A 2 in its own place is not wild"),
        sentence=N_("Whether a 2 in its own place in a run of its suit (A 2 3 of spades) is an ordinary card."),
    ),
    "min_naturals": OptionWords(
        N_("Fewest natural cards in a meld"),
        heading=N_("Natural cards in a meld, at least"),
        sentence=N_("The fewest ordinary (not wild) cards any meld must hold."),
    ),
    "one_set_per_rank": OptionWords(
        N_("One set per rank for each side"),
        heading=N_("One set per rank"),
        sentence=N_("Whether a side may have only one set of each rank."),
    ),
    "max_set_cards": OptionWords(
        N_("Most cards in a set"),
        heading=N_("Cards in a set, at most"),
        sentence=N_("The most cards a set may hold."),
    ),
    "distinct_suit_sets": OptionWords(
        N_("No two identical cards in a set"),
        sentence=N_("Whether a set must not hold two identical cards (such as two 9♠)."),
    ),
    "ace_to_ace": OptionWords(
        N_("A run may go from ace to ace"),
        heading=N_("Ace-to-ace run"),
        sentence=N_("Whether a run may have an ace at both ends: the full run of 14 cards."),
    ),
    "wild_placement": OptionWords(
        N_("Where a wild at the end of a run stands"),
        heading=N_("A wild card at the end of a run"),
        sentence=N_("Where a wild card at the end of a run stands."),
        choices={"low-end": N_("fixed at the low end"), "free": N_("at either end, moving as the run grows")},
        cells={"low-end": N_("at the lower end, fixed")},
    ),
    "wild_swap": OptionWords(
        N_("A wild may be swapped for the card it stands for"),
        heading=N_("Swapping a wild card out"),
        sentence=N_("Whether a wild card in a run may be swapped for the card it stands for."),
    ),
    "add_to_any_meld": OptionWords(
        N_("Cards may be added to anybody's melds"),
        heading=N_("Adding to anybody's melds"),
        sentence=N_("Whether you may add cards to the other side's melds too."),
    ),
    "burraco_length": OptionWords(N_("Cards in a burraco"), sentence=N_("How many cards make a burraco (canasta).")),
    # turns
    "pile_take": OptionWords(
        N_("Taking the discard pile takes"),
        heading=N_("Taking the discard pile"),
        sentence=N_("What you take when you take the discard pile."),
        choices={"whole": N_("the whole pile"), "top": N_("the top card only"), "any-depth": N_("down to any card")},
        cells={"any-depth": N_("down to the card you want")},
    ),
    "pile_visible": OptionWords(
        N_("What the players see of the discard pile"),
        heading=N_("The discard pile shows"),
        sentence=N_("How much of the discard pile the players see."),
        choices={"all": N_("the whole pile"), "top": N_("the top card only")},
        cells={"all": N_("every card")},
    ),
    "must_meld_pile_card": OptionWords(
        N_("The card taken from the pile must be melded"),
        heading=N_("Meld the pile card at once"),
        sentence=N_("Whether the card taken from the pile must be melded in the same turn."),
    ),
    "first_turn_redraw": OptionWords(
        N_("Redraw on the first turn"),
        heading=N_("A second draw on the first turn"),
        sentence=N_("Whether the first player may throw back the card drawn and draw again."),
    ),
    "forbid_rediscard_single": OptionWords(
        N_("No discarding the one card just taken"),
        heading=N_("No throwing back a one-card pile"),
        sentence=N_("Whether who took a pile of one card is forbidden to discard that same card."),
    ),
    "opening_minimum": OptionWords(
        N_("Points needed for the first meld"),
        heading=N_("Points to open with"),
        sentence=N_("The card points your first meld of a hand must total, once your side has enough points in the match."),
    ),
    "opening_minimum_from": OptionWords(
        N_("Match score from which the opening minimum applies"),
        heading=N_("Opening minimum from"),
        sentence=N_("The match score from which the points to open with apply."),
    ),
    "stock_end": OptionWords(
        N_("When the stock runs out"),
        sentence=N_("When the hand ends if nobody closes."),
        choices={"third-last": N_("the hand ends after the third-last card is drawn"), "pots-become-stock": N_("an unused pot becomes the stock"), "empty": N_("the hand ends after the last card is drawn")},
        cells={"third-last": N_("after the third-last card is drawn"), "pots-become-stock": N_("a pot becomes the stock, then the hand ends when none is left"), "empty": N_("after the last card is drawn")},
    ),
    "stalemate": OptionWords(
        N_("Four one-card takes in a row end the hand"),
        heading=N_("Stalemate"),
        sentence=N_("Whether the hand ends when all four players in turn only take a one-card pile and discard another."),
    ),
    # closing
    "close_needs_pot": OptionWords(
        N_("Closing needs the pot taken"),
        heading=N_("Closing needs the pot"),
        sentence=N_("Whether a side must have taken its pot before it may close."),
    ),
    "close_needs_burraco": OptionWords(
        N_("Closing needs"),
        heading=N_("Closing needs a burraco"),
        sentence=N_("Which burraco a side must have before it may close."),
        choices={"any": N_("a burraco, clean or dirty"), "clean": N_("a clean burraco"), "none": N_("no burraco")},
        cells={"any": N_("any burraco"), "clean": N_("a clean one"), "none": N_("none")},
    ),
    "close_by_melding": OptionWords(
        N_("Close by melding every card"),
        heading=N_("Closing by melding the last card"),
        sentence=N_("Whether a player may close by melding every card, with no final discard."),
    ),
    "close_discard_wild": OptionWords(
        N_("The closing discard may be a wild card"),
        heading=N_("Closing on a wild card"),
        sentence=N_("Whether the final discard that closes may be a wild card."),
    ),
    # scoring
    "value_joker": OptionWords(
        N_("Points of a joker"),
        heading=N_("A joker is worth"),
        sentence=N_("Points of a joker, melded or left in hand."),
    ),
    "value_two": OptionWords(N_("Points of a 2"), heading=N_("A 2 is worth"), sentence=N_("Points of a 2, melded or left in hand.")),
    "value_ace": OptionWords(N_("Points of an ace"), heading=N_("An ace is worth"), sentence=N_("Points of an ace.")),
    "value_high": OptionWords(
        N_("Points of an 8 to a king"),
        heading=N_("An 8 to a King is worth"),
        sentence=N_("Points of an 8, 9, 10, Jack, Queen or King."),
    ),
    "value_low": OptionWords(N_("Points of a 3 to a 7"), heading=N_("A 3 to a 7 is worth"), sentence=N_("Points of a 3, 4, 5, 6 or 7.")),
    "pip_values": OptionWords(
        N_("Cards 2 to 10 count their pips"),
        heading=N_("Cards count their pips"),
        sentence=N_("Whether the cards 2 to 10 count their number of pips."),
    ),
    "clean_bonus": OptionWords(
        N_("Bonus for a clean burraco"),
        heading=N_("A clean burraco scores"),
        sentence=N_("The bonus for a burraco with no wild card."),
    ),
    "dirty_bonus": OptionWords(
        N_("Bonus for a dirty burraco"),
        heading=N_("A dirty burraco scores"),
        sentence=N_("The bonus for a burraco with a wild card."),
    ),
    "semi_clean_bonus": OptionWords(
        N_("Bonus for a semi-clean burraco"),
        heading=N_("A semi-clean burraco scores"),
        sentence=N_("The bonus for a burraco of seven natural cards in a row (or equal) plus a wild card, where that variant is played."),
    ),
    "royal_bonus": OptionWords(
        N_("Bonus for a clean 13-card run"),
        heading=N_("A royal canastra scores"),
        sentence=N_("The bonus for a clean run from ace to King (13 cards)."),
    ),
    "ace_to_ace_bonus": OptionWords(
        N_("Bonus for a clean ace-to-ace run"),
        heading=N_("An ace-to-ace canastra scores"),
        sentence=N_("The bonus for a clean run from ace to ace (14 cards)."),
    ),
    "closing_bonus": OptionWords(N_("Bonus for closing"), heading=N_("Closing scores"), sentence=N_("The bonus for the side that closes.")),
    "pot_penalty": OptionWords(
        N_("Penalty for a pot never taken"),
        heading=N_("A pot never taken costs"),
        sentence=N_("The points a side loses when it never took its pot."),
    ),
    "unseen_pot_counts_cards": OptionWords(
        N_("A pot taken but unseen costs its cards' value"),
        heading=N_("A pot not yet looked at costs its cards"),
        sentence=N_("Whether a pot taken but not yet looked at when someone closes costs its cards' value instead."),
    ),
    "target": OptionWords(N_("Points to win the match"), heading=N_("The match is played to"), sentence=N_("The score that ends the match.")),
    "target_inclusive": OptionWords(
        N_("Reaching the target is enough"),
        sentence=N_("Whether reaching the target ends the match, or it must be passed."),
    ),
}
#: Each option in a few words: what a page shows as its label (the option's sentence follows it).
OPTION_LABELS: Final[dict[str, str]] = {option: words.label for option, words in OPTION_TEXTS.items()}

#: The options a host sets, in groups as :class:`Rules` declares them (name, base and source are set apart).
SECTIONS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    (N_("The table"), ("players", "partnerships", "play_direction", "deal_direction")),
    (N_("Cards and the deal"), ("jokers", "hand_size", "pot_sizes", "start_discard")),
    (N_("Melds"), ("sets", "runs", "min_meld_cards", "max_wilds", "twos_wild", "natural_two", "min_naturals",
               "one_set_per_rank", "max_set_cards", "distinct_suit_sets", "ace_to_ace", "wild_placement", "wild_swap",
               "add_to_any_meld", "burraco_length")),
    (N_("Turns"), ("pile_take", "pile_visible", "must_meld_pile_card", "first_turn_redraw", "forbid_rediscard_single",
               "opening_minimum", "opening_minimum_from", "stock_end", "stalemate")),
    (N_("Closing"), ("close_needs_pot", "close_needs_burraco", "close_by_melding", "close_discard_wild")),
    (N_("Scoring"), ("value_joker", "value_two", "value_ace", "value_high", "value_low", "pip_values", "clean_bonus",
                 "dirty_bonus", "semi_clean_bonus", "royal_bonus", "ace_to_ace_bonus", "closing_bonus", "pot_penalty",
                 "unseen_pot_counts_cards", "target", "target_inclusive")),
)

#: The choices of an option with a few values, in words.
CHOICE_LABELS: Final[dict[str, dict[str, str]]] = {
    option: dict(words.choices) for option, words in OPTION_TEXTS.items() if words.choices
}


class HouseRulesError(InvalidRulesError):
    """A ruleset (a file, a saved one, a page's changes) that cannot be used, in one line.

    ``option`` is the option at fault (None when the whole input is: not JSON, too large, missing);
    ``words`` says the same for a page, with the option's words instead of its identifier.
    """

    def __init__(self, message: str, *, option: str | None = None, words: str | None = None) -> None:
        super().__init__(_one_line(message))
        self.option = option
        self.words = _one_line(words if words is not None else message)


# -- words -------------------------------------------------------------------------------------
#: The labels that name a meld of seven or the pot, in each preset's own word (a whole message each: the word's
#: article and gender differ, "un burraco pulito", "una canasta pulita"): (option, the word) -> label, said in the
#: learner's language. A word not here (a host's "pot") takes the option's own label. Their context tells them
#: from the generic labels of the same English (which Portuguese says with canastra and morto).
_WORD_LABELS: Final[dict[tuple[str, str], Callable[[], str]]] = {
    ("burraco_length", "burraco"): lambda: pgettext("preset's own word", "Cards in a burraco"),
    ("burraco_length", "canasta"): lambda: pgettext("preset's own word", "Cards in a canasta"),
    ("burraco_length", "canastra"): lambda: pgettext("preset's own word", "Cards in a canastra"),
    ("clean_bonus", "burraco"): lambda: pgettext("preset's own word", "Bonus for a clean burraco"),
    ("clean_bonus", "canasta"): lambda: pgettext("preset's own word", "Bonus for a clean canasta"),
    ("clean_bonus", "canastra"): lambda: pgettext("preset's own word", "Bonus for a clean canastra"),
    ("dirty_bonus", "burraco"): lambda: pgettext("preset's own word", "Bonus for a dirty burraco"),
    ("dirty_bonus", "canasta"): lambda: pgettext("preset's own word", "Bonus for a dirty canasta"),
    ("dirty_bonus", "canastra"): lambda: pgettext("preset's own word", "Bonus for a dirty canastra"),
    ("semi_clean_bonus", "burraco"): lambda: pgettext("preset's own word", "Bonus for a semi-clean burraco"),
    ("semi_clean_bonus", "canasta"): lambda: pgettext("preset's own word", "Bonus for a semi-clean canasta"),
    ("semi_clean_bonus", "canastra"): lambda: pgettext("preset's own word", "Bonus for a semi-clean canastra"),
    ("pot_sizes", "pozzetto"): lambda: pgettext("preset's own word", "Cards in each pozzetto"),
    ("pot_sizes", "morto"): lambda: pgettext("preset's own word", "Cards in each morto"),
    ("close_needs_pot", "pozzetto"): lambda: pgettext("preset's own word", "Closing needs the pozzetto taken"),
    ("close_needs_pot", "morto"): lambda: pgettext("preset's own word", "Closing needs the morto taken"),
    ("pot_penalty", "pozzetto"): lambda: pgettext("preset's own word", "Penalty for a pozzetto never taken"),
    ("pot_penalty", "morto"): lambda: pgettext("preset's own word", "Penalty for a morto never taken"),
    ("unseen_pot_counts_cards", "pozzetto"): lambda: pgettext("preset's own word", "A pozzetto taken but unseen costs its cards' value"),
    ("unseen_pot_counts_cards", "morto"): lambda: pgettext("preset's own word", "A morto taken but unseen costs its cards' value"),
}
#: The options whose label names the pot (the others in :data:`_WORD_LABELS` name a meld of seven).
_POT_OPTIONS: Final = frozenset({"pot_sizes", "close_needs_pot", "pot_penalty", "unseen_pot_counts_cards"})


def option_label(option: str, rules: Rules | None = None) -> str:
    """The option in a few words (an option this version does not know: its identifier as words); with ``rules``,
    in that ruleset's own words (002's pozzetto, 001's canasta and morto).

    >>> option_label("semi_clean_bonus"), option_label("wilds_per_meld")
    ('Bonus for a semi-clean burraco', 'wilds per meld')
    >>> option_label("clean_bonus", preset("aberto")), option_label("pot_sizes", preset("italian"))
    ('Bonus for a clean canasta', 'Cards in each pozzetto')
    """
    if rules is not None:
        from buraco_learn.vocabulary import vocabulary

        words = vocabulary(rules)
        own = _WORD_LABELS.get((option, words.pot if option in _POT_OPTIONS else words.burraco))
        if own is not None:
            return own()
    label = OPTION_LABELS.get(option)
    return _(label) if label else _short(option).replace("_", " ")


def choice_label(option: str, value: Any) -> str:
    """One value of an option in words.

    >>> choice_label("pile_take", "any-depth"), choice_label("sets", False), choice_label("pot_sizes", (18, 11))
    ('down to any card', 'no', '18 + 11')
    """
    plain = plain_value_words(value)
    if plain is not None:
        return plain
    words = CHOICE_LABELS.get(option, {}).get(str(value))
    return _(words) if words else str(value)


def plain_value_words(value: Any) -> str | None:
    """A yes/no or a list of numbers in words, the same for every option (None for any other value).

    >>> plain_value_words(True), plain_value_words((11, 11)), plain_value_words(()), plain_value_words(5)
    ('yes', '11 + 11', 'none', None)
    """
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, (tuple, list)):
        return " + ".join(map(str, value)) if value else _("none")
    return None


_IDENTIFIER: Final = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def option_sentence(option: str) -> str:
    """The sentence that declares ``option`` (:class:`Rules`), another option named in it by its words.

    >>> option_sentence("value_low")
    'Points of a 3 to 7 (002: 5); ignored when “Cards 2 to 10 count their pips” is set.'
    """
    doc: str = _FIELDS[option].metadata["doc"]
    return _IDENTIFIER.sub(lambda match: f"“{OPTION_LABELS[match.group(0)]}”" if match.group(0) in OPTION_LABELS
                           else match.group(0), doc)


def bounds_text(option: str) -> str:
    """The values an option may take, in words ('' for a yes-or-no option).

    >>> bounds_text("players"), bounds_text("pile_take"), bounds_text("sets")
    ('from 2 to 6', 'the whole pile, the top card only or down to any card', '')
    """
    spec = _FIELDS[option]
    low, high, choices = spec.metadata["low"], spec.metadata["high"], spec.metadata["choices"]
    if choices:
        words = [choice_label(option, choice) for choice in choices]
        return _("{choices} or {last}", choices=", ".join(words[:-1]), last=words[-1]) if len(words) > 1 else words[0]
    if low is not None and high is not None:
        return _("from {low} to {high}", low=low, high=high)
    if option == "pot_sizes":
        return _("one number of cards per side, each at least 1; none for no pots (at most {most})", most=MAX_POTS)
    return ""


def _short(text: object, limit: int = 40) -> str:
    text = str(text)
    return text if len(text) <= limit else f"{text[:limit]}…"


def _shown(value: Any) -> str:
    """A value as an error message shows it: its JSON, cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return _short(text, 60)


def _one_line(text: str) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= 400 else f"{line[:400]}…"


# -- checking one option --------------------------------------------------------------------------
_KINDS: Final = {bool: ("true or false", N_("yes or no")), int: ("a whole number", N_("a whole number")), str: ("a string", N_("words"))}


def check_name(name: Any) -> str:
    """A ruleset's name, checked: words of at most :data:`MAX_NAME` characters, no control characters.

    >>> check_name("  Our club ")
    'Our club'
    """
    if not isinstance(name, str):
        raise HouseRulesError(_("rules option 'name' must be a string, not {value}", value=_shown(name)), option="name",
                              words=_("The ruleset's name must be words."))
    if any(unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn") for char in name):
        raise HouseRulesError(_("rules option 'name' holds a control character"), option="name",
                              words=_("The ruleset's name holds a character that cannot be shown."))
    text: str = " ".join(str(name).split())
    if not text:
        raise HouseRulesError(_("rules option 'name' must not be empty: give the ruleset a name"), option="name",
                              words=_("Give the ruleset a name."))
    if len(text) > MAX_NAME:
        raise HouseRulesError(_("rules option 'name' must be at most {most} characters, not {count}", most=MAX_NAME, count=len(text)),
                              option="name", words=_("The ruleset's name must be at most {n} characters long.", n=MAX_NAME))
    return text


def check_option(option: str, value: Any) -> Any:
    """``value`` for ``option``, checked on its own (its type, choices and bounds); raises naming the option."""
    label = f"“{option_label(option)}”"
    if option not in _FIELDS:
        close = difflib.get_close_matches(option, list(_FIELDS), n=1)
        message = (_("unknown rules option {option} (did you mean {close}?)", option=repr(_short(option)), close=repr(close[0]))
                   if close else _("unknown rules option {option}", option=repr(_short(option))))
        raise HouseRulesError(message, option=option,
                              words=_("This version of the lessons has no rule called {label}.", label=label))
    if option == "name":
        return check_name(value)
    if option == "base":
        if value not in PRESET_NAMES:
            raise HouseRulesError(
                _("rules option 'base' cannot be {base}: a ruleset is based on one of the presets, {presets}", base=_shown(value),
                  presets=", ".join(PRESET_NAMES)), option="base",
                words=_("It is based on a preset these lessons do not have ({value}).", value=_short(value)))
        return value
    if option == "pot_sizes":
        sizes = value if isinstance(value, (list, tuple)) else None
        if sizes is None or not all(isinstance(size, int) and not isinstance(size, bool) for size in sizes):
            raise HouseRulesError(_("rules option 'pot_sizes' must be a list of card counts, not {value}", value=_shown(value)),
                                  option=option, words=_("{label} must be whole numbers, one per pot.", label=label))
        if len(sizes) > MAX_POTS or any(not 1 <= size <= 60 for size in sizes):
            raise HouseRulesError(_("rules option 'pot_sizes' must list at most {most} pots of 1 to 60 cards, not {value}",
                                    most=MAX_POTS, value=_shown(value)), option=option,
                                  words=_("{label}: at most {n} pots, each of 1 to 60 cards.", label=label, n=MAX_POTS))
        return tuple(sizes)
    spec = _FIELDS[option]
    expected = type(spec.default)
    if type(value) is not expected:
        kind, kind_words = _KINDS.get(expected, (expected.__name__, expected.__name__))
        if spec.metadata["choices"]:
            kind_words = _("one of {values}", values=bounds_text(option))
        raise HouseRulesError(_("rules option {option} must be {kind}, not {value}", option=repr(option), kind=kind, value=_shown(value)),
                              option=option,
                              words=_("{label} must be {kind}, not {value}.", label=label, kind=_(kind_words), value=_short(_shown(value), 30)))
    choices = spec.metadata["choices"]
    if choices and value not in choices:
        raise HouseRulesError(
            _("rules option {option} cannot be {value}: choose one of {choices}", option=repr(option), value=_shown(value),
              choices=", ".join(map(repr, choices))),
            option=option, words=_("{label} must be {kind}, not {value}.", label=label, kind=bounds_text(option),
                                            value=_short(value, 30)))
    low, high = spec.metadata["low"], spec.metadata["high"]
    if (low is not None and value < low) or (high is not None and value > high):
        raise HouseRulesError(_("rules option {option} must be between {low} and {high}, not {value}", option=repr(option), low=low,
                                high=high, value=_shown(value)),
                              option=option, words=_("{label} must be from {low} to {high}, not {value}.", label=label, low=low, high=high,
                                      value=_short(value, 30)))
    return value


# -- what the whole ruleset needs (several options together) --------------------------------------
#: A refusal of Rules' own checks about several options together: the check (:attr:`InvalidRulesError.check`), the
#: option it is about, the words (a message of the catalogue) and the options they name (``{a}``, ``{b}``: by label).
_TOGETHER: Final = (
    ("partnership_players", "players", N_("Partnership play needs 2, 3 or 4 players."), ()),
    ("pots_per_side", "pot_sizes", N_("There must be one pot per side: as many numbers in {a} as there are sides."), ("pot_sizes",)),
    ("pot_size", "pot_sizes", N_("Every pot holds at least one card."), ()),
    ("close_needs_pot", "close_needs_pot", N_("{a} is set, but the ruleset has no pots."), ("close_needs_pot",)),
    ("deal", "hand_size", N_("The deck is too small for this deal: fewer cards per player, fewer players or "
                                       "smaller pots (at least 3 cards must be left for the stock)."), ()),
    ("min_naturals", "min_naturals", N_("With no wild cards allowed, {a} must reach {b}."), ("min_naturals", "min_meld_cards")),
    ("no_melds", "runs", N_("A ruleset must allow sets or runs, or no meld could ever be legal."), ()),
    ("any_depth", "pile_take", N_("{a}: “{depth}” needs {b}: “{all}”, since a player takes the pile down "
                                                    "to a card they can see (004 'The rules in full')."), ("pile_take", "pile_visible")),
)


def _together(error: InvalidRulesError, changed: list[str]) -> HouseRulesError:
    message = str(error)
    for check, together, words, named in _TOGETHER:
        if error.check == check:
            labels = dict(zip("ab", (f"“{option_label(option)}”" for option in named)))
            said = _(words, **labels, depth=choice_label("pile_take", "any-depth"), all=choice_label("pile_visible", "all"))
            return HouseRulesError(_("rules option {option}: {why}", option=repr(together), why=message), option=together, words=said)
    quoted = re.search(r"'([a-z_]+)'", message)
    option: str | None = quoted.group(1) if quoted and quoted.group(1) in _FIELDS else (changed[-1] if changed else None)
    label = f"“{option_label(option)}”: " if option is not None else ""
    return HouseRulesError(message if quoted else _("rules option {option}: {why}", option=repr(option), why=message), option=option,
                           words=f"{label}{message}")


def build(base: str, changes: dict[str, Any]) -> Rules:
    """The ruleset ``preset(base, **changes)``, every change checked on its own first (raises naming the option).

    >>> build("italian", {"name": "Three of us", "players": 3}).pot_sizes
    (18, 11)
    """
    check_option("base", base)
    checked = {option: check_option(option, value) for option, value in changes.items() if option != "base"}
    try:
        return preset(base, **checked)
    except HouseRulesError:
        raise
    except InvalidRulesError as error:
        raise _together(error, list(checked)) from None


# -- reading -------------------------------------------------------------------------------------------
def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise HouseRulesError(_("rules option {option} is given twice", option=repr(_short(key))), option=key,
                                  words=_("“{label}” is given twice.", label=option_label(key)))
        result[key] = value
    return result


def from_data(data: Any) -> Rules:
    """A ruleset from parsed JSON: an object of options; ``base`` (or a preset's ``name``) fills in the rest."""
    if not isinstance(data, dict):
        message = (_("a ruleset must be a JSON object of options, not a list") if isinstance(data, list)
                   else _("a ruleset must be a JSON object of options, not {value}", value=_shown(data)))
        raise HouseRulesError(message,
                              words=_("It is not a ruleset (not a set of options)."))
    name = data.get("name", data.get("base", "italian"))
    if "base" in data:
        base = data["base"]
    elif name in PRESET_NAMES:
        base = name
    else:
        check_name(name)
        raise HouseRulesError(
            _("rules option 'base' is missing: a ruleset named {name} must name the preset it is based on, one of {presets}",
              name=repr(_short(name)), presets=", ".join(PRESET_NAMES)), option="base",
            words=_("It does not say which preset it is based on."))
    return build(base, {key: value for key, value in data.items() if key != "base"})


def loads(text: str | bytes, where: str | None = None) -> Rules:
    """A ruleset from JSON text (a file's, a saved one's, an upload's); raises :class:`HouseRulesError`.
    ``where`` names the text in the errors (said in the learner's language: "the uploaded file")."""
    where = _("the ruleset") if where is None else where
    try:
        if isinstance(text, bytes):
            if len(text) > MAX_BYTES:
                raise _too_large(where)
            text = text.decode("utf-8")
        if len(text) > MAX_BYTES:
            raise _too_large(where)
        data = json.loads(text, object_pairs_hook=_pairs, parse_constant=_no_constant)
        return from_data(data)
    except HouseRulesError as error:
        raise HouseRulesError(_("{where}: {why}", where=where, why=error), option=error.option, words=error.words) from None
    except UnicodeDecodeError:
        raise HouseRulesError(_("{where} is not UTF-8 text", where=where), words=_("It is not a ruleset file (not text).")) from None
    except json.JSONDecodeError as error:
        raise HouseRulesError(_("{where} is not valid JSON: {why} at line {line} column {column}", where=where, why=error.msg,
                                line=error.lineno, column=error.colno), words=_("It is not a ruleset file (not JSON).")) from None
    except (ValueError, RecursionError) as error:  # thousands of digits, nested thousands deep
        if isinstance(error, BuracoError):
            raise HouseRulesError(_("{where}: {why}", where=where, why=error)) from None
        raise HouseRulesError(_("{where} cannot be read: {why}", where=where, why=unreadable_json(error)),
                              words=_("It is not a ruleset file.")) from None


def _no_constant(name: str) -> Any:
    raise HouseRulesError(_("{name} is not a number a ruleset can hold", name=name), words=_("It holds {name}, which is not a number.", name=name))


def _too_large(where: str) -> HouseRulesError:
    return HouseRulesError(_("{where} is too large for a ruleset (more than {size} KB)", where=where, size=MAX_BYTES // 1024),
                           words=_("It is too large to be a ruleset file."))


def load(path: str | os.PathLike[str]) -> Rules:
    """The ruleset in the file at ``path`` (at most :data:`MAX_BYTES`); raises :class:`HouseRulesError` in one line."""
    where = _("the ruleset file {path}", path=repr(_short(os.fspath(path), 80)))
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise HouseRulesError(_("cannot read {where}: no such file", where=where)) from None
    except IsADirectoryError:
        raise HouseRulesError(_("cannot read {where}: it is a folder", where=where)) from None
    except OSError as error:
        raise HouseRulesError(_("cannot read {where}: {why}", where=where, why=error.strerror or type(error).__name__)) from None
    except ValueError:  # a NUL in the path
        raise HouseRulesError(_("cannot read {where}: not a file name", where=where)) from None
    return loads(data, where)


def dumps(rules: Rules) -> str:
    """A ruleset as its file holds it: every option, sorted, indented, ending in a newline."""
    return rules.to_json(indent=2) + "\n"


def save(rules: Rules, path: str | os.PathLike[str]) -> None:
    """Write ``rules`` to the file at ``path`` (replacing it); raises :class:`HouseRulesError` in one line."""
    where = _("the ruleset file {path}", path=repr(_short(os.fspath(path), 80)))
    try:
        Path(path).write_text(dumps(rules), encoding="utf-8")
    except OSError as error:
        raise HouseRulesError(_("cannot write {where}: {why}", where=where, why=error.strerror or type(error).__name__)) from None
    except ValueError:
        raise HouseRulesError(_("cannot write {where}: not a file name", where=where)) from None


def is_file_reference(value: str) -> bool:
    """Whether ``--rules VALUE`` names a file rather than a preset: it ends in ``.json`` or holds a path separator.

    >>> is_file_reference("club.json"), is_file_reference("rules/club"), is_file_reference("italian")
    (True, True, False)
    """
    separators = {"/", os.sep} | ({os.altsep} if os.altsep else set())
    return value.lower().endswith(".json") or any(sep in value for sep in separators)


def resolve(value: str, changes: Mapping[str, Any] | None = None) -> Rules:
    """The ruleset a preset name or a ruleset file names, with ``changes`` on top (as ``--rules`` and ``--option``).

    >>> resolve("italian", {"players": 3}).pot_sizes
    (18, 11)
    """
    changes = dict(changes or {})
    if not is_file_reference(value):
        return preset(value, **changes)
    rules = load(value)
    if not changes:
        return rules
    own = {option: current for option, current in rules.changed_options().items() if option != "base"}
    return build(rules.base, {**own, **changes})


def describe(rules: Rules, *, named: bool = False) -> str:
    """One line: the ruleset's name, its base preset and what it changes, in words; the base by
    the preset's id (what the command line takes), or ``named`` as players say it (for a page).

    >>> from buraco_learn import preset
    >>> describe(preset("italian", name="Our club", semi_clean_bonus=150, target=1005))
    'Our club: italian (002) with Bonus for a semi-clean burraco 150, Points to win the match 1005'
    >>> describe(preset("cutthroat")), describe(preset("cutthroat"), named=True)
    ('cutthroat (004)', 'Cut-throat Buraco (004)')
    """
    changed = {option: value for option, value in rules.changed_options().items() if option not in ("name", "base")}
    base = f"{ruleset_name(preset(rules.base)) if named else rules.base} ({preset(rules.base).source})"
    if rules.name == rules.base and not changed:
        return base
    items = ", ".join(f"{option_label(option)} {choice_label(option, value)}" for option, value in changed.items())
    if items:
        return _("{name}: {base} with {changes}", name=rules.name, base=base, changes=items)
    return _("{name}: {base}, unchanged", name=rules.name, base=base)
