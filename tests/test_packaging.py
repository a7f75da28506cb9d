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
import tarfile
import time
import zipfile
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


# -- what the wheel and the sdist carry (issue 17, item 5) ------------------------------------------------

#: what the sdist must hold besides the package: its own tests run from it, and so does ./dev
SDIST_NEEDS = ("LICENSE", "CHANGELOG.md", "README.md", "pyproject.toml", "requirements-lock.txt", "dev",
               "binder/requirements.txt", "binder/runtime.txt", "binder/postBuild", "binder/start",
               "docs/CONTRIBUTING.md", "tests/conftest.py", "widgets/card_table.js", "lessons/index.ipynb")
#: the folders whose every tracked file goes into the sdist
SDIST_FOLDERS = ("buraco_learn", "widgets", "lessons", "tests", "binder", "docs")


def sdist_names(sdist: Path) -> dict[str, tarfile.TarInfo]:
    with tarfile.open(sdist) as archive:
        members = archive.getmembers()
    prefix = sdist.name.removesuffix(".tar.gz") + "/"
    return {member.name.removeprefix(prefix): member for member in members if member.isfile()}


def test_the_wheel_carries_the_license_and_the_metadata(dist: Path) -> None:
    with zipfile.ZipFile(the_wheel(dist)) as wheel:
        names = wheel.namelist()
        (license_name,) = [name for name in names if name.endswith(".dist-info/licenses/LICENSE")]
        assert wheel.read(license_name).decode() == (REPO / "LICENSE").read_text()
        (metadata_name,) = [name for name in names if name.endswith(".dist-info/METADATA")]
        metadata = wheel.read(metadata_name).decode()
    assert "License-Expression: MIT" in metadata
    for classifier in ("Framework :: Jupyter", "Framework :: Jupyter :: JupyterLab", "Topic :: Games/Entertainment",
                       "Intended Audience :: Education", "Programming Language :: Python :: 3.11"):
        assert f"Classifier: {classifier}\n" in metadata
    for label in ("Homepage", "Documentation", "Changelog"):
        assert f"Project-URL: {label}, " in metadata
    requires = {line.split(":", 1)[1].strip() for line in metadata.splitlines() if line.startswith("Requires-Dist:")}
    assert {"anywidget>=0.9", "ipywidgets>=8.1"} <= requires, "the widgets' libraries are plain dependencies"
    assert "MIT License" in (REPO / "LICENSE").read_text() and "buraco-learn contributors" in (REPO / "LICENSE").read_text()


def test_the_sdist_holds_what_its_own_tests_need(dist: Path) -> None:
    names = sdist_names(the_sdist(dist))
    missing = [name for name in SDIST_NEEDS if name not in names]
    assert not missing, f"the sdist lacks {missing}"
    assert names["dev"].mode & 0o111, "./dev stays executable"
    tracked = subprocess.run(["git", "ls-files", *SDIST_FOLDERS], capture_output=True, text=True, cwd=REPO, timeout=60)
    if tracked.returncode == 0 and tracked.stdout:  # in a checkout: every tracked file of those folders
        left_out = [name for name in tracked.stdout.splitlines() if name not in names and (REPO / name).is_file()]
        assert not left_out, f"the sdist lacks tracked files: {left_out[:20]}"
    assert not [name for name in names if name.endswith((".so", ".pyd", ".pyc")) or name.endswith("_engine.json")], \
        "no compiled engine or bytecode in the sdist"


#: a representative part of the suite, run from the unpacked sdist (no browser, nothing slow)
SDIST_TESTS = ("tests/test_app_binder.py", "tests/test_cards.py", "tests/test_rules.py", "tests/test_golden_records.py",
               "tests/test_ui_meld_quiz.py", "tests/test_app_catalogue.py", "README.md")


@pytest.mark.slow
def test_the_sdist_s_own_tests_pass(dist: Path, tmp_path: Path) -> None:
    """Unpacked in a temporary folder, installed with the test extra into its own venv, its tests pass there."""
    with tarfile.open(the_sdist(dist)) as archive:
        archive.extractall(tmp_path, filter="data")
    (root,) = tmp_path.glob("buraco_learn-*")
    uv = find_uv()
    subprocess.run([uv, "venv", "--quiet", "--python", sys.executable, str(root / ".venv")],
                   check=True, capture_output=True, timeout=300, env=clean_env())
    python = root / ".venv" / "bin" / "python"
    result = subprocess.run([uv, "pip", "install", "--quiet", "--python", str(python), "-c", "requirements-lock.txt", "-e", ".[test]"],
                            capture_output=True, text=True, timeout=900, cwd=root, env=clean_env())
    assert result.returncode == 0, f"installing the sdist's test extra failed:\n{result.stderr[-3000:]}"
    result = subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:xdist", *SDIST_TESTS],
                            capture_output=True, text=True, timeout=1800, cwd=root, env=clean_env())
    assert result.returncode == 0, f"the sdist's tests failed:\n{result.stdout[-3000:]}\n{result.stderr[-2000:]}"
    assert " passed" in result.stdout.splitlines()[-1]
    print(f"\nthe sdist ({the_sdist(dist).stat().st_size / 1024:.0f} KiB), unpacked: {result.stdout.splitlines()[-1]}")
    assert str(root) in subprocess.run([str(python), "-c", "import buraco_learn; print(buraco_learn.__file__)"],
                                       capture_output=True, text=True, cwd=tmp_path, env=clean_env(), timeout=120).stdout, \
        "the tests ran on the sdist's own copy"
