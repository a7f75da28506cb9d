"""The strategy lessons (13-15): every position's verdict is the coach's own, and the lesson's reason fits it.

For each spot and each of its variants (the same idea dealt in other suits), the coach that judges the
lessons (:func:`buraco_learn.app.strategy.lesson_coach`: full search, no time cap, so deterministic) must

- choose a move of the kind the lesson teaches (take, draw, discard, meld, add), never one of its traps;
- rate every trap worse beyond its 95% margin (so a learner who falls for it is told so, by the coach);
- rate no legal move better than its choice beyond that margin (the marked choice really is the best);
- for a discard position, rate no discard but the traps clearly worse (every safe card passes);

and the reason the lesson shows must name cards of that position. Variant 0 of every spot runs by
default; the other variants (which "Try a fresh position" deals) are the slow tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from buraco_learn.app.catalogue import find
from buraco_learn.app.lessonkit import Page
from buraco_learn.app.progress import ProgressStore
from buraco_learn.app.strategy import LESSONS, Spot, StrategyTasks, action_cards, card_words, lesson_coach, rename, spots_of
from buraco_learn.cards import card_of_id
from buraco_learn.coach import Coach

SPOTS = {lesson: spots_of(lesson) for lesson in LESSONS}  # as the task files declare them
ALL = [(lesson, spot) for lesson, spots in SPOTS.items() for spot in spots]


def _id(item: tuple[str, Spot]) -> str:
    return f"{item[0]}:{item[1].key}"


def check_spot(spot: Spot, variant: int, coach: Coach) -> None:
    state = spot.state(variant)
    view = state.view(0)
    best = coach.suggest(view)
    traps = {trap.canonical() for trap in spot.trap_actions(variant)}
    where = f"{spot.key} variant {variant} ({spot.variant(variant)})"
    assert best.kind == spot.expect, f"{where}: the coach chooses {best.notation()}, not a {spot.expect}"
    assert best.canonical() not in traps, f"{where}: the coach's choice is a trap"
    worse = set()
    for action in view.legal:
        comparison = coach.compare(view, action)
        if comparison.verdict == "worse":
            worse.add(action.canonical())
        assert comparison.difference >= -comparison.margin, (
            f"{where}: {action.notation()} beats the coach's choice {best.notation()} beyond the margin")
    assert traps <= worse, f"{where}: a trap is not clearly worse than {best.notation()}"
    text = spot.why_text(variant)
    cards = action_cards(best)
    if spot.expect != "discard":  # a discard position's reason is about its traps (checked below)
        assert not cards or any(card_words(card) in text for card in cards), f"{where}: the reason names none of {best.notation()}"
    else:
        assert worse <= traps, f"{where}: discards other than the traps are clearly worse: {sorted(map(str, worse - traps))}"


@pytest.mark.parametrize("item", ALL, ids=_id)
def test_the_coach_prefers_the_lessons_answer(item: tuple[str, Spot]) -> None:
    check_spot(item[1], 0, lesson_coach())


@pytest.mark.slow
@pytest.mark.parametrize("item", ALL, ids=_id)
def test_the_coach_prefers_the_lessons_answer_in_every_fresh_variant(item: tuple[str, Spot]) -> None:
    coach = lesson_coach()
    for variant in range(1, len(item[1].variants)):
        check_spot(item[1], variant, coach)


def test_each_strategy_lesson_has_five_positions_and_a_catalogue_entry() -> None:
    for lesson, spots in SPOTS.items():
        info = find(lesson)
        assert info.track == "strategy" and info.number in (13, 14, 15)
        assert len(spots) >= 5 and len({spot.key for spot in spots}) == len(spots)
        assert all(len(set(spot.variants)) == len(spot.variants) >= 4 for spot in spots)


@pytest.mark.parametrize("item", ALL, ids=_id)
def test_the_reason_names_cards_of_the_position_and_its_traps(item: tuple[str, Spot]) -> None:
    spot = item[1]
    for variant in range(len(spot.variants)):
        state = spot.state(variant)
        assert state.current == 0 and state.phase == spot.phase
        seen = {card.notation() for card in state.hand_cards(0)}
        seen |= {card_of_id(card).notation() for card in state.pile}
        seen |= {card_of_id(card).notation() for meld in state.melds for card in meld.ids}
        text = spot.why_text(variant)
        named = spot.named_cards(variant)
        assert named and "{" not in text
        for card in named:
            assert card.notation() in seen, f"{spot.key}: the reason names {card.notation()}, which the position does not show"
            assert card_words(card) in text
        for trap in spot.trap_actions(variant):  # a discard warned against is named in the reason
            if spot.expect == "discard":
                assert card_words(trap.cards[0]) in text, f"{spot.key}: the reason does not name the trap {trap.notation()}"


def test_suits_are_renamed_card_by_card() -> None:
    assert rename("discard 10C", "SHCD") == "discard 10D"
    assert rename("JK 5H 6H", "CDSH") == "JK 5C 6C"
    assert rename(rename("QS QD 8C", "SHCD"), "SHCD") == "QS QD 8C"  # a swap of two pairs undoes itself


def test_a_wrong_move_shows_the_coachs_choice_and_a_fresh_position_follows(tmp_path: Path) -> None:
    page = Page("safe-discards", store=ProgressStore(tmp_path / "progress.db"))
    tasks = StrategyTasks("safe-discards", page)
    assert page.tasks == len(spots_of("safe-discards")) and not page.finished
    trap = tasks.play_wrong()
    assert tasks.attempt is not None and tasks.attempt.result is False and page.mistakes == 1
    shown = str(tasks.feedback.value)
    assert "Not the coach" in shown and "The coach’s choice" in shown
    assert card_words(trap.cards[0]) in shown and "Why:" in shown  # the trap played: the lesson's reason too
    best = tasks.attempt.judged[-1].best
    hint = tasks.table.table["hint"]  # the table set back, the coach's choice marked on it
    assert tasks.reviewing and hint["action"] == best.notation() and len(hint["ids"]) == 1
    assert len(tasks.state.hand_cards(0)) == len(tasks.spot.state(0).hand_cards(0))
    tasks.try_again()
    assert tasks.attempt.number == 1 and tasks.attempt.result is None and not tasks.reviewing
    tasks.coach_line()
    assert tasks.attempt.result is True and tasks.passed[0] and "The coach agrees" in str(tasks.feedback.value)
    assert page.mistakes == 1
    tasks.next_position()
    assert tasks.index == 1 and tasks.attempt.number == 0


def test_hints_are_not_given_before_the_move() -> None:
    tasks = StrategyTasks("take-the-pile")
    tasks.table.hint()
    hint = tasks.table.table["hint"]
    assert "No hints" in hint["text"] and not hint["ids"] and not hint["action"]


@pytest.mark.slow
def test_the_coachs_line_passes_every_position_and_earns_three_stars(tmp_path: Path) -> None:
    for lesson, spots in SPOTS.items():
        store = ProgressStore(tmp_path / f"{lesson}.db")
        page = Page(lesson, store=store)
        tasks = StrategyTasks(lesson, page)
        for number in range(len(spots)):
            assert tasks.index == number
            tasks.coach_line()
            assert tasks.passed[number], f"{lesson} position {number + 1}: the coach's own line did not pass"
            tasks.next_position()
        assert page.finished and page.mistakes == 0
        store.mark_done(lesson, True)
        page.save_stars()
        assert store.lesson(lesson).stars == 3
        assert store.lesson(lesson).quizzes[lesson] is not None
