"""The compiled engine (mypyc): when it loads, and that it plays exactly as the Python sources do."""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import buraco_learn
from buraco_learn import compiled
from buraco_learn.compiled import GROUP, MODULES, STAMP, source_path, status

REQUIRE = os.environ.get("BURACO_REQUIRE_COMPILED") == "1"
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def fake_tree(tmp_path: Path, built: tuple[str, ...] = (*MODULES, GROUP + "__mypyc"), stamp: bool = True) -> Path:
    """A copy of the compiled modules' sources with stand-ins for a build (empty extension files)."""
    root = tmp_path / "tree"
    for module in MODULES:
        target = source_path(module, root)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source_path(module), target)
    for module in built:
        stem = source_path(module, root).with_suffix("")
        stem.parent.mkdir(parents=True, exist_ok=True)
        stem.with_name(stem.name + SUFFIX).write_bytes(b"")
    if stamp:
        hashes = {module: hashlib.sha256(source_path(module, root).read_bytes()).hexdigest() for module in MODULES}
        (root / "buraco_learn" / STAMP).write_text(json.dumps({"mypyc": "test", "sources": hashes}))
    return root


def test_no_build_means_the_sources(tmp_path: Path) -> None:
    assert status(fake_tree(tmp_path, built=(), stamp=False), environ={}).kind == "pure"


def test_a_build_matching_its_stamp_is_used(tmp_path: Path) -> None:
    found = status(fake_tree(tmp_path), environ={})
    assert found.compiled and f"{len(MODULES)} modules" in found.detail


def test_an_edited_source_makes_the_build_stale(tmp_path: Path) -> None:
    root = fake_tree(tmp_path)
    state = source_path("buraco_learn.game.state", root)
    state.write_text(state.read_text() + "\n# edited\n")
    found = status(root, environ={})
    assert found.kind == "stale" and "buraco_learn.game.state" in found.detail and not found.compiled


def test_an_incomplete_build_or_a_missing_stamp_is_stale(tmp_path: Path) -> None:
    assert status(fake_tree(tmp_path / "a", built=MODULES[:3]), environ={}).kind == "stale"
    found = status(fake_tree(tmp_path / "b", stamp=False), environ={})
    assert found.kind == "stale" and STAMP in found.detail


def test_the_environment_can_ask_for_the_sources(tmp_path: Path) -> None:
    root = fake_tree(tmp_path)
    assert status(root, environ={"BURACO_PURE_PYTHON": "1"}).kind == "disabled"
    assert status(root, environ={"BURACO_PURE_PYTHON": "0"}).compiled


def test_the_sources_finder_serves_only_the_compiled_modules(tmp_path: Path) -> None:
    finder = compiled._SourcesFirst(tmp_path)
    spec = finder.find_spec("buraco_learn.game.state", None)
    assert spec is not None and spec.origin == str(source_path("buraco_learn.game.state", tmp_path))
    assert finder.find_spec("buraco_learn.cards", None) is None


def _module_files(environ: dict[str, str]) -> dict[str, str]:
    code = f"import importlib, json; print(json.dumps({{m: importlib.import_module(m).__file__ for m in {list(MODULES)!r}}}))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=environ, check=True)
    return dict(json.loads(run.stdout))


def test_this_checkout_loads_what_its_status_says() -> None:
    here = compiled.STATUS
    assert here is not None and here == status(environ=os.environ)
    if REQUIRE:
        assert here.compiled, f"./dev test builds the compiled engine, but: {here}"
    files = _module_files({**os.environ, "BURACO_PURE_PYTHON": ""})
    suffix = SUFFIX if here.compiled else ".py"
    assert all(path.endswith(suffix) for path in files.values()), files
    pure = _module_files({**os.environ, "BURACO_PURE_PYTHON": "1"})
    assert all(path.endswith(".py") for path in pure.values()), pure


SELFPLAY = """
import sys
from buraco_learn import PRESET_NAMES, preset
from buraco_learn.compiled import guard
from buraco_learn.game.record import dumps, selfplay
print(guard().kind)
for name in PRESET_NAMES:
    for levels in (("random",), ("intermediate",), ("beginner",)):
        print(dumps(selfplay(preset(name), 2, 11, levels, progress=False)).replace("\\n", " "))
# the strong bot's search (sampled worlds, clones, rollouts) at every 12th decision of a hand
import random
from buraco_learn.bots import make_bot
from buraco_learn.game import HandState
for name in ("italian", "aberto", "cutthroat"):
    rules = preset(name)
    state = HandState.new(rules, random.Random(5))
    players = [make_bot("intermediate", rules, seed=seat) for seat in range(rules.players)]
    strong = make_bot("strong", rules, seed=3)
    choices = []
    while not state.over:
        view = state.view(state.current)
        if len(state.history) % 12 == 5:
            choices.append(strong.act(view).notation())
        state.apply(players[state.current].act(view))
    print(name, "strong", " | ".join(choices))
"""


@pytest.mark.skipif(not status().compiled and not REQUIRE, reason=f"the engine is not compiled here ({status()})")
def test_compiled_and_pure_engines_play_byte_identical_records() -> None:
    """Every preset, random and heuristic bots: the same seed gives the same record from both
    engines; and the strong bot's search chooses the same actions."""
    runs = {}
    for pure in ("1", ""):
        run = subprocess.run([sys.executable, "-c", SELFPLAY], capture_output=True, text=True, check=True,
                             env={**os.environ, "BURACO_PURE_PYTHON": pure}, cwd=Path(buraco_learn.__file__).parent.parent)
        kind, *records = run.stdout.splitlines()
        runs[kind] = records
    assert set(runs) == {"disabled", "compiled"}
    assert len(runs["compiled"]) == 3 * len(buraco_learn.PRESET_NAMES) + 3
    for compiled_record, pure_record in zip(runs["compiled"], runs["disabled"], strict=True):
        assert compiled_record == pure_record
    assert all('"actions"' in record for record in runs["compiled"][:-3])
    assert all(line.count("|") >= 3 for line in runs["compiled"][-3:]), runs["compiled"][-3:]


def test_the_compiled_modules_doctests_run_on_their_sources() -> None:
    """doctest cannot see into compiled functions, so ``--doctest-modules`` finds nothing in
    the compiled modules: their examples run here, on the sources, in a process of their own."""
    files = [str(source_path(module)) for module in MODULES]
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", *files],
                         env={**os.environ, "BURACO_PURE_PYTHON": "1"}, capture_output=True, text=True,
                         cwd=Path(buraco_learn.__file__).parent.parent, check=False)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    passed = re.search(r"(\d+) passed", run.stdout)
    assert passed is not None and int(passed.group(1)) >= len(MODULES), run.stdout[-2000:]
