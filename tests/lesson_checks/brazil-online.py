"""Lesson 18 (18_brazil_online.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

from _shared import variant_plays_and_answers

quiz = lesson["check"]
ANSWERS = ['A morto becomes the stock', 'ace-to-ace', '104', 'The whole pile', 'Only its top card', 'Refused', 'Not legal']
assert [quiz.correct_choice(i) for i in range(7)] == ANSWERS
assert quiz.answer(5, 'Allowed') is False and '003' in quiz.feedback_html(5)
quiz.retry(5)
assert quiz.answer(5, 'Refused') is True
assert variant_plays_and_answers(lesson, 'brazil-online', ('brazil-go-out-melding', 'fechado-top-card'), ANSWERS, "The hand ends after your turn")
