"""Lesson 5 (05_a_turn.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""
from buraco_learn import preset
from buraco_learn.app import positions as pos

turn, quiz = lesson["turn"], lesson["check"]
assert [quiz.correct_choice(i) for i in range(4)] == ["Allowed", "Allowed", "Refused", "Allowed"]
assert quiz.answer(2, "Allowed") is False and "drawn already" in quiz.feedback_html(2)
for action in ("take", "meld QS QD QC", "add m1 8H 9H", "discard 5C"):
    turn.play(action)
assert all(met for _, met in turn.goals()) and "Well done" in turn.status.value
turn.restart()
assert not any(met for _, met in turn.goals())
assert "Refused" in pos.trials_html(pos.TURN_TRIALS, preset("italian"))
