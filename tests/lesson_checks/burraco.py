"""Lesson 6 (06_burraco.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""
import html

from _shared import words

from buraco_learn import preset
from buraco_learn.app import positions as pos
from buraco_learn.i18n import _, language
from buraco_learn.problems import _BURRACOS
from buraco_learn.ui.table_view import meld_name

burraco, quiz = lesson["burraco"], lesson["check"]
assert [quiz.correct_choice(i) for i in range(6)] == [_("clean"), _("dirty"), _("dirty"), _("clean"), _("not a burraco"), "200"]
assert words("semi-clean burraco {cards}") in pos.burraco_gallery_html(preset("italian"))  # 002's variant, shown beside
burraco.play("add m1 8H 2C")
assert ("dirty burraco: 100 points" if language() == "en" else
        _("your {name} (meld {number}) is {burraco}: {points} points", name=meld_name(burraco.state.side_melds(0)[0].meld), number=burraco.state.side_melds(0)[0].id,
          burraco=_(_BURRACOS[("dirty", "burraco")]), points=100)[1:]) in html.unescape(burraco.status.value)
burraco.play("discard KD")
assert words("✘ Your turn is over, but not every goal was met (missing: {missed}).") in html.unescape(burraco.status.value)
burraco.restart()
burraco.play("add m1 8H 9H")
burraco.play("discard KD")
assert html.escape(_("✔ Well done: every goal met.")) in burraco.status.value
