"""Lesson 18 (18_brazil_online.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

from _shared import variant_plays_and_answers, variant_quiz_marks

from buraco_learn.app import variants as v

ENGLISH = ['A morto becomes the stock', 'ace-to-ace', '104', 'The whole pile', 'Only its top card', 'Refused',
           'Not legal']
MARKS = variant_quiz_marks(lesson, "brazil-online", ENGLISH, 5, "Allowed", "003", "Refused")
assert variant_plays_and_answers(lesson, "brazil-online", ('brazil-go-out-melding', 'fechado-top-card'), MARKS, v.MARKED["brazil-online"][0].marked("italian"))
