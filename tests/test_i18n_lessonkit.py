"""The beginner lessons' task widgets and task files speak Italian and Brazilian Portuguese (issue 18).

Real lessons (``Lesson("melds")``, ``"wild-cards"``, ``"aces"``, ``"turn"``) are built under ``i18n.use("it")`` and
``use("pt_BR")``, as a page in ``lessons/it/`` builds them; a quiz question is answered wrongly, then rightly after
"Try again", another rightly at once; a card step is answered wrongly, a fresh hand dealt, then answered with the
engine's solution. Everything the widgets show (HTML values, button descriptions and tooltips, the hand picker's
synced traits) is scanned: none is an English message of those this slice translates (lessonkit, cardtasks,
cardsteps, quizgen, hand_picker, recaps, stars and the task files' texts), and known sentences read in the language.
The same steps in English give the English texts, unchanged.
"""

from __future__ import annotations

import html
import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from buraco_learn import i18n
from buraco_learn.app.cardtasks import judge
from buraco_learn.app.lesson import Lesson
from buraco_learn.app.progress import DATA_ENV, DB_NAME, ProgressStore
from buraco_learn.app.taskdata import TEXT_KEYS, load, task_texts

REPO = Path(__file__).resolve().parent.parent
LANGS = ("it", "pt_BR")


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ProgressStore:
    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    return ProgressStore(tmp_path / DB_NAME)


def slice_messages() -> set[str]:
    """The English messages this slice marks: its modules' and the task files' (extracted as Babel does)."""
    from babel.messages.extract import extract_from_file

    found: set[str] = set()
    for name in ("app/lessonkit.py", "app/stars.py", "app/recaps.py", "app/cardsteps.py", "app/cardtasks.py",
                 "app/taskdata.py", "ui/quizgen.py", "ui/hand_picker.py"):
        for _line, message, _comments, _context in extract_from_file("python", str(REPO / "buraco_learn" / name)):
            found.update([message] if isinstance(message, str) else message)
    for path in sorted((REPO / "lessons" / "tasks").glob("*.toml")):
        found.update(text for text, _where in task_texts(__import__("tomllib").loads(path.read_text(encoding="utf-8"))))
    return found


def english_patterns(lang: str) -> list[tuple[str, re.Pattern[str]]]:
    """This slice's English messages that ``lang`` translates differently, each as a pattern of a text made from it."""
    out = []
    mine = slice_messages()
    with i18n.use(lang):
        for msgid in sorted(mine):
            if not re.search(r"[A-Za-z]{3}", re.sub(r"\{\w+\}", "", msgid)) or i18n._(msgid) == msgid:
                continue
            parts = re.split(r"\{\w+\}", msgid)
            out.append((msgid, re.compile("(?s)" + "(.+?)".join(re.escape(part) for part in parts))))
    return out


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)
    elif isinstance(value, str):
        yield value


