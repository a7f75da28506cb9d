"""The coach: the hint ladder, the second opinion, the post-hand review."""

from __future__ import annotations

import random

import pytest

from buraco_learn import PRESET_NAMES, preset
from buraco_learn.bots.intermediate import IntermediateBot
from buraco_learn.bots.strong import StrongBot
from buraco_learn.coach import CONFIDENCE, Coach, Decision, DecisionLog
from buraco_learn.coach.explain import TIPS, tip
from buraco_learn.coach.positions import ITALIAN, burraco_pile, dangerous_discard
from buraco_learn.game import HandState
from buraco_learn.game.actions import Action

SMALL = {"worlds": 6, "budget_ms": None}


def test_the_hint_for_a_pile_that_completes_a_burraco() -> None:
    state = burraco_pile()
    view = state.view(state.current)
    hint = Coach(ITALIAN, seed=1, **SMALL).hint(view)
    assert hint.action == Action.take()
    assert [rung.level for rung in hint.rungs] == [1, 2, 3]
    idea, cards, full = (rung.text for rung in hint.rungs)
    assert "take the discard pile" in idea and "J♥" in idea and "burraco" in idea
    assert "002 'Playing a turn'" in idea
    assert "a burraco" in hint.rung(1).gains
    assert "J♥" in cards
    assert full.startswith("Play: take the discard pile.")


def test_the_hint_for_a_discard_names_the_safe_card_and_the_danger() -> None:
    state = dangerous_discard()
    coach = Coach(ITALIAN, seed=2, **SMALL)
    while state.current == 0:
        view = state.view(0)
        hint = coach.hint(view)
        if hint.action.kind == "discard":
            break
        state.apply(hint.action)
    assert hint.action.kind == "discard" and hint.action.cards[0].notation() != "9C"
    assert "opponents" in hint.rung(1).text and "Tips for beginners" in hint.rung(1).text
    assert "Keep" in hint.rung(2).text and "9♣" in hint.rung(2).text


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_hints_are_legal_with_three_rungs_naming_gains_and_sources(name: str) -> None:
    rules = preset(name)
    coach = Coach(rules, seed=3, worlds=2, candidates=3, horizon=2, budget_ms=None)
    bot = IntermediateBot(rules, 1)
    state = HandState.new(rules, random.Random(7))
    hints = 0
    while not state.over and hints < 6:
        view = state.view(state.current)
        if len(view.legal) > 1 and state.current == 0:
            hint = coach.hint(view)
            assert hint.action in view.legal
            assert len(hint.rungs) == 3
            for rung in hint.rungs:
                assert rung.text and rung.gains and rung.sources
                assert any(doc in source for source in rung.sources for doc in ("000", "001", "002", "003", "004"))
            assert hint.to_dict()["action"] == hint.action.notation()
            hints += 1
        state.apply(bot.act(view))
    assert hints > 0


def test_the_coach_agrees_with_the_strong_bot() -> None:
    rules = preset("aberto")
    state = HandState.new(rules, random.Random(2))
    coach = Coach(rules, seed=4, **SMALL)
    strong = StrongBot(rules, 4, confidence=CONFIDENCE, **SMALL)
    bot = IntermediateBot(rules, 1)
    checked = 0
    while not state.over and checked < 8:
        view = state.view(state.current)
        if len(view.legal) > 1:
            assert coach.suggest(view) == strong.act(view)
            checked += 1
        state.apply(bot.act(view))
    assert checked == 8


def test_compare_the_coach_s_own_move() -> None:
    state = burraco_pile()
    view = state.view(state.current)
    comparison = Coach(ITALIAN, seed=1, **SMALL).compare(view, "take")
    assert comparison.matches and comparison.verdict == "same" and comparison.loss == 0
    assert comparison.text.startswith("That is what I would have played")


def test_compare_a_worse_move_says_why_in_a_sentence_or_two() -> None:
    state = burraco_pile()
    view = state.view(state.current)
    comparison = Coach(ITALIAN, seed=1, **SMALL).compare(view, "draw")
    assert comparison.verdict == "worse" and not comparison.matches and comparison.loss > 0
    assert comparison.suggested == Action.take()
    assert "take" in comparison.text and "burraco" in comparison.text
    assert 1 <= comparison.text.count(". ") + 1 <= 3
    assert comparison.to_dict()["suggested"] == "take"


def test_compare_a_dangerous_discard() -> None:
    state = dangerous_discard()
    coach = Coach(ITALIAN, seed=2, **SMALL)
    state.apply("draw")
    view = state.view(0)
    comparison = coach.compare(view, "discard 9C")
    assert comparison.verdict == "worse"
    assert "The 9♣ extends the opponents' run of clubs 3♣ to 8♣" in comparison.text


def test_compare_refuses_an_illegal_action() -> None:
    state = burraco_pile()
    with pytest.raises(ValueError, match="not a legal action"):
        Coach(ITALIAN, seed=1, **SMALL).compare(state.view(state.current), "discard 5H")


def test_the_coach_refuses_a_hand_state() -> None:
    state = HandState.new(ITALIAN, random.Random(1))
    with pytest.raises(TypeError, match="PlayerView"):
        Coach(ITALIAN, **SMALL).hint(state)  # type: ignore[arg-type]


def test_the_review_names_the_costliest_decisions() -> None:
    state = burraco_pile()
    coach = Coach(ITALIAN, seed=1, **SMALL)
    log = DecisionLog()
    view = state.view(state.current)
    log.record(view, "draw")  # a mistake: the pile completed a burraco
    state.apply("draw")
    view = state.view(state.current)
    log.record(view, view.legal[-1])
    review = coach.review(log.decisions)
    assert review.decisions == 2
    assert 1 <= len(review.items) <= 3
    assert review.items[0].action == Action.draw() and review.items[0].suggested == Action.take()
    assert [item.loss for item in review.items] == sorted((item.loss for item in review.items), reverse=True)
    assert "cost points" in review.text() and "take the discard pile" in review.text()
    assert review.to_dict()["items"][0]["suggested"] == "take"


def test_the_review_keeps_three_and_accepts_pairs() -> None:
    rules = preset("italian")
    state = HandState.new(rules, random.Random(11))
    decisions: list[Decision | tuple] = []
    while not state.over and len(decisions) < 12:
        view = state.view(state.current)
        action = view.legal[-1]  # often a poor choice: the last legal action
        if state.current == 0 and len(view.legal) > 1:
            decisions.append((view, action))
        state.apply(action)
    review = Coach(rules, seed=5, worlds=3, budget_ms=None).review(decisions)
    assert len(review.items) <= 3 and review.decisions == len(decisions)
    for item in review.items:
        view = decisions[item.number - 1][0]
        assert item.suggested in view.legal and item.loss > 0


def test_the_decision_log_keeps_only_real_choices() -> None:
    state = HandState.new(ITALIAN, random.Random(1))
    log = DecisionLog()
    view = state.view(state.current)
    log.record(view, "draw")
    state.apply("draw")
    assert len(log) == 1 and log.decisions[0].to_dict()["action"] == "draw"


def test_tips_are_quoted_from_the_documents() -> None:
    from pathlib import Path

    seeds = Path(__file__).resolve().parents[2] / "shared" / "seeds"
    if not seeds.exists():
        pytest.skip("the rule documents are not next to this checkout")
    texts = {path.name[:3]: path.read_text(encoding="utf-8") for path in seeds.glob("00*.txt")}
    for key, by_document in TIPS.items():
        for document, (_, quote) in by_document.items():
            assert quote in texts[document], (key, document)
    assert tip("big_pile", "004").startswith("advice from 002")
