"""What ``buraco-learn serve`` lets in: which hosts and origins, whose key, how many kernels.

Pure Python (no Jupyter, no tornado), so every decision is tested without a server;
:mod:`buraco_learn.app.voila_app` asks these objects on each request.

- :class:`HostPolicy`: a request must name a loopback host (``127.0.0.1``, ``::1``,
  ``localhost``) or a name the user allowed with ``--allow-host``, and a page or
  websocket request sent by a browser must come from such an origin on the server's
  own port. Another web site that points its name at 127.0.0.1 (DNS rebinding) gets 403.
- :class:`ServerKey`: the app's key, kept in the learner's data directory (``server-key.json``,
  readable by its owner only) so a bookmarked page keeps working after a restart. The URL
  ``serve`` prints and opens carries it; a browser that has visited it holds a cookie.
- :class:`KernelLedger`: every page view starts a kernel. A kernel whose page never
  connects is culled ``grace`` seconds after it last worked and its browser last asked
  for anything (45 s: a plain GET's kernel goes within a minute of the page being
  served, while a page still loading its scripts keeps its kernel); one browser holds at most ``per_client`` kernels (opening one more
  first stops its kernels without a connected page, else is refused); at most
  ``max_opening`` pages may be opening at once (a storm of plain GETs is refused, 503).

>>> policy = HostPolicy(port=8866)
>>> policy.allows_host("127.0.0.1:8866"), policy.allows_host("localhost"), policy.allows_host("[::1]:8866")
(True, True, True)
>>> policy.allows_host("rebind.evil.example:8866")
False
>>> policy.allows_origin("http://127.0.0.1:8866"), policy.allows_origin("http://rebind.evil.example:8866")
(True, False)
>>> policy.allows_origin("http://127.0.0.1:9999"), policy.allows_origin("null")
(False, False)
"""

from __future__ import annotations

import ipaddress
import json
import os
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final
from urllib.parse import urlencode, urlsplit

KEY_FILE: Final = "server-key.json"
KEY_FILE_LIMIT: Final = 4096  # bytes: a key file is two short strings
GRACE: Final = 45.0  # seconds a page's kernel may wait, idle, for its page to connect
PER_CLIENT: Final = 12  # kernels one browser may hold (a learner with many lesson tabs)
MAX_OPENING: Final = 40  # pages being opened at once, across all browsers (a classroom is 30)
LOOPBACK_NAMES: Final = frozenset({"localhost"})


def split_host(host: str) -> tuple[str, int | None]:
    """A ``Host`` header's name (lower case, IPv6 without brackets) and port.

    >>> split_host("127.0.0.1:8866"), split_host("[::1]:80"), split_host("LocalHost")
    (('127.0.0.1', 8866), ('::1', 80), ('localhost', None))
    >>> split_host("a:b")
    ('', None)
    """
    host = host.strip().lower()
    port: int | None = None
    if host.startswith("["):
        name, bracket, rest = host[1:].partition("]")
        if not bracket:
            return "", None
        if rest.startswith(":"):
            port = _port(rest[1:])
            if port is None:
                return "", None
        elif rest:
            return "", None
        return name, port
    if host.count(":") == 1:
        name, _, digits = host.partition(":")
        port = _port(digits)
        return ("", None) if port is None else (name, port)
    return host, None  # a name without a port, or a bare IPv6 address


def _port(digits: str) -> int | None:
    """The port ``digits`` name (1 to 5 ASCII digits, at most 65535), or None. ``str.isdigit``
    alone would take digits such as '²' that ``int()`` refuses."""
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 5 or int(digits) > 65535:
        return None
    return int(digits)


