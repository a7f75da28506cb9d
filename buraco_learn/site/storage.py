"""In the browser, on Pyodide: the learner's progress in a SQLite file that lasts across reloads.

Pyodide's file system lives in memory; an IDBFS mount (:data:`MOUNT`) is backed by the browser's
IndexedDB. :func:`ready` (the first cell of every page of the site, awaited) mounts it, reads what an
earlier page saved, points :func:`buraco_learn.app.progress.data_dir` at it, and has the store push
the file back to IndexedDB after every write (``FS.syncfs``, which runs in the background).
Anywhere but Pyodide it does nothing, so a site notebook also runs in JupyterLab.

>>> import asyncio
>>> asyncio.run(ready()) is None   # not on Pyodide: nothing to mount
True
"""

from __future__ import annotations

import asyncio
import os
from typing import Any, Final

from buraco_learn.app import progress
from buraco_learn.app.where import on_static_site

MOUNT: Final = "/persist"
DATA: Final = f"{MOUNT}/buraco-learn"

_state: dict[str, Any] = {"mounted": False, "busy": False, "again": False}


def _fs() -> Any:
    import pyodide_js  # type: ignore[import-not-found]

    return pyodide_js.FS


def _syncfs(populate: bool, done: Any) -> None:
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    _fs().syncfs(populate, create_once_callable(done))


def _failed(error: Any) -> bool:
    """Whether ``FS.syncfs`` reported an error (it calls back with JavaScript's null, Pyodide's ``jsnull``, when it worked)."""
    return error is not None and type(error).__name__ != "JsNull" and bool(error)


def _warn(message: str) -> None:
    """To the browser's console, never the learner's page."""
    import js  # type: ignore[import-not-found]

    js.console.warn(message)


async def _sync_from_browser() -> None:
    loop = asyncio.get_running_loop()
    finished: asyncio.Future[Any] = loop.create_future()

    def done(error: Any = None) -> None:
        if not finished.done():
            finished.set_result(error)

    _syncfs(True, done)
    error = await finished
    if _failed(error):
        _warn(f"buraco-learn: reading the saved progress failed: {error}")


def push() -> None:
    """Save the progress file to IndexedDB (in the background; a write during a save runs one more save)."""
    if not _state["mounted"]:
        return
    if _state["busy"]:
        _state["again"] = True
        return
    _state["busy"] = True

    def finished(error: Any = None) -> None:
        _state["busy"] = False
        if _failed(error):
            _warn(f"buraco-learn: saving the progress failed: {error}")
        if _state["again"]:
            _state["again"] = False
            push()

    _syncfs(False, finished)


async def ready() -> None:
    """Mount the browser's storage and read the saved progress (once per page); elsewhere, nothing."""
    if not on_static_site() or _state["mounted"]:
        return None
    fs = _fs()
    fs.mkdirTree(MOUNT)
    fs.mount(fs.filesystems.IDBFS, {}, MOUNT)
    await _sync_from_browser()
    os.makedirs(DATA, exist_ok=True)
    os.environ[progress.DATA_ENV] = DATA
    _state["mounted"] = True
    if push not in progress.AFTER_WRITE:
        progress.AFTER_WRITE.append(push)
    return None
