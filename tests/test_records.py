"""Game records: byte-identical for a seed, replayable, verified, and tampering detected."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from buraco_learn import preset
from buraco_learn.game.record import dumps, load, selfplay, verify_record


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "buraco_learn", *args], input=stdin, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("name", ["italian", "aberto", "fechado", "cutthroat"])
def test_record_replays_and_verifies(name: str) -> None:
    record = selfplay(preset(name), hands=2, seed=9)
    assert verify_record(record) == []
    assert record["format"] == "buraco-learn-record" and len(record["hands"]) == 2
    hand = record["hands"][0]
    deal = hand["deal"]
    total = sum(len(h) for h in deal["hands"]) + sum(len(p) for p in deal["pots"]) + len(deal["pile"]) + len(deal["stock"])
    assert total == preset(name).deck_size and len(deal["shuffled"]) == preset(name).deck_size
    assert record["rules"]["name"] == name


def test_same_seed_gives_byte_identical_record(tmp_path: Path) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for path in (a, b):
        result = run_cli("selfplay", "--rules", "italian", "--hands", "2", "--seed", "21", "--record", str(path), "--quiet")
        assert result.returncode == 0, result.stderr
    assert a.read_bytes() == b.read_bytes()
    other = tmp_path / "c.json"
    run_cli("selfplay", "--rules", "italian", "--hands", "2", "--seed", "22", "--record", str(other), "--quiet")
    assert other.read_bytes() != a.read_bytes()


def test_replay_verify_command(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(dumps(selfplay(preset("bukharo"), hands=2, seed=3)))
    result = run_cli("replay", str(path), "--verify")
    assert result.returncode == 0 and result.stdout.startswith("ok:")
    shown = run_cli("replay", str(path), "--hand", "1")
    assert shown.returncode == 0 and "hand 1" in shown.stdout and ": draw" in shown.stdout


def _tampered(change: str) -> dict:  # type: ignore[type-arg]
    record = selfplay(preset("italian"), hands=1, seed=8)
    hand = record["hands"][0]
    if change == "action":
        index = next(i for i, text in enumerate(hand["actions"]) if text.startswith("discard"))
        hand["actions"][index] = "discard JK" if "JK" not in hand["actions"][index] else "discard 5X"
    elif change == "score":
        side = next(iter(hand["score"]))
        hand["score"][side]["total"] += 10
    elif change == "deal":
        hand["deal"]["stock"][0], hand["deal"]["hands"][0][0] = hand["deal"]["hands"][0][0], hand["deal"]["stock"][0]
    elif change == "truncate":
        hand["actions"] = hand["actions"][:-3]
    elif change == "totals":
        record["totals"] = {team: points + 5 for team, points in record["totals"].items()}
    return record


@pytest.mark.parametrize("change", ["action", "score", "deal", "truncate", "totals"])
def test_verify_detects_tampering(change: str, tmp_path: Path) -> None:
    record = _tampered(change)
    assert verify_record(record), change
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    result = run_cli("replay", str(path), "--verify")
    assert result.returncode == 1 and "mismatch" in result.stdout
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("text", ["not json", "{}", '{"format": "buraco-learn-record", "version": 99}'])
def test_unreadable_records_exit_2(text: str, tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text(text)
    result = run_cli("replay", str(path), "--verify")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    with pytest.raises(ValueError):
        load(text)


def test_selfplay_errors_are_one_line() -> None:
    for args in (["--rules", "nope"], ["--bots", "grandmaster"], ["--hands", "0"]):
        result = run_cli("selfplay", "--hands", "1", "--seed", "1", *args)
        assert result.returncode == 2, args
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_record_to_stdout_is_the_record() -> None:
    result = run_cli("selfplay", "--rules", "cutthroat", "--hands", "1", "--seed", "2", "--record", "-")
    record = json.loads(result.stdout)
    assert verify_record(record) == []
    assert record["bots"] == ["random"] * 4
