"""Where buraco-learn's log goes inside a kernel: the server's log, never the learner's page.

In a Jupyter or Voila kernel, ``sys.stderr`` is streamed to the page; Python's fallback
handler writes warnings there, so every refused browser message used to appear on the
page as a red stream (a forged-message probe sent 2,178 of them, 2.1 MB). The
``buraco_learn`` logger gets one handler instead, writing to the kernel process's own
stderr (``sys.__stderr__``), which is the server's terminal or log file. It lets through
at most ``burst`` records per ``window`` seconds and then says how many it held back, so a
flood of refusals cannot flood the server's log either.

>>> import io, logging
>>> out = io.StringIO()
>>> handler = ServerLogHandler(out, burst=2, window=60.0)
>>> logger = logging.getLogger("buraco_learn.example")
>>> logger.addHandler(handler); logger.propagate = False
>>> for number in range(5):
...     logger.warning("refused %d", number)
>>> print(out.getvalue().strip())
buraco_learn.example: refused 0
buraco_learn.example: refused 1
>>> handler.flush_held(now=handler.window_start + 61)
>>> out.getvalue().strip().splitlines()[-1]
'buraco_learn: 3 more messages held back in the last minute'
"""

from __future__ import annotations

import logging
import sys
import time
from typing import IO, Final

BURST: Final = 20
WINDOW: Final = 60.0


class ServerLogHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """A stream handler with a budget: ``burst`` records per ``window`` seconds, then a count."""

    def __init__(self, stream: IO[str] | None = None, burst: int = BURST, window: float = WINDOW) -> None:
        super().__init__(stream if stream is not None else sys.__stderr__)
        self.setFormatter(logging.Formatter("%(name)s: %(message)s"))
        self.burst, self.window = burst, window
        self.window_start = time.monotonic()
        self.sent = 0
        self.held = 0

    def flush_held(self, now: float | None = None) -> None:
        """Start a new window if this one is over, first saying how many records it held back."""
        now = time.monotonic() if now is None else now
        if now - self.window_start < self.window:
            return
        if self.held:
            self.stream.write(f"buraco_learn: {self.held} more messages held back in the last minute{self.terminator}")
            self.flush()
        self.window_start, self.sent, self.held = now, 0, 0

    def emit(self, record: logging.LogRecord) -> None:
        self.flush_held()
        if self.sent >= self.burst and record.levelno < logging.ERROR:
            self.held += 1
            return
        self.sent += 1
        super().emit(record)


def route_to_server_log(logger_name: str = "buraco_learn") -> None:
    """Give ``logger_name`` its server-log handler once (idempotent).

    Records still propagate (tests' log capture sees them); Python's fallback handler,
    which writes to the page's stream, is no longer used for them.
    """
    logger = logging.getLogger(logger_name)
    if not any(isinstance(handler, ServerLogHandler) for handler in logger.handlers):
        handler = ServerLogHandler()
        handler.setLevel(logging.WARNING)
        logger.addHandler(handler)
