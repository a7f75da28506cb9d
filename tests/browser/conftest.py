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
