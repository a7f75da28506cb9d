"""The coach: hints, a second opinion on the learner's move, and a review after the hand.

The coach sees what the learner sees (a :class:`~buraco_learn.game.view.PlayerView`)
and nothing more. Its advice comes from the strong bot's search
(:class:`~buraco_learn.bots.strong.StrongBot`, seeded from the coach's seed and the
view, so the same position always gets the same advice) under a time cap
(:data:`DEFAULT_BUDGET_MS`), then is put into words (:mod:`buraco_learn.coach.explain`).

**One evaluation per decision.** The hint, the comment and the review of one decision
come from one :class:`~buraco_learn.bots.strong.Evaluation`, computed once and kept
(a bounded cache keyed by :func:`~buraco_learn.bots.strong.view_key`). When the
learner plays a move the search did not consider, that move is evaluated afterwards
on the same sampled worlds, which changes nothing already found: playing the hint's
move is always called the coach's move.

**Honest about noise.** A move is called better than another only when the paired
difference of their simulated values (the same worlds for both) lies outside the
95% interval (:data:`Z` = 1.96 standard errors); otherwise the coach says the two
are about equal.

- :meth:`Coach.hint`: a ladder of three rungs: the idea in rule terms and what it
  gains; then which cards; then the move itself. Every rung names what it gains
  and cites its sources.
- :meth:`Coach.compare`: after the learner acts, whether that was the coach's choice,
  and if not whether the coach's was clearly better, and why, in a sentence or two.
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
>>> coach.compare(view, hint.action).matches, coach.searches
(True, 1)
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from buraco_learn.errors import BuracoError
from buraco_learn.game.actions import Action
from buraco_learn.game.view import PlayerView
from buraco_learn.game.words import join
from buraco_learn.i18n import _, language, ngettext, number
from buraco_learn.rules import Rules

from ..bots.heuristics import Position
from ..bots.intermediate import check_view
from ..bots.strong import Evaluation, SearchResult, StrongBot, default_worlds, view_key
from . import explain as _explain_module
from .explain import Explanation, action_words, card_word, discard_reasons
from .words import points_words, risk_of, sentence

#: the cap on one decision's search, in processor time (ms): the search stops early only
#: on the slowest positions (``buraco-learn bench bots`` reports how often), so a hint or
#: a comment stays within 400 ms at the 95th percentile on one free core. Being processor
#: time, a busy machine does not cut the search (its quality does not depend on the load);
#: the wall clock is capped at :data:`WALL_FACTOR` times as much, so the wait stays bounded
DEFAULT_BUDGET_MS = 300.0
#: the cap on evaluating a move the search did not consider (ms of processor time)
EXTRA_BUDGET_MS = 60.0
WALL_FACTOR = 3.0
#: the coach's search: the strong bot's own (its worlds, :func:`~buraco_learn.bots.strong.default_worlds`,
#: and its confidence). Fewer worlds or a lower confidence were measured with
#: ``python -m buraco_learn.coach.quality`` (two sets of 200 positions): 60% or 75% of
#: the worlds cost one to two points of agreement with the 8x search, so the coach keeps
#: the full budget and gets its speed from evaluating each decision once
WORLDS_SHARE = 1.0
CONFIDENCE = 1.0
#: the 95% interval: a move is better only by more than this many standard errors
Z = 1.96
CACHE_SIZE = 512


@dataclass(frozen=True)
class Rung:
    """One rung of the hint ladder: 1 the idea, 2 the cards, 3 the move."""

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
    simulations cannot tell apart from it, or rate higher) or ``"worse"`` (the coach's
    choice is better beyond the 95% interval); ``loss`` is how many points worse the
    simulations rate it (0 when not worse). ``difference`` (the coach's choice minus
    the learner's, on the same worlds), ``margin`` (1.96 standard errors of it) and
    ``worlds`` are the evaluation's own figures.
    """

    action: Action
    suggested: Action
    verdict: str
    loss: float
    text: str
    difference: float = 0.0
    margin: float = 0.0
    worlds: int = 0

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
            "difference": round(self.difference, 1),
            "margin": round(self.margin, 1),
            "worlds": self.worlds,
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
        decisions = number(self.decisions)
        if not self.items:
            return ngettext("Well played: in your {count} decision the coach found nothing that clearly cost points.",
                            "Well played: in your {count} decisions the coach found nothing that clearly cost points.",
                            self.decisions, count=decisions)
        if self.agreed == 0:
            agreed = ngettext("None of your {count} decision was the coach's own choice.",
                              "None of your {count} decisions were the coach's own choice.", self.decisions, count=decisions)
        elif self.agreed == 1:
            agreed = ngettext("1 of your {count} decision was the coach's own choice.",
                              "1 of your {count} decisions was the coach's own choice.", self.decisions, count=decisions)
        else:
            agreed = ngettext("{agreed} of your {count} decisions were the coach's own choice.",
                              "{agreed} of your {count} decisions were the coach's own choice.",
                              self.agreed, agreed=number(self.agreed), count=decisions)
        lines = [agreed + " " + (_("The costliest:") if len(self.items) > 1 else _("The one that cost points:"))]
        for item in self.items:
            lines.append(_("{number}. (turn {turn}) {text}", number=item.number, turn=number(item.turn + 1), text=item.text))
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "items": [item.to_dict() for item in self.items],
            "decisions": self.decisions,
            "agreed": self.agreed,
            "total_loss": round(self.total_loss, 1),
            "text": self.text(),
        }


