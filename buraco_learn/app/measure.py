"""Measure the app: time to first render per lesson against an empty notebook, memory per kernel, click latency.

Run it (it needs the ``test`` extra for Playwright, and Debian's Chromium)::

    python -m buraco_learn.app.measure                 # every lesson, 5 rounds, 5 sessions
    python -m buraco_learn.app.measure --repeats 9 --json

It copies the lessons and an empty one-cell notebook (``empty.ipynb``, one code cell
``pass``) into a temp directory, serves them with ``buraco-learn serve`` exactly as a
learner would (its data in a temp directory), and opens each page in headless Chromium,
the notebooks interleaved round by round. For each page:

- ``http``: the server alone: fetching the page over HTTP, which starts its kernel and
  executes every cell before the response ends (then the kernel is shut down as the
  page would on closing);
- ``shown``: in the browser, from navigation to Voila showing the executed notebook;
- ``ready``: until every widget view is on the page (for a lesson: its bottom navigation);
- ``kernel RSS/USS``: the page's kernel process, once ready.

Then ``--sessions`` tabs of lesson 2 at once (the memory a classroom session costs:
the growth of the server and its kernels, per tab), and the latency from a click on a
quiz answer to its feedback in the DOM, with the websocket's ``TCP_NODELAY`` on (the
default) and off (``serve --tcp-delay``).

The classroom check (``--classroom 20``, alone): that many browser sessions open at
once against one server, each a lesson (1 to 10 in turn) whose quiz it answers; every
one must render and get its feedback. It reports the memory of each session's kernel
(RSS and USS), the server's, and how long the whole class took::

    python -m buraco_learn.app.measure --classroom 20
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from buraco_learn.app.catalogue import LESSONS_ENV, RENDER, discover, lessons_dir
from buraco_learn.app.guard import ServerKey, sign_in_path
from buraco_learn.app.loadprobe import process_tree, run_storm, wait_for_kernels
from buraco_learn.app.progress import DATA_ENV
from buraco_learn.app.server import ServeOptions, free_port, kept_ready_count

EMPTY = "empty.ipynb"
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
TIMEOUT_MS = 120_000
MB = 1024 * 1024
#: the app's key of each server measured, by its address (a browser context signs in with it)
KEYS: dict[str, str] = {}


def empty_notebook() -> dict[str, Any]:
    """The baseline: one code cell that does nothing, with the lessons' kernel."""
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "id": "empty", "metadata": {}, "outputs": [], "source": "pass"}],
        "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


@dataclass
class PageFigures:
    notebook: str
    http_s: list[float] = field(default_factory=list)
    shown_s: list[float] = field(default_factory=list)
    ready_s: list[float] = field(default_factory=list)
    kernel_rss_mb: list[float] = field(default_factory=list)
    kernel_uss_mb: list[float] = field(default_factory=list)

    def median(self, name: str) -> float:
        values: list[float] = getattr(self, name)
        return statistics.median(values) if values else float("nan")


@dataclass
class Report:
    pages: dict[str, PageFigures]
    session_mb: float = float("nan")
    server_rss_mb: float = float("nan")
    click_ms_nodelay: list[float] = field(default_factory=list)
    click_ms_nagle: list[float] = field(default_factory=list)

    def ratio(self, notebook: str, name: str = "shown_s") -> float:
        return self.pages[notebook].median(name) / self.pages[EMPTY].median(name)


# -- the server ------------------------------------------------------------------------------
def _kernel_process(server_pid: int, kernel_id: str) -> Any:
    for process in process_tree(server_pid)[1:]:
        try:
            if any(kernel_id in part for part in process.cmdline()):
                return process
        except Exception:
            continue
    return None


