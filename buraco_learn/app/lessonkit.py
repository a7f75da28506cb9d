"""What a lesson notebook calls: navigation, a ruleset chooser, exercises with feedback, progress.

A lesson's cells stay one line or two (Voila hides the code; the outputs are the
page)::

    from buraco_learn.app import lessonkit as kit
    page = kit.Page("melds")           # the lesson's id in the catalogue
    page.nav()                         # home, previous and next links
    chooser = kit.RulesetChooser()     # a dropdown of the presets
    chooser.view(lambda rules: ...)    # HTML re-rendered when the ruleset changes
    quiz = kit.Quiz([kit.meld_question("7H 8H 9H"), ...], chooser, page=page)
    quiz.widget
    page.done_button()                 # the recap, and "I've done this lesson", kept with its stars

Exercises are built from :class:`Question` values whose right answer and explanation
come from the engine under the chosen ruleset (never typed by hand). :class:`Quiz`
uses plain ipywidgets; the meld quiz widget of :mod:`buraco_learn.ui` can replace it
with the same questions. Every callback catches errors and shows a sentence instead of
a traceback (an observer's exception would otherwise vanish in the browser console).

Every exercise given the ``page`` tells it each answer (:meth:`Page.answered`): the page counts
the visit's wrong answers and the tasks passed, and the lesson earns its stars from them once it
is done (:mod:`buraco_learn.app.stars`; the best is kept in the progress store).

>>> quiz = Quiz([meld_question("7H 8H 9H"), meld_question("9S 9H 9D")])
>>> quiz.correct_choice(0), quiz.correct_choice(1)
('Legal', 'Legal')
>>> quiz.answer(1, "Not legal")
False
>>> quiz.answer(0, "Legal"), quiz.score, quiz.answered
(True, 1, 2)
"""

from __future__ import annotations

import html
import logging
import os
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

import ipywidgets as widgets

from buraco_learn import i18n
from buraco_learn.app import parts, preheat
from buraco_learn.app.catalogue import INDEX, LessonInfo, discover, find
from buraco_learn.app.lessonmap import STARS_STYLE, map_html
from buraco_learn.app.pages import STYLE, format_option, nav_html, option_label, option_words
from buraco_learn.app.progress import ProgressError, ProgressStore
from buraco_learn.app.recaps import recap_html
from buraco_learn.app.sessionbox import SessionProgress
from buraco_learn.app.stars import how_to_earn, stars_for, stars_label, stars_text
from buraco_learn.app.views import meld_verdict_html
from buraco_learn.app.where import on_binder, on_static_site, progress_words
from buraco_learn.cards import format_cards, parse_cards
from buraco_learn.errors import BuracoError
from buraco_learn.i18n import N_, _
from buraco_learn.melds import Verdict, check_meld
from buraco_learn.presets import PRESET_NAMES, preset, ruleset_name
from buraco_learn.render import cards_svg
from buraco_learn.rules import Rules
from buraco_learn.sources import DOCUMENTS


def in_app() -> bool:
    """Whether this kernel serves a learner's page of the app: under Voila (which starts its kernels
    with ``VOILA_BASE_URL``) or on the static site, in the browser on Pyodide."""
    return "VOILA_BASE_URL" in os.environ or "VOILA_KERNEL_ID" in os.environ or on_static_site()


_ON_OPENED: list[Callable[[], None]] = []


def on_opened(refresh: Callable[[], None]) -> None:
    """Have :func:`page_opened` call ``refresh`` (what shows something read from the progress store)."""
    _ON_OPENED.append(refresh)


def page_opened() -> None:
    """Wait for the learner to open this page, then refresh what shows their progress.

    ``buraco-learn serve`` keeps one kernel per notebook ready with its cells already run up
    to this call (Voila's preheated kernels), so a page opens at once. The progress store
    may have changed since then (a lesson marked done in another tab), so here, in such a
    kernel, the notebook waits for the request and then re-reads it. Anywhere else (a kernel
    started for the page, nbval, JupyterLab) it returns at once. Every notebook calls it
    once, in the cell before its checks.
    """
    query = os.environ.get("QUERY_STRING", "")  # a kernel started for the page: Voila's request info
    if preheat.in_preheated_kernel():
        query = ""
        try:
            query = _query_of(preheat.wait_for_request())
        except preheat.PreheatError:  # the page shows what it ran ahead with
            logging.getLogger(__name__).exception("waiting for the page's request failed")
    keep_language_choice(query)
    for refresh in _ON_OPENED:
        try:
            refresh()
        except Exception:  # what the page showed stays; never a traceback in it
            logging.getLogger(__name__).exception("refreshing a page on opening failed")
    _ON_OPENED.clear()


def _query_of(payload: bytes) -> str:
    """The query string of the request Voila posts to a kernel run ahead (its request info, as JSON)."""
    import json

    try:
        info = json.loads(payload.decode("utf-8", "replace"))
    except ValueError:
        return ""
    query = info.get("QUERY_STRING", "") if isinstance(info, dict) else ""
    return query if isinstance(query, str) else ""


