"""Lesson 17 (17_buraco_aberto.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

from buraco_learn.app import variants as v

quiz, chooser = lesson["check"], lesson.chooser
ANSWERS = ['Not legal', 'Refused', 'Refused', '20']
assert [quiz.correct_choice(i) for i in range(4)] == ANSWERS
assert quiz.answer(2, 'Allowed') is False and '001' in quiz.feedback_html(2)
quiz.retry(2)
assert quiz.answer(2, 'Refused') is True
for play in ('aberto-redraw', 'aberto-open-75'):
    exercise = lesson[play]
    for action in v.PLAYS[play].solution:
        exercise.play(action)
    assert all(met for _, met in exercise.goals()) and "Well done" in exercise.status.value
assert "Legal" in v.compare_html('aberto', chooser.rules)  # Italian Burraco answers otherwise
for marked, answer in zip(v.MARKED['aberto'], ANSWERS):  # each under its own ruleset
    chooser.select(marked.rules)
    assert f'class="variant-answer">{answer}<' in v.compare_html('aberto', chooser.rules)
chooser.select("italian")
