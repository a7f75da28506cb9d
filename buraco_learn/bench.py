"""Benchmarks you can run: ``buraco-learn bench meld`` (and more as the engine grows).

Each benchmark runs its workload several times on one core and reports the median,
the spread and the target. Numbers come from this machine at run time; nothing here
is asserted in unit tests.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from buraco_learn import meldcore as core
from buraco_learn.cards import Card, card_of_id, deck_ids
from buraco_learn.compiled import guard
from buraco_learn.melds import check_meld
from buraco_learn.presets import preset


@dataclass
class Result:
    """One benchmark's figures."""

    name: str
    unit: str
    runs: list[float]
    target: float | None = None
    higher_is_better: bool = True
    notes: dict[str, Any] = field(default_factory=dict)

    @property
    def median(self) -> float:
        return statistics.median(self.runs)

    @property
    def met(self) -> bool | None:
        if self.target is None:
            return None
        return self.median >= self.target if self.higher_is_better else self.median <= self.target

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "unit": self.unit, "median": self.median,
            "min": min(self.runs), "max": max(self.runs), "runs": self.runs,
            "target": self.target, "met": self.met, **self.notes,
        }

    def line(self) -> str:
        target = ""
        if self.target is not None:
            sign = ">=" if self.higher_is_better else "<="
            target = f"  (target {sign} {self.target:,.0f}: {'met' if self.met else 'NOT met'})"
        return (
            f"{self.name:44} median {self.median:>12,.0f} {self.unit}  "
            f"[{min(self.runs):,.0f} .. {max(self.runs):,.0f}, {len(self.runs)} runs]{target}"
        )


def pin_one_core() -> str:
    """Run on one core where the OS allows it; returns a note saying what happened."""
    setter = getattr(os, "sched_setaffinity", None)
    if setter is None:
        return "not pinned (no sched_setaffinity)"
    try:
        core_id = min(os.sched_getaffinity(0))
        setter(0, {core_id})
        return f"pinned to core {core_id}"
    except OSError as error:
        return f"not pinned ({error})"


def meld_workload(size: int = 20000, seed: int = 1) -> list[list[Card]]:
    """A mix of meld candidates like those a learner or a bot tries.

    Per the seed: 40% legal-looking melds (a run window or a set of 3 to 8 cards,
    sometimes with a wild), 40% near misses (the same with one card wrong: a gap, a
    stray suit or rank, a second wild, a duplicate), 20% any 3 to 7 cards of a
    dealt hand. About half the candidates turn out legal.
    """
    rng = random.Random(seed)
    ids = deck_ids()
    wilds = [Card.parse(text) for text in ("JK", "2S", "2H", "2D", "2C")]
    out: list[list[Card]] = []
    while len(out) < size:
        roll = rng.random()
        if roll < 0.8:
            suit = rng.randrange(4)
            if rng.random() < 0.6:
                length = rng.randint(3, 8)
                start = rng.randint(1, 14 - length + 1)
                cards = [Card(1 if r == 14 else r, suit) for r in range(start, start + length)]
                if rng.random() < 0.4:
                    cards[rng.randrange(len(cards))] = rng.choice(wilds)
            else:
                rank = rng.choice([1, *range(3, 14)])
                cards = [Card(rank, rng.randrange(4)) for _ in range(rng.randint(3, 7))]
                if rng.random() < 0.4:
                    cards.append(rng.choice(wilds))
            if roll >= 0.4:  # a near miss: one card wrong
                cards[rng.randrange(len(cards))] = card_of_id(rng.randrange(108))
            rng.shuffle(cards)
            out.append(cards)
        else:
            rng.shuffle(ids)
            out.append([card_of_id(card_id) for card_id in ids[: rng.randint(3, 7)]])
    return out


def _time(fn: Callable[[], int]) -> float:
    start = time.perf_counter()
    count = fn()
    return count / (time.perf_counter() - start)


