"""Hostile command lines (issue 16, item 6): no input makes ``buraco-learn`` print a traceback.

Every command is fuzzed in-process through :func:`buraco_learn.cli.main` with hypothesis:
its own flags (read from the parser), hostile values (thousands of digits, JSON nested
thousands deep, empty strings, unknown names) and hostile files and standard input
(records and score sheets tampered with). Every run exits 0, 1 or 2, never with a
traceback, and a 2 is told in exactly one line on standard error. The heavy work behind
``serve``, ``bench``, ``arena`` and ``simulate`` is replaced by quick stand-ins (the
command line's checks run for real), so each command's fuzz takes a few seconds.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import importlib
import io
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from buraco_learn import preset
from buraco_learn.cli import COMMANDS, build_parser, main
from buraco_learn.game.record import dumps, selfplay

DIGITS = "9" * 5000
DEEP = "[" * 100_000 + "]" * 100_000
NORTH_CLOSES: dict[str, Any] = {  # 002 'Scoring', "North closes"
    "closed_by": "North-South",
    "sides": {
        "North-South": {"melds": [["3H", "4H", "5H", "6H", "7H", "8H", "9H"], ["AS", "AH", "AD", "JK"]], "hands": [[], ["7H", "3S"]], "pot": "taken"},
        "East-West": {"melds": [["QS", "QS", "QH", "QH", "QD", "QC", "2C"], ["4C", "5C", "6C"]], "hands": [["KH"], ["JK"]], "pot": "taken"},
    },
}


def records() -> dict[str, str]:
    """A true record, and records tampered with in every way the probes tried."""
    record = selfplay(preset("italian"), hands=1, seed=3)
    good = dumps(record)
    out = {"record.json": good, "digits-record.json": good.replace('"seed": 3', f'"seed": {DIGITS}'),
           "deep-record.json": DEEP, "not-json.json": "{\"format\": ", "list.json": "[1, 2]", "empty.json": ""}
    for key, value in (("totals", [1, 2]), ("totals", "NS"), ("hands", "x"), ("hands", [1]), ("rules", [1]),
                       ("rules", {"name": "nosuch"}), ("winner", [1]), ("version", 2), ("format", None)):
        out[f"{key}-{type(value).__name__}.json"] = json.dumps({**record, key: value})
    hand = record["hands"][0]
    for key, value in (("totals", [1]), ("totals", "x"), ("score", [1]), ("score", {"NS": 1}), ("actions", "draw"),
                       ("actions", ["fly"]), ("actions", [1]), ("deal", None), ("deal", {"hands": 5}), ("end", [1])):
        out[f"hand-{key}-{type(value).__name__}.json"] = json.dumps({**record, "hands": [{**hand, key: value}, {**hand, key: value}]})
    return out


def sheets() -> dict[str, str]:
    sides = NORTH_CLOSES["sides"]
    return {"sheet.json": json.dumps(NORTH_CLOSES), "digits-sheet.json": f'{{"closed_by": null, "sides": {DIGITS}}}',
            "sheet-list.json": json.dumps([NORTH_CLOSES]), "sheet-sides-list.json": json.dumps({"sides": [1]}),
            "sheet-melds-str.json": json.dumps({"closed_by": None, "sides": {"A": {**sides["North-South"], "melds": "3H"}}}),
            "sheet-closed-by-int.json": json.dumps({**NORTH_CLOSES, "closed_by": 7}),
            "sheet-pot-odd.json": json.dumps({"closed_by": None, "sides": {"A": {**sides["North-South"], "pot": {"unseen": 5}}}})}


FILES = sorted([*records(), *sheets(), "folder", "binary.json", "missing.json"])


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("cli-fuzz")
    for name, text in {**records(), **sheets()}.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "folder").mkdir()
    (folder / "binary.json").write_bytes(b"\xff\xfe\x00")
    return folder


def arguments(command: str) -> tuple[list[str], list[str]]:
    """``command``'s options that take a value, and those that do not (read from its parser)."""
    parser = build_parser()
    sub = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    taking, bare = set(), set()
    for action in sub.choices[command]._actions:
        if action.option_strings and action.dest != "help":
            (bare if action.nargs == 0 else taking).update(action.option_strings)
    return sorted(taking), sorted(bare)


