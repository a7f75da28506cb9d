"""Exercises on the widgets for lessons 5 to 12: the card table, the replayer, the score sheet, the meld quiz.

Each class here wraps buraco-learn's widgets (:mod:`buraco_learn.ui`) with a task, the
engine's feedback after every action and the learner's progress:

- :class:`Swap`: a widget rebuilt for the ruleset chosen (the old one is closed);
- :class:`TableExercise`: a scripted position on the card table, with goals ticked off
  as the learner plays (:mod:`buraco_learn.app.positions`); the result is kept;
- :class:`ScoringExercise`: the end of a hand to score; the learner's numbers are
  checked against :func:`buraco_learn.scoring.score_hand`, then go on the score sheet;
- :class:`QuizRounds`: the meld quiz widget, its score kept round by round;
- :class:`GameRoom`: a hand against the bots beside the coach, saved as it goes and
  resumed from the progress store.

Plus question builders for :class:`~buraco_learn.app.lessonkit.Quiz` whose answers are
the engine's. Every callback shows a sentence instead of a traceback.

>>> from buraco_learn.app.taskdata import load
>>> exercise = TableExercise(load("pot")["pot"].build(), autoplay=False)   # lesson 7's table (lessons/tasks/pot.toml)
>>> for action in ("meld 5H 6H 7H", "meld 9C 9D 9S", "pot"):
...     exercise.play(action)
>>> exercise.goals()
[('pick up the pozzetto directly', True), ('discard to end the turn', False)]
"""

from __future__ import annotations

import contextlib
import html
import json
import logging
import random
from collections.abc import Callable, Sequence
from typing import Any, Final

import ipywidgets as widgets

from buraco_learn.app import parts
from buraco_learn.app.lessonkit import Page, Question, RulesetChooser, _error_html, on_opened, progress_error_html
from buraco_learn.app.pages import STYLE
from buraco_learn.app.positions import (
    TRIAL_STYLE,
    Exercise,
    Trial,
    action_text,
    allowed_text,
    burraco_kind_of,
    phase_text,
    position_html,
    run_trial,
)
from buraco_learn.app.progress import DamagedGameError, ProgressError
from buraco_learn.app.scorehands import HandEnd, breakdown_html, deal_hand_end, hand_end_html, score_feedback
from buraco_learn.cards import parse_cards
from buraco_learn.errors import BuracoError
from buraco_learn.i18n import N_, _, ngettext
from buraco_learn.presets import preset, ruleset_name
from buraco_learn.render import cards_svg
from buraco_learn.rules import Rules
from buraco_learn.scoring import SideScore, burraco_word
from buraco_learn.ui.table_view import side_word

log = logging.getLogger("buraco_learn.app")


def _close(widget: Any) -> None:
    with contextlib.suppress(Exception):  # closing twice, or a kernel going away
        widget.close()


def _feedback(right: bool | None, text: str) -> str:
    css = "" if right is None else ("right" if right else "wrong")
    return f'{STYLE}<div class="buraco-feedback {css}" role="status">{text}</div>'


# -- a widget per ruleset ---------------------------------------------------------------------------
class Swap:
    """A box holding ``build(rules)``, rebuilt (the old widget closed) when the chooser changes."""

    def __init__(self, chooser: RulesetChooser, build: Callable[[Rules], Any]) -> None:
        self.build = build
        self.chooser = chooser
        self.widget = parts.box()
        self.current: Any = None
        chooser.on_change(self.refresh)
        self.refresh(chooser.rules)

    def refresh(self, rules: Rules) -> None:
        old = self.current
        try:
            self.current = self.build(rules)
        except Exception as error:  # shown, never a traceback in the page
            self.current = parts.html(_error_html(error))
        self.widget.children = [self.current]
        if old is not None:
            _close(old)