def is_loopback(name: str) -> bool:
    """Whether a host name is this machine's loopback (an IP address of it, or ``localhost``)."""
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class HostPolicy:
    """Which ``Host`` and ``Origin`` headers the server answers (see the module's docstring)."""

    port: int
    extra_hosts: frozenset[str] = frozenset()

    @classmethod
    def of(cls, port: int, extra_hosts: Iterable[str] = ()) -> HostPolicy:
        return cls(port, frozenset(name.strip().lower() for name in extra_hosts if name.strip()))

    def allows_name(self, name: str) -> bool:
        return bool(name) and (is_loopback(name) or name in self.extra_hosts)

    def allows_host(self, host: str) -> bool:
        """Whether a request naming ``host`` (its ``Host`` header) is for this server."""
        name, _port = split_host(host)
        return self.allows_name(name)

    def allows_origin(self, origin: str) -> bool:
        """Whether a browser page at ``origin`` may use this server (only its own pages may)."""
        try:
            parts = urlsplit(origin.strip())
            port = parts.port
        except ValueError:
            return False
        if parts.scheme not in ("http", "https") or parts.hostname is None:
            return False
        port = port if port is not None else (443 if parts.scheme == "https" else 80)
        return port == self.port and self.allows_name(parts.hostname.lower())


