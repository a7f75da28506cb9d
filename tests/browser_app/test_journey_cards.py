"""Tasks on the cards (issue 14), as a learner meets them in headless Chromium against ``buraco-learn serve``.

Lesson 2's first task: make a set from the hand. The learner picks one card with the keyboard and presses
the button: wrong. The page says why (the rule and its document), marks a right answer on the hand, and
"Try another" deals a new hand. The learner clicks a set the engine accepts (found here from the cards'
spoken names, as a screen reader would read them): right, and "Next task" goes on. On a desktop (1366x900)
and a phone (390x844) no card covers another and the button is on the screen; screenshots go to
``$BURACO_SCREENSHOTS`` (default: the test's temp directory).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from buraco_learn.app.cardtasks import CardTask, goal_kind, solve
from buraco_learn.cards import Card, deck_cards

from .conftest import AppServer, Tab
from .test_app_browser import assert_no_error_output

pytestmark = pytest.mark.browser

InBrowser = Callable[[Callable[[Tab], Any]], Any]
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
BY_NAME = {card.name(): card for card in deck_cards(True)}
#: card boxes of the hand that cover one another, and the main button off the screen
LAYOUT = """() => {
    const problems = [];
    const width = document.documentElement.clientWidth;
    const cards = [...document.querySelectorAll('.bl-picker .bl-hand .bl-card, .bl-picker .bl-table-cards .bl-card')]
        .map((el) => [el.getAttribute('aria-label'), el.getBoundingClientRect(), el.closest('.bl-cards')]);
    for (let i = 0; i < cards.length; i++) {
        const [name, box, row] = cards[i];
        if (box.right > width + 1 || box.left < -1) problems.push(`${name} leaves the screen`);
        for (let j = i + 1; j < cards.length; j++) {
            const [other, b, otherRow] = cards[j];
            if (row !== otherRow || !row.classList.contains('bl-hand')) continue;  // the table's meld is a fan
            if (box.left < b.right - 1 && b.left < box.right - 1 && box.top < b.bottom - 1 && b.top < box.bottom - 1)
                problems.push(`${name} covers ${other} (${Math.round(box.top)}-${Math.round(box.bottom)} and ${Math.round(b.top)}-${Math.round(b.bottom)})`);
        }
    }
    const button = document.querySelector('.bl-picker .bl-actions button');
    if (button) {
        const box = button.getBoundingClientRect();
        if (box.right > width + 1 || box.width < 40) problems.push(`the button is cut off (${box.left}-${box.right} of ${width})`);
    }
    return problems;
}"""


def shots_dir(tmp_path: Path) -> Path:
    where = Path(os.environ.get("BURACO_SCREENSHOTS") or tmp_path / "screenshots")
    where.mkdir(parents=True, exist_ok=True)
    return where


def hand_of(picker: Any) -> list[tuple[str, Card]]:
    """The hand as the page shows it: each card's id and the card its spoken name says (", ..." marks dropped)."""
    cards = picker.locator(".bl-hand .bl-card")
    out = []
    for index in range(cards.count()):
        card = cards.nth(index)
        name = str(card.get_attribute("aria-label")).split(",")[0]
        out.append((str(card.get_attribute("data-id")), BY_NAME[name]))
    return out


def test_lesson_2_a_wrong_pick_is_explained_then_a_fresh_hand_is_answered_right(
        fresh_app: AppServer, in_browser: InBrowser, tmp_path: Path) -> None:
    shots = shots_dir(tmp_path)

    def journey(tab: Tab) -> None:
        from playwright.sync_api import expect

        expect.set_options(timeout=30_000)
        page = tab.page
        page.set_viewport_size(DESKTOP)
        tab.open(f"{fresh_app.url}voila/render/02_melds.ipynb")
        picker = page.locator(".bl-picker")
        expect(picker).to_be_visible(timeout=60_000)
        expect(picker.locator(".bl-prompt")).to_contain_text("Make a set")
        expect(page.locator(".widget-dropdown select")).to_have_count(0)  # Italian rules only: no ruleset chooser
        assert not page.evaluate(LAYOUT)
        page.screenshot(path=str(shots / "lesson2-task1-desktop-1366x900.png"))

        # wrong: one card, chosen with the keyboard
        first = picker.locator(".bl-hand .bl-card").first
        first.focus()
        page.keyboard.press("Space")
        expect(first).to_have_attribute("aria-pressed", "true")
        picker.get_by_role("button", name="Make this meld (1 card)").click()
        feedback = picker.locator(".bl-feedback.bl-incorrect")
        expect(feedback).to_contain_text("(002 'Melds'")
        expect(feedback).to_contain_text("one right answer")
        marked = picker.locator(".bl-hand .bl-card.bl-answer")
        expect(marked).to_have_count(3)
        assert all(", part of a right answer" in str(marked.nth(i).get_attribute("aria-label")) for i in range(3))
        answer = [BY_NAME[str(marked.nth(i).get_attribute("aria-label")).split(",")[0]] for i in range(3)]
        assert len({card.rank for card in answer}) == 1  # a set: three cards of one rank
        assert not page.evaluate(LAYOUT)
        page.screenshot(path=str(shots / "lesson2-wrong-desktop-1366x900.png"))
        page.set_viewport_size(PHONE)
        picker.get_by_role("button", name="Try another").scroll_into_view_if_needed()
        assert not page.evaluate(LAYOUT), page.evaluate(LAYOUT)
        page.screenshot(path=str(shots / "lesson2-wrong-phone-390x844.png"))

        old = [card for _, card in hand_of(picker)]
        picker.get_by_role("button", name="Try another").click()
        expect(picker.locator(".bl-hand .bl-card.bl-answer")).to_have_count(0)
        expect(picker).to_have_attribute("data-stage", "pick")
        hand = hand_of(picker)
        assert [card for _, card in hand] != old, "the same hand again"

        # right: a set the engine accepts, clicked in reverse order
        places = solve(CardTask("meld", "", tuple(card for _, card in hand), goal_kind("set")))
        assert places is not None
        for place in reversed(places):
            picker.locator(f'.bl-hand .bl-card[data-id="{hand[place][0]}"]').click()
        picker.get_by_role("button", name=f"Make this meld ({len(places)} cards)").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / "lesson2-picked-phone-390x844.png"))
        assert not page.evaluate(LAYOUT), page.evaluate(LAYOUT)
        picker.get_by_role("button", name=f"Make this meld ({len(places)} cards)").click()
        expect(picker.locator(".bl-feedback.bl-correct")).to_contain_text("Right!")
        expect(picker.locator(".bl-feedback.bl-correct")).to_contain_text("(002 'Melds'")
        expect(picker.locator(".bl-step-done")).to_have_count(1)
        page.screenshot(path=str(shots / "lesson2-right-phone-390x844.png"))
        picker.get_by_role("button", name="Next task").click()
        expect(picker.locator(".bl-prompt")).to_contain_text("Task 2 of 6")
        page.set_viewport_size(DESKTOP)
        assert not page.evaluate(LAYOUT)
        page.screenshot(path=str(shots / "lesson2-task2-desktop-1366x900.png"))
        assert_no_error_output(tab)

    in_browser(journey)
