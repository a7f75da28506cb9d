"""Waiting, in a kernel Voila keeps ready ahead, for the request that opens its page.

``buraco-learn serve`` runs Voila with preheated kernels: one kernel per notebook is
started and runs the notebook's cells before anyone asks for the page. When a request
comes, Voila hands that kernel's page over and posts the request on a websocket,
``voila/query/<kernel id>``. Voila's own helper (``voila.utils.wait_for_request``)
imports all of Voila and Jupyter Server into the kernel: 60 MB more per kernel, measured
2026-11-30. This module reads the same websocket with the standard library only.

Nothing here imports Jupyter; outside a preheated kernel :func:`in_preheated_kernel` is
False and nothing waits.

>>> frame = _client_frame(0xA, b"hi", mask=b"abcd")
>>> frame[:2], _unmask(frame[6:], b"abcd")
(b'\\x8a\\x82', b'hi')
"""

from __future__ import annotations

import base64
import contextlib
import os
import socket
import struct
from typing import Final

from buraco_learn.app.server import HOST  # buraco-learn serve listens on loopback only

PREHEAT_ENV: Final = "VOILA_PREHEAT"  # "True" in a kernel Voila keeps ready ahead of a request
KERNEL_ENV: Final = "VOILA_KERNEL_ID"
PORT_ENV: Final = "VOILA_APP_PORT"
SERVER_URL_ENV: Final = "VOILA_SERVER_URL"

_TEXT, _BINARY, _CLOSE, _PING = 0x1, 0x2, 0x8, 0x9


class PreheatError(ConnectionError):
    """The page's request could not be waited for (the server went away or refused)."""


def in_preheated_kernel() -> bool:
    """Whether this kernel was started by Voila ahead of a request and is still waiting for it."""
    return os.environ.get(PREHEAT_ENV) == "True"


def query_path() -> str:
    """The websocket path on which Voila posts this kernel's request."""
    base = os.environ.get(SERVER_URL_ENV, "/")
    kernel = os.environ.get(KERNEL_ENV, "")
    if not kernel:
        raise PreheatError(f"no {KERNEL_ENV} in the environment: not a kernel started by Voila")
    return f"{base.rstrip('/')}/voila/query/{kernel}"


def wait_for_request(host: str = HOST, port: int | None = None, path: str | None = None,
                     timeout: float | None = None) -> bytes:
    """Block until Voila posts the request that opened this kernel's page; its payload.

    Afterwards this kernel counts as opened (:func:`in_preheated_kernel` is False).
    """
    port = int(os.environ.get(PORT_ENV, "0")) if port is None else port
    path = query_path() if path is None else path
    try:
        with socket.create_connection((host, port), timeout=10) as connection:
            connection.settimeout(timeout)
            stream = _Stream(connection)
            stream.handshake(host, port, path)
            payload = stream.read_message()
            with contextlib.suppress(OSError):  # the server may close first
                connection.sendall(_client_frame(_CLOSE, struct.pack("!H", 1000)))
    except OSError as error:
        raise PreheatError(f"waiting for this page's request on ws://{host}:{port}{path} failed: {error}") from error
    os.environ[PREHEAT_ENV] = "False"
    return payload


class _Stream:
    """A websocket client's side of a connection: the handshake, then frames in."""

    def __init__(self, connection: socket.socket) -> None:
        self.connection = connection
        self.buffer = b""

    def handshake(self, host: str, port: int, path: str) -> None:
        key = base64.b64encode(os.urandom(16)).decode()
        self.connection.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        while b"\r\n\r\n" not in self.buffer:
            self._receive("during the handshake")
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        status = head.split(b"\r\n", 1)[0].decode("latin-1")
        if " 101 " not in f"{status} ":
            raise PreheatError(f"the server refused ws://{host}:{port}{path}: {status}")

    def _receive(self, when: str) -> None:
        chunk = self.connection.recv(4096)
        if not chunk:
            raise PreheatError(f"the server closed the websocket {when}")
        self.buffer += chunk

    def read(self, count: int) -> bytes:
        while len(self.buffer) < count:
            self._receive("before the request came")
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def read_message(self) -> bytes:
        """The first text or binary message (answering pings on the way)."""
        while True:
            first, second = self.read(2)
            opcode, length = first & 0x0F, second & 0x7F
            if length == 126:
                (length,) = struct.unpack("!H", self.read(2))
            elif length == 127:
                (length,) = struct.unpack("!Q", self.read(8))
            mask = self.read(4) if second & 0x80 else b""
            payload = self.read(length)
            if mask:
                payload = _unmask(payload, mask)
            if opcode in (_TEXT, _BINARY):
                return payload
            if opcode == _CLOSE:
                raise PreheatError("the server closed the websocket before the request came")
            if opcode == _PING:
                self.connection.sendall(_client_frame(0xA, payload))


def _client_frame(opcode: int, payload: bytes, mask: bytes | None = None) -> bytes:
    """A final, masked frame (a client must mask what it sends); payloads under 126 bytes."""
    mask = os.urandom(4) if mask is None else mask
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + _unmask(payload, mask)


def _unmask(payload: bytes, mask: bytes) -> bytes:
    return bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
