"""Random-play simulations that check the engine's invariants at every step.

``full`` checks, at every step: all 108 (or 104) cards accounted for; every listed
legal action applies (on a copy); the action played is among those listed; no
player's view reveals a hidden card; the current player's legal actions are the
same in a world sampled from their view (what they know is all they need). At the
end of each hand: the score's items add up to its total. ``light`` checks the card
count at every step and the score at the end (for long runs).

>>> from buraco_learn import preset
>>> report = simulate(preset("italian"), hands=2, seed=1, checks="full")
>>> report.hands, report.violations
(2, [])
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from buraco_learn.errors import BuracoError
from buraco_learn.game.deal import deck_is_complete
from buraco_learn.game.legal import generate
from buraco_learn.game.playout import random_action, random_step
from buraco_learn.game.state import HandState
from buraco_learn.game.view import leaks
from buraco_learn.rules import Rules


@dataclass
class SimulationReport:
    """What a simulation saw."""

    rules: str
    hands: int = 0
    actions: int = 0
    ends: Counter[str] = field(default_factory=Counter)
    violations: list[str] = field(default_factory=list)
    seconds: float = 0.0
    checks: str = "full"

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules, "hands": self.hands, "actions": self.actions, "ends": dict(self.ends),
            "violations": self.violations, "seconds": round(self.seconds, 3), "checks": self.checks,
            "hands_per_second": round(self.hands / self.seconds, 1) if self.seconds else None,
        }


def _check_step(state: HandState, played: Any, report: SimulationReport, where: str, rng: random.Random) -> None:
    rules = state.rules
    listed = generate(state)
    names = {action.canonical() for action in listed}
    if not listed and not state.over:
        report.violations.append(f"{where}: no legal action in the {state.phase} phase")
    for action in listed:
        trial = state.clone()
        try:
            trial.apply(action)
        except BuracoError as error:
            report.violations.append(f"{where}: listed action {action.notation()!r} does not apply: {error}")
        if not deck_is_complete(trial.all_ids(), rules):
            report.violations.append(f"{where}: {action.notation()!r} loses or duplicates a card")
    if played is not None and played.canonical() not in names:
        report.violations.append(f"{where}: the action played, {played.notation()!r}, was not listed")
    for seat in range(rules.players):
        view = state.view(seat)
        for problem in leaks(view, state):
            report.violations.append(f"{where}: seat {seat}'s view: {problem}")
    if not state.over:
        world = HandState.resample(state.view(state.current), rng)
        theirs = [action.notation() for action in generate(world)]
        if theirs != [action.notation() for action in listed]:
            report.violations.append(f"{where}: the legal actions differ in a world sampled from the player's view")


def simulate(rules: Rules, hands: int, seed: int, checks: str = "full", progress: bool = False) -> SimulationReport:
    """Play ``hands`` random hands under ``rules``, checking invariants (see the module docstring)."""
    if checks not in ("full", "light"):
        raise ValueError(f"checks must be 'full' or 'light', not {checks!r}")
    report = SimulationReport(rules.name, checks=checks)
    rng = random.Random(seed)
    start = time.perf_counter()
    iterator: Any = range(hands)
    if progress:
        from tqdm import tqdm

        iterator = tqdm(iterator, desc=f"simulate {rules.name}", unit="hand")
    for number in iterator:
        state = HandState.new(rules, rng, dealer=number % rules.players)
        steps = 0
        while not state.over:
            where = f"{rules.name} hand {number + 1} action {steps + 1}"
            if checks == "full":
                action = random_action(state, rng)
                _check_step(state, action if _listed_kind(action) else None, report, where, rng)
                state.apply(action)
            else:  # the same choice, each proposal checked once
                action = random_step(state, rng)
            steps += 1
            if not deck_is_complete(state.all_ids(), rules):
                report.violations.append(f"{where}: {action.notation()!r} lost or duplicated a card")
                break
        if checks == "full":
            _check_step(state, None, report, f"{rules.name} hand {number + 1} end", rng)
        for side, score in state.score().items():
            if sum(item.points for item in score.items()) != score.total:
                report.violations.append(f"{rules.name} hand {number + 1}: {side}'s items do not add up to {score.total}")
        report.hands += 1
        report.actions += steps
        report.ends[state.end_reason or "?"] += 1
        if len(report.violations) > 50:
            break
    report.seconds = time.perf_counter() - start
    return report


def _listed_kind(action: Any) -> bool:
    """Every action the random policy plays is of a kind the legal list enumerates fully."""
    return bool(action.kind != "meld" or len(action.groups) == 1)
