"""The learner's language: English, Italian or Brazilian Portuguese (issue 18).

Every learner-facing sentence is one whole message, written in English in the code
with named placeholders and looked up in a gettext catalogue for the current language::

    _("A meld needs at least {least} cards; this one has {count}", least=3, count=2)

English is the code's own text: in English a message is only formatted, so English
output is exactly what the code writes. The current language is a context variable
(:data:`LANGUAGE`, ``"en"`` unless set): :func:`use` sets it for a block,
:func:`set_language` for the rest of the context, and :func:`resolve` turns what a
user or the environment says (``it_IT.UTF-8``, ``pt-BR``, ``pt``) into one of
:data:`LANGUAGES`.

>>> from buraco_learn.i18n import _, use
>>> print(_("A meld needs at least {least} cards; this one has {count}", least=3, count=2))
A meld needs at least 3 cards; this one has 2
>>> with use("it"):
...     print(_("A meld needs at least {least} cards; this one has {count}", least=3, count=2))
Una combinazione deve avere almeno 3 carte; questa ne ha 2
>>> resolve("pt_BR.UTF-8"), resolve("it-IT"), resolve("pt"), resolve("de_DE"), resolve("C.UTF-8")
('pt_BR', 'it', 'pt_BR', 'en', 'en')

The catalogues live in ``buraco_learn/locale``: ``buraco_learn.pot`` (the messages,
extracted by Babel as ``babel.cfg`` at the repository's root says), and for each
language ``<lang>/LC_MESSAGES/buraco_learn.po`` (the translations, edited by hand)
beside its compiled ``buraco_learn.mo`` (shipped in the wheel, read at run time by the
standard library's :mod:`gettext`: the engine needs no new dependency). After changing
a message in the code, from the repository's root (Babel needed, as in the test venv)::

    python -m buraco_learn.i18n update    # extract the .pot, merge it into each .po, compile each .mo
    python -m buraco_learn.i18n compile   # only compile each .po into its .mo (after editing translations)
    python -m buraco_learn.i18n translate FILE.json   # update, then fill in translations from FILE, compile

A translations file maps each message (its English, exactly as in the code) to its
translations: ``{"A meld needs ...": {"it": "...", "pt_BR": "..."}}``; a plural message
maps to a list per language, one text per plural form of that language; a message with a context
(:func:`pgettext`) is keyed ``"context\u0004message"``. Several people
(or sessions) may run these commands at once: each holds a lock on the catalogues.

then translate what ``update`` marked new or fuzzy in each ``.po`` and ``compile``.
``tests/test_i18n_catalogues.py`` fails while a message is untranslated, fuzzy, or
its ``.mo`` is older than its ``.po``.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

#: The languages a learner can read: English (the code's own), Italian, Brazilian Portuguese.
LANGUAGES: Final = ("en", "it", "pt_BR")
#: Each language's name in itself, for a chooser.
NAMES: Final = {"en": "English", "it": "Italiano", "pt_BR": "Português (Brasil)"}
#: Each language's tag for the browser (``Intl``, ``toLocaleString``, ``<html lang>``).
BROWSER_TAGS: Final = {"en": "en-GB", "it": "it-IT", "pt_BR": "pt-BR"}
#: Each language's separators of thousands and of decimals (CLDR's, as Babel gives them: checked by a test).
_SEPARATORS: Final = {"en": (",", "."), "it": (".", ","), "pt_BR": (".", ",")}
#: The gettext domain: ``locale/<lang>/LC_MESSAGES/buraco_learn.mo``.
DOMAIN: Final = "buraco_learn"
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"
#: The environment variables that name a language, strongest first (POSIX's order).
ENVIRONMENT: Final = ("LC_ALL", "LC_MESSAGES", "LANG")

#: The current language (one of :data:`LANGUAGES`).
def _shared_language() -> contextvars.ContextVar[str]:
    """The one variable, kept on the package: a tool that loads this file twice (pytest's doctest collection)
    would otherwise split the language between two copies of the module."""
    fresh: contextvars.ContextVar[str] = contextvars.ContextVar("buraco_learn_language", default="en")
    home = sys.modules.get(__package__ or "buraco_learn")
    if home is None:
        return fresh
    shared: contextvars.ContextVar[str] = vars(home).setdefault("_i18n_language", fresh)
    return shared


LANGUAGE: Final = _shared_language()

_ALIASES: Final = {"en": "en", "it": "it", "pt": "pt_BR"}


def find(text: str | None) -> str | None:
    """The supported language ``text`` names (``it_IT.UTF-8``, ``it-IT``, ``pt-BR``, ``pt``, ``PT_br``), else None.

    >>> find("it_CH.UTF-8"), find("pt_BR@euro"), find("EN_gb"), find("fr"), find("")
    ('it', 'pt_BR', 'en', None, None)
    """
    if not text:
        return None
    code = text.strip().split(".")[0].split("@")[0].replace("-", "_")
    language = code.split("_")[0].lower()
    return _ALIASES.get(language)


def resolve(text: str | None) -> str:
    """The supported language ``text`` names, else ``"en"``."""
    return find(text) or "en"


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment names (``LC_ALL``, else ``LC_MESSAGES``, else ``LANG``), else ``"en"``."""
    import os

    env = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = env.get(name, "")
        if value:
            return resolve(value)
    return "en"


def from_accept_language(header: str | None) -> str | None:
    """The language buraco-learn speaks that a browser's ``Accept-Language`` header prefers most, or None.

    >>> from_accept_language("pt-BR,pt;q=0.9,en-US;q=0.8"), from_accept_language("de-DE,it;q=0.5,en;q=0.4")
    ('pt_BR', 'it')
    >>> from_accept_language("fr-FR, de;q=0.8"), from_accept_language(""), from_accept_language("en;q=0, it;q=0.1")
    (None, None, 'it')
    """
    ranked: list[tuple[float, int, str]] = []
    for place, part in enumerate((header or "")[:1000].split(",")[:40]):
        tag, _semi, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        found = find(tag) if tag and tag != "*" else None
        if found is not None and quality > 0:
            ranked.append((-quality, place, found))
    return min(ranked)[2] if ranked else None


def language() -> str:
    """The current language."""
    return LANGUAGE.get()


def set_language(lang: str) -> contextvars.Token[str]:
    """Make ``lang`` (resolved, see :func:`resolve`) the current language; the token undoes it."""
    return LANGUAGE.set(resolve(lang))


@contextlib.contextmanager
def use(lang: str) -> Iterator[str]:
    """Within the block, messages are in ``lang`` (resolved); yields the language used."""
    token = set_language(lang)
    try:
        yield LANGUAGE.get()
    finally:
        LANGUAGE.reset(token)


@functools.cache
def catalogue(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English, or a missing one: the messages as written)."""
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def _(message: str, /, **params: object) -> str:
    """``message`` in the current language, its ``{named}`` placeholders filled from ``params``.

    Without ``params`` the text is returned as found (no braces are read).
    """
    lang = LANGUAGE.get()
    if lang == "en":
        return message.format(**params) if params else message
    text = catalogue(lang).gettext(message)
    return _elided(lang, text.format(**params)) if params else text


def pgettext(context: str, message: str, /, **params: object) -> str:
    """:func:`_` for a message whose English is also another message's, told apart by ``context`` (002's own
    "Bonus for a clean burraco" beside the generic one that Portuguese says with canastra)."""
    lang = LANGUAGE.get()
    if lang == "en":
        return message.format(**params) if params else message
    text = catalogue(lang).pgettext(context, message)
    return _elided(lang, text.format(**params)) if params else text


def ngettext(singular: str, plural: str, n: int, /, **params: object) -> str:
    """The singular or plural message for ``n`` in the current language (its own plural rule), formatted
    with ``n`` and ``params``."""
    lang = LANGUAGE.get()
    if lang == "en":
        text = singular if n == 1 else plural
    else:
        return _elided(lang, catalogue(lang).ngettext(singular, plural, n).format(n=n, **params))
    return text.format(n=n, **params)


#: Italian elides an article before a vowel: a card filled into "il {card}" is "l'8♠" (l'otto) and "l'A♠"
#: (l'asso), "dell'8♠", "all'A♠", "gli 8♠" ... (the other ranks keep "il": il 2, il 10, il re)
_ITALIAN_ELISION: Final = re.compile(r"(?<![\w'])(il|Il|del|Del|al|Al|dal|Dal|nel|Nel|sul|Sul|col|Col|i|I) ((?:8|A)[♠♥♦♣])")
_ELIDED: Final = {"il": "l'", "Il": "L'", "del": "dell'", "Del": "Dell'", "al": "all'", "Al": "All'", "dal": "dall'",
                  "Dal": "Dall'", "nel": "nell'", "Nel": "Nell'", "sul": "sull'", "Sul": "Sull'", "col": "con l'",
                  "Col": "Con l'", "i": "gli ", "I": "Gli "}


def _elided(lang: str, text: str) -> str:
    """``text`` with the articles its language elides before what was filled in (Italian: "il 8♠" is "l'8♠").

    >>> _elided("it", "il 8♠ e il 10♥, dal A♣, i 8♦"), _elided("pt_BR", "o 8♠")
    ("l'8♠ e il 10♥, dall'A♣, gli 8♦", 'o 8♠')
    """
    if lang != "it" or ("8" not in text and "A" not in text):
        return text
    return _ITALIAN_ELISION.sub(lambda match: _ELIDED[match.group(1)] + match.group(2), text)


def number(value: float, decimals: int = 0) -> str:
    """``value`` written as the current language writes numbers (``1,250`` / ``1.250``; ``-3.5`` / ``-3,5``).

    >>> number(12345), number(-1250)
    ('12,345', '-1,250')
    >>> with use("it"):
    ...     number(12345), number(2.5, 1)
    ('12.345', '2,5')
    """
    thousands, point = _SEPARATORS[LANGUAGE.get()]
    text = f"{value:,.{decimals}f}"
    return text.replace(",", "\0").replace(".", point).replace("\0", thousands)


def browser_tag() -> str:
    """The current language's tag for the browser (``it-IT``), for ``Intl`` and ``lang`` attributes."""
    return BROWSER_TAGS[LANGUAGE.get()]


