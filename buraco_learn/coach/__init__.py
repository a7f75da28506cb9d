"""The coach: hints, a second opinion on the learner's move, and a review after the hand.

The coach sees what the learner sees (a :class:`~buraco_learn.game.view.PlayerView`)
and nothing more. Its advice is the strong bot's choice: it runs the same search
(:class:`~buraco_learn.bots.strong.StrongBot`, seeded from the coach's seed and the
view, so the same position always gets the same advice), optionally under a latency
budget, then puts the choice into words (:mod:`buraco_learn.coach.explain`).

- :meth:`Coach.hint`: a ladder of three rungs: the idea in rule terms and what it
  gains; then which cards; then the full action. Every rung names what it gains
  (points, a burraco, the pot, closing, blocking the opponents) and cites its sources.
- :meth:`Coach.compare`: after the learner acts, whether that was the coach's choice,
  and if not why the coach's was better, in one or two sentences.
- :meth:`Coach.review`: after the hand, from the learner's decisions (each a
  :class:`Decision`: the view the learner acted on and the action taken; a table
  records them with :class:`DecisionLog`), the three that cost the most points, each
  with what the coach would have done.

>>> import random
>>> from buraco_learn import preset
>>> from buraco_learn.game import HandState
>>> rules = preset("italian")
>>> state = HandState.new(rules, random.Random(6))
>>> coach = Coach(rules, seed=1, worlds=4, budget_ms=None)
>>> view = state.view(state.current)
>>> hint = coach.hint(view)
>>> [rung.level for rung in hint.rungs], hint.action in view.legal
([1, 2, 3], True)
>>> coach.compare(view, hint.action).matches
True
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from buraco_learn.errors import BuracoError
from buraco_learn.game.actions import Action
from buraco_learn.game.view import PlayerView
from buraco_learn.rules import Rules

from ..bots.heuristics import Position
from ..bots.intermediate import check_view
from ..bots.strong import SearchResult, StrongBot
from .explain import explain

DEFAULT_BUDGET_MS = 900.0

GAIN_WORDS = {
    "points": "points",
    "a burraco": "a burraco",
    "the pot": "the pot",
    "closing": "closing the hand",
    "blocking the opponents": "blocking the opponents",
}


@dataclass(frozen=True)
class Rung:
    """One rung of the hint ladder: 1 the idea, 2 the cards, 3 the full action."""

    level: int
    text: str
    gains: tuple[str, ...]
    sources: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"level": self.level, "text": self.text, "gains": list(self.gains), "sources": list(self.sources)}


@dataclass(frozen=True)
class Hint:
    """The coach's advice for one decision."""

    action: Action
    rungs: tuple[Rung, Rung, Rung]
    search: SearchResult | None = field(default=None, repr=False)
    seconds: float = 0.0

    def rung(self, level: int) -> Rung:
        return self.rungs[level - 1]

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": self.action.notation(),
            "rungs": [rung.to_dict() for rung in self.rungs],
            "seconds": round(self.seconds, 4),
        }


@dataclass(frozen=True)
class Comparison:
    """The coach's opinion of the learner's action.

    ``verdict`` is ``"same"`` (the coach's choice), ``"as-good"`` (another choice the
    simulations rate as well) or ``"worse"``; ``loss`` is how many points worse the
    simulations rate it (0 when not worse).
    """

    action: Action
    suggested: Action
    verdict: str
    loss: float
    text: str

    @property
    def matches(self) -> bool:
        return self.verdict == "same"

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": self.action.notation(),
            "suggested": self.suggested.notation(),
            "verdict": self.verdict,
            "matches": self.matches,
            "loss": round(self.loss, 1),
            "text": self.text,
        }


@dataclass(frozen=True)
class Decision:
    """One decision of the learner: the view acted on and the action taken."""

    view: PlayerView
    action: Action

    def to_dict(self) -> dict[str, Any]:
        return {"view": self.view.to_dict(), "action": self.action.notation()}


class DecisionLog:
    """What a table records for the review: call :meth:`record` before applying each of
    the learner's actions (only decisions with a choice are kept)."""

    def __init__(self) -> None:
        self.decisions: list[Decision] = []

    def record(self, view: PlayerView, action: Action | str) -> None:
        view = check_view(view, "the coach")
        if isinstance(action, str):
            action = Action.parse(action)
        if len(view.legal) > 1:
            self.decisions.append(Decision(view, action))

    def __len__(self) -> int:
        return len(self.decisions)