# -- question builders (the engine decides the answers) ----------------------------------------------
def trial_question(trial: Trial, prompt: str = N_("Does the engine allow it?")) -> Question:
    """"Allowed or refused?" for a scripted try; the answer and the explanation are the engine's."""

    def show(rules: Rules) -> str:
        result = run_trial(trial, rules)
        if result.state is None:
            raise ValueError(_(trial.note) if trial.note else _("this does not arise under these rules"))
        action = action_text(trial.action, result.state)
        before = "; ".join(action_text(text, result.state) for text in trial.before)
        first = (_("This turn you have already done this: {before}.", before=html.escape(before)) if before
                 else html.escape(phase_text(result.state)))
        title = html.escape(_(trial.title))
        tries = _("{first} You try to <strong>{action}</strong>. {prompt}", first=first, action=html.escape(action),
                  prompt=html.escape(_(prompt)))
        return f"{TRIAL_STYLE}<p><strong>{title}</strong></p>{position_html(result.state)}<p>{tries}</p>"

    def explain(rules: Rules) -> str:
        result = run_trial(trial, rules)
        if result.allowed:
            return _("<p>Allowed: {why}</p>", why=html.escape(allowed_text(trial, rules)))
        return _("<p>Refused: {why}</p>", why=html.escape(result.reason))

    return Question(
        prompt=show,
        choices=lambda rules: (_("Allowed"), _("Refused")),
        answer=lambda rules: _("Allowed") if run_trial(trial, rules).allowed else _("Refused"),
        explain=explain,
    )


#: the answers to "what is this meld?", as burraco_kind_of names them; each shown as its message
BURRACO_CHOICES = (N_("clean"), N_("dirty"), N_("semi-clean"), N_("royal"), N_("ace-to-ace"), N_("not a burraco"),
                   N_("not legal"))


#: "… is it a burraco, and of which kind?" by the ruleset's word for it: a whole message each (un burraco, una canasta)
_BURRACO_PROMPTS = {
    "burraco": N_("{prompt} {count} cards: is it a burraco, and of which kind?"),
    "canasta": N_("{prompt} {count} cards: is it a canasta, and of which kind?"),
    "canastra": N_("{prompt} {count} cards: is it a canastra, and of which kind?"),
}


def _burraco_prompt(prompt: str, count: int, rules: Rules) -> str:
    word = burraco_word(rules)
    if word not in _BURRACO_PROMPTS:  # a host's own word: the English as it always was
        return f"{prompt} {count} cards: is it a {word}, and of which kind?"
    return _(_BURRACO_PROMPTS[word], prompt=_(prompt), count=count)


#: "not a burraco" by the ruleset's word for it (a whole message each: "non è una canasta")
_NOT_A_BURRACO = {"burraco": N_("not a burraco"), "canasta": N_("not a canasta"), "canastra": N_("not a canastra")}


def kind_word(kind: str, rules: Rules) -> str:
    """A choice of :data:`BURRACO_CHOICES` as the learner reads it: in their language, and "not a burraco" in the
    ruleset's own word (``not a canasta`` under 001 and 004)."""
    if kind == "not a burraco":
        word = burraco_word(rules)
        return _(_NOT_A_BURRACO[word]) if word in _NOT_A_BURRACO else f"not a {word}"
    return _(kind)


def burraco_question(cards: str, prompt: str = N_("What is this meld?")) -> Question:
    """"Clean, dirty ... or not a burraco?" for ``cards``; the answer is :func:`burraco_kind`'s."""
    parsed = list(parse_cards(cards))

    def choices(rules: Rules) -> Sequence[str]:
        present = {"clean", "dirty", "not a burraco", burraco_kind_of(cards, rules)}
        if rules.semi_clean_bonus:
            present.add("semi-clean")
        if rules.royal_bonus:
            present.update(("royal", "ace-to-ace"))
        return tuple(kind_word(choice, rules) for choice in BURRACO_CHOICES if choice in present)

    def explain(rules: Rules) -> str:
        from buraco_learn.app.positions import burraco_row

        return f'<table class="buraco-rules buraco-burracos"><tbody>{burraco_row("", cards, rules)}</tbody></table>'

    return Question(
        prompt=lambda rules: f"<p>{html.escape(_burraco_prompt(prompt, len(parsed), rules))}</p>{cards_svg(parsed, scale=0.6)}",
        choices=choices,
        answer=lambda rules: kind_word(burraco_kind_of(cards, rules), rules),
        explain=explain,
    )


