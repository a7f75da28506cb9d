"""Lesson 17 (17_buraco_aberto.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

from _shared import variant_plays_and_answers, variant_quiz_marks

from buraco_learn.app import variants as v

ENGLISH = ['Not legal', 'Refused', 'Refused', '20']
MARKS = variant_quiz_marks(lesson, "aberto", ENGLISH, 2, "Allowed", "001", "Refused")
assert variant_plays_and_answers(lesson, "aberto", ('aberto-redraw', 'aberto-open-75'), MARKS, v.MARKED["aberto"][0].marked("italian"))