def shown_texts(widget: Any, seen: set[int] | None = None) -> Iterator[str]:
    """Every text a widget tree shows: HTML values (as their text pieces), descriptions, tooltips, options,
    and an anywidget's synced traits."""
    seen = set() if seen is None else seen
    if id(widget) in seen:
        return
    seen.add(id(widget))
    for name in ("value", "description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            for piece in re.split(r"<[^>]*>", value):
                if piece.strip():
                    yield html.unescape(piece).strip()
    for name in ("options", "tooltips", "_options_labels"):
        yield from strings(getattr(widget, name, None) or ())
    for name in ("task", "feedback", "labels", "error"):
        if hasattr(widget, "session"):
            yield from strings(getattr(widget, name, None))
    for child in getattr(widget, "children", ()) or ():
        yield from shown_texts(child, seen)


def english_in(texts: list[str], patterns: list[tuple[str, re.Pattern[str]]]) -> list[str]:
    found = []
    for text in texts:
        for msgid, pattern in patterns:
            if pattern.fullmatch(text) or (len(msgid) > 25 and "{" not in msgid and msgid in text):
                found.append(f"{text!r} is the English {msgid!r}")
    return found


def play(lesson: Lesson) -> list[str]:
    """Show every quiz and card block of ``lesson`` and answer as a learner does; every text shown on the way."""
    texts: list[str] = []
    for name in lesson.blocks:
        block = load(lesson.info.id)[name]
        if block.kind not in ("quiz", "cards"):
            continue
        widget = lesson.show(name)
        texts += shown_texts(widget)
        driven = lesson[name]
        if block.kind == "quiz":
            right = driven.correct_choice(0)
            wrong = next(choice for choice in driven.questions[0].choices(driven.rules) if choice != right)
            assert driven.answer(0, wrong) is False
            texts += shown_texts(driven.widget)
            retry = driven._retries[0]
            retry.click()
            texts += shown_texts(driven.widget)
            assert driven.answer(0, driven.correct_choice(0)) is True
            for index in range(1, len(driven.questions)):
                driven.answer(index, driven.correct_choice(index))
            texts += shown_texts(driven.widget)
        else:
            picker, run = driven.widget, driven.run
            right = set(run.solution_ids())
            # a pick the engine judges wrong (three cards outside the solution may make another meld: a fresh deal can)
            size = 1 if run.task.pick_one else 3
            others = [card for card in run.hand_ids() if card not in right]
            wrong = next(list(pick) for pick in itertools.combinations(others, size)
                         if not judge(run.task, run._cards(list(pick))).right)
            assert picker.check(wrong) is False
            texts += shown_texts(picker)
            picker.another()
            texts += shown_texts(picker)
            assert picker.check(list(run.solution_ids())) is True
            texts += shown_texts(picker)
            picker.next_task()
            texts += shown_texts(picker)
    texts += shown_texts(lesson.done_button())
    return texts


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lesson_id", ["cards", "melds", "wild-cards", "aces", "turn"])
def test_a_beginner_lesson_tasks_show_no_english_message(lang: str, lesson_id: str, store: ProgressStore) -> None:
    patterns = english_patterns(lang)
    assert len(patterns) > 150
    with i18n.use(lang):
        texts = play(Lesson(lesson_id, store))
    assert texts
    assert not english_in(texts, patterns)


WORDS = {
    "it": {"question": "Domanda 1 di 6", "again": "Provane un'altra", "legal": "Valida", "hand": "La tua mano: clicca le carte per sceglierle",
           "step": "Un tris", "heading": "Cosa hai imparato", "done": "Ho finito questa lezione", "prompt": "Fai un tris"},
    "pt_BR": {"question": "Pergunta 1 de 6", "again": "Tentar outra", "legal": "Válido",
              "hand": "Sua mão: clique nas cartas para escolhê-las", "step": "Uma trinca", "heading": "O que você aprendeu",
              "done": "Terminei esta lição", "prompt": "Faça uma trinca"},
    "en": {"question": "Question 1 of 6", "again": "Try another", "legal": "Legal", "hand": "Your hand: click cards to pick them",
           "step": "A set", "heading": "What you learned", "done": "I've done this lesson", "prompt": "Make a set"},
}


@pytest.mark.parametrize("lang", [*LANGS, "en"])
def test_lesson_2_reads_in_the_language(lang: str, store: ProgressStore) -> None:
    words = WORDS[lang]
    with i18n.use(lang):
        lesson = Lesson("melds", store)
        lesson.show("check"), lesson.show("cards")
        quiz, tasks = lesson["check"], lesson["cards"]
        assert words["question"] in quiz._prompts[0].value
        assert quiz.questions[0].choices(quiz.rules)[0] == words["legal"]
        wrong = next(c for c in quiz.questions[2].choices(quiz.rules) if c != quiz.correct_choice(2))
        quiz.answer(2, wrong)
        assert quiz._retries[2].description == words["again"]
        picker = tasks.widget
        assert picker.labels["pick_many"] == words["hand"] and picker.task["titles"][0] == words["step"]
        assert picker.task["prompt"].startswith(words["prompt"])
        assert picker.labels["locale"] == i18n.BROWSER_TAGS[lang]
        end = lesson.done_button()
        assert words["heading"] in end.children[0].value
        assert end.children[1].children[0].description == words["done"]


def test_english_is_unchanged(store: ProgressStore) -> None:
    lesson = Lesson("turn", store)
    lesson.show("discard"), lesson.show("check")
    run = lesson["discard"].run
    assert run.view()["title"] == "A pile of one card"
    assert run.view()["prompt"].startswith("At the start of your turn the discard pile held a single card")
    quiz = lesson["check"]
    assert quiz._prompts[0].value.startswith("<strong>Question 1 of 4</strong>")
    assert quiz.questions[0].choices(quiz.rules)
    run.check([run.hand_ids()[0]] if run.hand_ids()[0] not in run.solution_ids() else [run.hand_ids()[1]])
    assert run.feedback["title"] == "That one you may discard"
    assert run.feedback["text"].endswith("It is marked in green. Press “Try another” for a new hand.")


def test_the_task_files_texts_are_declared_once_and_extracted() -> None:
    from buraco_learn.i18n import extract_tasks

    assert set(TEXT_KEYS) == {"block", "questions", "steps", "positions", "recap"}
    with (REPO / "lessons" / "tasks" / "turn.toml").open("rb") as handle:
        extracted = [message for _line, _f, message, _comments in extract_tasks(handle, None, None, None)]
    assert "A pile of one card" in extracted and "Drawing, then taking the pile too" in extracted
    assert extracted[0].startswith("Play one whole turn")
    recap = task_texts({"recap": ["One.", "Two.", "Three."], "a": {"kind": "cards", "steps": [{"title": "T", "make": "set"}]}})
    assert recap == [("One.", "recap"), ("Two.", "recap"), ("Three.", "recap"), ("T", "[a] steps: title")]
    assert json.dumps(extracted)  # plain strings


def test_the_scan_finds_english_where_it_is(store: ProgressStore) -> None:
    """The same steps in English: the scan reports the English messages (so it would see one left in a translation)."""
    texts = play(Lesson("melds", store))
    found = english_in(texts, english_patterns("it"))
    for said in ("'Question {number} of {total}'", "'Legal'", "'Your hand: click cards to pick them'", "'A set'", "'What you learned'",
                 "'Make this meld'", "'Right!'"):
        assert any(f"English {said}" in line for line in found), said


@pytest.mark.parametrize("lang", LANGS)
def test_every_recap_and_the_binder_box_read_in_the_language(lang: str, store: ProgressStore) -> None:
    from buraco_learn.app.recaps import RECAPS, recap, recap_html
    from buraco_learn.app.sessionbox import SessionProgress

    patterns = english_patterns(lang)
    with i18n.use(lang):
        for lesson_id in RECAPS:
            lines = recap(lesson_id)
            assert lines is not None and not english_in(list(lines), patterns), lesson_id
            assert "What you learned" not in recap_html(lesson_id)
        box = SessionProgress(store, lambda: None)
        texts = [*shown_texts(box.widget), box.upload.description]
    assert not english_in(texts, patterns)
    assert box.upload.description == {"it": "Carica i miei progressi", "pt_BR": "Carregar meu progresso"}[lang]
