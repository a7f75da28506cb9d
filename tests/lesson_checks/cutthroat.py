"""Lesson 19 (19_cut_throat.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

from _shared import variant_plays_and_answers

from buraco_learn import i18n
from buraco_learn.app import variants as v

quiz = lesson["check"]
MARKED = v.MARKED["cutthroat"]
ANSWERS = [marked.marked() for marked in MARKED]  # the marks, in the page's language and the ruleset's words
if i18n.language() == "en":
    assert ANSWERS == ['Not legal', 'Not legal', 'dirty', '7', 'Refused']
assert [quiz.correct_choice(i) for i in range(len(MARKED))] == ANSWERS
assert quiz.answer(0, i18n._("Legal")) is False and "004" in quiz.feedback_html(0)
quiz.retry(0)
assert quiz.answer(0, i18n._("Not legal")) is True
assert variant_plays_and_answers(lesson, "cutthroat", ('cutthroat-depth', 'cutthroat-add-anybody'), ANSWERS, MARKED[0].marked("italian"))
