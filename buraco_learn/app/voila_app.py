"""The Voila application behind ``buraco-learn serve`` (imports Voila; see :mod:`buraco_learn.app.server`).

Three changes to stock Voila, each small:

- ``/`` redirects to the landing page;
- lesson pages set the ``_xsrf`` cookie. Voila's page posts ``voila/api/shutdown/<kernel>``
  with that cookie's value when it is closed or left; standalone Voila never sets the
  cookie, so the post is refused (403) and the kernel lives on until culled. With the
  cookie, leaving a page stops its kernel at once;
- :class:`NoDelayConnection` turns Nagle's algorithm off on each kernel websocket.

>>> BuracoVoila.name, issubclass(NoDelayConnection, ZMQChannelsWebsocketConnection)
('buraco-learn-voila', True)
"""

from __future__ import annotations

import logging
from typing import Any

from jupyter_server.services.kernels.connection.channels import (  # type: ignore[import-untyped]
    ZMQChannelsWebsocketConnection,
)
from tornado.ioloop import IOLoop
from tornado.web import RedirectHandler
from traitlets import default
from voila.app import Voila  # type: ignore[import-untyped]
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]

from buraco_learn.app.server import LANDING


class NoDelayConnection(ZMQChannelsWebsocketConnection):  # type: ignore[misc]
    """A kernel websocket with Nagle's algorithm off (``TCP_NODELAY``).

    Widget messages are small; with Nagle on, a reply can wait for the ACK of the
    previous segment (delayed ACKs: tens of milliseconds), which a learner feels on every click.
    """

    def connect(self) -> Any:
        try:
            self.websocket_handler.set_nodelay(True)
        except Exception as error:  # a stream already closed: connect() reports it
            self.log.debug("set_nodelay failed: %s", error)
        return super().connect()


class LessonPageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voila's page handler, setting the ``_xsrf`` cookie its shutdown-on-close request needs."""

    async def get(self, path: str | None = None) -> None:
        self.xsrf_token  # noqa: B018 - reading the token sets the cookie
        await super().get(path)


class _NoPingWarning(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("The websocket_ping_timeout")


def quiet_ping_warning() -> None:
    """Drop tornado's warning that jupyter_server's ping timeout exceeds its interval (it does, by design)."""
    logger = logging.getLogger("tornado.general")
    if not any(isinstance(existing, _NoPingWarning) for existing in logger.filters):
        logger.addFilter(_NoPingWarning())


class BuracoVoila(Voila):  # type: ignore[misc]
    """Voila serving the lessons directory, with ``/`` sent to the landing page."""

    name = "buraco-learn-voila"
    #: printed once the server listens (the loop's first callback), so a URL shown is a URL that answers
    ready_message = ""

    @default("tornado_settings")
    def _tornado_settings(self) -> dict[str, Any]:
        # jupyter_server pings every 30 s and closes a kernel websocket whose last pong is older
        # than ws_ping_timeout. Equal to the interval (30 s), a pong that arrived a few
        # milliseconds after the previous ping counts as late, and busy pages lost their kernel
        # connection at random (seen with 20 sessions at once): keep jupyter_server's 90 s.
        # tornado, reading those milliseconds as seconds, warns that the timeout exceeds the
        # interval: quiet_ping_warning() drops that one message.
        return {"ws_ping_timeout": 90_000}

    def initialize(self, argv: Any = None) -> None:
        quiet_ping_warning()
        super().initialize(argv)

    def start(self) -> None:
        if self.ready_message:
            IOLoop.current().add_callback(lambda: print(self.ready_message, flush=True))
        super().start()

    def init_handlers(self) -> list[Any]:
        landing = self.server_url.rstrip("/") + "/" + LANDING
        handlers: list[Any] = [
            (pattern, LessonPageHandler if handler is TornadoVoilaHandler else handler, *rest)
            for pattern, handler, *rest in super().init_handlers()
        ]
        return [(self.server_url, RedirectHandler, {"url": landing}), *handlers]
