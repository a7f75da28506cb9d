"""Lesson 7 (07_the_pot.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""
from buraco_learn import preset
from buraco_learn.app import positions as pos

pot, quiz = lesson["pot"], lesson["check"]
assert [quiz.correct_choice(i) for i in range(4)] == ["Allowed", "Refused", "Refused", "100"]
for action in ("meld 5H 6H 7H", "meld 9C 9D 9S", "pot"):
    pot.play(action)
assert pot.goals() == [("pick up the pozzetto directly", True), ("discard to end the turn", False)]
pot.play("discard " + pot.state.hand_cards(0)[0].notation())
assert "Well done" in pot.status.value
assert "+50" in pos.pot_cost_html(preset("italian"))  # the same side: 150 with its pot, 100 less without
