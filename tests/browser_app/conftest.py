"""Fixtures for the app's real-browser tests: ``buraco-learn serve`` in a subprocess, headless Chromium.

- Chromium is Debian's (``/usr/bin/chromium``, or ``$BURACO_CHROMIUM``), driven by
  Playwright's Python package; never ``playwright install``. When it is missing the tests
  FAIL if ``BURACO_REQUIRE_BROWSER`` (or ``CI``) is set, and skip with the reason otherwise.
- Every non-loopback request is blocked (Voila's template asks a CDN for icon fonts).
- Playwright's sync API allows one instance per thread, and the widget harness in
  ``tests/browser`` keeps one open on the main thread for the whole session; so ours
  lives in its own thread, and a test hands it a function with :func:`in_browser`.
- The server runs on a free port with its data in a temp directory (its key made there
  first, so a tab signs in with it before its first page: :meth:`Tab.open`), and is stopped by
  its PID (SIGTERM, so Voila shuts its kernels down; its own process group is killed
  only if it does not stop).
"""

from __future__ import annotations

import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import pytest

from buraco_learn.app.catalogue import LESSONS_ENV
from buraco_learn.app.guard import ServerKey, sign_in_path
from buraco_learn.app.progress import DATA_ENV

T = TypeVar("T")

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}
WAIT_MS = 30_000
RENDER_MS = 120_000  # a lesson executes every cell before it shows; the test machine may be busy
STARTUP_S = 60.0
#: the key of each running server, by port (a tab signs in before opening a page)
KEYS: dict[int, str] = {}


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


def missing_browser(reason: str) -> None:
    """Fail when the browser tests are required (``BURACO_REQUIRE_BROWSER`` or ``CI``), else skip."""
    if _flag("BURACO_REQUIRE_BROWSER") or _flag("CI"):
        pytest.fail(f"{reason} (browser tests are required: BURACO_REQUIRE_BROWSER or CI is set)", pytrace=False)
    pytest.skip(f"{reason}; install it with: apt-get install -y --no-install-recommends chromium")


def find_chromium() -> str | None:
    chosen = os.environ.get("BURACO_CHROMIUM")
    candidates = [chosen] if chosen else ["/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")]
    for candidate in candidates:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# -- the server ------------------------------------------------------------------------------
def serve_command() -> list[str]:
    script = Path(sys.executable).with_name("buraco-learn")
    return [str(script)] if script.exists() else [sys.executable, "-m", "buraco_learn"]


class AppServer:
    """``buraco-learn serve --no-browser --port FREE`` with ``BURACO_LEARN_DATA`` in ``data``."""

    def __init__(self, data: Path, log: Path) -> None:
        self.data = data
        self.log_path = log
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> AppServer:
        self.port = free_port()
        self.token = ServerKey.load(self.data).token
        KEYS[self.port] = self.token
        env = {**os.environ, DATA_ENV: str(self.data)}
        env.pop(LESSONS_ENV, None)
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [*serve_command(), "serve", "--no-browser", "--port", str(self.port)],
                env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            )
        deadline = time.monotonic() + STARTUP_S
        while not self._answers():
            if self.process.poll() is not None:
                pytest.fail(f"buraco-learn serve exited with {self.process.returncode}:\n{self.log()}")
            if time.monotonic() > deadline:
                self.stop()
                pytest.fail(f"buraco-learn serve did not answer within {STARTUP_S} s:\n{self.log()}")
            time.sleep(0.2)
        return self

    def _answers(self) -> bool:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            conn.request("GET", "/")
            return conn.getresponse().status in (200, 301, 302)
        except OSError:
            return False
        finally:
            conn.close()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-6000:] if self.log_path.exists() else ""

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)  # Voila stops its kernels, then exits
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)  # the server's own session: it and its kernels only
            process.wait(timeout=10)

    def restart(self) -> AppServer:
        self.stop()
        return self.start()


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory, chromium: str) -> Iterator[AppServer]:
    """One server for a test module (its data in a temp directory)."""
    tmp = tmp_path_factory.mktemp("app")
    server = AppServer(tmp / "data", tmp / "serve.log").start()
    yield server
    server.stop()


