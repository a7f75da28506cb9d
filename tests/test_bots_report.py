"""The strength report is built from the committed arena results, never typed by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from buraco_learn.bots.report import load_results, main, table, verdict

ARENA = Path(__file__).parent.parent / "docs" / "arena"


def result(a: str, b: str, low: float, high: float, win: float = 0.7, rules: str = "italian") -> dict[str, object]:
    return {"rules": rules, "a": a, "b": b, "hands": 40, "win_rate_a": win, "mean_diff": (low + high) / 2, "ci95": [low, high]}


def test_verdicts_follow_issue_4() -> None:
    assert verdict(result("strong", "beginner", 10, 200, win=0.7)).endswith(": met")
    assert verdict(result("strong", "beginner", 10, 200, win=0.55)).endswith("NOT met")  # fewer than 60% of pairs
    assert verdict(result("strong", "beginner", -10, 200)).endswith("NOT met")  # the interval reaches zero
    assert "spans zero" in verdict(result("strong", "intermediate", -50, 150))
    assert "below zero" in verdict(result("intermediate", "beginner", -90, -10))


def test_results_are_ordered_by_preset_then_match_up(tmp_path: Path) -> None:
    for index, item in enumerate([result("strong", "intermediate", 1, 2, rules="aberto"), result("strong", "beginner", 1, 2),
                                  result("intermediate", "beginner", 1, 2), result("strong", "beginner", 1, 2, rules="aberto")]):
        (tmp_path / f"{index}.json").write_text(json.dumps(item))
    rows = table(load_results(tmp_path)).splitlines()[2:]
    assert [row.split(" | ")[:2] for row in rows] == [
        ["| italian", "strong vs beginner"], ["| italian", "intermediate vs beginner"],
        ["| aberto", "strong vs beginner"], ["| aberto", "strong vs intermediate"],
    ]


def test_the_command_prints_the_table_and_writes_the_chart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    svg = tmp_path / "chart.svg"
    assert main([str(ARENA), "--svg", str(svg)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == len(list(ARENA.glob("*.json"))) + 2
    assert svg.read_text().startswith("<svg") and "strong vs beginner" in svg.read_text()


def test_the_committed_report_matches_the_committed_results() -> None:
    report = (ARENA.parent / "strength.md").read_text()
    assert table(load_results(ARENA)) in report
