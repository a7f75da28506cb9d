"""The guided first hand of lesson 12 (buraco_learn/app/guided.py): the script, its refusals, its words, its task."""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

import pytest

from buraco_learn.app.guided import LEARNER, SCRIPT, STEPS, SUMMARY, TASK, GuidedGame, GuidedHand, GuidedTable, guided_start
from buraco_learn.errors import IllegalActionError
from buraco_learn.game.actions import Action
from buraco_learn.game.state import HandState

#: Card notation ("5D", "10S", "JK") or meld labels ("m2") a newcomer must never read.
NOTATION = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b|\bJK\b|\bm\d+\b")
#: 002's sections, as the rule document names them.
SECTIONS_002 = ("Overview", "The cards", "Melds", "Setup", "Playing a turn", "The pozzetti", "Closing", "Scoring",
                "Winning the game")


def fingerprint(state: HandState) -> Any:
    """Everything in a hand's state, hidden cards included, to compare before and after a refusal."""
    return (
        [action.notation() for action in state.history],
        [list(hand) for hand in state.hands],
        list(state.pile), list(state.stock), [None if pot is None else list(pot) for pot in state.pots],
        [(meld.id, meld.side, meld.meld.notation()) for meld in state.melds],
        state.phase, state.current, state.turn, {seat: list(cards) for seat, cards in state.pending_pot.items()},
    )


def wrong_moves(state: HandState, right: Action) -> tuple[Action | None, Action]:
    """A legal move that is not the step (None where the step is the only legal move) and an illegal one."""
    legal = next((action for action in state.legal_actions if action != right), None)
    illegal = Action.draw() if state.phase != "draw" else Action.discard(state.hand_cards(state.current)[0])
    assert not state.is_legal(illegal)
    return legal, illegal


class FakePage:
    def __init__(self) -> None:
        self.tasks: set[str] = set()
        self.answers: list[tuple[str, bool]] = []
        self.quizzes: list[tuple[int, int, str]] = []

    def task(self, key: str) -> None:
        self.tasks.add(key)

    def answered(self, key: str, right: bool) -> None:
        self.answers.append((key, right))

    def record_quiz(self, score: int, total: int, quiz: str = "check") -> str:
        self.quizzes.append((score, total, quiz))
        return "saved"


def test_the_whole_hand_by_the_script() -> None:
    table = GuidedTable(autoplay=False)
    for number, step in enumerate(STEPS, 1):
        table.advance()
        assert table.game.learner_turn and table.game.expected == step
        assert table.table["status"] == f"Step {number} of {len(STEPS)}: {step.text}"
        table.play(step.action)
        assert table.error == ""
    table.advance()
    state = table.state
    assert state.over and state.end_reason == "closed" and state.seat_names[state.closed_by] == "S"
    assert [action.notation() for action in state.history] == [Action.parse(move.action).notation() for move in SCRIPT]
    ours = [meld.meld for meld in state.side_melds(0)]
    assert any(len(meld.slots) >= 7 for meld in ours), "the learner's side made a burraco"
    assert state.side_pot.get(0) is not None, "the learner's side took its pozzetto"
    assert table.table["status"] == SUMMARY and table.table["result"]["sides"]
    assert 4 <= sum(1 for earlier, move in itertools.pairwise(SCRIPT) if move.seat == LEARNER and earlier.seat != LEARNER) + 1 <= 8


def test_every_step_refuses_any_other_move_and_changes_nothing() -> None:
    game = GuidedGame()
    refused_legal = 0
    for step in STEPS:
        game.run_bots()
        right = step.parsed
        legal, illegal = wrong_moves(game.state, right)
        before = fingerprint(game.state)
        if legal is not None:
            with pytest.raises(IllegalActionError) as refusal:
                game.act(legal)
            assert str(refusal.value).startswith("Not yet: this step is to ")
            assert str(refusal.value) == f"Not yet: this step is to {step.goal}."
            assert fingerprint(game.state) == before
            refused_legal += 1
        with pytest.raises(IllegalActionError) as refusal:
            game.act(illegal)
        assert "Not yet" not in str(refusal.value) and "002" in str(refusal.value)
        assert fingerprint(game.state) == before
        game.act(right)
    assert refused_legal >= len(STEPS) - 2  # only the pozzetto's pick-up may be the one legal move
    game.run_bots()
    assert game.state.over and game.missed_steps == set(range(1, len(STEPS) + 1))


