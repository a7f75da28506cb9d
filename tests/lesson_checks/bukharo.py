"""Lesson 16 (16_bukharo.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

from buraco_learn.app import variants as v

quiz, chooser = lesson["check"], lesson.chooser
ANSWERS = ['Allowed', 'Allowed', 'Play another hand', 'Your side has won']
assert [quiz.correct_choice(i) for i in range(4)] == ANSWERS
assert quiz.answer(0, 'Refused') is False and '000' in quiz.feedback_html(0)
quiz.retry(0)
assert quiz.answer(0, 'Allowed') is True
for play in ('bukharo-two-sets', 'bukharo-joker-moves'):
    exercise = lesson[play]
    for action in v.PLAYS[play].solution:
        exercise.play(action)
    assert all(met for _, met in exercise.goals()) and "Well done" in exercise.status.value
assert "Refused" in v.compare_html('bukharo', chooser.rules)  # Italian Burraco answers otherwise
for marked, answer in zip(v.MARKED['bukharo'], ANSWERS):  # each under its own ruleset
    chooser.select(marked.rules)
    assert f'class="variant-answer">{answer}<' in v.compare_html('bukharo', chooser.rules)
chooser.select("italian")
