"""When the game's kernel is gone, the table says so and offers to reload, instead of going dead.

Three ways a page loses its game, each on a Voila of the test's own: the kernel dies (killed;
Jupyter starts a new one that knows nothing of this table), the server stops (a restart, a
dropped connection that never comes back), and the kernel stops answering while the
websocket stays up (frozen). In each the table shows the message in plain words with a
Reload button, a click on the table's controls brings that button to the learner instead of
doing nothing, and Reload gives a working table again where the server is still there.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from typing import Any

import pytest

pytestmark = pytest.mark.browser

TABLE = ".bl-table:not(.bl-replayer)"
LOST = "The connection to the game was lost. Reload the page to continue; your game is saved."


def expect() -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect


def open_table(page: Any, url: str) -> Any:
    page.goto(f"{url}/voila/render/card_table.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(TABLE, state="visible", timeout=60_000)
    page.wait_for_function(
        "() => { const r = document.querySelector('.bl-table:not(.bl-replayer)'); return r && r.dataset.turn === 'you'; }",
        timeout=30_000)
    table = page.locator(TABLE)
    expect()(table).to_have_attribute("data-connection", "live")
    return table


def lost_is_shown(page: Any, table: Any, within: float) -> float:
    """Wait until the table says the game is lost; return the seconds it took."""
    start = time.monotonic()
    alert = table.locator(".bl-lost")
    expect()(alert).to_be_visible(timeout=within * 1000)
    expect()(alert).to_have_text(LOST + "Reload the page")
    expect()(table).to_have_attribute("data-connection", "lost")
    return time.monotonic() - start


def a_click_shows_the_way_out(page: Any, table: Any, control: Any) -> None:
    """A click on a control does something the learner sees: the Reload button takes the focus."""
    page.locator("body").click(position={"x": 1, "y": 1})  # the focus away from the table
    control.click()
    expect()(table.get_by_role("button", name="Reload the page")).to_be_focused()
    expect()(table.locator(".bl-lost")).to_have_class("bl-lost bl-flash")


def test_a_killed_kernel_is_reported_and_reload_gives_a_working_table(page: Any, voila_server: Any) -> None:
    table = open_table(page, voila_server.url)
    kernels = voila_server.kernel_pids()
    assert kernels, "the page's kernel should be running"
    for pid in kernels:  # the page's kernel: Jupyter restarts it, empty
        os.kill(pid, signal.SIGKILL)
    took = lost_is_shown(page, table, within=15)
    a_click_shows_the_way_out(page, table, table.get_by_role("button", name="Draw", exact=True))
    table.get_by_role("button", name="Reload the page").click()
    table = open_table(page, voila_server.url.rstrip("/"))
    table.get_by_role("button", name="Draw", exact=True).click()
    expect()(table).to_have_attribute("data-phase", "play")
    print(f"kernel killed: the table said so after {took:.1f} s")


def test_a_stopped_server_is_reported(page: Any, voila_server: Any) -> None:
    table = open_table(page, voila_server.url)
    voila_server.stop()
    took = lost_is_shown(page, table, within=20)
    a_click_shows_the_way_out(page, table, table.locator(".bl-hand button.bl-card").first)
    if os.environ.get("BURACO_SHOTS"):
        page.screenshot(path=os.path.join(os.environ["BURACO_SHOTS"], "voila-lost.png"))
    print(f"server stopped: the table said so after {took:.1f} s")


def test_a_kernel_that_stops_answering_is_reported_at_the_next_click(page: Any, voila_server: Any) -> None:
    table = open_table(page, voila_server.url)
    kernels = voila_server.kernel_pids()
    assert kernels
    for pid in kernels:
        os.kill(pid, signal.SIGSTOP)
    try:
        table.get_by_role("button", name="Draw", exact=True).click()
        took = lost_is_shown(page, table, within=25)
        a_click_shows_the_way_out(page, table, table.get_by_role("button", name="Draw", exact=True))
    finally:
        for pid in kernels:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)
    print(f"kernel frozen: the table said so {took:.1f} s after the click")
