"""Lesson 10 (10_rulesets.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

from buraco_learn import PRESET_NAMES
from buraco_learn.app import pages

quiz = lesson["check"]
table = pages.rules_table_html()
assert all(f">{name}</th>" in table for name in PRESET_NAMES)
assert all(f'data-option="{option}"' in table for option in pages.differing_options())
assert 'data-option="burraco_length"' not in table  # every document agrees: seven cards
assert [quiz.correct_choice(i) for i in range(5)] == ["brazil-online", "aberto", "cutthroat", "italian", "cutthroat"]
