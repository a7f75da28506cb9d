"""What several pages' checks do alike (each page's own file says what is particular to it).

A page's checks import it as ``_shared``: :func:`buraco_learn.app.lesson.run_checks` puts this folder on the
path while they run. Each function asserts as it goes and returns True, so a page's file reads
``assert card_steps_solved(...)``.
"""

from __future__ import annotations

from typing import Any


def card_steps_solved(steps: Any) -> bool:
    """Every step of a ``cards`` block has a right answer the engine accepts, in a run of its own."""
    from buraco_learn.app import lessonkit as kit

    run = kit.CardTasks(steps, seed=11).run
    for _ in run.steps:
        assert run.check(list(run.solution_ids())) is True and run.stage == "right"
        if run.index + 1 < len(run.steps):
            run.next()
    assert run.finished
    return True


def coach_reviews_a_position(lesson: Any) -> bool:
    """A strategy lesson: a trap played is set back with the coach's better choice; a fresh variant, the
    coach's line passes it; on to the next position (the feedback in the page's language)."""
    tasks = lesson["positions"]
    assert len(tasks.spots) >= 5 and lesson.tasks == len(tasks.spots)
    trap = tasks.play_wrong()  # a move the lesson warns against: the coach's choice is clearly better
    assert tasks.attempt.result is False and lesson.mistakes == 1
    assert words("<strong>✘ Not the coach’s choice: you chose to {move}.</strong> {said}") in tasks.feedback.value
    assert tasks.reviewing and tasks.attempt.judged[-1].best.canonical() != trap.canonical()
    tasks.try_again()  # a fresh variant: the same idea in other suits
    assert tasks.attempt.number == 1 and tasks.attempt.result is None
    tasks.coach_line()
    assert tasks.attempt.result is True and tasks.passed[0]
    assert words("<strong>✔ The coach agrees.</strong> {said}") in tasks.feedback.value
    tasks.next_position()
    assert tasks.index == 1
    return True


def variant_plays_and_answers(lesson: Any, name: str, plays: tuple[str, ...], answers: list[str], italian_says: str) -> bool:
    """A variants lesson: each turn's marked line meets its goals; the comparison answers as Italian Burraco does
    (``italian_says``), and, each question under its own ruleset, gives the lesson's marked answers."""
    import html

    from buraco_learn.app import variants as v

    chooser = lesson.chooser
    for play in plays:
        exercise = lesson[play]
        for action in v.PLAYS[play].solution:
            exercise.play(action)
        assert all(met for _, met in exercise.goals()) and words("✔ Well done: every goal met.") in exercise.status.value
    assert html.escape(italian_says) in v.compare_html(name, chooser.rules)  # Italian Burraco answers otherwise
    for marked, answer in zip(v.MARKED[name], answers):  # each under its own ruleset
        chooser.select(marked.rules)
        assert f'class="variant-answer">{html.escape(answer)}<' in v.compare_html(name, chooser.rules)
    chooser.select("italian")
    return True


def variant_quiz_marks(lesson: Any, name: str, english: list[str], asked: int, wrong: str, document: str, right: str) -> list[str]:
    """A variants lesson's quiz: each question's right choice is the answer the lesson marks (in the page's language;
    ``english``: the marks as they read in English); question ``asked`` answered ``wrong`` shows the rule's
    ``document``, then, tried again, ``right`` passes (both English messages, said in the page's language).
    Returns the marks, for :func:`variant_plays_and_answers`."""
    from buraco_learn import i18n
    from buraco_learn.app import variants as v

    quiz = lesson["check"]
    marks = [marked.marked() for marked in v.MARKED[name]]
    if i18n.language() == "en":
        assert marks == english
    assert [quiz.correct_choice(i) for i in range(len(marks))] == marks
    assert quiz.answer(asked, i18n._(wrong)) is False and document in quiz.feedback_html(asked)
    quiz.retry(asked)
    assert quiz.answer(asked, i18n._(right)) is True
    return marks


def words(message: str) -> str:
    """The longest stretch of a catalogue message without a placeholder, in the page's language: what a check looks
    for in a text made from it (``words("✘ Not {guess}: the engine makes it {total}.")`` is ``": the engine makes it"``
    in English, stripped)."""
    import re

    from buraco_learn.i18n import _

    return max(re.split(r"\{[^}]*\}", _(message)), key=len).strip(" :;,.")