def test_the_table_shows_refusals_in_words_and_keeps_the_hand() -> None:
    table = GuidedTable(autoplay=False)
    before = fingerprint(table.state)
    table._handle_custom_msg({"intent": "take"}, [])
    assert table.error == "Not yet: this step is to draw a card from the stock (press Draw)." and fingerprint(table.state) == before
    table._handle_custom_msg({"intent": "draw"}, [])
    assert table.error == "" and table.state.phase == "play"
    seven = next(key for key in table.hand_order if key in table.table["hint"]["ids"])
    table._handle_custom_msg({"intent": "discard", "card": seven}, [])
    assert table.error.startswith("Not yet: this step is to lay down your three sevens")
    assert not NOTATION.search(table.error)
    assert sorted(table.table["hint"]["ids"]) == sorted(
        key for key in table.hand_order if key in table.table["hint"]["ids"]) and len(table.table["hint"]["ids"]) == 3
    assert table.table["controls"]["hint"] is False


def test_the_words_explain_every_move_without_notation() -> None:
    for move in SCRIPT:
        assert move.text and not NOTATION.search(move.text), move
        if move.seat == LEARNER:
            assert move.why and not NOTATION.search(move.why), move
            assert move.goal and not NOTATION.search(move.goal) and move.goal[0].islower(), move
            cited = re.findall(r"002 '([^']+)'", move.why)
            assert cited and set(cited) <= set(SECTIONS_002), move
    assert not NOTATION.search(SUMMARY)
    game = GuidedGame()
    explained = 0
    while not game.state.over:
        if game.learner_turn:
            game.act(game.expected.action)  # type: ignore[union-attr]
            continue
        move = game.expected
        assert move is not None and move.seat != LEARNER
        game.bot_step()
        assert game.recent[-1] == move.text and game.log_view()[-2 if game.state.over else -1]["text"] == move.text
        assert game.step_text() == move.text or game.learner_turn or game.state.over
        explained += 1
    assert explained == sum(1 for move in SCRIPT if move.seat != LEARNER)


