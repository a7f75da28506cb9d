"""Lesson 10 (10_rulesets.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

from buraco_learn import PRESET_NAMES, preset
from buraco_learn.app import pages
from buraco_learn.presets import ruleset_name

quiz = lesson["check"]
table = pages.rules_table_html()
assert all(f">{ruleset_name(preset(name))}</th>" in table for name in PRESET_NAMES)  # as players name them
assert all(f'data-option="{option}"' in table for option in pages.differing_options())
assert 'data-option="burraco_length"' not in table  # every document agrees: seven cards
assert [quiz.correct_choice(i) for i in range(5)] == ["Buraco Brazil Online", "Brazilian open Buraco", "Cut-throat Buraco", "Italian Burraco", "Cut-throat Buraco"]
