"""Lesson 3 (03_wild_cards.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""
import html

from _shared import card_steps_solved, words

from buraco_learn.i18n import _

quiz = lesson["check"]
assert quiz.correct_choice(2) == _("Not legal")  # 002: three 2s are not a set
assert quiz.correct_choice(4) == _("Legal")       # 002: a natural 2 is not wild
assert "4♦" in swapping.run("5D")               # the wild moves to the lower end (002)
assert html.escape(words("A meld may hold at most one wild card; this one holds {count}: {cards}")) in adding.run("2H")

# every task of the lesson has a right answer the engine accepts; a wrong one deals a fresh hand
assert card_steps_solved(lesson.declared("cards"))