def settle(pid: int, quiet_s: float = 0.05, window_s: float = 0.25, limit_s: float = 15.0) -> float:
    """Wait until the server and its kernels are idle (less than ``quiet_s`` of CPU in
    ``window_s``): kernels being started for the pool, or shut down, would otherwise
    compete with the next page. Returns the seconds waited."""
    start = time.monotonic()

    def cpu() -> float:
        total = 0.0
        for process in process_tree(pid):
            try:
                times = process.cpu_times()
                total += times.user + times.system
            except Exception:
                continue
        return total

    before = cpu()
    while time.monotonic() - start < limit_s:
        time.sleep(window_s)
        now = cpu()
        if now - before < quiet_s:
            break
        before = now
    return time.monotonic() - start


@contextmanager
def serving(lessons: Path, data: Path, *, tcp_delay: bool = False, preheat: bool = True, extra: list[str] | None = None,
            ready_pages: int = 0) -> Iterator[tuple[str, int]]:
    """``buraco-learn serve`` (with ``extra`` arguments) on a free port; yields (url, server pid) once
    the server and its kernels are idle (and ``ready_pages`` more kernels kept ready); stopped by its PID."""
    port = free_port()
    env = {**os.environ, DATA_ENV: str(data), LESSONS_ENV: str(lessons)}
    command = [sys.executable, "-m", "buraco_learn", "serve", "--no-browser", "--port", str(port), *(extra or [])]
    if tcp_delay:
        command.append("--tcp-delay")
    if not preheat:
        command.append("--no-preheat")
    url = f"http://127.0.0.1:{port}/"
    KEYS[url] = ServerKey.load(data).token  # made before the server starts, which then uses it
    said = tempfile.TemporaryFile("w+")  # noqa: SIM115 - open while serving; what serve says (with --ready: when the class's pages are ready)
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=said, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url + "voila/static/favicon.ico", timeout=5).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"buraco-learn serve did not start (exit {process.poll()})") from None
                time.sleep(0.2)
        time.sleep(1.0)
        if preheat:  # every notebook's kernel has started (one at a time), and none competes with a measured page
            wait_for_kernels(process.pid, kept_ready_count(ServeOptions(lessons=lessons)), limit_s=max(30.0, deadline + 120 - time.monotonic()))
        while ready_pages and time.monotonic() < deadline + 300:  # every page kept ready has run its lesson
            said.seek(0)
            if "are ready for the class" in said.read():
                break
            time.sleep(0.5)
        settle(process.pid)
        yield url, process.pid
    finally:
        said.close()
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