NAMES = ["italian", "cutthroat", "fechado", "all", "nosuch", "random", "beginner", "strong,random", ",", "meld", "hands", "12", "play"]
VALUES = ["0", "1", "-1", "2", "x", "", " ", DIGITS, "1e3", "0x10", "\u0663", "-", "--", "=", "\x00", "7H", "JK", "7H 8H 9H", "10S"]
OPTIONS = ["name=x", "name=", "source=x", "source=002", "base=fechado", f"players={DIGITS}", "players=3", "players=[" * 3000,
           "semi_clean_bonus=150", "nosuch=1", "=1", "x", "target=\"1\"", "pot_sizes=[11, 11]", "deck_size=1e400"]
STDIN = ["", "7H 8H 9H", "7H  9H", "JK 2H", "\u2665", DEEP, DIGITS, json.dumps(NORTH_CLOSES), "{", "null"]


#: A command line of each command that works, in units (an option with its value, or one positional).
WORKING: dict[str, list[list[str]]] = {
    "check-meld": [["7H"], ["8H"], ["9H"]], "score": [["sheet.json"]], "replay": [["record.json"]],
    "selfplay": [["--hands", "1"], ["--seed", "1"], ["--quiet"]], "simulate": [["--hands", "1"]],
    "arena": [["--a", "random"], ["--b", "random"], ["--hands", "1"]], "serve": [["--port", "0"], ["--no-browser"]],
    "rules": [["italian"]], "bench": [["meld"], ["--repeat", "1"]], "build-site": [["site-out"], ["--quiet"]],
}


@st.composite
def command_lines(draw: Any, command: str) -> tuple[list[str], str]:
    """A working command line of ``command`` changed: units dropped or given hostile values, and more of its
    options (each with a value where it takes one) and positional values added."""
    value = st.one_of(st.sampled_from(VALUES + NAMES + FILES), st.text(max_size=6))
    taking, bare = arguments(command)
    part = st.one_of(
        st.tuples(st.sampled_from(taking), value).map(list) if taking else st.nothing(),
        st.tuples(st.just("--option"), st.sampled_from(OPTIONS)).map(list) if "--option" in taking else st.nothing(),
        st.sampled_from(bare).map(lambda flag: [flag]) if bare else st.nothing(),
        value.map(lambda text: [text]),
    )
    argv = [command]
    for unit in WORKING[command]:
        change = draw(st.sampled_from(["keep", "keep", "drop", "value"]))
        if change == "keep":
            argv += unit
        elif change == "value":
            argv += [*unit[:-1], draw(value)]
    argv += [token for tokens in draw(st.lists(part, max_size=3)) for token in tokens]
    return argv, draw(st.sampled_from(STDIN))


class Stand:
    """Quick stand-ins for the work behind the heavy commands (their arguments are checked for real)."""

    @staticmethod
    def serve(options: Any, ready_message: str = "") -> None:
        assert options.url.startswith("http://127.0.0.1:")

    @staticmethod
    def bench(repeat: int = 1, progress: bool = False) -> list[Any]:
        return []


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch, place: Path) -> Iterator[None]:
    import buraco_learn.app.server as server
    import buraco_learn.bots.arena as arena
    import buraco_learn.game.simulate as simulate

    real_simulate, real_arena = simulate.simulate, arena.run_arena
    monkeypatch.setattr(server, "run", Stand.serve)
    from buraco_learn.cli.bench_cmd import BENCHES

    for module_name, name in BENCHES.values():  # every benchmark the command runs, a new one too
        monkeypatch.setattr(importlib.import_module(module_name), name, Stand.bench)
    monkeypatch.setattr(simulate, "simulate", lambda rules, hands, seed, checks, progress=False: real_simulate(rules, 1, seed, "light"))
    monkeypatch.setattr(arena, "run_arena", lambda rules, a, b, hands, **kw: real_arena(rules, "random", "random", 1, seed=0))
    # build-site: its checks of DIR and its moves run for real; the downloads and jupyter lite build are stood in for
    import buraco_learn.site.build as site_build

    monkeypatch.setattr(site_build, "pyodide_folder", lambda dest, cache, say: (dest.mkdir(parents=True, exist_ok=True), [])[1])
    monkeypatch.setattr(site_build, "_lite_build", lambda lite_dir, output, say: output.mkdir(parents=True))
    monkeypatch.setattr(site_build, "_patch_pages", lambda output: None)
    monkeypatch.setenv("BURACO_LEARN_SITE_CACHE", str(place / "site-cache"))
    monkeypatch.setenv("BURACO_LEARN_DATA", str(place / "data"))
    monkeypatch.chdir(place)
    yield