# -- an exercise on the card table ---------------------------------------------------------------------
class TableExercise:
    """A scripted position on the card table: the task, the goals ticked off after every action, Start again.

    The task is North's first turn. Once it is over the table says whether every goal
    was met and what comes next, and the bots play on at the pace chosen (``autoplay``,
    on the kernel's event loop as at any table), so the hand goes on and the turn comes
    back. The result is recorded once per attempt in the progress store under ``quiz``
    (default: the exercise's key).
    """

    def __init__(self, exercise: Exercise, page: Page | None = None, *, quiz: str | None = None,
                 autoplay: bool = True, bots: str = "beginner", pace: float = 0.8) -> None:
        self.exercise = exercise
        self.page = page
        self.quiz = quiz or exercise.key
        self.autoplay = autoplay
        self.bots = bots
        self.pace = pace
        rules = exercise.ruleset()  # named only off the beginner path's ruleset, as players say it (the table's heading too)
        under = "" if rules.name == "italian" else " " + _("<em>({ruleset} rules)</em>", ruleset=html.escape(ruleset_name(rules)))
        task = _("<strong>Your task:</strong> {task}", task=html.escape(exercise.task))
        self.task = parts.html(f'{STYLE}<p class="exercise-task">{task}{under}</p>')
        self.status = parts.html()
        self.again = parts.button(_("Start again"), icon="refresh", tooltip=_("Set the position up again"), own_layout=True)
        self.again.layout.align_self = "flex-start"
        self.again.on_click(lambda _button: self.restart())
        self.holder = parts.box()
        self.table: Any = None
        self.recorded = False
        self.widget = parts.vbox([self.task, self.holder, self.status, self.again])
        if page is not None:
            page.task(self.quiz)
        self.restart()

    def __repr__(self) -> str:
        return f"TableExercise({self.exercise.key!r})"

    def restart(self) -> None:
        """A fresh table on the exercise's position."""
        from buraco_learn.ui import CardTable

        old = self.table
        pace = float(old.pace) if old is not None else self.pace  # the learner's choice of speed stays
        self.table = CardTable(state=self.exercise.start(), practice=False, allow_highlight=False,
                               autoplay=self.autoplay, bots=self.bots, pace=pace, layout=parts.layout())
        self.table.observe(lambda _change: self.update(), names="table")
        self.holder.children = [self.table]
        self.recorded = False
        self._kept: tuple[Any, tuple[Any, list[Any], bool]] | None = None
        if old is not None:
            _close(old)
        self.update()

    @property
    def state(self) -> Any:
        return self.table.state

    def play(self, action: str) -> None:
        """Play the learner's action as the table would (for checks and tests)."""
        self.table.play(action)

    def goals(self) -> list[tuple[str, bool]]:
        return [(_(goal.label), goal.met) for goal in self.exercise.check(self.state)]

    def update(self) -> None:
        try:
            self.status.value = self._status()
        except Exception:  # shown, never a traceback in the page
            log.exception("exercise feedback failed")
            self.status.value = _error_html(ValueError("Your goals could not be checked just now: press Start again."))

    def _next_lesson(self) -> Any:
        page = self.page
        if page is None or page.info not in page.lessons:
            return None
        after = page.lessons.index(page.info) + 1
        return page.lessons[after] if after < len(page.lessons) else None

    def what_next(self, success: bool) -> str:
        """What the table offers once the task's turn is over, in words."""
        following = self._next_lesson()
        over = self.state.over
        if following is not None:
            key = (over, success, True)
            return _(_WHAT_NEXT[key], lesson=following.label)
        return _(_WHAT_NEXT[(over, success, False)])

    def _verdict(self) -> tuple[Any, list[Any], bool]:
        """North's first turn (the position after it), its goals, and whether it is over;
        once it is over it is kept for this hand (the bots' turns that follow change nothing
        in it; "Play the same deal again" starts a new hand, and a new first turn)."""
        state = self.state
        if self._kept is not None and self._kept[0] is state:
            return self._kept[1]
        turn, actions = self.exercise.first_turn(state)
        checked = self.exercise.check(turn, actions)
        over = bool(actions) and actions[-1].kind in ("discard", "close")
        self._kept = (state, (turn, checked, over)) if over else None
        return turn, checked, over

    def _status(self) -> str:
        exercise = self.exercise
        turn, checked, over = self._verdict()
        labels = [html.escape(_(goal.label)) for goal in checked]
        items = "".join(f'<li class="{"met" if goal.met else "unmet"}">{"✔" if goal.met else "☐"} {label}</li>'
                        for goal, label in zip(checked, labels))
        comment = exercise.comment(turn)
        note = f"<p>{html.escape(comment)}</p>" if comment else ""
        goals_label = html.escape(_("Your goals"))
        if not over:
            self.table.notice = ""
            return f'{TRIAL_STYLE}{STYLE}<ul class="buraco-goals" aria-label="{goals_label}">{items}</ul>{note}'
        success = all(goal.met for goal in checked)
        missed = [_(goal.label) for goal in checked if not goal.met]
        head = (_("✔ Well done: every goal met.") if success else
                _("✘ Your turn is over, but not every goal was met (missing: {missed}).", missed="; ".join(missed)))
        done = _("✔ Task done: every goal met.") if success else head  # the table's own words, beside the feedback's
        self.table.notice = f"{done} {self.what_next(success)}"
        saved = self._record(success)
        following = self._next_lesson()
        link = ""
        if following is not None:
            onward = _("Next: {lesson} →", lesson=html.escape(following.label))
            link = f' <a class="buraco-link" href="{html.escape(following.link)}">{onward}</a>'
        return (f'{TRIAL_STYLE}<ul class="buraco-goals" aria-label="{goals_label}">{items}</ul>{note}'
                + _feedback(success, f"<strong>{html.escape(head)}</strong> {html.escape(self.what_next(success))} "
                                     f"{html.escape(saved)}{link}"))

    def _record(self, success: bool) -> str:
        if self.recorded or self.page is None:
            return ""
        self.recorded = True
        saved = self.page.record_quiz(int(success), 1, self.quiz)
        self.page.answered(self.quiz, success)  # a turn with a goal missed is a mistake
        return saved


