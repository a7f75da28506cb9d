"""buraco-learn's notebook widgets (anywidget), and the pure parts they stand on.

This is the only package that imports anywidget, ipywidgets and traitlets, and it
imports them only when a widget class is asked for: ``buraco_learn.ui.quizgen``,
``buraco_learn.ui.quizsession``, ``buraco_learn.ui.views``, ``buraco_learn.ui.table_view``,
``buraco_learn.ui.table_game``, ``buraco_learn.ui.hints`` and ``buraco_learn.ui.replay``
work without Jupyter.

- :class:`CardTable`: play a hand against bots (:mod:`buraco_learn.ui.card_table`;
  the game itself, pure Python, is :mod:`buraco_learn.ui.table_game`).
- :class:`Replayer`: step through a worked example or a game record (:mod:`buraco_learn.ui.replayer`).
- :class:`MeldQuiz`: the meld quiz (:mod:`buraco_learn.ui.meld_quiz`).
- :class:`ScoreSheet`: a match's running score (:mod:`buraco_learn.ui.score_sheet`).
- :class:`HandPicker`: tasks answered by clicking cards of a hand (:mod:`buraco_learn.ui.hand_picker`).
- :class:`ConnectionNotice`: a page's notice that its kernel can no longer answer (:mod:`buraco_learn.ui.connection_notice`).
- :class:`BuracoWidget`: the base every widget derives from (:mod:`buraco_learn.ui.base`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from buraco_learn.ui.base import BuracoWidget
    from buraco_learn.ui.card_table import CardTable
    from buraco_learn.ui.connection_notice import ConnectionNotice
    from buraco_learn.ui.hand_picker import HandPicker
    from buraco_learn.ui.meld_quiz import MeldQuiz
    from buraco_learn.ui.replayer import Replayer
    from buraco_learn.ui.score_sheet import ScoreSheet

_LAZY = {
    "BuracoWidget": "buraco_learn.ui.base",
    "CardTable": "buraco_learn.ui.card_table",
    "ConnectionNotice": "buraco_learn.ui.connection_notice",
    "HandPicker": "buraco_learn.ui.hand_picker",
    "Replayer": "buraco_learn.ui.replayer",
    "MeldQuiz": "buraco_learn.ui.meld_quiz",
    "ScoreSheet": "buraco_learn.ui.score_sheet",
}

__all__ = ["BuracoWidget", "CardTable", "ConnectionNotice", "HandPicker", "MeldQuiz", "Replayer", "ScoreSheet"]


#: the libraries the widget classes import (dependencies of buraco-learn itself, not of an extra)
WIDGET_LIBRARIES = ("anywidget", "ipywidgets", "traitlets", "comm")


def missing_library_message(what: str, library: str) -> str:
    """The one sentence said when a widget cannot be loaded because ``library`` is not installed.

    >>> print(missing_library_message("buraco_learn.ui.CardTable", "anywidget"))
    buraco_learn.ui.CardTable needs anywidget, which is not installed in this Python: install buraco-learn with its dependencies (pip install buraco-learn, which brings anywidget and ipywidgets), or add them (pip install anywidget ipywidgets).
    """
    return (
        f"{what} needs {library}, which is not installed in this Python: install buraco-learn with its dependencies "
        "(pip install buraco-learn, which brings anywidget and ipywidgets), or add them (pip install anywidget ipywidgets)."
    )


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        try:
            module = importlib.import_module(_LAZY[name])
        except ModuleNotFoundError as error:
            library = (error.name or "").partition(".")[0]
            if library in WIDGET_LIBRARIES:
                raise ModuleNotFoundError(missing_library_message(f"buraco_learn.ui.{name}", library), name=error.name) from None
            raise
        return getattr(module, name)
    raise AttributeError(f"module 'buraco_learn.ui' has no attribute {name!r}")
