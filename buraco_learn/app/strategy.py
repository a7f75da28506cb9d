"""Strategy lessons 13 to 15: positions on the card table, judged by the coach's own evaluation.

Each lesson is a few :class:`Spot` s: a position written in card notation (Italian rules,
002), the kind of move the lesson teaches (take the pile or draw; which card to discard;
go for the pozzetto or close) and the tempting moves it warns against (``traps``). The
learner plays the position on the card table; every decision of theirs with a choice,
up to the spot's last one (the draw for a draw-or-take spot, else the discard, the close
or picking up the pozzetto), goes to the coach (:meth:`buraco_learn.coach.Coach.compare`):

- **right** when it is the coach's choice, or a choice the coach's simulations cannot tell
  apart from it (verdict ``"same"`` or ``"as-good"``: the paired difference within
  :data:`buraco_learn.coach.Z` = 1.96 standard errors, the coach's own margin);
- **wrong** when the coach's choice is better beyond that margin (``"worse"``): the table
  is set back to the position before that move with the coach's choice marked on it, the
  coach's reason is shown, and "Try a fresh position" deals the same idea in other suits.

The coach here is :func:`lesson_coach`: the table's coach with its full search (48 worlds)
and no time cap, so a position's verdicts never depend on how busy the machine is.
Nothing here decides a verdict: ``tests/test_app_strategy.py`` checks, for every spot and
every variant, that the coach's choice is of the kind the lesson says, that each trap is
worse beyond the margin, that no legal move beats the choice beyond it, and that the
lesson's reason names the cards it is about.

>>> spot = spots_of("take-the-pile")[0]
>>> spot.state(1).view(0).phase, spot.trap_actions(1)[0].notation()
('draw', 'draw')
>>> spot.why_text(0)[:44]
'Take it: the pile’s Q♣ makes a set with your'
>>> rename("QC 10C 2S", "SHCD")
'QD 10D 2H'
"""

from __future__ import annotations

import html
import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from buraco_learn.app import parts
from buraco_learn.app.lessonkit import Page
from buraco_learn.app.pages import STYLE
from buraco_learn.app.positions import TRIAL_STYLE, action_text
from buraco_learn.cards import Card
from buraco_learn.game.actions import Action
from buraco_learn.game.position import position
from buraco_learn.game.state import HandState
from buraco_learn.game.words import card_text
from buraco_learn.i18n import N_, _, language, use
from buraco_learn.presets import preset
from buraco_learn.render import cards_svg

log = logging.getLogger("buraco_learn.app")

RULES: Final = preset("italian")
#: The coach's seed in these lessons (the tests use the same coach).
COACH_SEED: Final = 1
#: Suit renamings, one per variant: the first spells a spot as written (H S D C), the others rename every suit.
VARIANTS: Final = ("HSDC", "SHCD", "DCHS", "CDSH")
SUIT_WORDS: Final = {"H": N_("hearts"), "S": N_("spades"), "D": N_("diamonds"), "C": N_("clubs")}
_CARD: Final = re.compile(r"(10|[2-9AJQK])([HSDC])")
_FIELD: Final = re.compile(r"\{((?:10|[2-9AJQK])[HSDC]|JK|[HSDC])\}")
#: The ends of a spot's turn: what the learner's last judged move is, by the phase the spot starts in.
ENDS: Final = {"draw": ("draw", "take"), "play": ("discard", "close", "pot")}


def rename(text: str, variant: str) -> str:
    """``text`` (cards in notation, or actions) with its suits renamed: H S D C become ``variant``'s letters."""
    table = dict(zip("HSDC", variant))
    return _CARD.sub(lambda match: match.group(1) + table[match.group(2)], text)


def lesson_coach() -> Any:
    """The coach that judges the strategy lessons: full search, no time cap (see the module)."""
    from buraco_learn.coach import Coach

    return Coach(RULES, seed=COACH_SEED, budget_ms=None)


