"""The kernels Voila keeps ready start one at a time, the landing page's first.

``buraco-learn serve`` keeps a kernel ready per lesson (:mod:`buraco_learn.app.preheat`). Voila
starts them all at once when the server starts: on two cores, twenty-two kernels each importing
the engine and running its lesson's cells took every core for about half a minute, just when the
learner's first page (the landing page) wanted one, and pages opened meanwhile waited as long.

A :class:`PreheatGate` lets those starts through one at a time, ``spacing`` seconds apart, in
the order a learner needs them: the landing page, a class's lesson (``--ready``), then the
lessons by number. A page asked for while its kernel still waits for its turn goes at once
(:meth:`PreheatGate.hurry`). Nothing here imports Jupyter.

>>> order = sorted(["05_a_turn.ipynb", "house_rules.ipynb", "index.ipynb", "12_play_the_coach.ipynb"],
...                key=PreheatGate(0.1).priority)
>>> order
['index.ipynb', '05_a_turn.ipynb', '12_play_the_coach.ipynb', 'house_rules.ipynb']
"""

from __future__ import annotations

import asyncio
import contextvars
import heapq
import itertools
import os
import re
from collections.abc import Iterable
from typing import Final

from buraco_learn.app.catalogue import INDEX

#: the notebook a kernel Voila keeps ready is being started for (set in that start's own task)
PREHEATING: contextvars.ContextVar[str | None] = contextvars.ContextVar("buraco_preheating", default=None)


def default_spacing() -> float:
    """Seconds between two starts: about one kernel's start and cells on one core, the others left free."""
    return 1.0 / max(1, (os.cpu_count() or 2) - 1)


class PreheatGate:
    """Starts let through one at a time, ``spacing`` seconds apart, the most wanted first."""

    def __init__(self, spacing: float, first: Iterable[str] = ()) -> None:
        self.spacing = spacing
        self.first: Final = frozenset(first)
        self._waiting: list[tuple[tuple[int, int], int, str, asyncio.Future[None]]] = []
        self._hurried: set[str] = set()
        self._order = itertools.count()
        self._next = 0.0
        self._timer: asyncio.TimerHandle | None = None
        self.closed = False

    def priority(self, notebook: str) -> tuple[int, int]:
        """The landing page, then a class's lessons, then the lessons by number, then the rest; copies last."""
        copy = 1 if "/" in notebook.replace("\\", "/") else 0
        if notebook == INDEX:
            return (copy, 0)
        if notebook in self.first:
            return (copy, 1)
        number = re.match(r"(\d+)_", notebook.replace("\\", "/").rsplit("/", 1)[-1])
        return (copy, 2 + int(number.group(1)) if number else 1000)

    async def turn(self, notebook: str) -> None:
        """Wait until this start may go."""
        if notebook in self._hurried:
            self._hurried.discard(notebook)
            return
        loop = asyncio.get_running_loop()
        if not self.closed and not self._waiting and loop.time() >= self._next:
            self._next = loop.time() + self.spacing
            return
        future: asyncio.Future[None] = loop.create_future()
        heapq.heappush(self._waiting, (self.priority(notebook), next(self._order), notebook, future))
        self._schedule(loop)
        await future

    def hurry(self, notebook: str) -> None:
        """A page of ``notebook`` is asked for: its start waiting for a turn goes now (or, not there yet, will not wait)."""
        if self.closed:
            return
        for index, (_, _, name, future) in enumerate(self._waiting):
            if name == notebook and not future.done():
                self._waiting.pop(index)
                heapq.heapify(self._waiting)
                future.set_result(None)
                return
        self._hurried.add(notebook)

    def close(self) -> None:
        """The server is stopping: no more starts go (one started now would be shut down mid-way)."""
        self.closed = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    @property
    def waiting(self) -> int:
        """How many starts wait for their turn."""
        return sum(not future.done() for *_, future in self._waiting)

    def _schedule(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._timer is None and self._waiting and not self.closed:
            self._timer = loop.call_at(max(self._next, loop.time()), self._release, loop)

    def _release(self, loop: asyncio.AbstractEventLoop) -> None:
        self._timer = None
        while self._waiting:
            *_, future = heapq.heappop(self._waiting)
            if not future.done():  # a start cancelled (the server stopping) gives its turn on
                future.set_result(None)
                self._next = loop.time() + self.spacing
                break
        self._schedule(loop)
