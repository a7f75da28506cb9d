"""Any lesson page says when its kernel can no longer answer (issue 16, item 8), not only the card table.

A page of the test's own Voila holds a :class:`buraco_learn.ui.ConnectionNotice` and a plain
button. While the kernel answers, nothing shows; when the kernel is killed, or the server
stops, the notice says so in words at the top of the page with a Reload button, and after
Reload (the server still there) the page works and the notice is gone.
"""

from __future__ import annotations

import os
import signal
from typing import Any

import pytest

from buraco_learn.ui.connection_notice import LOST_TEXT

pytestmark = pytest.mark.browser

NOTICE = ".bl-connection"


def expect() -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect


def open_page(page: Any, url: str) -> Any:
    page.goto(f"{url.rstrip('/')}/voila/render/connection_notice.ipynb", wait_until="domcontentloaded")
    page.get_by_role("button", name="Check my answer").wait_for(timeout=60_000)
    notice = page.locator(NOTICE)
    expect()(notice).to_be_hidden()
    return notice


def test_a_killed_kernel_is_told_at_the_top_of_the_page_and_reload_brings_it_back(page: Any, voila_server: Any) -> None:
    notice = open_page(page, voila_server.url)
    kernels = voila_server.kernel_pids()
    assert kernels, "the page's kernel should be running"
    for pid in kernels:
        os.kill(pid, signal.SIGKILL)
    expect()(notice).to_be_visible(timeout=15_000)
    expect()(notice).to_have_text(LOST_TEXT + "Reload the page")
    expect()(notice).to_have_attribute("role", "alert")
    box = notice.bounding_box()
    assert box is not None and box["y"] <= 1 and box["width"] >= page.viewport_size["width"] - 2  # across the top
    if os.environ.get("BURACO_SHOTS"):
        page.screenshot(path=os.path.join(os.environ["BURACO_SHOTS"], "page-connection-lost.png"))
    notice.get_by_role("button", name="Reload the page").click()
    open_page(page, voila_server.url)


def test_a_stopped_server_is_told(page: Any, voila_server: Any) -> None:
    notice = open_page(page, voila_server.url)
    voila_server.stop()
    expect()(notice).to_be_visible(timeout=20_000)
    expect()(notice).to_contain_text("Reload the page to continue: your progress is saved.")