@dataclass
class _Entry:
    """What the coach keeps about one decision: its evaluation and the words made from it."""

    view: PlayerView
    evaluation: Evaluation
    position: Position
    hints: dict[str, Hint] = field(default_factory=dict)
    words: dict[Any, Explanation] = field(default_factory=dict)

    def explain(self, action: Action) -> Explanation:
        key = (language(), action.canonical())  # the words are kept per language, the evaluation once
        if key not in self.words:
            # through the module: importing buraco_learn.coach.explain again (doctest collection)
            # rebinds the package's name 'explain' to the submodule
            self.words[key] = _explain_module.explain(self.position, self.view, action)
        return self.words[key]


class Coach:
    """Advice for one seat, from its view only (see the module docstring).

    ``seed``, ``worlds`` (default :func:`coach_worlds`), ``candidates`` and any other
    option (``confidence``: default :data:`CONFIDENCE`) are the strong bot's search's;
    ``budget_ms`` caps each decision's search in processor time (default
    :data:`DEFAULT_BUDGET_MS`, and the wall clock at :data:`WALL_FACTOR` times as much;
    ``None`` for no cap),
    ``extra_budget_ms`` the evaluation of a move the search did not consider (default
    :data:`EXTRA_BUDGET_MS`, none when ``budget_ms`` is None), and ``cache_size`` how
    many decisions' evaluations are kept. Whenever the cap does not cut a search
    short, the coach's choice is the choice of a strong bot with the same seed, worlds
    and confidence.
    ``searches`` and ``extra_evaluations`` count the work done (for tests and benches).
    """

    def __init__(
        self,
        rules: Rules,
        seed: int | None = 0,
        worlds: int | None = None,
        candidates: int | None = None,
        budget_ms: float | None = DEFAULT_BUDGET_MS,
        *,
        extra_budget_ms: float | str | None = "default",
        cache_size: int = CACHE_SIZE,
        **options: Any,
    ) -> None:
        self.rules = rules
        settings: dict[str, Any] = dict(options)
        settings["worlds"] = coach_worlds(rules) if worlds is None else worlds
        settings.setdefault("confidence", CONFIDENCE)
        if candidates is not None:
            settings["candidates"] = candidates
        wall = None if budget_ms is None else WALL_FACTOR * budget_ms
        self.budget_ms = budget_ms
        self.bot = StrongBot(rules, seed, budget_ms=wall, cpu_budget_ms=budget_ms, **settings)
        if extra_budget_ms == "default":
            self.extra_budget_ms: float | None = None if budget_ms is None else EXTRA_BUDGET_MS
        else:
            self.extra_budget_ms = None if extra_budget_ms is None else float(extra_budget_ms)
        self.cache_size = max(1, cache_size)
        self._cache: OrderedDict[str, _Entry] = OrderedDict()
        self.searches = 0
        self.extra_evaluations = 0

    # -- the one evaluation of a decision ---------------------------------------------
    def _entry(self, view: PlayerView) -> _Entry:
        if not view.legal:
            raise BuracoError("the coach can only advise the player whose turn it is (this view has no legal action)")
        key = view_key(view)
        entry = self._cache.get(key)
        if entry is not None:
            self._cache.move_to_end(key)
            return entry
        for older in self._cache.values():
            older.evaluation.forget_worlds()  # the worlds are kept for the latest decision only
        evaluation = self.bot.evaluate(view, keep_worlds=True)
        self.searches += 1
        entry = _Entry(view, evaluation, Position.from_view(view, self.bot.weights))
        self._cache[key] = entry
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return entry

    def evaluation(self, view: PlayerView) -> Evaluation:
        """The evaluation of ``view``'s decision (searched on first use, then kept)."""
        return self._entry(check_view(view, "the coach")).evaluation

    def suggest(self, view: PlayerView) -> Action:
        """The coach's choice (always one of ``view.legal``)."""
        return self.evaluation(view).best

    # -- the hint ---------------------------------------------------------------------
    def hint(self, view: PlayerView) -> Hint:
        """The hint ladder for ``view``'s decision (made once; asking again is free)."""
        view = check_view(view, "the coach")
        start = time.perf_counter()
        entry = self._entry(view)
        lang = language()
        if lang in entry.hints:
            return entry.hints[lang]
        found = entry.evaluation
        action = found.best
        words = entry.explain(action)
        full = words.full + _runner_up(entry)
        gains = words.gains
        rungs = (
            Rung(1, words.idea, gains, words.sources),
            Rung(2, words.cards, gains, words.sources),
            Rung(3, full, gains, words.sources),
        )
        entry.hints[lang] = hint = Hint(action, rungs, found.result(), time.perf_counter() - start)
        return hint

    # -- the comment ------------------------------------------------------------------
    def compare(self, view: PlayerView, action: Action | str) -> Comparison:
        """Whether ``action`` (the learner's, legal in ``view``) was the coach's choice, and if not, why not."""
        view = check_view(view, "the coach")
        if isinstance(action, str):
            action = Action.parse(action)
        if not view.is_legal(action):
            raise BuracoError(f"{action.notation()!r} is not a legal action in this position")
        entry = self._entry(view)
        found = entry.evaluation
        best = found.best
        if action.canonical() == best.canonical():
            words = entry.explain(best)
            text = _("That is what I would have played: it {gain}.", gain=words.gain)
            return Comparison(action, best, "same", 0.0, text, worlds=found.worlds)
        index = found.index_of(action)
        if index is None:
            extra = self.extra_budget_ms
            index = found.add(action, None if extra is None else WALL_FACTOR * extra, extra)
            self.extra_evaluations += 1
        difference, error, worlds = found.paired(found.best_index, index)
        margin = Z * error
        if worlds >= 2 and difference - margin > 0:
            text = why_better(entry, best, action, difference)
            return Comparison(action, best, "worse", difference, text, difference, margin, worlds)
        good = entry.explain(best)
        best_words = action_words(entry.position, best)
        if worlds < 2:
            text = _("Good choice. I would have chosen to {move}, which {gain}; I cannot tell the two apart.", move=best_words, gain=good.gain)
        elif difference > 0:
            text = _("Good choice: my simulations rate it about as well as my own choice, to {move}, which {gain}; "
                     "the difference is within their margin of error.", move=best_words, gain=good.gain)
        else:
            text = _("Good choice: my simulations rate it at least as well as my own choice, to {move}, which {gain}.",
                     move=best_words, gain=good.gain)
        return Comparison(action, best, "as-good", 0.0, text, difference, margin, worlds)

    # -- the review -------------------------------------------------------------------
    def review(self, decisions: Sequence[Decision | tuple[PlayerView, Action | str]], top: int = 3) -> Review:
        """The ``top`` decisions that cost the most points, each with the coach's choice
        (the same evaluations as the hints and comments of those decisions)."""
        scored: list[ReviewItem] = []
        agreed = 0
        total = 0.0
        count = 0
        for index, item in enumerate(decisions, 1):
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
            scored.append(ReviewItem(index, turn, action, comparison.suggested, comparison.loss, comparison.text))
        scored.sort(key=lambda entry: (-entry.loss, entry.number))
        return Review(tuple(scored[:top]), count, agreed, total)


