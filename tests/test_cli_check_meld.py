"""The ``buraco-learn check-meld`` contract, through a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "buraco_learn", "check-meld", *args],
        input=stdin, capture_output=True, text=True, encoding="utf-8", timeout=60,
    )


def test_one_legal_meld() -> None:
    result = run("5H", "6H", "7H")
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("\n") == 1
    assert "legal clean run" in result.stdout


def test_one_illegal_meld_explains() -> None:
    result = run("KH", "AH", "2H", "3H")
    assert result.returncode == 1
    assert "K-A-2" in result.stdout and "002" in result.stdout


def test_json_fields() -> None:
    result = run("--json", "JK", "6D", "7D")
    assert result.returncode == 0
    data = json.loads(result.stdout)
    assert data["legal"] is True and data["kind"] == "run" and data["clean"] is False
    assert isinstance(data["reason"], str) and "5♦" in data["reason"]
    result = run("--json", "2S", "2H", "2D")
    data = json.loads(result.stdout)
    assert result.returncode == 1
    assert data["legal"] is False and data["kind"] is None and data["clean"] is None
    assert "three 2s are not a set" in data["reason"]


def test_stdin_lines_answered_in_order_with_errors() -> None:
    stdin = "5H 6H 7H\n9S 9H 9D\n5H 5X\n\nKS KD KH\n"
    result = run("--json", "--rules", "aberto", stdin=stdin)
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 5
    assert lines[0]["legal"] is True
    assert lines[1]["legal"] is False and "sets" in lines[1]["reason"]
    assert "error" in lines[2] and "'5X'" in lines[2]["error"]
    assert lines[3]["legal"] is False  # an empty line is an empty meld
    assert lines[4]["legal"] is False
    assert result.returncode == 2  # some input could not be understood
    assert "line 3" in result.stderr and "Traceback" not in result.stderr


def test_text_mode_stdin() -> None:
    result = run(stdin="5H 6H 7H\n5H 6H 8H\n")
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and "legal" in lines[0] and "illegal" in lines[1]
    assert result.returncode == 1


@pytest.mark.parametrize(
    ("args", "status"),
    [
        (("--rules", "nope", "5H", "6H", "7H"), 2),
        (("5H", "6H", "7Z"), 2),
        (("--rules", "brazil-online", "JK", "5H", "6H"), 1),  # a joker is not in this deck: illegal, not bad input
        (("5H", "5H", "5H"), 1),  # a third 5♥: illegal
        (("--rules", "cutthroat", "9S", "9H", "9D"), 0),
        (("--option", "semi_clean_bonus=150", "--json", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "JK"), 0),
        (("--option", "nonsense=1", "5H", "6H", "7H"), 2),
    ],
)
def test_exit_statuses(args: tuple[str, ...], status: int) -> None:
    result = run(*args)
    assert result.returncode == status, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    if status == 2:
        assert len(result.stderr.strip().splitlines()) == 1


def test_unknown_preset_message_names_presets() -> None:
    result = run("--rules", "canasta", "5H", "6H", "7H")
    assert "unknown ruleset preset 'canasta'" in result.stderr
    assert "italian" in result.stderr


def test_semi_clean_in_json() -> None:
    result = run("--option", "semi_clean_bonus=150", "--json", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "JK")
    assert json.loads(result.stdout)["semi_clean"] is True


def test_help_and_rules_command() -> None:
    result = subprocess.run([sys.executable, "-m", "buraco_learn", "--help"], capture_output=True, text=True)
    assert result.returncode == 0 and "check-meld" in result.stdout
    result = subprocess.run([sys.executable, "-m", "buraco_learn", "rules"], capture_output=True, text=True)
    assert "cutthroat" in result.stdout and "004" in result.stdout
    result = subprocess.run([sys.executable, "-m", "buraco_learn", "rules", "aberto", "--json"], capture_output=True, text=True)
    assert json.loads(result.stdout)["opening_minimum"] == 75
