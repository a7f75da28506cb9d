"""Lesson 10 (10_rulesets.ipynb): the checks run at its lesson.end() under nbval (tests/test_lessons.py)."""

import html

from buraco_learn import PRESET_NAMES, i18n, preset
from buraco_learn.app import pages
from buraco_learn.presets import ruleset_name

quiz = lesson["check"]
table = pages.rules_table_html()
assert all(f">{html.escape(ruleset_name(preset(name)))}</th>" in table for name in PRESET_NAMES)  # as players name them
assert all(f'data-option="{option}"' in table for option in pages.differing_options())
assert 'data-option="burraco_length"' not in table  # every document agrees: seven cards
# the answers as players name the rulesets, in the page's language ("Buraco Brazil Online", "Brazilian open Buraco", ...)
assert [quiz.correct_choice(i) for i in range(5)] == [ruleset_name(preset(name)) for name in
                                                      ("brazil-online", "aberto", "cutthroat", "italian", "cutthroat")]
if i18n.language() != "en":  # the table's own words in the page's language; the rulesets' notes marked English
    assert ">rule document<" not in table and "Partners sit opposite" not in table
    documents = pages.documents_html()
    assert documents.count('lang="en"') == len(PRESET_NAMES) and "Partnership Burraco as a games portal" not in documents
