"""Lesson 16 (16_bukharo.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

from _shared import variant_plays_and_answers, variant_quiz_marks

from buraco_learn.app import variants as v

ENGLISH = ['Allowed', 'Allowed', 'Play another hand', 'Your side has won']
MARKS = variant_quiz_marks(lesson, "bukharo", ENGLISH, 0, "Refused", "000", "Allowed")
assert variant_plays_and_answers(lesson, "bukharo", ('bukharo-two-sets', 'bukharo-joker-moves'), MARKS, v.MARKED["bukharo"][0].marked("italian"))
