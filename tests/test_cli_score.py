"""The ``buraco-learn score`` contract, through a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

# 002 'Scoring', "North closes" (cards in any order inside a meld)
NORTH_CLOSES: dict[str, Any] = {
    "closed_by": "North-South",
    "sides": {
        "North-South": {"melds": [["3H", "4H", "5H", "6H", "7H", "8H", "9H"], ["AS", "AH", "AD", "JK"]], "hands": [[], ["7H", "3S"]], "pot": "taken"},
        "East-West": {"melds": [["QS", "QS", "QH", "QH", "QD", "QC", "2C"], ["4C", "5C", "6C"]], "hands": [["KH"], ["JK"]], "pot": "taken"},
    },
}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "buraco_learn", "score", *args],
        input=stdin, capture_output=True, text=True, encoding="utf-8", timeout=60,
    )


@pytest.fixture
def north_closes(tmp_path: Path) -> Path:
    path = tmp_path / "north-closes.json"
    path.write_text(json.dumps(NORTH_CLOSES), encoding="utf-8")
    return path


def test_002_north_closes_json(north_closes: Path) -> None:
    """002 'Scoring': North–South 410, East–West 155, as exactly one JSON object."""
    result = run("--json", str(north_closes))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    data = json.loads(result.stdout)  # one object, nothing else on stdout
    assert list(data) == ["North-South", "East-West"]
    assert data["North-South"]["total"] == 410 and data["East-West"]["total"] == 155
    ns = data["North-South"]
    assert (ns["melded"], ns["in_hand"], ns["burraco_bonus"], ns["closing_bonus"], ns["pot"]) == (120, -10, 200, 100, 0)
    assert ns["burracos"] == [{"meld": "3H 4H 5H 6H 7H 8H 9H", "kind": "clean", "bonus": 200}]
    assert sum(item["points"] for item in ns["items"]) == 410
    assert all(set(item) == {"label", "points", "source"} for item in ns["items"])
    assert data["East-West"]["burracos"][0]["kind"] == "dirty"


def test_002_north_closes_text(north_closes: Path) -> None:
    """Without --json: an itemised table per side, each line with its source, then the totals."""
    result = run(str(north_closes))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "North-South (closed the hand)"
    assert any("+200" in line and "clean burraco" in line and "(002 'Melds')" in line for line in lines)
    assert any("-10" in line and "in hand: 7♥ 3♠" in line and "(002 'Scoring')" in line for line in lines)
    assert any(line.strip() == "410  total for North-South" for line in lines)
    assert any(line.strip() == "155  total for East-West" for line in lines)
    assert lines[-1] == "Totals: North-South 410, East-West 155"


def test_stdin_dash_reads_the_sheet() -> None:
    result = run("--json", "-", stdin=json.dumps(NORTH_CLOSES))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["North-South"]["total"] == 410


def test_rules_and_options_apply(tmp_path: Path) -> None:
    """--option semi_clean_bonus=150 (002 'Variants') and --rules cutthroat (004, no pots, pip values)."""
    semi = {"closed_by": None, "sides": {"A": {"melds": [["3H", "4H", "5H", "6H", "7H", "8H", "9H", "JK"]], "hands": [], "pot": "taken"}}}
    result = run("--json", "--option", "semi_clean_bonus=150", "-", stdin=json.dumps(semi))
    assert json.loads(result.stdout)["A"]["burracos"][0] == {"meld": "JK=2H 3H 4H 5H 6H 7H 8H 9H", "kind": "semi-clean", "bonus": 150}
    cut = {"closed_by": "Ann", "sides": {"Ann": {"melds": [["3H", "4H", "5H", "6H", "7H", "8H", "9H"]], "hands": [[]]},
                                         "Bob": {"melds": [], "hands": [["7C", "JK"]]}}}
    result = run("--json", "--rules", "cutthroat", "-", stdin=json.dumps(cut))
    assert result.returncode == 0, result.stderr
    assert {side: score["total"] for side, score in json.loads(result.stdout).items()} == {"Ann": 42 + 200 + 100, "Bob": -27}


@pytest.mark.parametrize(
    ("args", "stdin", "fragment"),
    [
        (("-",), "{not json", "standard input is not valid JSON"),
        (("-",), "", "not valid JSON"),
        (("missing-sheet.json",), None, "cannot read 'missing-sheet.json'"),
        (("--rules", "canasta", "-"), json.dumps(NORTH_CLOSES), "unknown ruleset preset 'canasta'"),
        (("--option", "nonsense=1", "-"), json.dumps(NORTH_CLOSES), "unknown rules option 'nonsense'"),
        (("-",), "[]", "expected a JSON object"),
        (("-",), json.dumps({"closed_by": None, "sides": {"A": {"melds": [["5H", "6H", "7Z"]], "hands": [], "pot": "taken"}}}), "'7Z'"),
        (("-",), json.dumps({"closed_by": None, "sides": {"A": {"melds": [["KH", "AH", "2H", "3H"]], "hands": [], "pot": "taken"}}}), "K-A-2"),
        (("-",), json.dumps({"closed_by": None, "sides": {"A": {"melds": [["5H", "6H", "7H"]], "hands": [["5H", "5H"]], "pot": "taken"}}}), "3 copies of 5♥"),
        (("--rules", "aberto", "-"), json.dumps(NORTH_CLOSES), "sets of equal rank are not allowed (001"),
        (("--json", "-"), json.dumps({**NORTH_CLOSES, "closed_by": "Nobody"}), "closed_by 'Nobody' is not a side"),
    ],
)
def test_errors_exit_2_with_one_line(args: tuple[str, ...], stdin: str | None, fragment: str, tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "buraco_learn", "score", *args],
        input=stdin, capture_output=True, text=True, encoding="utf-8", timeout=60, cwd=tmp_path,
    )
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("buraco-learn score: ") and fragment in lines[0], lines[0]
    assert result.stdout == ""


def test_a_directory_is_not_a_sheet(tmp_path: Path) -> None:
    result = run(str(tmp_path))
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "cannot read" in result.stderr


def test_listed_in_help() -> None:
    result = subprocess.run([sys.executable, "-m", "buraco_learn", "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "score" in result.stdout
    result = subprocess.run([sys.executable, "-m", "buraco_learn", "score", "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "FILE" in result.stdout and "--json" in result.stdout
