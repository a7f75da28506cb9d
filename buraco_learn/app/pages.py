"""HTML for the app's pages: the landing page's lesson list, the lesson navigation, the rulesets table.

Pure functions returning HTML strings (no Jupyter), with semantic classes and
``aria-label``s so the browser tests and screen readers can read them. Links are
relative (``03_wild_cards.ipynb``), so they work under ``buraco-learn serve``
(``/voila/render/...``) and on Binder (``/voila/render/lessons/...``) alike.

>>> from buraco_learn.app.catalogue import discover, find
>>> nav = nav_html(find("melds"), discover())
>>> 'href="01_cards_and_deal.ipynb"' in nav and 'href="03_wild_cards.ipynb"' in nav and 'href="index.ipynb"' in nav
True
>>> table = rules_table_html(["italian", "aberto"], options=["sets", "value_joker"])
>>> "<td" in table and ">no<" in table and ">20<" in table
True
"""

from __future__ import annotations

import ast
import dataclasses
import html
import re
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from buraco_learn import i18n
from buraco_learn.app.catalogue import INDEX, LessonInfo, counterpart, page_language, path_order
from buraco_learn.app.lessonmap import next_lesson
from buraco_learn.app.progress import LessonProgress
from buraco_learn.house_rules import OPTION_TEXTS, plain_value_words
from buraco_learn.presets import PRESET_NAMES, preset, preset_doc, ruleset_name
from buraco_learn.rules import Rules
from buraco_learn.sources import DOCUMENTS

STYLE: Final = """<style>
.buraco-lessons a,.buraco-summary a,.buraco-link{color:#0b57d0;text-decoration:none}
.buraco-lessons a:hover,.buraco-summary a:hover,.buraco-link:hover{text-decoration:underline}
table.buraco-lessons,table.buraco-rules{border-collapse:collapse;margin:.6em 0}
table.buraco-lessons td,table.buraco-lessons th,table.buraco-rules td,table.buraco-rules th{
  border-bottom:1px solid #d0d7de;padding:.35em .6em;vertical-align:top;background:none}
table.buraco-lessons td,table.buraco-lessons th,table.buraco-rules th[scope=row]{text-align:left!important}
table.buraco-rules td,table.buraco-rules th[scope=col]{text-align:center!important}
table.buraco-lessons td{line-height:1.45}
table.buraco-lessons .lesson-link{font-weight:bold}
table.buraco-lessons .goal{color:#444;font-size:92%}
table.buraco-lessons .lesson-done{color:#1e7b34;font-weight:bold}
table.buraco-lessons .lesson-outline{color:#777;font-style:italic}
table.buraco-rules th[scope=row]{font-weight:normal}
table.buraco-rules .option-doc{color:#555;font-size:85%;max-width:28em}
table.buraco-rules td.differs{background:#fff4d6}
.buraco-rules-wrap{overflow-x:auto}
.buraco-examples{display:flex;flex-wrap:wrap;gap:.5em 2em}
.buraco-examples .meld-example{flex:0 1 24em}
.buraco-feedback.right{color:#1e7b34}.buraco-feedback.wrong{color:#c8102e}
</style>"""


# -- navigation ------------------------------------------------------------------------
#: The query a language chooser's link adds: the page it opens keeps the choice (:func:`chosen_language`).
LANGUAGE_QUERY: Final = "lang"


def languages_html(page: Path) -> str:
    """The language chooser of the page at ``page``: a link to the same page in each other language
    (:func:`~buraco_learn.app.catalogue.counterpart`), each named in its own language.

    >>> from buraco_learn.app.catalogue import lessons_dir
    >>> chooser = languages_html(lessons_dir() / "02_melds.ipynb")
    >>> 'lang="it"' in chooser and 'aria-current="true"' in chooser and "?lang=pt_BR" in chooser
    True
    """
    here = page_language(page)
    links = []
    for language in i18n.LANGUAGES:
        name = html.escape(i18n.NAMES[language])
        tag = i18n.BROWSER_TAGS[language].split("-")[0] if language != "pt_BR" else "pt-BR"
        if language == here:
            links.append(f'<span class="language here" lang="{tag}" aria-current="true"><strong>{name}</strong></span>')
        else:
            href = html.escape(f"{counterpart(page, language)}?{LANGUAGE_QUERY}={language}")
            links.append(f'<a class="language" lang="{tag}" hreflang="{tag}" href="{href}" '
                         f'style="color:#0b57d0;text-decoration:none">{name}</a>')
    label = html.escape(i18n._("Language"))
    return f'<span class="buraco-languages" role="group" aria-label="{label}">{" · ".join(links)}</span>'