@pytest.fixture
def fresh_app(tmp_path: Path, chromium: str) -> Iterator[AppServer]:
    """A server of the test's own, with empty progress (the test may restart it)."""
    server = AppServer(tmp_path / "data", tmp_path / "serve.log").start()
    yield server
    server.stop()


# -- the browser, in a thread of its own -----------------------------------------------------------
class BrowserThread:
    def __init__(self, executable: str) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="buraco-app-browser")
        self._manager: Any = None
        self.browser: Any = None
        self._executor.submit(self._start, executable).result(timeout=120)

    def _start(self, executable: str) -> None:
        from playwright.sync_api import sync_playwright

        self._manager = sync_playwright().start()
        self.browser = self._manager.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS,
                                                     headless=True, timeout=60_000)

    def run(self, function: Callable[[Any], T], timeout: float = 600) -> T:
        return self._executor.submit(function, self.browser).result(timeout=timeout)

    def close(self) -> None:
        def stop(_browser: Any) -> None:
            try:
                if self.browser is not None:
                    self.browser.close()
            finally:
                if self._manager is not None:
                    self._manager.stop()

        try:
            self.run(stop, timeout=60)
        finally:
            self._executor.shutdown(wait=True)


@pytest.fixture(scope="session")
def chromium() -> str:
    path = find_chromium()
    if path is None:
        missing_browser(f"Chromium is not installed (looked at {os.environ.get('BURACO_CHROMIUM') or '/usr/bin/chromium and the PATH'})")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing_browser("the playwright Python package is not installed")
    assert path is not None
    return path


@pytest.fixture(scope="session")
def browser_thread(chromium: str) -> Iterator[BrowserThread]:
    thread = BrowserThread(chromium)
    yield thread
    thread.close()


class Tab:
    """One page in a fresh context; ``errors`` collects console errors and page errors."""

    def __init__(self, page: Any, blocked: list[str], errors: list[str]) -> None:
        self.page = page
        self.blocked = blocked
        self.errors = errors
        self.signed_in: set[int] = set()

    def sign_in(self, url: str) -> None:
        """Give this tab's context the login cookie of the server at ``url`` (as opening the printed URL does)."""
        port = urlsplit(url).port or 80
        if port in KEYS and port not in self.signed_in:
            self.page.goto(f"http://127.0.0.1:{port}/{sign_in_path(KEYS[port])}", wait_until="load", timeout=RENDER_MS)
            self.signed_in.add(port)

    def open(self, url: str, ready: str = "#rendered_cells") -> Any:
        """Go to ``url`` and wait until Voila shows the executed notebook."""
        self.sign_in(url)
        self.page.goto(url, wait_until="domcontentloaded", timeout=RENDER_MS)
        self.page.wait_for_selector(ready, state="visible", timeout=RENDER_MS)
        return self.page


def _with_tab(function: Callable[[Tab], T], locale: str | None = None) -> Callable[[Any], T]:
    def run(browser: Any) -> T:
        # ``locale``: the browser's language (navigator.language and the Accept-Language header)
        context = browser.new_context(viewport={"width": 1100, "height": 900}, **({"locale": locale} if locale else {}))
        context.set_default_timeout(WAIT_MS)
        context.set_default_navigation_timeout(RENDER_MS)
        blocked: list[str] = []

        def only_loopback(route: Any) -> None:
            url = route.request.url
            if url.startswith(("data:", "blob:")) or urlsplit(url).hostname in LOOPBACK:
                route.continue_()
            else:
                blocked.append(url)
                route.abort()

        context.route("**/*", only_loopback)
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
        try:
            return function(Tab(page, blocked, errors))
        finally:
            context.close()

    return run


@pytest.fixture
def in_browser(browser_thread: BrowserThread) -> Callable[[Callable[[Tab], T]], T]:
    """Run ``function(tab)`` on the browser's thread with a fresh context (in the browser language ``locale``, e.g.
    ``it-IT``, when given); returns its result, raises its failure."""

    def run(function: Callable[[Tab], T], locale: str | None = None) -> T:
        return browser_thread.run(_with_tab(function, locale))

    return run


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
