"""The meld quiz widget, driven by the messages the browser would send."""

from __future__ import annotations

import json
from typing import Any

import pytest

from buraco_learn import check_add, check_meld
from buraco_learn.ui import MeldQuiz
from buraco_learn.ui.quizgen import verdict_text
from buraco_learn.ui.quizsession import QuizError


def update(widget: Any, state: Any) -> None:
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []})


def message(widget: Any, content: Any) -> None:
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def outbox(widget: Any) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []
    widget._send = lambda msg, buffers=None: sent.append(msg)
    return sent


def state_of(widget: Any) -> dict[str, Any]:
    return json.loads(json.dumps({k: v for k, v in widget.get_state().items() if k not in ("_esm", "_css")}))


def quiz_at(kind: str, seed: int = 7, **options: Any) -> MeldQuiz:
    return MeldQuiz(options.pop("rules", "italian"), seed=seed, kinds=[kind], **options)


def finish(quiz: MeldQuiz) -> None:
    message(quiz, {"intent": "reveal"})
    assert quiz.question["stage"] == "done"


# -- "is this a legal meld, and why?" ------------------------------------------------------------


def test_a_right_verdict_then_the_right_reason_scores_with_the_engines_explanation() -> None:
    quiz = quiz_at("legal")
    question = quiz.session.question
    verdict = check_meld(question.cards, quiz.rules)
    assert question.legal == verdict.legal
    message(quiz, {"intent": "answer", "choice": "legal" if verdict.legal else "illegal"})
    assert quiz.question["stage"] == "reason" and quiz.feedback["correct"] is None
    assert quiz.score == 0 and quiz.answered == 0
    right = question.correct[0]
    message(quiz, {"intent": "answer", "choice": right})
    assert quiz.error == ""
    assert (quiz.score, quiz.answered) == (1, 1)
    assert quiz.feedback["correct"] is True and quiz.feedback["title"] == "Right!"
    assert quiz.feedback["text"] == verdict_text(verdict)
    assert "(002 '" in quiz.feedback["text"]
    assert quiz.question["marks"] == {right: "right"}


def test_a_wrong_verdict_ends_the_question_and_explains() -> None:
    quiz = quiz_at("legal")
    verdict = check_meld(quiz.session.question.cards, quiz.rules)
    message(quiz, {"intent": "answer", "choice": "illegal" if verdict.legal else "legal"})
    assert quiz.question["stage"] == "done"
    assert (quiz.score, quiz.answered) == (0, 1)
    assert quiz.feedback["correct"] is False
    assert verdict_text(verdict) in quiz.feedback["text"]


def test_a_wrong_reason_scores_nothing_and_marks_both() -> None:
    for seed in range(40):
        quiz = quiz_at("legal", seed=seed)
        question = quiz.session.question
        if question.legal is False:
            break
    message(quiz, {"intent": "answer", "choice": "illegal"})
    wrong = next(choice.id for choice in question.choices if choice.id not in question.correct)
    message(quiz, {"intent": "answer", "choice": wrong})
    assert quiz.score == 0 and quiz.answered == 1
    assert quiz.question["marks"] == {question.correct[0]: "right", wrong: "wrong"}
    assert quiz.feedback["text"] == " ".join(check_meld(question.cards, quiz.rules).explanations)


@pytest.mark.parametrize("choice", ["maybe", "r0", "", None, 3, ["legal"]])
def test_an_unknown_answer_is_refused_and_changes_nothing(choice: Any) -> None:
    quiz = quiz_at("legal")
    before = state_of(quiz)
    message(quiz, {"intent": "answer", "choice": choice})
    assert quiz.error
    after = state_of(quiz)
    assert {k: v for k, v in after.items() if k != "error"} == {k: v for k, v in before.items() if k != "error"}


def test_next_before_the_question_is_over_is_refused() -> None:
    quiz = quiz_at("legal")
    before = state_of(quiz)
    message(quiz, {"intent": "next"})
    assert quiz.error == "Answer this question first, or reveal the answer"
    assert state_of(quiz)["question"] == before["question"]
    finish(quiz)
    message(quiz, {"intent": "next"})
    assert quiz.error == "" and quiz.question["number"] == 2


# -- "build a legal meld from these cards" --------------------------------------------------------