def coach_worlds(rules: Rules) -> int:
    """The coach's worlds per decision: :data:`WORLDS_SHARE` of the strong bot's.

    >>> from buraco_learn import preset
    >>> coach_worlds(preset("italian")), coach_worlds(preset("aberto"))
    (48, 24)
    """
    return max(2, round(WORLDS_SHARE * default_worlds(rules)))


def _runner_up(entry: _Entry) -> str:
    """The third rung's last sentence: how the choice compares with the next best candidate."""
    found = entry.evaluation
    best = found.best_index
    others = [index for index in range(found.eligible) if index != best and found.values[index]]
    if not found.worlds or not others or not found.values[best]:
        return ""
    runner = max(others, key=found.mean)
    difference, error, worlds = found.paired(best, runner)
    other = action_words(entry.position, found.candidates[runner])
    if worlds >= 2 and difference - Z * error > 0:
        return " " + ngettext("In {n} simulated deals of the cards you cannot see, it came out {points} ahead of the next best choice, to {move}.",
                              "In {n} simulated deals of the cards you cannot see, it came out {points} ahead of the next best choice, to {move}.",
                              worlds, points=points_words(difference), move=other)
    return " " + ngettext("In {n} simulated deals of the cards you cannot see, the next best choice, to {move}, did about as well: "
                          "the difference is within the simulations' margin of error.",
                          "In {n} simulated deals of the cards you cannot see, the next best choice, to {move}, did about as well: "
                          "the difference is within the simulations' margin of error.",
                          worlds, move=other)


def why_better(entry: _Entry, best: Action, action: Action, loss: float) -> str:
    """One or two sentences: why ``best`` beats ``action`` (``loss`` points by the simulations)."""
    pos = entry.position
    good = entry.explain(best)
    first = _("I would have chosen to {move}, which {gain}: {points} better in my simulations.",
              move=action_words(pos, best), gain=good.gain, points=points_words(loss))
    # the second sentence: why the coach's choice is good (for draw-or-take, where the
    # learner's move gives up nothing specific), else what the learner's move gives up
    drawing = {action.kind, best.kind} <= {"draw", "take"}
    own = good.idea
    if best.kind == "discard":
        reasons = discard_reasons(pos, best.cards[0].code)[0]
        if reasons:
            own = _("The {card} was the card to let go: {reasons}.", card=card_word(best.cards[0].code), reasons=join(reasons))
    second = good.idea if drawing else (risk_of(pos, action) or own)
    return first + (" " + sentence(second) if second else "")
