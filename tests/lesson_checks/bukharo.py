"""Lesson 16 (16_bukharo.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

from _shared import variant_plays_and_answers

from buraco_learn import i18n
from buraco_learn.app import variants as v

quiz = lesson["check"]
MARKED = v.MARKED["bukharo"]
ANSWERS = [marked.marked() for marked in MARKED]  # the marks, in the page's language and the ruleset's words
if i18n.language() == "en":
    assert ANSWERS == ['Allowed', 'Allowed', 'Play another hand', 'Your side has won']
assert [quiz.correct_choice(i) for i in range(len(MARKED))] == ANSWERS
assert quiz.answer(0, i18n._("Refused")) is False and "000" in quiz.feedback_html(0)
quiz.retry(0)
assert quiz.answer(0, i18n._("Allowed")) is True
assert variant_plays_and_answers(lesson, "bukharo", ('bukharo-two-sets', 'bukharo-joker-moves'), ANSWERS, MARKED[0].marked("italian"))
