"""Lesson 18 (18_brazil_online.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

from _shared import variant_plays_and_answers

from buraco_learn import i18n
from buraco_learn.app import variants as v

quiz = lesson["check"]
MARKED = v.MARKED["brazil-online"]
ANSWERS = [marked.marked() for marked in MARKED]  # the marks, in the page's language and the ruleset's words
if i18n.language() == "en":
    assert ANSWERS == ['A morto becomes the stock', 'ace-to-ace', '104', 'The whole pile', 'Only its top card', 'Refused',
               'Not legal']
assert [quiz.correct_choice(i) for i in range(len(MARKED))] == ANSWERS
assert quiz.answer(5, i18n._("Allowed")) is False and "003" in quiz.feedback_html(5)
quiz.retry(5)
assert quiz.answer(5, i18n._("Refused")) is True
assert variant_plays_and_answers(lesson, "brazil-online", ('brazil-go-out-melding', 'fechado-top-card'), ANSWERS, MARKED[0].marked("italian"))