def test_selecting_cards_from_the_browser_then_checking() -> None:
    quiz = quiz_at("build", seed=11)
    question = quiz.session.question
    assert quiz.question["stage"] == "select" and len(quiz.question["cards"]) == len(question.cards)
    update(quiz, {"selected": ["k0", "k1"]})
    assert quiz.selected == ["k0", "k1"] and quiz.session.selected == ("k0", "k1")
    message(quiz, {"intent": "check"})
    two = check_meld(question.cards[:2], quiz.rules)
    assert quiz.feedback["correct"] is False and quiz.feedback["final"] is False
    assert " ".join(two.explanations) in quiz.feedback["text"]
    assert quiz.question["stage"] == "select" and quiz.answered == 0
    solution = quiz.session._ids_of(question.solution)
    update(quiz, {"selected": list(solution)})
    message(quiz, {"intent": "check"})
    assert quiz.question["stage"] == "done"
    assert (quiz.score, quiz.answered) == (0, 1), "right only at the second try: no point"
    assert quiz.feedback["title"] == "Right, at the next try"
    assert quiz.question["highlight"] == list(solution)


def test_a_legal_meld_at_the_first_try_scores() -> None:
    quiz = quiz_at("build", seed=3)
    solution = quiz.session._ids_of(quiz.session.question.solution)
    message(quiz, {"intent": "check", "cards": list(solution)})
    assert (quiz.score, quiz.answered) == (1, 1) and quiz.feedback["correct"] is True
    cards = [quiz.session.question.cards[int(card_id[1:])] for card_id in solution]
    assert quiz.feedback["text"] == verdict_text(check_meld(cards, quiz.rules))


@pytest.mark.parametrize(
    "selection",
    [["k99"], ["k0", "k0"], "k0", [0, 1], [["k0"]], ["hand"], None],
)
def test_an_invalid_selection_from_the_browser_is_refused(selection: Any) -> None:
    quiz = quiz_at("build", seed=11)
    update(quiz, {"selected": ["k2"]})
    before = state_of(quiz)
    sent = outbox(quiz)
    update(quiz, {"selected": selection})
    assert state_of(quiz) == before and quiz.session.selected == ("k2",)
    assert quiz.refusals
    assert any(msg.get("method") == "update" and msg["state"].get("selected") == ["k2"] for msg in sent)


def test_selection_outside_a_build_question_is_refused() -> None:
    quiz = quiz_at("legal")
    before = state_of(quiz)
    update(quiz, {"selected": ["k0"]})
    assert state_of(quiz) == before


# -- "which card completes this burraco?" ---------------------------------------------------------


def test_picking_the_card_that_completes_the_burraco() -> None:
    quiz = quiz_at("complete", seed=5)
    question = quiz.session.question
    assert question.meld is not None and len(question.meld) == quiz.rules.burraco_length - 1
    assert len(quiz.question["meld"]) == len(question.meld)
    message(quiz, {"intent": "answer", "choice": question.correct[0]})
    assert quiz.score == 1
    assert check_add(question.meld, question.solution[0], quiz.rules).burraco
    assert "burraco" in quiz.feedback["text"]


def test_a_wrong_card_is_explained_by_the_engine() -> None:
    quiz = quiz_at("complete", seed=5)
    question = quiz.session.question
    wrong = next(choice for choice in question.choices if choice.id not in question.correct)
    assert wrong.card is not None and question.meld is not None
    message(quiz, {"intent": "answer", "choice": wrong.id})
    assert quiz.score == 0 and quiz.answered == 1
    assert " ".join(check_add(question.meld, wrong.card, quiz.rules).explanations) in quiz.feedback["text"]
    assert question.solution[0].unicode() in quiz.feedback["text"]


# -- what the browser may and may not do -----------------------------------------------------------


@pytest.mark.parametrize(
    "forged",
    [{"score": 100}, {"answered": 1}, {"question": {"stage": "done"}}, {"feedback": {"correct": True}}, {"error": ""}, {"hand": ["JK"]}],
)
def test_forged_updates_change_nothing(forged: dict[str, Any]) -> None:
    quiz = quiz_at("legal")
    before = state_of(quiz)
    update(quiz, forged)
    assert state_of(quiz) == before and quiz.score == 0


def test_unknown_intents_are_refused_with_an_error() -> None:
    quiz = quiz_at("legal")
    before = state_of(quiz)
    message(quiz, {"intent": "set_score", "score": 100})
    assert quiz.error.startswith("Unknown action 'set_score'")
    assert quiz.score == 0 and state_of(quiz)["question"] == before["question"]


def test_display_options_can_be_set_from_the_browser() -> None:
    quiz = quiz_at("legal")
    update(quiz, {"four_colour": True, "large": True})
    assert quiz.four_colour and quiz.large


# -- hidden information -----------------------------------------------------------------------------


