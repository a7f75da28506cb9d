"""Random-play simulations over every preset checking the invariants at every step.

A CI-sized run; the long run is ``buraco-learn simulate --hands 100000 --checks light``.
"""

from __future__ import annotations

import pytest

from buraco_learn import PRESET_NAMES, preset
from buraco_learn.game.simulate import simulate


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_full_checks_every_preset(name: str) -> None:
    report = simulate(preset(name), hands=2, seed=11, checks="full")
    assert report.violations == []
    assert report.hands == 2 and report.actions > 40
    assert sum(report.ends.values()) == 2


@pytest.mark.parametrize("variant", [{"players": 2}, {"players": 3}, {"semi_clean_bonus": 150}])
def test_full_checks_italian_variants(variant: dict[str, int]) -> None:
    report = simulate(preset("italian", **variant), hands=2, seed=5, checks="full")
    assert report.violations == []


def test_light_checks_more_hands() -> None:
    for name in ("italian", "aberto", "fechado", "cutthroat"):
        report = simulate(preset(name), hands=8, seed=3, checks="light")
        assert report.violations == [], name
        assert report.hands == 8


def test_simulate_command_reports_and_exits_zero() -> None:
    from buraco_learn.cli import main

    assert main(["simulate", "--rules", "bukharo", "--hands", "2", "--seed", "4", "--json", "--checks", "light"]) == 0
