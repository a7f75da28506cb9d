"""``buraco-learn build-site DIR``, built and used as a learner would, in headless Chromium with no network.

The site is built from this checkout (Pyodide from npm, wheels from PyPI: cached after the first
build), served by ``python -m http.server`` on 127.0.0.1, and every request that is not for
127.0.0.1 is aborted (and fails the test). The learner opens the landing page, follows its link to
lesson 2, answers its quiz and marks the lesson done, plays a turn of lesson 12 against the bots,
reloads lesson 12 and finds the game saved, then finds lesson 2 done on the landing page (all of it
kept in the browser's IndexedDB, each page a new Pyodide kernel).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from buraco_learn import preset
from buraco_learn.app import lessonkit as kit
from buraco_learn.app.catalogue import repository_lessons_dir

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("static-site")]  # the site is built once

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY_S = 240  # Pyodide boots on the CPU: about 20 s on an idle 2-core machine, far more on a busy one
TABLE = ".bl-table:not(.bl-replayer):not(.bl-guided .bl-table)"
YOUR_TURN_OR_OVER = f"""() => {{ const t = document.querySelector('{TABLE}');
  return !!t && (t.dataset.phase === 'over' || (t.dataset.turn === 'you' && t.dataset.phase === 'draw')); }}"""
ERROR_TEXT = re.compile(r"Traceback|Error:|\bundefined\b|/(home|tmp|work|root|usr)/")
SHOTS = os.environ.get("BURACO_SCREENSHOTS")


def _required() -> bool:
    return any(os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")
               for name in ("CI", "BURACO_REQUIRE_BROWSER"))


def _chromium() -> str:
    chosen = os.environ.get("BURACO_CHROMIUM")
    for candidate in [chosen] if chosen else ["/usr/bin/chromium", shutil.which("chromium")]:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    if _required():
        pytest.fail("Chromium is not installed (browser tests are required: CI or BURACO_REQUIRE_BROWSER is set)")
    pytest.skip("Chromium is not installed; apt-get install -y --no-install-recommends chromium")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("static-site") / "site"
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "buraco_learn", "build-site", str(out)],
                          capture_output=True, text=True, check=False, timeout=1800)
    assert done.returncode == 0, done.stderr[-2000:]
    print(f"build-site: {time.monotonic() - started:.0f} s; {done.stdout.strip()}")
    return out


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "http.server", "-d", str(site), "-b", "127.0.0.1", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        server.wait(timeout=20)


def test_the_site_holds_everything_it_needs(site: Path) -> None:
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs" and kernel["disablePyPIFallback"] is True
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    for entry in lock["packages"].values():
        assert (site / "static" / "pyodide" / entry["file_name"]).is_file(), entry["file_name"]
    assert set(kernel["loadPyodideOptions"]["packages"]) <= set(lock["packages"])
    names = {extension["name"] for extension in config["federated_extensions"]}
    assert names == {"@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget"}
    wheel = next((site / "static" / "pyodide").glob("buraco_learn-*.whl"))
    import zipfile

    with zipfile.ZipFile(wheel) as archive:
        assert not [name for name in archive.namelist() if name.endswith((".so", ".pyc"))]
    for lesson in repository_lessons_dir().glob("*.ipynb"):
        assert (site / "files" / lesson.name).is_file(), lesson.name
    # no address outside the site in the pages' entry points
    for page in (site / "index.html", site / "notebooks" / "index.html"):
        assert not re.search(r'(src|href)="https?://', page.read_text(encoding="utf-8"))


def _lesson_two_answers() -> list[str]:
    """The right answers of lesson 2's quiz, from its task file's cards and the engine."""
    from buraco_learn.app.taskdata import load

    entries = load("melds", repository_lessons_dir())["check"].fields["questions"]
    return [kit.meld_question(entry["meld"]).answer(preset("italian")) for entry in entries]


def _wait_ready(page: Any, what: str) -> float:
    """Wait until the page's script has run every cell; returns the seconds it took from navigation."""
    page.wait_for_function("() => window.buracoSite && window.buracoSite.state !== 'loading'", timeout=READY_S * 1000)
    state = page.evaluate("window.buracoSite")
    assert state["state"] == "ready", f"{what}: {state}"
    return float(state["ready"]) / 1000


