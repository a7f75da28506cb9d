"""The lessons' exercises in headless Chromium against ``buraco-learn serve``, answered by clicking.

A turn on the card table (lesson 5), a hand scored by typing numbers (lesson 9), a meld quiz
question (lesson 11), and a whole hand against the bots beside the coach (lesson 12), played
to the end, reviewed, replayed and kept on the lessons page; a saved game resumed after the
server restarts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from buraco_learn import preset
from buraco_learn.app.scorehands import deal_hand_end
from buraco_learn.ui.table_view import side_word

from .conftest import AppServer, Tab
from .test_app_browser import assert_no_error_output, landing_rows

pytestmark = pytest.mark.browser

InBrowser = Callable[[Callable[[Tab], Any]], Any]
TABLE = ".bl-table:not(.bl-replayer):not(.bl-guided .bl-table)"  # not lesson 12's guided hand either
YOUR_TURN_OR_OVER = """() => {
    const root = document.querySelector(".bl-table:not(.bl-replayer):not(.bl-guided .bl-table)");
    return !!root && (root.dataset.turn === "you" || root.dataset.phase === "over");
}"""
# the learner may draw now (the button is enabled), or the hand is over
YOU_MAY_DRAW_OR_OVER = """() => {
    const root = document.querySelector(".bl-table:not(.bl-replayer):not(.bl-guided .bl-table)");
    if (!root) return false;
    if (root.dataset.phase === "over") return true;
    const draw = root.querySelector('button[data-key="draw"]');
    return root.dataset.turn === "you" && root.dataset.phase === "draw" && !!draw && !draw.disabled;
}"""
TABLE_STATE = """() => {
    const root = document.querySelector(".bl-table:not(.bl-replayer):not(.bl-guided .bl-table)");
    return root ? JSON.stringify({...root.dataset}) + " | " + root.innerText.slice(0, 1500) : "no table";
}"""


def wait_to_draw(page: Any, timeout: int = 60_000) -> str:
    """Wait until the learner may draw or the hand is over (returns the phase); on a timeout,
    fail with what the table shows, so that a stuck table can be told from a slow one."""
    try:
        page.wait_for_function(YOU_MAY_DRAW_OR_OVER, timeout=timeout)
    except Exception as error:
        raise AssertionError(f"the learner's turn to draw never came ({error}); the table: {page.evaluate(TABLE_STATE)}") from error
    return str(page.locator(TABLE).get_attribute("data-phase"))


def expect() -> Any:
    from playwright.sync_api import expect as playwright_expect

    playwright_expect.set_options(timeout=30_000)
    return playwright_expect


def pick(table: Any, *names: str) -> None:
    """Select cards of the learner's hand by what they are called."""
    hand = table.get_by_role("group", name="Your hand", exact=False)
    for name in names:
        hand.get_by_role("button", name=re.compile(f"^{name}")).first.click()


def test_a_turn_on_the_card_table_by_clicking(app: AppServer, in_browser: InBrowser) -> None:
    def check(tab: Tab) -> None:
        check = expect()
        page = tab.open(f"{app.url}voila/render/05_a_turn.ipynb")
        table = page.locator(TABLE).first
        check(table).to_have_attribute("data-turn", "you", timeout=60_000)
        goals = page.get_by_role("list", name="Your goals")
        check(goals).to_contain_text("☐ take the discard pile")
        table.get_by_role("button", name=re.compile("^Take the")).click()
        check(goals).to_contain_text("✔ take the discard pile")
        pick(table, "Queen of spades", "Queen of diamonds")
        table.get_by_role("button", name="Meld 2 cards").click()  # two Queens are not a meld: the engine says why
        check(table.get_by_role("alert")).to_contain_text("(002 'Melds')")
        pick(table, "Queen of clubs")
        table.get_by_role("button", name="Meld 3 cards").click()
        check(goals).to_contain_text("✔ lay out a new meld with a card from the pile")
        pick(table, "8 of hearts", "9 of hearts")
        table.get_by_role("button", name="Add the selected cards to meld 1").click()
        check(goals).to_contain_text("✔ add to your side's run")
        pick(table, "5 of clubs")
        table.get_by_role("button", name="Discard", exact=True).click()
        check(page.get_by_text("Well done: every goal met.")).to_be_visible()
        assert_no_error_output(tab)

    in_browser(check)


def test_scoring_a_hand_by_typing_the_totals(app: AppServer, in_browser: InBrowser) -> None:
    scores = deal_hand_end(preset("italian"), seed=1).scores()  # the lesson's first hand

    def check(tab: Tab) -> None:
        check = expect()
        page = tab.open(f"{app.url}voila/render/09_scoring.ipynb")
        page.get_by_role("button", name="Check my numbers").wait_for(timeout=60_000)
        assert "✔ The engine makes it North–South 410, East–West 155" in page.inner_text("#rendered_cells")
        fields = {name: page.get_by_role("spinbutton", name=side_word(name)) for name in scores}
        for name, field in fields.items():
            field.fill(str(scores[name].total + 10))
            field.press("Tab")
        page.get_by_role("button", name="Check my numbers").click()
        check(page.get_by_text(re.compile("Not -?[0-9,]+: the engine makes it")).first).to_be_visible()
        for name, field in fields.items():
            field.fill(str(scores[name].total))
            field.press("Tab")
        page.get_by_role("button", name="Check my numbers").click()
        check(page.get_by_text("Every total is right")).to_be_visible()
        sheet = page.locator(".bl-scores")
        check(sheet).to_contain_text("1 hand")
        assert_no_error_output(tab)

    in_browser(check)


