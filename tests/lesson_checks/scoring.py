"""Lesson 9 (09_scoring.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""
import html

from _shared import words

from buraco_learn import preset
from buraco_learn.i18n import _

RULES = preset("italian")
quiz, scoring = lesson["check"], lesson["scoring"]
assert {side: score.total for side, score in example_scores.items()} == DOCUMENT_TOTALS and agree  # 002 'Scoring'
assert [quiz.correct_choice(i) for i in range(4)] == ["20", "45", "100", "15"]
right = {side: score.total for side, score in scoring.scores.items()}
wrong = {side: total + 5 for side, total in right.items()}
assert scoring.answer(wrong) is False and html.escape(words("✘ Not {guess}: the engine makes it {total}.")) in scoring.feedback.value
assert scoring.answer(right) is True and len(scoring.sheet.hands) == 1
assert scoring.sheet.totals == right
scoring.next_hand()
scoring.reveal()
assert len(scoring.sheet.hands) == 2 and html.escape(_("so far")) in scoring.feedback.value
assert RULES.target == 2005 and scoring.rules == RULES and len(scoring.inputs) == 2  # 002: two sides