def _shots(page: Any, name: str) -> None:
    """Screenshots of the page as a learner sees it, on a desktop and on a phone (when BURACO_SCREENSHOTS names a folder)."""
    if not SHOTS:
        return
    for label, size in (("desktop", {"width": 1366, "height": 900}), ("phone", {"width": 390, "height": 844})):
        page.set_viewport_size(size)
        time.sleep(0.5)
        page.screenshot(path=f"{SHOTS}/site-{name}-{label}.png")
    page.set_viewport_size({"width": 1366, "height": 900})


def _assert_clean(page: Any, what: str) -> None:
    text = page.inner_text("body")
    found = ERROR_TEXT.search(text)
    assert not found, f"{what} shows {found.group(0)!r}: {text[max(0, found.start() - 200):found.start() + 200]}"


def test_a_learner_uses_the_site_offline_and_finds_their_progress_after_a_reload(served: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    answers = _lesson_two_answers()
    blocked: list[str] = []
    timings: dict[str, float] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=_chromium(), args=CHROMIUM_FLAGS)
        context = browser.new_context(viewport={"width": 1366, "height": 900})

        def route(request_route: Any) -> None:
            if request_route.request.url.startswith(served):
                request_route.continue_()
            else:
                blocked.append(request_route.request.url)
                request_route.abort()

        context.route("**/*", route)
        page = context.new_page()
        expect.set_options(timeout=60_000)
        try:
            page.goto(served)
            timings["landing (cold)"] = _wait_ready(page, "the landing page")
            expect(page.locator("a.lesson-link").first).to_be_visible()
            _assert_clean(page, "the landing page")
            _shots(page, "landing")
            page.locator('a.lesson-link[href*="02_melds.ipynb"]').first.click()
            page.wait_for_url("**/notebooks/index.html?path=02_melds.ipynb**")
            timings["lesson 2"] = _wait_ready(page, "lesson 2")
            for number, answer in enumerate(answers, start=1):
                page.locator(f'button[title="Question {number}: {answer}"]').click()
            expect(page.get_by_text(re.compile(rf"You got {len(answers)} of {len(answers)} right"))).to_be_visible()
            page.get_by_role("button", name="I've done this lesson").click()
            expect(page.get_by_role("link", name=re.compile("^Next: lesson 3"))).to_be_visible()
            _assert_clean(page, "lesson 2")
            _shots(page, "lesson2")

            page.goto(f"{served}notebooks/index.html?path=12_play_the_coach.ipynb")
            timings["lesson 12"] = _wait_ready(page, "lesson 12")
            page.get_by_role("button", name="Deal a new game").click()
            table = page.locator(TABLE)
            expect(table).to_be_visible()
            table.get_by_label("Bot speed").select_option(label="Instant")
            page.wait_for_function(YOUR_TURN_OR_OVER, timeout=120_000)
            assert table.get_attribute("data-phase") == "draw", "the hand ended before the learner's first turn"
            table.get_by_role("button", name="Draw", exact=True).click()
            expect(table).to_have_attribute("data-phase", "play")
            table.get_by_role("group", name="Your hand", exact=False).locator("button.bl-card").last.click()
            table.get_by_role("button", name="Discard", exact=True).click()
            expect(table).to_have_attribute("data-phase", re.compile("draw|over"))
            page.wait_for_function(YOUR_TURN_OR_OVER, timeout=120_000)  # the bots played and gave the turn back
            _assert_clean(page, "lesson 12")
            _shots(page, "lesson12")
            time.sleep(2.0)  # the last save reaches IndexedDB in the background

            page.reload()  # lesson 12 again, a new kernel: its game was saved in the browser
            timings["lesson 12 (reloaded)"] = _wait_ready(page, "lesson 12, reloaded")
            expect(page.get_by_text("You have a saved game")).to_be_visible()
            expect(page.get_by_role("button", name="Resume my saved game")).to_be_enabled()

            page.goto(served)
            timings["landing (warm)"] = _wait_ready(page, "the landing page, again")
            page.wait_for_selector("ol.buraco-map li.lesson")
            rows = {row.get_attribute("data-lesson") or "": row.inner_text()
                    for row in page.locator("ol.buraco-map li.lesson").all()}
            assert "Done" in rows["melds"], rows["melds"]
            _assert_clean(page, "the landing page, reloaded")
        finally:
            browser.close()
    print("time to a usable page (s):", {key: round(value, 1) for key, value in timings.items()})
    assert not blocked, f"the site asked for addresses outside it: {blocked[:5]}"