def bench_meld(repeat: int = 7, size: int = 20000, progress: bool = True) -> list[Result]:
    """``check_meld`` through the public API and ``solve_vector`` on the internal representation."""
    note = pin_one_core()
    rules = preset("italian")
    mr = rules.meld_rules
    workload = meld_workload(size)
    card_tuples = [tuple(cards) for cards in workload]
    code_lists = [[card.code for card in cards] for cards in workload]
    vectors = [core.to_vector(codes) for codes in code_lists]
    legal_share = sum(check_meld(cards, rules).legal for cards in card_tuples) / len(card_tuples)

    def internal() -> int:
        solve = core.solve_vector
        for once, twice, over, jokers in vectors:
            solve(once, twice, jokers, mr, over)
        return len(vectors)

    def codes() -> int:
        solve = core.solve
        for codes_ in code_lists:
            solve(codes_, mr)
        return len(code_lists)

    def public() -> int:
        for cards in card_tuples:
            check_meld(cards, rules).legal  # noqa: B018 - the verdict is the work
        return len(card_tuples)

    def public_text() -> int:
        texts = [" ".join(card.notation() for card in cards) for cards in card_tuples[:5000]]
        for text in texts:
            check_meld(text, rules).legal  # noqa: B018
        return len(texts)

    cases = [
        ("meld: internal (solve_vector on card vectors)", internal, 1_000_000.0),
        ("meld: internal (solve on card codes)", codes, None),
        ("meld: public API (check_meld on Cards)", public, 300_000.0),
        ("meld: public API (check_meld on text)", public_text, None),
    ]
    results = []
    iterator: Any = range(repeat)
    if progress:
        from tqdm import tqdm

        iterator = tqdm(iterator, desc="bench meld", unit="round", leave=False)
    runs: dict[str, list[float]] = {name: [] for name, _, _ in cases}
    for _ in iterator:
        for name, fn, _target in cases:
            runs[name].append(_time(fn))
    for name, _fn, target in cases:
        results.append(Result(name, "checks/s", runs[name], target, notes={"workload": size, "legal_share": round(legal_share, 3), "cpu": note}))
    return results