# -- the key ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class ServerKey:
    """The app's key (in the URL ``serve`` opens) and the secret that signs its login cookies."""

    token: str
    cookie_secret: bytes = field(repr=False)

    def __repr__(self) -> str:  # never print a secret by accident
        return "ServerKey(...)"

    @classmethod
    def new(cls) -> ServerKey:
        return cls(secrets.token_urlsafe(24), secrets.token_bytes(32))

    @classmethod
    def load(cls, directory: Path) -> ServerKey:
        """The key kept in ``directory``, made (and written, owner-only) when there is none or it is damaged."""
        path = directory / KEY_FILE
        try:
            if path.stat().st_size <= KEY_FILE_LIMIT:
                data = json.loads(path.read_text(encoding="utf-8"))
                token, secret = data["token"], bytes.fromhex(data["cookie_secret"])
                if isinstance(token, str) and len(token) >= 16 and token.isascii() and len(secret) >= 32:
                    return cls(token, secret)
        except (OSError, ValueError, KeyError, TypeError):
            pass
        key = cls.new()
        key.save(directory)
        return key

    def save(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / KEY_FILE
        temporary = path.with_suffix(".tmp")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            json.dump({"token": self.token, "cookie_secret": self.cookie_secret.hex()}, out)
        os.replace(temporary, path)


# -- kernels -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class KernelState:
    """What the server knows of one live kernel at a sweep."""

    connections: int
    busy: bool
    pooled: bool = False  # kept ready by Voila for the next page of its notebook


@dataclass(frozen=True)
class Admission:
    """The answer to "may this browser open one more page?"."""

    allowed: bool
    status: int = 200
    reason: str = ""
    stop: tuple[str, ...] = ()  # this browser's kernels to stop first (no page connected to them)


@dataclass
class KernelLedger:
    """Which browser each page's kernel belongs to, and which kernels must go.

    >>> ledger = KernelLedger(grace=45, per_client=2, max_opening=3)
    >>> ledger.opened("k1", "ann", now=0)
    >>> ledger.sweep({"k1": KernelState(connections=0, busy=False)}, now=10)
    []
    >>> ledger.active("ann", now=20)                 # ann's browser is still loading the page's scripts
    >>> ledger.sweep({"k1": KernelState(connections=0, busy=False)}, now=56)
    []
    >>> ledger.sweep({"k1": KernelState(connections=0, busy=False)}, now=66)   # never connected
    ['k1']
    >>> ledger.opened("k2", "ann", now=60); ledger.opened("k3", "ann", now=61)
    >>> live = {"k2": KernelState(1, False), "k3": KernelState(0, False)}
    >>> ledger.admit("ann", live).stop          # a third page: first stop the one without a page
    ('k3',)
    >>> ledger.admit("ann", {"k2": KernelState(1, False), "k3": KernelState(1, False)}).status
    429
    >>> ledger.reserve("bob"); ledger.reserve("cy"); ledger.reserve("dee")   # three pages starting
    >>> ledger.admit("eve", {}).status                 # max_opening reached
    503
    """

    grace: float = GRACE
    per_client: int = PER_CLIENT
    max_opening: int = MAX_OPENING
    owners: dict[str, str] = field(default_factory=dict)
    opened_at: dict[str, float] = field(default_factory=dict)
    waiting_since: dict[str, float] = field(default_factory=dict)
    connected: set[str] = field(default_factory=set)
    #: pages admitted whose kernel is not entered yet (being started), per browser
    starting: dict[str, int] = field(default_factory=dict)

    def reserve(self, client: str) -> None:
        """An admitted page of ``client`` is getting its kernel: count it until :meth:`release`."""
        self.starting[client] = self.starting.get(client, 0) + 1

    def release(self, client: str) -> None:
        left = self.starting.get(client, 0) - 1
        if left > 0:
            self.starting[client] = left
        else:
            self.starting.pop(client, None)

    def opened(self, kernel_id: str, client: str, now: float) -> None:
        """A page for ``client`` got kernel ``kernel_id`` (started for it, or taken from the pool)."""
        self.owners[kernel_id] = client
        self.opened_at[kernel_id] = now
        self.waiting_since[kernel_id] = now
        self.connected.discard(kernel_id)

    def active(self, client: str, now: float) -> None:
        """``client``'s browser asked for something (a script, a style, a page): its pages still loading
        are not abandoned, so their kernels' wait starts again (a class of 30 loads slowly)."""
        for kernel_id, owner in self.owners.items():
            if owner == client and kernel_id not in self.connected:
                self.waiting_since[kernel_id] = max(self.waiting_since.get(kernel_id, now), now)

    def forget(self, kernel_id: str) -> None:
        self.owners.pop(kernel_id, None)
        self.opened_at.pop(kernel_id, None)
        self.waiting_since.pop(kernel_id, None)
        self.connected.discard(kernel_id)

    def _observe(self, kernels: Mapping[str, KernelState], now: float) -> None:
        for kernel_id in [kernel for kernel in self.owners if kernel not in kernels]:
            self.forget(kernel_id)  # stopped (page closed, culled, server shut down)
        for kernel_id in self.owners:
            state = kernels[kernel_id]
            if state.connections > 0:
                self.connected.add(kernel_id)
                self.waiting_since.pop(kernel_id, None)
            elif kernel_id not in self.connected and state.busy:
                self.waiting_since[kernel_id] = now  # still rendering its page

    def waiting(self, kernels: Mapping[str, KernelState]) -> list[str]:
        """The pages' kernels whose page has not connected yet (oldest first)."""
        return sorted((kernel for kernel in self.owners
                       if kernel in kernels and kernel not in self.connected and not kernels[kernel].pooled),
                      key=lambda kernel: self.opened_at[kernel])

    def sweep(self, kernels: Mapping[str, KernelState], now: float) -> list[str]:
        """The kernels to stop now: their page never connected within ``grace`` seconds of their last work."""
        self._observe(kernels, now)
        return [kernel for kernel in self.waiting(kernels)
                if not kernels[kernel].busy and now - self.waiting_since.get(kernel, now) >= self.grace]

    def admit(self, client: str, kernels: Mapping[str, KernelState], now: float = 0.0) -> Admission:
        """Whether ``client`` may open one more page now, and which of its kernels to stop first."""
        self._observe(kernels, now)
        if len(self.waiting(kernels)) + sum(self.starting.values()) >= self.max_opening:
            return Admission(False, 503, "Many pages are opening at this moment. Wait a minute, then reload this page.")
        held = sorted((kernel for kernel, owner in self.owners.items()
                       if owner == client and kernel in kernels and not kernels[kernel].pooled),
                      key=lambda kernel: self.opened_at[kernel])
        excess = len(held) + self.starting.get(client, 0) + 1 - self.per_client
        if excess <= 0:
            return Admission(True)
        idle = [kernel for kernel in held if kernels[kernel].connections == 0][:excess]
        if len(idle) < excess:
            return Admission(False, 429, f"{len(held)} lesson pages are open in this browser. "
                                         "Close one of them, then reload this page.")
        return Admission(True, stop=tuple(idle))


def sign_in_path(token: str) -> str:
    """A path that gives a browser the app's login cookie without opening a page (no kernel starts).

    For scripts and tests driving a browser; a learner opens the printed URL instead.

    >>> sign_in_path("abc")
    'login?next=%2Fvoila%2Fstatic%2Ffavicon.ico&token=abc'
    """
    return "login?" + urlencode({"next": "/voila/static/favicon.ico", "token": token})
