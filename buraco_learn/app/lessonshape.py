"""The shape of a lesson (issue 14): the words a learner reads before the first task, and the tasks.

The rule, after lichess Learn: *at most* :data:`MAX_WORDS` *words before the first task, and at
least* :data:`MIN_TASKS` *tasks*. ``python -m buraco_learn.app.lessonshape`` prints the figure for
every lesson; ``tests/test_lesson_shape.py`` holds the lessons to it.

How it is measured, by running the lesson as the app does (every code cell but the tests'
check cell, in this process, with the learner's data in a temporary directory):

- **A task** is what the lesson's exercises register with the page's stars
  (:meth:`~buraco_learn.app.lessonkit.Page.task`): a quiz question, a task on the cards (the hand picker
  of :class:`~buraco_learn.app.lessonkit.CardTasks`: one per step), a turn on the card table, a hand
  to score, a round of the meld quiz, the guided hand, a hand played to the end. So the count is
  the one the stars use (:attr:`~buraco_learn.app.lessonkit.Page.tasks`), never a guess from the code.
- **The first task** is shown by the first code cell after which the page has a task.
- **The words before it** are those of every markdown cell above that cell (the title and the
  goal included), plus the prose the cells above it show: the text of their HTML outputs (an HTML
  widget, inside boxes too, or an HTML display object: a table of verdicts, the rules table), with
  styles and tags dropped. Not counted: the navigation bar (links, not reading) and the widgets that
  are a board to look at (the replayer, the card table), whose words are step-by-step captions.
  A word is a run of non-space characters holding a letter or a digit ("7♥" is one word, "·" none).

Pure at import: Jupyter is imported only when a lesson runs.

>>> count_words("**Goal:** Tell a set from a run · 7♥ 8♥ 9♥")
10
>>> text_of_html('<style>p {color: red}</style><p>Three <b>tens</b></p>').split()
['Three', 'tens']
"""

from __future__ import annotations

import ast
import json
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

#: The most words a learner reads before a lesson's first task.
MAX_WORDS: Final = 120
#: The fewest tasks a lesson has.
MIN_TASKS: Final = 5

_WORD = re.compile(r"\S*[^\W_]\S*")
_CHECKS = "# Checks run by the tests"


def count_words(text: str) -> int:
    """The words of ``text``: runs of non-space characters holding a letter or a digit."""
    return len(_WORD.findall(text))


def text_of_html(markup: str) -> str:
    """The visible text of ``markup``: styles and tags dropped."""
    markup = re.sub(r"<(style|script)\b.*?</\1>", " ", markup, flags=re.S | re.I)
    return re.sub(r"<[^>]+>", " ", markup)


@dataclass(frozen=True)
class Shape:
    """One lesson's shape: the words before its first task, its tasks, and whether it keeps the rule."""

    lesson: str
    words: int
    tasks: int

    @property
    def ok(self) -> bool:
        return self.words <= MAX_WORDS and self.tasks >= MIN_TASKS


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _shown_words(value: Any) -> int:
    """The words of the prose a cell's output shows (see the module)."""
    from buraco_learn.app.lessonkit import NavBar

    if value is None or isinstance(value, NavBar):
        return 0
    if hasattr(value, "_repr_html_") and isinstance(getattr(value, "data", None), str):  # IPython's HTML
        return count_words(text_of_html(value.data))
    words = 0
    if type(value).__name__ in ("HTML", "HTMLMath") and isinstance(getattr(value, "value", None), str):
        words += count_words(text_of_html(value.value))
    for child in getattr(value, "children", ()) or ():
        words += _shown_words(child)
    return words


def measure(path: Path) -> Shape:
    """Run the lesson at ``path`` (not its check cell) and measure it."""
    from buraco_learn.app import lessonkit as kit
    from buraco_learn.app.progress import DATA_ENV

    notebook = json.loads(path.read_text(encoding="utf-8"))
    namespace: dict[str, Any] = {"__name__": f"lesson_{path.stem}"}
    words, first_found = 0, False
    before = os.environ.get(DATA_ENV)
    with tempfile.TemporaryDirectory() as data:
        os.environ[DATA_ENV] = data
        try:
            for cell in notebook["cells"]:
                source = _source(cell)
                if cell["cell_type"] == "markdown":
                    words += 0 if first_found else count_words(source)
                    continue
                if cell["cell_type"] != "code" or source.startswith(_CHECKS):
                    continue
                tree = ast.parse(source)
                final = tree.body[-1] if tree.body else None
                if isinstance(final, ast.Expr):  # what the cell shows, as Voila would
                    tree.body.pop()
                exec(compile(tree, str(path), "exec"), namespace)  # the lesson's own code
                value = None
                if isinstance(final, ast.Expr):
                    value = eval(compile(ast.Expression(final.value), str(path), "eval"), namespace)
                pages = [item for item in namespace.values() if isinstance(item, kit.Page)]
                if not first_found and any(page.tasks for page in pages):
                    first_found = True
                elif not first_found:
                    words += _shown_words(value)
        finally:
            kit._ON_OPENED.clear()
            if before is None:
                os.environ.pop(DATA_ENV, None)
            else:
                os.environ[DATA_ENV] = before
    tasks = sum(item.tasks for item in {id(v): v for v in namespace.values() if isinstance(v, kit.Page)}.values())
    return Shape(path.stem, words, tasks)


def lesson_paths(directory: Path | None = None) -> Iterator[Path]:
    """The numbered lessons' notebooks (``01_*.ipynb`` ...), in order."""
    from buraco_learn.app.catalogue import repository_lessons_dir

    folder = directory or repository_lessons_dir()
    yield from sorted(path for path in folder.glob("[0-9][0-9]_*.ipynb"))


def table(shapes: list[Shape]) -> str:
    """The figure: lesson, words before the first task, tasks, and whether it keeps the rule."""
    rows = [f"{'lesson':<24} {'words before task':>17} {'tasks':>5}  rule"]
    for shape in shapes:
        rows.append(f"{shape.lesson:<24} {shape.words:>17} {shape.tasks:>5}  {'ok' if shape.ok else 'FAILS'}")
    rows.append(f"(at most {MAX_WORDS} words before the first task, at least {MIN_TASKS} tasks)")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    paths = [Path(arg) for arg in args] or list(lesson_paths())
    print(table([measure(path) for path in paths]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
