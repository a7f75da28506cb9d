"""The browser-test harness: standalone Voila on 127.0.0.1 and Playwright on Debian's Chromium.

Fixtures
--------
``chromium_path`` (session)
    The Chromium binary: ``$BURACO_CHROMIUM``, else ``/usr/bin/chromium``, else ``chromium``
    on the PATH. Never ``playwright install``.
``voila_url`` (session)
    Base URL (``http://127.0.0.1:PORT``) of a standalone Voila serving
    ``tests/browser/notebooks/``; started on a free port, stopped by its PID at the end
    (with any kernel it left behind).
``browser`` (session)
    A Playwright Chromium ``Browser`` launched with :data:`CHROMIUM_FLAGS`.
``page`` (function)
    A fresh context and page: every non-loopback request aborted (and listed in
    ``page.blocked_requests``), default timeouts on every wait, console errors collected
    in ``page.console_errors``.
``open_notebook`` (function)
    ``open_notebook(name, selector)`` opens ``/voila/render/NAME`` and waits until
    ``selector`` (a widget's root) is drawn; returns the page.
``voila_factory`` (function)
    ``start(python, notebooks_dir, extra_args=())`` starts another Voila (from another venv,
    or with other options) and returns its URL; each is stopped by PID after the test.
``eval_js`` (function)
    ``eval_js(page, function_source, arg, timeout=10)``: ``page.evaluate`` raced against
    a timer, since ``page.evaluate`` itself never times out.

Environment
-----------
``BURACO_CHROMIUM``
    Path of the Chromium binary.
``BURACO_REQUIRE_BROWSER`` / ``CI``
    When either is set (not ``0``/``false``), a missing Chromium or Playwright makes the
    browser tests FAIL; otherwise they are skipped with the reason. ``./dev test`` sets
    ``BURACO_REQUIRE_BROWSER=1``, so a missing install step cannot hide behind a green run.
``BURACO_VOILA_START_TIMEOUT``
    Seconds to wait for Voila to answer (default 90).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from buraco_learn.app.server import FRONT_END_EXTENSIONS
from buraco_learn.ui.base import static_module

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}
WAIT_MS = 20_000
NAVIGATION_MS = 60_000


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


def browser_required() -> bool:
    """Whether a missing browser must fail the run (``CI`` or ``BURACO_REQUIRE_BROWSER``)."""
    return _flag("CI") or _flag("BURACO_REQUIRE_BROWSER")


def missing_browser(reason: str) -> None:
    """Fail (under CI or ./dev test) or skip, with the reason."""
    if browser_required():
        pytest.fail(f"{reason} (browser tests are required: CI or BURACO_REQUIRE_BROWSER is set)", pytrace=False)
    pytest.skip(f"{reason}; install it with: apt-get install -y --no-install-recommends chromium")


def find_chromium() -> str | None:
    """``$BURACO_CHROMIUM`` when set (and nothing else), else Debian's, else one on the PATH."""
    chosen = os.environ.get("BURACO_CHROMIUM")
    candidates = [chosen] if chosen else ["/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")]
    for candidate in candidates:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = find_chromium()
    if path is None:
        where = os.environ.get("BURACO_CHROMIUM") or "/usr/bin/chromium and the PATH"
        missing_browser(f"Chromium is not installed (looked at {where})")
    assert path is not None
    return path


def _descendants(pid: int) -> list[int]:
    try:
        import psutil
    except ImportError:  # pragma: no cover - psutil comes with ipykernel
        return []
    try:
        return [child.pid for child in psutil.Process(pid).children(recursive=True)]
    except psutil.Error:
        return []


def _stop(process: subprocess.Popen[bytes], leftovers: list[int]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
    for pid in leftovers:  # kernels Voila started and did not stop: ours to end, by PID
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)