@dataclass(frozen=True)
class Spot:
    """One position of a strategy lesson (see the module); cards in ``spec`` and ``why`` as for the first variant."""

    key: str
    title: str
    spec: Mapping[str, Any]
    expect: str
    traps: tuple[str, ...]
    why: str
    variants: tuple[str, ...] = VARIANTS

    @property
    def phase(self) -> str:
        return str(self.spec.get("phase", "draw"))

    @property
    def ends(self) -> tuple[str, ...]:
        return ENDS[self.phase]

    def variant(self, number: int) -> str:
        return self.variants[number % len(self.variants)]

    def state(self, number: int = 0) -> HandState:
        """The position of variant ``number``: North to play."""
        suits = self.variant(number)
        spec = dict(self.spec)
        spec["hands"] = {seat: rename(cards, suits) for seat, cards in self.spec["hands"].items()}
        if "melds" in spec:
            spec["melds"] = {side: [rename(meld, suits) for meld in melds] for side, melds in self.spec["melds"].items()}
        for key in ("pile", "stock"):
            if key in spec:
                spec[key] = rename(spec[key], suits)
        return position(RULES, current="N", **spec)

    def trap_actions(self, number: int = 0) -> list[Action]:
        return [Action.parse(rename(trap, self.variant(number))) for trap in self.traps]

    def named_cards(self, number: int = 0) -> list[Card]:
        """The cards the reason names (in variant ``number``)."""
        suits = self.variant(number)
        return [Card.parse(rename(name, suits)) for name in _FIELD.findall(self.why) if len(name) > 1]

    def why_text(self, number: int = 0) -> str:
        """The lesson's reason in variant ``number``'s suits: cards drawn with their symbols, suits in words."""
        suits = self.variant(number)

        def word(match: re.Match[str]) -> str:
            name = match.group(1)
            if len(name) == 1:
                return _(SUIT_WORDS[rename("2" + name, suits)[-1]])
            return card_words(Card.parse(rename(name, suits)))

        return _FIELD.sub(word, _(self.why))


card_words = card_text  # a card as the lessons' reasons write it: ``'7♥'``, a joker by its name


_DRAW_TASK: Final = N_("You have not drawn yet. Draw from the stock, or take the whole discard pile?")
_PLAY_TASK: Final = N_("You have drawn. Play the rest of your turn as you judge best.")
_DISCARD_TASK: Final = N_("You have drawn and have nothing to meld. Which card do you discard?")
#: The strategy lessons; their positions are declared in lessons/tasks/<lesson>.toml (a ``strategy`` block).
LESSONS: Final = ("take-the-pile", "safe-discards", "pot-or-close")


def spots_of(lesson: str) -> tuple[Spot, ...]:
    """The positions of a strategy lesson, as its task file declares them (its ``strategy`` block)."""
    from buraco_learn.app import taskdata

    for block in taskdata.load(lesson).values():
        if block.kind == "strategy":
            return tuple(block.build())
    raise ValueError(f"there are no strategy positions for the lesson {lesson!r}")


def task_text(spot: Spot) -> str:
    if spot.phase == "draw":
        return _(_DRAW_TASK)
    return _(_DISCARD_TASK) if spot.expect == "discard" else _(_PLAY_TASK)


# -- judging the learner's moves -----------------------------------------------------------------
@dataclass(frozen=True)
class Judgement:
    """The coach's verdict on one of the learner's moves (``before``: the position it was played in)."""

    action: Action
    best: Action
    verdict: str
    text: str
    difference: float
    margin: float
    before: HandState = field(repr=False)

    @property
    def right(self) -> bool:
        return self.verdict != "worse"


def judge(coach: Any, before: HandState, action: Action) -> Judgement:
    """The coach's verdict on ``action`` played by North in ``before`` (from North's view only)."""
    comparison = coach.compare(before.view(0), action)
    return Judgement(action, comparison.suggested, comparison.verdict, comparison.text, comparison.difference,
                     comparison.margin, before)


class Attempt:
    """One try at a spot's variant: the learner's moves judged as they come (see the module)."""

    def __init__(self, spot: Spot, number: int, coach: Any) -> None:
        self.spot = spot
        self.number = number
        self.coach = coach
        self.start = spot.state(number)
        self.judged: list[Judgement] = []
        self.result: bool | None = None
        self._seen = 0

    def follow(self, state: HandState) -> bool | None:
        """Judge the learner's moves in ``state``'s history not judged yet; the result once known."""
        if self.result is not None:
            return self.result
        replay = self.start.clone()
        for index, action in enumerate(state.history):
            if index >= self._seen and replay.current == 0:
                choices = len(replay.view(0).legal)
                if choices > 1:
                    verdict = judge(self.coach, replay.clone(), action)
                    self.judged.append(verdict)
                    if not verdict.right:
                        self.result = False
                if self.result is None and action.kind in self.spot.ends:
                    self.result = True
                if self.result is not None:
                    self._seen = index + 1
                    return self.result
            replay.apply(action)
        self._seen = len(state.history)
        return None


def action_cards(action: Action) -> list[Card]:
    """The cards ``action`` plays (to mark them on the table)."""
    return [card for group in action.groups for card in group] + list(action.cards)


def choice_html(judgement: Judgement) -> str:
    """The coach's choice in words and, where it plays cards, their picture."""
    words = html.escape(action_text(judgement.best, judgement.before))
    cards = action_cards(judgement.best)
    picture = f' <span class="strategy-choice-cards">{cards_svg(cards, scale=0.5)}</span>' if cards else ""
    choice = _("<strong>The coach’s choice:</strong> {move}.", move=words)
    return f'<p class="strategy-choice">{choice}{picture}</p>'


