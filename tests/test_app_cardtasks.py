"""Tasks on the cards (issue 14): every generated task has a right answer the engine accepts, the verdict
does not depend on the order of the clicks, a wrong answer deals a fresh variant, and the hand picker widget
refuses what the browser may not send."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from buraco_learn import check_add, check_meld, check_swap, preset
from buraco_learn.app import lessonkit as kit
from buraco_learn.app.cardtasks import CardTask, Step, TaskError, TaskRun, judge, solve
from buraco_learn.app.taskdata import load
from buraco_learn.cards import Card
from buraco_learn.ui import HandPicker

ITALIAN = preset("italian")
MELDS, WILDS, ACES = (load(lesson)["cards"].build() for lesson in ("melds", "wild-cards", "aces"))  # lessons 2-4
DISCARDS = load("turn")["discard"].build()  # lesson 5: which card may you not discard?
STEPS = [*MELDS, *WILDS, *ACES, *DISCARDS]
SEEDS = range(25)


def variants(step: Step) -> list[CardTask]:
    rng = random.Random(1234)
    return [step.variant(rng, ITALIAN) for _ in SEEDS]


def engine_accepts(task: CardTask, cards: list[Card]) -> bool:
    """The engine's own check of an answer, apart from the task's goal."""
    if task.action == "discard-refused":
        assert task.scene is not None
        return task.scene.refusal(ITALIAN, task.hand.index(cards[0])) != ""
    if task.action == "meld":
        return check_meld(cards, ITALIAN).legal
    assert task.table is not None
    if task.action == "add":
        return check_add(task.table, cards, ITALIAN).legal
    if task.action == "swap":
        return check_swap(task.table, cards[0], ITALIAN).legal
    wild = next(slot for slot in task.table.slots if slot.wild)
    return [wild.stands_for] == cards


@pytest.mark.parametrize("step", STEPS, ids=lambda step: step.title)
def test_every_generated_task_has_a_right_answer_the_engine_accepts(step: Step) -> None:
    for task in variants(step):
        places = solve(task)
        assert places is not None, task.key
        cards = [task.hand[place] for place in places]
        assert judge(task, cards).right and engine_accepts(task, cards), (task.key, cards)
        assert len(set(task.hand)) == len(task.hand) or task.action == "add", task.key  # a hand shows each card once
        assert "(002 " in judge(task, cards).text  # the rule and its document


@pytest.mark.parametrize("step", STEPS, ids=lambda step: step.title)
def test_the_verdict_does_not_depend_on_the_order_of_the_clicks(step: Step) -> None:
    rng = random.Random(99)
    for task in variants(step)[:8]:
        places = list(range(len(task.hand)))
        for size in (1, 2, 3, 4):
            for _ in range(4):
                pick = rng.sample(places, min(size, len(places)))
                cards = [task.hand[place] for place in pick]
                verdicts = {judge(task, list(order)) for order in itertools.permutations(cards)}
                assert len(verdicts) == 1, (task.key, cards, verdicts)


@pytest.mark.parametrize("step", STEPS, ids=lambda step: step.title)
def test_a_wrong_answer_is_explained_with_its_document(step: Step) -> None:
    for task in variants(step)[:10]:
        wrong = next((list(pick) for size in (1, 2, 3, 4) for pick in itertools.combinations(task.hand, size)
                      if not judge(task, list(pick)).right), None)
        assert wrong is not None, task.key
        verdict = judge(task, wrong)
        assert verdict.text and not verdict.right
        if len(wrong) >= 3 or task.pick_one:
            assert "002" in verdict.text, (task.key, wrong, verdict.text)


def heard_by(heard: list[tuple[int, bool]]) -> Callable[[int, bool], None]:
    return lambda index, right: heard.append((index, right))


def test_a_wrong_answer_marks_a_right_one_and_another_deals_a_fresh_variant() -> None:
    for steps in (MELDS, WILDS, ACES, DISCARDS):
        run = TaskRun(steps, seed=4)
        heard: list[tuple[int, bool]] = []
        run.on_answer(heard_by(heard))
        for index in range(len(steps)):
            seen = {run.task.key}
            wrong = next(card_id for card_id in run.hand_ids() if not judge(run.task, [run.task.hand[int(card_id[1:])]]).right)
            assert run.check([wrong]) is False and run.stage == "wrong"
            view = run.view()
            assert view["answer"] == list(run.solution_ids()) and view["answer"]
            assert ("marked in green" if run.task.action == "discard-refused" else "one right answer") in run.feedback["text"]
            for _ in range(3):
                run.another()
                assert run.task.key not in seen or len(seen) > 3, "the same hand again"
                seen.add(run.task.key)
                assert run.stage == "pick" and run.view()["answer"] == []  # the answer hidden again
                wrong = next(card_id for card_id in run.hand_ids()
                             if not judge(run.task, [run.task.hand[int(card_id[1:])]]).right)
                run.check([wrong])
            run.another()
            assert run.check(list(reversed(run.solution_ids()))) is True and run.passed[index]
            if index + 1 < len(steps):
                run.next()
        assert run.finished and heard.count((0, True)) == 1 and run.mistakes == 4 * len(steps)


def test_the_view_holds_no_answer_before_a_miss() -> None:
    for steps in (MELDS, WILDS, ACES, DISCARDS):
        run = TaskRun(steps, seed=8)
        for _ in steps:
            view = json.dumps(run.view())
            assert run.view()["answer"] == [] and run.view()["picked"] == []
            if run.task.action == "stands":
                assert "stands_for" not in view, view  # the question is what the joker stands for
            run.check(list(run.solution_ids()))
            if run.index + 1 < len(steps):
                run.next()


@pytest.mark.parametrize("bad, words", [
    (["h99"], "no card"), (["h0", "h0"], "only once"), (["x"] * 500, "cards picked"), ("h0", "list of card ids"),
    ([3], "no card"), ([], "click cards"), (None, "click cards"),
])
def test_hostile_picks_get_a_sentence_and_change_nothing(bad: Any, words: str) -> None:
    run = TaskRun(MELDS, seed=2)
    before = (run.task.key, run.stage, run.selected, run.mistakes)
    with pytest.raises(TaskError, match=words):
        run.check(bad)
    assert (run.task.key, run.stage, run.selected, run.mistakes) == before


# -- the widget, driven by what the browser would send --------------------------------------------------
def update(widget: Any, state: Any) -> None:
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []})


def message(widget: Any, content: Any) -> None:
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def test_the_widget_refuses_forged_updates_and_intents_and_keeps_its_state() -> None:
    run = TaskRun(MELDS, seed=3)
    picker = HandPicker(run)
    task = dict(picker.task)
    state: dict[str, Any]
    for state in ({"selected": ["h0", "h0"]}, {"selected": ["zz"]}, {"selected": ["h1"] * 10_000}, {"task": {}},
                  {"feedback": {"correct": True}}):
        update(picker, state)
        assert picker.task == task and picker.selected == []
    assert len(picker.refusals) == 5
    for content in ({"intent": "check", "cards": ["h0", "nope"]}, {"intent": "next"}, {"intent": "another"},
                    {"intent": "solve"}, {"intent": "check", "cards": "h0 h1"}):
        message(picker, content)
        assert picker.error and picker.task == task and run.mistakes == 0
    assert picker.error == "Cards are given as a list of card ids, not 'h0 h1'"
    update(picker, {"selected": ["h2", "h0"]})
    assert picker.selected == ["h0", "h2"] and run.selected == ("h0", "h2")


def test_the_widget_wrong_then_another_then_right_reports_to_the_page(tmp_path: Any, monkeypatch: Any) -> None:
    from buraco_learn.app.progress import DATA_ENV

    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    page = kit.Page("melds")
    tasks = kit.CardTasks(MELDS, page=page, seed=6)
    picker = tasks.widget
    assert page.tasks == len(MELDS)
    run = tasks.run
    wrong = next(card_id for card_id in run.hand_ids() if not judge(run.task, [run.task.hand[int(card_id[1:])]]).right)
    message(picker, {"intent": "check", "cards": [wrong]})
    assert picker.task["stage"] == "wrong" and picker.task["answer"] and picker.feedback["correct"] is False
    assert "(002 " in picker.feedback["text"] and page.mistakes == 1
    old = picker.task["hand"]
    message(picker, {"intent": "another"})
    assert picker.task["stage"] == "pick" and picker.task["hand"] != old and picker.task["answer"] == []
    update(picker, {"selected": list(reversed(run.solution_ids()))})
    message(picker, {"intent": "check"})
    assert picker.task["stage"] == "right" and picker.feedback["correct"] is True and picker.error == ""
    assert page.mistakes == 1 and not page.finished and "cards 1" in page._passed
    message(picker, {"intent": "next"})
    assert picker.task["step"] == 2 and picker.task["passed"][0]
    assert repr(picker) == "HandPicker(task 2 of 6, pick)"


# -- the "legal or not?" quiz: a fresh variant after a wrong answer --------------------------------------
LESSON_QUESTIONS = ["8C 8D 8S", "3S 4S 5S 6S", "JH QH KD", "6D 6D 6C 6H", "9C 10C", "10D JD QD KD",  # lesson 2
                    "JK 8S 9S", "5C 2H 7C", "2D 2H 2S", "6H 7H JK 2C", "2C 3C 4C", "KS KD JK 2H",  # lesson 3
                    "AH 2H 3H 4H", "JC QC KC AC", "KD AD 2D 3D", "AS KS QS"]  # lesson 4


@pytest.mark.parametrize("cards", LESSON_QUESTIONS)
def test_a_meld_variant_makes_the_same_point_with_other_cards(cards: str) -> None:
    from buraco_learn.app.cardtasks import meld_variant
    from buraco_learn.cards import parse_cards, sort_cards

    original = check_meld(cards, ITALIAN)
    rng = random.Random(5)
    for _ in range(10):
        fresh = meld_variant(parse_cards(cards), ITALIAN, rng)
        assert fresh is not None, cards
        verdict = check_meld(fresh, ITALIAN)
        assert sort_cards(fresh) != sort_cards(parse_cards(cards))
        assert (verdict.legal, verdict.kind, verdict.problems) == (original.legal, original.kind, original.problems)


def test_the_quiz_asks_a_fresh_variant_after_a_wrong_answer_and_reports_to_the_page(tmp_path: Any, monkeypatch: Any) -> None:
    from buraco_learn.app.progress import DATA_ENV

    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    page = kit.Page("melds")
    quiz = kit.Quiz([kit.meld_question(cards, clean_word=False) for cards in LESSON_QUESTIONS[:6]], page=page, fresh=True, seed=3)
    for index in range(6):
        right = quiz.correct_choice(index)
        shown = quiz._prompts[index].value
        assert quiz.answer(index, "Legal" if right == "Not legal" else "Not legal") is False
        quiz.retry(index)
        assert quiz._prompts[index].value != shown and "with other cards" in quiz.feedback_html(index)
        assert quiz.correct_choice(index) == right  # the same point: the same right answer
        assert quiz.answer(index, right) is True
    assert page.mistakes == 6 and page.finished and quiz.score == 0
    plain = kit.Quiz([kit.meld_question("8C 8D 8S")])  # without fresh, the same question again
    shown = plain._prompts[0].value
    plain.answer(0, "Not legal")
    plain.retry(0)
    assert plain._prompts[0].value == shown


def test_lesson_2s_tasks_never_say_clean_before_lesson_6_teaches_it() -> None:
    import re

    for step in MELDS:
        for task in variants(step)[:8]:
            places = solve(task)
            assert places is not None
            texts = [judge(task, [task.hand[place] for place in places]).text]
            texts += [judge(task, list(pick)).text for pick in itertools.combinations(task.hand, 3)][:30]
            assert not [text for text in texts if re.search(r"\bclean\b|\bdirty\b", text)], (task.key, texts)


# -- lesson 5: which card may you not discard? (the engine's refusal of a discard on a scripted position) ------
@pytest.mark.parametrize("step", DISCARDS, ids=lambda step: step.title)
def test_every_discard_task_has_exactly_one_refused_card_and_judge_agrees_with_the_engine(step: Step) -> None:
    rng = random.Random(2026)
    for _ in range(120):
        task = step.variant(rng, ITALIAN)
        assert task.scene is not None and task.pick_one and len(set(task.hand)) == len(task.hand), task.key
        state = task.scene.state(ITALIAN)
        assert sorted(state.hand_cards(0)) == sorted(task.hand), task.key  # the hand shown is the one the engine holds
        refused = task.scene.refused(ITALIAN)
        assert len(refused) == 1, (task.key, refused)
        assert solve(task) == (refused[0],)
        for place, card in enumerate(task.hand):
            verdict = judge(task, [card])
            assert verdict.right is (place == refused[0]), (task.key, card)
            assert "(002 '" in verdict.text and "may not" in verdict.text, verdict.text
            if not verdict.right:  # the refused card and the engine's own reason, not only "no"
                assert task.hand[refused[0]].unicode() in verdict.text or "joker" in verdict.text


def test_the_discard_tasks_are_judged_by_the_engine_on_the_scripted_position() -> None:
    from buraco_learn.app.positions import scripted

    pile, close = (step.variant(random.Random(5), ITALIAN) for step in DISCARDS)
    assert pile.scene is not None and close.scene is not None
    taken = pile.scene.shown[0]
    state = scripted(ITALIAN, pile.scene.hand, pile=pile.scene.pile, phase="draw")
    state.apply("take")
    assert not state.is_legal(f"discard {taken.notation()}")  # 002: a pile of one card is not thrown straight back
    assert "alone from the pile" in (state.explain_illegal(f"discard {taken.notation()}") or "")
    assert judge(pile, [taken]).right and all(state.is_legal(f"discard {card.notation()}") for card in pile.hand if card != taken)
    wild = next(card for card in close.hand if ITALIAN.is_wild(card))
    assert judge(close, [wild]).right and "wild card" in judge(close, [wild]).text  # 002: the card that closes is never wild
    other = next(card for card in close.hand if card != wild)
    assert not judge(close, [other]).right and judge(close, [other]).title == "That one you may discard"


def test_the_discard_tasks_tell_the_position_in_words_without_notation_or_option_names() -> None:
    import re

    from buraco_learn.rules import Rules

    options = {name for name in Rules.__dataclass_fields__ if "_" in name}
    run = TaskRun(DISCARDS, seed=3)
    for index in range(len(DISCARDS)):
        view = run.view()
        text = f"{view['prompt']} {view['table_label']}"
        assert view["pick_one"] and view["table"] and not re.search(r"\b(?:[2-9]|10|[AJQK])[SHDC]\b|\bJK\b", text), text
        assert not [name for name in options if name in text], text
        assert ("single card" in text) if index == 0 else ("pozzetto" in text and "may close" in text), text
        wrong = next(card_id for card_id in run.hand_ids() if card_id not in run.solution_ids())
        assert run.check([wrong]) is False and run.view()["answer"] == list(run.solution_ids())
        assert "marked in green" in run.feedback["text"]
        run.another()
        run.check(list(run.solution_ids()))
        if index == 0:
            run.next()
    assert run.finished
