"""Learners without a screen: what a Voila page asks of the server, sent by many at once.

A browser drawing a lesson costs far more CPU than the server that feeds it: measured
2026-12-01 on this 2-core machine, one page of lesson 2 took Chromium 2.1–2.8 s of CPU
and the server with its kernel 0.3–0.7 s. Thirty Chromium pages on the server's own two
cores cannot be usable within 20 s whatever the server does (70 s of CPU). A class's
browsers run on the learners' own machines; this module measures the server's share.

Each :class:`Learner` does what a Voila lesson page does, over the same HTTP and
websocket protocol and with its own login cookie:

1. ``GET voila/render/<lesson>`` (the server takes a kernel, runs the lesson, sends the page),
   then the scripts and style sheets the page names;
2. opens the kernel's websocket and asks for every widget's state (ipywidgets' control
   comm, ``request_states``), as the page's widget manager does before it draws;
   the page would now be usable: its first question on screen;
3. answers the first question (the quiz's ``ToggleButtons``: ``index`` 0) and waits for
   the feedback the kernel sends back (an HTML widget holding ``buraco-feedback``).

:func:`run_class` starts ``sessions`` learners at once and returns each one's figures.
Nothing here draws: the time a real page needs on top is its browser's.

>>> parse_kernel_id('<script id="jupyter-config-data">{"kernelId": "k-1", "x": 2}</script>')
'k-1'
>>> assets('<script src="/voila/static/voila.js?v=1"></script><link href="lab.css" rel="stylesheet">')
['/voila/static/voila.js?v=1', 'lab.css']
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

from buraco_learn.app.catalogue import RENDER

CONTROL_TARGET = "jupyter.widget.control"  # ipywidgets 8's comm for all states at once
PROTOCOL_VERSION = "2.1.0"  # ipywidgets 8's widget messages
CONTROL_VERSION = "1.0.0"  # and its control comm's
FIRST_QUESTION = "Question 1:"
FEEDBACK_MARK = "buraco-feedback"


def parse_kernel_id(page: str) -> str:
    """The kernel id a Voila page connects to (from its ``jupyter-config-data``)."""
    found = re.search(r'"kernelId":\s*"([^"]+)"', page)
    if not found:
        raise ValueError("the page names no kernel (no \"kernelId\" in its config data)")
    return found.group(1)


def assets(page: str) -> list[str]:
    """The scripts and style sheets of this server a page names (``src=`` of scripts, ``href=`` of style sheets)."""
    found = re.findall(r'<script[^>]*\ssrc="([^"]+)"', page)
    found += [href for tag in re.findall(r"<link[^>]*>", page) if "stylesheet" in tag
              for href in re.findall(r'\shref="([^"]+)"', tag)]
    return [url for url in found if not re.match(r"[a-z]+:", url)]  # another site's are not this server's work


@dataclass
class LearnerFigures:
    """One learner's times, in seconds from the class's start."""

    lesson: str
    page_s: float = float("nan")  # the page's HTML received (its lesson run by the kernel)
    assets_s: float = float("nan")  # and its scripts and style sheets
    usable_s: float = float("nan")  # and every widget's state: the first question can be drawn
    feedback_s: float = float("nan")  # the first answer's feedback received
    asset_bytes: int = 0
    state_bytes: int = 0
    kernel_id: str = ""
    error: str = ""


@dataclass
class Learner:
    """One learner's session against the server at ``url`` (with the app's ``key``)."""

    url: str
    key: str
    lesson: str
    #: what the page's scripts load later (their chunks, the widgets' modules), as a real page did
    later: tuple[str, ...] = ()
    cookies: dict[str, str] = field(default_factory=dict)

    def _headers(self, **extra: str) -> dict[str, str]:
        headers = {"Authorization": f"token {self.key}"} if self.key and not self.cookies else {}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        return {**headers, **extra}

    def _keep_cookies(self, response: Any) -> None:
        for header in response.headers.get_list("Set-Cookie"):
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]

    async def run(self, start: float, timeout: float = 300.0) -> LearnerFigures:
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest

        figures = LearnerFigures(self.lesson)
        client = AsyncHTTPClient(force_instance=True, max_clients=6)  # as a browser: six connections per host
        try:
            response = await client.fetch(HTTPRequest(f"{self.url}{RENDER}{self.lesson}", headers=self._headers(),
                                                      request_timeout=timeout, connect_timeout=timeout, follow_redirects=False))
            self._keep_cookies(response)
            page = response.body.decode("utf-8", "replace")
            figures.page_s = time.perf_counter() - start
            figures.kernel_id = parse_kernel_id(page)
            fetched = await asyncio.gather(*(client.fetch(HTTPRequest(urljoin(response.effective_url, asset),
                                                                        headers=self._headers(), request_timeout=timeout,
                                                                        connect_timeout=timeout))
                                             for asset in [*assets(page), *self.later]))
            figures.asset_bytes = sum(len(item.body) for item in fetched)
            figures.assets_s = time.perf_counter() - start
            await self._widgets(figures, start, timeout)
        except Exception as error:  # reported with the figures: one learner's failure is a finding
            figures.error = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
        finally:
            client.close()
        return figures

    async def _widgets(self, figures: LearnerFigures, start: float, timeout: float) -> None:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        parts = urlsplit(self.url)
        session = uuid.uuid4().hex
        socket_url = f"ws://{parts.netloc}/api/kernels/{figures.kernel_id}/channels?session_id={session}"
        origin = f"{parts.scheme}://{parts.netloc}"
        connection = await websocket_connect(HTTPRequest(socket_url, headers=self._headers(Origin=origin), connect_timeout=timeout),
                                             max_message_size=64 * 1024 * 1024)
        try:
            def send(msg_type: str, content: dict[str, Any], version: str = PROTOCOL_VERSION) -> None:
                header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "learner", "session": session,
                          "date": "", "version": "5.3"}
                connection.write_message(json.dumps({"header": header, "parent_header": {}, "metadata": {"version": version},
                                                     "content": content, "channel": "shell", "buffers": []}))

            async def comm_data(wanted: Any) -> dict[str, Any]:
                while True:
                    raw = await asyncio.wait_for(connection.read_message(), timeout)
                    if raw is None:
                        raise ConnectionError("the kernel's websocket closed")
                    if isinstance(raw, bytes):  # a message with binary buffers: not one this page waits for
                        continue
                    message = json.loads(raw)
                    if message.get("msg_type") == "comm_msg" or message.get("header", {}).get("msg_type") == "comm_msg":
                        data = message.get("content", {}).get("data", {})
                        if wanted(data):
                            figures.state_bytes += len(raw)
                            return dict(data)

            control = uuid.uuid4().hex
            send("comm_open", {"comm_id": control, "target_name": CONTROL_TARGET, "data": {}}, CONTROL_VERSION)
            send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}}, CONTROL_VERSION)
            states = (await comm_data(lambda data: data.get("method") == "update_states"))["states"]
            figures.usable_s = time.perf_counter() - start
            question = next((model_id for model_id, model in states.items()
                             if str((model.get("state", {}).get("tooltips") or [""])[0]).startswith(FIRST_QUESTION)), None)
            if question is None:
                raise LookupError(f"{self.lesson} has no quiz question on its page")
            send("comm_msg", {"comm_id": question, "data": {"method": "update", "state": {"index": 0}, "buffer_paths": []}})
            await comm_data(lambda data: data.get("method") == "update"
                            and FEEDBACK_MARK in str(data.get("state", {}).get("value", "")))
            figures.feedback_s = time.perf_counter() - start
        finally:
            connection.close()


def run_class(url: str, key: str, lessons: list[str], later: tuple[str, ...] = (), timeout: float = 300.0) -> list[LearnerFigures]:
    """One learner per entry of ``lessons``, all starting at once; their figures, in order.

    ``later``: the paths a page's scripts fetch after it loads (see :attr:`Learner.later`).
    """

    async def everyone() -> list[LearnerFigures]:
        start = time.perf_counter()
        return list(await asyncio.gather(*(Learner(url, key, lesson, later).run(start, timeout) for lesson in lessons)))

    return asyncio.run(everyone())


def page_loads(url: str, lesson: str) -> tuple[str, ...]:
    """The files of this server one real page of ``lesson`` loads after its HTML (headless Chromium, once)."""
    from playwright.sync_api import sync_playwright

    from buraco_learn.app import measure

    loaded: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=measure.find_chromium(), args=measure.CHROMIUM_FLAGS)
        try:
            context = measure._context(browser, url)
            page = context.new_page()
            page.on("request", lambda request: loaded.append(request.url) if request.method == "GET" else None)
            measure.open_page(page, url, lesson)
            context.close()
        finally:
            browser.close()
    prefix = url.rstrip("/")
    return tuple(dict.fromkeys(address[len(prefix):] for address in loaded
                               if address.startswith(prefix) and f"/{RENDER}" not in address and "/api/" not in address))


@dataclass
class ClassFigures:
    """A class of learners without a screen: each one's figures, and the memory their kernels hold."""

    learners: list[LearnerFigures]
    ready: int = 0  # pages of the lesson the server kept ready
    kernel_rss_mb: list[float] = field(default_factory=list)
    server_rss_mb: float = float("nan")

    def _times(self, name: str) -> list[float]:
        return sorted(getattr(figures, name) for figures in self.learners if not figures.error)

    def summary(self) -> str:
        import statistics

        ok = [figures for figures in self.learners if not figures.error]
        lines = [f"class without screens: {len(ok)} of {len(self.learners)} learners opened "
                 f"{self.learners[0].lesson if self.learners else '-'} and got feedback "
                 f"({self.ready} pages kept ready)"]
        for name, label in (("page_s", "page received"), ("assets_s", "with its files"),
                            ("usable_s", "usable (widgets' states)"), ("feedback_s", "first answer's feedback")):
            times = self._times(name) or [float("nan")]
            p95 = times[min(len(times) - 1, max(0, -(-95 * len(times) // 100) - 1))]
            lines.append(f"  {label:26}: median {statistics.median(times):5.1f} s, p95 {p95:5.1f} s, max {times[-1]:5.1f} s")
        if ok:
            lines.append(f"  per page: {statistics.median(f.asset_bytes for f in ok) / 1e6:.2f} MB of files, "
                         f"{statistics.median(f.state_bytes for f in ok) / 1e3:.0f} kB of widget messages")
        if self.kernel_rss_mb:
            lines.append(f"  memory per session (its kernel): RSS median {statistics.median(self.kernel_rss_mb):.0f} MB; "
                         f"server RSS {self.server_rss_mb:.0f} MB")
        lines += [f"  failed: {figures.lesson}: {figures.error}" for figures in self.learners if figures.error]
        return "\n".join(lines)


def run_screenless_class(sessions: int, lesson: str = "02_melds.ipynb", ready: int = 0,
                         lessons: Any = None, serve_args: tuple[str, ...] = ()) -> ClassFigures:
    """``sessions`` learners without a screen open ``lesson`` at once on a fresh ``buraco-learn serve``
    (``--ready lesson=ready`` when ``ready``), after one real page showed which files a page loads."""
    from buraco_learn.app import measure
    from buraco_learn.app.catalogue import lessons_dir

    with tempfile.TemporaryDirectory(prefix="buraco-class-") as tmp:
        source = Path(lessons) if lessons is not None else lessons_dir()
        with measure.serving(source, Path(tmp) / "data") as (url, pid):
            later = page_loads(url, lesson)
        extra = [*serve_args, *(["--ready", f"{lesson}={ready}"] if ready else [])]
        with measure.serving(source, Path(tmp) / "data", extra=extra, ready_pages=ready) as (url, pid):
            result = ClassFigures(run_class(url, measure.KEYS[url], [lesson] * sessions, later), ready)
            for figures in result.learners:
                process = measure._kernel_process(pid, figures.kernel_id) if figures.kernel_id else None
                if process is not None:
                    result.kernel_rss_mb.append(process.memory_info().rss / measure.MB)
            result.server_rss_mb = process_tree(pid)[0].memory_info().rss / measure.MB
    return result


# -- a storm of plain GETs ----------------------------------------------------------------------------
def process_tree(pid: int) -> list[Any]:
    """The process ``pid`` and all its descendants (psutil processes); empty when it is gone."""
    import psutil  # type: ignore[import-untyped]

    try:
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


@dataclass
class Storm:
    """What a burst of plain GETs of a lesson (one client, no browser, none connecting) left behind."""

    requests: int
    statuses: dict[int, int] = field(default_factory=dict)
    kernels_before: int = 0
    kernels_peak: int = 0
    seconds: float = float("nan")  # until every answer came
    gone_after_s: float = float("nan")  # from the last answer until the kernel count was back to before

    def summary(self) -> str:
        answers = ", ".join(f"{count} x {status}" for status, count in sorted(self.statuses.items()))
        return (f"storm: {self.requests} GETs of a lesson answered in {self.seconds:.1f} s ({answers}); kernels "
                f"{self.kernels_before} before (kept ready), at most {self.kernels_peak}, back to "
                f"{self.kernels_before} {self.gone_after_s:.0f} s after the last answer")


def kernel_count(server_pid: int) -> int:
    """How many kernels the server ``server_pid`` runs now."""
    count = 0
    for process in process_tree(server_pid)[1:]:
        with contextlib.suppress(Exception):  # gone meanwhile
            count += any("ipykernel" in part for part in process.cmdline())
    return count


def wait_for_kernels(server_pid: int, count: int, limit_s: float = 120.0) -> int:
    """Wait until the server ``server_pid`` runs at least ``count`` kernels (those it keeps ready:
    :func:`buraco_learn.app.server.kept_ready_count`), at most ``limit_s``; returns how many it runs."""
    deadline = time.monotonic() + limit_s
    while (now := kernel_count(server_pid)) < count and time.monotonic() < deadline:
        time.sleep(0.5)
    return now


def storm(url: str, server_pid: int, requests: int = 200, key: str | None = None, notebook: str = "02_melds.ipynb",
          wait_s: float = 120.0) -> Storm:
    """``requests`` GETs of ``notebook`` at once (each with the key, none keeping cookies), then the kernels' count until back."""
    import http.client
    from concurrent.futures import ThreadPoolExecutor

    from buraco_learn.app.measure import KEYS

    parts = urlsplit(url)
    headers = {"Authorization": f"token {key or KEYS[url]}"}
    result = Storm(requests, kernels_before=kernel_count(server_pid))
    peak = [result.kernels_before]

    def get(_number: int) -> int:
        connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=300)
        try:
            connection.request("GET", f"/{RENDER}{notebook}", headers=headers)
            response = connection.getresponse()
            response.read()
            return int(response.status)
        except OSError:
            return 0
        finally:
            connection.close()
            peak[0] = max(peak[0], kernel_count(server_pid))

    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=min(requests, 200)) as pool:
        for status in pool.map(get, range(requests)):
            result.statuses[status] = result.statuses.get(status, 0) + 1
    result.seconds = time.perf_counter() - start
    end = time.perf_counter()
    while time.perf_counter() - end < wait_s:
        count = kernel_count(server_pid)
        peak[0] = max(peak[0], count)
        if count <= result.kernels_before:
            result.gone_after_s = time.perf_counter() - end
            break
        time.sleep(1.0)
    result.kernels_peak = peak[0]
    return result


def run_storm(requests: int, lessons: Path | None = None) -> Storm:
    """:func:`storm` against a fresh ``buraco-learn serve`` (its data in a temp directory)."""
    from buraco_learn.app.catalogue import lessons_dir
    from buraco_learn.app.measure import serving

    with tempfile.TemporaryDirectory(prefix="buraco-storm-") as tmp, \
            serving(lessons or lessons_dir(), Path(tmp) / "data") as (url, pid):
        return storm(url, pid, requests)
