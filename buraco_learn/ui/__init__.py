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
    from buraco_learn.ui.meld_quiz import MeldQuiz
    from buraco_learn.ui.replayer import Replayer
    from buraco_learn.ui.score_sheet import ScoreSheet

_LAZY = {
    "BuracoWidget": "buraco_learn.ui.base",
    "CardTable": "buraco_learn.ui.card_table",
    "ConnectionNotice": "buraco_learn.ui.connection_notice",
    "Replayer": "buraco_learn.ui.replayer",
    "MeldQuiz": "buraco_learn.ui.meld_quiz",
    "ScoreSheet": "buraco_learn.ui.score_sheet",
}

__all__ = ["BuracoWidget", "CardTable", "ConnectionNotice", "MeldQuiz", "Replayer", "ScoreSheet"]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'buraco_learn.ui' has no attribute {name!r}")