# -- the lesson's widget ----------------------------------------------------------------------------
STRATEGY_STYLE: Final = """<style>
.strategy-head{display:flex;flex-wrap:wrap;gap:.3em 1em;align-items:baseline}
.strategy-head h3{margin:.2em 0}.strategy-marks{letter-spacing:.15em;color:#555}
.strategy-why{margin:.3em 0}.strategy-choice svg{vertical-align:middle}
</style>"""
_NO_HINTS: Final = N_("No hints in this lesson: the position is for your own judgement. After your move the coach says "
                      "whether it agrees, and why.")


class StrategyTasks:
    """A lesson's positions, one at a time, on the card table; each one a task of the page's stars."""

    def __init__(self, lesson: str, page: Page | None = None, *, coach: Any = None,
                 spots: Sequence[Spot] | None = None) -> None:
        self.lesson = lesson
        #: The learner's language when the lesson's widget was built: it speaks it for its whole life.
        self._language = language()
        self.spots = tuple(spots) if spots is not None else spots_of(lesson)
        self.page = page
        self.coach = coach or lesson_coach()
        self.index = 0
        self.tries = [0] * len(self.spots)
        self.passed = [False] * len(self.spots)
        self.first_right = [False] * len(self.spots)
        self.attempt: Attempt | None = None
        self.table: Any = None
        self.reviewing = False
        self.head = parts.html()
        self.task = parts.html()
        self.holder = parts.box()
        self.feedback = parts.html()
        self.fresh = parts.button(_("Try a fresh position"), icon="refresh", own_layout=True,
                                  tooltip=_("The same idea, dealt in other suits"))
        self.onward = parts.button(_("Next position"), icon="forward", button_style="primary", own_layout=True)
        self.fresh.on_click(lambda _button: self.try_again())
        self.onward.on_click(lambda _button: self.next_position())
        self.buttons = parts.hbox([self.fresh, self.onward], flex_flow="row wrap")
        self.widget = parts.vbox([self.head, self.task, self.holder, self.feedback, self.buttons])
        if page is not None:
            for number in range(len(self.spots)):
                page.task(self._key(number))
        self.show(0)

    def __repr__(self) -> str:
        return f"StrategyTasks({self.lesson!r}, position {self.index + 1} of {len(self.spots)})"

    def _key(self, number: int) -> str:
        return f"position {number + 1}"

    @property
    def spot(self) -> Spot:
        return self.spots[self.index]

    @property
    def state(self) -> HandState:
        state: HandState = self.table.state
        return state

    def show(self, index: int) -> None:
        """Set up position ``index`` (a fresh variant each time it is shown again)."""
        self.index = index % len(self.spots)
        spot = self.spot
        self.attempt = Attempt(spot, self.tries[self.index], self.coach)
        self.reviewing = False
        no_hints = _(_NO_HINTS)
        self._table(self.attempt.start.clone(), lambda view, rung: no_hints)
        marks = " ".join("✔" if done else "☐" for done in self.passed)
        heading = _("Position {number} of {count}: {title}", number=self.index + 1, count=len(self.spots),
                    title=html.escape(_(spot.title)))
        self.head.value = (f'{STYLE}{STRATEGY_STYLE}<div class="strategy-head"><h3>{heading}</h3><span class="strategy-marks" '
                           f'aria-label="{html.escape(self._passed_text())}">{marks}</span></div>')
        task = _("<strong>Your task:</strong> {task} The coach judges your move.", task=html.escape(task_text(spot)))
        self.task.value = f'{STYLE}<p class="exercise-task">{task}</p>'
        self.feedback.value = ""
        self.fresh.layout.display = "none"
        self.onward.layout.display = "none"

    def _table(self, state: HandState, hints: Any) -> None:
        from buraco_learn.ui import CardTable

        old = self.table
        # the table's own comments, if the learner switches them on, come from the same coach as the verdicts
        self.table = CardTable(state=state, practice=False, allow_highlight=False, autoplay=False, hint_source=hints,
                               comment_source=lambda view, action: self.coach.compare(view, action), layout=parts.layout())
        self.table.observe(lambda _change: self.update(), names="table")
        self.holder.children = [self.table]
        if old is not None:
            try:
                old.close()
            except Exception:  # closing twice, or a kernel going away
                log.debug("closing an old card table failed", exc_info=True)

    def play(self, action: str | Action) -> None:
        """Play the learner's move as the table would (for checks and tests)."""
        self.table.play(action)

    def update(self) -> None:
        with use(self._language):
            self._update()

    def _update(self) -> None:
        if self.reviewing or self.attempt is None or self.attempt.result is not None:
            return
        try:
            result = self.attempt.follow(self.state)
        except Exception:  # shown, never a traceback in the page
            log.exception("the coach could not judge a move")
            failed = _("The coach could not judge that move just now: press Try a fresh position.")
            self.feedback.value = f'{STYLE}<div class="buraco-feedback wrong" role="status">{failed}</div>'
            self.fresh.layout.display = ""
            return
        if result is not None:
            self._answered(result)

    def _answered(self, right: bool) -> None:
        attempt = self.attempt
        assert attempt is not None
        number = self.index
        first = self.tries[number] == 0 and not self.passed[number]
        self.tries[number] += 1
        because = _("<strong>Why:</strong> {why}", why=html.escape(attempt.spot.why_text(attempt.number)))
        why = f'<p class="strategy-why">{because}</p>'
        if right:
            self.passed[number] = True
            self.first_right[number] = self.first_right[number] or first
            said = attempt.judged[-1].text if attempt.judged else ""
            agrees = _("<strong>✔ The coach agrees.</strong> {said}", said=html.escape(said))
            self.feedback.value = f'{STYLE}<div class="buraco-feedback right" role="status">{agrees}</div>{why}'
            self.table.notice = _("✔ The coach agrees. Press Next position, under the table.")
            self.onward.layout.display = ""
            self.fresh.layout.display = "none"
        else:
            wrong = attempt.judged[-1]
            trap = any(wrong.action.canonical() == trap.canonical() for trap in attempt.spot.trap_actions(attempt.number))
            lesson = why if trap else ""
            differs = _("<strong>✘ Not the coach’s choice: you chose to {move}.</strong> {said}",
                        move=html.escape(action_text(wrong.action, wrong.before)), said=html.escape(wrong.text))
            back = _("<p>The table is set back to the position before your move, with the coach’s choice marked. "
                     "Press <strong>Try a fresh position</strong> for the same idea in other suits.</p>")
            self.feedback.value = (f'{STYLE}{TRIAL_STYLE}<div class="buraco-feedback wrong" role="status">{differs}</div>'
                                   f"{choice_html(wrong)}{lesson}{back}")
            self._mark(wrong)
            self.fresh.layout.display = ""
            self.onward.layout.display = "none"
        self._refresh_head()
        if self.page is not None:
            self.page.answered(self._key(number), right)
            if all(self.passed) and right:
                self.page.record_quiz(sum(self.first_right), len(self.spots), self.lesson)

    def _mark(self, wrong: Judgement) -> None:
        """The position before the wrong move, on a table of its own, with the coach's choice marked."""
        best = wrong.best
        words = action_text(best, wrong.before)
        mark = {"text": _("the coach’s choice is to {move}.", move=words), "cards": [card.notation() for card in action_cards(best)],
                "action": best.notation()}
        self.reviewing = True
        self._table(wrong.before.clone(), lambda view, rung: mark)
        for _rung in range(3):  # the ladder's last rung: the move itself
            self.table.hint()
        self.table.notice = _("The coach’s choice is marked. Press Try a fresh position, under the table.")

    def _refresh_head(self) -> None:
        marks = " ".join("✔" if done else "☐" for done in self.passed)
        value = str(self.head.value)
        self.head.value = re.sub(r'(<span class="strategy-marks" aria-label=")[^"]*(">)[^<]*',
                                 lambda m: f"{m.group(1)}{html.escape(self._passed_text())}{m.group(2)}{marks}", value)

    def _passed_text(self) -> str:
        return _("{passed} of {count} positions passed", passed=sum(self.passed), count=len(self.spots))

    def try_again(self) -> None:
        """The same position's idea again, in a fresh variant."""
        with use(self._language):
            self.show(self.index)

    def next_position(self) -> None:
        """The next position not passed yet (or the next one, when every one is passed)."""
        for step in range(1, len(self.spots) + 1):
            candidate = (self.index + step) % len(self.spots)
            if not self.passed[candidate] or all(self.passed):
                with use(self._language):
                    self.show(candidate)
                return

    def coach_line(self) -> list[Action]:
        """For checks: play the coach's choice at every decision of the current position until it ends."""
        played: list[Action] = []
        while self.attempt is not None and self.attempt.result is None:
            state = self.state
            if state.current != 0:
                break
            best = self.coach.suggest(state.view(0))
            played.append(best)
            self.play(best)
        return played

    def play_wrong(self) -> Action:
        """For checks: play the position's first trap."""
        trap = self.spot.trap_actions(self.attempt.number if self.attempt is not None else 0)[0]
        self.play(trap)
        return trap


def strategy_tasks(lesson: str, page: Page | None = None) -> StrategyTasks:
    """The lesson's positions on the card table (what a lesson notebook calls)."""
    return StrategyTasks(lesson, page)
