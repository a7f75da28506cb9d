"""Lesson 4 (04_aces.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""
from buraco_learn.app import lessonkit as kit

quiz = lesson["check"]
assert quiz.correct_choice(2) == "Not legal" and quiz.correct_choice(4) == "Not legal"  # 002: no corner, one ace

# every task of the lesson has a right answer the engine accepts; a wrong one deals a fresh hand
run = kit.CardTasks(lesson.declared("cards"), seed=11).run
for _ in run.steps:
    assert run.check(list(run.solution_ids())) is True and run.stage == "right"
    if run.index + 1 < len(run.steps):
        run.next()
assert run.finished