def run(argv: list[str], stdin: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    environ = dict(os.environ)
    real_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
    finally:
        sys.stdin = real_stdin
        os.environ.clear()
        os.environ.update(environ)  # serve --data/--lessons point this process's environment elsewhere
    return status, out.getvalue(), err.getvalue()


def check(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    status, out, err = run(argv, stdin)
    assert status in (0, 1, 2), (argv, status, err[-500:])
    assert "Traceback" not in err and "Traceback" not in out, (argv, err[-2000:])
    if status == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("buraco-learn"), (argv, err[-1000:])
    return status, out, err


@pytest.mark.parametrize("command", list(COMMANDS))
def test_no_command_line_gives_a_traceback(command: str, place: Path, quick: None) -> None:
    @settings(max_examples=int(os.environ.get("BURACO_FUZZ_EXAMPLES", "150")), deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(command_lines(command))
    def fuzz(case: tuple[list[str], str]) -> None:
        argv, stdin = case
        statuses[check(argv, stdin)[0]] += 1

    statuses = collections.Counter[int]()
    fuzz()
    assert statuses[0] + statuses[1] > 0, f"no command line reached {command}'s work: {statuses}"


# -- the probes' cases, each on its own ------------------------------------------------------------------
@pytest.mark.parametrize("command", [["check-meld", "7H", "8H", "9H"], ["score", "sheet.json"],
                                     ["selfplay", "--hands", "1", "--seed", "1", "--quiet"]])
def test_option_name_names_the_ruleset_and_source_is_refused_in_one_line(command: list[str], place: Path, quick: None) -> None:
    status, out, err = check([*command, "--option", "name=house"])
    assert status == 0 and err == "", err
    assert "house" in out if command[0] == "selfplay" else True
    status, out, err = check([*command, "--option", "source=x"])
    assert status == 2 and "--option source" in err and "--rules" in err
    status, _, err = check([*command, "--option", "source=002"])
    assert status == 2


@pytest.mark.parametrize("command", [["check-meld", "7H", "8H", "9H"], ["score", "sheet.json"], ["selfplay", "--hands", "1", "--seed", "1"]])
def test_an_option_of_thousands_of_digits_is_refused_in_one_line(command: list[str], place: Path, quick: None) -> None:
    status, _, err = check([*command, "--option", f"players={DIGITS}"])
    assert status == 2 and "thousands of digits" in err


@pytest.mark.parametrize(("argv", "stdin", "words"), [
    (["score", "digits-sheet.json"], "", "thousands of digits"),
    (["score", "-"], f'{{"sides": {DIGITS}}}', "thousands of digits"),
    (["replay", "digits-record.json"], "", "thousands of digits"),
    (["replay", "--verify", "digits-record.json"], "", "thousands of digits"),
    (["score", "-"], DEEP, "nested too deeply"),
    (["score", "deep-record.json"], "", "nested too deeply"),
    (["replay", "deep-record.json"], "", "nested too deeply"),
    (["replay", "-"], DEEP, "nested too deeply"),
])
def test_huge_numbers_and_deep_nesting_are_refused_in_one_line(argv: list[str], stdin: str, words: str, place: Path, quick: None) -> None:
    status, _, err = check(argv, stdin)
    assert status == 2 and words in err


@pytest.mark.parametrize("name", ["totals-list.json", "totals-str.json", "hand-totals-list.json", "hand-totals-str.json"])
def test_a_record_whose_totals_are_not_an_object_is_a_mismatch_not_a_crash(name: str, place: Path, quick: None) -> None:
    status, out, _ = check(["replay", "--verify", name])
    assert status == 1 and "mismatch:" in out and "totals" in out
    status, out, _ = check(["replay", name])
    assert status == 0 and "hand 1" in out


def test_an_empty_card_argument_is_bad_input(place: Path, quick: None) -> None:
    status, out, err = check(["check-meld", "7H", "", "9H"])
    assert status == 2 and "empty card argument" in err and out == ""
    status, out, err = check(["check-meld", "--json", "7H", " ", "9H"])
    assert status == 2 and json.loads(out)["error"].startswith("an empty card argument")
    assert check(["check-meld", "7H", "8H", "9H"])[0] == 0


@pytest.mark.parametrize("argv", [["nosuch"], ["check-meld", "--bogus"], ["selfplay", "--hands", "x", "--seed", "1"],
                                  ["selfplay"], ["arena", "--a"], ["simulate", "--checks", "most", "--hands", "1"],
                                  ["serve", "--port", "http"], ["replay"], ["rules", "a", "b"]])
def test_argparse_errors_are_one_line(argv: list[str], place: Path, quick: None) -> None:
    status, _, err = check(argv)
    assert status == 2 and err.endswith("--help)\n")
