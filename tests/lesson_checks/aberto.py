"""Lesson 17 (17_buraco_aberto.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

from _shared import variant_plays_and_answers

from buraco_learn import i18n
from buraco_learn.app import variants as v

quiz = lesson["check"]
MARKED = v.MARKED["aberto"]
ANSWERS = [marked.marked() for marked in MARKED]  # the marks, in the page's language and the ruleset's words
if i18n.language() == "en":
    assert ANSWERS == ['Not legal', 'Refused', 'Refused', '20']
assert [quiz.correct_choice(i) for i in range(len(MARKED))] == ANSWERS
assert quiz.answer(2, i18n._("Allowed")) is False and "001" in quiz.feedback_html(2)
quiz.retry(2)
assert quiz.answer(2, i18n._("Refused")) is True
assert variant_plays_and_answers(lesson, "aberto", ('aberto-redraw', 'aberto-open-75'), ANSWERS, MARKED[0].marked("italian"))
