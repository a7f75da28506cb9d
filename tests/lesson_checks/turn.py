"""Lesson 5 (05_a_turn.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""
import html

from _shared import words

from buraco_learn import preset
from buraco_learn.app import lessonkit as kit
from buraco_learn.app import positions as pos
from buraco_learn.i18n import _

turn, quiz = lesson["turn"], lesson["check"]
assert [quiz.correct_choice(i) for i in range(4)] == [_("Allowed"), _("Allowed"), _("Refused"), _("Allowed")]
assert quiz.answer(2, _("Allowed")) is False and html.escape(_("you have drawn already; now meld, add or discard")[1:]) in quiz.feedback_html(2)
for action in ("take", "meld QS QD QC", "add m1 8H 9H", "discard 5C"):
    turn.play(action)
assert all(met for _, met in turn.goals()) and html.escape(_("✔ Well done: every goal met.")) in turn.status.value
turn.restart()
assert not any(met for _, met in turn.goals())
assert words("<strong>✘ Refused:</strong> {why}") in pos.trials_html(pos.TURN_TRIALS, preset("italian"))

# which card may you not discard: the engine refuses exactly one card of each hand; a wrong pick is refused with a reason
run = kit.CardTasks(lesson.declared("discard"), seed=7).run
for _step in run.steps:
    scene = run.task.scene
    assert scene is not None and len(scene.refused(run.task.rules)) == 1
    wrong = next(card_id for card_id in run.hand_ids() if card_id not in run.solution_ids())
    assert run.check([wrong]) is False and "(002 " in run.feedback["text"] and words("The card you may not discard is the {card}. {reason}") in run.feedback["text"]
    run.another()
    assert run.check(list(run.solution_ids())) is True and run.stage == "right" and "(002 " in run.feedback["text"]
    if run.index + 1 < len(run.steps):
        run.next()
assert run.finished
