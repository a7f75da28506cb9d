"""Lesson 2 (02_melds.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""
import html

from _shared import card_steps_solved, words

from buraco_learn.app import lessonkit as kit
from buraco_learn.cards import parse_cards
from buraco_learn.errors import InvalidNotationError
from buraco_learn.i18n import _

quiz = lesson["check"]
assert quiz.correct_choice(3) == _("Legal")  # 002: two identical cards count in a set
assert quiz.answer(2, _("Legal")) is False and html.escape(words("✘ Not quite: the answer is {answer} (you said {choice}). Here is why:")) in quiz.feedback_html(2)
tryout = kit.Tryout()
try:
    parse_cards("7D 6X")
except InvalidNotationError as error:  # the learner reads the engine's refusal, in the page's language
    refused = html.escape(str(error))
assert "legal" in tryout.run("7D 6D 5D") and "6X" in refused and refused in tryout.run("7D 6X")
assert lesson.tasks == len(lesson.declared("cards")) + len(lesson.declared("check"))

# every task of the lesson has a right answer the engine accepts; a wrong one deals a fresh hand
assert card_steps_solved(lesson.declared("cards"))