def chosen_language(query: str) -> str | None:
    """The language a page's query string (``lang=it&x=1``) chooses, if it names one buraco-learn speaks."""
    from urllib.parse import parse_qs

    values = parse_qs(query[:2000]).get(LANGUAGE_QUERY, [])
    return i18n.find(values[-1]) if values and len(values[-1]) <= 40 else None


def nav_html(lesson: LessonInfo, lessons: Sequence[LessonInfo]) -> str:
    """Home, previous and next links for ``lesson`` along the path, and where it stands on its track
    (styled inline, so it reads the same anywhere).

    >>> from buraco_learn.app.catalogue import discover, find
    >>> nav = nav_html(find(12), discover())
    >>> 'href="09_scoring.ipynb"' in nav and "Beginner path · 10 of 10" in nav
    True
    """
    lessons = path_order(lessons)
    ids = [info.id for info in lessons]
    index = ids.index(lesson.id)
    before = lessons[index - 1] if index > 0 else None
    after = lessons[index + 1] if index + 1 < len(lessons) else None
    link = "color:#0b57d0;text-decoration:none"
    home = i18n._("⌂ All lessons")
    parts = [f'<a class="nav-home" style="{link}" href="{INDEX}">{html.escape(home)}</a>']
    if before is not None:
        parts.append(f'<a class="nav-prev" rel="prev" style="{link}" href="{html.escape(before.link)}">'
                     f"← {html.escape(before.label)}</a>")
    track = [info.id for info in lessons if info.track == lesson.track]
    where = i18n._("{track} · {place} of {count}", track=lesson.track_title, place=track.index(lesson.id) + 1,
                   count=len(track))
    parts.append(f'<span class="nav-here" aria-current="page">{html.escape(where)}</span>')
    if after is not None:
        parts.append(f'<a class="nav-next" rel="next" style="{link};margin-left:auto" href="{html.escape(after.link)}">'
                     f"{html.escape(after.label)} →</a>")
    box = ("display:flex;gap:1.5em;align-items:center;flex-wrap:wrap;padding:.4em .8em;margin:.3em 0;"
           "border:1px solid #d0d7de;border-radius:6px;background:#f6f8fa")
    parts.append(languages_html(lesson.path))
    label = html.escape(i18n._("Lessons"))
    return f'<nav class="buraco-nav" aria-label="{label}" style="{box}">{"".join(parts)}</nav>'


# -- landing page ----------------------------------------------------------------------
def progress_text(lesson: LessonInfo, progress: LessonProgress | None) -> tuple[str, str]:
    """The landing page's progress cell for one lesson: (text, css class).

    >>> from pathlib import Path
    >>> from buraco_learn.app.progress import QuizScore
    >>> info = LessonInfo(2, "melds", "Melds", "Tell sets from runs.", "ready", Path("02_melds.ipynb"))
    >>> progress_text(info, None)
    ('not started', 'lesson-new')
    >>> quiz = QuizScore("melds", "check", 3, 5, 4, 5, 2, "2025-01-01T10:00:00+00:00")
    >>> progress_text(info, LessonProgress("melds", "2025-01-01T10:00:00+00:00", {"check": quiz}))
    ('done · check 3/5 (best 4/5)', 'lesson-done')
    """
    if progress is None or not progress.started:
        if not lesson.ready:
            return "outline: the interactive part is coming", "lesson-outline"
        return "not started", "lesson-new"
    parts = ["done"] if progress.done else []
    for name, quiz in sorted(progress.quizzes.items()):
        text = f"{name} {quiz.score}/{quiz.total}"
        if (quiz.best_score, quiz.best_total) != (quiz.score, quiz.total):
            text += f" (best {quiz.best_score}/{quiz.best_total})"
        parts.append(text)
    return " · ".join(parts), "lesson-done" if progress.done else "lesson-started"


