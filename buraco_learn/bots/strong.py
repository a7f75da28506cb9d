"""The strong bot: determinized Monte Carlo search over the intermediate heuristics.

For a decision with more than one sensible action, the bot

1. keeps the few actions the intermediate heuristics like best (``candidates``; the
   best discard and the best draw are always among them, so holding back and taking
   the pile are always weighed);
2. samples whole worlds consistent with its view (:meth:`HandState.resample`:
   the cards it cannot see dealt at random, the cards others are known to hold left
   with them);
3. in every world plays each candidate, then lets every player go on with the fast
   rollout policy (:func:`~buraco_learn.bots.intermediate.fast_step`, the intermediate
   heuristics without listing every legal action) for ``horizon`` turns or to the end
   of the hand;
4. scores the result from its side's point of view (:func:`evaluate`:
   the real score if the hand is over, else table points and burraco prospects minus
   what the hands risk, the pot and the closing threat), the same worlds for every
   candidate so that luck cancels;
5. plays the heuristics' choice unless another candidate beats it by more than
   ``confidence`` standard errors of the paired difference (so noise alone never
   overrules the heuristics), in which case the best such candidate.

The budget is a setting: ``worlds`` (worlds per decision, deterministic given the
seed) and ``budget_ms`` (an optional wall-clock cap; when it cuts a search short the
choice depends on the machine's speed, so the default leaves it off). The random
generator of each decision is seeded from the bot's seed and the view, so a decision
is the same whoever asks and in whatever order: the coach, running the same search,
gives the same advice.

>>> import random
>>> from buraco_learn import preset
>>> from buraco_learn.game import HandState
>>> rules = preset("italian")
>>> state = HandState.new(rules, random.Random(3))
>>> bot = StrongBot(rules, seed=1, worlds=4)
>>> for _ in range(8):
...     state.apply(bot.act(state.view(state.current)))
>>> len(state.history)
8
"""

from __future__ import annotations

import random
import time
import zlib
from dataclasses import dataclass

from buraco_learn.errors import BuracoError, IllegalActionError
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.game.state import HandState
from buraco_learn.game.view import PlayerView
from buraco_learn.melds import burraco_kind
from buraco_learn.rules import Rules
from buraco_learn.scoring import burraco_bonus as scored_bonus

from .heuristics import (
    CODE_OF_ID,
    Position,
    Weights,
    can_close_with,
    default_weights,
    progress_value,
    tables,
)
from .intermediate import check_view, fast_step, rank_actions

MAX_ROLLOUT_ACTIONS = 400


def default_worlds(rules: Rules) -> int:
    """The default budget: sampled worlds per decision.

    48 where any burraco closes (``italian``, ``bukharo``, ``aberto-sujo``, ``fechado-sujo``):
    those hands are short races (about 120 actions), a decision's rollouts are cheap, and
    the search's edge over the heuristics it starts from is small, so it needs the
    precision (measured 2026-11-30 with the arena under ``italian``, docs/strength.md).
    24 where a clean burraco is needed: longer hands, dearer rollouts, and 24 worlds
    already beat the heuristics there. Both keep a move within 1 s at the 95th percentile
    (``buraco-learn bench bots``).

    >>> from buraco_learn import preset
    >>> default_worlds(preset("italian")), default_worlds(preset("aberto"))
    (48, 24)
    """
    return 24 if rules.close_needs_burraco == "clean" else 48


def wastes_wild(pos: Position, action: Action) -> bool:
    """Whether ``action`` spends a wild on a meld that stays short of a burraco by three
    or more, early in the hand (000 'Strategy tips', 001 'Easy first-game tips')."""
    if action.kind not in ("meld", "add") or pos.endgame >= 0.5:
        return False
    bl = pos.rules.burraco_length
    groups = action.groups or (action.cards,)
    target = pos.meld_by_id(action.target) if action.kind == "add" else None
    base = len(target.meld) if target is not None else 0
    return any(any(pos.t.wild[card.code] for card in group) and base + len(group) < bl - 2 for group in groups)


