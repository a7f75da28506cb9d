"""Lesson 19 (19_cut_throat.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

from buraco_learn.app import variants as v

quiz, chooser = lesson["check"], lesson.chooser
ANSWERS = ['Not legal', 'Not legal', 'dirty', '7', 'Refused']
assert [quiz.correct_choice(i) for i in range(5)] == ANSWERS
assert quiz.answer(0, 'Legal') is False and '004' in quiz.feedback_html(0)
quiz.retry(0)
assert quiz.answer(0, 'Not legal') is True
for play in ('cutthroat-depth', 'cutthroat-add-anybody'):
    exercise = lesson[play]
    for action in v.PLAYS[play].solution:
        exercise.play(action)
    assert all(met for _, met in exercise.goals()) and "Well done" in exercise.status.value
assert "Allowed" in v.compare_html('cutthroat', chooser.rules)  # Italian Burraco answers otherwise
for marked, answer in zip(v.MARKED['cutthroat'], ANSWERS):  # each under its own ruleset
    chooser.select(marked.rules)
    assert f'class="variant-answer">{answer}<' in v.compare_html('cutthroat', chooser.rules)
chooser.select("italian")
