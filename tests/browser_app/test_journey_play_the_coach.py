"""A learner's journey through lesson 12, in headless Chromium against ``buraco-learn serve``.

Three whole hands against the bots, played through the page only (clicks, never Python):
every rung of every hint is asked for and read, the hint's move is played and the coach's
comment must call it the coach's own move; on the way the learner lays down a meld with
a high ace and one with a wild card inside a run (chosen from the cards in hand), and
picks up the pozzetto when the hand empties. Each hand ends with the coach's review.
At every step the test fails on error text, action notation or a file path in the
visible page, on a card that covers another card's rank, suit or wild label, and on
bots that do not give the turn back (a stall).
"""

from __future__ import annotations

import itertools
import re
import time
from collections import Counter
from typing import Any

import pytest

from buraco_learn import check_add, check_meld, preset
from buraco_learn.cards import Card, card_of_id
from buraco_learn.game.actions import Action
from buraco_learn.melds import Meld

from .conftest import AppServer, BrowserThread, Tab, _with_tab
from .test_app_browser import assert_no_error_output
from .test_lessons_browser import TABLE, TABLE_STATE, expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

HANDS = 3
MAX_HANDS = 8
# a deal whose first hand gives North a run with a high ace (Q♥ K♥ A♥) and one with a wild inside it, and in
# whose second and third hands a learner who lays down whatever fits reaches the pozzetto (found by playing the
# deals with TableGame, the learner's fallback played by the intermediate, beginner and strong bots in turn)
DEAL = 109
STALL_S = 90  # at the "Instant" pace the bots give the turn back in a few seconds; a minute and a half is a stall
RULES = preset("italian")

# what a learner must never read: action notation, raw card codes, meld ids, programmer's words, file paths
NOTATION = re.compile(
    r"\b(meld|add|swap|discard|close) (m\d+|(10|[2-9AJQK])[SHDC♠♥♦♣]|JK)"
    r"|\bm\d+\b"
    r"|\b(10|[2-9AJQK])[SHDC]\b"
    r"|write '|illegal action|not a legal action|went wrong|Traceback|Error:|\bNone\b|undefined|NaN"
    r"|/(home|tmp|work|root|usr)/|\.(sqlite3?|db|py|ipynb)\b"
)
BROKEN = re.compile(r"gains blocking|about 0 points|about -\d|\s{2,}[.,]|\(\s*\)")

# each visible card's rank, suit and wild label must be the topmost thing at its centre
COVERED_JS = """() => {
  const out = [];
  const vw = window.innerWidth, vh = window.innerHeight;
  for (const card of document.querySelectorAll('.bl-table:not(.bl-replayer):not(.bl-guided .bl-table) .bl-card:not(.bl-face-down)')) {
    for (const part of card.querySelectorAll('.bl-rank, .bl-symbol, .bl-stands')) {
      const r = part.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= vw || y >= vh) continue;
      const top = document.elementFromPoint(x, y);
      if (top && !card.contains(top) && top.closest('.bl-card')) {
        out.push(`${card.getAttribute('aria-label')} (${part.className}) is covered by ${top.closest('.bl-card').getAttribute('aria-label')}`);
      }
    }
  }
  return out;
}"""
SETTLED = """() => {
  const root = document.querySelector(".bl-table:not(.bl-replayer):not(.bl-guided .bl-table)");
  return !!root && !root.hasAttribute("aria-busy");
}"""
# the learner may act now, or the hand is over
MAY_ACT = """() => {
  const root = document.querySelector(".bl-table:not(.bl-replayer):not(.bl-guided .bl-table)");
  if (!root) return false;
  if (root.dataset.phase === "over") return true;
  const hint = root.querySelector('button[data-key="hint"]');
  return root.dataset.turn === "you" && !!hint && !hint.disabled;
}"""


def card_of(browser_id: str) -> Card:
    """The card behind a browser id of the learner's own hand (``c57``)."""
    return card_of_id(int(browser_id[1:]))


