"""The message catalogues (issue 18): complete, consistent with the code, and compiled.

Every ``.po`` translates every message of the ``.pot`` (none empty, none fuzzy), keeps
the same named placeholders, and its ``.mo`` holds exactly what the ``.po`` says; the
``.pot`` holds exactly the messages the code marks (``python -m buraco_learn.i18n update``
remakes all three when this fails).
"""

from __future__ import annotations

import gettext
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from buraco_learn import i18n

REPO = Path(__file__).resolve().parents[1]
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != "en"]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def catalogue(lang: str):  # type: ignore[no-untyped-def]
    with i18n.po_path(lang).open("rb") as file:
        return read_po(file, locale=lang)


def messages(cat) -> dict[object, object]:  # type: ignore[no-untyped-def]
    """Each message by its id, a message with a context by ``(context, id)`` (two messages may share their English)."""
    return {(message.context, message.id) if message.context else message.id: message for message in cat if message.id}


def test_the_languages_and_their_names() -> None:
    assert i18n.LANGUAGES == ("en", "it", "pt_BR")
    for text, lang in [("it_IT.UTF-8", "it"), ("it-IT", "it"), ("pt-BR", "pt_BR"), ("pt_BR.UTF-8", "pt_BR"), ("pt", "pt_BR"),
                       ("en_GB.UTF-8", "en"), ("C.UTF-8", "en"), ("POSIX", "en"), ("", "en"), ("de_DE", "en")]:
        assert i18n.resolve(text) == lang, text
    assert i18n.find("fr_FR") is None and i18n.find("pt_PT") == "pt_BR"
    assert i18n.from_environment({"LANG": "it_IT.UTF-8"}) == "it"
    assert i18n.from_environment({"LC_ALL": "pt_BR.UTF-8", "LANG": "it_IT.UTF-8"}) == "pt_BR"
    assert i18n.from_environment({}) == "en"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_and_none_is_fuzzy(lang: str) -> None:
    cat = catalogue(lang)
    assert not cat.fuzzy, f"{lang}: the catalogue's header is marked fuzzy"
    found = messages(cat)
    assert len(found) > 100
    for message in found.values():
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert forms and all(forms), f"{lang}: untranslated {message.id!r}"
        assert "fuzzy" not in message.flags, f"{lang}: fuzzy {message.id!r}"
        if isinstance(message.id, tuple):
            assert len(forms) == cat.num_plurals, f"{lang}: {message.id!r} has {len(forms)} plural forms"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_keeps_the_same_placeholders(lang: str) -> None:
    for message in messages(catalogue(lang)).values():
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set().union(*(fields(text) for text in ids))
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            assert fields(form) == wanted, f"{lang}: {message.id!r} -> {form!r}"
            form.format(**{**dict.fromkeys(wanted, "x"), "n": 2})  # no stray brace


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_mo_is_the_po_compiled(lang: str) -> None:
    with i18n.mo_path(lang).open("rb") as file:
        compiled = gettext.GNUTranslations(file)
    held = {key: value for key, value in compiled._catalog.items() if key != ""}  # type: ignore[attr-defined]
    wanted: dict[object, str] = {}
    for message in messages(catalogue(lang)).values():
        key = f"{message.context}\x04" if message.context else ""  # how a .mo keys a message with a context
        if isinstance(message.id, tuple):
            for index, form in enumerate(message.string):
                wanted[(key + message.id[0], index)] = form
        else:
            wanted[key + message.id] = message.string
    assert held == wanted, f"{lang}: the .mo is older than the .po: python -m buraco_learn.i18n compile"


def test_the_pot_holds_exactly_the_messages_of_the_code() -> None:
    method_map = [("buraco_learn/examples.py", "buraco_learn.i18n:extract_examples"),
                  ("buraco_learn/**.py", "python"), ("lessons/*.ipynb", "buraco_learn.i18n:extract_notebook"),
                  ("lessons/tasks/*.toml", "buraco_learn.i18n:extract_tasks")]
    found = [(context, message if isinstance(message, str) else tuple(message))
             for _, _, message, _, context in extract_from_dir(str(REPO), method_map)]
    in_code = {(context, message) if context else message for context, message in found}
    with i18n.POT.open("rb") as file:
        in_pot = set(messages(read_po(file)))
    assert in_code == in_pot, "python -m buraco_learn.i18n update: " + repr(sorted(map(str, in_code ^ in_pot))[:5])
    for lang in TRANSLATED:
        assert set(messages(catalogue(lang))) == in_pot, f"{lang}: the .po is not merged with the .pot"
    assert (REPO / "babel.cfg").read_text(encoding="utf-8").count("[python: buraco_learn/**.py]") == 1


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalogue_is_read_with_the_standard_library_alone(lang: str) -> None:
    assert isinstance(i18n.catalogue(lang), gettext.GNUTranslations)
    with i18n.use(lang) as used:
        assert used == lang and i18n.language() == lang
        assert i18n._("joker") != "joker"
        assert i18n.ngettext("A run holds each card once, one per place, but {cards} appears twice",
                             "A run holds each card once, one per place, but {cards} each appear twice", 2, cards="8♥")
    assert i18n.language() == "en"