def side_points(state: HandState, side: int, weights: tuple[float, float], heuristics: Weights) -> float:
    """A side's standing in a (sampled) state: table points and prospects, plus what its
    hands promise (each card's use to its holder, the heuristics' own measure) early in
    the hand, minus what they would cost if the hand ended."""
    rules = state.rules
    t = tables(rules)
    hand_weight, pot_weight = weights
    total = 0.0
    for meld in state.melds:
        if meld.side != side:
            continue
        m = meld.meld
        total += sum(t.value[slot.card.code] for slot in m.slots)
        kind = burraco_kind(m, rules)
        if kind is not None:
            total += scored_bonus(kind, rules)
        else:
            total += progress_value(rules, len(m), m.clean)
    seats = [seat for seat in range(state.players) if state.side_of[seat] == side]
    early = 1.0 - hand_weight
    for seat in seats:
        hand = state.hands[seat]
        if not hand:
            continue
        pos = Position.from_state(state, seat, heuristics)
        per_card = heuristics.take_per_card
        for card_id in hand:
            code = CODE_OF_ID[card_id]
            total += early * (pos.card_use(code) + per_card) - hand_weight * t.value[code]
    if rules.pot_sizes:
        taken = side in state.side_pot or any(seat in state.pending_pot for seat in seats)
        if not taken:
            total -= rules.pot_penalty * pot_weight
        if can_close_with(rules, state.melds, side, taken):
            total += 0.4 * rules.closing_bonus
    elif can_close_with(rules, state.melds, side, True):
        total += 0.4 * rules.closing_bonus
    return total


def evaluate(state: HandState, seat: int, heuristics: Weights | None = None) -> float:
    """How good a (sampled) state is for ``seat``'s side: its points minus its opponents'."""
    side = state.side_of[seat]
    if state.over:
        scores = state.score()
        names = state.side_names
        mine = float(scores[names[side]].total)
        others = [float(scores[name].total) for index, name in enumerate(names) if index != side]
        return mine - sum(others) / max(1, len(others))
    rules = state.rules
    left = len(state.stock)
    if rules.stock_end == "pots-become-stock":
        left += sum(len(pot) for pot in state.pots if pot is not None)
    end = max(0.0, min(1.0, (30 - left) / 30))
    weights = (0.45 + 0.55 * end, 0.35 + 0.65 * end)
    sides = len(state.side_names)
    heuristics = heuristics or default_weights(rules)
    mine = side_points(state, side, weights, heuristics)
    others = [side_points(state, other, weights, heuristics) for other in range(sides) if other != side]
    return mine - sum(others) / max(1, len(others))


@dataclass(frozen=True)
class SearchResult:
    """What a search found: each candidate with its mean value (points for the side,
    relative to the opponents), the standard error of its difference from the
    heuristics' choice (candidate 0), and its heuristic value; ``best`` is the choice."""

    candidates: tuple[Action, ...]
    means: tuple[float, ...]
    priors: tuple[float, ...]
    worlds: int
    seconds: float
    errors: tuple[float, ...] = ()
    best_index: int = 0

    @property
    def best(self) -> Action:
        return self.candidates[self.best_index]

    def value_of(self, action: Action) -> float | None:
        """The mean value of ``action`` if it was a candidate."""
        for candidate, mean in zip(self.candidates, self.means):
            if candidate == action:
                return mean
        return None


def view_key(view: PlayerView) -> str:
    """A text that identifies the decision a view asks for (for seeding its search)."""
    # each action by its identity, so that the same cards written in another order are the same decision
    history = ";".join(repr(action.canonical()) for action in view.history)
    return f"{view.rules.name}|{view.seat}|{view.hand_ids}|{view.pile_ids}|{view.stock_size}|{history}"


def pick_candidates(pos: Position, legal: tuple[Action, ...], count: int) -> tuple[list[Action], list[float]]:
    """The actions worth searching: the heuristics' best ``count``, always with the best
    discard (to weigh holding back) and the draw (to weigh the pile) among them. Melds
    that spend a wild far from a burraco early in the hand are not considered."""
    ranked = [(value, action) for value, action in rank_actions(pos, legal) if not wastes_wild(pos, action)] or rank_actions(pos, legal)
    chosen: list[tuple[float, Action]] = list(ranked[:count])
    kinds_wanted = (A.DISCARD, A.DRAW) if pos.phase != "draw" else (A.DRAW, A.TAKE)
    for kind in kinds_wanted:
        if any(action.kind == kind for _, action in chosen):
            continue
        for value, action in ranked:
            if action.kind == kind:
                chosen.append((value, action))
                break
    return [action for _, action in chosen], [value for value, _ in chosen]