#: What the table offers once the task's turn is over, by (the hand is over, the task is done, a next lesson).
_WHAT_NEXT: Final = {
    (True, True, True): N_("The hand is over: press Start again to play it once more, or go on to the next lesson, {lesson}."),
    (True, True, False): N_("The hand is over: press Start again to play it once more, or go on to the next lesson."),
    (True, False, True): N_("The hand is over: press Start again (under the table) to try once more, or go on to the next lesson, "
                            "{lesson}."),
    (True, False, False): N_("The hand is over: press Start again (under the table) to try once more, or go on to the next lesson."),
    (False, True, True): N_("The bots play on from here: play the hand out if you like, press Start again to play it once more, "
                            "or go on to the next lesson, {lesson}."),
    (False, True, False): N_("The bots play on from here: play the hand out if you like, press Start again to play it once more, "
                             "or go on to the next lesson."),
    (False, False, True): N_("The bots play on from here: play the hand out if you like, press Start again (under the table) to "
                             "try once more, or go on to the next lesson, {lesson}."),
    (False, False, False): N_("The bots play on from here: play the hand out if you like, press Start again (under the table) to "
                              "try once more, or go on to the next lesson."),
}


# -- scoring a hand ---------------------------------------------------------------------------------------
class ScoringExercise:
    """The end of a hand to score: a number per side, checked by the engine; right answers go on the score sheet."""

    def __init__(self, chooser: RulesetChooser | None = None, page: Page | None = None, *, seed: int = 1,
                 quiz: str = "score a hand") -> None:
        self.chooser = chooser
        self.page = page
        self.quiz = quiz
        self.seed = seed
        self.picture = parts.html()
        self.inputs: dict[str, Any] = {}
        self.fields = parts.hbox()
        self.check_button = parts.button(_("Check my numbers"), icon="check", button_style="primary")
        self.reveal_button = parts.button(_("Show the breakdown"), icon="eye")
        self.next_button = parts.button(_("Another hand"), icon="forward")
        self.feedback = parts.html()
        self.sheet_holder = parts.box()
        self.sheet: Any = None
        self.check_button.on_click(lambda _button: self.check())
        self.reveal_button.on_click(lambda _button: self.reveal())
        self.next_button.on_click(lambda _button: self.next_hand())
        self.widget = parts.vbox([self.picture, self.fields,
                                  parts.hbox([self.check_button, self.reveal_button, self.next_button]),
                                    self.feedback, self.sheet_holder])
        if chooser is not None:
            chooser.on_change(lambda _rules: self.new_match())
        if page is not None:
            page.task(quiz)
        self.new_match()

    def __repr__(self) -> str:
        return f"ScoringExercise({self.rules.name!r}, seed={self.seed})"

    @property
    def rules(self) -> Rules:
        return self.chooser.rules if self.chooser is not None else preset("italian")

    def new_match(self) -> None:
        """A new score sheet for the ruleset in play, and a hand to score."""
        from buraco_learn.ui import ScoreSheet

        rules = self.rules
        sides = {"".join(seat for seat in _side(rules, index)): side_word("".join(_side(rules, index)))
                 for index in range(len(rules.sides))}
        old = self.sheet
        self.sheet = ScoreSheet(sides, rules=rules, layout=parts.layout())
        self.sheet_holder.children = [self.sheet]
        if old is not None:
            _close(old)
        self.deal()

    def deal(self) -> None:
        self.end: HandEnd = deal_hand_end(self.rules, self.seed)
        self.scores = self.end.scores()
        self.done = False
        self.tries = 0
        for field in self.inputs.values():
            _close(field)
        self.inputs = {name: widgets.IntText(value=0, description=side_word(name), style=parts.shared(
                           "int-style", lambda: parts.description_style(description_width="initial")),
                       layout=parts.shared("int-layout", lambda: widgets.Layout(width="14em"))) for name in self.scores}
        self.fields.children = list(self.inputs.values())
        self.picture.value = f"{TRIAL_STYLE}{STYLE}{hand_end_html(self.end)}"
        self.feedback.value = ""
        self.check_button.disabled = self.reveal_button.disabled = False

    def next_hand(self) -> None:
        self.seed += 1
        self.deal()

    def answer(self, numbers: dict[str, int]) -> bool:
        """Fill in the numbers (by side name) and check them, as the learner would."""
        for name, number in numbers.items():
            self.inputs[name].value = number
        return self.check()

    def check(self) -> bool:
        """Check the numbers typed against the engine's totals; whether all are right."""
        if self.done:
            return all(int(self.inputs[name].value) == score.total for name, score in self.scores.items())
        self.tries += 1
        parts, right = [], True
        for name, score in self.scores.items():
            result = score_feedback(score, int(self.inputs[name].value))
            right = right and result.right
            hint = f" {html.escape(result.hint)}" if result.hint else ""
            css = "right" if result.right else "wrong"
            who = _("<strong>{side}:</strong>", side=html.escape(side_word(name)))
            parts.append(f'<p class="buraco-feedback {css}">{who} '
                         f"{html.escape(result.text)}{hint}</p>")
        if right:
            self._finish(True, _("Every total is right: the hand goes on the score sheet."))
        else:
            again = _("Try again, or show the breakdown.")
            self.feedback.value = (f'{STYLE}<div role="status">{"".join(parts)}<p>{again}</p></div>')
            if self.page is not None:
                self.page.answered(self.quiz, False)
        return right

    def reveal(self) -> None:
        """Show the engine's breakdown (the hand then goes on the score sheet, scoring nothing for you)."""
        if not self.done:
            self._finish(False, _("Here is how the engine scores it; the hand goes on the score sheet."))

    def _finish(self, right: bool, head: str) -> None:
        self.done = True
        self.check_button.disabled = self.reveal_button.disabled = True
        # the task is passed by a right answer, at the first try or after retries; asking for the breakdown is not passing
        saved = self.page.record_quiz(int(right), 1, self.quiz) if self.page is not None else ""
        if self.page is not None:  # the breakdown asked for is not a pass: a mistake, until a hand is scored right
            self.page.answered(self.quiz, right)
        tables = "".join(breakdown_html(name, score) for name, score in self.scores.items())
        try:
            self.sheet.add_hand({name: _sheet_side(score) for name, score in self.scores.items()})
        except Exception as error:  # pragma: no cover - the engine's scores always fit the sheet
            tables += _error_html(error)
        mark = "✔" if right else "ℹ"
        self.feedback.value = (f'{STYLE}{TRIAL_STYLE}<div class="buraco-feedback {"right" if right else ""}" role="status">'
                               f"<strong>{mark} {html.escape(head)}</strong> {html.escape(saved)}</div>"
                               f'<div class="buraco-trials">{tables}</div>')


