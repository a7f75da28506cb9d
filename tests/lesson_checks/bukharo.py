"""Lesson 16 (16_bukharo.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

from _shared import variant_plays_and_answers

quiz = lesson["check"]
ANSWERS = ['Allowed', 'Allowed', 'Play another hand', 'Your side has won']
assert [quiz.correct_choice(i) for i in range(4)] == ANSWERS
assert quiz.answer(0, 'Refused') is False and '000' in quiz.feedback_html(0)
quiz.retry(0)
assert quiz.answer(0, 'Allowed') is True
assert variant_plays_and_answers(lesson, 'bukharo', ('bukharo-two-sets', 'bukharo-joker-moves'), ANSWERS, "Refused")
