"""The landing page's "Download my progress" and "Load my progress", shown where progress does not
last (Binder, :func:`buraco_learn.app.where.on_binder`).

The download is a link holding the file itself (a ``data:`` address, made afresh each time the
page shows the progress), so it needs no server route; the load is an upload box whose file is
checked by :func:`buraco_learn.app.progressfile.import_progress` before anything is written.

>>> import tempfile
>>> from pathlib import Path
>>> store = ProgressStore(Path(tempfile.mkdtemp()) / "progress.sqlite3")
>>> box = SessionProgress(store, refreshed=lambda: None)
>>> 'download="buraco-learn-progress.json"' in box.download.value and "Download my progress" in box.download.value
True
>>> box.load(b"not json"); "not JSON" in box.message.value and 'role="alert"' in box.message.value
True
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable
from typing import Any

from buraco_learn.app import parts
from buraco_learn.app.progress import ProgressError, ProgressStore
from buraco_learn.app.progressfile import FILE_NAME, export_progress, import_progress
from buraco_learn.app.where import BINDER_WORDS
from buraco_learn.i18n import _

DOWNLOAD_STYLE = ("display:inline-block;padding:.35em .8em;border-radius:4px;background:#0b57d0;color:#fff;"
                  "font-weight:bold;text-decoration:none")


class SessionProgress:
    """A download link for the progress file and an upload box to load one back; ``refreshed`` redraws the map."""

    def __init__(self, store: ProgressStore, refreshed: Callable[[], None]) -> None:
        import ipywidgets as widgets

        self.store, self.refreshed = store, refreshed
        self.download = parts.html()
        self.message = parts.html()
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False,
                                         description=_("Load my progress"), layout=parts.auto_layout())
        self.upload.observe(self._uploaded, names="value")
        keep = html.escape(_("Keep your progress"))
        self.widget = parts.vbox([
            parts.html(f'<h3>{keep}</h3><p class="store-path">{html.escape(BINDER_WORDS)}</p>'),
            parts.hbox([self.download, self.upload], flex_flow="row wrap", align_items="center"),
            self.message,
        ])
        self.refresh()

    def refresh(self) -> None:
        """Make the download link hold the progress as it is now."""
        try:
            content = base64.b64encode(export_progress(self.store)).decode("ascii")
        except ProgressError:
            self.download.value = ""
            return
        said = html.escape(_("Download my progress"))
        self.download.value = (f'<a class="progress-download" download="{FILE_NAME}" style="{DOWNLOAD_STYLE}" '
                               f'href="data:application/json;base64,{content}">{said}</a>')

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change.get("new") or ()
        if not files:
            return
        try:
            content = bytes(files[0]["content"])  # sent by the browser: checked by load() like any file
        except (KeyError, TypeError, ValueError, IndexError):
            content = b""
        self.load(content)
        self.upload.value = ()  # the same file may be loaded again

    def load(self, content: bytes) -> None:
        """Load a progress file's bytes, and say what was loaded or why not."""
        try:
            words = import_progress(self.store, content)
        except ProgressError as error:
            self.message.value = f'<p class="buraco-feedback wrong" role="alert">{html.escape(str(error))}</p>'
            return
        self.message.value = f'<p class="buraco-feedback right" role="status">{html.escape(words)}</p>'
        self.refreshed()
        self.refresh()
