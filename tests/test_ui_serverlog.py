"""Refusals go to the server's log, never streamed to the learner's page (issue 16, item 8).

In a real ipykernel (the kernel a Voila page runs), a flood of refused browser messages
sends nothing on the page's stderr stream; the kernel process's own stderr (the server's
log) gets them, within a budget.
"""

from __future__ import annotations

import io
import logging
import queue
from pathlib import Path

import pytest

from buraco_learn.ui.serverlog import BURST, ServerLogHandler, route_to_server_log

FLOOD = """
from buraco_learn.ui.meld_quiz import MeldQuiz
quiz = MeldQuiz()
for number in range(300):
    quiz.set_state({"no_such_trait": number})              # a forged trait update
    quiz._handle_custom_msg({"intent": "forged", "id": number}, [])   # a forged intent
print("refused", len(quiz.refusals), "kept")
"""


def test_a_flood_of_refusals_in_a_kernel_reaches_the_servers_log_not_the_page(tmp_path: Path) -> None:
    from jupyter_client.manager import start_new_kernel

    server_log = tmp_path / "kernel-stderr.log"
    with server_log.open("w") as stderr:
        manager, client = start_new_kernel(kernel_name="python3", stderr=stderr, stdout=stderr)
        try:
            client.execute(FLOOD)
            streams: dict[str, str] = {"stdout": "", "stderr": ""}
            errors = []
            while True:
                try:
                    message = client.get_iopub_msg(timeout=60)
                except queue.Empty:
                    pytest.fail("the kernel did not finish the flood within 60 s")
                kind, content = message["msg_type"], message["content"]
                if kind == "stream":
                    streams[content["name"]] += content["text"]
                elif kind == "error":
                    errors.append(content)
                elif kind == "status" and content["execution_state"] == "idle" and streams["stdout"]:
                    break
        finally:
            client.stop_channels()
            manager.shutdown_kernel(now=True)
    assert not errors, errors
    assert streams["stdout"].startswith("refused 50 kept")  # the widget keeps a bounded list
    assert streams["stderr"] == "", streams["stderr"][:300]  # nothing on the page
    logged = server_log.read_text()
    assert "refused a browser update of 'no_such_trait'" in logged  # the server's log has them ...
    assert logged.count("refused") <= BURST  # ... within the budget: a flood cannot flood the log either


def test_the_budget_lets_errors_through_and_counts_what_it_held_back() -> None:
    out = io.StringIO()
    handler = ServerLogHandler(out, burst=1, window=10.0)
    logger = logging.getLogger("buraco_learn.test_budget")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        logger.warning("first")
        logger.warning("second")
        logger.error("an error always")
        handler.flush_held(now=handler.window_start + 11)
        logger.warning("third")
    finally:
        logger.removeHandler(handler)
    assert out.getvalue().splitlines() == [
        "buraco_learn.test_budget: first", "buraco_learn.test_budget: an error always",
        "buraco_learn: 1 more messages held back in the last minute", "buraco_learn.test_budget: third"]


def test_routing_is_installed_once_and_log_capture_still_sees_records(caplog: pytest.LogCaptureFixture) -> None:
    route_to_server_log()
    route_to_server_log()
    handlers = [handler for handler in logging.getLogger("buraco_learn").handlers if isinstance(handler, ServerLogHandler)]
    assert len(handlers) == 1
    with caplog.at_level(logging.WARNING, logger="buraco_learn.ui"):
        logging.getLogger("buraco_learn.ui").warning("seen by the tests")
    assert "seen by the tests" in caplog.text
