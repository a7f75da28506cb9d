"""Stars and the map, as a learner meets them (issue 14), in headless Chromium against ``buraco-learn serve``.

The learner opens lesson 1, answers its first
question wrong (the reason and the right answer are shown), tries again and answers it
right, answers the others right, reads the recap and marks the lesson done: one mistake,
so the rule gives 2 stars. Back on the landing page, the map shows lesson 1 done with
those stars and "Next" points to lesson 2. (Lesson 1's tasks are all questions with buttons;
the tasks on the cards of lessons 2 to 4 have their own journey, ``test_journey_cards.py``.) No page shows error text or notation, and the
map and the recap read without overlap on a desktop (1366x900) and a phone (390x844);
screenshots of both go to ``$BURACO_SCREENSHOTS`` (default: the test's temp directory).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from buraco_learn import preset
from buraco_learn.app import views
from buraco_learn.app.catalogue import discover, repository_lessons_dir
from buraco_learn.app.progress import DB_NAME, ProgressStore
from buraco_learn.app.recaps import RECAPS
from buraco_learn.app.stars import stars_for, stars_label

from .conftest import AppServer, Tab
from .test_app_browser import assert_no_error_output, landing_rows

pytestmark = pytest.mark.browser

InBrowser = Callable[[Callable[[Tab], Any]], Any]
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
LESSONS = discover(repository_lessons_dir())
#: what a newcomer must never read on the map or the recap: card or action notation, option names, paths, errors
NOTATION = re.compile(r"\b(?:10|[2-9AJQKT])[SHDC]\b|\bJK\b|\b[a-z]+_[a-z_]+\b|\.ipynb|\.py\b|/\w+/|Traceback|Error\b")
#: the boxes of a map's stop (or the end of a lesson) that must not overlap nor leave the screen
OVERLAPS = """(selectors) => {
    const problems = [];
    const width = document.documentElement.clientWidth;
    const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    for (const [scope, parts] of selectors) {
        for (const root of document.querySelectorAll(scope)) {
            const boxes = parts.map((part) => [part, root.querySelector(part)]).filter(([, el]) => el)
                               .map(([part, el]) => [part, el.getBoundingClientRect()]);
            for (const [part, box] of boxes) {
                if (box.right > width + 1 || box.left < -1) problems.push(`${part} leaves the screen (${box.left}-${box.right} of ${width})`);
            }
            for (let i = 0; i < boxes.length; i++)
                for (let j = i + 1; j < boxes.length; j++)
                    if (hit(boxes[i][1], boxes[j][1])) problems.push(`${boxes[i][0]} overlaps ${boxes[j][0]} in ${root.dataset.lesson || scope}`);
        }
    }
    return problems;
}"""
MAP_PARTS = [["ol.buraco-map li.lesson", [".map-stop", ".lesson-link", ".map-state", ".goal"]]]
END_PARTS = [[".buraco-recap", ["h3", "ul"]]]


def shots_dir(tmp_path: Path) -> Path:
    where = Path(os.environ.get("BURACO_SCREENSHOTS") or tmp_path / "screenshots")
    where.mkdir(parents=True, exist_ok=True)
    return where


def lesson_one_answers() -> list[str]:
    """The right answers of lesson 1's questions, by the engine (Italian rules): the deck, its wild cards,
    a hand, the stock after the deal, the pots."""
    rules = preset("italian")
    counts = views.deal_counts(rules)
    return [str(n) for n in (rules.deck_size, views.wild_count(rules), rules.hand_size, counts["stock"], counts["pots"])]


def visible_words(page: Any, selector: str) -> str:
    return str(page.inner_text(selector))


def assert_reads_well(page: Any, selector: str, parts: list[list[Any]]) -> None:
    text = visible_words(page, selector)
    assert not NOTATION.search(text), f"{selector} shows {NOTATION.search(text)!r}: {text[:400]}"
    # measured once the page has laid itself out at this size: after set_viewport_size the
    # boxes can still be those of the previous width for a frame or two (CI met a phone page
    # measured at desktop widths), so a layout that stays wrong for 5 s fails
    problems = page.evaluate(OVERLAPS, parts)
    for _ in range(20):
        if not problems:
            break
        page.wait_for_timeout(250)
        problems = page.evaluate(OVERLAPS, parts)
    assert not problems, problems


def test_a_lesson_answered_wrong_then_right_earns_its_stars_and_the_map_moves_on(
        fresh_app: AppServer, in_browser: InBrowser, tmp_path: Path) -> None:
    answers = lesson_one_answers()
    assert answers[0] == "108"  # 002 'Overview': two decks and four jokers
    shots = shots_dir(tmp_path)
    expected = stars_for(True, mistakes=1)
    assert expected == 2

    def journey(tab: Tab) -> None:
        from playwright.sync_api import expect

        expect.set_options(timeout=30_000)
        page = tab.page
        page.set_viewport_size(DESKTOP)
        tab.open(f"{fresh_app.url}voila/render/01_cards_and_deal.ipynb")
        first = page.locator('button[title="Question 1: 104"]')
        first.wait_for(timeout=60_000)
        first.click()  # wrong
        wrong = page.locator(".buraco-feedback.wrong[role=status]").first
        expect(wrong).to_contain_text(f"Not quite: the answer is {answers[0]}")
        # the reason, with its rule and document, in the feedback of that question
        expect(page.locator(".widget-html-content").filter(has=wrong).first).to_contain_text("(002 '")
        page.get_by_role("button", name="Try again").first.click()
        page.locator(f'button[title="Question 1: {answers[0]}"]').click()  # right this time
        expect(page.get_by_text("Right this time").first).to_be_visible()
        for number, answer in enumerate(answers[1:], start=2):
            page.locator(f'button[title="Question {number}: {answer}"]').click()
        expect(page.get_by_text(re.compile(rf"You got {len(answers) - 1} of {len(answers)} right at the first try"))).to_be_visible()

        recap = page.get_by_role("region", name="What you learned")
        expect(recap).to_be_visible()
        for line in RECAPS["cards"]:
            expect(recap).to_contain_text(line)
        page.get_by_role("button", name="I've done this lesson").click()
        stars = page.get_by_role("img", name=stars_label(expected))
        expect(stars).to_be_visible()
        expect(page.get_by_role("link", name=re.compile("^Next: lesson 2 — Melds"))).to_be_visible()
        assert_no_error_output(tab)
        recap.scroll_into_view_if_needed()
        assert_reads_well(page, ".buraco-recap", END_PARTS)
        page.screenshot(path=str(shots / "recap-desktop-1366x900.png"))
        page.set_viewport_size(PHONE)
        recap.scroll_into_view_if_needed()
        assert_reads_well(page, ".buraco-recap", END_PARTS)
        page.screenshot(path=str(shots / "recap-phone-390x844.png"))
        page.set_viewport_size(DESKTOP)

        page.get_by_role("link", name="⌂ All lessons").first.click()
        page.wait_for_url("**/voila/render/index.ipynb")
        rows = landing_rows(tab)
        assert "✔ Done" in rows["cards"] and "★★☆" in rows["cards"], rows["cards"]
        stop = page.locator('ol.buraco-map li[data-lesson="cards"]')
        expect(stop).to_have_attribute("data-stars", str(expected))
        expect(stop.get_by_role("img", name=stars_label(expected))).to_be_visible()
        assert "Next" in rows["melds"] and "Not started" in rows["wild-cards"]
        expect(page.locator('ol.buraco-map li[aria-current="step"]')).to_have_attribute("data-lesson", "melds")
        onward = page.locator("a.buraco-next")
        expect(onward).to_have_text("Next: lesson 2 — Melds: sets and runs →")
        expect(onward).to_have_attribute("href", "02_melds.ipynb")
        expect(page.locator(".buraco-summary")).to_contain_text(f"1 of {len(LESSONS)} lessons done · 2 of {3 * len(LESSONS)} stars")
        assert_no_error_output(tab)
        assert_reads_well(page, ".buraco-map-page", MAP_PARTS)
        page.screenshot(path=str(shots / "map-desktop-1366x900.png"))
        page.set_viewport_size(PHONE)
        assert_reads_well(page, ".buraco-map-page", MAP_PARTS)
        page.screenshot(path=str(shots / "map-phone-390x844.png"))
        page.locator("ol.buraco-map li.lesson").last.scroll_into_view_if_needed()
        page.wait_for_timeout(500)  # the scrolled page painted
        page.screenshot(path=str(shots / "map-phone-390x844-end.png"))

    in_browser(journey)
    kept = ProgressStore(fresh_app.data / DB_NAME).lesson("cards")
    assert (kept.stars, kept.fewest_mistakes) == (expected, 1)
