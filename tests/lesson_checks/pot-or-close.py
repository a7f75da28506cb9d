"""Lesson 15 (15_pot_or_close.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

tasks = lesson["positions"]
assert len(tasks.spots) >= 5 and lesson.tasks == len(tasks.spots)
trap = tasks.play_wrong()  # a move the lesson warns against: the coach's choice is clearly better
assert tasks.attempt.result is False and lesson.mistakes == 1 and "Not the coach" in tasks.feedback.value
assert tasks.reviewing and tasks.attempt.judged[-1].best.canonical() != trap.canonical()
tasks.try_again()  # a fresh variant: the same idea in other suits
assert tasks.attempt.number == 1 and tasks.attempt.result is None
tasks.coach_line()
assert tasks.attempt.result is True and tasks.passed[0] and "The coach agrees" in tasks.feedback.value
tasks.next_position()
assert tasks.index == 1
