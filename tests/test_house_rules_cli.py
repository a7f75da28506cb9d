"""House rules on the command line: ``rules --save`` writes one, every ``--rules`` takes it, errors are one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from buraco_learn import preset
from buraco_learn.cli import main
from buraco_learn.game.record import load as load_record
from buraco_learn.house_rules import dumps, load

SHEET = {  # 002 'Scoring', "North closes"
    "closed_by": "North-South",
    "sides": {
        "North-South": {"melds": [["3H", "4H", "5H", "6H", "7H", "8H", "9H"], ["AS", "AH", "AD", "JK"]], "hands": [[], ["7H", "3S"]], "pot": "taken"},
        "East-West": {"melds": [["QS", "QS", "QH", "QH", "QD", "QC", "2C"], ["4C", "5C", "6C"]], "hands": [["KH"], ["JK"]], "pot": "taken"},
    },
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    if status == 2:
        assert len(err.strip().splitlines()) == 1 and err.startswith(f"buraco-learn {argv[0]}: "), err
    return status, out, err


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Path:
    monkeypatch.chdir(tmp_path)
    status, out, _ = run(capsys, "rules", "--save", "club.json", "--rules", "italian", "--option", "semi_clean_bonus=150",
                         "--option", "target=1005", "--name", "Our club")
    assert status == 0 and "Our club" in out and "club.json" in out
    (tmp_path / "sheet.json").write_text(json.dumps(SHEET))
    return tmp_path / "club.json"


def test_rules_save_writes_a_ruleset_every_loader_reads(club: Path) -> None:
    rules = load(club)
    assert rules == preset("italian", name="Our club", semi_clean_bonus=150, target=1005)
    assert club.read_text() == dumps(rules)


def test_rules_save_starts_from_a_file_too(club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, _ = run(capsys, "rules", "--rules", "club.json", "--option", "players=3", "--save", "sub/../three.json")
    assert status == 2  # the folder sub does not exist: told, not a traceback
    status, _, _ = run(capsys, "rules", "--rules", "club.json", "--option", "players=3", "--name", "Three of us", "--save", "three.json")
    three = load(club.parent / "three.json")
    assert status == 0 and three.name == "Three of us" and three.semi_clean_bonus == 150 and three.pot_sizes == (18, 11)


def test_rules_save_replaces_a_ruleset_file_but_never_another_file(club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, _ = run(capsys, "rules", "--rules", "club.json", "--option", "target=1500", "--save", "club.json")
    assert status == 0 and load(club).target == 1500 and load(club).name == "Our club"
    sheet = (club.parent / "sheet.json").read_text()
    (club.parent / "folder.json").mkdir()
    for target in ("sheet.json", "folder.json"):
        status, _, err = run(capsys, "rules", "--rules", "club.json", "--save", target)
        assert status == 2 and "exists and is not a ruleset file, so it is not replaced" in err, err
    assert (club.parent / "sheet.json").read_text() == sheet
    status, _, err = run(capsys, "rules", "--save", "a\0b.json")
    assert status == 2 and "not a file name" in err


def test_rules_shows_a_ruleset_file(club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "club.json")
    assert status == 0 and out.startswith("Our club: italian (002) with Bonus for a semi-clean burraco 150")
    assert '  semi_clean_bonus = 150' in out
    status, out, _ = run(capsys, "rules", "club.json", "--json")
    assert status == 0 and json.loads(out)["name"] == "Our club"
    status, out, _ = run(capsys, "rules", "--rules", "fechado", "--option", "target=1000")
    assert status == 0 and out.startswith("fechado: fechado (003) with Points to win the match 1000")


def test_rules_without_house_flags_prints_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules")
    assert status == 0 and out.splitlines()[0].startswith("italian        002")
    status, out, _ = run(capsys, "rules", "italian", "--json")
    assert status == 0 and json.loads(out) == preset("italian").to_dict()
    status, out, _ = run(capsys, "rules", "aberto")
    assert status == 0 and out.startswith("Brazilian open Buraco")
    status, out, _ = run(capsys, "rules", "--options")
    assert status == 0 and out.startswith("name (default 'italian'):")


@pytest.mark.parametrize(("argv", "words"), [
    (["rules", "--save", "club.txt"], "write the ruleset to a FILE.json"),
    (["rules", "--save", ".json"], "write the ruleset to a FILE.json"),
    (["rules", "--name", "italian", "--save", "x.json"], "is a preset's name"),
    (["rules", "--name", "", "--save", "x.json"], "must not be empty"),
    (["rules", "--name", "x" * 100, "--save", "x.json"], "at most 60 characters"),
    (["rules", "italian", "--rules", "aberto"], "give the ruleset once"),
    (["rules", "--option", "players=9", "--save", "x.json"], "'players' must be between 2 and 6"),
    (["rules", "--option", "base=aberto", "--save", "x.json"], "--option base"),
    (["rules", "--rules", "canasta", "--save", "x.json"], "unknown ruleset preset 'canasta'"),
    (["rules", "missing.json"], "no such file"),
])
def test_rules_save_errors_are_one_line(argv: list[str], words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    status, _, err = run(capsys, *argv)
    assert status == 2 and words in err, err
    assert not (tmp_path / "x.json").exists()


# -- every command's --rules ----------------------------------------------------------------------
COMMANDS = {
    "check-meld": ["check-meld", "7H", "8H", "9H"],
    "score": ["score", "sheet.json"],
    "selfplay": ["selfplay", "--hands", "1", "--seed", "1", "--quiet"],
    "simulate": ["simulate", "--hands", "1", "--checks", "light", "--json"],
    "arena": ["arena", "--a", "random", "--b", "random", "--hands", "1", "--json"],
}


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_plays_a_ruleset_file(command: str, club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, *COMMANDS[command], "--rules", "club.json")
    assert status == 0
    if command == "check-meld":
        assert out.startswith("7H 8H 9H: legal")
    elif command == "score":
        assert "North-South" in out
    elif command == "selfplay":
        assert "of Our club" in out
    else:
        assert json.loads(out.splitlines()[0])["rules"] == "Our club"
    status, out, _ = run(capsys, *COMMANDS[command], "--rules", str(club))  # an absolute path
    assert status == 0


@pytest.mark.parametrize("command", ["check-meld", "score", "selfplay", "arena"])
def test_option_applies_on_top_of_a_ruleset_file(command: str, club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, _ = run(capsys, *COMMANDS[command], "--rules", "club.json", "--option", "target=3000")
    assert status == 0
    status, _, err = run(capsys, *COMMANDS[command], "--rules", "club.json", "--option", "target=0")
    assert status == 2 and "'target' must be between 1 and 100000" in err


def test_selfplay_records_the_house_ruleset_and_replay_reads_it(club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, _ = run(capsys, "selfplay", "--rules", "club.json", "--hands", "1", "--seed", "2", "--record", "game.json", "--quiet")
    assert status == 0
    record = load_record((club.parent / "game.json").read_text())
    assert record["rules"]["name"] == "Our club" and record["rules"]["base"] == "italian"
    status, out, _ = run(capsys, "replay", "--verify", "game.json")
    assert status == 0 and out.startswith("ok:")


BAD = {
    "players.json": '{"name": "Big", "base": "italian", "players": 9}',
    "unknown.json": '{"name": "Old", "base": "italian", "wilds_per_meld": 2}',
    "type.json": '{"name": "Odd", "base": "italian", "jokers": "yes"}',
    "notjson.json": "{",
    "list.json": "[1]",
    "deep.json": "[" * 30_000 + "]" * 30_000,
    "huge.json": " " * 70_000,
}
WORDS = {
    "players.json": "rules option 'players' must be between 2 and 6, not 9",
    "unknown.json": "unknown rules option 'wilds_per_meld'",
    "type.json": "rules option 'jokers' must be true or false",
    "notjson.json": "is not valid JSON",
    "list.json": "must be a JSON object of options",
    "deep.json": "nested too deeply",
    "huge.json": "too large",
    "missing.json": "no such file",
    "folder/": "it is a folder",
}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("name", list(WORDS))
def test_a_bad_ruleset_file_is_one_line_and_exit_2(command: str, name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sheet.json").write_text(json.dumps(SHEET))
    (tmp_path / "folder").mkdir()
    for file, text in BAD.items():
        (tmp_path / file).write_text(text)
    status, out, err = run(capsys, *COMMANDS[command], "--rules", name)
    assert status == 2 and WORDS[name] in err and name.rstrip("/") in err, err
    assert "error" in out if command == "check-meld" and "--json" in COMMANDS[command] else out == ""