@dataclass(frozen=True)
class ReviewItem:
    """One costly decision: what was played, what the coach would have played, why."""

    number: int
    turn: int
    action: Action
    suggested: Action
    loss: float
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "decision": self.number,
            "turn": self.turn,
            "action": self.action.notation(),
            "suggested": self.suggested.notation(),
            "loss": round(self.loss, 1),
            "text": self.text,
        }


@dataclass(frozen=True)
class Review:
    """The post-hand review: the costliest decisions, most costly first."""

    items: tuple[ReviewItem, ...]
    decisions: int
    agreed: int
    total_loss: float

    def text(self) -> str:
        if not self.items:
            return f"Well played: in {self.decisions} decisions the coach found nothing that cost points."
        lines = [f"{self.agreed} of your {self.decisions} decisions were the coach's choice. The costliest:"]
        for item in self.items:
            lines.append(f"{item.number}. (turn {item.turn + 1}) {item.text}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "items": [item.to_dict() for item in self.items],
            "decisions": self.decisions,
            "agreed": self.agreed,
            "total_loss": round(self.total_loss, 1),
            "text": self.text(),
        }


def _gains_text(gains: Iterable[str]) -> str:
    words = [GAIN_WORDS.get(gain, gain) for gain in gains]
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


class Coach:
    """Advice for one seat, from its view only (see the module docstring).

    ``seed``, ``worlds`` and ``candidates`` are the strong bot's; ``budget_ms`` caps
    each search's time (default 900 ms, so that a hint never keeps the learner
    waiting; ``None`` for no cap). Whenever the cap does not cut a search short, the
    coach's choice is the strong bot's choice with the same seed.
    """

    def __init__(
        self,
        rules: Rules,
        seed: int | None = 0,
        worlds: int | None = None,
        candidates: int | None = None,
        budget_ms: float | None = DEFAULT_BUDGET_MS,
        **options: Any,
    ) -> None:
        self.rules = rules
        settings: dict[str, Any] = dict(options)
        if worlds is not None:
            settings["worlds"] = worlds
        if candidates is not None:
            settings["candidates"] = candidates
        self.bot = StrongBot(rules, seed, budget_ms=budget_ms, **settings)

    # -- advice ---------------------------------------------------------------------
    def _search(self, view: PlayerView, extra: tuple[Action, ...] = ()) -> SearchResult:
        if not view.legal:
            raise BuracoError("the coach can only advise the player whose turn it is (this view has no legal action)")
        return self.bot.decide(view, extra)

    def suggest(self, view: PlayerView) -> Action:
        """The coach's choice (always one of ``view.legal``)."""
        view = check_view(view, "the coach")
        return self._search(view).best

    def hint(self, view: PlayerView) -> Hint:
        """The hint ladder for ``view``'s decision."""
        view = check_view(view, "the coach")
        start = time.perf_counter()
        result = self._search(view)
        action = result.best
        words = explain(Position.from_view(view), view, action)
        gains = words.gains
        gain_text = _gains_text(gains)
        idea = words.idea
        if gain_text:
            idea += f" It gains {gain_text}."
        full = words.full
        if result.worlds and len(result.candidates) > 1:
            chosen = result.means[result.best_index]
            others = sorted(
                ((mean, candidate) for index, (mean, candidate) in enumerate(zip(result.means, result.candidates)) if index != result.best_index),
                key=lambda item: -item[0],
            )
            runner_mean, runner = others[0]
            if chosen >= runner_mean:
                full += (
                    f" In {result.worlds} simulated deals of the cards you cannot see it came out about "
                    f"{chosen - runner_mean:.0f} points ahead of the next best choice, {runner.notation(unicode=True)}."
                )
            else:
                full += (
                    f" In {result.worlds} simulated deals of the cards you cannot see, {runner.notation(unicode=True)} "
                    "did about as well, within the simulations' margin of error."
                )
        rungs = (
            Rung(1, idea, gains, words.sources),
            Rung(2, words.cards, gains, words.sources),
            Rung(3, full, gains, words.sources),
        )
        return Hint(action, rungs, result, time.perf_counter() - start)

    def compare(self, view: PlayerView, action: Action | str) -> Comparison:
        """Whether ``action`` (the learner's, legal in ``view``) was the coach's choice, and if not, why not."""
        view = check_view(view, "the coach")
        if isinstance(action, str):
            action = Action.parse(action)
        if action not in view.legal:
            raise BuracoError(f"{action.notation()!r} is not a legal action in this position")
        result = self._search(view, (action,))
        best = result.best
        if best == action:
            words = explain(Position.from_view(view), view, action)
            return Comparison(action, best, "same", 0.0, f"That is what I would have played. {words.idea}")
        best_value = result.means[result.best_index]
        mine = result.value_of(action)
        loss = 0.0 if mine is None else max(0.0, best_value - mine)
        if loss < 5.0:
            words = explain(Position.from_view(view), view, best)
            text = (
                f"Good choice: my simulations rate it about as well as {best.notation(unicode=True)}, "
                f"which I would have played. {words.idea}"
            )
            return Comparison(action, best, "as-good", loss, text)
        return Comparison(action, best, "worse", loss, why_better(view, best, action, loss))

    def review(self, decisions: Sequence[Decision | tuple[PlayerView, Action | str]], top: int = 3) -> Review:
        """The ``top`` decisions that cost the most points, each with the coach's choice."""
        scored: list[ReviewItem] = []
        agreed = 0
        total = 0.0
        count = 0
        for number, item in enumerate(decisions, 1):
            view, action = (item.view, item.action) if isinstance(item, Decision) else item
            view = check_view(view, "the coach")
            if isinstance(action, str):
                action = Action.parse(action)
            if len(view.legal) <= 1:
                continue
            count += 1
            comparison = self.compare(view, action)
            if comparison.verdict != "worse":
                agreed += comparison.matches
                continue
            total += comparison.loss
            turn = int(view.get("turn"))
            scored.append(ReviewItem(number, turn, action, comparison.suggested, comparison.loss, comparison.text))
        scored.sort(key=lambda entry: (-entry.loss, entry.number))
        return Review(tuple(scored[:top]), count, agreed, total)