def test_a_meld_quiz_question_answered_by_clicking(app: AppServer, in_browser: InBrowser) -> None:
    def check(tab: Tab) -> None:
        check = expect()
        page = tab.open(f"{app.url}voila/render/11_meld_quiz.ipynb")
        quiz = page.locator(".bl-quiz")
        check(quiz).to_be_visible(timeout=60_000)
        first = quiz.get_by_role("button", name=re.compile("^(Legal|Illegal)$")).first
        if first.count():
            first.click()
        else:  # a build or a completion question: reveal its answer
            quiz.get_by_role("button", name=re.compile("answer", re.IGNORECASE)).first.click()
        check(quiz.locator(".bl-feedback")).not_to_be_empty()
        # one counter, the quiz's own: a round is ten questions (issue 14)
        check(quiz.locator(".bl-number")).to_have_text("Question 1 of 10")
        check(page.get_by_text("questions answered in this round")).to_have_count(0)
        assert_no_error_output(tab)

    in_browser(check)


def play_to_the_end(page: Any) -> int:
    """Draw and discard on every turn until the hand is over; the learner's turns played."""
    table = page.locator(TABLE)
    turns = 0
    while True:
        if wait_to_draw(page, timeout=120_000) == "over":
            return turns
        table.get_by_role("button", name="Draw", exact=True).click()
        expect()(table).to_have_attribute("data-phase", re.compile("play|over"))
        if table.get_attribute("data-phase") == "over":
            return turns
        table.get_by_role("group", name="Your hand", exact=False).locator("button.bl-card").last.click()
        table.get_by_role("button", name="Discard", exact=True).click()
        # the discard ends the turn: the phase leaves "play" (with instant bots the turn may be back already)
        expect()(table).to_have_attribute("data-phase", re.compile("draw|over"))
        turns += 1
        assert turns < 60, "the hand should have ended"


def test_a_hand_against_the_coach_played_to_the_end(fresh_app: AppServer, in_browser: InBrowser) -> None:
    def check(tab: Tab) -> None:
        check = expect()
        page = tab.open(f"{fresh_app.url}voila/render/12_play_the_coach.ipynb")
        page.get_by_role("button", name="Deal a new game").click()
        table = page.locator(TABLE)
        check(table).to_be_visible()
        table.get_by_label("Bot speed").select_option(label="Instant")
        page.wait_for_function(YOUR_TURN_OR_OVER, timeout=60_000)
        if table.get_attribute("data-phase") != "over":
            table.get_by_role("button", name="Hint").click()  # the coach's first rung
            check(table.locator(".bl-hint")).not_to_be_empty(timeout=60_000)
            check(table.get_by_role("button", name="Coach's comments")).to_have_attribute("aria-pressed", "true")
            table.get_by_role("button", name="Draw", exact=True).click()  # the coach comments on the move
            check(table.locator(".bl-comment")).to_contain_text("Coach: ", timeout=60_000)
            table.get_by_role("group", name="Your hand", exact=False).locator("button.bl-card").last.click()
            table.get_by_role("button", name="Discard", exact=True).click()
            check(table).to_have_attribute("data-phase", re.compile("draw|over"))
        assert play_to_the_end(page) > 0
        result = table.get_by_role("region", name="The hand's score")
        check(result).to_contain_text("(002 'Scoring')")
        result.get_by_role("button", name="Review my play with the coach").click()
        check(result.get_by_role("region", name="The coach's review")).to_contain_text("decision", timeout=120_000)
        page.get_by_role("button", name="Replay the hand face up").click()
        replayer = page.locator(".bl-replayer").last
        check(replayer).to_contain_text("Your hand (italian)")
        check(replayer.locator(".bl-step")).to_contain_text("Step 0 of")
        assert_no_error_output(tab)
        page.get_by_role("link", name="⌂ All lessons").first.click()
        page.wait_for_url("**/voila/render/index.ipynb")
        assert "Started" in landing_rows(tab)["play"], landing_rows(tab)["play"]  # a hand played, the lesson not marked done

    in_browser(check)


def test_a_saved_game_is_resumed_after_a_restart(fresh_app: AppServer, in_browser: InBrowser) -> None:
    def start(tab: Tab) -> str:
        page = tab.open(f"{fresh_app.url}voila/render/12_play_the_coach.ipynb")
        assert page.get_by_role("button", name="Resume my saved game").is_disabled()
        page.get_by_role("button", name="Deal a new game").click()
        table = page.locator(TABLE)
        table.get_by_label("Bot speed").select_option(label="Instant")
        for _ in range(2):
            assert wait_to_draw(page) == "draw", "the hand ended within the learner's first two turns"
            table.get_by_role("button", name="Draw", exact=True).click()
            expect()(table).to_have_attribute("data-phase", "play")
            table.get_by_role("group", name="Your hand", exact=False).locator("button.bl-card").last.click()
            table.get_by_role("button", name="Discard", exact=True).click()
            expect()(table).to_have_attribute("data-phase", re.compile("draw|over"))  # the discard has landed
        page.wait_for_function(YOUR_TURN_OR_OVER, timeout=60_000)
        return table.get_attribute("data-order") or ""

    hand = in_browser(start)
    fresh_app.restart()

    def resume(tab: Tab) -> None:
        check = expect()
        page = tab.open(f"{fresh_app.url}voila/render/12_play_the_coach.ipynb")
        check(page.get_by_text("You have a saved game (italian rules")).to_be_visible(timeout=60_000)
        page.get_by_role("button", name="Resume my saved game").click()
        check(page.get_by_text(re.compile(r"Your saved game, resumed after \d+ moves"))).to_be_visible()
        table = page.locator(TABLE)
        check(table).to_have_attribute("data-turn", "you")
        assert sorted((table.get_attribute("data-order") or "").split()) == sorted(hand.split())
        assert_no_error_output(tab)

    in_browser(resume)
