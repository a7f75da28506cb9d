"""One ruleset object: every option declared once, with a default, a sentence and a source.

A :class:`Rules` value is frozen and validated when it is made. Presets (one per rule
document, see :mod:`buraco_learn.presets`) are ``Rules`` values; any option can be
changed with :meth:`Rules.replace`, which validates again. Rules serialise to and from
JSON; an unknown option or a bad value raises :class:`InvalidRulesError`.

>>> from buraco_learn import preset
>>> rules = preset("italian")
>>> rules.target, rules.max_wilds, rules.sets
(2005, 1, True)
>>> Rules.from_json(rules.to_json()) == rules
True
>>> rules.replace(semi_clean_bonus=150).semi_clean_bonus
150
>>> rules.replace(name="house", target=1005)  # a host's ruleset keeps the preset it is based on
preset('italian', name='house', target=1005)
>>> rules.replace(wilds_per_meld=2)
Traceback (most recent call last):
...
buraco_learn.errors.InvalidRulesError: unknown rules option 'wilds_per_meld' (did you mean 'wild_placement'?)
"""

from __future__ import annotations

import dataclasses
import difflib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Final

from buraco_learn.cards import JOKER_CODE, Card
from buraco_learn.errors import InvalidRulesError, UnknownPresetError
from buraco_learn.i18n import _
from buraco_learn.meldcore import WILD_FLAGS, MeldRules, compile_rules, is_wild_code

#: the presets a ruleset may be based on, by name: :mod:`buraco_learn.presets` (the registry,
#: which knows them) registers each with :func:`register_preset`; this module knows none
_PRESETS: Final[dict[str, Callable[..., Rules]]] = {}


def register_preset(name: str, make: Callable[..., Rules]) -> None:
    """Make ``name`` a preset a ruleset may be based on (``base``), made by ``make(**options)``."""
    _PRESETS[name] = make


def preset_names() -> tuple[str, ...]:
    """The registered presets' names, in the order of registration."""
    return tuple(_PRESETS)


def preset_maker(name: Any) -> Callable[..., Rules]:
    """The registered preset ``name``'s maker, or :class:`UnknownPresetError` naming the presets."""
    make = _PRESETS.get(name) if isinstance(name, str) else None
    if make is None:
        close = difflib.get_close_matches(str(name), _PRESETS, n=1)
        if close:
            raise UnknownPresetError(_("unknown ruleset preset {name} (did you mean {close}?): choose one of {presets}",
                                       name=repr(name), close=repr(close[0]), presets=", ".join(_PRESETS)))
        raise UnknownPresetError(_("unknown ruleset preset {name}: choose one of {presets}", name=repr(name),
                                   presets=", ".join(_PRESETS)))
    return make


