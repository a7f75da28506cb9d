"""The app's HTML: the rulesets table generated from the presets, the landing page, the navigation, the views."""

from __future__ import annotations

import dataclasses
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from buraco_learn import PRESET_NAMES, check_meld, preset
from buraco_learn.app import views
from buraco_learn.app.catalogue import LessonInfo, discover, repository_lessons_dir
from buraco_learn.app.lessonmap import next_lesson
from buraco_learn.app.pages import (
    differing_options,
    documents_html,
    format_option,
    landing_html,
    nav_html,
    progress_text,
    rules_table_html,
)
from buraco_learn.app.progress import LessonProgress, QuizScore
from buraco_learn.presets import ruleset_name
from buraco_learn.rules import Rules
from buraco_learn.sources import DOCUMENTS

LESSONS = discover(repository_lessons_dir())


class TableReader(HTMLParser):
    """Reads ``table.buraco-rules`` into {row key: [cell texts]} (row key: data-option, or the header text)."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: dict[str, list[str]] = {}
        self.header: list[str] = []
        self._row: str | None = None
        self._cell: list[str] | None = None
        self._in_head = False
        self._cells: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "thead":
            self._in_head = True
        elif tag == "tr":
            self._row = found.get("data-option") or found.get("class") or ""
            self._cells = []
        elif tag == "td" or (tag == "th" and self._in_head):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "thead":
            self._in_head = False
        elif tag in ("td", "th") and self._cell is not None:
            self._cells.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            if self._in_head:
                self.header = self._cells
            else:
                self.rows[self._row] = self._cells
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def read_table(page: str) -> TableReader:
    reader = TableReader()
    reader.feed(page)
    return reader


# -- the rulesets table -----------------------------------------------------------------------
def test_every_cell_of_the_rulesets_table_is_the_presets_own_value() -> None:
    table = read_table(rules_table_html())
    assert table.header == ["rule", *(ruleset_name(preset(name)) for name in PRESET_NAMES)]  # players' names, not ids
    assert table.rows["document"] == [preset(name).source for name in PRESET_NAMES]
    options = differing_options()
    assert list(table.rows)[1:] == options
    for option in options:
        assert table.rows[option] == [format_option(getattr(preset(name), option), option) for name in PRESET_NAMES], option


def test_the_table_shows_exactly_the_options_the_presets_disagree_on() -> None:
    options = set(differing_options())
    for spec in dataclasses.fields(Rules):
        values = {repr(getattr(preset(name), spec.name)) for name in PRESET_NAMES}
        if spec.name in ("name", "base", "source"):
            continue
        assert (spec.name in options) == (len(values) > 1), spec.name
    # what the documents are known to disagree on (README's table of rulesets)
    assert {"sets", "jokers", "ace_to_ace", "target", "pot_sizes", "play_direction"} <= options


def test_a_chosen_subset_and_the_differs_marks() -> None:
    page = rules_table_html(["italian", "aberto", "cutthroat"], options=["sets", "max_set_cards"])
    table = read_table(page)
    assert table.rows["sets"] == ["yes", "no", "yes"] and table.rows["max_set_cards"] == ["no limit", "no limit", "4"]
    assert page.count('class="differs"') == 2
    with pytest.raises(ValueError, match="unknown rules option 'wilds'"):
        rules_table_html(options=["wilds"])


def test_each_preset_shows_its_document_and_its_recorded_choices() -> None:
    page = documents_html()
    for name in PRESET_NAMES:
        assert f'data-preset="{name}"' in page
        assert DOCUMENTS[preset(name).source].title in page
    assert "Choices where 002 is silent" in page and "Choices where 004 is silent or contradicts itself" in page


@pytest.mark.parametrize(("value", "text"), [(True, "yes"), (False, "no"), ((18, 11), "18 + 11"), ((), "none"), (3000, "3000")])
def test_format_option(value: object, text: str) -> None:
    assert format_option(value) == text


# -- landing page and navigation -----------------------------------------------------------------
def done(lesson: str, **quizzes: tuple[int, int, int, int]) -> LessonProgress:
    scores = {name: QuizScore(lesson, name, *values, 1, "2025-01-01T00:00:00+00:00") for name, values in quizzes.items()}
    return LessonProgress(lesson, "2025-01-01T00:00:00+00:00", scores)


def test_landing_lists_every_lesson_with_link_goal_and_progress() -> None:
    progress = {"cards": done("cards", check=(4, 4, 4, 4)), "melds": LessonProgress("melds", None, done("melds", check=(2, 6, 5, 6)).quizzes)}
    page = landing_html(LESSONS, progress)
    rows = re.findall(r'<tr class="lesson" data-lesson="([^"]+)">(.*?)</tr>', page)
    assert [lesson_id for lesson_id, _ in rows] == [lesson.id for lesson in LESSONS]
    for (_, row), lesson in zip(rows, LESSONS):
        assert f'href="{lesson.filename}"' in row and f">{lesson.number}<" in row
    by_id = dict(rows)
    assert "done · check 4/4" in by_id["cards"] and "lesson-done" in by_id["cards"]
    assert "check 2/6 (best 5/6)" in by_id["melds"] and "done" not in by_id["melds"]
    assert "not started" in by_id["aces"]
    assert "not started" in by_id["turn"]
    outline = LessonInfo(13, "later", "Later", "Goal.", "outline", Path("13_later.ipynb"))
    assert "outline: the interactive part is coming" in landing_html([*LESSONS, outline], {})
    assert f"1 of {len(LESSONS)} lessons done" in page and 'href="02_melds.ipynb">Continue with lesson 2' in page


def test_next_lesson_and_the_all_done_summary() -> None:
    assert next_lesson(LESSONS, {}) == LESSONS[0]
    everything = {lesson.id: done(lesson.id) for lesson in LESSONS}
    assert next_lesson(LESSONS, everything) is None
    assert f"You have done all {len(LESSONS)} lessons." in landing_html(LESSONS, everything)


def test_progress_text_of_an_outline_lesson_once_touched() -> None:
    outline = LessonInfo(13, "later", "Later", "Goal.", "outline", Path("13_later.ipynb"))
    assert progress_text(outline, None) == ("outline: the interactive part is coming", "lesson-outline")
    assert progress_text(outline, done(outline.id)) == ("done", "lesson-done")


def test_nav_links_home_and_to_the_neighbours() -> None:
    first, second, last = LESSONS[0], LESSONS[1], LESSONS[-1]
    page = nav_html(second, LESSONS)
    assert 'href="index.ipynb"' in page and f'href="{first.filename}"' in page and f'href="{LESSONS[2].filename}"' in page
    assert f"Beginner path · 2 of {sum(lesson.track == 'beginner' for lesson in LESSONS)}" in page
    assert 'rel="prev"' not in nav_html(first, LESSONS)
    assert 'rel="next"' not in nav_html(last, LESSONS)


# -- the lesson views ----------------------------------------------------------------------------
@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_view_renders_under_every_preset(name: str) -> None:
    rules = preset(name)
    for render in (views.deck_html, views.values_html, views.deal_html, views.add_swap_html):
        page = render(rules)
        assert f"<strong>{ruleset_name(preset(name))}</strong>" in page and "<svg" in page
    counts = views.deal_counts(rules)
    assert sum(counts.values()) == rules.deck_size
    assert f"{counts['stock']} cards</strong>" in views.deal_html(rules)


def test_the_deal_view_matches_002_and_the_documents_that_differ() -> None:
    italian = views.deal_html(preset("italian"))
    assert "41 cards</strong>" in italian and "dealer's left" in italian and "2 pots" in italian
    brazil = views.deal_html(preset("brazil-online"))
    assert "No card is turned up" in brazil and "dealer's right" in brazil
    assert "No pots" in views.deal_html(preset("cutthroat"))


def test_the_verdict_views_carry_the_engines_verdicts() -> None:
    rules = preset("aberto")
    examples = ["10S 10H 10D", "7H 8H 9H"]
    page = views.verdicts_html(rules, examples, ["Three tens"])
    for cards in examples:
        verdict = check_meld(cards, rules)
        assert ("buraco-verdict legal" if verdict.legal else "buraco-verdict illegal") in page
    assert "Three tens" in page and "001" in page


def test_the_swap_view_moves_the_wild_to_the_lower_end() -> None:
    page = views.add_swap_html(preset("italian"))
    assert "at most one wild card" in page and "stands for 4♦" in page


def test_lesson_info_label() -> None:
    info = LessonInfo(3, "wild-cards", "Wild cards", "Goal.", "ready", Path("03_wild_cards.ipynb"))
    assert info.label == "3 · Wild cards" and info.ready
