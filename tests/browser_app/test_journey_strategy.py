"""The strategy lessons (13-15) as a learner meets them, in headless Chromium against ``buraco-learn serve``.

In each lesson the learner plays the first position's trap on the card table (clicks only): the
coach's verdict says it is not its choice, shows its reason and its choice, and the table is set
back with that choice marked. "Try a fresh position" deals the same idea in other suits; the
learner plays the coach's own line and the coach agrees. Then the learner reads the recap and
marks the lesson done, and the stars earned are shown (one star: positions are left). The page
never shows notation or error text; screenshots at each step go to ``$BURACO_SCREENSHOTS``
(default: the test's temp directory), on a desktop (1366x900) and a phone (390x844).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from buraco_learn.app.catalogue import find
from buraco_learn.app.strategy import LESSONS, lesson_coach, spots_of
from buraco_learn.game.actions import Action

from .conftest import AppServer, Tab
from .test_journey_play_the_coach import BROKEN, NOTATION, Learner
from .test_lessons_browser import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

VIEWPORTS = {"desktop-1366x900": {"width": 1366, "height": 900}, "phone-390x844": {"width": 390, "height": 844}}


def coach_line(lesson: str, variant: int) -> list[Action]:
    """The coach's own moves in the first position's ``variant``, up to the move that ends the task."""
    spot = spots_of(lesson)[0]
    state = spot.state(variant)
    coach = lesson_coach()
    line: list[Action] = []
    while True:
        view = state.view(0)
        action = view.legal[0] if len(view.legal) == 1 else coach.suggest(view)
        line.append(action)
        state.apply(action)
        if action.kind in spot.ends:
            return line


def shots(tmp_path: Path) -> Path:
    where = Path(os.environ.get("BURACO_SCREENSHOTS") or tmp_path / "screenshots")
    where.mkdir(parents=True, exist_ok=True)
    return where


def read_page(page: Any, where: str) -> str:
    text = str(page.inner_text("#rendered_cells"))
    found = NOTATION.search(text) or BROKEN.search(text)
    assert not found, f"{where}: the page shows {found.group(0)!r}: …{text[max(0, found.start() - 120):found.start() + 80]}…"
    return text


@pytest.mark.parametrize("size", list(VIEWPORTS))
@pytest.mark.parametrize("lesson", list(LESSONS))
def test_a_wrong_move_then_the_coachs_move_in_each_strategy_lesson(fresh_app: AppServer, in_browser: Any, lesson: str,
                                                                    size: str, tmp_path: Path) -> None:
    info = find(lesson)
    trap = spots_of(lesson)[0].trap_actions(0)[0]
    right = coach_line(lesson, 1)
    where = shots(tmp_path)

    def journey(tab: Tab) -> dict[str, str]:
        page = tab.page
        page.set_viewport_size(VIEWPORTS[size])
        tab.open(f"{fresh_app.url}voila/render/{info.filename}", ready=".bl-table")
        learner = Learner(tab)
        opened = read_page(page, "the lesson opened")
        assert "Position 1 of" in opened and "Your task:" in opened
        page.locator(".strategy-head").scroll_into_view_if_needed()
        page.screenshot(path=str(where / f"{info.number}-open-{size}.png"), full_page=False)
        learner.play(trap)
        verdict = page.locator(".buraco-feedback.wrong").filter(has_text="Not the coach")
        expect()(verdict).to_be_visible(timeout=90_000)
        expect()(learner.table.locator(".bl-hint")).to_contain_text("the coach’s choice", timeout=30_000)
        wrong = read_page(page, "after the wrong move")
        verdict.scroll_into_view_if_needed()
        page.screenshot(path=str(where / f"{info.number}-wrong-{size}.png"), full_page=False)
        page.get_by_role("button", name="Try a fresh position").click()
        expect()(page.locator(".buraco-feedback.wrong")).to_have_count(0, timeout=30_000)
        learner.settled()
        for action in right:
            learner.play(action)
        agreed = page.locator(".buraco-feedback.right").filter(has_text="The coach agrees")
        expect()(agreed).to_be_visible(timeout=90_000)
        agreed.scroll_into_view_if_needed()
        passed = read_page(page, "after the right move")
        page.screenshot(path=str(where / f"{info.number}-right-{size}.png"), full_page=False)
        expect()(page.get_by_role("button", name="Next position")).to_be_visible()
        done = page.get_by_role("button", name="I've done this lesson")
        done.scroll_into_view_if_needed()
        done.click()
        stars = page.locator(".lesson-stars")
        expect()(stars).to_be_visible(timeout=30_000)
        recap = page.locator(".buraco-recap")
        recap.scroll_into_view_if_needed()
        page.screenshot(path=str(where / f"{info.number}-done-{size}.png"), full_page=False)
        return {"wrong": wrong, "right": passed, "stars": str(stars.get_attribute("aria-label")),
                "recap": str(recap.inner_text())}

    seen = in_browser(journey)
    assert "The coach’s choice" in seen["wrong"] and "Try a fresh position" in seen["wrong"]
    assert "The coach agrees" in seen["right"] and "Why:" in seen["right"]
    assert seen["stars"] == "1 of 3 stars"  # one position passed of five or six: done, with positions left
    assert "What you learned" in seen["recap"]
