"""Bot move-time benchmarks: ``bench_bots`` for ``buraco-learn bench``.

The positions are decisions (views with more than one legal action) met in hands
played by intermediate bots under ``italian``, ``aberto`` and ``cutthroat``, the same
every time. Each run times every level's ``act`` on them, on one core, and reports
the 95th percentile (the target) with the median in the notes. The coach is timed as
a learner meets it, with a fresh coach per position (:func:`_coach_run`): each hint
rung, then the comment on the move played after the hint (the hint's own, or another),
and the comment on a move played without a hint (targets: median 150 ms, 95th
percentile 400 ms, each). Also reported: how often the coach's time cap cut a search
short, and the share of the coach's choices that are the strong bot's own (the coach
runs the same search under a time cap, so the cap is what can make them differ); its agreement with a search of 8 times the strong bot's
worlds, the measure of its quality, is ``python -m buraco_learn.coach.quality``.

>>> results = bench_bots(repeat=1, progress=False, positions=2, levels=("beginner",), coach=False)
>>> results[0].name, results[0].unit
('bots: beginner move, 95th percentile', 'µs')
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from buraco_learn.bench import Result, pin_one_core
from buraco_learn.game.state import HandState
from buraco_learn.game.view import PlayerView
from buraco_learn.presets import preset

TARGET_P95_MS = {"beginner": 5.0, "intermediate": 5.0, "strong": 600.0}
# the fast levels are reported in microseconds, so that the figures show
UNIT = {"beginner": ("µs", 1000.0), "intermediate": ("µs", 1000.0), "strong": ("ms", 1.0)}
COACH_MEDIAN_MS = 150.0
COACH_P95_MS = 400.0
BENCH_PRESETS = ("italian", "aberto", "cutthroat")


def sample_positions(count: int, seed: int = 1, presets: Sequence[str] = BENCH_PRESETS) -> list[PlayerView]:
    """``count`` decisions met in intermediate self-play, spread over ``presets`` and over the hand."""
    from buraco_learn.bots.intermediate import IntermediateBot

    out: list[PlayerView] = []
    per = max(1, -(-count // len(presets)))
    for index, name in enumerate(presets):
        rules = preset(name)
        rng = random.Random(seed * 100 + index)
        found: list[PlayerView] = []
        hand = 0
        while len(found) < per * 6 and hand < 50:
            state = HandState.new(rules, random.Random(rng.randrange(1 << 30)), dealer=hand % rules.players)
            bots = [IntermediateBot(rules, seat) for seat in range(rules.players)]
            while not state.over:
                view = state.view(state.current)
                if len(view.legal) > 1:
                    found.append(view)
                state.apply(bots[state.current].act(view))
            hand += 1
        rng.shuffle(found)
        out += found[:per]
    return out[:count]


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _coach_run(views: Sequence[PlayerView]) -> tuple[dict[str, list[float]], int, int]:
    """One round of the coach as a learner meets it, on fresh coaches (nothing cached from
    an earlier round): the hint's three rungs then the comment on the move played (the
    hint's, or the beginner bot's, standing for a learner who reads the hint and plays
    another move), and the comment on a move played without a hint. Returns the times
    (ms) by figure, the searches that the time cap cut short, and the searches."""
    from buraco_learn.bots import make_bot
    from buraco_learn.coach import Coach

    times: dict[str, list[float]] = {name: [] for name in COACH_FIGURES}
    capped = 0
    searches = 0

    def timed(name: str, call: Any, *args: Any) -> Any:
        start = time.perf_counter()
        out = call(*args)
        times[name].append((time.perf_counter() - start) * 1000.0)
        return out

    for view in views:
        learner = make_bot("beginner", view.rules, seed=11).act(view)
        for scenario in ("hint, then its move", "hint, then another move", "no hint"):
            adviser = Coach(view.rules, seed=7)
            if scenario != "no hint":
                hint = None
                for rung in (1, 2, 3):
                    hint = timed(f"hint rung {rung}", adviser.hint, view)
                    hint.rung(rung)
                assert hint is not None
                played = hint.action if scenario == "hint, then its move" else learner
                which = "its move" if played is hint.action else "another move"
                timed(f"comment after the hint ({which})", adviser.compare, view, played)
            else:
                timed("comment without a hint", adviser.compare, view, learner)
            searches += 1
            capped += adviser.evaluation(view).cut_short
    return times, capped, searches


COACH_FIGURES = (
    "hint rung 1", "hint rung 2", "hint rung 3",
    "comment after the hint (its move)", "comment after the hint (another move)", "comment without a hint",
)


def bench_bots(
    repeat: int = 3,
    progress: bool = True,
    positions: int | None = None,
    levels: Sequence[str] = ("beginner", "intermediate", "strong"),
    coach: bool = True,
) -> list[Result]:
    """Move time per level (95th percentile, ms) and the coach's latency as a learner meets
    it (median and 95th percentile, ms, of each hint rung and of each comment).

    ``positions`` defaults to 300 for the fast levels and 45 for the strong bot and
    the coach (which take about a tenth of a second each).
    """
    from buraco_learn.bots import make_bot
    from buraco_learn.coach import Coach

    note = pin_one_core()
    fast_views = sample_positions(positions or 300)
    slow_views = sample_positions(positions or 45, seed=2)
    iterator: Any = range(repeat)
    if progress:
        from tqdm import tqdm

        iterator = tqdm(iterator, desc="bench bots", unit="round", leave=False)
    times: dict[str, list[list[float]]] = {level: [] for level in levels}
    coach_times: dict[str, list[list[float]]] = {name: [] for name in COACH_FIGURES}
    agreement: list[float] = []
    capped: list[float] = []
    for _ in iterator:
        for level in levels:
            views = slow_views if level == "strong" else fast_views
            run = []
            for view in views:
                bot = make_bot(level, view.rules, seed=7)
                start = time.perf_counter()
                bot.act(view)
                run.append((time.perf_counter() - start) * 1000.0)
            times[level].append(run)
        if coach:
            figures, cut, searches = _coach_run(slow_views)
            for name, values in figures.items():
                coach_times[name].append(values)
            capped.append(100.0 * cut / max(1, searches))
            same = sum(Coach(view.rules, seed=7).suggest(view) == make_bot("strong", view.rules, seed=7).act(view) for view in slow_views)
            agreement.append(100.0 * same / len(slow_views))
    results = []
    for level in levels:
        runs = times[level]
        unit, scale = UNIT.get(level, ("ms", 1.0))
        notes = {
            "positions": len(runs[0]),
            "median_ms": round(statistics.median(statistics.median(run) for run in runs), 3),
            "max_ms": round(max(max(run) for run in runs), 3),
            "presets": list(BENCH_PRESETS),
            "cpu": note,
        }
        target = TARGET_P95_MS.get(level)
        results.append(Result(
            f"bots: {level} move, 95th percentile", unit, [_percentile(run, 0.95) * scale for run in runs],
            None if target is None else target * scale, higher_is_better=False, notes=notes,
        ))
    if coach:
        for name in COACH_FIGURES:
            runs = coach_times[name]
            notes = {"positions": len(runs[0]), "presets": list(BENCH_PRESETS), "cpu": note}
            results.append(Result(f"coach: {name}, median", "ms", [statistics.median(run) for run in runs], COACH_MEDIAN_MS, higher_is_better=False, notes=notes))
            results.append(Result(f"coach: {name}, 95th pct", "ms", [_percentile(run, 0.95) for run in runs], COACH_P95_MS, higher_is_better=False, notes=notes))
        notes = {"positions": len(slow_views), "presets": list(BENCH_PRESETS), "cpu": note}
        results.append(Result("coach: searches cut short by the time cap", "%", capped, None, higher_is_better=False, notes=notes))
        results.append(Result("coach: agreement with the strong bot", "%", agreement, None, notes=notes))
    return results
