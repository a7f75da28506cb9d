"""Lesson 12's guided first hand in headless Chromium against ``buraco-learn serve``, played by clicking.

The learner follows the fifteen steps on the guided table (selecting the cards, pressing the
buttons), with one wrong click on purpose at the first step that has cards (a discard instead
of the meld asked for): the table must refuse it with "Not yet: ..." and keep the hand as it
was. Between the steps the bots' moves must come with their explanations, above the table and
in its log. The test fails on error text, card notation, a step that does not come (a stall),
and reads the summary and the lesson's stars at the end. Screenshots of a step and of the bots'
explanations at 1366x900 and 390x844 go to ``$BURACO_SCREENSHOTS`` (default: the test's temp
directory).
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import pytest

from buraco_learn.app.guided import LEARNER, SCRIPT, STEPS, SUMMARY
from buraco_learn.cards import Card, card_of_id

from .conftest import AppServer, BrowserThread, Tab, _with_tab
from .test_app_browser import assert_no_error_output
from .test_lessons_browser import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

GUIDED = ".bl-guided .bl-table"
PANEL = ".bl-guided .guided-hand"
STALL_S = 60
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
NOTATION = re.compile(
    r"\b(?:10|[2-9AJQK])[SHDC]\b|\bJK\b|\bm\d+\b|illegal action|Traceback|Error:|\bNone\b|undefined|NaN"
    r"|/(home|tmp|work|root|usr)/|\.(sqlite3?|db|py|ipynb)\b"
)
# the step ``number`` is on the guided table's status line and the learner may act
STEP_DUE = """(number) => {
  const root = document.querySelector(".bl-guided .bl-table");
  if (!root || root.dataset.turn !== "you" || root.hasAttribute("aria-busy")) return false;
  const status = root.querySelector(".bl-status");
  return !!status && status.textContent.startsWith(`Step ${number} of `);
}"""
OVER = """() => {
  const root = document.querySelector(".bl-guided .bl-table");
  return !!root && root.dataset.phase === "over";
}"""


def shots_dir(tmp_path: Path) -> Path:
    where = Path(os.environ.get("BURACO_SCREENSHOTS") or tmp_path / "screenshots")
    where.mkdir(parents=True, exist_ok=True)
    return where


class Guided:
    def __init__(self, tab: Tab) -> None:
        self.tab = tab
        self.page = tab.page
        self.table = self.page.locator(GUIDED)
        self.panel = self.page.locator(PANEL)

    def check_page(self, where: str) -> None:
        text = self.page.inner_text(".bl-guided")  # the guided hand: its steps, its table and its log
        found = NOTATION.search(text)
        if found:
            at = found.start()
            raise AssertionError(f"{where}: the page shows {found.group(0)!r}: …{text[max(0, at - 120):at + 80]}…")
        assert_no_error_output(self.tab)

    def wait_for_step(self, number: int) -> None:
        started = time.monotonic()
        try:
            self.page.wait_for_function(STEP_DUE, arg=number, timeout=STALL_S * 1000)
        except Exception as error:
            status = self.table.locator(".bl-status").inner_text() if self.table.count() else "no table"
            raise AssertionError(f"step {number} never came ({time.monotonic() - started:.0f} s); the status: {status!r}") from error

    def hand(self) -> dict[str, Card]:
        ids = (self.table.get_attribute("data-order") or "").split()
        return {key: card_of_id(int(key[1:])) for key in ids}

    def select(self, cards: list[Card]) -> None:
        hand = self.hand()
        chosen: list[str] = []
        for card in cards:
            chosen.append(next(key for key, held in hand.items() if held.code == card.code and key not in chosen))
        for key in chosen:
            button = self.table.locator(f'button[data-key="card-{key}"]')
            expect()(button).to_have_class(re.compile(r"\bbl-hinted\b"))  # the step's cards are marked
            button.click()
        for key in chosen:
            expect()(self.table.locator(f'button[data-key="card-{key}"]')).to_have_attribute("aria-pressed", "true")

    def click(self, key: str) -> None:
        button = self.table.locator(f'button[data-key="{key}"]')
        expect()(button).to_be_enabled()
        button.click()

    def do(self, number: int) -> None:
        step = STEPS[number - 1]
        action = step.parsed
        if action.kind in ("draw", "pot"):
            self.click(action.kind)
        elif action.kind == "meld":
            self.select([card for group in action.groups for card in group])
            self.click("meld")
        elif action.kind == "add":
            self.select(list(action.cards))
            self.click(f"add-m{action.target}")
        else:
            self.select(list(action.cards))
            self.click(action.kind)
        # the step is played: the next one (or the bots' turn, or the end) shows
        expect()(self.table.locator(".bl-status")).not_to_have_text(re.compile(rf"^Step {number} of "))
        assert not self.table.locator(".bl-error").is_visible(), self.table.locator(".bl-error").inner_text()


def bot_lines_after(number: int) -> list[str]:
    """The bots' explanations played between the learner's step ``number`` and the next."""
    index = SCRIPT.index(STEPS[number - 1])
    lines: list[str] = []
    for move in SCRIPT[index + 1:]:
        if move.seat == LEARNER:
            break
        lines.append(move.text)
    return lines


def test_the_guided_first_hand_by_clicking(fresh_app: AppServer, browser_thread: BrowserThread, tmp_path: Path) -> None:
    shots = shots_dir(tmp_path)

    def journey(tab: Tab) -> dict[str, Any]:
        started = time.monotonic()
        page = tab.open(f"{fresh_app.url}voila/render/12_play_the_coach.ipynb")
        page.set_viewport_size(DESKTOP)
        guided = Guided(tab)
        expect()(guided.table).to_be_visible(timeout=120_000)
        guided.table.get_by_label("Bot speed").select_option(label="Instant")
        seen = {"refused": 0, "explained": 0}
        for number in range(1, len(STEPS) + 1):
            guided.wait_for_step(number)
            step = STEPS[number - 1]
            expect()(guided.panel).to_contain_text(f"Step {number} of {len(STEPS)}")
            expect()(guided.panel).to_contain_text(step.why)
            expect()(guided.table.locator(".bl-comment")).to_contain_text(step.why)  # under the buttons too
            guided.check_page(f"step {number}")
            if number == 2:  # one wrong click: a discard where the step is a meld
                page.screenshot(path=str(shots / "guided-step-desktop-1366x900.png"))
                page.set_viewport_size(PHONE)
                guided.table.locator(".bl-status").scroll_into_view_if_needed()
                page.screenshot(path=str(shots / "guided-step-phone-390x844.png"))
                page.set_viewport_size(DESKTOP)
                before = guided.table.get_attribute("data-order")
                seven = next(key for key, card in guided.hand().items() if card.notation() == "7S")
                guided.table.locator(f'button[data-key="card-{seven}"]').click()
                guided.click("discard")
                error = guided.table.locator(".bl-error")
                expect()(error).to_contain_text("Not yet: this step is to lay down your three sevens")
                assert guided.table.get_attribute("data-order") == before and guided.table.get_attribute("data-phase") == "play"
                guided.check_page("the refusal")
                error.scroll_into_view_if_needed()
                page.screenshot(path=str(shots / "guided-refused-desktop-1366x900.png"))
                guided.table.locator(f'button[data-key="card-{seven}"]').click()  # unselect it again
                expect()(guided.table.locator(f'button[data-key="card-{seven}"]')).to_have_attribute("aria-pressed", "false")
                seen["refused"] += 1
            guided.do(number)
            lines = bot_lines_after(number)
            if lines and number < len(STEPS):
                guided.wait_for_step(number + 1)
                for line in lines:
                    expect()(guided.panel).to_contain_text(line)
                    expect()(guided.table.locator(".bl-log")).to_contain_text(line)
                    seen["explained"] += 1
                if number == 4:  # West has taken the pile: the explanations of the bots' first round
                    page.screenshot(path=str(shots / "guided-bots-desktop-1366x900.png"))
                    page.set_viewport_size(PHONE)
                    guided.panel.scroll_into_view_if_needed()
                    page.screenshot(path=str(shots / "guided-bots-phone-390x844.png"))
                    page.set_viewport_size(DESKTOP)
        page.wait_for_function(OVER, timeout=STALL_S * 1000)
        for line in bot_lines_after(len(STEPS)):
            expect()(guided.table.locator(".bl-log")).to_contain_text(line)
            seen["explained"] += 1
        expect()(guided.panel).to_contain_text(SUMMARY)
        expect()(guided.panel).to_contain_text("Steps that needed another try: 1.")
        expect()(guided.table.get_by_role("region", name="The hand's score")).to_contain_text("(002 'Scoring')")
        guided.check_page("the end of the guided hand")
        page.screenshot(path=str(shots / "guided-end-desktop-1366x900.png"), full_page=True)
        return {**seen, "seconds": time.monotonic() - started}

    try:
        outcome = browser_thread.run(_with_tab(journey), timeout=900)
    except AssertionError as error:
        log = fresh_app.log()
        problem = log[log.rfind("Traceback"):][:3000] if "Traceback" in log else "(no traceback in the server's log)"
        raise AssertionError(f"{error}\n--- the server's last traceback:\n{problem}") from None
    print(f"\nthe guided hand by clicking: {outcome['seconds']:.0f} s; {outcome}; screenshots in {shots}")
    assert outcome["refused"] == 1
    assert outcome["explained"] == sum(1 for move in SCRIPT if move.seat != LEARNER)