def keep_language_choice(query: str) -> str | None:
    """Keep the language a language chooser's link chose (``?lang=it``) in the progress store: the app's
    address then opens in it (:func:`buraco_learn.app.voila_app.landing_for`). The language kept, if any."""
    from buraco_learn.app.pages import chosen_language

    language = chosen_language(query)
    if language is None:
        return None
    store, _error = _open_store()
    if store is None:
        return None
    try:
        return store.set_language(language)
    except ProgressError as error:
        progress_problem(error)
        return None


def checking() -> bool:
    """Whether a lesson's check cells should run: under nbval or in JupyterLab, not in the app
    (where they would only cost the learner time)."""
    return not in_app()


def _error_html(error: Exception) -> str:
    return f'<p class="buraco-feedback wrong" role="alert">{html.escape(str(error))}</p>'


#: What a learner reads when the progress store fails (the details, a file path among them, go to the log).
PROGRESS_PROBLEM = N_("the computer serving these lessons cannot keep your progress just now")


def progress_problem(error: ProgressError) -> str:
    """The learner's sentence for a progress store that failed; the details go to the server's log."""
    logging.getLogger(__name__).warning("the progress store failed: %s", error)
    return _(PROGRESS_PROBLEM)


def progress_error_html(error: ProgressError) -> str:
    """A progress store's failure as the page shows it: words, never a file path."""
    return _error_html(ProgressError(_("Your progress was not saved: {reason}.", reason=progress_problem(error))))


def _open_store() -> tuple[ProgressStore | None, str]:
    try:
        return ProgressStore(), ""
    except ProgressError as error:
        return None, progress_problem(error)


