"""Lesson 8 (08_closing.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""
import html

from buraco_learn.i18n import _

closing, quiz = lesson["close"], lesson["check"]
assert [quiz.correct_choice(i) for i in range(4)] == [_("Allowed"), _("Refused"), _("Refused"), _("Refused")]
closing.play("add m1 9H")
try:
    closing.play("close 2C")
except Exception as error:
    assert _("you close by discarding your last card, and you hold {count}", count=2)[1:] in str(error)  # its first letter a capital
closing.play("add m2 2C")
closing.play("close 5D")
assert closing.state.over and html.escape(_("✔ Well done: every goal met.")) in closing.status.value
