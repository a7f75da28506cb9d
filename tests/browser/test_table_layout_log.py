"""The card table's move log and meld labels, drawn in Chromium on a stand-in model.

The log holds the whole hand: it scrolls, shows its newest line, follows each new line, and
stays where the learner scrolled to while they read back. Melds carry the short label texts
name them by ("meld 3"), readable and covering no card, and the meld's buttons say it.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

pytestmark = pytest.mark.browser

CSS = ("buraco.css", "card_table.css")
TABLE = ".bl-table"

# Where the log is scrolled, and whether its last line is inside its box.
LOG = """() => {
    const list = document.querySelector(".bl-table .bl-log");
    const box = list.getBoundingClientRect();
    const last = list.lastElementChild.getBoundingClientRect();
    return { lines: list.children.length, top: list.scrollTop, scrollable: list.scrollHeight > list.clientHeight + 4,
             lastShown: last.top >= box.top - 0.5 && last.bottom <= box.bottom + 0.5 };
}"""


def table_with_log(lines: int) -> dict[str, Any]:
    from buraco_learn import preset
    from buraco_learn.game.position import position
    from buraco_learn.ui import CardTable

    state = position(preset("italian"), hands={"N": "3H 4H 5H 10S 10C 10D QH KH AH 2S JK"}, current="N", phase="play",
                     melds={"NS": ["JK=5D 6D 7D 8D"], "EW": ["7S 7C 7H"]}, pile="9S 4C")
    table = CardTable(state=state, autoplay=False)
    out = copy.deepcopy({name: getattr(table, name) for name in (
        "table", "selected", "sort", "hand_order", "pace", "highlight", "allow_highlight", "comments", "error",
        "four_colour", "large")})
    out["table"]["log"] = [{"seat": "NESW"[n % 4], "text": f"Move {n + 1}: East drew from the stock"} for n in range(lines)]
    return out


def grow(page: Any, state: dict[str, Any], lines: int) -> dict[str, Any]:
    state = copy.deepcopy(state)
    state["table"]["log"] = [{"seat": "N", "text": f"Move {n + 1}: East drew from the stock"} for n in range(lines)]
    state["table"]["version"] = lines
    page.evaluate("(s) => window.blHarness.update(s)", state)
    page.wait_for_function("(n) => document.querySelectorAll('.bl-table .bl-log li').length === n", arg=lines)
    return dict(page.evaluate(LOG))


def test_the_log_holds_the_hand_and_follows_the_newest_line(mount_widget: Any) -> None:
    state = table_with_log(60)
    page = mount_widget("card_table.js", CSS, state, root=TABLE)
    log = dict(page.evaluate(LOG))
    assert log["lines"] == 60 and log["scrollable"] and log["lastShown"], log
    assert page.get_by_role("heading", name="Moves this hand").is_visible()

    assert grow(page, state, 61)["lastShown"]  # a new line arrives: still the newest in view
    page.evaluate("() => { const l = document.querySelector('.bl-table .bl-log'); l.scrollTop = 0; l.dispatchEvent(new Event('scroll')); }")
    reading = grow(page, state, 62)  # the learner reads back: the log stays put
    assert reading["top"] == 0 and not reading["lastShown"], reading
    page.evaluate("""() => { const l = document.querySelector('.bl-table .bl-log');
        l.scrollTop = l.scrollHeight; l.dispatchEvent(new Event('scroll')); }""")
    assert grow(page, state, 63)["lastShown"]  # back at the end: it follows again
    assert grow(page, state, 3)["lastShown"]  # a new hand starts a short log


def test_melds_carry_the_label_texts_name_them_by(mount_widget: Any, covered_text: Any) -> None:
    state = table_with_log(2)
    for side in state["table"]["melds"]:
        for meld in side["melds"]:
            meld["tag"] = str(meld["id"])
    page = mount_widget("card_table.js", CSS, state, root=TABLE)
    for viewport in ({"width": 1366, "height": 900}, {"width": 390, "height": 844}):
        page.set_viewport_size(viewport)
        tags = page.locator(".bl-table .bl-meld-tag")
        assert tags.all_text_contents() == ["meld 1", "meld 2"]
        size = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.bl-meld-tag')).fontSize)")
        assert size >= 11, f"a meld label of {size}px is too small to read"
        assert page.get_by_role("button", name="Add the selected cards to meld 1").is_visible()
        assert page.get_by_role("button", name="Swap the selected card for the wild card in meld 1").is_visible()
        assert covered_text(page, TABLE) == []
    # a table from before the tags: the meld's key, as the texts of that time named it
    old = copy.deepcopy(state)
    for side in old["table"]["melds"]:
        for meld in side["melds"]:
            del meld["tag"]
    page.evaluate("(s) => window.blHarness.update(s)", old)
    page.wait_for_function("() => document.querySelector('.bl-meld-tag').textContent === 'm1'")
