"""Every lesson notebook executes under nbval (``--nbval-lax``).

With ``--nbval-lax`` every cell must run without an error, the check cells' ``assert``s
must hold, and the cells marked ``# NBVAL_CHECK_OUTPUT`` (the navigation) must reproduce
their stored output. Widget model ids and memory addresses are sanitised first, so a
compared widget output means its content, not its id. The notebooks run in one nbval
process (one start-up), with the learner's data in a temp directory; each notebook's
cells are then reported by its own test here.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from buraco_learn.app.catalogue import EXTRA_PAGES, LESSONS_ENV, discover, repository_lessons_dir
from buraco_learn.app.lesson import CHECKS_ENV
from buraco_learn.app.progress import DATA_ENV
from buraco_learn.i18n import LANGUAGES

#: The lessons' checks (tests/lesson_checks/<page id>.py), which each page runs at its end under nbval.
CHECKS = Path(__file__).parent / "lesson_checks"

#: every page: the English notebooks, then each language's copies (``lessons/it/``, ``lessons/pt_BR/``)
ENGLISH = sorted(repository_lessons_dir().glob("*.ipynb"))
NOTEBOOKS = ENGLISH + [path for language in LANGUAGES[1:]
                       for path in sorted((repository_lessons_dir() / language).glob("*.ipynb"))]


def page_key(path: Path) -> str:
    """A page's name among all the pages: ``index.ipynb``, ``it/index.ipynb``."""
    return f"{path.parent.name}/{path.name}" if path.parent.name in LANGUAGES[1:] else path.name


def page_id(path: Path) -> str:
    return page_key(path).replace(".ipynb", "")

SANITIZE = r"""
[widget model ids]
regex: [0-9a-f]{32}
replace: WIDGET-MODEL-ID

[memory addresses]
regex: \b0x[0-9a-f]{6,16}\b
replace: 0xADDRESS

[how many lessons there are, which the navigation says]
regex: \bNavBar\(lesson (\d+) of \d+:
replace: NavBar(lesson \1 of N:
"""


@dataclass(frozen=True)
class Cell:
    notebook: str
    name: str
    failure: str | None


@dataclass(frozen=True)
class NbvalRun:
    cells: list[Cell]
    output: str


@pytest.fixture(scope="module")
def nbval_run(tmp_path_factory: pytest.TempPathFactory) -> NbvalRun:
    tmp = tmp_path_factory.mktemp("nbval")
    sanitize = tmp / "sanitize.cfg"
    sanitize.write_text(SANITIZE)
    report = tmp / "report.xml"
    env = {**os.environ, DATA_ENV: str(tmp / "data"), CHECKS_ENV: str(CHECKS), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    for name in (LESSONS_ENV, "VOILA_KERNEL_ID", "VOILA_BASE_URL"):
        env.pop(name, None)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "nbval", "--nbval-lax", "--nbval-sanitize-with", str(sanitize),
         "--nbval-cell-timeout=120", "-p", "no:cacheprovider", "-q", "-o", "junit_family=xunit1", "--junitxml", str(report),
         "--rootdir", str(tmp), "-c", os.devnull, *map(str, NOTEBOOKS)],
        env=env, capture_output=True, text=True, timeout=1200, cwd=tmp,
    )
    output = f"{result.stdout[-8000:]}\n{result.stderr[-2000:]}"
    if not report.exists():
        pytest.fail(f"nbval did not run (exit {result.returncode}):\n{output}")
    cells = []
    for case in ElementTree.parse(report).iter("testcase"):
        problem = next((child for child in case if child.tag in ("failure", "error")), None)
        text = None if problem is None else f"{problem.get('message', '')}\n{problem.text or ''}"
        cells.append(Cell(page_key(Path(case.get("file") or case.get("classname", ""))), case.get("name", ""), text))
    return NbvalRun(cells, output)


def test_every_lesson_and_the_index_are_run() -> None:
    names = [path.name for path in ENGLISH]
    lessons = discover(repository_lessons_dir())
    assert names[-1] == "index.ipynb" and len(names) == len(lessons) + 1 + len(EXTRA_PAGES)  # and the house rules page
    assert set(EXTRA_PAGES) <= set(names)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=page_id)
def test_lesson_notebook_runs_under_nbval(notebook: Path, nbval_run: NbvalRun) -> None:
    cells = [cell for cell in nbval_run.cells if cell.notebook == page_key(notebook)]
    code_cells = notebook.read_text(encoding="utf-8").count('"cell_type": "code"')
    assert len(cells) == code_cells, f"nbval ran {len(cells)} of {notebook.name}'s {code_cells} code cells:\n{nbval_run.output}"
    failures = [f"{cell.name}: {cell.failure}" for cell in cells if cell.failure is not None]
    assert not failures, f"nbval failed on {notebook.name}:\n" + "\n".join(failures)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=page_id)
def test_every_page_ends_with_one_call_and_keeps_its_checks_with_the_tests(notebook: Path) -> None:
    """The page's end (recap, done button, navigation, the wait to be opened, the checks) is one call, its last cell;
    no cell of the learner's page holds a check, and the tests hold the page's checks."""
    cells = [cell for cell in json.loads(notebook.read_text())["cells"] if cell["cell_type"] == "code"]
    sources = ["".join(cell["source"]) for cell in cells]
    assert sources[-1].strip().splitlines()[-1].startswith(("lesson.end()", "finish(")), notebook.name
    assert not any("assert " in source or "checking()" in source for source in sources), notebook.name
    page = notebook.stem.replace("_", "-") if notebook.stem in ("index", "house_rules") else None
    ids = {lesson.filename: lesson.id for lesson in discover(repository_lessons_dir())}
    assert (CHECKS / f"{page or ids[notebook.name]}.py").is_file(), notebook.name


@pytest.mark.parametrize("notebook", NOTEBOOKS[len(ENGLISH):], ids=page_id)
def test_a_pages_copy_in_a_language_is_its_english_page_in_that_language(notebook: Path) -> None:
    """A copy (``lessons/it/02_melds.ipynb``) has an English page of the same name, the same metadata (but the
    page's title) and code cells, and says its folder's language where the English page starts its page."""
    language = notebook.parent.name
    english = json.loads((repository_lessons_dir() / notebook.name).read_text(encoding="utf-8"))
    copy = json.loads(notebook.read_text(encoding="utf-8"))
    assert {key: value for key, value in copy["metadata"].items() if key != "title"} == \
        {key: value for key, value in english["metadata"].items() if key != "title"}

    def tasks(notebook_json: dict[str, Any]) -> list[list[str]]:
        """Each code cell's page calls: which lesson it begins, which task blocks it shows, how it ends."""
        cells = ["".join(cell["source"]) for cell in notebook_json["cells"] if cell["cell_type"] == "code"]
        return [re.findall(r'(begin\("[^"]+"|\.show\("[^"]+"\)|lesson\.end\(\)|finish\("[^"]+"\)|landing\()', cell)
                for cell in cells]

    assert copy["metadata"]["title"] != english["metadata"]["title"], f"{page_key(notebook)}: its title (the browser tab's) is English"
    said = f'language="{language}"'
    assert any(said in "".join(cell["source"]) for cell in copy["cells"] if cell["cell_type"] == "code"), \
        f"{page_key(notebook)} does not say {said} where its page begins"
    assert tasks(copy) == tasks(english), f"{page_key(notebook)} does not show the same tasks as {notebook.name}"