def _answer_free(quiz: MeldQuiz, sent: list[dict[str, Any]]) -> None:
    question = quiz.session.question
    view = quiz.question
    assert set(view) == {"rules", "number", "pool_size", "round", "round_score", "round_answered", "kind", "prompt", "stage", "cards", "meld", "choices", "min_select", "marks", "highlight", "can_retry", "texts", "check_labels"}
    assert view["marks"] == {} and view["highlight"] == [] and quiz.feedback.get("final") is not True
    # the browser's words are labels only: no card of the answer in them
    solution = {card.unicode() for card in question.solution} | {card.name() for card in question.solution}
    labels = [*view["texts"].values(), *view["check_labels"]]
    assert all(isinstance(text, str) and not any(card in text for card in solution) for text in labels)
    for choice in view["choices"]:
        assert set(choice) <= {"id", "text", "card"}
    synced = json.dumps(state_of(quiz)) + json.dumps(sent)
    assert "correct\": true" not in synced
    assert question.explanation() not in synced or (question.kind == "legal" and question.legal is False)
    if question.kind == "build":
        assert question.verdict is not None and question.verdict.reason not in synced


@pytest.mark.parametrize("kind", ["legal", "build", "complete"])
def test_no_answer_is_synced_before_the_question_is_over(kind: str) -> None:
    for seed in range(6):
        quiz = quiz_at(kind, seed=seed)
        sent = outbox(quiz)
        _answer_free(quiz, sent)
        if kind == "legal":
            message(quiz, {"intent": "answer", "choice": "legal" if quiz.session.question.legal else "illegal"})
            _answer_free(quiz, sent)
        finish(quiz)
        message(quiz, {"intent": "next"})
        _answer_free(quiz, sent)


def test_the_right_reason_is_not_always_in_the_same_place() -> None:
    quiz = quiz_at("legal", seed=1)
    places = {question.correct[0] for question in quiz.session.pool.questions}
    assert len(places) > 1


# -- seeds, pools, repr ------------------------------------------------------------------------------


def _walk(quiz: MeldQuiz, count: int) -> list[str]:
    keys = []
    for _ in range(count):
        keys.append(quiz.session.question.key)
        finish(quiz)
        message(quiz, {"intent": "next"})
    return keys


def test_no_question_repeats_until_the_pool_is_exhausted() -> None:
    quiz = MeldQuiz("italian", seed=21, pool_size=9)
    keys = _walk(quiz, 9)
    assert len(set(keys)) == 9
    again = _walk(quiz, 9)
    assert sorted(again) == sorted(keys) and quiz.question["round"] == 3


def test_a_seed_gives_the_same_quiz_to_the_whole_class() -> None:
    first = [MeldQuiz("aberto", seed=99) for _ in range(2)]
    assert _walk(first[0], 6) == _walk(first[1], 6)
    assert _walk(MeldQuiz("aberto", seed=100), 6) != _walk(MeldQuiz("aberto", seed=99), 6)


def test_restart_goes_back_to_the_first_question_with_no_score() -> None:
    quiz = quiz_at("legal", seed=4)
    first = quiz.session.question.key
    message(quiz, {"intent": "answer", "choice": "legal" if quiz.session.question.legal else "illegal"})
    if quiz.question["stage"] != "done":
        finish(quiz)
    message(quiz, {"intent": "next"})
    message(quiz, {"intent": "restart"})
    assert quiz.session.question.key == first and (quiz.score, quiz.answered) == (0, 0)


def test_repr() -> None:
    quiz = MeldQuiz("bukharo", seed=3, pool_size=6)
    assert repr(quiz) == "MeldQuiz(rules='bukharo', seed=3, question 1 of 6, score 0 of 0)"


def test_python_side_actions_raise_when_they_do_not_fit() -> None:
    quiz = quiz_at("legal")
    with pytest.raises(QuizError):
        quiz.next_question()
    with pytest.raises(QuizError):
        quiz.select(["k0"])
    with pytest.raises(ValueError, match="unknown quiz question kind"):
        MeldQuiz(kinds=["trivia"])


@pytest.mark.parametrize(("lang", "said"), [("it", "risposta sconosciuta 'maybe'"), ("pt_BR", "resposta desconhecida 'maybe'")])
def test_a_refused_message_from_the_browser_is_told_in_the_quizs_language(lang: str, said: str) -> None:
    """Issue 18: what the quiz refuses (input a page never sends) reads in the language the quiz was made in."""
    from buraco_learn.i18n import use

    with use(lang):
        quiz = quiz_at("legal")
        before = state_of(quiz)
        message(quiz, {"intent": "answer", "choice": "maybe"})
    assert said in quiz.error.lower()  # the widget says it as a sentence
    assert {k: v for k, v in state_of(quiz).items() if k != "error"} == {k: v for k, v in before.items() if k != "error"}
