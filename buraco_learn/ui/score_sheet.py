"""The score sheet widget: a match's running score, hand by hand, with the breakdown.

Each hand is a dict of side results shaped as ``buraco_learn.scoring``'s
``SideScore.to_dict()`` gives them::

    {SIDE: {"total": INT, "melded": INT, "in_hand": INT, "burraco_bonus": INT,
            "burracos": [{"meld": "3H 4H ...", "kind": "clean", "bonus": 200}],
            "closing_bonus": INT, "pot": INT,
            "items": [{"label": str, "points": int, "source": "002 'Scoring'"}]}}

Only ``total`` is required; the rest defaults to nothing. The sheet adds the hands up,
draws both sides' totals against the target, and shows any hand's itemised breakdown.

>>> sheet = ScoreSheet({"ns": "North–South", "ew": "East–West"}, target=2005)
>>> sheet.add_hand({"ns": {"total": 410}, "ew": {"total": -120}})
>>> sheet.add_hand({"ns": {"total": 95}, "ew": {"total": 640}})
>>> sheet.totals
{'ns': 505, 'ew': 520}
>>> sheet
ScoreSheet(North–South 505, East–West 520 after 2 hands, target 2005)
>>> sheet.status
'East–West lead by 15; 1,485 to go to 2,005.'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final

import traitlets

from buraco_learn.errors import InvalidRecordError
from buraco_learn.i18n import N_, _, browser_tag, language, ngettext, number, use
from buraco_learn.rules import Rules
from buraco_learn.scoring import points_to_target, target_reached
from buraco_learn.ui.base import BuracoWidget, module_asset, static_asset
from buraco_learn.vocabulary import vocabulary

_INT_FIELDS = ("total", "melded", "in_hand", "burraco_bonus", "closing_bonus", "pot")


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRecordError(f"score sheet: {where} must be a whole number of points, not {value!r}")
    return value


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise InvalidRecordError(f"score sheet: {where} must be text, not {value!r}")
    return value


def normalise_side(result: Mapping[str, Any], where: str) -> dict[str, Any]:
    """One side's result of a hand, checked and with every field present."""
    if not isinstance(result, Mapping):
        raise InvalidRecordError(f"score sheet: {where} must be a dict of points, not {result!r}")
    if "total" not in result:
        raise InvalidRecordError(f"score sheet: {where} has no 'total': {dict(result)!r}")
    out: dict[str, Any] = {name: _int(result.get(name, 0), f"{where} {name!r}") for name in _INT_FIELDS}
    burracos = result.get("burracos", [])
    items = result.get("items", [])
    if not isinstance(burracos, list | tuple) or not isinstance(items, list | tuple):
        raise InvalidRecordError(f"score sheet: {where} 'burracos' and 'items' must be lists")
    out["burracos"] = [
        {
            "meld": _text(b.get("meld", ""), f"{where} burraco meld"),
            "kind": _text(b.get("kind", ""), f"{where} burraco kind"),
            "bonus": _int(b.get("bonus", 0), f"{where} burraco bonus"),
        }
        for b in (_mapping(b, f"{where} burraco") for b in burracos)
    ]
    out["items"] = [
        {
            "label": _text(i.get("label", ""), f"{where} item label"),
            "points": _int(i.get("points", 0), f"{where} item points"),
            "source": _text(i.get("source", ""), f"{where} item source"),
        }
        for i in (_mapping(i, f"{where} item") for i in items)
    ]
    return out


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InvalidRecordError(f"score sheet: {where} must be a dict, not {value!r}")
    return value


def _points(value: int) -> str:
    return number(value)


def static_labels(word: str = "burraco") -> dict[str, Any]:
    """The words the sheet's browser side writes that do not change with the hands, in the current language
    (``word``: the ruleset's name for a meld of seven, for its kinds)."""
    kinds = KIND_NAMES.get(word, _BURRACO_KINDS)
    return {
        "four_colour": _("Four-colour deck"),
        "large": _("Large text"),
        "display_options": _("Display options"),
        "hand_column": _("Hand"),
        "total_column": _("Total"),
        "cards_melded": _("Cards melded"),
        "cards_in_hand": _("Cards left in hand"),
        "burraco_bonuses": _(_BONUSES.get(word, _BONUSES["burraco"])),
        "closing": _("Closing"),
        "pot": _("Pot"),
        "burracos": _(_HEADS.get(word, _HEADS["burraco"])),
        "kinds": {kind: _(message) for kind, message in kinds.items()},
    }


_BURRACO_KINDS: Final = {"clean": N_("clean burraco"), "semi-clean": N_("semi-clean burraco"), "dirty": N_("dirty burraco"),
                         "royal": N_("royal burraco"), "ace-to-ace": N_("ace-to-ace burraco")}