def bench_hands(repeat: int = 5, progress: bool = True, hands: int = 40, rules_name: str = "italian") -> list[Result]:
    """Full hands per second with random bots: on the state (the engine's own
    playouts, as simulations and search bots use them) and through views (bots that
    see only their seat, as at the table). Also where the time goes, by phase."""
    import cProfile
    import pstats

    from buraco_learn.game.playout import random_playout
    from buraco_learn.game.record import selfplay
    from buraco_learn.game.state import HandState

    note = pin_one_core()
    rules = preset(rules_name)
    engine_runs: list[float] = []
    view_runs: list[float] = []
    actions = 0
    iterator: Any = range(repeat)
    if progress:
        from tqdm import tqdm

        iterator = tqdm(iterator, desc="bench hands", unit="round", leave=False)
    for round_number in iterator:
        rng = random.Random(round_number)
        start = time.perf_counter()
        actions = 0
        for number in range(hands):
            state = HandState.new(rules, rng, dealer=number % rules.players)
            actions += random_playout(state, rng)
        engine_runs.append(hands / (time.perf_counter() - start))
        start = time.perf_counter()
        selfplay(rules, hands // 2, seed=round_number)
        view_runs.append((hands // 2) / (time.perf_counter() - start))
    engine = guard()
    where: dict[str, Any] = {}
    if engine.compiled:  # cProfile sees only calls into Python: the compiled functions are not timed
        where["note"] = "the engine is compiled (the profile needs BURACO_PURE_PYTHON=1)"
    else:
        profile = cProfile.Profile()
        rng = random.Random(99)
        profile.enable()
        for number in range(10):
            random_playout(HandState.new(rules, rng, dealer=number % 4), rng)
        profile.disable()
        stats = pstats.Stats(profile)
        top = sorted(stats.stats.items(), key=lambda item: -item[1][3])  # type: ignore[attr-defined]
        for (filename, _line, function), (_cc, _nc, _tt, cumulative, _callers) in top:
            if "buraco_learn" in filename and function in _WHERE and _WHERE[function] not in where:
                where[_WHERE[function]] = round(cumulative, 3)
        # the policy applies each proposal itself: choosing is what is left of its time
        if _WHERE["_choose"] in where and _WHERE["apply"] in where:
            where["choosing actions (proposals, without the checks)"] = round(where[_WHERE["_choose"]] - where[_WHERE["apply"]], 3)
    notes = {"cpu": note, "hands_per_round": hands, "actions_per_hand": round(actions / hands, 1), "engine": str(engine)}
    return [
        Result(f"hands: {rules_name} random playouts on the state", "hands/s", engine_runs, 500.0, notes={**notes, "profile_seconds_10_hands": where}),
        Result(f"hands: {rules_name} random bots through views", "hands/s", view_runs, None, notes=notes),
    ]


_WHERE = {
    "random_playout": "whole playout",
    "_choose": "choosing and applying actions",
    "apply": "applying actions (each check, then the change)",
    "candidate_melds": "proposing melds",
    "extension_candidates": "proposing additions",
    "_check_add": "checking additions",
    "_check_meld": "checking melds",
    "_check_discard": "checking discards",
    "new": "dealing",
}


# -- the public game API, driven as a research user drives OpenSpiel ------------------------------
API_TARGET = 300.0  # hands/s on one core, the engine as pip installs it (issue 15)


def api_hands_per_second(seconds: float = 3.0, seed: int = 0, rules_name: str = "italian") -> tuple[float, float]:
    """Hands and actions per second of ``state.apply(rng.choice(list(state.legal_actions)))`` until over.

    >>> hands, actions = api_hands_per_second(seconds=0.2)
    >>> hands > 0 and actions > hands
    True
    """
    from buraco_learn.game.state import HandState

    rules = preset(rules_name)
    rng = random.Random(seed)
    hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = HandState.new(rules, rng, dealer=hands % rules.players)
        while state.phase != "over":
            state.apply(rng.choice(list(state.legal_actions)))
            actions += 1
        hands += 1
    elapsed = time.perf_counter() - start
    return hands / elapsed, actions / elapsed


def _api_runs_in_python_sources(repeat: int, seconds: float) -> list[list[float]]:
    """The same runs in a child process running the Python sources (``BURACO_PURE_PYTHON=1``)."""
    import json
    import subprocess
    import sys

    code = ("import json, sys; from buraco_learn.bench import api_hands_per_second, pin_one_core; pin_one_core(); "
            f"print(json.dumps([api_hands_per_second({seconds}, seed) for seed in range({repeat})]))")
    output = subprocess.run([sys.executable, "-W", "ignore", "-c", code], env={**os.environ, "BURACO_PURE_PYTHON": "1"},
                            capture_output=True, text=True, check=True, timeout=600).stdout
    return [list(run) for run in json.loads(output.strip().splitlines()[-1])]


def bench_api(repeat: int = 5, progress: bool = True, seconds: float = 3.0) -> list[Result]:
    """Uniform random play over the full legal actions of ``italian`` through the public API, on one core:
    the engine as ``pip install`` gives it (the Python sources) and, where it is built, the compiled one."""
    from buraco_learn.compiled import guard

    note = pin_one_core()
    engine = guard()
    results = []
    pure = _api_runs_in_python_sources(repeat, seconds) if engine.compiled else None
    own: list[tuple[float, float]] = []
    iterator: Any = range(repeat)
    if progress:
        from tqdm import tqdm

        iterator = tqdm(iterator, desc="bench api", unit="run", leave=False)
    for seed in iterator:
        own.append(api_hands_per_second(seconds, seed))
    runs = {"compiled" if engine.compiled else "Python sources": own}
    if pure is not None:
        runs["Python sources"] = [(hands, actions) for hands, actions in pure]
    for label, figures in sorted(runs.items(), key=lambda item: item[0] != "Python sources"):
        notes = {"cpu": note, "seconds_per_run": seconds,
                 "actions_per_s_median": round(statistics.median(actions for _hands, actions in figures))}
        target = API_TARGET if label == "Python sources" else None
        results.append(Result(f"api: italian uniform random over legal_actions ({label})", "hands/s",
                              [hands for hands, _actions in figures], target, notes=notes))
    return results
