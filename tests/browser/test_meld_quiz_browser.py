"""The meld quiz in Voila, in headless Chromium: answering by click and by keyboard.

Each notebook builds its quiz with a fixed seed; the test builds the same quiz in
Python (:class:`QuizSession` with the same seed) to know what the engine will say.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path
from typing import Any

import pytest

from buraco_learn import check_meld
from buraco_learn.ui.quizsession import QuizSession

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"

# Clicks a button inside the quiz and resolves with the milliseconds until the quiz's
# DOM is redrawn (from Python's answer: these buttons change nothing locally).
MEASURE_CLICK = """(selector) => new Promise((resolve, reject) => {
    const root = document.querySelector(".bl-quiz");
    const button = root && root.querySelector(selector);
    if (!button) { reject(new Error("nothing matches " + selector)); return; }
    const before = root.dataset.drawn;
    let start = 0;
    const observer = new MutationObserver(() => {
        if (root.dataset.drawn !== before) { observer.disconnect(); resolve(performance.now() - start); }
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-drawn"] });
    start = performance.now();
    button.click();
})"""


def expect() -> Any:
    from playwright.sync_api import expect as playwright_expect

    playwright_expect.set_options(timeout=20_000)
    return playwright_expect


def real_errors(page: Any) -> list[str]:
    """Console errors other than the blocked requests to public CDNs."""
    return [text for text in page.console_errors if "net::ERR_FAILED" not in text]


def test_answering_a_question_by_clicking_shows_the_engines_explanation(open_notebook: Any) -> None:
    check = expect()
    session = QuizSession("italian", seed=7, kinds=["legal"])  # the notebook's quiz
    question = session.question
    page = open_notebook("quiz_legal.ipynb", ".bl-quiz")
    quiz = page.locator(".bl-quiz")
    cards = quiz.get_by_role("group", name="The meld to judge")
    for card in question.cards:
        check(cards.get_by_role("img", name=card.name(), exact=True).first).to_be_visible()

    quiz.get_by_role("button", name="Legal" if question.legal else "Illegal", exact=True).click()
    check(quiz.locator(".bl-feedback")).to_contain_text("Right so far")
    right = next(choice.text for choice in question.choices if choice.id in question.correct)
    quiz.get_by_role("button", name=right, exact=True).click()

    check(quiz.locator(".bl-feedback")).to_contain_text(question.explanation())
    check(quiz.locator(".bl-feedback")).to_contain_text("(002 '")
    check(quiz.locator(".bl-score")).to_have_text("Score 1 of 1")
    check(quiz.get_by_role("button", name=f"{right}, the right answer", exact=True)).to_be_disabled()

    # the keyboard goes on: the Next button has the focus once the question is over
    check(quiz.get_by_role("button", name="Next question")).to_be_focused()
    page.keyboard.press("Enter")
    check(quiz.locator(".bl-number")).to_have_text("Question 2 of 24")

    session.answer("legal" if question.legal else "illegal")
    session.answer(question.correct[0])
    session.next()
    second = session.question
    quiz.get_by_role("button", name="Illegal" if second.legal else "Legal", exact=True).click()
    check(quiz.locator(".bl-feedback")).to_contain_text("Not quite")
    check(quiz.locator(".bl-feedback")).to_contain_text(second.explanation())
    check(quiz.locator(".bl-score")).to_have_text("Score 1 of 2")
    assert real_errors(page) == []
    assert all("127.0.0.1" not in url for url in page.blocked_requests)


def test_building_a_meld_with_the_keyboard_and_an_illegal_try_explained(open_notebook: Any) -> None:
    check = expect()
    session = QuizSession("italian", seed=11, kinds=["build"])
    question = session.question
    page = open_notebook("quiz_build.ipynb", ".bl-quiz")
    quiz = page.locator(".bl-quiz")

    # Tab from the question into the hand; Space selects the focused card
    quiz.locator(".bl-prompt").focus()
    page.keyboard.press("Tab")
    check(quiz.locator('[data-id="k0"]')).to_be_focused()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    check(quiz.locator('[data-id="k1"]')).to_be_focused()
    page.keyboard.press("Space")
    check(quiz.locator('[data-id="k0"]')).to_have_attribute("aria-pressed", "true")
    check(quiz.locator('[data-id="k1"]')).to_have_attribute("aria-pressed", "true")
    check(quiz.get_by_role("button", name="Check the 2 selected cards")).to_be_visible()
    quiz.get_by_role("button", name="Check the 2 selected cards").focus()
    page.keyboard.press("Enter")
    illegal = check_meld(question.cards[:2], session.rules)
    check(quiz.locator(".bl-feedback")).to_contain_text(illegal.explanations[0])
    check(quiz.locator(".bl-feedback")).to_contain_text("Not a legal meld")

    # now the meld the engine hid in the hand
    for card_id in ("k0", "k1"):
        quiz.locator(f'[data-id="{card_id}"]').focus()
        page.keyboard.press("Space")
        check(quiz.locator(f'[data-id="{card_id}"]')).to_have_attribute("aria-pressed", "false")
    solution = session._ids_of(question.solution)
    for card_id in solution:
        quiz.locator(f'[data-id="{card_id}"]').focus()
        page.keyboard.press("Enter")
        check(quiz.locator(f'[data-id="{card_id}"]')).to_have_attribute("aria-pressed", "true")
    quiz.get_by_role("button", name=f"Check the {len(solution)} selected cards").click()
    check(quiz.locator(".bl-feedback")).to_contain_text("Right, at the next try")
    check(quiz.locator(".bl-feedback")).to_contain_text(question.explanation())
    check(quiz.locator(".bl-score")).to_have_text("Score 0 of 1")
    assert real_errors(page) == []


def test_which_card_completes_the_burraco_with_the_four_colour_deck(open_notebook: Any) -> None:
    check = expect()
    session = QuizSession("italian", seed=5, kinds=["complete"])
    question = session.question
    assert question.meld is not None
    page = open_notebook("quiz_complete.ipynb", ".bl-quiz")
    quiz = page.locator(".bl-quiz")
    check(quiz).to_have_class("buraco-widget bl-quiz bl-four-colour")
    assert quiz.evaluate("(el) => getComputedStyle(el).getPropertyValue('--bl-diamond').trim()") == "#1f5fbf"
    meld = quiz.get_by_role("group", name="The meld on the table")
    check(meld.get_by_role("img")).to_have_count(len(question.meld))

    quiz.get_by_role("button", name="Large cards").click()
    check(quiz).to_have_class("buraco-widget bl-quiz bl-four-colour bl-large")
    answer = question.solution[0]
    quiz.get_by_role("button", name=answer.name(), exact=True).click()
    check(quiz.locator(".bl-feedback")).to_contain_text(f"{answer.unicode()} completes it")
    check(quiz.locator(".bl-feedback")).to_contain_text("burraco")
    check(quiz.locator(".bl-score")).to_have_text("Score 1 of 1")
    quiz.get_by_role("button", name="Next question").click()
    check(quiz.locator(".bl-number")).to_have_text("Question 2 of 24")
    # Python accepted the large-card update: had it refused, it would have sent false back
    check(quiz.get_by_role("button", name="Large cards")).to_have_attribute("aria-pressed", "true")
    check(quiz).to_have_class("buraco-widget bl-quiz bl-four-colour bl-large")
    assert real_errors(page) == []


def measure_latency(page: Any, eval_js: Any, clicks: int = 20) -> list[float]:
    """Click through the legal-meld quiz (answer, reason, next ...) and time each redraw."""
    root = page.locator(".bl-quiz")
    eval_js(page, MEASURE_CLICK, '[data-choice="legal"]')  # warm up: the first round trip is not typical
    if root.get_attribute("data-stage") == "done":
        eval_js(page, MEASURE_CLICK, '[data-key="next"]')
    samples: list[float] = []
    while len(samples) < clicks:
        stage = root.get_attribute("data-stage")
        selector = {"verdict": '[data-choice="legal"]', "reason": '[data-choice="r0"]', "done": '[data-key="next"]'}[stage or "done"]
        samples.append(float(eval_js(page, MEASURE_CLICK, selector, timeout=10)))
    return samples


def report(capsys: pytest.CaptureFixture[str], what: str, samples: list[float]) -> float:
    median = statistics.median(samples)
    with capsys.disabled():
        print(
            f"\nmeld quiz click-to-redraw ({what}) over {len(samples)} clicks: median {median:.1f} ms "
            f"(min {min(samples):.1f}, max {max(samples):.1f})"
        )
    return median


def test_click_to_redraw_latency(open_notebook: Any, eval_js: Any, capsys: pytest.CaptureFixture[str], record_property: Any) -> None:
    page = open_notebook("quiz_legal.ipynb", ".bl-quiz")
    median = report(capsys, "stock Voila", measure_latency(page, eval_js))
    record_property("click_to_redraw_median_ms", round(median, 1))
    assert median < 2000, "a click must come back from the kernel; this is a sanity bound, not the target"


def test_click_to_redraw_latency_with_nodelay(
    voila_factory: Any, page: Any, eval_js: Any, capsys: pytest.CaptureFixture[str], record_property: Any
) -> None:
    """The same, through the app's websocket connection with Nagle's algorithm off (as ``buraco-learn serve``)."""
    pytest.importorskip("buraco_learn.app.voila_app", reason="the app's NoDelayConnection is not there")
    from buraco_learn.app.server import NODELAY_CLASS

    url = voila_factory(sys.executable, NOTEBOOKS, [f"--Voila.kernel_websocket_connection_class={NODELAY_CLASS}"])
    page.goto(f"{url}/voila/render/quiz_legal.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(".bl-quiz", state="visible", timeout=60_000)
    median = report(capsys, "TCP_NODELAY", measure_latency(page, eval_js))
    record_property("click_to_redraw_nodelay_median_ms", round(median, 1))
    assert median < 2000
