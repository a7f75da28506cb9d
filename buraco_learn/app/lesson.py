"""A lesson page in two calls: :func:`begin` at the top, :meth:`Lesson.end` at the bottom.

Between them the notebook holds the lesson's text (markdown cells) and one line per task,
``lesson.show("<block>")``: the block of ``lessons/tasks/<lesson id>.toml``
(:mod:`buraco_learn.app.taskdata`) as a widget. Everything else a page needs comes from the
two calls: the navigation, the progress store and the stars (:class:`~buraco_learn.app.lessonkit.Page`),
the recap and "I've done this lesson", the wait for the learner to open a page run ahead
(:func:`~buraco_learn.app.lessonkit.page_opened`), and, under the tests, the lesson's checks.

The checks live with the tests, not in the learner's page: ``tests/lesson_checks/<lesson id>.py``,
run by :func:`run_checks` in the notebook's namespace when ``BURACO_LESSON_CHECKS`` names that folder
(the nbval run of ``tests/test_lessons.py`` sets it; the app never does).

>>> lesson = Lesson("turn")
>>> lesson.blocks
['turn', 'discard', 'check']
>>> widget = lesson.show("check")
>>> lesson["check"], lesson["check"].correct_choice(2), lesson.tasks
(Quiz(4 questions, 0 answered, score 0), 'Refused', 4)
>>> lesson.show("flying")
Traceback (most recent call last):
...
buraco_learn.app.taskdata.TaskDataError: tasks/turn.toml has no block [flying] (it has: turn, discard, check)
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Final

from buraco_learn import i18n
from buraco_learn.app import taskdata
from buraco_learn.app.lessonkit import Page, checking, page_opened
from buraco_learn.app.progress import ProgressStore

#: The folder of the lessons' checks (``<page id>.py``); set by the tests only.
CHECKS_ENV: Final = "BURACO_LESSON_CHECKS"


class Lesson(Page):
    """A lesson's :class:`~buraco_learn.app.lessonkit.Page` with the tasks its task file declares."""

    def __init__(self, lesson: str, store: ProgressStore | None = None) -> None:
        super().__init__(lesson, store)
        self._declared = taskdata.load(self.info.id, self.info.root)
        #: what :meth:`show` built, by block name (the exercise, quiz, card tasks or strategy tasks)
        self.shown: dict[str, Any] = {}

    def __repr__(self) -> str:
        return f"Lesson({self.info.id!r})"

    @property
    def blocks(self) -> list[str]:
        """The names of the blocks the task file declares, in its order."""
        return list(self._declared)

    def _block(self, block: str) -> taskdata.Block:
        if block not in self._declared:
            raise taskdata.TaskDataError(f"{taskdata.TASKS_FOLDER}/{self.info.id}.toml has no block [{block}] "
                                         f"(it has: {', '.join(self._declared) or 'no blocks'})")
        return self._declared[block]

    def declared_fields(self, block: str) -> dict[str, Any]:
        """The fields of ``block`` as the task file writes them (its cards and questions, before the engine's answers)."""
        return dict(self._block(block).fields)

    def declared(self, block: str) -> Any:
        """What ``block`` declares, built afresh and not shown: its questions, card steps, positions or exercise."""
        return self._block(block).build()

    def show(self, block: str) -> Any:
        """The block's widget, as the page shows it, its tasks counted for the stars (``lesson[block]`` is what
        drives it: the exercise, quiz, card tasks or strategy tasks). Built once: shown again, it is the same."""
        if block not in self.shown:
            self.shown[block] = taskdata.shown(self._block(block), self)
        return self.shown[block].widget

    @property
    def chooser(self) -> Any:
        """The page's ruleset chooser (made on first use), which blocks with ``follows_chooser`` follow."""
        if getattr(self, "_chooser", None) is None:
            from buraco_learn.app.lessonkit import RulesetChooser

            self._chooser = RulesetChooser()
        return self._chooser

    def __getitem__(self, block: str) -> Any:
        """What :meth:`show` built for ``block`` (the checks drive it)."""
        return self.shown[block]

    def recap(self) -> Any:
        """The lesson's three-line recap: the task file's ``recap`` if it has one (a teacher's new lesson),
        otherwise the course's (:mod:`buraco_learn.app.recaps`)."""
        lines = taskdata.recap_lines(self.info.id, self.info.root)
        if lines is None:
            return super().recap()
        from buraco_learn.app import parts
        from buraco_learn.app.pages import STYLE
        from buraco_learn.app.recaps import lines_html

        return parts.html(f"{STYLE}{lines_html(lines)}")

    def end(self) -> None:
        """The end of the page: the recap and the done button, the navigation, then the wait for the
        learner (in a kernel run ahead) and, under the tests, the lesson's checks."""
        _display(self.done_button(), self.nav())
        finish(self.info.id)


def begin(lesson: str, language: str = "en") -> Lesson:
    """The top of a lesson page: its :class:`Lesson`, with the navigation shown. ``language``: the page's
    (a copy of the lesson in ``lessons/it/`` says ``"it"``), in which everything the page shows is written."""
    i18n.set_language(language)
    page = Lesson(lesson)
    _display(page.nav())
    return page


def _display(*outputs: Any) -> None:
    """Show ``outputs`` in the notebook's page (outside a notebook, as when a lesson is measured, nothing)."""
    from IPython import get_ipython

    if get_ipython() is not None:
        from IPython.display import display

        display(*outputs)  # type: ignore[no-untyped-call]


def finish(page: str) -> None:
    """The last thing a page does: wait to be opened (:func:`~buraco_learn.app.lessonkit.page_opened`), then the
    page's checks when the tests ask for them (:func:`run_checks`)."""
    page_opened()
    run_checks(page)


def run_checks(page: str, namespace: dict[str, Any] | None = None) -> bool:
    """Run ``tests/lesson_checks/<page>.py`` in the notebook's namespace, when ``BURACO_LESSON_CHECKS`` names the
    folder and the page is not a learner's (:func:`~buraco_learn.app.lessonkit.checking`). Whether they ran."""
    folder = os.environ.get(CHECKS_ENV)
    if not folder or not checking():
        return False
    path = Path(folder) / f"{page}.py"
    if not path.is_file():
        raise FileNotFoundError(f"no checks for the page {page!r}: {path} is missing")
    if namespace is None:
        from IPython import get_ipython

        shell = get_ipython()
        namespace = shell.user_ns if shell is not None else {}
    import sys

    sys.path.insert(0, str(path.parent))  # what several pages check alike: ``_shared`` beside the pages' files
    try:
        exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), namespace)  # the tests' own code
    finally:
        sys.path.remove(str(path.parent))
    return True
