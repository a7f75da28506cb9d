"""Duplicate matches between two bot levels: luck cancels, strength shows.

Each deal is played once per *seating pattern*, with the same cards: in a four-player
game level A first holds the seats of the deal's first side (N and S) and B the
others, then they swap (E and W for A). In cut-throat every player is alone, so the
levels alternate around the table and swap in the same way; with three players the
levels rotate so that each sits in each seat equally often. A *duplicate pair* is
the group of plays of one deal.

For each play, A's score is the mean score of the seats A holds (for partners, their
side's score), B's likewise; the difference A minus B is the play's result. Reported:
the share of duplicate pairs A wins (a pair counts half when level), the mean
difference per hand and its 95% confidence interval (Student's t over the pairs,
which are independent; the hands within a pair are not).

>>> from buraco_learn import preset
>>> result = run_arena(preset("italian"), "intermediate", "random", hands=2, seed=1)
>>> result.hands, result.hands_played, len(result.ci95)
(2, 4, 2)
>>> result.win_rate_a
1.0
"""

from __future__ import annotations

import math
import random
import statistics
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from buraco_learn.errors import BuracoError
from buraco_learn.game.state import HandState
from buraco_learn.i18n import _
from buraco_learn.rules import Rules


def stable_seed(*parts: object) -> int:
    """A seed made from ``parts`` that is the same in every run and process."""
    return zlib.crc32(repr(parts).encode()) & 0x7FFFFFFF


def patterns(players: int) -> list[str]:
    """The seatings of one duplicate pair: which level ('A' or 'B') sits in each seat.

    >>> patterns(4), patterns(2)
    (['ABAB', 'BABA'], ['AB', 'BA'])
    >>> patterns(3)
    ['ABB', 'BAB', 'BBA', 'BAA', 'ABA', 'AAB']
    """
    if players % 2 == 0:
        first = "".join("AB"[seat % 2] for seat in range(players))
        return [first, first.translate(str.maketrans("AB", "BA"))]
    rotations = ["".join("A" if seat == r else "B" for seat in range(players)) for r in range(players)]
    return rotations + [text.translate(str.maketrans("AB", "BA")) for text in rotations]


