"""The arena: duplicate seating, the statistics, the command line, and strong > beginner."""

from __future__ import annotations

import json
import math

import pytest

from buraco_learn import preset
from buraco_learn.bots.arena import ArenaResult, Play, patterns, play_pair, run_arena, t_quantile
from buraco_learn.cli import main


def test_patterns_seat_each_level_in_each_seat_equally() -> None:
    for players in (2, 3, 4):
        seatings = patterns(players)
        for seat in range(players):
            letters = [pattern[seat] for pattern in seatings]
            assert letters.count("A") == letters.count("B")
    assert patterns(4) == ["ABAB", "BABA"]  # A holds N and S, then E and W


def test_t_quantile_matches_the_table() -> None:
    assert t_quantile(1) == pytest.approx(12.706, abs=1e-3)
    assert t_quantile(9) == pytest.approx(2.262, abs=2e-3)
    assert t_quantile(29) == pytest.approx(2.045, abs=2e-3)
    assert t_quantile(10**6) == pytest.approx(1.96, abs=1e-3)


def synthetic(diffs: list[tuple[float, float]]) -> ArenaResult:
    plays = []
    for deal, pair in enumerate(diffs):
        for pattern, diff in zip(("ABAB", "BABA"), pair):
            plays.append(Play(deal, pattern, diff, 0.0, "closed", 10, 0.1))
    return ArenaResult("italian", "x", "y", 0, plays)


def test_statistics_over_pairs() -> None:
    result = synthetic([(100, -50), (20, 0), (-10, -30), (0, 0)])
    # pair means 25, 10, -20, 0: A wins 2, loses 1, ties 1
    assert result.hands == 4 and result.hands_played == 8
    assert result.win_rate_a == pytest.approx((2 + 0.5) / 4)
    assert result.mean_diff == pytest.approx(3.75)
    low, high = result.ci95
    sd = math.sqrt(sum((m - 3.75) ** 2 for m in (25, 10, -20, 0)) / 3)
    assert high - low == pytest.approx(2 * t_quantile(3) * sd / 2)
    data = result.to_dict()
    assert {"hands", "win_rate_a", "mean_diff", "ci95"} <= set(data)
    assert data["wins_a"] == 2 and data["ties"] == 1 and data["losses_a"] == 1


def test_a_pair_plays_the_same_deal_with_the_seats_swapped() -> None:
    rules = preset("italian")
    first, second = play_pair(rules, "intermediate", "random", seed=3, deal=0)
    assert (first.pattern, second.pattern) == ("ABAB", "BABA")
    assert first.deal == second.deal == 0
    again = play_pair(rules, "intermediate", "random", seed=3, deal=0)
    assert [play.diff for play in again] == [first.diff, second.diff]


def test_cutthroat_compares_the_seats_each_level_holds() -> None:
    result = run_arena(preset("cutthroat"), "intermediate", "beginner", hands=2, seed=1)
    assert result.hands_played == 4
    assert all(play.pattern in ("ABAB", "BABA") for play in result.plays)


def test_the_command_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["arena", "--rules", "aberto", "--a", "intermediate", "--b", "random", "--hands", "2", "--seed", "4", "--json"])
    captured = capsys.readouterr()
    assert status == 0
    data = json.loads(captured.out)
    assert data["hands"] == 2 and data["hands_played"] == 4
    assert 0.0 <= data["win_rate_a"] <= 1.0
    assert isinstance(data["mean_diff"], float) and len(data["ci95"]) == 2
    assert captured.err == ""  # no progress bar with --json


def test_the_command_reports_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["arena", "--a", "beginner", "--b", "random", "--hands", "1"])
    captured = capsys.readouterr()
    assert status == 0 and "duplicate hands" in captured.out and "95% CI" in captured.out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--a", "grandmaster", "--b", "random"], "unknown level 'grandmaster'"),
        (["--a", "random", "--b", "random", "--hands", "0"], "--hands must be at least 1"),
        (["--a", "random", "--b", "random", "--rules", "nope"], "unknown ruleset preset 'nope'"),
        (["--a", "strong", "--b", "random", "--bot-option", "strong.worlds"], "LEVEL.KEY=VALUE"),
        (["--a", "strong", "--b", "random", "--bot-option", "beginner.x=1"], "neither --a nor --b"),
        (["--a", "strong", "--b", "random", "--bot-option", "strong.nonsense=1", "--hands", "1"], "nonsense"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["arena", *argv, "--json"])
    captured = capsys.readouterr()
    assert status == 2
    assert message in captured.err and captured.err.count("\n") == 1
    assert captured.out == ""


@pytest.mark.slow
def test_strong_beats_beginner_on_a_few_duplicate_hands() -> None:
    """The CI-sized run: a fixed seed, a small search budget, two processes."""
    result = run_arena(preset("italian"), "strong", "beginner", hands=6, seed=2024, jobs=2, options={"strong": {"worlds": 6}})
    assert result.mean_diff > 0
    assert result.win_rate_a >= 0.5
