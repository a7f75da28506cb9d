"""The wheel carries the widgets' front ends: built, installed in a fresh venv, loaded from there."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def build_wheel(out: Path) -> Path:
    """``pip wheel . --no-deps``, with the venv's hatchling when it has one (else pip fetches it)."""
    isolation = [] if importlib.util.find_spec("hatchling") is None else ["--no-build-isolation"]
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", *isolation, "-w", str(out), "-q"],
        capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, f"building the wheel failed:\n{result.stderr[-3000:]}"
    (wheel,) = out.glob("buraco_learn-*.whl")
    return wheel


def fresh_venv(where: Path, *requirements: str) -> Path:
    """A new venv (no system site packages) with ``requirements`` installed; returns its python."""
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True, capture_output=True, timeout=300)
    python = where / "bin" / "python"
    uv = shutil.which("uv", path=str(Path(sys.executable).parent)) or shutil.which("uv")
    lock = ["-c", str(REPO / "requirements-lock.txt")]
    if uv:
        command = [uv, "pip", "install", "--python", str(python), *lock, *requirements]
    else:
        command = [str(python), "-m", "pip", "install", "-q", *lock, *requirements]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"installing {requirements} failed:\n{result.stderr[-3000:]}"
    return python


def checkout_module(name: str) -> str:
    """A widget's module as the checkout's widgets/ folder makes it: its shared parts, then its own file."""
    from buraco_learn.ui.base import MODULE_PARTS

    return "\n".join((REPO / "widgets" / part).read_text() for part in (*MODULE_PARTS[name], name))


CHECK = r"""
import json, sys
from pathlib import Path
import buraco_learn, buraco_learn.ui.base as base
from buraco_learn.ui import MeldQuiz, ScoreSheet
site = Path(buraco_learn.__file__).resolve().parent
quiz, sheet = MeldQuiz(seed=1), ScoreSheet()
print(json.dumps({
    "package": str(site),
    "static_dirs": [str(p) for p in base.STATIC_DIRS],
    "quiz_js": str(base.static_file("meld_quiz.js")),
    "sheet_js": str(base.static_file("score_sheet.js")),
    "quiz_esm": str(quiz._esm), "quiz_css": str(quiz._css),
    "sheet_esm": str(sheet._esm), "sheet_css": str(sheet._css),
    "repr": repr(quiz),
    "no_system_site": not any("dist-packages" in p or p.startswith("/usr/lib/python3/") for p in sys.path),
}))
"""


def test_the_installed_wheel_loads_every_widget_front_end_from_the_package(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path / "dist")
    python = fresh_venv(tmp_path / "venv", str(wheel))  # the wheel alone: anywidget is its dependency
    result = subprocess.run([str(python), "-c", CHECK], capture_output=True, text=True, timeout=120, cwd=tmp_path,
                            env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    package = Path(found["package"])
    assert package.is_relative_to(tmp_path / "venv"), "the fresh venv's copy, not the checkout"
    assert found["static_dirs"] == [str(package / "ui" / "static")], "no fallback to a repository outside the wheel"
    assert found["quiz_js"] == str(package / "ui" / "static" / "meld_quiz.js")
    assert found["quiz_esm"] == checkout_module("meld_quiz.js"), "the shared helpers, then the quiz's own file"
    assert found["sheet_esm"] == checkout_module("score_sheet.js")
    for name in ("buraco.css", "meld_quiz.css"):
        assert (REPO / "widgets" / name).read_text() in found["quiz_css"]
    assert (REPO / "widgets" / "score_sheet.css").read_text() in found["sheet_css"]
    assert found["repr"] == "MeldQuiz(rules='italian', seed=1, question 1 of 24, score 0 of 0)"
    assert found["no_system_site"]
