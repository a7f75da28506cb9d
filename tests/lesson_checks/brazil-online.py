"""Lesson 18 (18_brazil_online.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

from buraco_learn.app import variants as v

quiz, chooser = lesson["check"], lesson.chooser
ANSWERS = ['A morto becomes the stock', 'ace-to-ace', '104', 'The whole pile', 'Only its top card', 'Refused', 'Not legal']
assert [quiz.correct_choice(i) for i in range(7)] == ANSWERS
assert quiz.answer(5, 'Allowed') is False and '003' in quiz.feedback_html(5)
quiz.retry(5)
assert quiz.answer(5, 'Refused') is True
for play in ('brazil-go-out-melding', 'fechado-top-card'):
    exercise = lesson[play]
    for action in v.PLAYS[play].solution:
        exercise.play(action)
    assert all(met for _, met in exercise.goals()) and "Well done" in exercise.status.value
assert "The hand ends after your turn" in v.compare_html('brazil-online', chooser.rules)  # Italian Burraco answers otherwise
for marked, answer in zip(v.MARKED['brazil-online'], ANSWERS):  # each under its own ruleset
    chooser.select(marked.rules)
    assert f'class="variant-answer">{answer}<' in v.compare_html('brazil-online', chooser.rules)
chooser.select("italian")
