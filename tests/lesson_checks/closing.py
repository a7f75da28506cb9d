"""Lesson 8 (08_closing.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""
closing, quiz = lesson["close"], lesson["check"]
assert [quiz.correct_choice(i) for i in range(4)] == ["Allowed", "Refused", "Refused", "Refused"]
closing.play("add m1 9H")
try:
    closing.play("close 2C")
except Exception as error:
    assert "you hold 2" in str(error)
closing.play("add m2 2C")
closing.play("close 5D")
assert closing.state.over and "Well done" in closing.status.value
