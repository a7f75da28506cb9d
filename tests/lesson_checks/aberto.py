"""Lesson 17 (17_buraco_aberto.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

from _shared import variant_plays_and_answers

quiz = lesson["check"]
ANSWERS = ['Not legal', 'Refused', 'Refused', '20']
assert [quiz.correct_choice(i) for i in range(4)] == ANSWERS
assert quiz.answer(2, 'Allowed') is False and '001' in quiz.feedback_html(2)
quiz.retry(2)
assert quiz.answer(2, 'Refused') is True
assert variant_plays_and_answers(lesson, 'aberto', ('aberto-redraw', 'aberto-open-75'), ANSWERS, "Legal")
