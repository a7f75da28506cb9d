"""The card table drawn in Italian and in Brazilian Portuguese, in Chromium on a stand-in model.

The table is built in Python under ``i18n.use(lang)`` from a real hand (seed 7, beginner bots, the
learner's moves chosen by a bot until melds lie on the table, three cards selected), its synced
traits drawn by card_table.js: the page's text and its aria-labels hold the language's words and
none of the English table's (the same deal drawn in English), at a laptop's and a phone's size, with
nothing overflowing the page and no card text covered. The hand's end (the score breakdown) is drawn
too. With BURACO_SHOTS=DIR the test saves screenshots there.
"""

from __future__ import annotations

import copy
import os
import re
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

CSS = ("buraco.css", "card_table.css")
TABLE = ".bl-table"
TRAITS = ("table", "selected", "sort", "hand_order", "pace", "highlight", "allow_highlight", "comments", "error",
          "four_colour", "large")
VIEWPORTS = ({"width": 1366, "height": 900}, {"width": 390, "height": 844})

# Every text a learner reads or hears: the visible text (but the cards' faces: rank, suit, a wild's
# "=K♥") and each aria-label and title.
PAGE_WORDS = """(selector) => {
    const root = document.querySelector(selector);
    const faces = [...root.querySelectorAll(".bl-rank, .bl-symbol, .bl-stands")];
    for (const face of faces) face.style.display = "none";
    const out = [root.innerText];
    for (const face of faces) face.style.display = "";
    for (const el of root.querySelectorAll("[aria-label], [title]")) {
        if (el.getAttribute("aria-label")) out.push(el.getAttribute("aria-label"));
        if (el.getAttribute("title")) out.push(el.getAttribute("title"));
    }
    return out.join("\\n");
}"""
# Whether anything is wider than the window (a label too long for its place pushes the page sideways).
OVERFLOW = """() => document.documentElement.scrollWidth - document.documentElement.clientWidth"""


def table_state(lang: str, *, finished: bool = False) -> dict[str, Any]:
    """The synced traits of a table built in ``lang``: mid-hand with melds down, or at the hand's end."""
    from buraco_learn.bots import make_bot
    from buraco_learn.i18n import use
    from buraco_learn.ui import CardTable

    with use(lang):
        table = CardTable("italian", seed=7, bots="beginner", pace=0, highlight=True, autoplay=False)
        me = make_bot("beginner", table.rules, seed=7)
        table.advance()
        for _step in range(300):
            if table.state.over:
                break
            if table.game.learner_turn and table.state.phase == "draw" and not finished and len(table.state.melds) >= 5:
                table.draw()
                break
            if table.game.learner_turn:
                table.play(me.act(table.game.view()))
            table.advance()
        if not finished:
            table.selected = [card["id"] for card in table.table["hand"][:3]]
        state = copy.deepcopy({name: getattr(table, name) for name in TRAITS})
    return state


def english_words(state: dict[str, Any]) -> set[str]:
    """The English table's own words (its labels, and the status), those that are not the same in Italian."""
    table = state["table"]
    words = {value for value in table["labels"].values() if isinstance(value, str) and len(value) > 3}
    words |= {text for _value, text in table["labels"]["paces"]}
    words.add(table["status"])
    return {word.strip() for word in words if re.search(r"[a-z]{3}", word)}


@pytest.mark.parametrize("lang", ["it", "pt_BR"])
@pytest.mark.parametrize("finished", [False, True], ids=["mid-hand", "hand-end"])
def test_the_table_speaks_the_learners_language(mount_widget: Any, covered_text: Any, lang: str, finished: bool) -> None:
    english = english_words(table_state("en", finished=finished))
    state = table_state(lang, finished=finished)
    labels = state["table"]["labels"]
    page = mount_widget("card_table.js", CSS, state, root=TABLE)
    shots = os.environ.get("BURACO_SHOTS")
    for viewport in VIEWPORTS:
        page.set_viewport_size(viewport)
        page.wait_for_timeout(100)
        words = page.evaluate(PAGE_WORDS, TABLE)
        for label in ("draw", "discard", "close", "log_title", "by_suit", "four_colour"):
            assert labels[label] in words, f"{lang}: the table does not show {labels[label]!r}"
        assert state["table"]["status"] in words
        if finished:
            assert state["table"]["result"]["ending"] in words and state["table"]["result"]["totals_text"] in words
        else:
            assert labels["meld_n"][3] in words  # three cards selected
        same = english & english_words(state)  # the same word in both languages ("Normal")
        shown = sorted(word for word in english - same if re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", words))
        assert not shown, f"{lang}, {viewport}: English on the table: {shown}"
        assert not re.search(r"\b(?:JK|10[SHDC]|[2-9AJQK][SHDC])\b", words), f"{lang}: card notation on the table"
        assert page.evaluate(OVERFLOW) <= 1, f"{lang}, {viewport}: the page is wider than the window"
        assert covered_text(page, TABLE) == [], f"{lang}, {viewport}"
        if shots:
            Path(shots).mkdir(parents=True, exist_ok=True)
            name = f"table_{lang}_{'end' if finished else 'mid'}_{viewport['width']}.png"
            page.screenshot(path=str(Path(shots) / name), full_page=True)
