"""The app served the way Binder serves it (issue 17, item 3), over plain HTTP: Jupyter Server with
Voila's server extension, under a base URL (``/user/learner/<id>/``, as JupyterHub gives it), with a
token, configured by the JSON ``binder/postBuild`` writes and the environment ``binder/start`` and
BinderHub set. Checks: the Binder link's landing page (and its words about progress there), a lesson,
and a page's kernel stopped by the request the page sends when it is left.

What differs from mybinder.org: JupyterHub's single-user server and its login (here Jupyter Server's
token), and the proxy in front. The server runs as a subprocess on a free port, stopped by its PID.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from buraco_learn.app.catalogue import LESSONS_ENV
from buraco_learn.app.progress import DATA_ENV
from buraco_learn.app.server import free_port
from buraco_learn.app.where import BINDER_WORDS, LOCAL_WORDS

REPO = Path(__file__).resolve().parent.parent
BASE = "/user/learner/a1b2c3/"
#: the README's Binder link: mybinder.org sends the browser to BASE + this, with the session's token
URLPATH = "voila/render/lessons/index.ipynb"
STARTUP_S = 90.0

CONTROL_TARGET, CONTROL_VERSION = "jupyter.widget.control", "1.0.0"  # ipywidgets 8: every widget's state at once


def post_build_config() -> dict[str, object]:
    text = (REPO / "binder" / "postBuild").read_text()
    found = re.search(r"<<'JSON'\n(.*?)\nJSON", text, re.S)
    assert found, "binder/postBuild writes the Jupyter server's config"
    config: dict[str, object] = json.loads(found.group(1))
    return config


class BinderServer:
    def __init__(self, tmp: Path, extension: bool = True) -> None:
        self.port, self.token = free_port(), uuid.uuid4().hex
        config = tmp / "jupyter"
        config.mkdir(parents=True)
        settings = post_build_config()
        if not extension:  # stock Voila's server extension alone, as Binder served it before issue 17
            settings["ServerApp"]["jpserver_extensions"].pop("buraco_learn.app.binder")  # type: ignore[index]
        (config / "jupyter_server_config.json").write_text(json.dumps(settings))
        env = {**os.environ, "JUPYTER_CONFIG_DIR": str(config), DATA_ENV: str(tmp / "data"),
               LESSONS_ENV: str(REPO / "lessons"),  # what binder/start exports
               "BINDER_LAUNCH_HOST": "https://mybinder.org/", "BINDER_REQUEST": "v2/gh/buraco-learn/buraco-learn/HEAD",
               "JUPYTERHUB_SERVICE_PREFIX": BASE, "JUPYTER_TOKEN": self.token}  # the token: not on the command line
        command = [sys.executable, "-m", "jupyter_server", "--no-browser", f"--port={self.port}",
                   "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", f"--ServerApp.base_url={BASE}",
                   f"--ServerApp.root_dir={REPO}"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:  # a container's root (Binder runs as a user)
            command.append("--allow-root")
        self.log = (tmp / "server.log").open("w+")
        self.process = subprocess.Popen(command, cwd=REPO, env=env, stdout=self.log, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        deadline = time.monotonic() + STARTUP_S
        while True:
            if self.process.poll() is not None:
                pytest.fail(f"jupyter server exited with {self.process.returncode}:\n{self.output()}")
            try:
                if self.request("GET", BASE + "api/status", headers={"Authorization": f"token {self.token}"})[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"jupyter server did not answer within {STARTUP_S} s:\n{self.output()}")
            time.sleep(0.3)
        self.cookies: dict[str, str] = {}

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read()

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            response = conn.getresponse()
            text = response.read().decode("utf-8", "replace")
            for name, value in response.getheaders():
                if name.lower() == "set-cookie" and hasattr(self, "cookies"):
                    cookie = value.split(";")[0]
                    self.cookies[cookie.split("=")[0]] = cookie.split("=", 1)[1]
            return response.status, {key.lower(): value for key, value in response.getheaders()}, text
        finally:
            conn.close()

    def browse(self, method: str, path: str, body: bytes | None = None,
               headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        """A request as the learner's browser sends it: with the cookies it was given."""
        cookie = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        return self.request(method, path, body, {**({"Cookie": cookie} if cookie else {}), **(headers or {})})

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)  # its own session: the server and its kernels only
                self.process.wait(timeout=10)
        self.log.close()


@pytest.fixture(scope="module")
def binder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BinderServer]:
    server = BinderServer(tmp_path_factory.mktemp("binder"))
    yield server
    server.stop()


def kernel_of(page: str) -> str:
    config = re.search(r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})\s*</script>', page, re.S)
    assert config, "a Voila page carries its kernel's id"
    data = json.loads(config.group(1))
    assert data["baseUrl"] == BASE
    return str(data["kernelId"])


