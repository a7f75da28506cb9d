"""Lesson 19 (19_cut_throat.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

from _shared import variant_plays_and_answers, variant_quiz_marks

from buraco_learn.app import variants as v

ENGLISH = ['Not legal', 'Not legal', 'dirty', '7', 'Refused']
MARKS = variant_quiz_marks(lesson, "cutthroat", ENGLISH, 0, "Legal", "004", "Not legal")
assert variant_plays_and_answers(lesson, "cutthroat", ('cutthroat-depth', 'cutthroat-add-anybody'), MARKS, v.MARKED["cutthroat"][0].marked("italian"))
