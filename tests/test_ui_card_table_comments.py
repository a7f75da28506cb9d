"""The coach's comments on the card table: after each of the learner's moves, the coach's opinion.

Driven by the messages the browser would send (ipywidgets' ``_handle_msg``), on 002's
pile example (North holds K♠ K♦ 7♣ 8♣; the pile is 9♣ K♥ 5♠).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from buraco_learn import preset
from buraco_learn.game.actions import Action
from buraco_learn.game.position import position
from buraco_learn.game.view import PlayerView
from buraco_learn.ui import CardTable
from buraco_learn.ui.hints import normalise_comment

ITALIAN = preset("italian")


def update(widget: Any, state: Any) -> None:
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []})


def message(widget: Any, content: Any) -> None:
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def pile_table(**options: Any) -> CardTable:
    state = position(ITALIAN, hands={"N": "KS KD 7C 8C"}, pile="9C KH 5S", current="N")
    return CardTable(state=state, pace=0, **options)


def test_comments_are_off_by_default_and_the_browser_may_switch_them_on() -> None:
    asked: list[tuple[PlayerView, Action]] = []

    def source(view: PlayerView, action: Action) -> dict[str, Any]:
        asked.append((view, action))
        return {"verdict": "worse", "suggested": "take", "text": "Take the pile: it holds the K♥ your kings need."}

    table = pile_table(comment_source=source)
    message(table, {"intent": "draw"})
    assert table.table["comment"] == {} and asked == []
    message(table, {"intent": "undo"})
    update(table, {"comments": True})  # the learner presses "Coach's comments"
    assert table.comments and table.game.comments
    message(table, {"intent": "draw"})
    assert table.table["comment"] == {
        "action": "draw", "verdict": "worse", "suggested": "take", "text": "Take the pile: it holds the K♥ your kings need.",
    }
    view, action = asked[0]
    assert isinstance(view, PlayerView) and view.seat == 0 and view.phase == "draw"  # the view before the move
    assert action == Action.draw()
    update(table, {"comments": False})
    assert table.table["comment"] == {}


def test_a_forced_move_gets_no_comment_and_undo_clears_it() -> None:
    calls: list[Action] = []

    def source(view: PlayerView, action: Action) -> str:
        calls.append(action)
        return "That is what I would have played."

    state = position(ITALIAN, hands={"N": "KS KD 7C 8C"}, pile="9C KH 5S", current="N", phase="play")
    table = CardTable(state=state, pace=0, comments=True, comment_source=source)
    table.play("discard 7C")
    assert table.table["comment"]["text"] == "That is what I would have played."
    assert table.table["comment"]["verdict"] == ""  # a plain string says nothing about the verdict
    message(table, {"intent": "undo"})
    assert table.table["comment"] == {}
    assert calls == [Action.parse("discard 7C")]


def test_a_failing_coach_never_breaks_the_game(caplog: pytest.LogCaptureFixture) -> None:
    def source(view: PlayerView, action: Action) -> Any:
        raise RuntimeError("the coach fell over")

    table = pile_table(comments=True, comment_source=source)
    message(table, {"intent": "take"})
    assert table.error == "" and table.state.phase == "play" and table.table["comment"] == {}
    assert "could not comment" in caplog.text


def test_the_setting_is_saved_with_the_game() -> None:
    table = CardTable("italian", seed=4, bots="random", pace=0, comments=True, comment_source=lambda view, action: "ok")
    data = json.loads(table.to_json())
    assert data["options"]["comments"] is True
    again = CardTable.from_json(table.to_json())
    assert again.comments and again.game.comments


def test_normalise_comment_keeps_known_verdicts_only() -> None:
    draw = Action.draw()
    assert normalise_comment({"verdict": "brilliant", "text": "x"}, draw)["verdict"] == ""
    assert normalise_comment({"verdict": "as-good", "text": "x", "suggested": "take"}, draw) == {
        "action": "draw", "verdict": "as-good", "suggested": "take", "text": "x",
    }


def test_the_coach_comments_in_rule_terms_by_default() -> None:
    pytest.importorskip("buraco_learn.coach")
    table = pile_table(comments=True)
    message(table, {"intent": "draw"})  # 002's example: the pile held the K♥ for North's kings
    comment = table.table["comment"]
    assert comment["action"] == "draw" and comment["verdict"] in ("same", "as-good", "worse")
    assert comment["text"] and comment["suggested"] in ("draw", "take")  # a choice of the position before the move
    if comment["verdict"] == "worse":
        assert comment["suggested"] == "take" and "K" in comment["text"]
    print(comment)
