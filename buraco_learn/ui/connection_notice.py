"""A page's notice that its connection is lost: nothing until the kernel cannot answer, then words and Reload.

Every lesson page carries one. A tab left open past the idle limit loses its kernel (the
server stops it), a restarted server forgets it, a dropped connection may not come back:
without a word, the learner's clicks would do nothing. The front end
(``widgets/connection_notice.js``) shares its watcher with the card table
(``widgets/connection.js``).

>>> notice = ConnectionNotice()
>>> notice.text
'The connection to this page was lost. Reload the page to continue: your progress is saved.'
"""

from __future__ import annotations

from typing import ClassVar

import traitlets

from buraco_learn.ui.base import BuracoWidget, module_asset, static_asset

LOST_TEXT = "The connection to this page was lost. Reload the page to continue: your progress is saved."


class ConnectionNotice(BuracoWidget):
    """Shows :data:`LOST_TEXT` and a Reload button once the page's kernel cannot answer."""

    _esm = module_asset("connection_notice.js")
    _css = static_asset("buraco.css")
    browser_traits: ClassVar[frozenset[str]] = frozenset()

    text = traitlets.Unicode(LOST_TEXT).tag(sync=True)

    def repr_fields(self) -> str:
        return ""