def _opt(default: Any, doc: str, *, choices: tuple[Any, ...] = (), low: int | None = None, high: int | None = None) -> Any:
    meta = {"doc": doc, "choices": choices, "low": low, "high": high}
    if isinstance(default, tuple):
        return field(default=default, metadata=meta)
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class Rules:
    """A complete, validated ruleset. Defaults are Italian Burraco (002).

    Read :meth:`options` (or ``buraco-learn rules --options``) for every option with
    its sentence and source.
    """

    name: str = _opt("italian", "The ruleset's name: its preset's, or any name a host gives a ruleset of their own (004: 'the host can change any of them').")
    base: str = _opt("italian", "The preset this ruleset is based on (one per rule document, 000-004): it fills in options a saved ruleset leaves out.")
    source: str = _opt("002", "The rule document the preset follows (000-004).", choices=("000", "001", "002", "003", "004"))

    # -- table --------------------------------------------------------------------
    players: int = _opt(4, "How many players sit at the table (002: four; two and three are its variants).", low=2, high=6)
    partnerships: bool = _opt(True, "Partners sit opposite and share melds, pot and score (002 'Overview'); false: every player for themselves (004).")
    play_direction: str = _opt("clockwise", "Direction of play: clockwise (000, 002) or counter-clockwise (003 'Gameplay'); the player after the dealer starts.", choices=("clockwise", "counter-clockwise"))
    deal_direction: str = _opt("clockwise", "Direction in which cards are dealt (002 'Setup'; 003 'Players and cards': dealing is clockwise).", choices=("clockwise", "counter-clockwise"))

    # -- cards and deal -----------------------------------------------------------
    jokers: bool = _opt(True, "The deck holds 4 jokers, 108 cards in all (002 'Overview'); false: 104 cards, the 2s are the only wilds (003 'Players and cards').")
    hand_size: int = _opt(11, "Cards dealt to each player (every document: 11).", low=1, high=20)
    pot_sizes: tuple[int, ...] = _opt((11, 11), "Sizes of the pots (morto / pozzetto), one per side (002 'Setup': two of 11; three players: 18 and 11; 004: none).")
    start_discard: bool = _opt(True, "One card is turned face up to start the discard pile (002 'Setup'); false: the hand begins with no discard pile (001, 003).")

    # -- melds --------------------------------------------------------------------
    sets: bool = _opt(True, "Sets of equal rank may be melded (002 'Melds'); false: runs only (001, 003 Aberto and Fechado STBL).")
    runs: bool = _opt(True, "Runs of one suit may be melded (every document).")
    min_meld_cards: int = _opt(3, "Fewest cards in a new meld (every document: three).", low=2, high=7)
    max_wilds: int = _opt(1, "Most wild cards in one meld (every document: one).", low=0, high=3)
    twos_wild: bool = _opt(True, "The 2s are wild cards besides the jokers (every document).")
    natural_two: bool = _opt(True, "A 2 of the run's suit in its natural place is not wild (000, 001, 002 'Melds'); false: every 2 is wild (004).")
    min_naturals: int = _opt(2, "Fewest natural cards in any meld (004 'Every meld needs 2 real cards'; elsewhere implied by one wild per meld).", low=1, high=3)
    one_set_per_rank: bool = _opt(True, "A side may have only one set of each rank (002 'Melds').")
    max_set_cards: int = _opt(0, "Most cards in a set, 0 for no limit (004: four at most).", low=0, high=9)
    distinct_suit_sets: bool = _opt(False, "A set may not hold two identical cards (004 'two identical cards never count').")
    ace_to_ace: bool = _opt(False, "A run may have an ace at both ends, as the full 14-card A-to-A run (001 'How to play', 003 'Players and cards'); false: one ace per run (000, 002).")
    wild_placement: str = _opt("low-end", "Where a wild at the end of a run stands: 'low-end', fixed at the lower end (002 'Melds'); 'free', at either end, moving as the run grows (documents silent).", choices=("low-end", "free"))
    wild_swap: bool = _opt(True, "A wild in a run may be swapped for the natural card it stands for, the wild moving to the lower end (002 'Melds'; 004 'a swap for a joker').")
    add_to_any_meld: bool = _opt(False, "Cards may be added to anybody's melds (004); false: only to your own side's (002 'Melds').")
    burraco_length: int = _opt(7, "Cards in a burraco (canasta) (every document: seven).", low=3, high=14)

    # -- turns --------------------------------------------------------------------
    pile_take: str = _opt("whole", "What taking the discard pile takes: 'whole' (002 'Playing a turn'), 'top' card only (003 Fechado modes), or 'any-depth' from the top down (004).", choices=("whole", "top", "any-depth"))
    pile_visible: str = _opt("all", "How much of the discard pile the players see: 'all' (spread; 001, 003 Aberto) or 'top' card only (003 Fechado).", choices=("all", "top"))
    must_meld_pile_card: bool = _opt(False, "The pile card taken must be melded in the same turn (003 Fechado: the top card, by the first meld, as it is taken 'immediately'; 004: the card you went in for, at any point before the discard).")
    first_turn_redraw: bool = _opt(False, "On the hand's first turn the player may discard the drawn card and draw again (001 'How to play').")
    forbid_rediscard_single: bool = _opt(True, "Who took a one-card pile may not discard that same card (002 'Playing a turn', 003 'Gameplay').")
    opening_minimum: int = _opt(0, "Card points the first meld(s) of a hand must total, once the side has opening_minimum_from points (001: 75; 0: no minimum, 002).", low=0, high=500)
    opening_minimum_from: int = _opt(1500, "Match score from which the opening minimum applies (001: 1,500).", low=0, high=100000)
    stock_end: str = _opt("third-last", "When the stock runs out: 'third-last', the hand ends after the turn that draws the third-last card (000, 002); 'pots-become-stock', an unused pot becomes the stock and the hand ends when none is left (001, 003); 'empty', the hand ends after the turn that draws the last card.", choices=("third-last", "pots-become-stock", "empty"))
    stalemate: bool = _opt(True, "With four players, the hand ends when all four in turn take a one-card pile and discard another (002 'Closing').")

    # -- closing ------------------------------------------------------------------
    close_needs_pot: bool = _opt(True, "A side must have taken its pot before it may close (every document with pots).")
    close_needs_burraco: str = _opt("any", "The burraco a side needs before closing: 'any' (000, 002), 'clean' (001, 003, 004) or 'none'.", choices=("any", "clean", "none"))
    close_by_melding: bool = _opt(False, "A player may close by melding every card, with no final discard (003 except Aberto sujo); false: a final discard is needed (000, 002).")
    close_discard_wild: bool = _opt(False, "The final discard that closes may be a wild card; false: it may not (000, 002 'Closing', 003 'Gameplay').")

    # -- scoring ------------------------------------------------------------------
    value_joker: int = _opt(30, "Points of a joker, melded or in hand (002: 30; 001: 20; 004: 20).", low=0, high=100)
    value_two: int = _opt(20, "Points of a 2 wherever it sits (002: 20; 001, 003: 10).", low=0, high=100)
    value_ace: int = _opt(15, "Points of an ace (every document: 15).", low=0, high=100)
    value_high: int = _opt(10, "Points of an 8, 9, 10, J, Q or K (002: 10; 004: pictures 10).", low=0, high=100)
    value_low: int = _opt(5, "Points of a 3 to 7 (002: 5); ignored when pip_values is set.", low=0, high=100)
    pip_values: bool = _opt(False, "Cards 2 to 10 count their pips (004 'pip value for the numbers').")
    clean_bonus: int = _opt(200, "Bonus for a clean burraco (every document: 200).", low=0, high=5000)
    dirty_bonus: int = _opt(100, "Bonus for a dirty burraco (every document: 100).", low=0, high=5000)
    semi_clean_bonus: int = _opt(0, "Bonus for a semi-clean burraco, 0 when the variant is off (002 'Variants': 150).", low=0, high=5000)
    royal_bonus: int = _opt(0, "Bonus for a clean 13-card run, replacing the clean bonus, 0 when off (003: 500).", low=0, high=5000)
    ace_to_ace_bonus: int = _opt(0, "Bonus for a clean 14-card A-to-A run, replacing the clean bonus, 0 when off (003: 1000).", low=0, high=5000)
    closing_bonus: int = _opt(100, "Bonus for the side that closes (every document: 100).", low=0, high=5000)
    pot_penalty: int = _opt(100, "Points lost by a side that never took its pot (000, 001, 002: 100).", low=0, high=5000)
    unseen_pot_counts_cards: bool = _opt(True, "A pot taken but not yet looked at when someone closes costs its owners its cards' value instead of the penalty (002 'Scoring').")
    target: int = _opt(2005, "Match target (002: 2005; 000: 2000; 001, 003, 004: 3000).", low=1, high=100000)
    target_inclusive: bool = _opt(True, "Reaching the target ends the match (002 'reaches 2005 or more'); false: it must be passed (000 'pass 2000').")

    def __post_init__(self) -> None:
        _validate(self)

    # -- derived ------------------------------------------------------------------
    @cached_property
    def deck_size(self) -> int:
        """108 cards, or 104 without jokers."""
        return 108 if self.jokers else 104

    @cached_property
    def meld_rules(self) -> MeldRules:
        """The meld options compiled for the solver (:mod:`buraco_learn.meldcore`)."""
        return compile_rules(self)

    @cached_property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side at the start of a hand: partners sit opposite.

        >>> from buraco_learn import preset
        >>> preset("italian").sides, preset("cutthroat").sides
        (((0, 2), (1, 3)), ((0,), (1,), (2,), (3,)))
        """
        if self.partnerships and self.players == 4:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(self.players))

    @cached_property
    def card_values(self) -> tuple[int, ...]:
        """Points of each card code (0..52): index with ``card.code``."""
        values = []
        for code in range(53):
            if code == JOKER_CODE:
                values.append(self.value_joker)
                continue
            rank = code % 13 + 1
            if rank == 1:
                values.append(self.value_ace)
            elif rank == 2:
                values.append(self.value_two)
            elif self.pip_values:
                values.append(rank if rank <= 10 else self.value_high)
            elif rank >= 8:
                values.append(self.value_high)
            else:
                values.append(self.value_low)
        return tuple(values)

    @cached_property
    def wild_flags(self) -> tuple[bool, ...]:
        """Whether each card code (0..52) is wild (:func:`~buraco_learn.meldcore.is_wild_code`,
        the one definition): index with ``card.code``."""
        return WILD_FLAGS[self.twos_wild]

    @cached_property
    def wild_codes(self) -> tuple[int, ...]:
        """The wild card codes (:attr:`wild_flags`), in order."""
        return tuple(code for code, wild in enumerate(self.wild_flags) if wild)

    def value(self, card: Card) -> int:
        """Points of one card under these rules.

        >>> from buraco_learn import preset, Card
        >>> rules = preset("italian")
        >>> [rules.value(Card.parse(c)) for c in ("JK", "2S", "AS", "KS", "8S", "7S")]
        [30, 20, 15, 10, 10, 5]
        """
        return self.card_values[card.code]

    def is_wild(self, card: Card) -> bool:
        """Whether ``card`` is a wild card under these rules (a 2 may still sit naturally in a run)."""
        return is_wild_code(card.code, self.twos_wild)

    # -- serialisation ------------------------------------------------------------
    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed, validated; unknown options raise."""
        for key in changes:
            _check_known(key)
        if "pot_sizes" in changes:
            changes["pot_sizes"] = _as_pot_sizes(changes["pot_sizes"])
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Every option by name, JSON-ready (tuples become lists); ``base`` only when the
        ruleset's name is not its preset's (so a preset's dict is as it always was)."""
        result: dict[str, Any] = {}
        for spec in dataclasses.fields(self):
            value = getattr(self, spec.name)
            if spec.name == "base" and value == self.name:
                continue
            result[spec.name] = list(value) if isinstance(value, tuple) else value
        return result

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from a dict made by :meth:`to_dict`; missing options take the preset's value.

        The dict's ``base`` (or, without one, its ``name``) picks the preset that fills in
        missing options; ``name`` may be any name a host chose.

        >>> from buraco_learn import preset
        >>> house = preset("italian").replace(name="house", semi_clean_bonus=150)
        >>> house
        preset('italian', name='house', semi_clean_bonus=150)
        >>> Rules.from_json(house.to_json()) == house
        True
        """
        if not isinstance(data, dict):
            raise InvalidRulesError(_("rules must be a JSON object, not {data}", data=repr(data)))
        base_name: Any = data["base"] if "base" in data else data.get("name", "italian")
        if "base" not in data and base_name not in _PRESETS and isinstance(base_name, str):
            raise UnknownPresetError(_("rules named {name} need a 'base', the preset they are based on: one of {presets}",
                                       name=repr(base_name), presets=", ".join(_PRESETS)))
        base = preset_maker(base_name)()
        changes = {key: value for key, value in data.items() if key not in ("base", "name")}
        if "name" in data:
            changes["name"] = data["name"]
        return base.replace(**changes)

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Rules:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise InvalidRulesError(_("rules JSON cannot be read: {why}: {text}", why=error, text=repr(text[:80]))) from None
        return cls.from_dict(data)

    def changed_options(self) -> dict[str, Any]:
        """Options that differ from the preset this ruleset is based on (``name`` among them
        when the host named the ruleset)."""
        base = preset_maker(self.base)()
        return {
            spec.name: getattr(self, spec.name)
            for spec in dataclasses.fields(self)
            if getattr(self, spec.name) != getattr(base, spec.name)
        }

    @staticmethod
    def options() -> list[OptionSpec]:
        """Every option: name, default, sentence (with its source) and allowed values."""
        return [
            OptionSpec(
                spec.name,
                spec.default,
                spec.metadata["doc"],
                spec.metadata["choices"],
                spec.metadata["low"],
                spec.metadata["high"],
            )
            for spec in dataclasses.fields(Rules)
        ]

    def _repr_html_(self) -> str:
        """In a notebook: every option as a table, with its sentence (:func:`buraco_learn.render_table.rules_html`)."""
        from buraco_learn.render_table import rules_html

        return rules_html(self)

    def __repr__(self) -> str:
        changed = self.changed_options()
        extra = "".join(f", {key}={value!r}" for key, value in sorted(changed.items()))
        return f"preset({self.base!r}{extra})"


@dataclass(frozen=True)
class OptionSpec:
    """One declared option of :class:`Rules`."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...]
    low: int | None
    high: int | None


_FIELDS: Final = {spec.name: spec for spec in dataclasses.fields(Rules)}


def _check_known(key: str) -> None:
    if key not in _FIELDS:
        close = difflib.get_close_matches(key, list(_FIELDS), n=1)
        if close:
            raise InvalidRulesError(_("unknown rules option {option} (did you mean {close}?)", option=repr(key), close=repr(close[0])))
        raise InvalidRulesError(_("unknown rules option {option}", option=repr(key)))


def _as_pot_sizes(value: Any) -> tuple[int, ...]:
    if isinstance(value, (list, tuple)) and all(isinstance(size, int) and not isinstance(size, bool) for size in value):
        return tuple(value)
    raise InvalidRulesError(_("rules option 'pot_sizes' must be a list of card counts, not {value}", value=repr(value)))


def _validate(rules: Rules) -> None:
    for spec in dataclasses.fields(rules):
        value = getattr(rules, spec.name)
        expected = type(spec.default)
        if spec.name == "pot_sizes":
            _as_pot_sizes(value)
            continue
        if type(value) is not expected:
            raise InvalidRulesError(_("rules option {option} must be {kind}, not {value}", option=repr(spec.name),
                                      kind=expected.__name__, value=repr(value)))
        choices = spec.metadata["choices"]
        if choices and value not in choices:
            raise InvalidRulesError(_("rules option {option} cannot be {value}: choose one of {choices}", option=repr(spec.name),
                                      value=repr(value), choices=", ".join(map(repr, choices))))
        low, high = spec.metadata["low"], spec.metadata["high"]
        if (low is not None and value < low) or (high is not None and value > high):
            raise InvalidRulesError(_("rules option {option} must be between {low} and {high}, not {value}", option=repr(spec.name),
                                      low=low, high=high, value=repr(value)))
    if not rules.name.strip():
        raise InvalidRulesError(_("rules option 'name' must not be empty: give the ruleset a name"))
    if rules.base not in _PRESETS:
        raise InvalidRulesError(_("rules option 'base' cannot be {base}: a ruleset is based on one of the presets, {presets}",
                                  base=repr(rules.base), presets=", ".join(_PRESETS)))
    sides = len(rules.sides)
    if rules.partnerships and rules.players not in (2, 3, 4):
        raise InvalidRulesError(_("partnership play is for 4 players (or the 2- and 3-player variants of 002), not {players}",
                                  players=rules.players), check="partnership_players")
    if rules.pot_sizes:
        wanted = 2 if rules.players == 3 and rules.partnerships else sides
        if len(rules.pot_sizes) != wanted:
            raise InvalidRulesError(_("rules option 'pot_sizes' must hold one pot per side ({wanted}), not {sizes}", wanted=wanted,
                                      sizes=list(rules.pot_sizes)), check="pots_per_side")
        if any(size < 1 for size in rules.pot_sizes):
            raise InvalidRulesError(_("every pot holds at least one card, not {sizes}", sizes=list(rules.pot_sizes)), check="pot_size")
    elif rules.close_needs_pot:
        raise InvalidRulesError(_("close_needs_pot is set but the rules have no pots (pot_sizes is empty)"), check="close_needs_pot")
    dealt = rules.players * rules.hand_size + sum(rules.pot_sizes) + int(rules.start_discard)
    if dealt + 3 > rules.deck_size:
        raise InvalidRulesError(_("the deal needs {dealt} cards and leaves fewer than 3 in a stock of {deck}", dealt=dealt,
                                  deck=rules.deck_size), check="deal")
    if rules.min_naturals + rules.max_wilds < rules.min_meld_cards and rules.max_wilds == 0:
        raise InvalidRulesError(_("with no wild cards allowed, min_naturals must reach min_meld_cards"), check="min_naturals")
    if not rules.sets and not rules.runs:
        raise InvalidRulesError(_("rules allow neither sets nor runs: no meld could ever be legal"), check="no_melds")
    if rules.pile_take == "any-depth" and rules.pile_visible != "all":
        raise InvalidRulesError(_("pile_take 'any-depth' needs pile_visible 'all': a player takes the discard pile down to a card "
                                  "they can see ({source}: \"{quote}\")", source="004 'The rules in full'",
                                  quote="You may take any depth of the discard pile"), check="any_depth")
