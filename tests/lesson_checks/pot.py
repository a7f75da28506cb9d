"""Lesson 7 (07_the_pot.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""
import html

from buraco_learn import preset
from buraco_learn.app import positions as pos
from buraco_learn.i18n import _

pot, quiz = lesson["pot"], lesson["check"]
assert [quiz.correct_choice(i) for i in range(4)] == [_("Allowed"), _("Refused"), _("Refused"), "100"]
for action in ("meld 5H 6H 7H", "meld 9C 9D 9S", "pot"):
    pot.play(action)
assert pot.goals() == [(_("pick up the pozzetto directly"), True), (_("discard to end the turn"), False)]
pot.play("discard " + pot.state.hand_cards(0)[0].notation())
assert html.escape(_("✔ Well done: every goal met.")) in pot.status.value
assert "+50" in pos.pot_cost_html(preset("italian"))  # the same side: 150 with its pot, 100 less without