async def widget_states(binder: BinderServer, kernel: str) -> list[dict[str, Any]]:
    """Every widget's state, asked over the kernel's websocket as the page's widget manager asks for it."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    session = uuid.uuid4().hex
    cookie = "; ".join(f"{name}={value}" for name, value in binder.cookies.items())
    connection = await websocket_connect(HTTPRequest(
        f"ws://127.0.0.1:{binder.port}{BASE}api/kernels/{kernel}/channels?session_id={session}",
        headers={"Cookie": cookie, "Origin": f"http://127.0.0.1:{binder.port}"}), max_message_size=64 * 1024 * 1024)
    try:
        def send(msg_type: str, content: dict[str, Any]) -> None:
            header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "learner", "session": session,
                      "date": "", "version": "5.3"}
            connection.write_message(json.dumps({"header": header, "parent_header": {}, "content": content,
                                                 "metadata": {"version": CONTROL_VERSION}, "channel": "shell",
                                                 "buffers": []}))

        control = uuid.uuid4().hex
        send("comm_open", {"comm_id": control, "target_name": CONTROL_TARGET, "data": {}})
        send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        while True:
            raw = await asyncio.wait_for(connection.read_message(), 60)
            assert raw is not None, "the kernel's websocket closed"
            if isinstance(raw, str):
                data = json.loads(raw).get("content", {}).get("data", {})
                if data.get("method") == "update_states":
                    return list(data["states"].values())
    finally:
        connection.close()


def beacon(xsrf: str) -> tuple[bytes, str]:
    """The body Voila's page sends on 'beforeunload': FormData with ``_xsrf`` (multipart), by sendBeacon."""
    boundary = "----buraco" + uuid.uuid4().hex
    body = f'--{boundary}\r\nContent-Disposition: form-data; name="_xsrf"\r\n\r\n{xsrf}\r\n--{boundary}--\r\n'
    return body.encode(), f"multipart/form-data; boundary={boundary}"


def leave(binder: BinderServer, kernel: str) -> int:
    """What the page does when it is left: post the shutdown with the ``_xsrf`` cookie's value."""
    body, kind = beacon(binder.cookies.get("_xsrf", ""))
    return binder.browse("POST", f"{BASE}voila/api/shutdown/{kernel}", body, {"Content-Type": kind})[0]


def kernel_status(binder: BinderServer, kernel: str) -> int:
    return binder.request("GET", f"{BASE}api/kernels/{kernel}", headers={"Authorization": f"token {binder.token}"})[0]


def test_the_binder_link_opens_the_landing_page_which_says_progress_lasts_for_the_session(binder: BinderServer) -> None:
    status, _headers, page = binder.browse("GET", f"{BASE}{URLPATH}?token={binder.token}")
    assert status == 200, binder.output()[-3000:]
    assert "There was an error when executing cell" not in page and "Traceback" not in page
    assert "kit.landing()" not in page  # no code shown
    assert "Learn Burraco / Buraco" in page
    assert "_xsrf" in binder.cookies, "the page must set the _xsrf cookie its shutdown-on-leave request sends back"
    kernel = kernel_of(page)
    assert kernel_status(binder, kernel) == 200
    shown = "\n".join(str(value) for state in asyncio.run(widget_states(binder, kernel))
                      for value in state.get("state", {}).values())
    assert "Next: lesson 1 — The cards and the deal" in shown and "Melds: sets and runs" in shown  # the map
    assert BINDER_WORDS in shown and LOCAL_WORDS not in shown
    assert "Download my progress" in shown and 'download="buraco-learn-progress.json"' in shown
    assert "Load my progress" in shown  # the upload box
    assert leave(binder, kernel) == 204
    assert kernel_status(binder, kernel) == 404


def test_the_servers_home_is_the_landing_page(binder: BinderServer) -> None:
    status, headers, _ = binder.browse("GET", BASE)
    assert status in (301, 302) and headers["location"].split("?")[0] == BASE + URLPATH


def test_a_lesson_renders_and_leaving_it_stops_its_kernel(binder: BinderServer) -> None:
    if "_xsrf" not in binder.cookies:  # this test alone: log in through the Binder link first
        binder.browse("GET", f"{BASE}{URLPATH}?token={binder.token}")
    status, _headers, page = binder.browse("GET", f"{BASE}voila/render/lessons/02_melds.ipynb")
    assert status == 200
    assert "There was an error when executing cell" not in page and "Traceback" not in page
    assert "NavBar(lesson 2 of " in page and "Melds: sets and runs" in page
    kernel = kernel_of(page)
    assert kernel_status(binder, kernel) == 200
    # the xsrf pair alone, without the login, stops nothing: Jupyter's own login still applies
    body, kind = beacon("forged")
    forged = binder.request("POST", f"{BASE}voila/api/shutdown/{kernel}", body,
                            {"Content-Type": kind, "Cookie": "_xsrf=forged"})[0]
    assert forged == 403
    assert kernel_status(binder, kernel) == 200
    assert leave(binder, kernel) == 204
    assert kernel_status(binder, kernel) == 404


def test_without_buraco_learns_extension_a_page_left_keeps_its_kernel(tmp_path: Path) -> None:
    """The fault of issue 17 reproduced: stock Voila's page never sets ``_xsrf``, so the post is refused."""
    stock = BinderServer(tmp_path, extension=False)
    try:
        status, _headers, page = stock.browse("GET", f"{BASE}voila/render/lessons/02_melds.ipynb?token={stock.token}")
        assert status == 200 and "_xsrf" not in stock.cookies
        kernel = kernel_of(page)
        assert leave(stock, kernel) == 403
        assert kernel_status(stock, kernel) == 200
    finally:
        stock.stop()