def t_quantile(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (a close approximation).

    >>> round(t_quantile(1), 2), round(t_quantile(10), 3), round(t_quantile(1000), 3)
    (12.71, 2.228, 1.962)
    """
    if df <= 0:
        return math.inf
    exact = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571}
    if df in exact:
        return exact[df]
    z = 1.959963984540054
    v = float(df)
    return z + (z**3 + z) / (4 * v) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2) + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * v**3)


@dataclass
class Play:
    """One hand of a duplicate pair."""

    deal: int
    pattern: str
    score_a: float
    score_b: float
    end_reason: str
    actions: int
    seconds: float
    move_ms: dict[str, list[float]] = field(default_factory=dict, repr=False)

    @property
    def diff(self) -> float:
        return self.score_a - self.score_b


@dataclass
class ArenaResult:
    """What an arena run found; :meth:`to_dict` is the ``--json`` output."""

    rules: str
    a: str
    b: str
    seed: int
    plays: list[Play]

    @property
    def pairs(self) -> list[list[Play]]:
        groups: dict[int, list[Play]] = {}
        for play in self.plays:
            groups.setdefault(play.deal, []).append(play)
        return [groups[key] for key in sorted(groups)]

    @property
    def pair_means(self) -> list[float]:
        return [sum(play.diff for play in pair) / len(pair) for pair in self.pairs]

    @property
    def hands(self) -> int:
        return len(self.pairs)

    @property
    def hands_played(self) -> int:
        return len(self.plays)

    @property
    def win_rate_a(self) -> float:
        means = self.pair_means
        if not means:
            return 0.0
        return sum(1.0 if mean > 0 else 0.5 if mean == 0 else 0.0 for mean in means) / len(means)

    @property
    def mean_diff(self) -> float:
        means = self.pair_means
        return statistics.fmean(means) if means else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        means = self.pair_means
        if len(means) < 2:
            return (-math.inf, math.inf)
        half = t_quantile(len(means) - 1) * statistics.stdev(means) / math.sqrt(len(means))
        mean = statistics.fmean(means)
        return (mean - half, mean + half)

    def move_times(self) -> dict[str, dict[str, float]]:
        """Per level: median and 95th percentile of the time to choose a move, in ms."""
        pooled: dict[str, list[float]] = {}
        for play in self.plays:
            for level, times in play.move_ms.items():
                pooled.setdefault(level, []).extend(times)
        out = {}
        for level, times in pooled.items():
            ordered = sorted(times)
            out[level] = {
                "moves": len(ordered),
                "median_ms": round(statistics.median(ordered), 3),
                "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 3),
            }
        return out

    def to_dict(self) -> dict[str, Any]:
        low, high = self.ci95
        means = self.pair_means
        wins = sum(mean > 0 for mean in means)
        ties = sum(mean == 0 for mean in means)
        return {
            "rules": self.rules,
            "a": self.a,
            "b": self.b,
            "seed": self.seed,
            "hands": self.hands,
            "hands_played": self.hands_played,
            "win_rate_a": round(self.win_rate_a, 4),
            "wins_a": wins,
            "ties": ties,
            "losses_a": len(means) - wins - ties,
            "mean_diff": round(self.mean_diff, 2),
            "ci95": [round(low, 2), round(high, 2)],
            "mean_score_a": round(statistics.fmean(play.score_a for play in self.plays), 2) if self.plays else 0.0,
            "mean_score_b": round(statistics.fmean(play.score_b for play in self.plays), 2) if self.plays else 0.0,
            "end_reasons": dict(Counter(play.end_reason for play in self.plays)),
            "mean_actions": round(statistics.fmean(play.actions for play in self.plays), 1) if self.plays else 0.0,
            "seconds_per_hand": round(statistics.fmean(play.seconds for play in self.plays), 3) if self.plays else 0.0,
            "move_times": self.move_times(),
        }

    def summary(self) -> str:
        low, high = self.ci95
        rate, mean, low_text, high_text = format(self.win_rate_a, ".1%"), format(self.mean_diff, "+.1f"), format(low, "+.1f"), format(high, "+.1f")
        return "\n  ".join([
            _("{ruleset}: {a} (A) vs {b} (B), {hands} duplicate hands ({played} played)", ruleset=self.rules, a=self.a, b=self.b,
              hands=self.hands, played=self.hands_played),
            _("A wins {rate} of the duplicate pairs", rate=rate),
            _("mean difference per hand (A - B): {mean} points, 95% CI [{low}, {high}]", mean=mean, low=low_text, high=high_text),
        ])


MAX_ACTIONS = 5000


def play_hand(
    rules: Rules,
    deal_seed: int,
    dealer: int,
    levels: Sequence[str],
    bot_seeds: Sequence[int],
    options: dict[str, dict[str, Any]] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[HandState, dict[str, list[float]]]:
    """Play one hand from a seeded deal, seat ``s`` played by a bot of ``levels[s]``.

    Bots see only their views. Returns the final state and each level's move times (ms).
    """
    from buraco_learn.bots import make_bot

    options = options or {}
    bots = [make_bot(level, rules, seed, **options.get(level, {})) for level, seed in zip(levels, bot_seeds)]
    state = HandState.new(rules, random.Random(deal_seed), dealer=dealer)
    times: dict[str, list[float]] = {level: [] for level in levels}
    steps = 0
    while not state.over:
        seat = state.current
        view = state.view(seat)
        if not view.legal:
            raise BuracoError(
                f"the engine offers no legal action to {state.seat_names[seat]} ({state!r}); "
                f"deal seed {deal_seed}, after {' ; '.join(action.notation() for action in state.history[-6:])}"
            )
        start = clock()
        action = bots[seat].act(view)
        times[levels[seat]].append((clock() - start) * 1000.0)
        state.apply(action)
        steps += 1
        if steps > MAX_ACTIONS:
            raise BuracoError(f"a hand ran past {MAX_ACTIONS} actions (deal seed {deal_seed})")
    return state, times


def seat_scores(state: HandState) -> list[float]:
    """Each seat's hand score: the total of the side it ends the hand on."""
    scores = state.score()
    return [float(scores[state.side_names[state.side_of[seat]]].total) for seat in range(state.players)]


def play_pair(rules: Rules, a: str, b: str, seed: int, deal: int, options: dict[str, dict[str, Any]] | None = None) -> list[Play]:
    """Every seating of deal number ``deal`` (see :func:`patterns`)."""
    players = rules.players
    deal_seed = stable_seed("deal", seed, deal)
    dealer = deal % players
    plays = []
    for pattern in patterns(players):
        levels = [a if letter == "A" else b for letter in pattern]
        bot_seeds = [stable_seed("bot", seed, deal, seat, letter) for seat, letter in enumerate(pattern)]
        start = time.perf_counter()
        state, times = play_hand(rules, deal_seed, dealer, levels, bot_seeds, options)
        scores = seat_scores(state)
        score_a = statistics.fmean(scores[seat] for seat, letter in enumerate(pattern) if letter == "A")
        score_b = statistics.fmean(scores[seat] for seat, letter in enumerate(pattern) if letter == "B")
        move_ms: dict[str, list[float]] = {}
        for level, values in times.items():
            move_ms.setdefault(level, []).extend(values)
        plays.append(Play(deal, pattern, score_a, score_b, state.end_reason or "", len(state.history), time.perf_counter() - start, move_ms))
    return plays


def _pair_job(job: tuple[Rules, str, str, int, int, dict[str, dict[str, Any]] | None]) -> list[Play]:
    return play_pair(*job)


def run_arena(
    rules: Rules,
    a: str,
    b: str,
    hands: int,
    seed: int = 0,
    progress: bool = False,
    jobs: int = 1,
    options: dict[str, dict[str, Any]] | None = None,
) -> ArenaResult:
    """Play ``hands`` duplicate hands (deals) of level ``a`` against level ``b``.

    ``options`` maps a level to keyword options for its bots (e.g.
    ``{"strong": {"worlds": 8}}``); ``jobs`` > 1 plays deals in parallel processes
    (the results do not depend on it).
    """
    from buraco_learn.bots import available_levels

    for level in (a, b):
        if level not in available_levels():
            raise BuracoError(f"unknown bot level {level!r}: choose one of {', '.join(available_levels())}")
    if hands < 1:
        raise BuracoError("the arena needs at least one hand (--hands N, N >= 1)")
    jobs_list = [(rules, a, b, seed, deal, options) for deal in range(hands)]
    results: Iterator[list[Play]]
    pool = None
    if jobs > 1:
        import multiprocessing

        pool = multiprocessing.get_context("fork").Pool(jobs)
        results = pool.imap(_pair_job, jobs_list)
    else:
        results = map(_pair_job, jobs_list)
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=hands, desc=f"arena {rules.name} {a} vs {b}", unit="deal")
    plays: list[Play] = []
    try:
        for group in results:
            plays.extend(group)
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
        if pool is not None:
            pool.terminate()
    return ArenaResult(rules.name, a, b, seed, plays)
