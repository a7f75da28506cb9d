"""The widget base: what the browser may change, how intents are handled, what is sent.

Every message here goes through ipywidgets' own entry point (``_handle_msg``), exactly
as the kernel would deliver it from the browser.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any, ClassVar

import pytest
import traitlets

from buraco_learn.errors import IllegalActionError
from buraco_learn.ui import BuracoWidget, MeldQuiz, ScoreSheet
from buraco_learn.ui.base import STATIC_DIRS, intent, static_file, static_text


def from_browser(widget: Any, data: dict[str, Any]) -> None:
    """Deliver a comm message from the front end, as the kernel does."""
    widget._handle_msg({"content": {"data": data}, "buffers": []})


def update(widget: Any, state: Any) -> None:
    from_browser(widget, {"method": "update", "state": state, "buffer_paths": []})


def message(widget: Any, content: Any) -> None:
    from_browser(widget, {"method": "custom", "content": content})


def outbox(widget: Any) -> list[dict[str, Any]]:
    """Capture everything the widget sends to the browser from now on."""
    sent: list[dict[str, Any]] = []
    widget._send = lambda msg, buffers=None: sent.append(msg)
    return sent


def state_of(widget: Any) -> dict[str, Any]:
    return json.loads(json.dumps(widget.get_state()))


class Counter(BuracoWidget):
    """A tiny widget to pin the base's contract down."""

    _esm = "export default { render() {} };\n"

    count = traitlets.Int(0).tag(sync=True)
    step = traitlets.Int(1).tag(sync=True)
    secret = 42  # plain attribute: never synced

    browser_traits: ClassVar[frozenset[str]] = BuracoWidget.browser_traits | {"step"}

    @intent("bump")
    def bump(self, times: int = 1) -> None:
        if not isinstance(times, int) or times < 1:
            raise IllegalActionError(f"cannot bump {times!r} times")
        self.count += self.step * times

    @intent("crash")
    def crash(self) -> None:
        raise RuntimeError("a bug")

    def validate_browser_update(self, name: str, value: Any) -> Any:
        if name == "step" and not 1 <= value <= 10:
            raise ValueError(f"step {value} is not between 1 and 10")
        return value

    def repr_fields(self) -> str:
        return f"count={self.count}"


class LoudCounter(Counter):
    @intent("reset")
    def reset(self) -> None:
        self.count = 0


def test_static_files_are_found_in_the_repository_during_development() -> None:
    path = static_file("meld_quiz.js")
    assert path.parent.name in ("widgets", "static")
    assert "export default" in path.read_text()
    css = static_text("buraco.css", "meld_quiz.css")
    assert ".bl-card" in css and ".bl-quiz" in css
    with pytest.raises(FileNotFoundError, match=r"nope\.js"):
        static_file("nope.js")
    assert STATIC_DIRS[0].parts[-3:] == ("buraco_learn", "ui", "static")


@pytest.mark.parametrize("widget_class", [MeldQuiz, ScoreSheet])
def test_every_widget_ships_a_self_contained_es_module(widget_class: type) -> None:
    widget = widget_class()
    esm = str(widget._esm)
    assert "export default" in esm and "render" in esm
    assert not re.search(r"^\s*import\s", esm, re.MULTILINE), "one self-contained module: no imports"
    assert "http://" not in esm.replace("http://www.w3.org/2000/svg", "") and "https://" not in esm
    assert ".buraco-widget" in str(widget._css)


def test_repr_is_stable_and_has_no_address() -> None:
    widget = Counter()
    assert repr(widget) == "Counter(count=0)"
    bundle = widget._repr_mimebundle_()
    assert bundle is not None and bundle[0]["text/plain"] == "Counter(count=0)"
    for other in (MeldQuiz(seed=1), ScoreSheet()):
        assert "0x" not in repr(other)
        assert repr(other) == repr(other)


def test_intents_are_collected_through_inheritance() -> None:
    assert Counter.intents == {"bump": "bump", "crash": "crash"}
    assert LoudCounter.intents == {"bump": "bump", "crash": "crash", "reset": "reset"}


def test_browser_traits_must_be_synced() -> None:
    class Broken(Counter):
        browser_traits: ClassVar[frozenset[str]] = frozenset({"secret"})

    with pytest.raises(TypeError, match="secret"):
        Broken()


def test_an_allowed_update_is_applied() -> None:
    widget = Counter()
    sent = outbox(widget)
    update(widget, {"step": 3, "four_colour": True, "large": True})
    assert (widget.step, widget.four_colour, widget.large) == (3, True, True)
    assert not widget.refusals
    message(widget, {"intent": "bump", "times": 2})
    assert widget.count == 6
    assert all("secret" not in json.dumps(msg) and "42" not in json.dumps(msg) for msg in sent)


