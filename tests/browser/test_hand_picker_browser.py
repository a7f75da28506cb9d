"""The hand picker in Voila, in headless Chromium: one picker per task of lessons 2, 3 and 4.

The notebook shows every step of the ``cards`` steps of lessons 2, 3 and 4 (lessons/tasks/melds.toml, wild-cards.toml, aces.toml) as its
own picker (a fixed seed), so the test builds the same tasks in Python to know the engine's answer. On a
desktop (1366x900) and a phone (390x844) no card of a hand covers another, nothing leaves the screen and
the button is reachable; every picker is answered right with the keyboard alone (what the browser may
send is checked in ``tests/test_app_cardtasks.py``, through the widget's own message handler). Screenshots go
to ``$BURACO_SCREENSHOTS`` (default: the test's temp directory).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from buraco_learn.app.cardtasks import TaskRun
from buraco_learn.app.taskdata import load

pytestmark = pytest.mark.browser

MELDS, WILDS, ACES = (load(lesson)["cards"].build() for lesson in ("melds", "wild-cards", "aces"))  # lessons 2-4
STEPS = (*MELDS, *WILDS, *ACES)
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
LAYOUT = """() => {
    const problems = [];
    const width = document.documentElement.clientWidth;
    document.querySelectorAll('.bl-picker').forEach((picker, index) => {
        const hand = [...picker.querySelectorAll('.bl-hand .bl-card')].map((el) => [el.getAttribute('aria-label'), el.getBoundingClientRect()]);
        const all = [...picker.querySelectorAll('.bl-card, .bl-action, .bl-prompt, .bl-steps')];
        for (const el of all) {
            const box = el.getBoundingClientRect();
            if (box.right > width + 1 || box.left < -1) problems.push(`picker ${index + 1}: ${el.className} leaves the screen`);
        }
        for (let i = 0; i < hand.length; i++)
            for (let j = i + 1; j < hand.length; j++) {
                const [a, p] = hand[i], [b, q] = hand[j];
                if (p.left < q.right - 1 && q.left < p.right - 1 && p.top < q.bottom - 1 && q.top < p.bottom - 1)
                    problems.push(`picker ${index + 1}: ${a} covers ${b}`);
            }
    });
    return problems;
}"""


def expect() -> Any:
    from playwright.sync_api import expect as playwright_expect

    playwright_expect.set_options(timeout=20_000)
    return playwright_expect


def shots(tmp_path: Path) -> Path:
    where = Path(os.environ.get("BURACO_SCREENSHOTS") or tmp_path / "screenshots")
    where.mkdir(parents=True, exist_ok=True)
    return where


def test_every_task_reads_on_a_desktop_and_a_phone_and_is_answered_by_keyboard(open_notebook: Any, tmp_path: Path) -> None:
    check = expect()
    page = open_notebook("hand_picker.ipynb", ".bl-picker")
    pickers = page.locator(".bl-picker")
    check(pickers).to_have_count(len(STEPS))
    folder = shots(tmp_path)
    for size, name in ((DESKTOP, "desktop-1366x900"), (PHONE, "phone-390x844")):
        page.set_viewport_size(size)
        page.wait_for_timeout(300)
        assert not page.evaluate(LAYOUT), page.evaluate(LAYOUT)
        for index in (4, 10, 11, 14):  # a run on the table, the joker's place, the swap, an ace on the table
            pickers.nth(index).scroll_into_view_if_needed()
            pickers.nth(index).screenshot(path=str(folder / f"picker-{index + 1}-{STEPS[index].title.replace(' ', '-')}-{name}.png"))
    page.set_viewport_size(PHONE)
    for index, step in enumerate(STEPS):
        run = TaskRun((step,), seed=21)  # the notebook's picker
        picker = pickers.nth(index)
        hand = picker.get_by_role("group", name="Your hand")
        for card in run.task.hand:
            check(hand.get_by_role("button", name=card.name(), exact=True).first).to_be_visible()
        if run.task.action == "stands":  # the joker's place is the question: the table never says it
            table = picker.locator(".bl-table-cards")
            assert "standing for" not in table.inner_html() and "bl-stands" not in table.inner_html()
        elif run.task.action == "swap":
            check(picker.locator(".bl-table-cards .bl-stands")).to_have_count(1)
        answer = run.solution_ids()
        for card_id in answer:  # the keyboard alone: Tab to a card, Space picks it
            card = picker.locator(f'.bl-hand .bl-card[data-id="{card_id}"]')
            card.focus()
            page.keyboard.press("Space")
            check(card).to_have_attribute("aria-pressed", "true")
        button = picker.locator('[data-key="check"]')
        button.focus()
        page.keyboard.press("Enter")
        check(picker.locator(".bl-feedback.bl-correct")).to_contain_text("Right!")
        check(picker.locator(".bl-feedback")).to_contain_text("(002 ")
    assert not [text for text in page.console_errors if "net::ERR_FAILED" not in text]
