"""The score sheet in Voila, in headless Chromium: the table, the chart, a hand's breakdown."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def expect() -> Any:
    from playwright.sync_api import expect as playwright_expect

    playwright_expect.set_options(timeout=20_000)
    return playwright_expect


def test_the_sheet_shows_the_running_score_chart_and_breakdown(open_notebook: Any) -> None:
    check = expect()
    page = open_notebook("score_sheet.ipynb", ".bl-scores")
    sheet = page.locator(".bl-scores")
    check(sheet.locator(".bl-status")).to_have_text("East–West lead by 10; 1,350 to go to 2,005.")
    table = sheet.get_by_role("table")
    check(table.get_by_role("row")).to_have_count(3)
    check(table.get_by_role("row").nth(1)).to_contain_text("+410")
    check(table.get_by_role("row").nth(2)).to_contain_text("655")
    chart = sheet.get_by_role("img", name=re.compile(r"^Chart of the running totals: North–South 645, East–West 655 after 2 hands; target 2,005"))
    check(chart).to_be_visible()
    check(chart.locator("polyline")).to_have_count(2)

    sheet.get_by_role("button", name="Hand 1").click()
    detail = sheet.get_by_role("region", name="Hand 1 in detail")
    check(detail).to_contain_text("Clean burraco +200 (002 'Scoring')")
    check(detail).to_contain_text("clean burraco 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥")
    check(detail).to_contain_text("Pozzetto not taken -100")
    check(sheet.get_by_role("button", name="Hand 1")).to_have_attribute("aria-expanded", "true")
    check(page.get_by_text("open hand: 0")).to_be_visible()  # Python received and accepted it

    sheet.get_by_role("button", name="Hand 1").focus()
    page.keyboard.press("Enter")
    check(detail).to_have_count(0)
    check(page.get_by_text("open hand: -1")).to_be_visible()
