"""The template lesson's checks (docs/authoring.md): run at its lesson.end() by tests/test_lesson_template.py."""
quiz, table = lesson["check"], lesson["table"]
assert [quiz.correct_choice(i) for i in range(4)] == ["Legal", "Not legal", "200", "Allowed"]  # the engine's, under 002
assert quiz.answer(1, "Legal") is False  # a wrong answer: the right one and why are shown, and a retry
table.play("meld KS KD KC")
table.play("discard 4C")
assert all(met for _, met in table.goals()) and "Well done" in table.status.value
assert lesson.tasks == 3 + 1 + 4  # three card steps, one table, four questions
