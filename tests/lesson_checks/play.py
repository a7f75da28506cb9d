"""Lesson 12 (12_play_the_coach.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

import contextlib

from buraco_learn.app.guided import STEPS
from buraco_learn.i18n import _

guided, quiz, room = lesson["guided"], lesson["check"], lesson["game"]
assert quiz.quiz == "before your hand"
assert [quiz.correct_choice(i) for i in range(3)] == [_("Refused"), _("Refused"), _("Allowed")]  # 002, in the page's language
guided.table.autoplay = False
with contextlib.suppress(Exception):
    guided.play("take")  # not the step: refused, the hand unchanged
assert guided.state.history == [] and guided.game.missed_steps == {1}
for step in STEPS:
    guided.advance()
    guided.play(step.action)
guided.advance()
assert guided.state.over and guided.recorded and "guided hand" in lesson.store.lesson("play").quizzes
table = room.new_game(seed=5)
table.advance()
table.draw()
table.discard(table.hand_order[-1])
table.advance()
saved = lesson.store.load_game(room.slot)
assert saved is not None and len(saved["hand"]["actions"]) == len(table.state.history)
resumed = room.resume()
assert resumed.state.history == table.state.history and resumed is room.table
while not room.table.state.over:  # play to the end: draw and discard the last card
    room.table.advance()
    if room.table.state.over:
        break
    room.table.draw()
    if not room.table.state.over:
        room.table.discard(room.table.hand_order[-1])
assert room.table.state.over and room.replay_button.layout.display == ""
assert room.show_replay() is not None
assert "hands won" in lesson.store.lesson("play").quizzes
