"""Lesson 1 (01_cards_and_deal.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""
import html

from buraco_learn import preset
from buraco_learn.app import lessonkit as kit
from buraco_learn.app import views
from buraco_learn.i18n import _

RULES = preset("italian")
quiz = lesson["check"]
probe = kit.Quiz(lesson.declared("check"), rules="italian")
assert probe.correct_choice(0) == "108" and probe.correct_choice(3) == "41" and probe.correct_choice(4) == "22"  # 002 'Overview' and 'Setup'
assert all(probe.answer(i, probe.correct_choice(i)) for i in range(len(probe.questions)))
assert probe.score == len(probe.questions) and html.escape(_("✔ Right.")) in probe.feedback_html(0)
assert quiz.rules.name == "italian" and _("<strong>{n} cards</strong>: two decks of 52 and 4 jokers, so every card but the jokers is there twice.", n=108) in views.deck_html(RULES)
turns = [action for action in deal_replay.script.frames[-1].state.history if action.kind == "discard"]
assert len(turns) == RULES.players  # each player's first turn, to its discard
