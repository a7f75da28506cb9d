"""The preheated kernel's wait for its page's request, against Voila's own websocket handler."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator

import pytest

from buraco_learn.app import preheat
from buraco_learn.app.server import free_port

tornado_web = pytest.importorskip("tornado.web")
request_info = pytest.importorskip("voila.request_info_handler")


@pytest.fixture
def query_server() -> Iterator[tuple[int, asyncio.AbstractEventLoop]]:
    """Voila's ``voila/query/<kernel>`` handler alone, in a thread; yields (port, its loop)."""
    port = free_port()
    ready = threading.Event()
    loop = asyncio.new_event_loop()

    def serve() -> None:
        asyncio.set_event_loop(loop)
        app = tornado_web.Application([(r"/voila/query/(\w+)", request_info.RequestInfoSocketHandler)])
        server = app.listen(port, address="127.0.0.1")
        loop.call_soon(ready.set)
        loop.run_forever()
        server.stop()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    ready.wait(10)
    yield port, loop
    loop.call_soon_threadsafe(loop.stop)
    thread.join(10)


def post(loop: asyncio.AbstractEventLoop, kernel: str, payload: str) -> None:
    loop.call_soon_threadsafe(request_info.RequestInfoSocketHandler.send_updates,
                              {"kernel_id": kernel, "payload": payload})


def test_the_kernel_waits_until_voila_posts_its_request(query_server, monkeypatch: pytest.MonkeyPatch) -> None:
    port, loop = query_server
    monkeypatch.setenv(preheat.PREHEAT_ENV, "True")
    monkeypatch.setenv(preheat.KERNEL_ENV, "k1")
    monkeypatch.setenv(preheat.PORT_ENV, str(port))
    got: list[bytes] = []
    waiter = threading.Thread(target=lambda: got.append(preheat.wait_for_request(timeout=20)))
    waiter.start()
    waiter.join(0.5)
    assert waiter.is_alive() and got == []  # nobody opened the page yet
    post(loop, "k1", '{"QUERY_STRING": "x=1"}')
    waiter.join(20)
    assert got == [b'{"QUERY_STRING": "x=1"}'] and not preheat.in_preheated_kernel()


def test_a_request_posted_before_the_kernel_asks_is_kept_for_it(query_server, monkeypatch: pytest.MonkeyPatch) -> None:
    port, loop = query_server
    payload = "{" + ", ".join(f'"K{index}": "{"v" * 40}"' for index in range(20)) + "}"  # over 126 bytes
    post(loop, "k2", payload)
    monkeypatch.setenv(preheat.PREHEAT_ENV, "True")
    assert preheat.wait_for_request(port=port, path="/voila/query/k2", timeout=20) == payload.encode()


def test_a_server_that_is_not_there_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(preheat.KERNEL_ENV, "k3")
    with pytest.raises(preheat.PreheatError, match=r"ws://127.0.0.1:\d+/voila/query/k3 failed"):
        preheat.wait_for_request(port=free_port())
    monkeypatch.delenv(preheat.KERNEL_ENV)
    with pytest.raises(preheat.PreheatError, match="not a kernel started by Voila"):
        preheat.query_path()
