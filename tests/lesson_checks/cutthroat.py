"""Lesson 19 (19_cut_throat.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

from _shared import variant_plays_and_answers

quiz = lesson["check"]
ANSWERS = ['Not legal', 'Not legal', 'dirty', '7', 'Refused']
assert [quiz.correct_choice(i) for i in range(5)] == ANSWERS
assert quiz.answer(0, 'Legal') is False and '004' in quiz.feedback_html(0)
quiz.retry(0)
assert quiz.answer(0, 'Not legal') is True
assert variant_plays_and_answers(lesson, 'cutthroat', ('cutthroat-depth', 'cutthroat-add-anybody'), ANSWERS, "Allowed")