def _shown_ids(value: Any) -> set[int]:
    """The physical cards a synced value shows face up (their ids are ``c<number>``)."""
    if isinstance(value, dict):
        found = {int(value["id"][1:])} if isinstance(value.get("id"), str) and re.fullmatch(r"c\d+", value["id"]) else set()
        return found.union(*(_shown_ids(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(_shown_ids(item) for item in value))
    return set()


def test_hidden_cards_stay_hidden() -> None:
    """The table shows only what North may see: its hand, the melds, the pile and cards known from the pile."""
    table = GuidedTable(autoplay=False)
    pot = set(guided_start().pots[0] or [])
    for step in STEPS:
        table.advance()
        state = table.state
        public = (set(state.hands[0]) | {card for meld in state.melds for card in meld.ids} | set(state.pile)
                  | {card for cards in state.known for card in cards})
        synced = json.loads(json.dumps({name: table.get_state()[name] for name in ("table", "hand_order", "selected")}))
        assert _shown_ids(synced) <= public, step
        if state.side_pot.get(0) is None:
            assert not _shown_ids(synced) & pot, "the pozzetto's cards show before it is picked up"
        table.play(step.action)


def test_one_task_for_the_stars_and_one_mistake_per_step() -> None:
    page = FakePage()
    hand = GuidedHand(page, autoplay=False)
    assert page.tasks == {TASK} and "Step 1 of 15" in hand.panel.value
    for attempt in ("take", "discard 7S", "take"):
        with pytest.raises(IllegalActionError):
            hand.play(attempt)
    assert page.answers == [(TASK, False)]  # three refused attempts at step 1: one mistake
    hand.play("draw")
    with pytest.raises(IllegalActionError):
        hand.play("meld 4H 5H 6H")
    assert page.answers == [(TASK, False), (TASK, False)]
    for step in STEPS[1:]:
        hand.advance()
        assert hand.game.expected == step
        assert f"Step {hand.game.step_number} of" in hand.panel.value and step.why.split(" (")[0][:20] in hand.panel.value
        hand.play(step.action)
        if hand.game.recent:
            assert "Since your move" in hand.panel.value
    hand.advance()
    assert hand.state.over and page.answers[-1] == (TASK, True) and page.quizzes == [(1, 1, TASK)]
    assert "Steps that needed another try: 2." in hand.panel.value
    hand.update()
    assert page.answers.count((TASK, True)) == 1  # recorded once
    hand.restart()
    assert hand.game.step_number == 1 and not hand.state.history


def test_the_same_deal_again_starts_the_steps_again() -> None:
    table = GuidedTable(autoplay=False)
    for step in STEPS:
        table.advance()
        table.play(step.action)
    table.advance()
    assert table.state.over and table.table["controls"]["replay"]
    table.replay()
    assert table.game.step_number == 1 and table.table["status"].startswith("Step 1 of 15")


def test_the_why_sits_under_the_buttons_and_the_coach_switch_hides_it() -> None:
    table = GuidedTable(autoplay=False)
    assert table.table["comment"]["text"] == STEPS[0].why
    table.comments = False
    assert not table.table["comment"]
    table.comments = True
    assert table.table["comment"]["text"] == STEPS[0].why
    table.draw()
    assert table.table["comment"]["text"] == STEPS[1].why  # the next step's why, never the coach's opinion
    for step in STEPS[1:4]:
        table.play(step.action)
    assert not table.table["comment"] and not table.game.learner_turn  # the bots' turn: their lines say why


NAMED = re.compile(r"(10|[2-9AJQK])([♠♥♦♣])")


def _public_cards(state: HandState) -> set[str]:
    """Cards North may know of, as rank and suit: its hand, the melds, the pile and what was taken from the pile."""
    from buraco_learn.cards import card_of_id

    ids = (set(state.hands[0]) | {card for meld in state.melds for card in meld.ids} | set(state.pile)
           | {card for cards in state.known for card in cards})
    return {card_of_id(card).unicode() for card in ids}


def test_the_words_name_only_cards_north_may_know() -> None:
    """No line gives away a hidden card: every card a step or a bot's line names is, by then, in North's hand or public."""
    game = GuidedGame()
    seen_before: set[str] = _public_cards(game.state)
    while not game.state.over:
        move = game.expected
        assert move is not None
        if move.seat == LEARNER:
            shown = _public_cards(game.state)
            for text in (move.text, move.why, move.goal):
                for rank, suit in NAMED.findall(text):
                    assert f"{rank}{suit}" in shown, (move, rank + suit)
            game.act(move.action)
        else:
            game.bot_step()
            shown = _public_cards(game.state) | seen_before  # a card melded or discarded and since taken stays known
            for rank, suit in NAMED.findall(move.text):
                assert f"{rank}{suit}" in shown, (move, rank + suit)
        seen_before |= _public_cards(game.state)


def test_a_replay_of_the_deal_counts_its_own_refusals() -> None:
    page = FakePage()
    hand = GuidedHand(page, autoplay=False)
    with pytest.raises(IllegalActionError):
        hand.play("take")
    for step in STEPS:
        hand.advance()
        hand.play(step.action)
    hand.advance()
    assert page.answers == [(TASK, False), (TASK, True)]
    assert hand.table is not None
    hand.table.replay()
    assert hand.game.step_number == 1 and not hand.game.missed_steps and "Step 1 of 15" in hand.panel.value
    with pytest.raises(IllegalActionError):
        hand.play("take")
    assert page.answers == [(TASK, False), (TASK, True), (TASK, False)]