def test_english_is_the_code_own_text() -> None:
    assert i18n._("A meld needs at least {least} cards; this one has {count}", least=3, count=2) == \
        "A meld needs at least 3 cards; this one has 2"
    assert i18n._("no {braces} read without params") == "no {braces} read without params"
    assert i18n.ngettext("{n} card", "{n} cards", 1) == "1 card" and i18n.ngettext("{n} card", "{n} cards", 3) == "3 cards"
    with i18n.use("xx_YY"):  # an unknown language is English
        assert i18n.language() == "en"


def test_a_language_is_one_context_own() -> None:
    import threading

    seen: list[str] = []
    with i18n.use("it"):
        thread = threading.Thread(target=lambda: seen.append(i18n.language()))
        thread.start()
        thread.join()
        assert i18n.language() == "it"
    assert seen == ["en"]


def test_the_compiled_catalogues_go_into_the_wheel() -> None:
    """hatch packs every file under buraco_learn/ that .gitignore and pyproject's excludes leave: the .mo files are
    left by both (tests/test_packaging.py builds the wheel itself)."""
    import tomllib

    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"]
    assert config["wheel"]["packages"] == ["buraco_learn"]
    excluded = config["wheel"]["exclude"] + (REPO / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert not any(pattern.strip().endswith((".mo", ".po", "locale", "locale/")) for pattern in excluded)
    for lang in TRANSLATED:
        assert i18n.mo_path(lang).is_file() and i18n.mo_path(lang).is_relative_to(REPO / "buraco_learn")


def test_translate_fills_in_a_translations_file_and_reports_messages_the_code_lacks(tmp_path, monkeypatch):
    """``python -m buraco_learn.i18n translate FILE.json``: the upkeep command sessions and translators share."""
    import json
    import shutil

    from babel.messages.pofile import read_po

    from buraco_learn import i18n

    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale)
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale)
    monkeypatch.setattr(i18n, "POT", locale / f"{i18n.DOMAIN}.pot")
    message = "A meld needs at least {least} cards; this one has {count}"
    given = {message: {"it": "Servono almeno {least} carte; qui ce ne sono {count}"},
             "No such message in the code": {"it": "x", "pt_BR": "y"}}
    (tmp_path / "tr.json").write_text(json.dumps(given), encoding="utf-8")
    assert i18n.translate(tmp_path / "tr.json") == ["No such message in the code"]
    with (locale / "it" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po").open("rb") as handle:
        po = read_po(handle, locale="it")
    assert po[message].string == "Servono almeno {least} carte; qui ce ne sono {count}"
    assert not po[message].fuzzy
    with (locale / "pt_BR" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po").open("rb") as handle:
        untouched = read_po(handle, locale="pt_BR")[message].string
    original = Path(i18n.__file__).resolve().parent / "locale"
    with (original / "pt_BR" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po").open("rb") as handle:
        assert read_po(handle, locale="pt_BR")[message].string == untouched  # pt_BR not in the file: unchanged
    assert (locale / "it" / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo").stat().st_mtime >= (locale / "it" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po").stat().st_mtime
    i18n.catalogue.cache_clear()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_numbers_are_written_as_babel_writes_them_in_each_language(lang):
    """``i18n.number`` needs no Babel at run time; its separators are CLDR's, as Babel says."""
    from babel.numbers import format_decimal

    locale = i18n.BROWSER_TAGS[lang].replace("-", "_")
    with i18n.use(lang):
        for value in (0, 7, -42, 1250, -31415, 1234567):
            assert i18n.number(value) == format_decimal(value, locale=locale)
        assert i18n.number(2.5, 1) == format_decimal(2.5, format="#,##0.0", locale=locale)


def test_no_message_is_marked_inside_an_f_string() -> None:
    """Babel on Python 3.11 reads an f-string as one string: a ``_()`` inside one is never extracted, so it
    would stay English in every language. Mark it outside (``said = _(...)``, then ``f"{said}"``)."""
    import io
    import re
    import tokenize

    marked = re.compile(r"\{[^{}]*\b(_|ngettext|N_)\(")
    found = []
    for path in sorted((REPO / "buraco_learn").rglob("*.py")):
        for token in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
            if token.type == tokenize.STRING and re.match(r"^[rRbB]?[fF]", token.string) and marked.search(token.string):
                found.append(f"{path.relative_to(REPO)}:{token.start[0]}")
    assert not found, "a message marked inside an f-string: " + ", ".join(found)
