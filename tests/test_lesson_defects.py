"""What a new learner met on lessons 1 to 11 (issue 14), each checked on the lesson itself.

Every test runs the lesson notebook's own code cells (not its check cell) in this process,
with the learner's data in a temporary directory, then reads what the page shows: the
widgets' HTML, the replayer's frames, the quiz's feedback after an answer.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from buraco_learn.app.catalogue import repository_lessons_dir
from buraco_learn.app.progress import DATA_ENV, DB_NAME, ProgressStore

LESSONS = repository_lessons_dir()
_NOTATION = re.compile(r"\b(?:meld|add|swap|discard|close|take|draw)\s+(?:m\d+\s+)?(?:[AKQJT2-9]|10|JK)[SHDC]?\b")
_CARD_CODE = re.compile(r"\b(?:[AKQJ2-9]|10)[SHDC]\b")


def notebook(number: str) -> Path:
    return next(LESSONS.glob(f"{number}_*.ipynb"))


def run_lesson(number: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, Any]:
    """Execute the lesson's code cells as the app does (every cell but the tests' check cell); its namespace."""
    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    cells = [cell for cell in json.loads(notebook(number).read_text(encoding="utf-8"))["cells"] if cell["cell_type"] == "code"]
    namespace: dict[str, Any] = {"__name__": f"lesson_{number}"}
    for cell in cells:
        source = "".join(cell["source"])
        if source.startswith("# Checks run by the tests"):
            continue
        exec(compile(source, f"lesson {number}", "exec"), namespace)  # the lesson's own code
    return namespace


def text_of(html_text: str) -> str:
    """What a learner reads in some HTML: tags, styles and pictures (SVG) removed, entities decoded."""
    import html

    without = re.sub(r"<style>.*?</style>|<svg.*?</svg>", " ", html_text, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", without))).strip()


def widget_texts(widget: Any) -> list[str]:
    """Every HTML value shown in a widget tree (HTML widgets, labels, button descriptions)."""
    found: list[str] = []
    value = getattr(widget, "value", None)
    if isinstance(value, str) and type(widget).__name__ in ("HTML", "Label", "NavBar", "HTMLMath"):
        found.append(value)
    description = getattr(widget, "description", None)
    if isinstance(description, str) and description:
        found.append(description)
    for child in getattr(widget, "children", ()) or ():
        found += widget_texts(child)
    return found


def clicked(button: Any) -> None:
    button.click()


# -- every page: a wrong answer says why, shows the right answer, and may be tried again ----------------
@pytest.mark.parametrize("number", ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10"])
def test_a_wrong_answer_says_why_shows_the_answer_and_can_be_tried_again(
        number: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    lesson = run_lesson(number, monkeypatch, tmp_path)
    quiz = lesson["quiz"]
    for index in range(len(quiz.questions)):
        right = quiz.correct_choice(index)
        wrong = next(choice for choice in quiz._choices[index].options if choice != right)
        assert quiz.answer(index, wrong) is False
        feedback = text_of(quiz.feedback_html(index))
        assert f"the answer is {right}" in feedback, feedback
        assert "The engine accepts it" not in feedback
        # the rule and its document: a citation such as 002 'Melds' (or a preset's value from its document)
        assert re.search(r"\b00[0-4]\b", feedback), f"question {index + 1} of lesson {number} says no document: {feedback}"
        retry = quiz._retries[index]
        assert retry is not None and retry in quiz.widget.children
        clicked(retry)
        assert not quiz._choices[index].disabled and quiz._choices[index].value is None
        quiz._choices[index].value = right  # the learner clicks the right answer
        assert "Right" in quiz.feedback_html(index) and quiz.solved == index + 1
    assert quiz.score == 0 and quiz.answered == len(quiz.questions)  # the first answers are the ones scored
    assert "0 of" in quiz.summary.value


def test_a_legal_meld_answered_not_legal_gets_the_rule_that_makes_it_legal(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Lesson 3: 2♣ 3♣ 4♣ is legal because the 2 sits in its own place; the feedback must say that."""
    lesson = run_lesson("03", monkeypatch, tmp_path)
    quiz = lesson["quiz"]
    index = lesson["QUESTIONS"].index("2C 3C 4C")
    assert quiz.answer(index, "Not legal") is False
    feedback = text_of(quiz.feedback_html(index))
    assert "own place" in feedback and "002 'Melds'" in feedback and "not wild" in feedback
    assert "legal clean run" not in feedback


# -- lesson 5: the question and its answer agree with the turn's phase ----------------------------------
def test_lesson_5_discarding_a_wild_card_is_asked_after_the_draw(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    lesson = run_lesson("05", monkeypatch, tmp_path)
    quiz = lesson["quiz"]
    page_text = " ".join(text_of(value) for value in widget_texts(lesson["chooser"].widget))
    shown = text_of(lesson["pos"].trials_html(lesson["pos"].TURN_TRIALS, quiz.rules))
    assert "Discard before you draw" in shown and "Refused" in shown and page_text
    for index, question in enumerate(quiz.questions):
        prompt = text_of(question.prompt(quiz.rules))
        # every question says where in the turn you are
        assert "already done this" in prompt or "You have drawn this turn" in prompt or "not drawn yet" in prompt, prompt
        if "discard" in prompt.split("You try to")[-1] and quiz.correct_choice(index) == "Allowed":
            assert "draw" in prompt.split("You try to")[0] or "take the discard pile" in prompt, prompt
    wild = next(i for i, q in enumerate(quiz.questions) if "2♣" in text_of(q.prompt(quiz.rules)).split("You try to")[-1])
    assert "draw from the stock" in text_of(quiz.questions[wild].prompt(quiz.rules))
    assert quiz.correct_choice(wild) == "Allowed"


# -- lesson 8: a question names a meld the learner can see -----------------------------------------------
def test_lesson_8_the_melds_a_question_names_are_labelled(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    lesson = run_lesson("08", monkeypatch, tmp_path)
    quiz = lesson["quiz"]
    named = 0
    for question in quiz.questions:
        prompt = question.prompt(quiz.rules)
        words = text_of(prompt)
        assert not re.search(r"\bm\d\b", words), words
        for number in re.findall(r"\(meld (\d+)\)", words):
            named += 1
            assert f"meld {number}:" in words, f"the question names meld {number}, which is not labelled: {words}"
    assert named >= 1


# -- lesson 9: a right answer after retries passes the task -------------------------------------------
def test_lesson_9_a_right_second_try_is_recorded_as_passed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    lesson = run_lesson("09", monkeypatch, tmp_path)
    scoring = lesson["scoring"]
    right = {side: score.total for side, score in scoring.scores.items()}
    assert scoring.answer({side: total + 10 for side, total in right.items()}) is False
    assert scoring.answer(right) is True
    quiz = ProgressStore(tmp_path / DB_NAME).lesson("scoring").quizzes["score a hand"]
    assert (quiz.score, quiz.total) == (1, 1)
    from buraco_learn.app.catalogue import find
    from buraco_learn.app.pages import progress_text

    progress = ProgressStore(tmp_path / DB_NAME).lesson("scoring")
    assert "score a hand 1/1" in progress_text(find("scoring"), progress)[0]