def _sheet_side(score: SideScore) -> dict[str, Any]:
    """A side's score for the score sheet: :meth:`SideScore.to_dict`, its lines in the learner's language."""
    result = score.to_dict()
    result["items"] = [{**item.to_dict(), "label": item.text()} for item in score.items()]
    return result


def _side(rules: Rules, index: int) -> list[str]:
    from buraco_learn.game.deal import seat_names

    names = seat_names(rules.players)
    return [names[seat] for seat in rules.sides[index]]


# -- the meld quiz, round by round ---------------------------------------------------------------------------
class QuizRounds:
    """The meld quiz widget under the chosen ruleset, in rounds of ``round`` questions; each round's score is kept.

    One round is one pass through the widget's pool (``round`` questions, none twice), so the
    widget's own counter ("Question 3 of 10", the round's score) is the only counter; below it,
    the rounds finished and their scores. "Start again" in the widget starts round 1 again.
    """

    def __init__(self, chooser: RulesetChooser | None = None, page: Page | None = None, *, round: int = 10,
                 seed: int | None = None, quiz: str = "meld quiz") -> None:
        self.chooser = chooser
        self.page = page
        self.round = round
        self.seed = seed
        self.quiz_name = quiz
        self.status = parts.html()
        self.holder = parts.box()
        self.quiz: Any = None
        self.widget = parts.vbox([self.holder, self.status])
        if chooser is not None:
            chooser.on_change(lambda _rules: self.restart())
        if page is not None:
            page.task(quiz)  # passed by a round finished
        self.restart()

    def __repr__(self) -> str:
        return f"QuizRounds({self.quiz!r}, round of {self.round})"

    @property
    def rules(self) -> Rules:
        return self.chooser.rules if self.chooser is not None else preset("italian")

    def restart(self) -> None:
        from buraco_learn.ui import MeldQuiz

        old = self.quiz
        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(2**31)
        self.quiz = MeldQuiz(self.rules, seed=seed, pool_size=self.round, layout=parts.layout())
        self.quiz.observe(lambda _change: self.update(), names="answered")
        self.holder.children = [self.quiz]
        self.rounds: list[int] = []
        self._saved = ""
        self._wrong = 0  # wrong first answers of this quiz already told to the page
        if old is not None:
            _close(old)
        self.update()

    def update(self) -> None:
        session = self.quiz.session
        size = len(session.pool)  # the round's length (``round``, unless fewer questions can be made)
        if session.answered < size * len(self.rounds):  # the widget's "Start again": round 1 again
            self.rounds, self._saved = [], ""
        wrong = session.answered - session.score  # wrong at the first try, or revealed
        if self.page is not None:
            for _missed in range(max(0, wrong - self._wrong)):
                self.page.answered(self.quiz_name, False)
        self._wrong = wrong
        if session.answered >= size * (len(self.rounds) + 1):  # a round just finished
            score = session.round_score
            self.rounds.append(score)
            self._saved = self.page.record_quiz(score, size, self.quiz_name) if self.page is not None else ""
            if self.page is not None:
                self.page.answered(self.quiz_name, True)
        done = "".join("<li>{}</li>".format(html.escape(_("Round {number}: {score} of {size} right at the first try",
                                                          number=number, score=score, size=size)))
                       for number, score in enumerate(self.rounds, 1))
        finished = html.escape(_("Rounds finished:"))
        self.status.value = (f'{STYLE}<div class="quiz-rounds" role="status"><p>{finished}</p><ul>{done}</ul>'
                             f"<p>{html.escape(self._saved)}</p></div>" if done else "")