def why_better(view: PlayerView, best: Action, action: Action, loss: float) -> str:
    """One or two sentences: why ``best`` beats ``action`` (``loss`` points by the simulations)."""
    pos = Position.from_view(view)
    good = explain(pos, view, best)
    gains = _gains_text(good.gains)
    first = (
        f"I would have chosen to {best.describe()}"
        + (f", which gains {gains}" if gains else "")
        + f": about {loss:.0f} points better in my simulations."
    )
    # the second sentence: why the coach's choice is good (for draw-or-take, where the
    # learner's move gives up nothing specific), else what the learner's move gives up
    drawing = {action.kind, best.kind} <= {"draw", "take"}
    second = good.idea if drawing else (_risk_of(pos, action) or good.idea)
    return first + (" " + second if second else "")


def _risk_of(pos: Position, action: Action) -> str:
    """What the learner's action gives up, in one sentence (empty when nothing specific)."""
    from .explain import cards_words, tip

    rules = pos.rules
    t = pos.t
    if action.kind == "discard":
        code = action.cards[0].code
        if t.wild[code]:
            return f"Discarding the {action.cards[0].unicode()} gives a wild card away ({tip('save_wilds', rules.source)})."
        if code in pos.opp_add:
            return f"Your {action.cards[0].unicode()} extends one of the opponents' melds ({tip('safe_discard', rules.source)})."
        if pos.card_use(code) > 12:
            return f"The {action.cards[0].unicode()} belonged with other cards in your hand ({tip('keep_together', rules.source)})."
        return ""
    if action.kind == "take":
        return f"Taking the pile loads your hand ({tip('big_pile', rules.source)})."
    if action.kind in ("meld", "add", "swap"):
        codes = [card.code for group in action.groups for card in group] + [card.code for card in action.cards]
        if any(t.wild[code] for code in codes):
            return f"Your play spends a wild card on {cards_words(codes)} ({tip('save_wilds', rules.source)})."
        return f"Laying {cards_words(codes)} down now takes them out of your hand's plans ({tip('keep_together', rules.source)})."
    if action.kind == "draw" and pos.pile:
        return "The pile held cards your hand could use."
    return ""