_CANASTA_KINDS: Final = {"clean": N_("clean canasta"), "semi-clean": N_("semi-clean canasta"), "dirty": N_("dirty canasta"),
                         "royal": N_("royal canasta"), "ace-to-ace": N_("ace-to-ace canasta")}
_CANASTRA_KINDS: Final = {"clean": N_("clean canastra"), "semi-clean": N_("semi-clean canastra"), "dirty": N_("dirty canastra"),
                          "royal": N_("royal canastra"), "ace-to-ace": N_("ace-to-ace canastra")}
#: A meld of seven's kinds by the ruleset's word for it: kind -> its name ("clean burraco").
KIND_NAMES: Final = {"burraco": _BURRACO_KINDS, "canasta": _CANASTA_KINDS, "canastra": _CANASTRA_KINDS}
#: The breakdown's words for the bonuses and their list, by the ruleset's word (English: "Burraco bonuses", "Burracos").
_BONUSES: Final = {"burraco": N_("Burraco bonuses"), "canasta": N_("Canasta bonuses"), "canastra": N_("Canastra bonuses")}
_HEADS: Final = {"burraco": N_("Burracos"), "canasta": N_("Canastas"), "canastra": N_("Canastras")}


class ScoreSheet(BuracoWidget):
    """A match's score sheet.

    ``ScoreSheet(sides, target=None, hands=(), rules=None, target_inclusive=None)``:
    ``sides`` maps each side's key (as in the hand dicts) to its name, or is a list of
    names (keys '0', '1' ...); ``target`` defaults to ``rules.target`` (2005 without
    rules); whether a total ends the match is :func:`buraco_learn.scoring.target_reached`. ``add_hand(hand)`` appends a hand; ``clear()`` empties the sheet.

    Synced (read only in the browser): ``sides``, ``target``, ``hands`` (checked
    hand results), ``running`` (the totals after each hand), ``status``. The browser
    may set ``open_hand`` (which hand's breakdown is open, -1 for none),
    ``four_colour`` and ``large``; it sends no intents.
    """

    _esm = module_asset("score_sheet.js")
    _css = static_asset("buraco.css", "score_sheet.css")

    sides = traitlets.List(traitlets.Dict(), help="[{'key': ..., 'name': ...}] in order.").tag(sync=True)
    target = traitlets.Int(2005, help="The match target.").tag(sync=True)
    hands = traitlets.List(traitlets.Dict(), help="Each hand's checked results by side key.").tag(sync=True)
    running = traitlets.List(traitlets.Dict(), help="Each side's total after each hand.").tag(sync=True)
    status = traitlets.Unicode("", help="Who leads, and how far to the target.").tag(sync=True)
    open_hand = traitlets.Int(-1, help="The hand (0-based) whose breakdown is open; -1 for none.").tag(sync=True)
    labels = traitlets.Dict(help="The words the browser writes, in the learner's language (static_labels, and the "
                                 "caption, chart and target texts of the hands so far).").tag(sync=True)
    locale = traitlets.Unicode("en-GB", help="The language's tag, for the numbers the browser writes.").tag(sync=True)

    browser_traits: ClassVar[frozenset[str]] = BuracoWidget.browser_traits | {"open_hand"}

    def __init__(
        self,
        sides: Mapping[Any, str] | Sequence[str] = ("North–South", "East–West"),
        *,
        target: int | None = None,
        hands: Iterable[Mapping[Any, Mapping[str, Any]]] = (),
        rules: Rules | None = None,
        target_inclusive: bool | None = None,
        **kwargs: Any,
    ) -> None:
        if isinstance(sides, Mapping):
            side_list = [{"key": str(key), "name": str(name)} for key, name in sides.items()]
        elif isinstance(sides, str) or not all(isinstance(name, str) for name in sides):
            raise InvalidRecordError(f"score sheet: sides must be a list of names or a dict of key to name, not {sides!r}")
        else:
            side_list = [{"key": str(index), "name": name} for index, name in enumerate(sides)]
        if len(side_list) < 2 or len({side["key"] for side in side_list}) != len(side_list):
            raise InvalidRecordError(f"score sheet: a match needs at least two distinct sides, not {sides!r}")
        match_rules = rules if rules is not None else Rules()  # without rules, the defaults (002)
        if target is None:
            target = match_rules.target
        self.target_inclusive = match_rules.target_inclusive if target_inclusive is None else target_inclusive
        self._language = language()  # the sheet speaks the language it was made in, whatever handler adds a hand
        # without rules the sheet's words are English's own "burraco" (as before); with rules, the ruleset's
        self._word = vocabulary(rules).burraco if rules is not None else "burraco"
        super().__init__(sides=side_list, target=_int(target, "target"), locale=browser_tag(), **kwargs)
        for hand in hands:
            self.add_hand(hand)
        self._update()

    @property
    def side_keys(self) -> list[str]:
        return [side["key"] for side in self.sides]

    def side_name(self, key: str) -> str:
        return str(next(side["name"] for side in self.sides if side["key"] == key))

    def add_hand(self, hand: Mapping[Any, Mapping[str, Any]]) -> None:
        """Append one hand's results ({side key: side result}); bad input raises and changes nothing."""
        if not isinstance(hand, Mapping):
            raise InvalidRecordError(f"score sheet: a hand is a dict of side results, not {hand!r}")
        by_key = {str(key): value for key, value in hand.items()}
        if sorted(by_key) != sorted(self.side_keys):
            raise InvalidRecordError(
                f"score sheet: hand {len(self.hands) + 1} has sides {sorted(by_key)}, but the sheet's sides are {self.side_keys}"
            )
        number = len(self.hands) + 1
        checked = {key: normalise_side(by_key[key], f"hand {number}, {self.side_name(key)}") for key in self.side_keys}
        self._update([*self.hands, checked])

    def clear(self) -> None:
        """Start a new match: no hands."""
        with self.hold_sync():
            self.open_hand = -1
            self._update([])

    @property
    def totals(self) -> dict[str, int]:
        """Each side's match total so far."""
        return dict(self.running[-1]) if self.running else {key: 0 for key in self.side_keys}

    def reached(self, total: int) -> bool:
        return target_reached(total, self.target, self.target_inclusive)

    def _update(self, hands: list[dict[str, Any]] | None = None) -> None:
        """Set ``hands`` (default: as they are), the running totals and the status in one message."""
        hands = list(self.hands) if hands is None else hands
        running: list[dict[str, int]] = []
        totals = {key: 0 for key in self.side_keys}
        for hand in hands:
            totals = {key: totals[key] + hand[key]["total"] for key in self.side_keys}
            running.append(dict(totals))
        with self.hold_sync(), use(getattr(self, "_language", "en")):  # never hands without their running totals
            self.hands = hands
            self.running = running
            self.status = self._status(totals)
            self.labels = self._labels(len(hands), totals)

    def _labels(self, count: int, totals: dict[str, int]) -> dict[str, Any]:
        """:func:`static_labels` and the texts that count the hands: the table's caption, the chart's."""
        target = _points(self.target)
        summary = ", ".join(_("{side} {points}", side=side["name"], points=_points(totals[side["key"]])) for side in self.sides)
        return {
            **static_labels(getattr(self, "_word", "burraco")),
            "caption": ngettext("Score sheet: {n} hand, target {target}", "Score sheet: {n} hands, target {target}",
                                count, target=target),
            "chart": ngettext("Chart of the running totals: {summary} after {n} hand; target {target}",
                              "Chart of the running totals: {summary} after {n} hands; target {target}",
                              count, summary=summary, target=target),
            "target": _("target {target}", target=target),
            "hand_button": _("Hand {n}"),
            "hand_detail": _("Hand {n} in detail"),
        }

    def _status(self, totals: dict[str, int]) -> str:
        if not self.hands:
            return _("No hands yet; the match goes to {target}.", target=_points(self.target))
        ordered = sorted(self.side_keys, key=lambda key: -totals[key])
        best, second = totals[ordered[0]], totals[ordered[1]]
        if any(self.reached(total) for total in totals.values()):
            if best == second:
                return _("Level at {points} past the target: another hand is played.", points=_points(best))
            return _("{side} win the match with {points}.", side=self.side_name(ordered[0]), points=_points(best))
        to_go = points_to_target(best, self.target, self.target_inclusive)
        if best == second:
            return _("Level at {points}; {to_go} to go to {target}.", points=_points(best), to_go=_points(to_go),
                     target=_points(self.target))
        return _("{side} lead by {lead}; {to_go} to go to {target}.", side=self.side_name(ordered[0]),
                 lead=_points(best - second), to_go=_points(to_go), target=_points(self.target))

    def validate_browser_update(self, name: str, value: Any) -> Any:
        if name == "open_hand" and not -1 <= value < len(self.hands):
            raise InvalidRecordError(f"there is no hand {value + 1}: the sheet has {len(self.hands)}")
        return value

    def repr_fields(self) -> str:
        totals = self.totals
        scores = ", ".join(f"{side['name']} {totals[side['key']]}" for side in self.sides)
        count = len(self.hands)
        return f"{scores} after {count} hand{'s' if count != 1 else ''}, target {self.target}"