# -- a hand beside the coach, saved as it goes ------------------------------------------------------------
MAX_DEAL_NUMBER = 2**31 - 1


def deal_number(text: str) -> int | None:
    """The deal number a learner typed (None for "any": a new random deal).

    >>> deal_number(" 4711 "), deal_number("")
    (4711, None)
    >>> deal_number("12a")
    Traceback (most recent call last):
    ...
    ValueError: A deal number is a whole number from 0 to 2147483647, such as 4711; leave it empty for a new deal.
    """
    text = str(text).strip()
    if not text:
        return None
    if text.isascii() and text.isdigit() and len(text) <= 10 and int(text) <= MAX_DEAL_NUMBER:
        return int(text)
    raise ValueError(f"A deal number is a whole number from 0 to {MAX_DEAL_NUMBER}, such as 4711; leave it empty for a new deal.")


class GameRoom:
    """Play against the bots with the coach's hints and review; the game is saved in the progress store as it goes.

    Its task for the lesson's stars is a hand played to the end (free play has no wrong answers)."""

    HAND_PLAYED = "a hand played"

    def __init__(self, page: Page | None = None, chooser: RulesetChooser | None = None, *, slot: str = "lesson-play",
                 pace: float = 0.8) -> None:
        from buraco_learn.bots import available_levels

        self.page = page
        self.chooser = chooser
        self.slot = slot
        self.pace = pace
        levels = [level for level in ("beginner", "intermediate", "strong") if level in available_levels()]
        self.level = parts.dropdown(levels, levels[0], _("Opponents"))
        self.new_button = parts.button(_("Deal a new game"), icon="play", button_style="primary")
        #: the same number deals the same cards: a teacher gives one to the whole class
        self.deal = parts.text(_("Deal number"), placeholder=_("any"))
        self.resume_button = parts.button(_("Resume my saved game"), icon="history")
        self.replay_button = parts.button(_("Replay the hand face up"), icon="film", own_layout=True)
        self.replay_button.layout.display = "none"
        self.status = parts.html()
        self.holder = parts.vbox()
        self.table: Any = None
        self.replayer: Any = None
        self._saved_moves = -1
        self._counted_hand = -1  # hands_played of the last hand recorded toward "hands won"
        self.new_button.on_click(lambda _button: self._deal_clicked())
        self.resume_button.on_click(lambda _button: self.resume())
        self.replay_button.on_click(lambda _button: self.show_replay())
        self.widget = parts.vbox([parts.hbox([self.level, self.deal, self.new_button, self.resume_button]), self.status,
                                    self.holder, self.replay_button])
        if page is not None:
            page.task(self.HAND_PLAYED)
        self._offer()
        on_opened(self._offer)

    def __repr__(self) -> str:
        return f"GameRoom(slot={self.slot!r}, {'a table' if self.table is not None else 'no table yet'})"

    @property
    def store(self) -> Any:
        return self.page.store if self.page is not None else None

    @property
    def rules(self) -> Rules:
        return self.chooser.rules if self.chooser is not None else preset("italian")

    def saved(self) -> Any:
        store = self.store
        if store is None:
            return None
        try:
            return store.load_game(self.slot)
        except DamagedGameError as error:
            log.warning("%s", error)
            self._set_aside("it is damaged")
            return None
        except ProgressError as error:
            self.status.value = progress_error_html(error)
            return None

    def _set_aside(self, why: str) -> None:
        """Keep a saved game that cannot be resumed aside (never overwritten by the next game) and say so."""
        aside = None
        with contextlib.suppress(ProgressError):
            aside = self.store.set_aside(self.slot) if self.store is not None else None
        kept = " It is kept aside, not overwritten" + (f" (as {aside!r} in the progress store)" if aside else "") + "."
        self.resume_button.disabled = True
        self.status.value = _error_html(ValueError(f"Your saved game could not be resumed: {why}.{kept} Deal a new one."))

    def _offer(self) -> None:
        saved = self.saved()
        self.resume_button.disabled = saved is None
        if saved is not None:
            ruleset = saved.get("rules") if isinstance(saved, dict) else None
            rules = ruleset.get("name", "?") if isinstance(ruleset, dict) else "?"
            finished = saved.get("hands") if isinstance(saved, dict) else None
            hands = len(finished) if isinstance(finished, list) else 0
            offer = ngettext("You have a saved game ({ruleset} rules, {n} hand finished): resume it, or deal a new one.",
                             "You have a saved game ({ruleset} rules, {n} hands finished): resume it, or deal a new one.",
                             hands, ruleset=html.escape(str(rules)))
            self.status.value = f'{STYLE}<p class="saved-game" role="status">{offer}</p>'
        else:
            choose = _("Choose your opponents and deal.")
            self.status.value = f"{STYLE}<p>{choose}</p>"

    def _show(self, table: Any) -> None:
        old, self.table = self.table, table
        table.observe(lambda _change: self._changed(), names="table")
        self.holder.children = [table]
        self._saved_moves = -1
        # a hand over when the table is shown (a resumed game) was counted when it was played
        self._counted_hand = table.game.hands_played if table.state.over else -1
        for widget in (old, self.replayer):
            if widget is not None:
                _close(widget)
        self.replayer = None
        self._changed()

    def _deal_clicked(self) -> None:
        try:
            seed = deal_number(self.deal.value)
        except ValueError as error:
            self.status.value = f'{STYLE}<p class="feedback wrong" role="alert">{html.escape(str(error))}</p>'
            return
        self.new_game(seed)

    def new_game(self, seed: int | None = None) -> Any:
        """Deal a new match against the chosen bots (replacing the saved game); ``seed`` is its deal number."""
        from buraco_learn.game.deal import seat_names
        from buraco_learn.ui import CardTable

        rules = self.rules  # a preset, or a host's house rules (the chooser offers those saved on the house rules page)
        try:
            table = CardTable(rules, seat=seat_names(rules.players)[0], seed=seed, bots=str(self.level.value),
                              practice=True, pace=self.pace, comments=True, layout=parts.layout())
        except BuracoError as error:  # a house ruleset the table cannot deal: told, never a traceback
            log.warning("the card table cannot deal %r: %s", rules.name, error)
            self.status.value = _error_html(ValueError(f"The card table cannot deal the {rules.name} rules: {error}. "
                                                       "Choose another ruleset."))
            return None
        self._show(table)
        if rules.players == 4 and rules.partnerships:
            dealt = _("A new game, deal number {seed}: you are North, your partner South. Ask the coach with Hint at any "
                      "time. The same deal number deals the same cards, for a friend or a whole class.", seed=table.game.seed)
        else:
            dealt = _("A new game, deal number {seed}: you sit first of {players} players. Ask the coach with Hint at any "
                      "time. The same deal number deals the same cards, for a friend or a whole class.",
                      seed=table.game.seed, players=rules.players)
        self.status.value = f"{STYLE}<p>{dealt}</p>"
        return table

    def resume(self) -> Any:
        """Resume the game saved in the progress store."""
        from buraco_learn.ui import CardTable

        status = self.status.value
        saved = self.saved()
        if saved is None:
            if self.status.value == status:  # not already told why (a damaged game set aside, the store failing)
                self.status.value = _error_html(ValueError("there is no saved game to resume"))
            return None
        try:
            table = CardTable.from_json(json.dumps(saved), pace=self.pace, layout=parts.layout())
        except Exception as error:  # a tampered or damaged game is told in words and kept aside
            if isinstance(error, BuracoError):
                log.warning("the saved game cannot be resumed: %s", error)
                why = f"it was saved by another version of the lessons, or it is damaged ({error})"
            else:
                log.exception("resuming the saved game failed")
                why = "it was saved by another version of the lessons, or it is damaged"
            self._set_aside(why)
            return None
        self._show(table)
        moves = len(table.state.history)
        resumed = ngettext("Your saved game, resumed after {n} move of this hand.",
                           "Your saved game, resumed after {n} moves of this hand.", moves)
        self.status.value = f"{STYLE}<p>{resumed}</p>"
        return table

    def _changed(self) -> None:
        table = self.table
        if table is None:
            return
        try:
            self._save(table)
        except Exception as error:  # shown, never a traceback in the page
            log.exception("saving the game failed")
            self.status.value = (progress_error_html(error) if isinstance(error, ProgressError)
                                 else _error_html(ValueError(_("Your game could not be saved just now; play on."))))
        over = table.state.over
        self.replay_button.layout.display = "" if over else "none"

    def _save(self, table: Any) -> None:
        store = self.store
        game = table.game
        moves = len(game.state.history) + 1000 * game.hands_played
        if store is None or moves == self._saved_moves or not (game.learner_turn or game.state.over):
            return
        self._saved_moves = moves
        store.save_game(self.slot, json.loads(table.to_json()), self.page.info.id if self.page is not None else None)
        self.resume_button.disabled = False
        # "hands won" counts each hand of the match once: not a replay of the same deal ("Play the same deal
        # again" after "Replay the hand face up"), nor a finished hand resumed
        if (game.state.over and game.counted and self.page is not None and game.result
                and self._counted_hand != game.hands_played):
            self._counted_hand = game.hands_played
            mine = game.state.side_names[game.state.side_of[game.seat]]
            totals = {side: score.total for side, score in game.state.score().items()}
            best = max(totals.values())
            self.page.record_quiz(int(totals[mine] == best), 1, "hands won")
            self.page.answered(self.HAND_PLAYED, True)

    def show_replay(self) -> Any:
        """The hand just finished, step by step with every card face up."""
        from buraco_learn.ui import Replayer

        if self.table is None or not self.table.state.over:
            return None
        if self.replayer is None:
            self.replayer = Replayer(self.table, layout=parts.layout())
            self.holder.children = [self.table, self.replayer]
        return self.replayer