# -- the browser -----------------------------------------------------------------------------
def find_chromium() -> str:
    for candidate in (os.environ.get("BURACO_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise SystemExit("measure: Chromium is missing: apt-get install -y --no-install-recommends chromium")


def _context(browser: Any, url: str | None = None) -> Any:
    """A fresh browser context (its own cookies), signed in to the server at ``url``."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)

    def only_loopback(route: Any) -> None:
        url = route.request.url
        if url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")):
            route.continue_()
        else:
            route.abort()

    context.route("**/*", only_loopback)
    if url is not None and url in KEYS:
        page = context.new_page()
        page.goto(url + sign_in_path(KEYS[url]), wait_until="load")
        page.close()
    return context


def _ready_selector(notebook: str) -> str | None:
    return None if notebook == EMPTY else "nav.buraco-nav >> nth=1"


def fetch_page(url: str, notebook: str) -> float:
    """Seconds to fetch a notebook's page over HTTP (the server executes it); then its kernel is shut down."""
    start = time.perf_counter()
    headers = {"Authorization": f"token {KEYS[url]}"} if url in KEYS else {}
    with urllib.request.urlopen(urllib.request.Request(f"{url}{RENDER}{notebook}", headers=headers),
                                timeout=TIMEOUT_MS / 1000) as response:
        page = response.read().decode("utf-8", "replace")
        cookie = "; ".join(response.headers.get_all("Set-Cookie") or [])
    elapsed = time.perf_counter() - start
    token = re.search(r"_xsrf=([^;]+)", cookie)
    kernel = re.search(r'"kernelId":\s*"([^"]+)"', page)
    if token and kernel:
        request = urllib.request.Request(
            f"{url}voila/api/shutdown/{kernel.group(1)}", data=urllib.parse.urlencode({"_xsrf": token.group(1)}).encode(),
            headers={**headers, "Cookie": f"_xsrf={token.group(1)}", "Content-Type": "application/x-www-form-urlencoded"},
        )
        urllib.request.urlopen(request, timeout=30).close()
    else:
        raise RuntimeError(f"cannot shut down the kernel of {notebook}: no _xsrf cookie or kernel id in the page")
    return elapsed


def open_page(page: Any, url: str, notebook: str) -> tuple[float, float]:
    """Open a notebook; (seconds until shown, seconds until every widget is there)."""
    start = time.perf_counter()
    page.goto(f"{url}{RENDER}{notebook}", wait_until="commit")
    page.wait_for_selector("#rendered_cells", state="visible", timeout=TIMEOUT_MS)
    shown = time.perf_counter() - start
    selector = _ready_selector(notebook)
    if selector is not None:
        page.wait_for_selector(selector, timeout=TIMEOUT_MS)
    return shown, time.perf_counter() - start


def kernel_id_of(page: Any) -> str:
    return str(page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"))


CLICK_JS = """async ([index, ms]) => {
    const before = document.querySelectorAll('.buraco-feedback[role=status]').length;
    const buttons = Array.from(document.querySelectorAll('button')).filter(b => b.title.startsWith(`Question ${index}:`));
    const done = new Promise(resolve => {
        const observer = new MutationObserver(() => {
            if (document.querySelectorAll('.buraco-feedback[role=status]').length > before) { observer.disconnect(); resolve(); }
        });
        observer.observe(document.body, {subtree: true, childList: true, characterData: true});
    });
    const t0 = performance.now();
    buttons[0].click();
    let timer;
    const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('no feedback')), ms); });
    try { await Promise.race([done, timeout]); } finally { clearTimeout(timer); }
    return performance.now() - t0;
}"""


def click_latencies(browser: Any, url: str, rounds: int) -> list[float]:
    """Milliseconds from a click on a quiz answer (lesson 2, six questions) to its feedback in the DOM."""
    samples: list[float] = []
    for _ in range(rounds):
        context = _context(browser, url)
        page = context.new_page()
        open_page(page, url, "02_melds.ipynb")
        page.get_by_role("button", name="Legal", exact=True).first.wait_for()
        for question in range(1, 7):
            samples.append(float(page.evaluate(CLICK_JS, [question, 10_000])))
        context.close()
    return samples


# -- the measurement ------------------------------------------------------------------------------
def quiet(pid: int, preheat: bool) -> None:
    """Before a page: as a learner who read the last page for a while would find the server,
    with the last page's kernel shut down and (preheated) its replacement ready."""
    if preheat:
        time.sleep(ServeOptions.fill_delay + 0.2)
    settle(pid)


def measure(repeats: int = 5, sessions: int = 5, click_rounds: int = 3, lessons: Path | None = None,
            preheat: bool = True) -> Report:
    from playwright.sync_api import sync_playwright

    source = lessons or lessons_dir()
    notebooks = [EMPTY, *(lesson.filename for lesson in discover(source))]
    report = Report({name: PageFigures(name) for name in notebooks})
    with tempfile.TemporaryDirectory(prefix="buraco-measure-") as tmp:
        served = Path(tmp) / "lessons"
        shutil.copytree(source, served)
        (served / EMPTY).write_text(json.dumps(empty_notebook()))
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_FLAGS)
            with serving(served, Path(tmp) / "data", preheat=preheat) as (url, pid):
                warm = _context(browser, url)  # the first page pays for the browser's and the server's caches
                open_page(warm.new_page(), url, notebooks[1])
                warm.close()
                for _ in range(repeats):
                    for notebook in notebooks:
                        quiet(pid, preheat)
                        report.pages[notebook].http_s.append(fetch_page(url, notebook))
                for _ in range(repeats):
                    for notebook in notebooks:
                        quiet(pid, preheat)
                        context = _context(browser, url)
                        page = context.new_page()
                        shown, ready = open_page(page, url, notebook)
                        figures = report.pages[notebook]
                        figures.shown_s.append(shown)
                        figures.ready_s.append(ready)
                        kernel = _kernel_process(pid, kernel_id_of(page))
                        if kernel is not None:
                            memory = kernel.memory_full_info()
                            figures.kernel_rss_mb.append(memory.rss / MB)
                            figures.kernel_uss_mb.append(memory.uss / MB)
                        context.close()
                time.sleep(2)  # let the closed pages' kernels shut down
                report.server_rss_mb = process_tree(pid)[0].memory_info().rss / MB
                before = sum(process.memory_info().rss for process in process_tree(pid)) / MB
                contexts = [_context(browser, url) for _ in range(sessions)]
                for context in contexts:
                    open_page(context.new_page(), url, "02_melds.ipynb")
                after = sum(process.memory_info().rss for process in process_tree(pid)) / MB
                report.session_mb = (after - before) / max(sessions, 1)
                for context in contexts:
                    context.close()
                report.click_ms_nodelay = click_latencies(browser, url, click_rounds)
            with serving(served, Path(tmp) / "data", tcp_delay=True, preheat=preheat) as (url, _pid):
                report.click_ms_nagle = click_latencies(browser, url, click_rounds)
            browser.close()
    return report


# -- the classroom check ------------------------------------------------------------------------------
@dataclass
class Classroom:
    sessions: int
    lessons: list[str] = field(default_factory=list)
    succeeded: int = 0
    failures: list[str] = field(default_factory=list)
    seconds: float = float("nan")
    kernel_rss_mb: list[float] = field(default_factory=list)
    kernel_uss_mb: list[float] = field(default_factory=list)
    server_rss_mb: float = float("nan")
    server_rss_before_mb: float = float("nan")
    #: seconds from the class's start until each page was usable (its first question on screen)
    ready_s: list[float] = field(default_factory=list)

    def summary(self) -> str:
        rss, uss = self.kernel_rss_mb or [float("nan")], self.kernel_uss_mb or [float("nan")]
        ready = sorted(self.ready_s) or [float("nan")]
        p95 = ready[min(len(ready) - 1, max(0, -(-95 * len(ready) // 100) - 1))]
        lines = [
            f"classroom: {self.succeeded} of {self.sessions} sessions opened a lesson and got feedback on an answer "
            f"in {self.seconds:.1f} s",
            f"  page usable after: median {statistics.median(ready):.1f} s, p95 {p95:.1f} s, max {ready[-1]:.1f} s "
            "(target: p95 <= 20 s at 30 sessions)",
            f"  memory per session (its kernel): RSS median {statistics.median(rss):.0f} MB (max {max(rss):.0f}), "
            f"USS median {statistics.median(uss):.0f} MB (max {max(uss):.0f}); "
            f"{len(self.kernel_rss_mb)} kernels, {sum(self.kernel_rss_mb):.0f} MB RSS in all",
            f"  server: RSS {self.server_rss_mb:.0f} MB with the class connected ({self.server_rss_before_mb:.0f} MB before)",
        ]
        lines += [f"  failed: {failure}" for failure in self.failures]
        return "\n".join(lines)


QUIZ_LESSONS = tuple(f"{number:02d}" for number in range(1, 11))  # lessons with a check quiz of plain buttons
READY_SELECTOR = 'button[title^="Question 1:"]'
#: in every page of a class: the moment (Date.now()) its first question appeared
READY_JS = """(() => {
    const mark = () => {
        if (window.__buracoReady || !document.querySelector('READY')) return;
        window.__buracoReady = Date.now();
        clearInterval(poll);
    };
    // the button's title may come after the button itself: watch attributes too, and look every 100 ms
    new MutationObserver(mark).observe(document, {subtree: true, childList: true, attributes: true});
    const poll = setInterval(mark, 100);
})()""".replace("READY", READY_SELECTOR)
FEEDBACK_JS = """([ms]) => new Promise((resolve, reject) => {
    const button = document.querySelector('button[title^="Question 1:"]');
    if (!button) { reject(new Error('no quiz button')); return; }
    const done = () => document.querySelector('.buraco-feedback[role=status]');
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error('no feedback')); }, ms);
    const observer = new MutationObserver(() => { if (done()) { observer.disconnect(); clearTimeout(timer); resolve(true); } });
    observer.observe(document.body, {subtree: true, childList: true});
    button.click();
})"""


def classroom(browser: Any, url: str, server_pid: int, sessions: int = 20, lessons: Path | None = None,
              timeout_ms: int = 300_000, lesson: str | None = None) -> Classroom:
    """``sessions`` tabs open a lesson at once (``lesson``, or lessons 1 to 10 in turn) and answer its
    first question; every kernel's and the server's memory."""
    names = {info.filename[:2]: info.filename for info in discover(lessons)}
    chosen = [lesson or names[QUIZ_LESSONS[index % len(QUIZ_LESSONS)]] for index in range(sessions)]
    result = Classroom(sessions, chosen)
    server = process_tree(server_pid)[0]
    result.server_rss_before_mb = server.memory_info().rss / MB
    contexts = [_context(browser, url) for _ in chosen]
    for context in contexts:
        context.add_init_script(READY_JS)
    pages = [context.new_page() for context in contexts]
    start = time.perf_counter()
    started_ms = time.time() * 1000
    try:
        for page, notebook in zip(pages, chosen):  # every request sent before any is waited for
            page.evaluate("(target) => { window.location.href = target; }", f"{url}{RENDER}{notebook}")
        kernels: list[str] = []
        for page, notebook in zip(pages, chosen):
            try:
                page.wait_for_selector(READY_SELECTOR, timeout=timeout_ms)
                kernels.append(kernel_id_of(page))
                result.ready_s.append((float(page.evaluate("window.__buracoReady || Date.now()")) - started_ms) / 1000)
            except Exception as error:
                result.failures.append(f"{notebook}: did not render ({str(error).splitlines()[0]})")
        for page, notebook in zip(pages, chosen):
            if page.locator('button[title^="Question 1:"]').count():
                try:
                    page.evaluate(FEEDBACK_JS, [timeout_ms])
                    result.succeeded += 1
                except Exception as error:
                    result.failures.append(f"{notebook}: no feedback ({str(error).splitlines()[0]})")
        result.seconds = time.perf_counter() - start
        for kernel_id in kernels:
            process = _kernel_process(server_pid, kernel_id)
            if process is not None:
                memory = process.memory_full_info()
                result.kernel_rss_mb.append(memory.rss / MB)
                result.kernel_uss_mb.append(memory.uss / MB)
        result.server_rss_mb = server.memory_info().rss / MB
    finally:
        for context in contexts:
            context.close()
    return result


def run_classroom(sessions: int, lessons: Path | None = None, lesson: str | None = None, ready: int = 0) -> Classroom:
    """The classroom check against a fresh ``buraco-learn serve`` (its data in a temp directory);
    with ``ready``, every session opens ``lesson``, of which the server keeps that many pages ready."""
    from playwright.sync_api import sync_playwright

    source = lessons or lessons_dir()
    with tempfile.TemporaryDirectory(prefix="buraco-classroom-") as tmp, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_FLAGS)
        try:
            one = lesson if ready else None
            extra = ["--ready", f"{one}={ready}"] if one else []
            with serving(source, Path(tmp) / "data", extra=extra, ready_pages=ready) as (url, pid):
                warm = _context(browser, url)
                open_page(warm.new_page(), url, "01_cards_and_deal.ipynb")
                warm.close()
                time.sleep(2)  # the warm-up page's kernel stops
                return classroom(browser, url, pid, sessions, source, lesson=one)
        finally:
            browser.close()


def format_report(report: Report) -> str:
    lines = [f"{'notebook':28} {'http s':>7} {'ratio':>6} {'shown s':>8} {'ratio':>6} {'ready s':>8} {'ratio':>6} "
             f"{'kernel RSS MB':>14} {'USS MB':>7}"]
    for name, figures in report.pages.items():
        lines.append(
            f"{name:28} {figures.median('http_s'):7.2f} {report.ratio(name, 'http_s'):6.2f} "
            f"{figures.median('shown_s'):8.2f} {report.ratio(name):6.2f} {figures.median('ready_s'):8.2f} "
            f"{report.ratio(name, 'ready_s'):6.2f} {figures.median('kernel_rss_mb'):14.1f} {figures.median('kernel_uss_mb'):7.1f}"
        )
    lessons = [name for name in report.pages if name != EMPTY]
    for figure, label in (("http_s", "http "), ("shown_s", "shown"), ("ready_s", "ready")):
        ratios = [report.ratio(name, figure) for name in lessons]
        lines.append(f"lessons / empty ({label}): median {statistics.median(ratios):.2f}, "
                     f"worst {max(ratios):.2f} (target <= 1.15)")
    lines.append(f"server RSS {report.server_rss_mb:.0f} MB; one more session (a tab of lesson 2) costs {report.session_mb:.0f} MB")
    for label, samples in (("TCP_NODELAY on ", report.click_ms_nodelay), ("TCP_NODELAY off", report.click_ms_nagle)):
        if samples:
            lines.append(f"click to feedback, {label}: median {statistics.median(samples):.1f} ms "
                         f"(min {min(samples):.1f}, max {max(samples):.1f}, n={len(samples)})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m buraco_learn.app.measure", description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5, help="rounds over every notebook (default 5)")
    parser.add_argument("--sessions", type=int, default=5, help="tabs open at once for the memory per session (default 5)")
    parser.add_argument("--click-rounds", type=int, default=3, help="page loads of lesson 2 for click latency, 6 clicks each")
    parser.add_argument("--lessons", type=Path, help="the lessons directory (default: the installed lessons)")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    parser.add_argument("--classroom", type=int, metavar="N",
                        help="only the classroom check: N sessions at once, each answering a quiz question")
    parser.add_argument("--storm", type=int, metavar="N",
                        help="only the storm check: N plain GETs of a lesson at once, then how long their kernels live")
    parser.add_argument("--no-preheat", action="store_true", help="serve with --no-preheat (a kernel started per page when opened)")
    parser.add_argument("--screenless", action="store_true",
                        help="with --classroom: learners that speak the page's protocol without drawing it (the server's share)")
    parser.add_argument("--ready", type=int, default=0, metavar="PAGES",
                        help="with --classroom: serve with --ready LESSON=PAGES (every session opens --lesson)")
    parser.add_argument("--lesson", default="02_melds.ipynb",
                        help="with --classroom --screenless or --ready: the lesson every learner opens")
    parser.add_argument("--serve-arg", action="append", default=[], metavar="ARG",
                        help="with --classroom --screenless: an argument for buraco-learn serve (repeatable)")
    args = parser.parse_args(argv)
    if args.classroom and args.screenless:
        from buraco_learn.app.loadprobe import run_screenless_class

        screenless = run_screenless_class(args.classroom, args.lesson, args.ready, args.lessons, tuple(args.serve_arg))
        print(json.dumps(asdict(screenless), indent=1) if args.json else screenless.summary())
        return 0 if all(not figures.error for figures in screenless.learners) else 1
    if args.storm:
        burst = run_storm(args.storm, args.lessons)
        print(json.dumps(asdict(burst), indent=1) if args.json else burst.summary())
        return 0
    if args.classroom:
        room = run_classroom(args.classroom, args.lessons, args.lesson, args.ready)
        print(json.dumps(asdict(room), indent=1) if args.json else room.summary())
        return 0 if room.succeeded == room.sessions else 1
    report = measure(args.repeats, args.sessions, args.click_rounds, args.lessons, preheat=not args.no_preheat)
    print(json.dumps(asdict(report), indent=1) if args.json else format_report(report))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
