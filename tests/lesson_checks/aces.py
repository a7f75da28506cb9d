"""Lesson 4 (04_aces.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""
from _shared import card_steps_solved

from buraco_learn.i18n import _

quiz = lesson["check"]
assert quiz.correct_choice(2) == _("Not legal") and quiz.correct_choice(4) == _("Not legal")  # 002: no corner, one ace

# every task of the lesson has a right answer the engine accepts; a wrong one deals a fresh hand
assert card_steps_solved(lesson.declared("cards"))
