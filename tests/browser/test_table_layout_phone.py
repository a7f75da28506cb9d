"""A whole hand on a phone: Chromium as a 390×844 touch screen, every move a tap.

The card table's notebook (seed 7, beginner bots) is played by touch only: draw, select
cards, lay down a set or a run when the hand holds one, discard, pick up the pot, until the
hand ends. At every decision, with the table's top on screen, the learner's hand, the status
line and the action buttons must all be inside the window (nothing to scroll to play), the
three other seats must sit around the table (the partner between the two opponents, the
opponents left and right of the centre's middle), and no card may hide another's rank, suit
or wild label. With BURACO_SHOTS=DIR the test saves a screenshot of some decisions there.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

TABLE = ".bl-table:not(.bl-replayer)"
PHONE = {"width": 390, "height": 844}
MAX_TURNS = 60
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}
WAIT_MS = 20_000
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]

# Where the learner's things are, with the table's top at the top of the window.
PLACES = """() => {
    const root = document.querySelector(".bl-table:not(.bl-replayer)");
    const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
    const seats = {};
    for (const seat of root.querySelectorAll(".bl-player")) seats[[...seat.classList].find((c) => ["bl-left", "bl-right", "bl-across"].includes(c))] = box(seat);
    return {
        window: { width: document.documentElement.clientWidth, height: window.innerHeight },
        cards: [...root.querySelectorAll(".bl-hand button.bl-card")].map((el) => ({ label: el.getAttribute("aria-label"), ...box(el) })),
        buttons: [...root.querySelectorAll('.bl-dock .bl-actions [data-key]')].filter((el) => ["draw", "take", "meld", "discard", "close", "pot"].includes(el.dataset.key))
            .map((el) => ({ label: el.textContent, ...box(el) })),
        status: box(root.querySelector(".bl-status")),
        seats,
        centre: box(root.querySelector(".bl-centre")),
    };
}"""


def expect() -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect


@pytest.fixture
def phone(browser: Any) -> Any:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)
    context.set_default_timeout(WAIT_MS)
    from urllib.parse import urlsplit

    def only_loopback(route: Any) -> None:
        if route.request.url.startswith(("data:", "blob:")) or urlsplit(route.request.url).hostname in LOOPBACK:
            route.continue_()
        else:
            route.abort()

    context.route("**/*", only_loopback)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.page_errors = errors
    try:
        yield page
    finally:
        context.close()


def card_of(label: str) -> tuple[str, str] | None:
    """(rank, suit letter) of a natural card from its label ('Queen of spades'); None for wilds."""
    match = re.match(r"(Ace|King|Queen|Jack|\d+) of (spades|hearts|diamonds|clubs)", label)
    if not match:
        return None
    word = match.group(1)
    rank = {"Ace": "A", "King": "K", "Queen": "Q", "Jack": "J"}.get(word, word)
    return (None if rank == "2" else (rank, match.group(2)[0].upper()))  # 2s are wild in 002


def a_meld_in(labels: list[str]) -> list[int] | None:
    """Indexes of three natural cards that make a set or a run (3 to K), if the hand holds one."""
    cards = [card_of(label) for label in labels]
    ranks = Counter(card[0] for card in cards if card)
    for rank, count in ranks.items():
        if count >= 3:
            return [i for i, card in enumerate(cards) if card and card[0] == rank][:3]
    where = {card: i for i, card in enumerate(cards) if card}
    for suit in "SHDC":
        for low in range(2, 11):  # 3-4-5 .. J-Q-K
            run = [(RANKS[low + step], suit) for step in range(3)]
            if all(card in where for card in run):
                return [where[card] for card in run]
    return None


def check_places(page: Any, table: Any, covered_text: Any, turn: int) -> None:
    table.evaluate("(el) => el.scrollIntoView({ block: 'start' })")
    places = page.evaluate(PLACES)
    width, height = places["window"]["width"], places["window"]["height"]

    def inside(box: dict[str, Any]) -> bool:
        return bool(box["left"] >= -0.5 and box["top"] >= -0.5 and box["right"] <= width + 0.5 and box["bottom"] <= height + 0.5)

    outside = [box["label"] for box in places["cards"] + places["buttons"] if not inside(box)]
    assert not outside, f"turn {turn}: out of the window with the table's top on screen: {outside}"
    assert places["cards"] and places["buttons"], f"turn {turn}: no hand or no buttons: {places}"
    assert inside(places["status"]), f"turn {turn}: the status line is off screen"
    seats, centre = places["seats"], places["centre"]
    left, across, right = seats["bl-left"], seats["bl-across"], seats["bl-right"]
    assert left["right"] <= across["left"] + 1 and across["right"] <= right["left"] + 1, f"turn {turn}: seats {seats}"
    assert max(left["bottom"], across["bottom"], right["bottom"]) <= centre["top"] + 1, f"turn {turn}: the centre is not below the seats"
    assert not covered_text(page, TABLE), f"turn {turn}: {covered_text(page, TABLE)}"


def tap_and_wait(page: Any, table: Any, target: Any) -> None:
    """Tap a control that asks Python, and wait for its answer (a new version, or an error)."""
    version = table.get_attribute("data-version")
    target.tap()
    page.wait_for_function(
        """(v) => { const r = document.querySelector('.bl-table:not(.bl-replayer)');
                    return r.dataset.version !== v || !r.querySelector('.bl-error').hidden; }""", arg=version)


def test_a_whole_hand_by_touch_on_a_phone(phone: Any, voila_url: str, covered_text: Any) -> None:
    page = phone
    check = expect()
    page.goto(f"{voila_url}/voila/render/card_table.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(TABLE, state="visible", timeout=60_000)
    table = page.locator(TABLE)
    hand = table.locator(".bl-hand button.bl-card")
    error = table.locator(".bl-error")
    shots = os.environ.get("BURACO_SHOTS")
    melded = discards = 0
    for turn in range(MAX_TURNS):
        page.wait_for_function(
            "() => { const r = document.querySelector('.bl-table:not(.bl-replayer)'); return r.dataset.turn === 'you' || r.dataset.phase === 'over'; }",
            timeout=30_000)
        phase = table.get_attribute("data-phase")
        if phase == "over":
            break
        if turn == 6:  # from here on, large cards: the hand and its buttons must still fit
            table.get_by_role("button", name="Large cards").tap()
            check(table).to_have_class(re.compile(r"\bbl-large\b"))
        check_places(page, table, covered_text, turn)
        if shots and turn % 4 == 0:
            Path(shots).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(shots) / f"phone-turn-{turn:02d}.png"))
        if phase == "draw":
            tap_and_wait(page, table, table.get_by_role("button", name="Draw", exact=True))
            check(table).to_have_attribute("data-phase", re.compile("play|over|pot"))
        if table.get_attribute("data-phase") == "play":
            labels = [hand.nth(i).get_attribute("aria-label") or "" for i in range(hand.count())]
            meld = a_meld_in(labels) if len(labels) > 4 else None
            if meld:
                for index in meld:
                    hand.nth(index).tap()
                check(table.locator('.bl-hand button.bl-card[aria-pressed="true"]')).to_have_count(3)
                check_places(page, table, covered_text, turn)  # three cards raised: still nothing hidden
                tap_and_wait(page, table, table.get_by_role("button", name="Meld 3 cards"))
                if error.is_visible():  # the engine said no (say, a run it reads otherwise): put them back
                    for index in meld:
                        hand.nth(index).tap()
                else:
                    melded += 1
            for attempt in range(hand.count()):  # discard; if that card may not go (the last one), another
                if table.get_attribute("data-phase") != "play":
                    break
                card = hand.nth(attempt)
                card.tap()
                check(card).to_have_attribute("aria-pressed", "true")
                tap_and_wait(page, table, table.get_by_role("button", name="Discard", exact=True))
                if not error.is_visible():
                    discards += 1
                    break
                card.tap()
        if table.get_attribute("data-phase") == "pot" and table.get_attribute("data-turn") == "you":
            tap_and_wait(page, table, table.get_by_role("button", name=re.compile("^Pick up the")))
    else:
        pytest.fail(f"the hand did not end in {MAX_TURNS} turns")
    result = table.get_by_role("region", name="The hand's score")
    check(result).to_be_visible()
    if shots:
        page.screenshot(path=str(Path(shots) / "phone-over.png"), full_page=True)
    assert discards > 5 and melded >= 1, f"discards {discards}, melds {melded}"
    assert page.page_errors == []