def N_(message: str) -> str:
    """Marks ``message`` for extraction where it is translated later, by :func:`_`."""
    return message


# -- the catalogues' upkeep (Babel, a development tool: never imported at run time) ----------------------

ROOT: Final = Path(__file__).resolve().parent.parent
POT: Final = LOCALE_DIR / f"{DOMAIN}.pot"


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def extract_notebook(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extractor for a lesson notebook (``babel.cfg``): its title and goal, which the map shows in
    the learner's language (:mod:`buraco_learn.app.catalogue`)."""
    import json

    notebook = json.loads(fileobj.read().decode("utf-8"))
    entry = notebook.get("metadata", {}).get("buraco_lesson", {})
    for key in ("title", "goal"):
        text = entry.get(key)
        if isinstance(text, str) and text.strip():
            yield 1, None, text.strip(), [f"the lesson {key} of {entry.get('id', '?')}"]


def extract_tasks(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extractor for a lesson's task file (``babel.cfg``: ``lessons/tasks/*.toml``): the texts the learner
    reads (step titles, a table's task, the questions, the positions' titles and reasons, the recap), the fields
    :data:`buraco_learn.app.taskdata.TEXT_KEYS` names, which the page shows in the learner's language."""
    import tomllib

    from buraco_learn.app.taskdata import task_texts

    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()
    for message, where in task_texts(tomllib.loads(text)):
        first = next((number for number, line in enumerate(lines, 1) if message in line), 1)
        yield first, None, message, [f"the task file's {where}"]


def extract_examples(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extractor for ``buraco_learn/examples.py`` (``babel.cfg``): the worked examples' titles, intros,
    captions and endings as the replayer shows them, citations filled in (they are built with f-strings, which
    Babel cannot read)."""
    from buraco_learn.examples import EXAMPLES

    for example in EXAMPLES.values():
        for text in (example.title, example.intro, *(step.caption for step in example.steps), example.outro):
            if text:
                yield 1, None, text, [f"the worked example {example.key}"]


def _babel(argv: list[str]) -> None:
    from babel.messages.frontend import CommandLineInterface

    babel: Any = CommandLineInterface()  # Babel has no type hints
    babel.run(["pybabel", "-q", *argv])


@contextlib.contextmanager
def _locked() -> Iterator[None]:
    """Hold the catalogues' lock (a file beside them) for the block: one upkeep command at a time."""
    import fcntl

    with open(LOCALE_DIR / ".lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def update() -> None:
    with _locked():
        _update()


def _update() -> None:
    """Extract the messages into the ``.pot``, merge them into each ``.po`` (new ones empty, changed ones
    fuzzy), and compile each ``.mo``."""
    POT.parent.mkdir(parents=True, exist_ok=True)
    _babel(["extract", "-F", str(ROOT / "babel.cfg"), "-o", str(POT), "--project", "buraco-learn",
            "--copyright-holder", "buraco-learn contributors", "--no-location", "--sort-output", str(ROOT)])
    for lang in LANGUAGES[1:]:
        if po_path(lang).exists():
            _babel(["update", "-i", str(POT), "-d", str(LOCALE_DIR), "-D", DOMAIN, "-l", lang, "--no-wrap"])
        else:
            _babel(["init", "-i", str(POT), "-d", str(LOCALE_DIR), "-D", DOMAIN, "-l", lang, "--no-wrap"])
    _compile_all()


def translate(path: Path) -> list[str]:
    """:func:`update`, then set the translations that ``path`` (JSON, see the module's docstring) gives
    (no longer fuzzy), and compile. Returns the messages of ``path`` that the code no longer has."""
    import json

    from babel.messages.pofile import read_po, write_po

    given: dict[str, dict[str, str | list[str]]] = json.loads(path.read_text(encoding="utf-8"))
    unknown: set[str] = set()
    with _locked():
        _update()
        for lang in LANGUAGES[1:]:
            with po_path(lang).open("rb") as handle:
                po = read_po(handle, locale=lang)
            for msgid, texts in given.items():
                if lang not in texts:
                    continue
                context, _sep, wanted = msgid.rpartition("\x04")  # "context\x04message" for a message with a context
                message = next((m for m in po if (m.id[0] if isinstance(m.id, tuple) else m.id) == wanted and wanted
                                and (m.context or "") == context), None)
                if message is None:
                    unknown.add(msgid)
                    continue
                text = texts[lang]
                message.string = tuple(text) if isinstance(message.id, tuple) else text
                if message.fuzzy:
                    message.flags.discard("fuzzy")
                message.previous_id = []
            with po_path(lang).open("wb") as handle:
                write_po(handle, po, width=0, omit_header=False, include_previous=False)
        _compile_all()
    return sorted(unknown)


def compile_all() -> None:
    with _locked():
        _compile_all()


def _compile_all() -> None:
    """Compile each language's ``.po`` into its ``.mo``."""
    for lang in LANGUAGES[1:]:
        _babel(["compile", "-i", str(po_path(lang)), "-o", str(mo_path(lang)), "-D", DOMAIN, "-l", lang])
    catalogue.cache_clear()


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["update"]:
        update()
    elif args == ["compile"]:
        compile_all()
    elif len(args) == 2 and args[0] == "translate":
        for msgid in translate(Path(args[1])):
            print(f"not in the code (left out): {msgid!r}", file=sys.stderr)
    else:
        print("usage: python -m buraco_learn.i18n update | compile | translate FILE.json", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