@pytest.mark.parametrize(
    "forged",
    [
        {"count": 99},
        {"error": "all fine"},
        {"hand": ["JK", "JK"]},
        {"_esm": "export default {}"},
        {"_model_name": "Evil"},
        {"layout": "IPY_MODEL_x"},
        {"step": 2, "count": 99},  # all or nothing
        {"step": 11},  # an allowed trait, a value the widget refuses
        {"step": "three"},  # wrong type
        {"four_colour": "yes"},
    ],
)
def test_a_forged_or_invalid_update_is_refused_logged_and_changes_nothing(forged: dict[str, Any], caplog: pytest.LogCaptureFixture) -> None:
    widget = Counter()
    before = state_of(widget)
    sent = outbox(widget)
    with caplog.at_level(logging.WARNING, logger="buraco_learn.ui"):
        update(widget, forged)
    assert state_of(widget) == before
    assert widget.refusals and "refused a browser update" in widget.refusals[-1]
    assert any("refused a browser update" in record.getMessage() for record in caplog.records)
    # the browser's copy of a real trait is put back to the true value
    resent = {key: value for msg in sent if msg.get("method") == "update" for key, value in msg["state"].items()}
    for name in forged:
        if name in widget.keys:
            assert resent[name] == before[name]


def test_an_update_that_is_not_an_object_is_refused() -> None:
    widget = Counter()
    before = state_of(widget)
    widget.set_state(["count", 5])
    assert state_of(widget) == before and widget.refusals


def test_an_unknown_intent_is_refused_with_an_error_on_the_widget(caplog: pytest.LogCaptureFixture) -> None:
    widget = Counter()
    before = state_of(widget)
    sent = outbox(widget)
    with caplog.at_level(logging.WARNING, logger="buraco_learn.ui"):
        message(widget, {"intent": "set_count", "value": 1000, "id": "r1"})
    assert widget.error.startswith("Unknown action 'set_count'")
    assert "bump" in widget.error
    assert {k: v for k, v in state_of(widget).items() if k != "error"} == {k: v for k, v in before.items() if k != "error"}
    replies = [msg["content"] for msg in sent if msg.get("method") == "custom"]
    assert replies == [{"type": "reply", "id": "r1", "ok": False, "error": widget.error}]
    assert any("set_count" in record.getMessage() for record in caplog.records)


@pytest.mark.parametrize(
    "content",
    [
        "bump",
        ["bump"],
        {"intent": 7},
        {"method": "bump"},
        {"kind": "anywidget-command", "name": "bump", "msg": {}},  # anywidget's own RPC is not an intent
        {"intent": "bump", "times": 1, "as_admin": True},  # an argument the intent does not take
        {"intent": "__init__"},
        {"intent": "set_state", "sync_data": {"count": 5}},
    ],
)
def test_malformed_messages_are_refused(content: Any) -> None:
    widget = Counter()
    before = state_of(widget)
    message(widget, content)
    assert widget.error
    assert widget.count == before["count"] and widget.step == before["step"]


def test_an_engine_refusal_is_shown_and_the_next_success_clears_it() -> None:
    widget = Counter()
    sent = outbox(widget)
    message(widget, {"intent": "bump", "times": 0, "id": 5})
    assert widget.error == "Cannot bump 0 times" and widget.count == 0
    message(widget, {"intent": "bump", "id": 6})
    assert widget.error == "" and widget.count == 1
    replies = [msg["content"] for msg in sent if msg.get("method") == "custom"]
    assert replies == [
        {"type": "reply", "id": 5, "ok": False, "error": "Cannot bump 0 times"},
        {"type": "reply", "id": 6, "ok": True, "error": ""},
    ]


def test_a_bug_in_a_handler_is_reported_without_a_traceback_in_the_page(caplog: pytest.LogCaptureFixture) -> None:
    widget = Counter()
    with caplog.at_level(logging.ERROR, logger="buraco_learn.ui"):
        message(widget, {"intent": "crash"})
    assert "internal error" in widget.error and "RuntimeError" not in widget.error
    assert any(record.exc_info for record in caplog.records)


def test_an_intent_sends_its_changes_in_one_update() -> None:
    widget = LoudCounter()
    message(widget, {"intent": "bump", "times": 3})
    sent = outbox(widget)
    message(widget, {"intent": "reset"})
    updates = [msg for msg in sent if msg.get("method") == "update"]
    assert len(updates) == 1 and updates[0]["state"]["count"] == 0