class Learner:
    """Plays lesson 12's table by clicking, and checks what it reads on the way."""

    def __init__(self, tab: Tab) -> None:
        self.tab = tab
        self.page = tab.page
        self.table = self.page.locator(TABLE)
        self.seen: Counter[str] = Counter()
        self.read: list[str] = []
        self.greedy = False  # from the last hand on: lay down whatever fits, to reach the pozzetto
        self.tried: set[Action] = set()

    # -- reading --------------------------------------------------------------------------------
    def check_page(self, where: str) -> None:
        text = self.page.inner_text("#rendered_cells")
        found = NOTATION.search(text) or BROKEN.search(text)
        if found:
            at = found.start()
            raise AssertionError(f"{where}: the page shows {found.group(0)!r}: …{text[max(0, at - 120):at + 80]}…")
        covered = self.page.evaluate(COVERED_JS)
        assert not covered, f"{where}: {covered[:5]}"

    def phase(self) -> str:
        return str(self.table.get_attribute("data-phase"))

    def wait_for_turn(self, where: str) -> str:
        start = time.monotonic()
        try:
            self.page.wait_for_function(MAY_ACT, timeout=STALL_S * 1000)
        except Exception as error:
            raise AssertionError(f"{where}: the bots stalled: no turn back after {time.monotonic() - start:.0f} s; "
                                 f"the table: {self.page.evaluate(TABLE_STATE)}") from error
        return self.phase()

    def hand(self) -> dict[str, Card]:
        ids = (self.table.get_attribute("data-order") or "").split()
        return {card_id: card_of(card_id) for card_id in ids}

    # -- doing ----------------------------------------------------------------------------------
    def click(self, key: str) -> None:
        button = self.table.locator(f'button[data-key="{key}"]')
        expect()(button).to_be_enabled()
        button.click()

    def select(self, cards: tuple[Card, ...]) -> None:
        hand = self.hand()
        wanted = [card.code for card in cards]
        chosen: list[str] = []
        for code in wanted:
            card_id = next(key for key, card in hand.items() if card.code == code and key not in chosen)
            chosen.append(card_id)
        for card_id in chosen:
            self.table.locator(f'button[data-key="card-{card_id}"]').click()
        for card_id in chosen:
            expect()(self.table.locator(f'button[data-key="card-{card_id}"]')).to_have_attribute("aria-pressed", "true")

    def settled(self) -> None:
        """Wait until Python has answered the table's last intent."""
        self.page.wait_for_function(SETTLED, timeout=60_000)

    def play(self, action: Action) -> None:
        """``action`` done the way a learner does it: pick the cards, press the button; then wait for the answer."""
        kind = action.kind
        if kind in ("draw", "pot"):
            self.click(kind)
        elif kind == "take":
            self.click("take")
        elif kind == "meld":
            assert len(action.groups) == 1, action
            self.select(action.groups[0])
            self.click("meld")
        elif kind in ("add", "swap"):
            self.select(action.cards)
            self.click(f"{kind}-m{action.target}")
        elif kind in ("discard", "close"):
            self.select(action.cards)
            self.click(kind)
        else:  # pragma: no cover - italian has no other action
            raise AssertionError(f"the learner cannot play {action}")
        self.settled()

    def ask_every_rung(self) -> Action:
        """Hint, more, again: read each rung, return the move of the last."""
        hint = self.table.locator(".bl-hint")
        action = ""
        for rung in (1, 2, 3):
            self.click("hint")
            expect()(hint).to_contain_text(f"Hint {rung} of 3", timeout=60_000)
            self.settled()
            text = hint.inner_text()
            assert len(text) > 20 and not NOTATION.search(text) and not BROKEN.search(text), text
            self.read.append(text)
            action = hint.get_attribute("data-action") or ""
        self.seen["hints"] += 1
        return Action.parse(action)

    def special_meld(self) -> tuple[str, tuple[Card, ...]] | None:
        """A meld in hand with a high ace, or with a wild card inside a run, not made yet."""
        cards = list(self.hand().values())
        for size in (3, 4):
            for combo in itertools.combinations(cards, size):
                verdict = check_meld(combo, RULES)
                meld = verdict.meld
                if not verdict.legal or meld is None or meld.kind != "run":
                    continue
                slots = meld.slots
                if not self.seen["high ace"] and slots[-1].rank.value == 1 and not slots[-1].wild:
                    return "high ace", combo
                if not self.seen["wild inside a run"] and any(slot.wild for slot in slots[1:-1]):
                    return "wild inside a run", combo
        return None

    def my_melds(self) -> list[tuple[int, Meld]]:
        """The learner's side's melds as the table shows them (number, arrangement)."""
        out = []
        for group in self.table.locator(".bl-mine .bl-meld").all():
            key = group.get_attribute("data-meld") or ""
            words = []
            for card in group.locator(".bl-card").all():
                word = card_of(card.get_attribute("data-id") or "").notation()
                stands = card.locator(".bl-stands")
                if stands.count() and stands.inner_text()[-1:] in "♠♥♦♣":  # a wild's place in a run (in a set: its rank only)
                    word += "=" + Card.parse(stands.inner_text().lstrip("=")).notation()
                words.append(word)
            text = " ".join(words)
            meld = Meld.parse(text, RULES) if "=" in text else check_meld(text, RULES).meld
            assert meld is not None, text
            out.append((int(key[1:]), meld))
        return out

    def refused(self) -> str:
        """The table's refusal of the last try ("" when it was played)."""
        error = self.table.locator(".bl-error")
        if not error.is_visible():
            return ""
        text = error.inner_text()
        assert not NOTATION.search(text) and re.search(r"\(00\d '", text), f"a refusal must be words citing its rule: {text!r}"
        self.seen["refusals read"] += 1
        pressed = self.table.locator('.bl-hand button[aria-pressed="true"]')
        for left in range(pressed.count(), 0, -1):  # take the selection back, one card at a time
            pressed.first.click()
            expect()(pressed).to_have_count(left - 1)
        return text

    def attempt(self, action: Action) -> bool:
        """Try ``action``; True when the table took it (a refusal is read, and changes nothing)."""
        if action in self.tried:
            return False
        self.tried.add(action)
        order = self.table.get_attribute("data-order")
        self.play(action)
        if self.refused():
            assert self.table.get_attribute("data-order") == order, "a refused move changed the hand"
            return False
        return True

    def lay_down_what_fits(self) -> bool:
        """A learner in a hurry to empty the hand: a new meld from the hand, else a card added to a
        meld of the side; False when nothing fits (then the hint decides)."""
        cards = list(self.hand().values())
        if len(cards) <= 1:
            return False
        for size in (3, 4, 5):
            for combo in itertools.combinations(cards, size):
                if check_meld(combo, RULES).legal and self.attempt(Action.meld(combo)):
                    self.seen["greedy melds"] += 1
                    return True
        for number, meld in self.my_melds():
            for card in cards:
                if check_add(meld, (card,), RULES).legal and self.attempt(Action.add(number, (card,))):
                    self.seen["greedy additions"] += 1
                    return True
        return False

    def wrong_on_purpose(self) -> None:
        """A learner's mistake: two cards laid down as a meld. The table says why and changes nothing."""
        cards = list(self.hand().values())[:2]
        order = self.table.get_attribute("data-order")
        self.play(Action.meld(tuple(cards)))
        expect()(self.table.locator(".bl-error")).to_be_visible()
        text = self.refused()
        assert "three" in text or "3" in text, text
        assert self.table.get_attribute("data-order") == order
        self.seen["wrong on purpose"] += 1

    def comment(self, where: str) -> tuple[str, str, str]:
        node = self.table.locator(".bl-comment")
        try:
            expect()(node).to_be_visible(timeout=60_000)
        except AssertionError as error:
            raise AssertionError(f"{where}: no comment from the coach; the table: {self.page.evaluate(TABLE_STATE)}") from error
        return node.get_attribute("data-action") or "", node.get_attribute("class") or "", node.inner_text()

    def turn(self, number: int) -> None:
        """One decision of the learner's (a draw, a meld, a discard ...)."""
        where = f"hand {self.seen['hands'] + 1}, decision {number}"
        self.check_page(where)
        if self.phase() == "draw":
            self.tried.clear()  # a new turn: what was refused may fit now
        if self.phase() == "play" and not self.seen["wrong on purpose"]:
            self.wrong_on_purpose()
        special = self.special_meld() if self.phase() == "play" else None
        if special is not None and self.attempt(Action.meld(special[1])):
            self.seen[special[0]] += 1
            return
        if self.greedy and self.phase() == "play" and self.lay_down_what_fits():
            return
        action = self.ask_every_rung()
        if action.kind == "pot":
            self.seen["pot"] += 1
        forced = self.table.get_attribute("data-choices") == "1"  # a move without a choice gets no comment
        self.play(action)
        if self.phase() != "over" and not forced:
            played, classes, text = self.comment(where)
            assert Action.parse(played) == action, (played, action)
            assert "bl-verdict-same" in classes, f"{where}: the hint's move {action} got the comment {text!r}"
            assert not NOTATION.search(text) and not BROKEN.search(text), text
            self.seen["comments agreeing"] += 1

    def hand_to_the_end(self) -> None:
        decisions = 0
        while self.wait_for_turn(f"hand {self.seen['hands'] + 1}") != "over":
            decisions += 1
            self.turn(decisions)
            assert decisions < 400, "the hand should have ended"
        self.seen["hands"] += 1
        result = self.table.get_by_role("region", name="The hand's score")
        expect()(result).to_contain_text("(002 'Scoring')")
        result.get_by_role("button", name="Review my play with the coach").click()
        review = result.get_by_role("region", name="The coach's review")
        expect()(review).to_contain_text("decision", timeout=120_000)
        text = review.inner_text()
        assert not NOTATION.search(text) and not BROKEN.search(text), text
        self.check_page(f"the review of hand {self.seen['hands']}")
        assert_no_error_output(self.tab)


