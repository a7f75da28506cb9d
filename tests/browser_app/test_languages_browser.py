"""The app in the learner's language, in headless Chromium (issue 18): the browser's language opens the landing
page in Italian or Portuguese; the chooser changes the page's language, and the choice is kept with the progress."""

from __future__ import annotations

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
