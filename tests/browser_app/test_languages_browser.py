"""The app in the learner's language, in headless Chromium (issue 18): the browser's language opens the landing
page in Italian or Portuguese; the chooser changes the page's language, and the choice is kept with the progress."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest

from buraco_learn.app.catalogue import discover, repository_lessons_dir
from buraco_learn.app.progress import DB_NAME, ProgressStore
from buraco_learn.i18n import use

from .conftest import RENDER_MS, AppServer, Tab
from .test_app_browser import assert_no_error_output, landing_rows

pytestmark = pytest.mark.browser

InBrowser = Callable[..., Any]
#: English words of the landing page that must not show in another language
ENGLISH_WORDS = ("Beginner path", "lessons done", "Not started", "Reset this lesson", "Start again", "All lessons",
                 "How a lesson earns", "wrong answer", "Strategy")


def map_in(tab: Tab, language: str) -> str:
    """The landing page's text, checked to be in ``language``: its lessons' titles, none of the English words."""
    rows = landing_rows(tab)
    text = tab.page.inner_text("#rendered_cells")
    for lesson in discover(repository_lessons_dir(), language):
        assert lesson.title in rows[lesson.id], (language, lesson.id, rows[lesson.id])
    for words in ENGLISH_WORDS:
        assert words not in text, (language, words)
    assert_no_error_output(tab)
    return text


def test_the_browsers_language_opens_the_app_in_it_and_the_chooser_changes_it_for_good(fresh_app: AppServer,
                                                                                         in_browser: InBrowser) -> None:
    def italian_browser(tab: Tab) -> None:
        page = tab.open(fresh_app.url)
        assert page.url.endswith("/voila/render/it/index.ipynb"), page.url
        text = map_in(tab, "it")
        with use("it"):
            assert "Percorso base" in text and "Lezioni fatte: 0 su" in text
        assert page.locator('.buraco-languages [aria-current="true"]').inner_text() == "Italiano"
        # the learner switches to Portuguese: the page changes, and the choice is kept
        page.locator(".buraco-languages a", has_text="Português (Brasil)").first.click()
        page.wait_for_url("**/voila/render/pt_BR/index.ipynb?lang=pt_BR", timeout=RENDER_MS)
        page.wait_for_selector("#rendered_cells", state="visible", timeout=RENDER_MS)
        text = map_in(tab, "pt_BR")
        assert "Trilha inicial" in text

    in_browser(italian_browser, locale="it-IT")

    def later(tab: Tab) -> None:  # the same Italian browser, another day: the kept choice wins
        page = tab.open(fresh_app.url)
        page.wait_for_url("**/voila/render/pt_BR/index.ipynb", timeout=RENDER_MS)
        map_in(tab, "pt_BR")
        page.locator(".buraco-languages a", has_text="English").first.click()
        page.wait_for_url("**/voila/render/index.ipynb?lang=en", timeout=RENDER_MS)
        rows = landing_rows(tab)
        assert "Not started" in rows["melds"]

    deadline = time.monotonic() + 60  # the page's kernel keeps the choice as it opens: give it that moment
    while ProgressStore(fresh_app.data / DB_NAME).language() != "pt_BR":
        assert time.monotonic() < deadline, "the chosen language was not kept"
        time.sleep(0.5)
    in_browser(later, locale="it-IT")


def test_a_portuguese_browser_gets_the_portuguese_landing_page(fresh_app: AppServer, in_browser: InBrowser) -> None:
    def check(tab: Tab) -> None:
        page = tab.open(fresh_app.url)
        assert page.url.endswith("/voila/render/pt_BR/index.ipynb"), page.url
        text = map_in(tab, "pt_BR")
        assert "Lições feitas: 0 de" in text

    in_browser(check, locale="pt-BR")


def english_pieces() -> set[str]:
    """Every stretch of five words or more of the catalogue's English messages (names and documents' sections aside)."""
    import re

    from babel.messages.pofile import read_po

    from buraco_learn import i18n

    with i18n.POT.open("rb") as handle:
        pot = read_po(handle)
    pieces: set[str] = set()
    for message in pot:
        for text in (message.id if isinstance(message.id, tuple) else (message.id,)) if message.id else ():
            text = re.sub(r"\d{3} '[^']*'", " ", text)
            for piece in re.split(r"\{\w+\}|%\(\w+\)s|%s|%r|<[^>]+>|[()\":;,.!?✔✘ℹ«»▶◀→“”]", text):
                piece = piece.strip(" '’-–")
                if len(piece.split()) >= 5 and piece not in ("Buraco Brazil Online",):
                    pieces.add(piece)
    return pieces


def page_words(tab: Tab) -> str:
    """What the learner reads on the page: no card pictures, no quotes of the rule documents (they stay English)."""
    import re

    text = tab.page.evaluate("""() => { const copy = document.querySelector('#rendered_cells').cloneNode(true);
        copy.querySelectorAll('[lang=en], svg, style, script').forEach(node => node.remove()); return copy.innerText; }""")
    return " ".join(re.sub(r'"[^"\n]*"', " ", text).split())


@pytest.mark.slow
def test_a_variants_lesson_in_italian_a_turn_a_wrong_answer_then_right_and_the_comparison_under_cut_throat(
        app: AppServer, in_browser: InBrowser) -> None:
    """Lesson 17 as an Italian learner does it: the first turn's redraw on the card table, a question answered wrong
    (the right answer and the rule's document shown), tried again and passed, then the comparison under cut-throat
    (which once raised the engine's error); no English message, no error text on the way."""
    import re

    from buraco_learn import preset
    from buraco_learn.cards import Card
    from buraco_learn.i18n import _
    from buraco_learn.presets import ruleset_name

    from .test_lessons_browser import TABLE, expect

    with use("it"):
        said = {key: _(key) for key in ("Your goals", "Draw", "Throw back and redraw", "Discard", "Legal", "Not legal",
                                         "Try again", "Not quite", "✔ Well done: every goal met.")}
        king = Card.parse("KD").name()
        cut_throat = f"{ruleset_name(preset('cutthroat'))} (004)"
    english = english_pieces()

    def check(tab: Tab) -> None:
        look = expect()
        page = tab.open(f"{app.url}voila/render/it/17_buraco_aberto.ipynb")
        table = page.locator(TABLE).first
        look(table).to_have_attribute("data-turn", "you", timeout=60_000)
        table.get_by_role("button", name=said["Draw"], exact=True).click()
        table.get_by_role("button", name=said["Throw back and redraw"], exact=True).click()
        goals = page.get_by_role("list", name=said["Your goals"]).first
        look(goals).to_contain_text("✔")
        table.get_by_role("button", name=re.compile(f"^{king}")).first.click()
        table.get_by_role("button", name=said["Discard"], exact=True).click()
        look(page.get_by_text(said["✔ Well done: every goal met."].lstrip("✔ "), exact=False).first).to_be_visible()
        # the quiz: question 1 (no sets under 001) answered "Legal", wrongly
        page.get_by_role("button", name=said["Legal"], exact=True).first.click()
        feedback = page.get_by_text(said["Not quite"], exact=False).first
        look(feedback).to_be_visible()
        quiz_text = page_words(tab)
        assert said["Not legal"] in quiz_text and "001" in quiz_text
        page.get_by_role("button", name=said["Try again"], exact=False).first.click()
        page.get_by_role("button", name=said["Not legal"], exact=True).first.click()
        # the comparison under cut-throat
        chooser = page.locator("select").filter(has=page.locator("option", has_text="(004)")).first
        chooser.select_option(label=cut_throat)
        look(page.locator(".ruleset-line", has_text=ruleset_name(preset("cutthroat"))).last).to_be_visible(timeout=60_000)
        assert_no_error_output(tab)
        text = page_words(tab)
        left = sorted(piece for piece in english if piece in text)
        assert not left, left[:10]
        assert "Con le regole" in text and ruleset_name(preset("cutthroat")) in text

    in_browser(check, locale="it-IT")


@pytest.mark.slow
def test_cut_throat_in_portuguese_on_a_phone_the_pile_taken_down_to_a_card_then_a_question_wrong_then_right(
        app: AppServer, in_browser: InBrowser) -> None:
    """Lesson 19 as a Brazilian learner on a phone (390x844): press the K♥ in the pile to take it and the cards
    above it, meld it with two Kings, discard; a question answered wrong then right; all in Portuguese."""
    import re

    from buraco_learn.cards import Card
    from buraco_learn.i18n import _, ngettext

    from .test_lessons_browser import TABLE, expect

    with use("pt_BR"):
        said = {key: _(key) for key in ("Discard", "Legal", "Not legal", "Try again", "Not quite", "✔ Well done: every goal met.")}
        meld_three = ngettext("Meld {n} card", "Meld {n} cards", 3)
        names = {code: Card.parse(code).name() for code in ("KH", "KS", "KD", "7C")}
    english = english_pieces()

    def check(tab: Tab) -> None:
        look = expect()
        tab.page.set_viewport_size({"width": 390, "height": 844})
        page = tab.open(f"{app.url}voila/render/pt_BR/19_cut_throat.ipynb")
        table = page.locator(TABLE).first
        look(table).to_have_attribute("data-turn", "you", timeout=60_000)
        table.locator(f'.bl-pile [aria-label^="{names["KH"]}"]').first.click()  # the pile down to the K♥
        look(table).to_have_attribute("data-phase", "play")
        hand = table.get_by_role("group", name=re.compile(_in_pt("Your hand")), exact=False)
        for code in ("KS", "KD", "KH"):
            hand.get_by_role("button", name=re.compile(f"^{names[code]}")).first.click()
        table.get_by_role("button", name=meld_three, exact=True).click()
        look(table.locator("[data-meld]").first).to_be_visible()  # the Kings on the table
        seven = hand.get_by_role("button", name=re.compile(f"^{names['7C']}")).first
        seven.click()
        look(seven).to_have_attribute("aria-pressed", "true")
        table.get_by_role("button", name=said["Discard"], exact=True).click()
        look(page.get_by_text(said["✔ Well done: every goal met."].lstrip("✔ "), exact=False).first).to_be_visible()
        page.get_by_role("button", name=said["Legal"], exact=True).first.click()  # five Kings: not a set under 004
        look(page.get_by_text(said["Not quite"], exact=False).first).to_be_visible()
        assert "004" in page_words(tab)
        page.get_by_role("button", name=said["Try again"], exact=False).first.click()
        page.get_by_role("button", name=said["Not legal"], exact=True).first.click()
        assert_no_error_output(tab)
        text = page_words(tab)
        left = sorted(piece for piece in english if piece in text)
        assert not left, left[:10]
        assert page.evaluate("document.documentElement.scrollWidth") <= 400  # nothing wider than the phone

    in_browser(check, locale="pt-BR")


def _in_pt(message: str) -> str:
    from buraco_learn.i18n import _

    with use("pt_BR"):
        return re.escape(_(message))