@pytest.mark.parametrize("viewport", [{"width": 1366, "height": 900}])
def test_three_hands_beside_the_coach_as_a_learner(fresh_app: AppServer, browser_thread: BrowserThread, viewport: dict[str, int]) -> None:
    def journey(tab: Tab) -> dict[str, Any]:
        started = time.monotonic()
        page = tab.open(f"{fresh_app.url}voila/render/12_play_the_coach.ipynb")
        page.set_viewport_size(viewport)
        page.get_by_placeholder("any").fill("12a")
        page.get_by_role("button", name="Deal a new game").click()
        expect()(page.get_by_role("alert").filter(has_text="A deal number is a whole number")).to_be_visible()
        page.get_by_placeholder("any").fill(str(DEAL))
        page.get_by_role("button", name="Deal a new game").click()
        expect()(page.get_by_text(f"A new game, deal number {DEAL}")).to_be_visible()
        learner = Learner(tab)
        expect()(learner.table).to_be_visible()
        learner.table.get_by_label("Bot speed").select_option(label="Instant")
        # three hands, and more (up to MAX_HANDS) until the learner has picked up the pozzetto
        while learner.seen["hands"] < HANDS or (not learner.seen["pot"] and learner.seen["hands"] < MAX_HANDS):
            learner.greedy = learner.seen["hands"] >= 1  # the first hand by the hints; then whatever fits, for the pozzetto
            learner.hand_to_the_end()
            if learner.seen["hands"] < HANDS or (not learner.seen["pot"] and learner.seen["hands"] < MAX_HANDS):
                if learner.table.locator('button[data-key="next-hand"]').count():
                    learner.click("next-hand")
                else:  # the match is over: a new one
                    page.get_by_placeholder("any").fill(str(DEAL + learner.seen["hands"]))
                    page.get_by_role("button", name="Deal a new game").click()
                expect()(learner.table).not_to_have_attribute("data-phase", "over")
        return {"seen": dict(learner.seen), "seconds": time.monotonic() - started}

    try:
        outcome = browser_thread.run(_with_tab(journey), timeout=1800)
    except AssertionError as error:
        log = fresh_app.log()
        problem = log[log.rfind("Traceback"):][:3000] if "Traceback" in log else "(no traceback in the server's log)"
        raise AssertionError(f"{error}\n--- the server's last traceback:\n{problem}") from None
    seen = outcome["seen"]
    print(f"\njourney of {HANDS} hands: {outcome['seconds']:.0f} s; {seen}")
    assert seen["hands"] >= HANDS
    assert seen["high ace"] and seen["wild inside a run"] and seen["pot"] and seen["wrong on purpose"], seen
    assert seen["comments agreeing"] >= 10, seen
