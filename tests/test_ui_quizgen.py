"""Quiz questions are made and judged by the engine, under every preset, without Jupyter."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter

import pytest

from buraco_learn import PRESET_NAMES, check_add, check_meld, preset
from buraco_learn.ui.quizgen import MELD_KINDS, QuestionPool
from buraco_learn.ui.quizsession import QuizSession

SOURCE = re.compile(r"\(00[0-4] '[^']+'|\(00[0-4] is silent")


@pytest.fixture(scope="module", params=PRESET_NAMES)
def pool(request: pytest.FixtureRequest) -> QuestionPool:
    return QuestionPool(preset(request.param), seed=2024, size=30)


def test_every_preset_gets_a_full_pool_of_each_kind(pool: QuestionPool) -> None:
    kinds = Counter(question.kind for question in pool.questions)
    assert kinds == {"legal": 10, "build": 10, "complete": 10}
    assert len({question.key for question in pool.questions}) == len(pool)


def test_legal_questions_are_judged_by_check_meld(pool: QuestionPool) -> None:
    legal_count = 0
    for question in (q for q in pool.questions if q.kind == "legal"):
        verdict = check_meld(question.cards, pool.rules)
        assert question.legal == verdict.legal
        legal_count += verdict.legal
        texts = {choice.id: choice.text for choice in question.choices}
        assert len(question.correct) == 1 and len(texts) >= 2
        right = texts[question.correct[0]]
        if verdict.legal:
            kind = f"{'clean' if verdict.clean else 'dirty'} {verdict.kind}"
            assert right == dict(MELD_KINDS)[kind]
        else:
            assert right == verdict.explanations[0]
            wrong = [text for choice_id, text in texts.items() if choice_id not in question.correct]
            assert not set(wrong) & set(verdict.explanations), "a distractor must not be a true reason"
            assert all(SOURCE.search(text) for text in texts.values())
        assert SOURCE.search(question.explanation())
    assert 0 < legal_count < 10, "both legal and illegal melds are asked"


def test_build_questions_hide_a_legal_meld_in_the_hand(pool: QuestionPool) -> None:
    for question in (q for q in pool.questions if q.kind == "build"):
        assert check_meld(question.solution, pool.rules).legal
        assert not Counter(question.solution) - Counter(question.cards)
        assert list(question.cards) == sorted(question.cards)
        assert max(Counter(question.cards).values()) <= 2


def test_complete_questions_have_exactly_one_card_that_makes_a_burraco(pool: QuestionPool) -> None:
    for question in (q for q in pool.questions if q.kind == "complete"):
        meld = question.meld
        assert meld is not None and len(meld) == pool.rules.burraco_length - 1
        fits = [choice for choice in question.choices if choice.card is not None and check_add(meld, choice.card, pool.rules).legal]
        assert [choice.id for choice in fits] == list(question.correct)
        verdict = check_add(meld, question.solution[0], pool.rules)
        assert verdict.burraco is not None and SOURCE.search(question.explanation())


def test_a_whole_quiz_can_be_played_right_without_a_widget() -> None:
    session = QuizSession("cutthroat", seed=8, pool_size=12)
    for _ in range(12):
        question = session.question
        if question.kind == "legal":
            session.answer("legal" if question.legal else "illegal")
            session.answer(question.correct[0])
        elif question.kind == "build":
            session.check(list(session._ids_of(question.solution)))
        else:
            session.answer(question.correct[0])
        assert session.feedback["correct"] is True, question
        session.next()
    assert (session.score, session.answered) == (12, 12)


def test_the_question_modules_import_without_jupyter() -> None:
    code = (
        "import sys\n"
        "for name in ('anywidget', 'ipywidgets', 'traitlets', 'IPython'):\n"
        "    sys.modules[name] = None  # importing them now fails\n"
        "from buraco_learn.ui.quizsession import QuizSession\n"
        "from buraco_learn.ui import quizgen, views\n"
        "session = QuizSession('italian', seed=1)\n"
        "print(session.view()['kind'])\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() in ("legal", "build", "complete")


def test_a_bad_pool_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one question"):
        QuestionPool(preset("italian"), seed=1, size=0)
    with pytest.raises(ValueError, match="unknown quiz question kind"):
        QuestionPool(preset("italian"), seed=1, kinds=())