def landing_html(lessons: Sequence[LessonInfo], progress: Mapping[str, LessonProgress]) -> str:
    """The list of lessons with number, title (a link), goal and the learner's progress."""
    rows = []
    for lesson in lessons:
        text, css = progress_text(lesson, progress.get(lesson.id))
        rows.append(
            f'<tr class="lesson" data-lesson="{html.escape(lesson.id)}">'
            f'<td class="number">{lesson.number}</td>'
            f'<td><a class="lesson-link" href="{html.escape(lesson.link)}">{html.escape(lesson.title)}</a>'
            f'<div class="goal">{html.escape(lesson.goal)}</div></td>'
            f'<td class="lesson-progress {css}">{html.escape(text)}</td></tr>'
        )
    done = sum(1 for lesson in lessons if (entry := progress.get(lesson.id)) is not None and entry.done)
    upcoming = next_lesson(lessons, progress)
    if upcoming is None:
        summary = f"You have done all {len(lessons)} lessons."
    else:
        verb = "Start" if done == 0 else "Continue"
        summary = (
            f'{done} of {len(lessons)} lessons done. <a class="continue" href="{html.escape(upcoming.link)}">'
            f"{verb} with lesson {html.escape(upcoming.label)} →</a>"
        )
    return (
        f'{STYLE}<p class="buraco-summary">{summary}</p>'
        '<table class="buraco-lessons" aria-label="Lessons"><thead><tr><th>#</th><th>Lesson and its goal</th>'
        f'<th>Your progress</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )


# -- rulesets --------------------------------------------------------------------------
#: Each rules option in a learner's words: a short label and a sentence (no option names, no "0 for ...");
#: from the one table of option words, :data:`buraco_learn.house_rules.OPTION_TEXTS`.
OPTION_WORDS: Final[dict[str, tuple[str, str]]] = {
    option: (words.heading or words.label, words.sentence) for option, words in OPTION_TEXTS.items() if words.sentence
}

#: Option values in words, where the option's own value is a code (the table's cells).
_VALUE_WORDS: Final[dict[str, dict[Any, str]]] = {
    option: {**words.choices, **words.cells} for option, words in OPTION_TEXTS.items() if words.choices and option != "source"
}
#: Options where 0 means the rule is off.
_ZERO_IS_NONE: Final = {"max_set_cards": i18n.N_("no limit"), "semi_clean_bonus": i18n.N_("not played"),
                        "royal_bonus": i18n.N_("not played"), "ace_to_ace_bonus": i18n.N_("not played"),
                        "opening_minimum": i18n.N_("none"), "pot_penalty": i18n.N_("nothing")}


def option_label(option: str) -> str:
    """An option's name in a learner's words.

    >>> option_label("min_meld_cards")
    'Cards in a new meld, at least'
    """
    return i18n._(OPTION_WORDS[option][0]) if option in OPTION_WORDS else option.replace("_", " ").capitalize()


def option_words(option: str) -> str:
    """An option's sentence in a learner's words."""
    return i18n._(OPTION_WORDS[option][1]) if option in OPTION_WORDS else ""


def format_option(value: Any, option: str = "") -> str:
    """An option's value as the table shows it, in words.

    >>> [format_option(v) for v in (True, False, (11, 11), (), 2005)]
    ['yes', 'no', '11 + 11', 'none', '2005']
    >>> format_option("low-end", "wild_placement"), format_option(0, "max_set_cards")
    ('at the lower end, fixed', 'no limit')
    """
    plain = plain_value_words(value)
    if plain is not None:
        return plain
    if option in _VALUE_WORDS and value in _VALUE_WORDS[option]:
        return i18n._(_VALUE_WORDS[option][value])
    if option in _ZERO_IS_NONE and value == 0:
        return i18n._(_ZERO_IS_NONE[option])
    return str(value).replace("-", " ") if isinstance(value, str) else str(value)


def differing_options(names: Sequence[str] = PRESET_NAMES) -> list[str]:
    """The options on which the presets ``names`` do not all agree, in declaration order.

    >>> "sets" in differing_options() and "burraco_length" not in differing_options()
    True
    """
    rulesets = [preset(name) for name in names]
    return [
        spec.name for spec in dataclasses.fields(Rules)
        if spec.name not in ("name", "base", "source") and len({repr(getattr(rules, spec.name)) for rules in rulesets}) > 1
    ]


def rules_table_html(names: Sequence[str] = PRESET_NAMES, options: Sequence[str] | None = None,
                     *, docs: bool = True) -> str:
    """The presets side by side, generated from their options.

    Rows are ``options`` (default: every option on which the presets differ), each named and
    explained in a learner's words (:data:`OPTION_WORDS`), its values in words; a cell that
    differs from the first preset is marked.
    """
    rulesets = [preset(name) for name in names]
    specs = {spec.name: spec for spec in Rules.options()}
    chosen = list(options) if options is not None else differing_options(names)
    for option in chosen:
        if option not in specs:
            raise ValueError(f"unknown rules option {option!r}")
    head = "".join(f'<th scope="col" class="preset">{html.escape(ruleset_name(preset(name)))}</th>' for name in names)
    source_cells = "".join(
        f'<td title="{html.escape(DOCUMENTS[rules.source].title)}">{html.escape(rules.source)}</td>' for rules in rulesets
    )
    document_row, rule_column, caption = i18n._("rule document"), i18n._("rule"), i18n._("Rulesets compared")
    rows = [f'<tr class="document"><th scope="row">{html.escape(document_row)}</th>{source_cells}</tr>']
    for option in chosen:
        values = [getattr(rules, option) for rules in rulesets]
        cells = "".join(
            f'<td class="{"differs" if i and value != values[0] else "same"}">{html.escape(format_option(value, option))}</td>'
            for i, value in enumerate(values)
        )
        doc = f'<div class="option-doc">{html.escape(option_words(option))}</div>' if docs else ""
        rows.append(f'<tr data-option="{html.escape(option)}"><th scope="row">{html.escape(option_label(option))}{doc}</th>{cells}</tr>')
    return (
        f'{STYLE}<div class="buraco-rules-wrap"><table class="buraco-rules" aria-label="{html.escape(caption)}">'
        f'<thead><tr><th scope="col">{html.escape(rule_column)}</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
    )


def _option_phrase(option: str, value: str | None) -> str:
    if option not in OPTION_WORDS:
        return option.replace("_", " ")
    label = option_label(option)
    if value is None:
        return f"“{label}”"
    try:
        parsed: Any = ast.literal_eval(value)
    except (ValueError, SyntaxError):
        parsed = value
    return f"“{label}: {format_option(parsed, option)}”"


def learner_text(text: str) -> str:
    """A preset's docstring in a learner's words: no markup, no option names, no code.

    >>> learner_text("as :func:`brazil_online`, (``pile_take='top'``); (the reference ruleset; :class:`Rules` defaults)")
    'as brazil-online, (“Taking the discard pile: the top card only”); (the reference ruleset)'
    >>> learner_text('every option can be changed with ``preset("cutthroat", option=value)``.')
    'every rule can be changed by the host.'
    """
    text = re.sub(r"; :class:`Rules` defaults\)", ")", text)
    text = text.replace("every option can be changed with", "every rule can be changed by the host")
    text = re.sub(r"by the host ``preset\([^`]*\)``", "by the host", text)
    text = re.sub(r":func:`~?([a-z_]+)`", lambda found: found.group(1).replace("_", "-"), text)
    text = re.sub(r":[a-z]+:`~?([^`]+)`", r"\1", text)
    text = re.sub(r"``([a-z_]+)=([^`]+)``", lambda found: _option_phrase(found.group(1), found.group(2)), text)
    text = re.sub(r"``([a-z_]+)``", lambda found: _option_phrase(found.group(1), None), text)
    text = text.replace("``", "")
    text = re.sub(r",?\s+as\s+the\s+project's\s+issue\s+\d+\s+does,", "", text)
    text = text.replace("Variants of 002 are options:", "002's variants can be played too:")
    return text


def _doc_html(text: str) -> str:
    """A docstring's paragraphs and "- " lists as HTML."""
    blocks = []
    for block in re.split(r"\n\s*\n", textwrap.dedent(text).strip()):
        lines = [line.strip() for line in block.splitlines()]
        if lines and lines[0].startswith("- "):
            items: list[str] = []
            current: list[str] = []
            for line in lines:
                if line.startswith("- ") and current:
                    items.append(" ".join(current))
                    current = []
                current.append(line[2:] if line.startswith("- ") else line)
            items.append(" ".join(current))
            blocks.append("<ul>" + "".join(f"<li>{html.escape(item)}</li>" for item in items) + "</ul>")
        else:
            blocks.append(f"<p>{html.escape(' '.join(lines))}</p>")
    return "".join(blocks)


def documents_html(names: Sequence[str] = PRESET_NAMES) -> str:
    """Each preset with the document it follows and the choices recorded where the document is silent, in words."""
    # The choices are the presets' own docstrings, in English as the rule documents are: outside English the
    # page says so, and marks them English for the browser (and a screen reader).
    translated = i18n.LANGUAGE.get() != "en"
    note = i18n._("Where its document is silent, this ruleset chose as follows (in English, the language of the rule documents):")
    in_english = f'<p class="in-english">{html.escape(note)}</p>' if translated else ""
    english = ' lang="en"' if translated else ""
    parts = []
    for name in names:
        rules = preset(name)
        document = DOCUMENTS[rules.source]
        # the summary paragraph (it may run over several lines), then the choices
        with i18n.use("en"):  # the notes are English: the rules they name too ("“Players: 2”")
            notes = learner_text(preset_doc(name)).strip()
        first, *more = re.split(r"\n\s*\n", notes, maxsplit=1)
        first, rest = " ".join(line.strip() for line in first.splitlines()), "".join(more)
        summary = i18n._(document.summary)
        parts.append(
            f'<details class="preset-doc" data-preset="{html.escape(name)}"><summary><strong>{html.escape(ruleset_name(rules))}</strong>: '
            f"{html.escape(document.id)} {html.escape(document.title)}</summary>"
            f'<p>{html.escape(summary)}</p>{in_english}'
            f'<div class="preset-choices"{english}><p><em>{html.escape(first.strip())}</em></p>'
            f"{_doc_html(rest)}</div></details>"
        )
    return STYLE + "".join(parts)
