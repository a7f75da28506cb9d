"""The template lesson of docs/authoring.md works as the page says: copied into the course's lessons, it runs.

The test does what a teacher does: copy the course's lessons, add the template's notebook (numbered next)
and its task file, then run it under nbval with its checks, measure it (words before the first task,
tasks), and see it in the catalogue after the course's last lesson.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from buraco_learn.app.catalogue import LESSONS_ENV, discover, repository_lessons_dir
from buraco_learn.app.lesson import CHECKS_ENV
from buraco_learn.app.lessonshape import MAX_WORDS, MIN_TASKS, measure
from buraco_learn.app.progress import DATA_ENV
from buraco_learn.app.taskdata import load

TEMPLATE = Path(__file__).resolve().parents[1] / "docs" / "lesson-template"


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The course's lessons with the template added as the next lesson, as docs/authoring.md says to."""
    folder = tmp_path_factory.mktemp("course") / "lessons"
    shutil.copytree(repository_lessons_dir(), folder)
    number = len(discover(folder)) + 1
    notebook = json.loads((TEMPLATE / "20_my_lesson.ipynb").read_text(encoding="utf-8"))
    notebook["metadata"]["buraco_lesson"]["number"] = number
    (folder / f"{number:02d}_my_lesson.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    shutil.copy(TEMPLATE / "tasks" / "my-lesson.toml", folder / "tasks" / "my-lesson.toml")
    return folder


def test_the_template_is_a_lesson_of_the_catalogue(course: Path) -> None:
    lessons = discover(course)
    mine = next(lesson for lesson in lessons if lesson.id == "my-lesson")
    assert mine.title == "Sets of Kings" and mine.track == "classroom" and mine.ready
    assert sorted(load("my-lesson", course)) == ["cards", "check", "table"]


def test_the_template_keeps_the_lessons_shape(course: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LESSONS_ENV, str(course))
    path = next(course.glob("*_my_lesson.ipynb"))
    shape = measure(path)
    assert shape.words <= MAX_WORDS and shape.tasks >= MIN_TASKS, shape
    assert shape.tasks == 8  # three card steps, the table, four questions


#: what nbval prints when the notebook's kernel did not start (the machine's, not the lesson's, failure)
_KERNEL_DID_NOT_START = "Kernel died before replying to kernel_info"


def _nbval(path: Path, tmp_path: Path, checks: Path, course: Path) -> subprocess.CompletedProcess[str]:
    """nbval on the notebook ``path`` with the checks of ``checks``, its kernel's files in a folder of its
    own; run again, once, where the kernel did not start (seen once in a fresh clone, on a loaded
    machine, while another test started and stopped 22 kernels)."""
    env = {**os.environ, LESSONS_ENV: str(course), DATA_ENV: str(tmp_path / "data"), CHECKS_ENV: str(checks),
           "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime")}
    for name in ("VOILA_KERNEL_ID", "VOILA_BASE_URL"):
        env.pop(name, None)
    command = [sys.executable, "-m", "pytest", "-p", "nbval", "--nbval-lax", "--nbval-cell-timeout=120", "-p", "no:cacheprovider",
               "-q", "--rootdir", str(tmp_path), "-c", os.devnull, str(path)]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600, cwd=tmp_path)
    if _KERNEL_DID_NOT_START in result.stdout:
        result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600, cwd=tmp_path)
    return result


def test_the_template_runs_under_nbval_with_its_checks(course: Path, tmp_path: Path) -> None:
    path = next(course.glob("*_my_lesson.ipynb"))
    result = _nbval(path, tmp_path, TEMPLATE / "checks", course)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    code_cells = sum(cell["cell_type"] == "code" for cell in json.loads(path.read_text())["cells"])
    assert f"{code_cells} passed" in result.stdout


def test_a_failing_check_fails_the_template(course: Path, tmp_path: Path) -> None:
    """The checks really run at the page's end: one wrong assertion makes nbval fail that cell."""
    checks = tmp_path / "checks"
    checks.mkdir()
    (checks / "my-lesson.py").write_text((TEMPLATE / "checks" / "my-lesson.py").read_text()
                                         + '\nassert lesson["check"].correct_choice(0) == "Not legal", "the template\'s check ran"\n')
    path = next(course.glob("*_my_lesson.ipynb"))
    result = _nbval(path, tmp_path, checks, course)
    assert result.returncode != 0 and "the template's check ran" in result.stdout
