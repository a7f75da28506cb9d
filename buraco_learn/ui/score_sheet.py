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
from typing import Any, ClassVar

import traitlets

from buraco_learn.errors import InvalidRecordError
from buraco_learn.rules import Rules
from buraco_learn.scoring import points_to_target, target_reached
from buraco_learn.ui.base import BuracoWidget, module_asset, static_asset

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
    return f"{value:,}"


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
        super().__init__(sides=side_list, target=_int(target, "target"), **kwargs)
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
        with self.hold_sync():  # the browser must never see hands without their running totals
            self.hands = hands
            self.running = running
            self.status = self._status(totals)

    def _status(self, totals: dict[str, int]) -> str:
        if not self.hands:
            return f"No hands yet; the match goes to {_points(self.target)}."
        ordered = sorted(self.side_keys, key=lambda key: -totals[key])
        best, second = totals[ordered[0]], totals[ordered[1]]
        if any(self.reached(total) for total in totals.values()):
            if best == second:
                return f"Level at {_points(best)} past the target: another hand is played."
            return f"{self.side_name(ordered[0])} win the match with {_points(best)}."
        to_go = points_to_target(best, self.target, self.target_inclusive)
        if best == second:
            return f"Level at {_points(best)}; {_points(to_go)} to go to {_points(self.target)}."
        lead = f"{self.side_name(ordered[0])} lead by {_points(best - second)}"
        return f"{lead}; {_points(to_go)} to go to {_points(self.target)}."

    def validate_browser_update(self, name: str, value: Any) -> Any:
        if name == "open_hand" and not -1 <= value < len(self.hands):
            raise InvalidRecordError(f"there is no hand {value + 1}: the sheet has {len(self.hands)}")
        return value

    def repr_fields(self) -> str:
        totals = self.totals
        scores = ", ".join(f"{side['name']} {totals[side['key']]}" for side in self.sides)
        count = len(self.hands)
        return f"{scores} after {count} hand{'s' if count != 1 else ''}, target {self.target}"
