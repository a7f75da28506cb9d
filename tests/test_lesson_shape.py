"""Every lesson is tasks on the cards (issue 14): at most 120 words before its first task, at least five tasks.

The figure comes from :mod:`buraco_learn.app.lessonshape`, which runs each lesson in this process and
counts the tasks its exercises register with the page's stars (the count the stars use) and the words
of the markdown and the prose shown above the first of them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from buraco_learn.app.lessonshape import MAX_WORDS, MIN_TASKS, Shape, count_words, lesson_paths, measure, table

LESSONS = list(lesson_paths())

#: Lessons that do not keep the rule yet, with their counts when this was written; the list may only shrink
#: (each one is checked to fail still, so a lesson put right must leave it).
NOT_YET: set[str] = set()


def test_every_lesson_is_measured() -> None:
    assert [path.stem[:2] for path in LESSONS] == [f"{number:02d}" for number in range(1, len(LESSONS) + 1)]
    assert {path.stem for path in LESSONS} >= NOT_YET


@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path.stem)
def test_every_lesson_starts_with_a_task_soon_and_has_five(path: Path) -> None:
    shape = measure(path)
    if path.stem in NOT_YET:
        assert not shape.ok, f"{path.stem} keeps the rule now ({shape}): take it out of NOT_YET"
        return
    assert shape.words <= MAX_WORDS, f"{path.stem}: {shape.words} words before its first task (at most {MAX_WORDS})"
    assert shape.tasks >= MIN_TASKS, f"{path.stem}: {shape.tasks} tasks (at least {MIN_TASKS})"


def test_the_words_counted_are_the_readers_words(tmp_path: Path) -> None:
    assert count_words("**Goal:** Tell a set from a run · 7♥ 8♥ 9♥") == 10
    assert not Shape("x", MAX_WORDS + 1, MIN_TASKS).ok and not Shape("x", 0, MIN_TASKS - 1).ok
    assert Shape("x", MAX_WORDS, MIN_TASKS).ok


def test_the_measure_counts_markdown_and_prose_before_the_first_task_only(tmp_path: Path) -> None:
    """A small lesson: a title, an HTML output, the quiz (three tasks), then text after it that does not count."""
    import json

    def cell(kind: str, source: str) -> dict[str, object]:
        extra = {"outputs": [], "execution_count": None} if kind == "code" else {}
        return {"cell_type": kind, "metadata": {}, "source": source, **extra}

    cells = [
        cell("markdown", "# Lesson 2 · Melds\n\nOne two three."),
        cell("code", 'from buraco_learn.app import lessonkit as kit\npage = kit.Page("melds")\npage.nav()'),
        cell("code", 'from IPython.display import HTML\nHTML("<style>p {}</style><p>four five</p>")'),
        cell("code", 'quiz = kit.Quiz([kit.meld_question(c) for c in ("8C 8D 8S", "9C 10C", "3S 4S 5S")], page=page)\nquiz.widget'),
        cell("markdown", "Words after the first task are not counted at all."),
        cell("code", "# Checks run by the tests (nbval); the app skips them.\nraise AssertionError('not run')"),
    ]
    path = tmp_path / "02_tiny.ipynb"
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    shape = measure(path)
    assert (shape.words, shape.tasks) == (8, 3)  # "Lesson 2 Melds One two three" + "four five"
    assert "02_tiny" in table([shape]) and "FAILS" in table([shape])


def test_tasks_on_the_cards_count_one_per_step(tmp_path: Path) -> None:
    """Lessons 2 to 4 start with the hand picker (a ``cards`` block): each of its steps is a task of the stars."""
    import json

    from buraco_learn.app.taskdata import load

    steps = load("melds")["cards"].build()
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": "# Lesson 2 · Melds\n\nClick cards."},
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
         "source": 'from buraco_learn.app.lesson import begin\nlesson = begin("melds")\nlesson.show("cards")'},
    ]
    path = tmp_path / "02_cards.ipynb"
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    assert measure(path) == Shape("02_cards", 5, len(steps))  # "Lesson 2 Melds Click cards." and a task per step
