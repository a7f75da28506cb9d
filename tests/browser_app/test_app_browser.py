"""The lesson app in headless Chromium: the landing page, every lesson, an exercise, progress across a restart."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from buraco_learn.app.catalogue import LessonInfo, discover, repository_lessons_dir

from .conftest import RENDER_MS, AppServer, Tab

pytestmark = pytest.mark.browser

LESSONS = discover(repository_lessons_dir())
InBrowser = Callable[[Callable[[Tab], Any]], Any]

ERROR_OUTPUT = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'


def assert_no_error_output(tab: Tab) -> None:
    page = tab.page
    body = page.inner_text("#rendered_cells")
    assert "There was an error when executing cell" not in body
    assert "Traceback" not in body and "Error:" not in body
    assert page.locator(ERROR_OUTPUT).count() == 0
    assert page.locator(".jp-CodeCell .jp-InputArea:visible, .jp-InputArea-editor:visible").count() == 0, "code is shown"
    assert not [error for error in tab.errors if "Failed to load resource" not in error and "fontawesome" not in error.lower()]


def landing_rows(tab: Tab) -> dict[str, str]:
    """Each lesson's stop on the landing page's map, by lesson id: its text (title, stars, state, goal)."""
    tab.page.wait_for_selector("ol.buraco-map li.lesson", timeout=RENDER_MS)  # a page executes every cell first; the server may be warming kernels
    rows = tab.page.locator("ol.buraco-map li.lesson")
    return {rows.nth(i).get_attribute("data-lesson") or "": rows.nth(i).inner_text() for i in range(rows.count())}


def test_the_landing_page_lists_every_lesson_with_its_goal(app: AppServer, in_browser: InBrowser) -> None:
    def check(tab: Tab) -> None:
        page = tab.open(app.url)
        assert page.url.endswith("/voila/render/index.ipynb")
        rows = landing_rows(tab)
        assert list(rows) == [lesson.id for lesson in LESSONS]
        for lesson in LESSONS:
            text = rows[lesson.id]
            assert str(lesson.number) in text and lesson.title in text and lesson.goal in text
            assert ("Next" if lesson == LESSONS[0] else "Not started") in text and "☆☆☆" in text
        links = page.locator("ol.buraco-map a.lesson-link")
        assert [links.nth(i).get_attribute("href") for i in range(links.count())] == [lesson.filename for lesson in LESSONS]
        assert f"0 of {len(LESSONS)} lessons done" in page.inner_text(".buraco-summary")
        assert_no_error_output(tab)

    in_browser(check)


#: What each lesson shows besides the text, by lesson number: (selector, at least how many).
QUIZ = (".widget-toggle-button", 2)          # the check: a button per answer
REPLAYER = (".bl-replayer", 1)               # a worked example replayed on the table
TABLE = (".bl-table:not(.bl-replayer)", 1)  # an exercise on the card table
CHOOSER = (".widget-dropdown select", 1)     # the ruleset chooser
EXPECTED: dict[int, tuple[tuple[str, int], ...]] = {
    # the beginner path (1-9 and 12) teaches Italian Burraco alone: no ruleset chooser
    1: (QUIZ, REPLAYER), 2: (QUIZ, REPLAYER), 3: (QUIZ, REPLAYER), 4: (QUIZ, REPLAYER),
    5: (QUIZ, REPLAYER, TABLE), 6: (QUIZ, REPLAYER, TABLE),
    7: (QUIZ, (".bl-replayer", 2), TABLE), 8: (QUIZ, REPLAYER, TABLE),
    9: (QUIZ, REPLAYER, (".bl-scores", 1), ("input[type=number]", 2)),
    10: (QUIZ, REPLAYER), 11: (CHOOSER, REPLAYER, (".bl-quiz", 1)), 12: (REPLAYER, ("button:has-text('Deal a new game')", 1)),
    # strategy: positions on the card table; variants: the card table, questions, and a chooser to compare with 002
    13: (TABLE,), 14: (TABLE,), 15: (TABLE,),
    16: (QUIZ, CHOOSER, TABLE), 17: (QUIZ, CHOOSER, TABLE), 18: (QUIZ, CHOOSER, TABLE), 19: (QUIZ, CHOOSER, TABLE),
}


def test_every_lesson_has_its_expectations() -> None:
    assert sorted(EXPECTED) == sorted(lesson.number for lesson in LESSONS)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.filename)
def test_each_lesson_renders_with_its_widgets_and_no_error(app: AppServer, lesson: LessonInfo, in_browser: InBrowser) -> None:
    def check(tab: Tab) -> None:
        page = tab.open(f"{app.url}voila/render/{lesson.filename}")
        assert page.title().startswith(lesson.label)
        page.locator("nav.buraco-nav").nth(1).wait_for(timeout=60_000)  # widgets render after the page shows
        assert page.locator("nav.buraco-nav").count() == 2
        track = [info.id for info in LESSONS if info.track == lesson.track]  # where it stands on its track
        where = f"{lesson.track_title} · {track.index(lesson.id) + 1} of {len(track)}"
        assert where in page.inner_text("nav.buraco-nav >> nth=0")
        assert lesson.goal in page.inner_text("#rendered_cells")
        page.get_by_role("button", name="I've done this lesson").wait_for(timeout=60_000)
        for selector, least in EXPECTED[lesson.number]:
            page.locator(selector).nth(least - 1).wait_for(state="attached", timeout=60_000)
            assert page.locator(selector).count() >= least, selector
        assert "Coming soon" not in page.inner_text("#rendered_cells")
        assert_no_error_output(tab)

    in_browser(check)


def test_an_exercise_answer_gets_feedback_and_the_ruleset_rerenders(app: AppServer, in_browser: InBrowser) -> None:
    def check(tab: Tab) -> None:
        # lesson 2 (the beginner path: Italian rules only): its "legal or not?" quiz answers, and a wrong answer
        # offers another question of the same point; the typing box refuses bad notation in words
        page = tab.open(f"{app.url}voila/render/02_melds.ipynb")
        page.get_by_role("button", name="Legal", exact=True).first.wait_for(timeout=60_000)
        page.get_by_role("button", name="Legal", exact=True).first.click()  # 8♣ 8♦ 8♠ under Italian rules: a legal set
        feedback = page.locator(".buraco-feedback[role=status]").first
        feedback.wait_for()
        assert "✔ Right." in feedback.inner_text()
        assert page.locator(".widget-dropdown select").count() == 0  # no ruleset chooser on the beginner path
        tryout = page.get_by_placeholder("e.g. 5C 6C 7C")
        tryout.fill("7D 6X")
        tryout.press("Enter")
        page.get_by_text("invalid card notation").wait_for()
        assert_no_error_output(tab)

        # lesson 16 (the variants track): the chooser re-renders the engine's answers under the ruleset chosen
        page = tab.open(f"{app.url}voila/render/16_bukharo.ipynb")
        select = page.locator(".widget-dropdown select").first
        select.wait_for(timeout=60_000)
        line = page.locator(".ruleset-line").first
        line.wait_for()
        assert "Under Italian Burraco" in line.inner_text() and "002" in line.inner_text()
        labels = [text.strip() for text in select.locator("option").all_inner_texts()]
        bukharo = next(label for label in labels if label.startswith("Bukharo"))
        select.select_option(label=bukharo)
        page.wait_for_function("""() => (document.querySelector('.ruleset-line') || {}).innerText?.includes("Under Bukharo")""")
        assert "000" in page.locator(".ruleset-line").first.inner_text()
        assert_no_error_output(tab)

    in_browser(check)


def test_progress_survives_a_restart_and_can_be_reset(fresh_app: AppServer, in_browser: InBrowser) -> None:
    def finish_lesson_one(tab: Tab) -> None:
        page = tab.open(f"{fresh_app.url}voila/render/01_cards_and_deal.ipynb")
        done = page.get_by_role("button", name="I've done this lesson")
        done.wait_for(timeout=60_000)
        page.locator('button[title^="Question 1:"]').first.wait_for()
        questions = int(page.evaluate("""() => new Set(Array.from(document.querySelectorAll('button[title^="Question "]'),
                                                            b => b.title.split(':')[0])).size"""))
        for question in range(1, questions + 1):  # answer every question of the closing check (any answer)
            page.locator(f'button[title^="Question {question}:"]').first.click()
        page.get_by_text(re.compile(rf"You got \d of {questions} right")).wait_for()
        done.click()
        page.get_by_text("Done on").wait_for()
        page.get_by_role("link", name="⌂ All lessons").first.click()
        page.wait_for_url("**/voila/render/index.ipynb")
        rows = landing_rows(tab)
        assert "✔ Done" in rows["cards"] and re.search("★", rows["cards"]), rows["cards"]
        assert_no_error_output(tab)

    in_browser(finish_lesson_one)
    fresh_app.restart()

    def after_restart(tab: Tab) -> None:
        tab.open(fresh_app.url)
        rows = landing_rows(tab)
        assert "✔ Done" in rows["cards"] and "★" in rows["cards"], rows["cards"]
        assert f"1 of {len(LESSONS)} lessons done" in tab.page.inner_text(".buraco-summary")
        assert "Next: lesson 2 — Melds: sets and runs" in tab.page.inner_text("a.buraco-next")
        tab.page.locator(".widget-dropdown select").select_option(label=LESSONS[0].label)
        tab.page.get_by_role("button", name="Reset this lesson").click()
        tab.page.get_by_text("Forgot lesson 1").wait_for()
        assert "✔ Done" not in landing_rows(tab)["cards"] and "Next" in landing_rows(tab)["cards"]
        assert_no_error_output(tab)

    in_browser(after_restart)