def rollout(state: HandState, horizon: int, weights: Weights) -> None:
    """Play on with the fast policy until ``horizon`` more turns have ended, or the hand."""
    stop = state.turn + horizon
    steps = 0
    while not state.over and state.turn < stop and steps < MAX_ROLLOUT_ACTIONS:
        fast_step(state, None, weights)
        steps += 1


class StrongBot:
    """Determinized Monte Carlo search (see the module docstring).

    Options: ``worlds`` (sampled worlds per decision, default :func:`default_worlds`), ``candidates``
    (actions searched, default 5), ``horizon`` (turns simulated after the decision,
    default one round and the bot's next turn), ``budget_ms`` (optional time cap per
    decision; off by default so that play is reproducible), ``cpu_budget_ms`` (the same
    in this process's processor time, which a busy machine does not shorten), ``confidence`` (how many
    standard errors a candidate must win by to overrule the heuristics, default 1),
    ``search_draw`` (whether to search the choice between the stock and the pile;
    by default only where any burraco closes: elsewhere the heuristics' pile rule,
    tuned with the arena, does better), ``halving`` (search the two most promising
    candidates in more worlds after a first round, default on) and any heuristic weight.
    """

    name = "strong"

    def __init__(
        self,
        rules: Rules,
        seed: int | None = None,
        worlds: int | None = None,
        candidates: int = 5,
        horizon: int | None = None,
        budget_ms: float | None = None,
        confidence: float = 1.0,
        search_draw: bool | None = None,
        halving: bool = True,
        cpu_budget_ms: float | None = None,
        **weights: float,
    ) -> None:
        worlds = default_worlds(rules) if worlds is None else worlds
        if worlds < 1 or candidates < 1:
            raise BuracoError("the strong bot needs at least one world and one candidate")
        self.rules = rules
        self.seed = 0 if seed is None else seed
        self.worlds = worlds
        self.candidates = candidates
        self.horizon = rules.players + 1 if horizon is None else horizon
        self.budget_ms = budget_ms
        self.cpu_budget_ms = cpu_budget_ms
        self.confidence = confidence
        # measured with the arena: searching draw-or-take helps where any burraco closes
        # (a race, where the heuristics' pile rule is crude) and hurts where closing needs a
        # clean one (long hands, where the pile pays off beyond the search's horizon)
        self.search_draw = rules.close_needs_burraco != "clean" if search_draw is None else search_draw
        self.halving = halving
        self.weights = default_weights(rules, **weights)
        self.last: SearchResult | None = None

    def act(self, view: PlayerView) -> Action:
        view = check_view(view, "the strong bot")
        legal = view.legal
        if not legal:
            raise BuracoError(f"the strong bot was asked to act with no legal action (phase {view.phase})")
        if len(legal) == 1:
            self.last = None
            return legal[0]
        result = self.decide(view)
        self.last = result
        return result.best

    def decide(self, view: PlayerView, extra: tuple[Action, ...] = (), budget_ms: float | None = None) -> SearchResult:
        """The bot's decision for ``view`` with what the search found (the coach uses this).

        A draw-phase decision the bot does not search (see ``search_draw``) is the
        heuristics' choice; with ``extra`` actions they are evaluated all the same, for
        their values, but the choice stays the heuristics'.
        """
        evaluation = self.evaluate(view, budget_ms)
        for action in extra:
            evaluation.add(action)
        return evaluation.result()

    def evaluate(self, view: PlayerView, budget_ms: float | None = None, keep_worlds: bool = False) -> Evaluation:
        """The decision's :class:`Evaluation`: the search (when the bot searches this
        decision) with every value kept, so that more actions can be evaluated later on
        the same worlds (:meth:`Evaluation.add`) without changing what was found."""
        searched = self.search_draw or view.phase != "draw"
        if not searched:
            pos = Position.from_view(view, self.weights)
            value, best = rank_actions(pos, view.legal)[0]
            return Evaluation(self, view, [best], [value], [[]], 1, 0, 0.0, 0, searched=False)
        return self._search(view, budget_ms, keep_worlds)

    def search(self, view: PlayerView, extra: tuple[Action, ...] = (), budget_ms: float | None = None) -> SearchResult:
        """Search ``view``'s decision; ``extra`` actions (e.g. a learner's) are evaluated
        too, afterwards, on the same worlds: they never change the others' values."""
        evaluation = self._search(view, budget_ms)
        for action in extra:
            evaluation.add(action)
        return evaluation.result()

    def world_seed(self, view: PlayerView) -> int:
        """The seed of the worlds sampled for ``view``'s decision (the same whoever asks)."""
        return zlib.crc32(f"{self.seed}|{view_key(view)}".encode())

    def _search(self, view: PlayerView, budget_ms: float | None = None, keep_worlds: bool = False) -> Evaluation:
        pos = Position.from_view(view, self.weights)
        candidates, priors = pick_candidates(pos, view.legal, self.candidates)
        if len(candidates) == 1:
            return Evaluation(self, view, candidates, priors, [[]], 1, 0, 0.0, 0)
        cap = self.budget_ms if budget_ms is None else budget_ms
        cpu_cap = self.cpu_budget_ms
        start = time.perf_counter()
        cpu_start = time.process_time()
        cut_short = False
        rng = random.Random(self.world_seed(view))
        values: list[list[float]] = [[] for _ in candidates]
        seat = view.seat
        kept: list[HandState] | None = [] if keep_worlds else None
        # first every candidate in half the worlds, then the heuristics' choice and the two
        # best others in as many more worlds as the rollouts saved allow
        budget = self.worlds * len(candidates)
        first = max(2, self.worlds // 2) if self.halving and len(candidates) > 3 else self.worlds
        active = list(range(len(candidates)))
        used = 0
        worlds = 0
        while used < budget and worlds < 4 * self.worlds:
            if worlds == first and first < self.worlds:
                ranked = sorted(range(1, len(candidates)), key=lambda index: -sum(values[index]))
                active = sorted({0, *ranked[:2]})
            world = HandState.resample(view, rng)
            if kept is not None:
                kept.append(world)
            for index in active:
                values[index].append(play_out(world, candidates[index], seat, self.horizon, self.weights))
            used += len(active)
            worlds += 1
            if _spent(start, cap, cpu_start, cpu_cap):
                cut_short = used < budget and worlds < 4 * self.worlds
                break
        means = [sum(row) / len(row) for row in values]
        best = 0
        for index in range(1, len(candidates)):
            if len(values[index]) < worlds:
                continue  # dropped after the first round
            margin = means[index] - means[0] - self.confidence * _paired_error(values[index], values[0])
            if margin > 0 and means[index] > means[best]:
                best = index
        evaluation = Evaluation(self, view, candidates, priors, values, len(candidates), worlds, time.perf_counter() - start, best)
        evaluation.kept = kept
        evaluation.cut_short = cut_short
        return evaluation


def play_out(world: HandState, action: Action, seat: int, horizon: int, weights: Weights) -> float:
    """``action`` played in a copy of ``world``, then the rollout: the value for ``seat``'s side."""
    state = world.clone()
    try:
        state.apply(action)
    except IllegalActionError:  # pragma: no cover - candidates are legal in every consistent world
        return -1e6
    rollout(state, horizon, weights)
    return evaluate(state, seat, weights)


class Evaluation:
    """One decision's search, every value kept: ``values[i][w]`` is candidate ``i`` played
    in the ``w``-th sampled world (each candidate's worlds are the first ones of one
    sequence, drawn from :meth:`StrongBot.world_seed`, so any two share a prefix).

    The first ``eligible`` candidates are the searched ones; ``best_index`` is the choice
    among them. :meth:`add` evaluates another action on the choice's worlds, afterwards:
    nothing already found changes. :meth:`paired` compares two candidates on their
    common worlds (mean difference and its standard error).

    >>> import random
    >>> from buraco_learn import preset
    >>> from buraco_learn.game import HandState
    >>> state = HandState.new(preset("italian"), random.Random(3))
    >>> state.apply("draw")
    >>> view = state.view(state.current)
    >>> bot = StrongBot(view.rules, seed=1, worlds=4)
    >>> found = bot.evaluate(view)
    >>> before = [list(row) for row in found.values]
    >>> index = found.add(view.legal[-1])
    >>> found.values[:len(before)] == before, found.result().best == bot.act(view)
    (True, True)
    """

    def __init__(
        self,
        bot: StrongBot,
        view: PlayerView,
        candidates: list[Action],
        priors: list[float],
        values: list[list[float]],
        eligible: int,
        worlds: int,
        seconds: float,
        best_index: int,
        searched: bool = True,
    ) -> None:
        self.bot = bot
        self.view = view
        self.candidates = candidates
        self.priors = priors
        self.values = values
        self.eligible = eligible
        self.worlds = worlds
        self.seconds = seconds
        self.best_index = best_index
        self.searched = searched
        self.kept: list[HandState] | None = None
        self.extra_seconds = 0.0
        #: whether a time cap stopped the search before its budget of worlds
        self.cut_short = False

    @property
    def best(self) -> Action:
        return self.candidates[self.best_index]

    def index_of(self, action: Action) -> int | None:
        """The index of ``action`` among the candidates (any order of its cards), or None."""
        key = action.canonical()
        for index, candidate in enumerate(self.candidates):
            if candidate.canonical() == key:
                return index
        return None

    def mean(self, index: int) -> float:
        row = self.values[index]
        return sum(row) / len(row) if row else 0.0

    def paired(self, index: int, other: int) -> tuple[float, float, int]:
        """(mean of ``values[index] - values[other]``, its standard error, worlds) over their common worlds."""
        a, b = self.values[index], self.values[other]
        count = min(len(a), len(b))
        if count == 0:
            return 0.0, 0.0, 0
        diffs = [x - y for x, y in zip(a, b)]
        mean = sum(diffs) / count
        if count < 2:
            return mean, 0.0, count
        variance = sum((d - mean) ** 2 for d in diffs) / (count - 1)
        return mean, float((variance / count) ** 0.5), count

    def _worlds(self, count: int) -> list[HandState]:
        if self.kept is not None and len(self.kept) >= count:
            return self.kept[:count]
        rng = random.Random(self.bot.world_seed(self.view))
        worlds = [HandState.resample(self.view, rng) for _ in range(count)]
        return worlds

    def forget_worlds(self) -> None:
        """Drop the kept worlds (memory); :meth:`add` samples them again, the same."""
        self.kept = None

    def add(self, action: Action, budget_ms: float | None = None, cpu_budget_ms: float | None = None) -> int:
        """Evaluate ``action`` too (its index among the candidates; nothing else changes).

        It is played on the worlds of the choice; when the choice has none yet (a decision
        with one sensible action, or one the bot does not search), the choice is first
        played on the bot's ``worlds`` worlds, for comparison. ``budget_ms`` (wall clock)
        and ``cpu_budget_ms`` (this process's processor time) cap the time: the action
        then has fewer worlds (at least two), compared on those only.
        """
        index = self.index_of(action)
        if index is not None:
            return index
        if not self.view.is_legal(action):
            raise IllegalActionError(f"{action.notation()!r} is not a legal action in this position")
        start = time.perf_counter()
        cpu_start = time.process_time()
        bot = self.bot
        count = len(self.values[self.best_index]) or bot.worlds
        worlds = self._worlds(count)
        seat = self.view.seat
        best_row = self.values[self.best_index]
        row: list[float] = []
        self.candidates.append(action)
        self.priors.append(0.0)
        self.values.append(row)
        for number, world in enumerate(worlds):
            if len(best_row) <= number:
                best_row.append(play_out(world, self.best, seat, bot.horizon, bot.weights))
            row.append(play_out(world, action, seat, bot.horizon, bot.weights))
            if number >= 1 and _spent(start, budget_ms, cpu_start, cpu_budget_ms):
                break
        self.worlds = max(self.worlds, len(row))
        self.extra_seconds += time.perf_counter() - start
        return len(self.candidates) - 1

    def result(self) -> SearchResult:
        """The search's figures as a :class:`SearchResult` (errors against the heuristics' choice)."""
        means = tuple(self.mean(index) for index in range(len(self.candidates)))
        errors = tuple(_paired_error(row, self.values[0]) for row in self.values)
        return SearchResult(tuple(self.candidates), means, tuple(self.priors), self.worlds, self.seconds, errors, self.best_index)


def _spent(start: float, cap: float | None, cpu_start: float, cpu_cap: float | None) -> bool:
    """Whether either time cap (ms: wall clock since ``start``, processor time since ``cpu_start``) is reached."""
    if cap is not None and (time.perf_counter() - start) * 1000.0 >= cap:
        return True
    return cpu_cap is not None and (time.process_time() - cpu_start) * 1000.0 >= cpu_cap


def _paired_error(row: list[float], base: list[float]) -> float:
    """The standard error of the mean of ``row - base`` (the same worlds)."""
    count = min(len(row), len(base))
    if count < 2:
        return 0.0
    diffs = [a - b for a, b in zip(row, base)]
    mean = sum(diffs) / count
    variance = sum((d - mean) ** 2 for d in diffs) / (count - 1)
    return float((variance / count) ** 0.5)
