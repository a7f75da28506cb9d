"""Lesson 10 (the rulesets side by side) in Italian and Brazilian Portuguese (issue 18).

The rules table, each ruleset's document and the lesson's quiz (answered wrongly, then rightly after "Try
again") are built under ``i18n.use("it")`` and ``use("pt_BR")``, as the page in ``lessons/it/`` builds them.
No text they show is an English message of the rules' words (``house_rules.OPTION_TEXTS``), of the table
(``app/pages.py``) or of the documents' summaries (``sources.py``). Each ruleset's own notes stay in English,
the language of the rule documents: marked ``lang="en"`` for the browser and introduced in the page's language.
English is unchanged.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from buraco_learn import i18n
from buraco_learn.app import pages
from buraco_learn.app.lesson import Lesson
from buraco_learn.app.progress import DATA_ENV, DB_NAME, ProgressStore

REPO = Path(__file__).resolve().parent.parent
LANGS = ("it", "pt_BR")
ENGLISH_NOTES = re.compile(r'<div class="preset-choices" lang="en">.*?</div></details>', re.S)


def rules_messages() -> set[str]:
    """The English messages of the rules' words, the table and the documents' summaries (as Babel extracts them)."""
    from babel.messages.extract import extract_from_file

    found: set[str] = set()
    for name in ("house_rules.py", "app/pages.py", "sources.py"):
        for _line, message, _comments, _context in extract_from_file(
                "python", str(REPO / "buraco_learn" / name), keywords={"_": None, "N_": None}):
            found.update([message] if isinstance(message, str) else message)
    return found


def pieces(page: str) -> list[str]:
    """The texts a page shows, each piece between two tags (styles left out)."""
    page = re.sub(r"<style.*?</style>", "", page, flags=re.S)
    return [html.unescape(piece).strip() for piece in re.split(r"<[^>]*>", page) if piece.strip()]


def english_in(texts: list[str], lang: str) -> list[str]:
    found = []
    with i18n.use(lang):
        messages = [msgid for msgid in rules_messages() if "{" not in msgid and re.search(r"[A-Za-z]{3}", msgid)
                    and i18n._(msgid) != msgid]
    assert len(messages) > 150
    for text in texts:
        for msgid in messages:
            if text == msgid or (len(msgid) > 25 and msgid in text):
                found.append(f"{text!r} is the English {msgid!r}")
    return found


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ProgressStore:
    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    return ProgressStore(tmp_path / DB_NAME)


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_table_and_the_documents_show_no_english_message(lang: str) -> None:
    with i18n.use(lang):
        table, documents = pages.rules_table_html(), pages.documents_html()
    notes = ENGLISH_NOTES.findall(documents)
    assert len(notes) == len(re.findall(r"<details\b", documents)) > 4, "each ruleset's notes are marked English"
    assert documents.count('class="in-english"') == len(notes)
    assert "“Players: 2”" in documents, "the rules the English notes name are named in English"
    texts = pieces(table) + pieces(ENGLISH_NOTES.sub("", documents))
    assert not english_in(texts, lang)
    words = {"it": ("documento di regole", "orario", "Se il mazzo ha i quattro jolly"),
             "pt_BR": ("documento de regras", "horário", "Se o baralho tem os quatro coringas")}[lang]
    for said in words:
        assert said in " ".join(texts), said


@pytest.mark.parametrize("lang", LANGS)
def test_the_lessons_quiz_reads_in_the_language_wrong_answer_included(lang: str, store: ProgressStore) -> None:
    with i18n.use(lang):
        lesson = Lesson("rulesets", store)
        lesson.show("check")
        quiz = lesson["check"]
        texts = [piece for prompt in quiz._prompts for piece in pieces(prompt.value)]
        wrong = next(choice for choice in quiz.questions[0].choices(quiz.rules) if choice != quiz.correct_choice(0))
        assert quiz.answer(0, wrong) is False
        texts += pieces(quiz._feedback[0].value)
        quiz._retries[0].click()
        assert quiz.answer(0, quiz.correct_choice(0)) is True
        texts += pieces(quiz._feedback[0].value)
    assert len(texts) > 5
    assert not english_in(texts, lang)


def test_english_is_unchanged() -> None:
    table, documents = pages.rules_table_html(), pages.documents_html()
    assert ">rule document<" in table and "Partners sit opposite each other" in table and ">clockwise<" in table
    assert 'lang="en"' not in documents and "in-english" not in documents
    assert "Partnership Burraco as a games portal teaches it" in documents


@pytest.mark.parametrize("lang", LANGS)
def test_the_lesson_has_its_copy_in_the_language(lang: str) -> None:
    copy = (REPO / "lessons" / lang / "10_rulesets.ipynb").read_text(encoding="utf-8")
    assert f'begin(\\"rulesets\\", language=\\"{lang}\\")' in copy
    assert "Side by side" not in copy and "Your turn" not in copy


def house_page_texts(editor: Any) -> list[str]:
    """Every text the house rules page shows, its English notes (``lang="en"``) left out."""
    import ipywidgets as widgets

    texts: list[str] = []

    def walk(widget: object) -> None:
        for name in ("value", "description", "placeholder"):
            if name == "value" and isinstance(widget, widgets.Dropdown | widgets.Checkbox):
                continue  # a choice's value is its code ('clockwise'); the page shows its label
            value = getattr(widget, name, None)
            if isinstance(value, str):
                texts.extend(pieces(re.sub(r'<span lang="en">.*?</span>', "", value, flags=re.S)))
        if isinstance(widget, widgets.Dropdown):
            texts.extend(label for label, _value in widget.options)
        if isinstance(widget, widgets.Accordion):
            texts.extend(widget.titles)
        for child in getattr(widget, "children", ()) or ():
            walk(child)

    walk(editor.widget)
    return texts


@pytest.mark.parametrize("lang", LANGS)
def test_the_house_rules_page_reads_in_the_language_mistakes_included(lang: str, tmp_path: Path) -> None:
    """The page in ``lessons/<lang>/house_rules.ipynb``: a host changes a rule, types a wrong value, names and saves
    the ruleset; nothing on the page is one of the house rules' English messages."""
    from babel.messages.extract import extract_from_file

    from buraco_learn.app.house_page import HouseRulesEditor

    store = ProgressStore(tmp_path / DB_NAME)
    token = i18n.set_language("en")
    try:
        editor = HouseRulesEditor(store, language=lang)
        shown = house_page_texts(editor)
        editor.set_value("players", 9)  # a wrong value: the page says why, in the language
        shown += pieces(editor.summary.value)
        editor.set_value("players", 4)
        editor.set_value("semi_clean_bonus", 150)
        editor.name.value = "Il nostro circolo"
        assert editor.save()
        shown += house_page_texts(editor) + pieces(editor.status.value)
        messages = {message for name in ("app/house_page.py", "house_rules.py")
                    for _line, message, _c, _ctx in extract_from_file("python", str(REPO / "buraco_learn" / name),
                                                                      keywords={"_": None, "N_": None, "ngettext": (1, 2)})
                    for message in ([message] if isinstance(message, str) else message)}
        english = [msgid for msgid in messages if "{" not in msgid and re.search(r"[A-Za-z]{3}", msgid)
                   and i18n._(msgid) != msgid]
    finally:
        i18n.LANGUAGE.reset(token)
    found = [f"{text!r} is the English {msgid!r}" for text in shown for msgid in english
             if text == msgid or (len(msgid) > 25 and msgid in text)]
    assert len(english) > 150 and not found, found[:5]
    said = {"it": ("deve essere da 2 a 6, non 9", "Salvate", "Parti da"), "pt_BR": ("deve ser de 2 a 6, não 9", "Salvas", "Base")}
    for words in said[lang]:
        assert words in " ".join(shown), words