def start_voila(python: str, notebooks: Path, workdir: Path, extra_args: Sequence[str] = ()) -> tuple[subprocess.Popen[bytes], str]:
    """Start standalone Voila (``python -m voila``) on 127.0.0.1 and a free port; wait until it answers.

    ``extra_args`` go to Voila's command line. Returns the process and the base URL;
    stop it with :func:`stop_voila`.
    """
    port = free_port()
    log_path = workdir / "voila.log"
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}  # the kernel imports what `python` has
    env.update(JUPYTER_PLATFORM_DIRS="1", JUPYTER_RUNTIME_DIR=str(workdir / "runtime"), PYTHONUNBUFFERED="1")
    command = [
        python, "-m", "voila", str(notebooks),
        "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
        "--show_tracebacks=True",
        "--MappingKernelManager.cull_idle_timeout=300", "--MappingKernelManager.cull_interval=60",
        # the extensions buraco-learn serve loads, no others (jupytext's, from mkdocs-jupyter, breaks every widget)
        *(f"--VoilaConfiguration.extension_allowlist={name}" for name in FRONT_END_EXTENSIONS),
        *extra_args,
    ]
    with open(log_path, "wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=workdir, env=env, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + float(os.environ.get("BURACO_VOILA_START_TIMEOUT", "90"))
    while True:
        if process.poll() is not None:
            pytest.fail(f"Voila exited with {process.returncode}:\n{log_path.read_text(errors='replace')[-3000:]}", pytrace=False)
        try:
            with urllib.request.urlopen(url + "/", timeout=5) as response:
                if response.status == 200:
                    return process, url
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if time.monotonic() > deadline:
            stop_voila(process)
            pytest.fail(f"Voila did not answer on {url} in time:\n{log_path.read_text(errors='replace')[-3000:]}", pytrace=False)
        time.sleep(0.2)


def stop_voila(process: subprocess.Popen[bytes]) -> None:
    """Stop Voila by its PID, then any kernel it left behind (by PID too)."""
    _stop(process, _descendants(process.pid))


@pytest.fixture(scope="session")
def voila_url(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    process, url = start_voila(sys.executable, NOTEBOOKS, tmp_path_factory.mktemp("voila"))
    try:
        yield url
    finally:
        stop_voila(process)


@pytest.fixture(scope="session")
def browser(chromium_path: str) -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing_browser("the playwright Python package is not installed")
    manager = sync_playwright().start()
    try:
        chromium = manager.chromium.launch(executable_path=chromium_path, args=CHROMIUM_FLAGS, headless=True, timeout=60_000)
        yield chromium
        chromium.close()
    finally:
        manager.stop()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.set_default_timeout(WAIT_MS)
    context.set_default_navigation_timeout(NAVIGATION_MS)
    blocked: list[str] = []

    def only_loopback(route: Any) -> None:
        url = route.request.url
        if url.startswith(("data:", "blob:")) or urlsplit(url).hostname in LOOPBACK:
            route.continue_()
        else:
            blocked.append(url)
            route.abort()

    context.route("**/*", only_loopback)
    new_page = context.new_page()
    errors: list[str] = []
    new_page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    new_page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
    new_page.blocked_requests = blocked
    new_page.console_errors = errors
    try:
        yield new_page
    finally:
        context.close()


@pytest.fixture
def open_notebook(page: Any, voila_url: str) -> Callable[[str, str], Any]:
    def open_(name: str, selector: str) -> Any:
        page.goto(f"{voila_url}/voila/render/{name}", wait_until="domcontentloaded")
        page.wait_for_selector(selector, state="visible", timeout=NAVIGATION_MS)
        return page

    return open_


def _eval_js(page: Any, function_source: str, arg: Any = None, timeout: float = 10.0) -> Any:
    """Run ``(function_source)(arg)`` in the page, failing after ``timeout`` seconds."""
    script = """async ([source, arg, ms]) => {
        const fn = (0, eval)("(" + source + ")");
        let timer;
        const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms); });
        try { return await Promise.race([Promise.resolve(fn(arg)), timeout]); } finally { clearTimeout(timer); }
    }"""
    return page.evaluate(script, [function_source, arg, int(timeout * 1000)])


@pytest.fixture
def eval_js() -> Callable[..., Any]:
    return _eval_js


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture
def voila_factory(chromium_path: str, tmp_path: Path) -> Iterator[Callable[..., str]]:
    """``start(python, notebooks_dir, extra_args=()) -> url``: another Voila (from a fresh venv,
    or with other options), stopped after the test."""
    started: list[subprocess.Popen[bytes]] = []

    def start(python: str, notebooks: Path, extra_args: Sequence[str] = ()) -> str:
        workdir = tmp_path / f"voila-{len(started)}"
        workdir.mkdir()
        process, url = start_voila(python, notebooks, workdir, extra_args)
        started.append(process)
        return url

    try:
        yield start
    finally:
        for process in started:
            stop_voila(process)


# -- a widget's front end alone, on a stand-in model (for layout tests) ---------------------
WIDGETS = Path(__file__).resolve().parents[2] / "widgets"
HARNESS = "http://127.0.0.1:9/harness/"

#: The page that mounts one widget module on a stand-in model: `window.blHarness.mount(...)`.
_HARNESS_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body { margin: 0; padding: 8px; } %s</style></head>
<body><div id="widget"></div><script type="module">
const listeners = {};
const traits = {};
const sent = [];
const fire = (name, ...args) => (listeners[name] || []).slice().forEach((cb) => cb(...args));
const model = {
  get: (name) => traits[name],
  set: (name, value) => { traits[name] = value; fire(`change:${name}`); },
  save_changes: () => {},
  send: (content) => {
    sent.push(content);
    if (window.blHarness.reply && content && content.id) {
      setTimeout(() => fire("msg:custom", { type: "reply", id: content.id, ok: true, error: "" }), 0);
    }
  },
  on: (name, cb) => { (listeners[name] = listeners[name] || []).push(cb); },
  off: (name, cb) => { listeners[name] = (listeners[name] || []).filter((x) => x !== cb); },
};
window.blHarness = {
  reply: true, sent, traits, model, fire,
  async mount(module, state) {
    Object.assign(traits, state);
    const widget = (await import(module)).default;
    widget.render({ model, el: document.getElementById("widget") });
  },
  update(state) {
    Object.assign(traits, state);
    for (const name of Object.keys(state)) fire(`change:${name}`);
  },
};
window.blHarnessReady = true;
</script></body></html>"""


@pytest.fixture
def mount_widget(page: Any) -> Callable[..., Any]:
    """``mount(module, css_files, state, root=".buraco-widget")``: draw ``widgets/MODULE`` in
    ``page`` on a stand-in model holding ``state`` (trait name -> value), with the CSS files
    of ``widgets/`` joined as the widget's ``_css`` joins them; returns the page.

    The stand-in answers every intent that has an ``id`` at once (``blHarness.reply``) and
    keeps what was sent in ``blHarness.sent``; ``blHarness.update(state)`` changes traits as
    a sync from Python would. No kernel: for drawing and layout, not for behaviour.
    """

    def handle(route: Any) -> None:
        name = route.request.url[len(HARNESS):].split("?")[0]
        path = WIDGETS / name
        if name.endswith(".js") and path.is_file():  # joined with its shared modules, as anywidget gets it
            route.fulfill(status=200, content_type="text/javascript", body=static_module(name))
        else:
            route.fulfill(status=404, body="")

    page.route(HARNESS + "**", handle)

    def mount(module: str, css: Sequence[str], state: dict[str, Any], root: str = ".buraco-widget") -> Any:
        styles = "\n".join((WIDGETS / name).read_text(encoding="utf-8") for name in css)
        page.route(HARNESS + "page.html", lambda route: route.fulfill(
            status=200, content_type="text/html", body=_HARNESS_PAGE % styles))
        page.goto(HARNESS + "page.html")
        page.wait_for_function("() => window.blHarnessReady === true")
        page.evaluate("([module, state]) => window.blHarness.mount(module, state)", [HARNESS + module, state])
        page.wait_for_selector(root, state="visible")
        return page

    return mount


#: In the page: every way one card hides another card's rank, suit symbol or wild label.
#: A card is painted above the cards before it in the document (z-index would change that
#: and is taken into account); a card's box counts its box-shadow spread and its outline.
#: Returns one sentence per problem, naming both cards and where they are.
_COVERED_TEXT = r"""(rootSelector) => {
    const root = document.querySelector(rootSelector);
    if (!root) return [`nothing matches ${rootSelector}`];
    const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden"; };
    const cards = [...root.querySelectorAll(".bl-card")].filter(shown);
    const where = (card) => {
        const meld = card.closest("[data-meld]");
        if (meld) return `meld ${meld.dataset.meld}`;
        if (card.closest(".bl-hand")) return "the hand";
        if (card.closest(".bl-pile")) return "the pile";
        const seat = card.closest("[data-seat]");
        if (seat) return `seat ${seat.dataset.seat}`;
        return "the table";
    };
    const name = (card) => `${card.getAttribute("aria-label") || card.textContent} (${where(card)}, card ${cards.indexOf(card) + 1})`;
    const px = (text) => (String(text).match(/-?[\d.]+px/g) || []).map(parseFloat);
    const reach = (card) => {
        const style = getComputedStyle(card);
        let out = 0;
        if (style.boxShadow && style.boxShadow !== "none") {
            for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
                if (/inset/.test(shadow)) continue;
                const [x = 0, y = 0, blur = 0, spread = 0] = px(shadow);
                out = Math.max(out, Math.abs(x) + Math.abs(y) + blur / 2 + spread);
            }
        }
        if (style.outlineStyle !== "none") out = Math.max(out, parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset));
        return Math.max(0, out);
    };
    const z = (card) => { const v = getComputedStyle(card).zIndex; return v === "auto" ? 0 : Number(v); };
    const boxes = cards.map((card) => {
        const r = card.getBoundingClientRect(); const e = reach(card);
        return { left: r.left - e, right: r.right + e, top: r.top - e, bottom: r.bottom + e, z: z(card) };
    });
    const meets = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
    const inkOf = (el) => { const range = document.createRange(); range.selectNodeContents(el); return range.getBoundingClientRect(); };
    const problems = [];
    cards.forEach((card, i) => {
        const own = card.getBoundingClientRect();
        for (const part of card.querySelectorAll(".bl-rank, .bl-symbol, .bl-stands")) {
            if (!shown(part)) continue;
            const ink = inkOf(part);
            const what = `${part.className.replace("bl-", "")} "${part.textContent}"`;
            if (ink.left < own.left - 0.5 || ink.right > own.right + 0.5 || ink.top < own.top - 0.5 || ink.bottom > own.bottom + 0.5) {
                problems.push(`the ${what} of ${name(card)} sticks out of its card`);
            }
            cards.forEach((other, j) => {
                if (j === i || other.contains(card) || card.contains(other)) return;
                const above = boxes[j].z > boxes[i].z || (boxes[j].z === boxes[i].z && j > i);
                if (above && meets(ink, boxes[j])) problems.push(`the ${what} of ${name(card)} is covered by ${name(other)}`);
            });
        }
    });
    for (const tag of root.querySelectorAll(".bl-meld-tag")) {
        if (!shown(tag)) continue;
        const box = tag.getBoundingClientRect();
        cards.forEach((other, j) => {
            if (meets(box, boxes[j])) problems.push(`the meld label "${tag.textContent}" covers ${name(other)}`);
        });
    }
    return problems;
}"""


@pytest.fixture
def covered_text() -> Callable[[Any, str], list[str]]:
    """``covered_text(page, root_selector)``: every card text (rank, suit symbol, a wild's
    "=K♥") covered by another card, or sticking out of its own card, and every meld label
    covering a card, each as a sentence naming the cards; ``[]`` when nothing is hidden."""

    def check(page: Any, root_selector: str) -> list[str]:
        return list(_eval_js(page, _COVERED_TEXT, root_selector, timeout=20))

    return check


class VoilaServer:
    """A Voila of one test's own (``voila_server``): its URL, and ways to break it as life does."""

    def __init__(self, process: subprocess.Popen[bytes], url: str) -> None:
        self.process = process
        self.url = url

    def kernel_pids(self) -> list[int]:
        """The PIDs of the kernels this Voila started (its descendants running ipykernel)."""
        pids = []
        for pid in _descendants(self.process.pid):
            try:
                command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
            except OSError:
                continue
            if b"ipykernel" in command:
                pids.append(pid)
        return pids

    def stop(self) -> None:
        """Stop the server (and its kernels), as a restart or a crash would."""
        stop_voila(self.process)


@pytest.fixture
def voila_server(chromium_path: str, tmp_path: Path) -> Iterator[VoilaServer]:
    """A standalone Voila serving ``tests/browser/notebooks/`` for this test alone (so it may
    kill its kernels or stop it), stopped by PID afterwards."""
    process, url = start_voila(sys.executable, NOTEBOOKS, tmp_path)
    server = VoilaServer(process, url)
    try:
        yield server
    finally:
        stop_voila(process)