def bot_hand_replayer(rules: Rules | str = "italian", seed: int = 12, level: str = "beginner", *,
                      actions: int | None = None, turns: int | None = None, title: str | None = None) -> Any:
    """A hand played by bots, step by step with every card face up (for watching before playing).

    ``actions``: only the first that many actions; ``turns``: only the first that many whole turns
    (lesson 1 shows the deal and every player's first turn: ``turns=players``).
    """
    from buraco_learn.bots import make_bot
    from buraco_learn.game.state import HandState
    from buraco_learn.ui import Replayer
    from buraco_learn.ui.replay import Script

    ruleset = preset(rules) if isinstance(rules, str) else rules
    start = HandState.new(ruleset, random.Random(seed), dealer=ruleset.players - 1)
    state = start.clone()
    bots = [make_bot(level, ruleset, seed=seed * 10 + seat) for seat in range(ruleset.players)]

    def ended() -> int:
        return sum(1 for action in state.history if action.kind in ("discard", "close"))

    while (not state.over and (actions is None or len(state.history) < actions)
           and (turns is None or ended() < turns)):
        state.apply(bots[state.current].act(state.view(state.current)))
    script = Script.from_hand(start, state.history, title=title or f"Four {level} bots play a hand ({ruleset.name})",
                              partial=actions is not None or turns is not None)
    return Replayer(script, layout=parts.layout())
