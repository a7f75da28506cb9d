"""buraco-learn: the rules engine of Burraco / Buraco, for learning the game.

>>> from buraco_learn import check_meld, preset
>>> check_meld("3H 4H 5H 6H 7H 8H 9H").burraco
'clean'
>>> check_meld("QS QH QD QC QS QH 2C", preset("italian")).reason
'legal dirty set Q♠ Q♠ Q♥ Q♥ Q♦ Q♣ 2♣, a dirty burraco: the 2♣ stands for a Queen'
"""

from buraco_learn.compiled import guard

guard()  # before any engine module loads: the compiled engine only where it matches its sources

from buraco_learn.cards import (
    JOKER,
    Card,
    Rank,
    Suit,
    card_of_id,
    deck_cards,
    format_cards,
    parse_cards,
    sort_cards,
)
from buraco_learn.errors import (
    BuracoError,
    IllegalActionError,
    InvalidNotationError,
    InvalidRecordError,
    InvalidRulesError,
    UnknownPresetError,
)
from buraco_learn.extend import check_add, check_swap
from buraco_learn.melds import Meld, Slot, Verdict, check_meld
from buraco_learn.presets import PRESET_NAMES, preset, preset_doc
from buraco_learn.problems import Problem
from buraco_learn.rules import Rules

__version__ = "0.1.0"

__all__ = [
    "JOKER",
    "PRESET_NAMES",
    "BuracoError",
    "Card",
    "IllegalActionError",
    "InvalidNotationError",
    "InvalidRecordError",
    "InvalidRulesError",
    "Meld",
    "Problem",
    "Rank",
    "Rules",
    "Slot",
    "Suit",
    "UnknownPresetError",
    "Verdict",
    "card_of_id",
    "check_add",
    "check_meld",
    "check_swap",
    "deck_cards",
    "format_cards",
    "parse_cards",
    "preset",
    "preset_doc",
    "sort_cards",
]
