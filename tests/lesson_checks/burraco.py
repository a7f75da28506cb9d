"""Lesson 6 (06_burraco.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""
from buraco_learn import preset
from buraco_learn.app import positions as pos

burraco, quiz = lesson["burraco"], lesson["check"]
assert [quiz.correct_choice(i) for i in range(6)] == ["clean", "dirty", "dirty", "clean", "not a burraco", "200"]
assert "semi-clean" in pos.burraco_gallery_html(preset("italian"))  # 002's variant, shown beside
burraco.play("add m1 8H 2C")
assert "dirty burraco: 100 points" in burraco.status.value
burraco.play("discard KD")
assert "not every goal" in burraco.status.value
burraco.restart()
burraco.play("add m1 8H 9H")
burraco.play("discard KD")
assert "Well done" in burraco.status.value
