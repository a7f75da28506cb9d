"""The Binder way in headless Chromium (issue 17, item 3): the badge's landing page under the base URL
says progress lasts only for the session, downloads the progress file, refuses a bad one in words,
and stops its kernel when the learner follows a link to a lesson (the page's own shutdown beacon).

The server is :class:`tests.test_app_binder_serve.BinderServer`; Chromium is Debian's, driven by
Playwright in a thread of its own (another harness may hold the sync API on the main thread), every
non-loopback request aborted. A screenshot of the landing page is written to ``$BURACO_SHOTS``
(default: the test's temp directory).
"""

from __future__ import annotations

import json
import os
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.browser_app.conftest import CHROMIUM_FLAGS, LOOPBACK, find_chromium, missing_browser
from tests.test_app_binder_serve import BASE, URLPATH, BinderServer, kernel_of, kernel_status

RENDER_MS = 120_000

pytestmark = pytest.mark.slow


def test_the_binder_landing_page_in_a_browser(tmp_path: Path) -> None:
    chromium = find_chromium()
    if chromium is None:
        missing_browser("Chromium is not installed")
    pytest.importorskip("playwright.sync_api")
    shots = Path(os.environ.get("BURACO_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    binder = BinderServer(tmp_path / "server")
    try:
        with ThreadPoolExecutor(1) as thread:
            thread.submit(journey, str(chromium), binder, shots, tmp_path).result(timeout=600)
    finally:
        binder.stop()


def journey(chromium: str, binder: BinderServer, shots: Path, tmp: Path) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
            blocked: list[str] = []

            def route(handle: object) -> None:
                request = handle.request  # type: ignore[attr-defined]
                if (urlsplit(request.url).hostname or "") in LOOPBACK:
                    handle.continue_()  # type: ignore[attr-defined]
                else:
                    blocked.append(request.url)
                    handle.abort()  # type: ignore[attr-defined]

            context.route("**/*", route)
            page = context.new_page()
            page.goto(f"http://127.0.0.1:{binder.port}{BASE}{URLPATH}?token={binder.token}",
                      wait_until="domcontentloaded", timeout=RENDER_MS)
            page.get_by_text("only for this session").wait_for(timeout=RENDER_MS)
            page.get_by_text("Download my progress").wait_for(timeout=RENDER_MS)
            assert "still here when you come back" not in page.inner_text("body")
            page.screenshot(path=str(shots / "binder-landing.png"))
            keep = page.locator(".widget-vbox", has=page.get_by_text("Keep your progress")).last
            keep.scroll_into_view_if_needed()
            page.screenshot(path=str(shots / "binder-landing-keep.png"))
            landing_kernel = kernel_of(page.content())
            with page.expect_download(timeout=30_000) as download:
                page.get_by_text("Download my progress").click()
            saved = tmp / "downloaded.json"
            download.value.save_as(saved)
            data = json.loads(saved.read_text())
            assert download.value.suggested_filename == "buraco-learn-progress.json"
            assert data["format"] == "buraco-learn-progress" and data["lessons"] == []
            bad = tmp / "bad.json"
            bad.write_text("this is not my progress")
            with page.expect_file_chooser(timeout=30_000) as chooser:
                page.get_by_role("button", name="Load my progress").click()
            chooser.value.set_files(str(bad))
            page.get_by_role("alert").filter(has_text="This is not a progress file").wait_for(timeout=30_000)
            page.screenshot(path=str(shots / "binder-landing-bad-file.png"))
            page.get_by_role("link", name="Melds: sets and runs").first.click()
            page.wait_for_url(f"**{BASE}voila/render/lessons/02_melds.ipynb", timeout=RENDER_MS)
            page.wait_for_selector("#rendered_cells", state="visible", timeout=RENDER_MS)
            deadline = time.monotonic() + 20
            while kernel_status(binder, landing_kernel) != 404:  # the landing page's beacon stopped its kernel
                assert time.monotonic() < deadline, "the landing page's kernel still runs after the page was left"
                time.sleep(0.3)
        finally:
            browser.close()
