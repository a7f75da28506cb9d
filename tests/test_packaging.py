"""What ``pip install buraco-learn`` gives: the wheel alone (no extra) runs the engine and every widget.

Two tests build the wheel and the sdist with ``uv build`` (the sdist first, the wheel from
the sdist, as a pip user's build would), install the wheel alone into a fresh venv held to
``requirements-lock.txt`` and construct widgets there (issue 17, items 1 and 5).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
LOCK = REPO / "requirements-lock.txt"


def find_uv() -> str:
    uv = shutil.which("uv", path=str(Path(sys.executable).parent)) or shutil.which("uv")
    if uv is None:
        pytest.skip("uv is not installed (./dev installs it into .venv)")
    return uv


def clean_env() -> dict[str, str]:
    """The environment without what would let the checkout or the dev venv leak into a fresh venv."""
    return {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV", "BURACO_REQUIRE_COMPILED")}


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``uv build``: the sdist, then the wheel built from it."""
    out = tmp_path_factory.mktemp("dist")
    result = subprocess.run([find_uv(), "build", "--quiet", "--out-dir", str(out), str(REPO)],
                            capture_output=True, text=True, timeout=600, env=clean_env())
    assert result.returncode == 0, f"uv build failed:\n{result.stderr[-3000:]}"
    return out


def the_wheel(dist: Path) -> Path:
    (wheel,) = dist.glob("buraco_learn-*.whl")
    return wheel


def the_sdist(dist: Path) -> Path:
    (sdist,) = dist.glob("buraco_learn-*.tar.gz")
    return sdist


def install_alone(wheel: Path, where: Path, python: str | None = None) -> tuple[Path, float]:
    """A fresh venv holding the wheel and its own dependencies only, at the lock's versions; (its python, seconds)."""
    uv = find_uv()
    subprocess.run([uv, "venv", "--quiet", "--python", python or sys.executable, str(where)],
                   check=True, capture_output=True, timeout=300, env=clean_env())
    venv_python = where / "bin" / "python"
    started = time.perf_counter()
    result = subprocess.run([uv, "pip", "install", "--quiet", "--python", str(venv_python), "-c", str(LOCK), str(wheel)],
                            capture_output=True, text=True, timeout=600, env=clean_env())
    seconds = time.perf_counter() - started
    assert result.returncode == 0, f"installing the wheel alone failed:\n{result.stderr[-3000:]}"
    return venv_python, seconds


CHECK = r"""
import importlib.util, json, sys
from pathlib import Path
import buraco_learn, buraco_learn.ui
from buraco_learn.ui import CardTable, MeldQuiz
table = CardTable("italian", seed=3, bots="random", pace=0)
table.advance()
before = len(table.table["hand"])
table._handle_custom_msg({"intent": "draw"}, [])
quiz = MeldQuiz(seed=1)
print(json.dumps({
    "package": str(Path(buraco_learn.__file__).resolve().parent),
    "python": list(sys.version_info[:3]),
    "table": repr(table), "table_error": table.error, "drawn": len(table.table["hand"]) - before, "quiz": repr(quiz),
    "esm_loaded": "export default" in (table._esm if isinstance(table._esm, str) else Path(table._esm).read_text()),
    "extras_absent": [name for name in ("voila", "jupyterlab", "matplotlib", "pytest") if importlib.util.find_spec(name) is None],
}))
"""


def run_check(python: Path, cwd: Path) -> dict:
    result = subprocess.run([str(python), "-I", "-c", CHECK], capture_output=True, text=True, timeout=300, cwd=cwd, env=clean_env())
    assert result.returncode == 0, result.stderr[-3000:]
    found: dict = json.loads(result.stdout.strip().splitlines()[-1])
    return found


def test_a_missing_widget_library_is_one_sentence() -> None:
    """Where anywidget is missing (installed with --no-deps, say), asking for a widget says what to do in one sentence."""
    code = (
        "import sys\n"
        "sys.modules['anywidget'] = None\n"
        "import buraco_learn.ui, buraco_learn.ui.quizgen\n"  # the pure parts still import
        "try:\n"
        "    from buraco_learn.ui import MeldQuiz\n"
        "except ModuleNotFoundError as error:\n"
        "    print(error)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=REPO)
    assert result.returncode == 0, result.stderr
    message = result.stdout.strip()
    assert message.startswith("buraco_learn.ui.MeldQuiz needs anywidget, which is not installed"), message
    assert "pip install buraco-learn" in message
    assert message.count(". ") == 0 and message.endswith(".") and "\n" not in message, "one sentence"


def test_the_wheel_alone_gives_working_widgets(dist: Path, tmp_path: Path) -> None:
    wheel = the_wheel(dist)
    python, seconds = install_alone(wheel, tmp_path / "venv")
    found = run_check(python, tmp_path)
    print(f"\nwheel {wheel.name}: {wheel.stat().st_size / 1024:.0f} KiB; installed alone into a fresh venv in {seconds:.1f} s")
    assert Path(found["package"]).is_relative_to(tmp_path / "venv"), "the fresh venv's copy, not the checkout"
    assert found["table"].startswith("CardTable(rules='italian'"), found["table"]
    assert found["table_error"] == "" and found["drawn"] == 1, "the table answered the draw"
    assert found["quiz"].startswith("MeldQuiz(rules='italian', seed=1"), found["quiz"]
    assert found["esm_loaded"]
    assert found["extras_absent"] == ["voila", "jupyterlab", "matplotlib", "pytest"], "no extra was installed"


def python_below_3_11_5() -> str | None:
    """An interpreter on this machine older than 3.11.5 (Debian 12's python3 is 3.11.2), if there is one."""
    for candidate in ("/usr/bin/python3.11", "/usr/bin/python3"):
        if not Path(candidate).is_file():
            continue
        result = subprocess.run([candidate, "-c", "import sys; print(*sys.version_info[:3])"], capture_output=True, text=True, timeout=60)
        if result.returncode == 0:
            version = tuple(int(part) for part in result.stdout.split())
            if (3, 11, 0) <= version < (3, 11, 5):
                return candidate
    return None


def test_the_lock_installs_from_python_3_11_0(dist: Path, tmp_path: Path) -> None:
    """``requires-python`` says 3.11 and the lock holds only versions that install there (soupsieve 2.x, not 4.x)."""
    requires = re.search(r'^requires-python = "(.*)"', (REPO / "pyproject.toml").read_text(), re.MULTILINE)
    assert requires and requires.group(1) == ">=3.11"
    result = subprocess.run(
        [find_uv(), "pip", "compile", "--quiet", "--python-version", "3.11.0", "--extra", "test", "--extra", "app",
         "-c", str(LOCK), str(REPO / "pyproject.toml")],
        capture_output=True, text=True, timeout=600, env=clean_env(), cwd=tmp_path,
    )
    assert result.returncode == 0, f"the lock does not resolve for Python 3.11.0:\n{result.stderr[-3000:]}"
    old = python_below_3_11_5()
    if old is None:
        return  # the resolution above is the proof; an install needs an old interpreter
    venv_python, _ = install_alone(the_wheel(dist), tmp_path / "venv", python=old)
    found = run_check(venv_python, tmp_path)
    print(f"\nthe wheel alone on {old}: Python {'.'.join(map(str, found['python']))}")
    assert found["python"][:2] == [3, 11] and found["python"][2] < 5
    assert found["table_error"] == ""
