"""The score sheet widget: adding hands up, refusing bad records and forged updates."""

from __future__ import annotations

import json
from typing import Any

import pytest

from buraco_learn import preset
from buraco_learn.errors import InvalidRecordError
from buraco_learn.ui import ScoreSheet

# 002 'Scoring', the worked example: North-South close with a clean burraco.
HAND_1 = {
    "ns": {
        "total": 410, "melded": 120, "in_hand": -10, "burraco_bonus": 200, "closing_bonus": 100, "pot": 0,
        "burracos": [{"meld": "3H 4H 5H 6H 7H 8H 9H", "kind": "clean", "bonus": 200}],
        "items": [
            {"label": "Cards melded", "points": 120, "source": "002 'Scoring'"},
            {"label": "Cards left in hand", "points": -10, "source": "002 'Scoring'"},
            {"label": "Clean burraco", "points": 200, "source": "002 'Scoring'"},
            {"label": "Closing", "points": 100, "source": "002 'Scoring'"},
        ],
    },
    "ew": {"total": -65, "melded": 45, "in_hand": -10, "pot": -100},
}


def update(widget: Any, state: Any) -> None:
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []})


def message(widget: Any, content: Any) -> None:
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def state_of(widget: Any) -> dict[str, Any]:
    return json.loads(json.dumps({k: v for k, v in widget.get_state().items() if k not in ("_esm", "_css")}))


def sheet() -> ScoreSheet:
    return ScoreSheet({"ns": "North–South", "ew": "East–West"}, target=2005, hands=[HAND_1, {"ns": {"total": 235}, "ew": {"total": 720}}])


def test_hands_add_up_and_keep_their_breakdown() -> None:
    widget = sheet()
    assert widget.running == [{"ns": 410, "ew": -65}, {"ns": 645, "ew": 655}]
    assert widget.totals == {"ns": 645, "ew": 655}
    first = widget.hands[0]["ns"]
    assert first["burracos"] == HAND_1["ns"]["burracos"] and first["items"] == HAND_1["ns"]["items"]
    assert widget.hands[1]["ew"] == {
        "total": 720, "melded": 0, "in_hand": 0, "burraco_bonus": 0, "closing_bonus": 0, "pot": 0, "burracos": [], "items": [],
    }
    assert widget.status == "East–West lead by 10; 1,350 to go to 2,005."
    assert repr(widget) == "ScoreSheet(North–South 645, East–West 655 after 2 hands, target 2005)"


def test_the_target_and_its_reading_come_from_the_rules() -> None:
    bukharo = ScoreSheet(["Us", "Them"], rules=preset("bukharo"))
    assert bukharo.target == 2000 and bukharo.side_keys == ["0", "1"]
    bukharo.add_hand({0: {"total": 2000}, 1: {"total": 300}})
    assert bukharo.status == "Us lead by 1,700; 1 to go to 2,000.", "000: the target must be passed"
    bukharo.add_hand({0: {"total": 5}, 1: {"total": 0}})
    assert bukharo.status == "Us win the match with 2,005."


def test_level_past_the_target_means_another_hand() -> None:
    widget = ScoreSheet(["A", "B"], target=1000)
    widget.add_hand({"0": {"total": 1200}, "1": {"total": 1200}})
    assert widget.status.startswith("Level at 1,200 past the target")
    widget.clear()
    assert widget.hands == [] and widget.running == [] and widget.status.startswith("No hands yet")


@pytest.mark.parametrize(
    ("hand", "match"),
    [
        ({"ns": {"total": 10}}, "has sides"),
        ({"ns": {"total": 10}, "ew": {"total": 5}, "xx": {"total": 1}}, "has sides"),
        ({"ns": {"melded": 10}, "ew": {"total": 5}}, "no 'total'"),
        ({"ns": {"total": "10"}, "ew": {"total": 5}}, "whole number"),
        ({"ns": {"total": True}, "ew": {"total": 5}}, "whole number"),
        ({"ns": {"total": 1, "items": [{"label": 3, "points": 1}]}, "ew": {"total": 5}}, "must be text"),
        ({"ns": {"total": 1, "burracos": "3H 4H"}, "ew": {"total": 5}}, "must be lists"),
        ({"ns": 10, "ew": {"total": 5}}, "dict of points"),
        (["ns", "ew"], "dict of side results"),
    ],
)
def test_a_malformed_hand_is_refused_and_changes_nothing(hand: Any, match: str) -> None:
    widget = sheet()
    before = state_of(widget)
    with pytest.raises(InvalidRecordError, match=match):
        widget.add_hand(hand)
    assert state_of(widget) == before


def test_bad_sides_are_refused() -> None:
    with pytest.raises(InvalidRecordError):
        ScoreSheet(["only one"])
    with pytest.raises(InvalidRecordError):
        ScoreSheet("North-South")
    with pytest.raises(InvalidRecordError):
        ScoreSheet({"a": "A", "b": "B"}, target=2000.5)  # type: ignore[arg-type]


def test_the_browser_may_open_a_hands_breakdown() -> None:
    widget = sheet()
    update(widget, {"open_hand": 1})
    assert widget.open_hand == 1
    update(widget, {"open_hand": -1})
    assert widget.open_hand == -1


@pytest.mark.parametrize(
    "forged",
    [
        {"open_hand": 2},
        {"open_hand": -2},
        {"open_hand": "1"},
        {"hands": []},
        {"running": [{"ns": 5000, "ew": 0}]},
        {"status": "North–South win"},
        {"target": 100},
        {"sides": [{"key": "ns", "name": "Winners"}]},
    ],
)
def test_forged_updates_are_refused(forged: dict[str, Any]) -> None:
    widget = sheet()
    before = state_of(widget)
    update(widget, forged)
    assert state_of(widget) == before and widget.refusals


def test_the_sheet_takes_no_intents() -> None:
    widget = sheet()
    before = state_of(widget)
    message(widget, {"intent": "add_hand", "hand": {"ns": {"total": 5000}, "ew": {"total": 0}}})
    assert widget.error.startswith("Unknown action 'add_hand'")
    assert widget.totals == {"ns": 645, "ew": 655}
    assert {k: v for k, v in state_of(widget).items() if k != "error"} == {k: v for k, v in before.items() if k != "error"}