# -- the page ------------------------------------------------------------------------------
class Page:
    """One lesson: its catalogue entry, navigation and completion button, and this visit's answers.

    A visit is one opening of the page (one kernel). Its exercises register their tasks
    (:meth:`task`) and report every answer (:meth:`answered`); :attr:`mistakes` counts the
    wrong ones, :attr:`finished` says whether every task was passed. Once the lesson is done,
    each answer records the visit's stars in the progress store, which keeps the best.
    """

    def __init__(self, lesson: str, store: ProgressStore | None = None) -> None:
        self.lessons = discover()
        self.info: LessonInfo = find(lesson)
        self._store = store
        self._store_error = ""
        #: Wrong answers in this visit (every wrong try counts).
        self.mistakes = 0
        self._tasks: set[str] = set()
        self._passed: set[str] = set()
        self._listeners: list[Callable[[], None]] = []

    def __repr__(self) -> str:
        return f"Page({self.info.id!r})"

    @property
    def store(self) -> ProgressStore | None:
        """The progress store (opened on first use; None, with a reason shown, if it cannot be)."""
        if self._store is None and not self._store_error:
            self._store, self._store_error = _open_store()
        return self._store

    def nav(self) -> NavBar:
        """Links home and to the previous and next lessons (the first also carries the page's
        :class:`~buraco_learn.ui.ConnectionNotice`: words and Reload once the kernel cannot answer)."""
        first, self._nav_shown = not getattr(self, "_nav_shown", False), True
        return NavBar(self.info, self.lessons, notice=first)

    def record_quiz(self, score: int, total: int, quiz: str = "check") -> str:
        """Record a quiz result; the sentence to show (saying so when progress cannot be kept)."""
        store = self.store
        if store is None:
            return _("Your score is not saved: {reason}.", reason=self._store_error)
        try:
            store.record_quiz(self.info.id, score, total, quiz)
        except ProgressError as error:
            return _("Your score is not saved: {reason}.", reason=progress_problem(error))
        return _("Your score is saved on the lessons page.")

    # -- tasks, mistakes and stars ------------------------------------------------------
    def task(self, key: str) -> None:
        """Count ``key`` among this lesson's tasks (an exercise calls it when it is built)."""
        self._tasks.add(key)

    def answered(self, key: str, right: bool) -> None:
        """One answer to the task ``key``: a wrong one is a mistake, a right one passes the task.
        Once the lesson is done the visit's stars are recorded (the store keeps the best)."""
        self._tasks.add(key)
        if right:
            self._passed.add(key)
        else:
            self.mistakes += 1
        self.save_stars()
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:  # what the page shows stays; never a traceback in it
                logging.getLogger(__name__).exception("showing the lesson's progress failed")

    def on_answer(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` after every answer (the done button shows the stars so far)."""
        self._listeners.append(listener)

    @property
    def tasks(self) -> int:
        """How many tasks this lesson's exercises registered."""
        return len(self._tasks)

    @property
    def finished(self) -> bool:
        """Whether every task of the lesson was passed in this visit (true for a lesson without tasks)."""
        return self._tasks <= self._passed

    def visit_stars(self, done: bool = True) -> int:
        """The stars this visit earns (:func:`~buraco_learn.app.stars.stars_for`)."""
        return stars_for(done, self.mistakes, self.finished)

    def save_stars(self) -> str:
        """Record this visit's stars when the lesson is done; a sentence when they could not be kept."""
        store = self.store
        if store is None:
            return ""
        try:
            if store.is_done(self.info.id):
                store.record_stars(self.info.id, self.visit_stars(), self.mistakes if self.finished else None)
        except ProgressError as error:
            return _("Your stars are not saved: {reason}.", reason=progress_problem(error))
        return ""

    def recap(self) -> Any:
        """The lesson's three-line recap, "What you learned" (:mod:`buraco_learn.app.recaps`)."""
        return parts.html(f"{STYLE}{recap_html(self.info.id)}")

    def done_button(self) -> Any:
        """The end of the lesson: its recap, then the "I've done this lesson" button with the date it
        was marked, the stars earned and a link onwards."""
        return parts.vbox([self.recap(), DoneButton(self).widget])


class NavBar(widgets.VBox):  # type: ignore[misc]
    """The lesson navigation, as a widget with a repr that says where its links go.

    A widget, not an HTML output: JupyterLab's renderer (which Voila uses for outputs)
    opens an output's links in a new tab, and a tab per lesson is a kernel per lesson.
    With ``notice``, it also holds the page's connection notice (invisible until the
    page's kernel cannot answer).
    """

    def __init__(self, lesson: LessonInfo, lessons: Sequence[LessonInfo], notice: bool = False) -> None:
        self.links = widgets.HTML(nav_html(lesson, lessons), layout=parts.layout(), style=parts.html_style())
        children: list[Any] = [self.links]
        if notice:
            from buraco_learn.ui.connection_notice import ConnectionNotice

            children.insert(0, ConnectionNotice())
        super().__init__(children, layout=parts.layout())
        index = list(lessons).index(lesson)
        links = [f"home {INDEX}"]
        if index > 0:
            links.append(f"previous {lessons[index - 1].filename}")
        if index + 1 < len(lessons):
            links.append(f"next {lessons[index + 1].filename}")
        self._summary = f"lesson {lesson.number} of {len(lessons)}: {', '.join(links)}"

    def __repr__(self) -> str:
        return f"NavBar({self._summary})"

    @property
    def value(self) -> str:
        """The navigation's HTML."""
        return str(self.links.value)


#: The months' short names, as a date of the done button writes them ("05 Mar 2026").
MONTHS: Final = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"), N_("Sep"),
                 N_("Oct"), N_("Nov"), N_("Dec"))


def _day(moment: datetime) -> str:
    """``moment``'s day, month and year, in the learner's language ("05 Mar 2026", "05 mar 2026")."""
    day = f"{moment.day:02d}"
    return _("{day} {month} {year}", day=day, month=_(MONTHS[moment.month - 1]), year=moment.year)


class DoneButton:
    """Marks the lesson done (or not done) in the progress store."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.button = parts.button(_("I've done this lesson"), icon="check", button_style="success")
        self.status = parts.html()
        self.button.on_click(lambda _button: self.toggle())
        self.widget = parts.hbox([self.button, self.status], flex_flow="row wrap", align_items="center")
        self._show()
        on_opened(self._show)
        page.on_answer(self._show)

    def _done_at(self) -> str | None:
        store = self.page.store
        return None if store is None else store.lesson(self.page.info.id).done_at

    def _show(self, message: str = "") -> None:
        store = self.page.store
        if store is None:
            self.button.disabled = True
            self.status.value = _error_html(ProgressError(_("Progress cannot be kept here: {reason}.", reason=self.page._store_error)))
            return
        done_at = self._done_at()
        if done_at is None:
            self.button.description, self.button.button_style = _("I've done this lesson"), "success"
            self.status.value = html.escape(message)
            return
        self.button.description, self.button.button_style = _("Mark as not done"), ""
        when = _day(datetime.fromisoformat(done_at).astimezone())
        after = self.page.lessons.index(self.page.info) + 1
        onward = ""
        if after < len(self.page.lessons):
            following = self.page.lessons[after]
            said = _("Next: lesson {number} — {title} →", number=following.number, title=html.escape(following.title))
            onward = f' <a class="buraco-link" href="{html.escape(following.link)}">{said}</a>'
        stars = self._stars()
        earned = (f' <span class="lesson-stars" role="img" aria-label="{stars_label(stars)}">{stars_text(stars)}</span>'
                  f' {stars_label(stars)}. <span class="stars-hint">{html.escape(how_to_earn(stars))}</span>' if stars else "")
        done = html.escape(_("✔ Done on {day}.", day=when))
        self.status.value = (f'{STYLE}{STARS_STYLE}<span class="buraco-feedback right lesson-done">{done}</span>'
                             f"{earned}{html.escape(message)}{onward}")

    def _stars(self) -> int:
        store = self.page.store
        try:
            return store.lesson(self.page.info.id).stars if store is not None else 0
        except ProgressError:
            return 0

    def toggle(self) -> bool:
        """Flip the lesson's done mark; whether it is now done."""
        store = self.page.store
        if store is None:
            return False
        try:
            store.mark_done(self.page.info.id, self._done_at() is None)
        except ProgressError as error:
            self.status.value = progress_error_html(error)
            return False
        problem = self.page.save_stars()  # the stars this visit earned, now that the lesson is done
        self._show(f" {problem}" if problem else "")
        return self._done_at() is not None


# -- the ruleset chooser ---------------------------------------------------------------------
class RulesetChooser:
    """A dropdown of the presets and the host's house rulesets; views registered with :meth:`view`
    re-render when it changes.

    The house rulesets are those saved in the progress store by the house rules page
    (``house_rules.ipynb``), read again when the page is opened (:func:`page_opened`) and each
    checked: one that no longer validates is not offered, and the note under the dropdown says
    why, naming the option in words. ``house=False`` offers the presets only.
    """

    #: The dropdown value of a house ruleset: this prefix and its name (a preset's value is its name).
    HOUSE = "house:"

    def __init__(self, default: str = "italian", names: Sequence[str] = PRESET_NAMES,
                 description: str = N_("Ruleset"), *, store: ProgressStore | None = None, house: bool = True) -> None:
        preset(default)
        self._names = tuple(names)
        self._default = default
        self._store = store
        self._use_house = house
        self._house: dict[str, Rules] = {}
        self._quiet = False
        #: Why saved house rulesets are not offered, one sentence each (words, never an option's identifier).
        self.problems: list[str] = []
        self._read_house()
        self.dropdown = parts.dropdown(self._options(), default, _(description))
        # the note beside the dropdown, or under it where the page is narrow (a phone): never squeezed to a column
        self.note = widgets.HTML("", layout=parts.shared("chooser-note", lambda: widgets.Layout(flex="1 1 18em", min_width="0")),
                                 style=parts.html_style())
        self._listeners: list[Callable[[Rules], None]] = []
        self.dropdown.observe(self._changed, names="value")
        self.widget = parts.hbox([self.dropdown, self.note], flex_flow="row wrap", align_items="baseline")
        self._describe()
        if house:
            on_opened(self.refresh)

    def __repr__(self) -> str:
        return f"RulesetChooser({self.name!r})"

    @property
    def name(self) -> str:
        """The chosen ruleset's name (a preset's, or the host's name for a house ruleset)."""
        return self.rules.name

    @property
    def rules(self) -> Rules:
        value = str(self.dropdown.value)
        if value.startswith(self.HOUSE) and value[len(self.HOUSE):] in self._house:
            return self._house[value[len(self.HOUSE):]]
        return preset(value)

    @property
    def house_names(self) -> list[str]:
        """The names of the house rulesets offered, in the dropdown's order."""
        return list(self._house)

    def select(self, name: str) -> None:
        """Choose a preset or a house ruleset by name, as the learner would in the dropdown."""
        if name not in PRESET_NAMES and name in self._house:
            self.dropdown.value = self.HOUSE + name
            return
        preset(name)
        self.dropdown.value = name

    def on_change(self, listener: Callable[[Rules], None]) -> None:
        self._listeners.append(listener)

    def refresh(self) -> None:
        """Read the saved house rulesets again (one saved in another tab), keeping the choice where it still exists."""
        if not self._use_house:
            return
        before, rules_before = str(self.dropdown.value), self.rules
        self._read_house()
        options = self._options()
        values = [value for _label, value in options]
        self._quiet = True  # one notice to the listeners, after the dropdown is settled
        try:
            if list(self.dropdown.options) != options:
                self.dropdown.options = options
            self.dropdown.value = before if before in values else self._default
        finally:
            self._quiet = False
        self._describe()
        if self.rules != rules_before or str(self.dropdown.value) != before:
            self._notify()

    def _read_house(self) -> None:
        self._house, self.problems = {}, []
        if not self._use_house:
            return
        from buraco_learn.house_rules import HouseRulesError

        store = self._store
        try:
            if store is None:
                store = ProgressStore()
            saved = store.rulesets()
        except ProgressError as error:
            progress_problem(error)  # the presets are still offered; the details go to the log
            return
        for entry in saved:
            try:
                self._house[entry.name] = entry.load()
            except HouseRulesError as error:
                logging.getLogger(__name__).warning("a saved ruleset is not offered: %s", error)
                self.problems.append(_("Your house rules “{name}” are not offered: {why} Change them on the house rules page.",
                                       name=entry.name, why=error.words))

    def _options(self) -> list[tuple[str, str]]:
        options = [(f"{ruleset_name(preset(name))} ({preset(name).source})", name) for name in self._names]
        options += [(_("{name} (house rules, {base})", name=name, base=ruleset_name(preset(rules.base))), self.HOUSE + name)
                    for name, rules in self._house.items()]
        return options

    def _describe(self) -> None:
        rules = self.rules
        document = DOCUMENTS[rules.source]
        text = html.escape(_("document {id}: {title}", id=document.id, title=document.title))
        if str(self.dropdown.value).startswith(self.HOUSE):
            from buraco_learn.house_rules import choice_label, option_label

            changed = [f"{option_label(option)}: {choice_label(option, value)}"
                       for option, value in rules.changed_options().items() if option not in ("name", "base", "source")]
            based = html.escape(ruleset_name(preset(rules.base)))
            text = (_("house rules based on {base}, {document}; changed: {changes}", base=based, document=text,
                      changes=html.escape("; ".join(changed))) if changed
                    else _("house rules based on {base}, {document}", base=based, document=text))
        problems = "".join(f'<br><span class="ruleset-problem" role="alert">{html.escape(problem)}</span>'
                           for problem in self.problems)
        self.note.value = f'<span class="ruleset-note">{text}</span>{problems}'

    def _changed(self, _change: Any) -> None:
        if self._quiet:
            return
        self._describe()
        self._notify()

    def _notify(self) -> None:
        rules = self.rules
        for listener in self._listeners:
            listener(rules)

    def view(self, render: Callable[[Rules], str]) -> Any:
        """An HTML widget showing ``render(rules)``, re-rendered whenever the ruleset changes."""
        output = parts.html()

        def update(rules: Rules) -> None:
            try:
                output.value = STYLE + render(rules)
            except Exception as error:  # shown, never a traceback in the page
                output.value = _error_html(error)

        update(self.rules)
        self.on_change(update)
        return output


# -- exercises --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Question:
    """One exercise question; each part is computed from the ruleset in play."""

    prompt: Callable[[Rules], str]
    choices: Callable[[Rules], Sequence[str]]
    answer: Callable[[Rules], str]
    explain: Callable[[Rules], str]
    #: A fresh question that makes the same point (generated), or None where there is none; for :class:`Quiz`'s ``fresh``.
    variant: Callable[[Rules, random.Random], Question | None] | None = None


def meld_question(cards: str, prompt: str = N_("Is this a legal meld?"), *, clean_word: bool = True) -> Question:
    """"Legal or not?" for ``cards``; the answer is :func:`check_meld`'s verdict, the explanation the
    rule that decides it, with its document (``clean_word=False`` before lesson 6 teaches "clean")."""
    parse_cards(cards)  # bad notation fails when the lesson is written, not when a learner clicks

    def verdict(rules: Rules) -> Verdict:
        return check_meld(cards, rules)

    def show(rules: Rules) -> str:
        said = html.escape(_(prompt))
        return f"<p>{said}</p>{cards_svg(list(parse_cards(cards)), scale=0.8)}"

    def variant(rules: Rules, rng: random.Random) -> Question | None:
        from buraco_learn.app.cardtasks import meld_variant

        fresh = meld_variant(parse_cards(cards), rules, rng)
        return None if fresh is None else meld_question(format_cards(fresh), prompt, clean_word=clean_word)

    return Question(
        prompt=show,
        choices=lambda rules: (_("Legal"), _("Not legal")),
        answer=lambda rules: _("Legal") if verdict(rules).legal else _("Not legal"),
        explain=lambda rules: meld_verdict_html(verdict(rules), clean_word=clean_word),
        variant=variant,
    )


def number_question(prompt: str, answer: Callable[[Rules], int], explain: Callable[[Rules], str],
                    distractors: Callable[[Rules], Iterable[int]]) -> Question:
    """A question with a number for answer, offered among ``distractors`` (sorted, without repeats); ``prompt`` is a
    message of the catalogue, said in the language of the moment it is shown."""

    def choices(rules: Rules) -> Sequence[str]:
        values = {answer(rules), *distractors(rules)}
        return tuple(str(value) for value in sorted(values))

    return Question(
        prompt=lambda rules: "<p>" + html.escape(_(prompt)) + "</p>",
        choices=choices,
        answer=lambda rules: str(answer(rules)),
        explain=lambda rules: f"<p>{explain(rules)}</p>",
    )


def preset_question(prompt: str, option: str, predicate: Callable[[Rules], bool], names: Sequence[str]) -> Question:
    """"Which of these presets ...?": exactly one of ``names`` must satisfy ``predicate`` (checked now).

    The explanation is the option in words and each preset's value, with its document.
    """
    matches = [name for name in names if predicate(preset(name))]
    if len(matches) != 1:
        raise ValueError(f"{prompt!r} must have exactly one answer among {', '.join(names)}, not {matches}")
    titles = tuple(ruleset_name(preset(name)) for name in names)  # the buttons say what players call each ruleset
    values = " · ".join(f"{title} ({preset(name).source} {DOCUMENTS[preset(name).source].title}): "
                        f"{format_option(getattr(preset(name), option), option)}" for name, title in zip(names, titles))
    explanation = (f"<p>{html.escape(option_words(option))}</p>"
                   f"<p>{html.escape(option_label(option))}: {html.escape(values)}.</p>")
    answer = titles[names.index(matches[0])]
    return Question(
        prompt=lambda rules: f"<p>{html.escape(prompt)}</p>",
        choices=lambda rules: titles,
        answer=lambda rules: answer,
        explain=lambda rules: explanation,
    )


class Quiz:
    """Questions with buttons and immediate feedback; the score is recorded when all are answered.

    A wrong answer shows the right one and why (the rule and its document), and a "Try again"
    button for that question; the score counts the answers right at the first try. With a
    ``chooser``, the questions follow its ruleset and start again when it changes.
    """

    def __init__(self, questions: Sequence[Question], chooser: RulesetChooser | None = None, *,
                 page: Page | None = None, quiz: str = "check", rules: str = "italian",
                 title: str = "", fresh: bool = False, seed: int | None = None) -> None:
        if not questions:
            raise ValueError("a quiz needs at least one question")
        self.questions = list(questions)
        #: Whether "Try again" asks a fresh variant of a missed question (:attr:`Question.variant`) rather than the same one.
        self.fresh = fresh
        self._rng = random.Random(seed)
        self.chooser = chooser
        self.page = page
        self.quiz = quiz
        if page is not None:
            for index in range(len(self.questions)):
                page.task(self._task(index))
        self._fixed_rules = preset(rules)
        self._answers: list[str | None] = []
        self._latest: list[str | None] = []
        self._retrying: list[bool] = []
        self._retries: list[Any] = []
        self._prompts: list[Any] = []
        self._choices: list[Any] = []
        self._feedback: list[Any] = []
        self.summary = parts.html()
        self.again = parts.button(_("Start again"), icon="refresh")
        self.again.on_click(lambda _button: self.reset())
        self.widget = parts.vbox(border="1px solid #d0d7de", padding="0.5em")
        self._title = [parts.html(f"<h3>{html.escape(title)}</h3>")] if title else []
        if chooser is not None:
            chooser.on_change(lambda _rules: self.reset())
        self.reset()

    def __repr__(self) -> str:
        return f"Quiz({len(self.questions)} questions, {self.answered} answered, score {self.score})"

    @property
    def rules(self) -> Rules:
        return self.chooser.rules if self.chooser is not None else self._fixed_rules

    @property
    def answered(self) -> int:
        return sum(answer is not None for answer in self._answers)

    @property
    def solved(self) -> int:
        """How many questions have been answered right, at the first try or after trying again."""
        return sum(answer is not None and answer == self.correct_choice(i) for i, answer in enumerate(self._latest))

    @property
    def score(self) -> int:
        return sum(answer == self.correct_choice(i) for i, answer in enumerate(self._answers) if answer is not None)

    def correct_choice(self, index: int) -> str:
        return self.questions[index].answer(self.rules)

    def _task(self, index: int) -> str:
        return f"{self.quiz} {index + 1}"

    def feedback_html(self, index: int) -> str:
        return str(self._feedback[index].value)

    def reset(self) -> None:
        """Clear every answer and rebuild the questions for the current ruleset (closing the old widgets)."""
        rules = self.rules
        for old in self._widgets:
            old.close()
        self._answers = [None] * len(self.questions)
        self._latest = [None] * len(self.questions)
        self._retrying = [False] * len(self.questions)
        self._retries = [None] * len(self.questions)
        self._prompts, self._choices, self._feedback = [], [], []
        for index, question in enumerate(self.questions):
            try:
                prompt, choices = question.prompt(rules), tuple(question.choices(rules))
            except Exception as error:
                prompt, choices = _error_html(error), ()
            header = parts.html(f"<strong>{self._heading(index)}</strong>{prompt}")
            # one ToggleButtons per question, not a Button per choice: a third of the widget models to sync
            picker = parts.toggle_buttons(choices, [_("Question {number}: {choice}", number=index + 1, choice=choice)
                                                    for choice in choices])
            picker.observe(lambda change, i=index: self._picked(i, change["new"]), names="value")
            self._prompts.append(header)
            self._choices.append(picker)
            self._feedback.append(parts.html())
        self.summary.value = ""
        self.widget.children = [*self._title, *self._question_widgets(), self.summary]

    def _heading(self, index: int) -> str:
        return html.escape(_("Question {number} of {total}", number=index + 1, total=len(self.questions)))

    @property
    def _widgets(self) -> list[Any]:
        return [*self._prompts, *self._choices, *self._feedback, *(button for button in self._retries if button is not None)]

    def _question_widgets(self) -> list[Any]:
        parts_ = []
        for index in range(len(self._choices)):
            parts_ += [self._prompts[index], self._choices[index], self._feedback[index]]
            retry = self._retries[index] if index < len(self._retries) else None
            if retry is not None and retry.layout.display != "none":
                parts_.append(retry)
        return parts_

    def _picked(self, index: int, choice: str | None) -> None:
        if choice is not None and (self._answers[index] is None or self._retrying[index]):
            self.answer(index, choice)

    def retry(self, index: int) -> None:
        """Let the learner answer question ``index`` again (after a wrong answer); the first answer still counts."""
        if self._answers[index] is None or self._latest[index] == self.correct_choice(index):
            return
        self._retrying[index] = True
        changed = self.fresh and self._fresh_variant(index)
        picker = self._choices[index]
        picker.value = None
        picker.button_style = ""
        picker.disabled = False
        retry = self._retries[index]
        if retry is not None:
            retry.layout.display = "none"
        said = html.escape(_("Question {number} with other cards: choose your answer.", number=index + 1) if changed
                           else _("Question {number} again: choose your answer.", number=index + 1))
        self._feedback[index].value = f'{STYLE}<div class="buraco-feedback" role="status">{said}</div>'
        self.widget.children = self._children()

    def _fresh_variant(self, index: int) -> bool:
        """Put a fresh variant of question ``index`` in its place (same choices and right answer; the same question where there is none)."""
        question, rules = self.questions[index], self.rules
        try:
            fresh = question.variant(rules, self._rng) if question.variant is not None else None
            if fresh is None or tuple(fresh.choices(rules)) != tuple(question.choices(rules)) or fresh.answer(rules) != question.answer(rules):
                return False
            prompt = fresh.prompt(rules)
        except Exception:  # the question stays as it was; never a traceback in the page
            logging.getLogger(__name__).exception("a fresh variant of a question failed")
            return False
        self.questions[index] = fresh
        self._prompts[index].value = f"<strong>{self._heading(index)}</strong>{prompt}"
        return True

    def _children(self) -> list[Any]:
        finished = self.answered == len(self.questions)
        return [*self._title, *self._question_widgets(), self.summary, *([self.again] if finished else [])]

    def answer(self, index: int, choice: str) -> bool:
        """Answer question ``index`` with ``choice``; shows the explanation; whether it was right.

        After a wrong answer, :meth:`retry` (the "Try again" button) lets the learner answer again.
        """
        if not 0 <= index < len(self.questions):
            raise IndexError(f"there is no question {index + 1}: the quiz has {len(self.questions)}")
        if self._answers[index] is not None and not self._retrying[index]:
            return self._answers[index] == self.correct_choice(index)
        rules = self.rules
        question = self.questions[index]
        try:
            right_answer, explanation = question.answer(rules), question.explain(rules)
        except Exception as error:
            self._feedback[index].value = _error_html(error)
            return False
        right = choice == right_answer
        first = self._answers[index] is None
        if first:
            self._answers[index] = choice
        self._latest[index] = choice
        self._retrying[index] = False
        picker = self._choices[index]
        picker.value = choice  # as if clicked, when answered from Python
        picker.button_style = "success" if right else "danger"
        picker.disabled = True
        if right:
            head = html.escape(_("✔ Right.") if first else _("✔ Right this time (the first answer is the one scored)."))
        else:
            head = html.escape(_("✘ Not quite: the answer is {answer} (you said {choice}). Here is why:",
                                 answer=right_answer, choice=choice))
        self._feedback[index].value = (
            f'{STYLE}<div class="buraco-feedback {"right" if right else "wrong"}" role="status">'
            f"<strong>{head}</strong></div>{explanation}"
        )
        if not right:
            retry = self._retries[index]
            if retry is None:
                tip = (_("Answer question {number} again, with other cards", number=index + 1) if self.fresh
                       else _("Answer question {number} again", number=index + 1))
                retry = parts.button(_("Try another") if self.fresh else _("Try again"), icon="undo", own_layout=True, tooltip=tip)
                retry.layout.align_self = "flex-start"
                retry.on_click(lambda _button, i=index: self.retry(i))
                self._retries[index] = retry
            retry.layout.display = ""
        elif self._retries[index] is not None:
            self._retries[index].layout.display = "none"
        if first and self.answered == len(self.questions):
            self._finish()
        else:
            self.widget.children = self._children()
        if self.page is not None:
            self.page.answered(self._task(index), right)
        return right

    def _finish(self) -> None:
        total = len(self.questions)
        saved = self.page.record_quiz(self.score, total, self.quiz) if self.page is not None else ""
        got = html.escape(_("You got {score} of {total} right at the first try", score=self.score, total=total))
        under = html.escape(_("under the {rules} rules.", rules=self.rules.name))
        again = html.escape(_("Try again any question you missed, or start the whole quiz again."))
        self.summary.value = f'<p class="quiz-summary" role="status"><strong>{got}</strong> {under} {html.escape(saved)} {again}</p>'
        self.widget.children = self._children()


class CardTasks:
    """A lesson's tasks on the cards: the :class:`~buraco_learn.ui.HandPicker` widget driving a
    :class:`~buraco_learn.app.cardtasks.TaskRun` of ``steps``, under one ruleset (002's by default).

    Each step is a task of the page's stars (``"<quiz> <n>"``, registered with :meth:`Page.task`), and
    every check is reported (:meth:`Page.answered`): a wrong one is a mistake, a right one passes it.

    >>> from buraco_learn.app.taskdata import load
    >>> MELDS = load("melds")["cards"].build()   # lesson 2's steps (lessons/tasks/melds.toml)
    >>> tasks = CardTasks(MELDS, seed=3)
    >>> tasks
    CardTasks(6 tasks, 0 passed, 0 mistakes)
    >>> tasks.widget.check(list(tasks.run.solution_ids()))
    True
    """

    def __init__(self, steps: Sequence[Any], *, page: Page | None = None, quiz: str = "cards",
                 rules: str = "italian", seed: int | None = None) -> None:
        from buraco_learn.app.cardtasks import TaskRun
        from buraco_learn.ui.hand_picker import HandPicker

        self.page = page
        self.quiz = quiz
        self.run = TaskRun(steps, seed=seed, rules=rules)
        if page is not None:
            for index in range(len(self.run.steps)):
                page.task(self._task(index))
        self.run.on_answer(self._answered)
        self.widget = HandPicker(self.run)

    def __repr__(self) -> str:
        return f"CardTasks({len(self.run.steps)} tasks, {sum(self.run.passed)} passed, {self.run.mistakes} mistakes)"

    def _task(self, index: int) -> str:
        return f"{self.quiz} {index + 1}"

    def _answered(self, index: int, right: bool) -> None:
        if self.page is not None:
            self.page.answered(self._task(index), right)


class Tryout:
    """Type cards, press Check, read the engine's verdict: a sandbox beside the exercises."""

    def __init__(self, check: Callable[[str, Rules], Verdict] | None = None,
                 chooser: RulesetChooser | None = None, *, placeholder: str = N_("e.g. 7D JK 6D"),
                 label: str = N_("Cards"), value: str = "", clean_word: bool = True) -> None:
        self.check = check or (lambda text, rules: check_meld(text, rules))
        self.clean_word = clean_word
        self.chooser = chooser
        self.text = widgets.Text(value=value, placeholder=_(placeholder), description=_(label), continuous_update=False,
                                 layout=parts.layout(), style=parts.text_style())
        self.button = parts.button(_("Check"), icon="search")
        self.result = parts.html()
        self.button.on_click(lambda _button: self.run())
        self.text.observe(lambda _change: self.run(), names="value")
        if chooser is not None:
            chooser.on_change(lambda _rules: self._rerun())
        # on a phone the button goes under the box rather than being cut off at the edge
        self.widget = parts.vbox([parts.hbox([self.text, self.button], flex_flow="row wrap"), self.result])
        if value:
            self.run()

    def _rerun(self) -> None:
        self.run()

    def run(self, text: str | None = None) -> str:
        """Check ``text`` (default: what is typed); the HTML shown."""
        if text is not None:
            self.text.value = text  # observed: runs again with the new text
            return str(self.result.value)
        typed = str(self.text.value).strip()
        if not typed:
            self.result.value = ""
            return ""
        rules = self.chooser.rules if self.chooser is not None else preset("italian")
        try:
            self.result.value = STYLE + meld_verdict_html(self.check(typed, rules), clean_word=self.clean_word)
        except BuracoError as error:
            self.result.value = _error_html(error)
        return str(self.result.value)


# -- the landing page ---------------------------------------------------------------------------
class Landing:
    """The map of the path (:func:`~buraco_learn.app.lessonmap.map_html`: every lesson with its stars, and
    the next one to do), and controls to reset one lesson or everything."""

    def __init__(self, store: ProgressStore | None = None) -> None:
        self.lessons = discover()
        self.store, error = (store, "") if store is not None else _open_store()
        self.table = parts.html()
        self.message = parts.html()
        self.choose = parts.dropdown([(info.label, info.id) for info in self.lessons], self.lessons[0].id, _("Lesson"))
        self.reset_one = parts.button(_("Reset this lesson"), icon="undo")
        self.reset_all = parts.button(_("Reset all progress…"), icon="trash", button_style="warning")
        self.confirm = parts.button(_("Yes, forget everything"), button_style="danger")
        self.cancel = parts.button(_("Cancel"))
        self.confirm_box = parts.hbox([parts.html(_("Forget every lesson done, every score and saved game?")),
                                       self.confirm, self.cancel], flex_flow="row wrap", align_items="center")
        self.confirm_box.layout.display = "none"
        self.reset_one.on_click(lambda _button: self.reset(str(self.choose.value)))
        self.reset_all.on_click(lambda _button: self._ask())
        self.confirm.on_click(lambda _button: self.reset(None))
        self.cancel.on_click(lambda _button: self._unask())
        #: on Binder, where progress ends with the session: says so, offers to download it and load it back (else None)
        self.session = SessionProgress(self.store, self.refresh) if self.store is not None and on_binder() else None
        where = ("" if self.session is not None  # the session's box says where progress lasts
                 else html.escape(progress_words()) if self.store is not None
                 else _error_html(ProgressError(_("Progress cannot be kept here: {reason}.", reason=error))))
        controls = parts.vbox([
            parts.html("<h3>" + html.escape(_("Start again")) + "</h3>"),
            # wrapped on a phone: each button keeps its words, never squeezed to an icon
            parts.hbox([self.choose, self.reset_one, self.reset_all], flex_flow="row wrap", align_items="center"),
            self.confirm_box, self.message, parts.html(f'<p class="store-path">{where}</p>'),
        ])
        if self.store is None:
            for button in (self.reset_one, self.reset_all):
                button.disabled = True
        from buraco_learn.ui.connection_notice import ConnectionNotice

        session = [self.session.widget] if self.session is not None else []
        from buraco_learn.app.catalogue import language_dir, lessons_dir
        from buraco_learn.app.pages import languages_html

        chooser = parts.html(languages_html(language_dir(lessons_dir(), i18n.language()) / INDEX))
        self.widget = parts.vbox([chooser, self.table, *session, controls, ConnectionNotice()])  # the notice shows at the top when needed
        self.refresh()
        on_opened(self.refresh)

    def refresh(self) -> None:
        progress = self.store.all() if self.store is not None else {}
        self.table.value = map_html(self.lessons, progress)
        if self.session is not None:
            self.session.refresh()

    def _ask(self) -> None:
        self.confirm_box.layout.display = "flex"

    def _unask(self) -> None:
        self.confirm_box.layout.display = "none"

    def reset(self, lesson: str | None) -> None:
        """Forget one lesson's progress, or everything (None)."""
        self._unask()
        if self.store is None:
            return
        try:
            self.store.reset(lesson)
        except ProgressError as error:
            self.message.value = progress_error_html(error)
            return
        said = (_("Forgot all your progress.") if lesson is None
                else _("Forgot lesson {lesson}.", lesson=find(lesson).label))
        self.message.value = f'<p class="buraco-feedback right" role="status">{html.escape(said)}</p>'
        self.refresh()


def landing(language: str = "en") -> Any:
    """The landing page's widget (the index notebook of ``language`` shows it), in that language."""
    i18n.set_language(language)
    return Landing().widget
