"""The built wheel alone, in a fresh venv, runs every widget in JupyterLab (issue 17, item 1).

Builds the wheel, installs it with JupyterLab and ipykernel (nothing else, pinned by
``requirements-lock.txt``) into a fresh venv, starts that venv's JupyterLab on 127.0.0.1
with its own empty configuration, data, settings and workspace folders, opens a notebook
that shows the card table, the meld quiz, the replayer and the score sheet, runs it with
the Run menu's "Run All Cells" and, in headless Chromium, clicks each widget and checks
what changed: the table after Draw, the quiz's feedback and score, the replayer's step,
the score sheet's hand breakdown. The figures (wheel size, install time, time in
JupyterLab) are printed and recorded as the test's properties; ``BURACO_SHOTS=DIR``
keeps screenshots of the four widgets at 1366x900.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from buraco_learn.ui.quizsession import QuizSession

pytestmark = [pytest.mark.browser, pytest.mark.slow]

HERE = Path(__file__).resolve().parent


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


wheel_helpers = _load("buraco_wheel_helpers", HERE.parent / "test_ui_wheel.py")  # build_wheel, fresh_venv
harness = _load("buraco_browser_harness", HERE / "conftest.py")  # free_port, stop_voila (stops any server by PID)

TABLE = ".buraco-widget.bl-table:not(.bl-replayer)"  # the score sheet's <table> has the class bl-table too
WIDGETS = {"card table": TABLE, "meld quiz": ".bl-quiz", "replayer": ".bl-replayer", "score sheet": ".bl-scores"}
QUIZ_RULES, QUIZ_SEED, QUIZ_KINDS = "italian", 7, ["legal"]

CELLS = [
    "import sys\nimport buraco_learn\nfrom buraco_learn.ui import CardTable, MeldQuiz, Replayer, ScoreSheet\n"
    'print("kernel", sys.prefix, "buraco_learn from", buraco_learn.__file__)',
    'CardTable("italian", seed=7, bots="beginner", pace=0.02)',
    f"MeldQuiz({QUIZ_RULES!r}, seed={QUIZ_SEED}, kinds={QUIZ_KINDS!r})",
    'Replayer("pile-002")',
    'sheet = ScoreSheet(["Us", "Them"], target=2005)\n'
    'sheet.add_hand({"0": {"total": 410, "items": [{"label": "Cards melded", "points": 410, "source": "002 \'Scoring\'"}]},\n'
    '                "1": {"total": -65, "items": [{"label": "Pozzetto not taken", "points": -65, "source": "002 \'Scoring\'"}]}})\n'
    "sheet",
]

YOUR_TURN = """(selector) => {
    const root = document.querySelector(selector);
    return !!root && root.dataset.turn === "you" && root.dataset.phase === "draw";
}"""

# The styles the widgets' CSS gives them (JupyterLab's own would leave cards unboxed and the felt white).
STYLED = """(selector) => {
    const root = document.querySelector(selector);
    const felt = root.querySelector(".bl-felt, .bl-board") || root;
    const card = root.querySelector(".bl-card");
    const style = card ? getComputedStyle(card) : null;
    return {
        card_border: style ? parseFloat(style.borderTopWidth) + parseFloat(style.borderLeftWidth) : 0,
        card_radius: style ? parseFloat(style.borderTopLeftRadius) : 0,
        felt: getComputedStyle(felt).backgroundColor,
    };
}"""

# Every widget's box against every other's: two outputs of a notebook never overlap.
OVERLAPS = """(selectors) => {
    const boxes = selectors.map((s) => [s, document.querySelector(s).getBoundingClientRect()]);
    const out = [];
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
        const [a, r] = boxes[i], [b, q] = boxes[j];
        if (r.left < q.right - 1 && q.left < r.right - 1 && r.top < q.bottom - 1 && q.top < r.bottom - 1) out.push(`${a} overlaps ${b}`);
    }
    return out;
}"""


def write_notebook(folder: Path) -> Path:
    """The notebook as nbformat 4.5 JSON, no outputs: the reader runs it."""
    cells: list[dict[str, object]] = [{"cell_type": "code", "id": f"cell-{n}", "metadata": {}, "execution_count": None, "outputs": [],
              "source": source} for n, source in enumerate(CELLS)]
    kernelspec = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    folder.mkdir()
    path = folder / "widgets.ipynb"
    path.write_text(json.dumps({"cells": cells, "metadata": {"kernelspec": kernelspec}, "nbformat": 4, "nbformat_minor": 5}))
    return path


def start_jupyterlab(python: Path, root: Path, workdir: Path) -> tuple[subprocess.Popen[bytes], str]:
    """The venv's JupyterLab on 127.0.0.1, no token, with empty user folders (nothing of this machine's)."""
    port = harness.free_port()
    folders = {name: workdir / name.lower() for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR",
                                                          "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR")}
    for folder in folders.values():
        folder.mkdir(parents=True)
    # no news, no update check: either would ask a public website and cover the page with a toast
    notification = folders["JUPYTERLAB_SETTINGS_DIR"] / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    notification.parent.mkdir(parents=True)
    notification.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "JUPYTER_PATH", "JUPYTERLAB_DIR")}
    env.update({key: str(value) for key, value in folders.items()}, JUPYTER_PLATFORM_DIRS="1", PYTHONUNBUFFERED="1")
    command = [
        str(python), "-m", "jupyterlab", "--no-browser", "--allow-root", f"--port={port}", "--ServerApp.port_retries=0",
        "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=", f"--ServerApp.root_dir={root}",
    ]
    log_path = workdir / "jupyterlab.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=workdir, env=env, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + float(os.environ.get("BURACO_VOILA_START_TIMEOUT", "90"))
    while True:
        if process.poll() is not None:
            pytest.fail(f"JupyterLab exited with {process.returncode}:\n{log_path.read_text(errors='replace')[-3000:]}", pytrace=False)
        try:
            with urllib.request.urlopen(url + "/api/status", timeout=5) as response:
                if response.status == 200:
                    return process, url
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if time.monotonic() > deadline:
            harness.stop_voila(process)
            pytest.fail(f"JupyterLab did not answer on {url} in time:\n{log_path.read_text(errors='replace')[-3000:]}", pytrace=False)
        time.sleep(0.2)


def run_all_cells(page: Any, check: Callable[..., Any]) -> None:
    """Wait for the notebook and its kernel, then Run > Run All Cells, as a reader would."""
    check(page.locator(".jp-Notebook .jp-Cell")).to_have_count(len(CELLS), timeout=60_000)
    check(page.locator("#jp-main-statusbar").get_by_text(re.compile(r"Python 3 \(ipykernel\) \| Idle"))).to_be_visible(timeout=60_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()


def shoot(page: Any, name: str, selector: str | None = None) -> None:
    folder = os.environ.get("BURACO_SHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    if selector:
        page.locator(selector).scroll_into_view_if_needed()
    page.screenshot(path=str(Path(folder) / f"jupyterlab-{name}.png"))


def test_the_wheel_alone_runs_every_widget_in_jupyterlab(tmp_path: Path, page: Any, eval_js: Any,
                                                         record_property: Callable[[str, object], None]) -> None:
    from playwright.sync_api import expect as check

    check.set_options(timeout=30_000)
    wheel = wheel_helpers.build_wheel(tmp_path / "dist")
    venv = tmp_path / "venv"
    started = time.monotonic()
    python = wheel_helpers.fresh_venv(venv, str(wheel), "jupyterlab", "ipykernel")  # anywidget and ipywidgets come with the wheel
    figures: dict[str, object] = {"wheel_bytes": wheel.stat().st_size, "install_seconds": round(time.monotonic() - started, 1)}
    write_notebook(tmp_path / "notebooks")

    started = time.monotonic()
    process, url = start_jupyterlab(python, tmp_path / "notebooks", tmp_path / "lab")
    try:
        page.set_viewport_size({"width": 1366, "height": 900})
        page.goto(f"{url}/lab/tree/widgets.ipynb", wait_until="domcontentloaded")
        run_all_cells(page, check)
        for name, selector in WIDGETS.items():
            check(page.locator(selector), f"the {name} is drawn").to_be_visible(timeout=60_000)
        figures["seconds_to_widgets"] = round(time.monotonic() - started, 1)
        check(page.get_by_text(re.compile(r"^kernel .* buraco_learn from"))).to_contain_text(f"kernel {venv} buraco_learn from {venv}/")
        extensions = eval_js(page, "() => JSON.parse(document.getElementById('jupyter-config-data').textContent)"
                                   ".federated_extensions.map((e) => e.name)")
        assert {"anywidget", "@jupyter-widgets/jupyterlab-manager"} <= set(extensions), extensions
        for name, selector in WIDGETS.items():
            styled = eval_js(page, STYLED, selector)
            assert styled["card_border"] > 0 or name == "score sheet", f"the {name}'s cards have no border: its CSS is missing"
            assert styled["card_radius"] > 0 or name == "score sheet", f"the {name}'s cards have square corners: its CSS is missing"
        felt = eval_js(page, STYLED, TABLE)["felt"]
        assert felt not in ("rgba(0, 0, 0, 0)", "rgb(255, 255, 255)"), f"the card table's felt is {felt}: its CSS is missing"
        assert eval_js(page, OVERLAPS, list(WIDGETS.values())) == []

        # the card table: Draw, and the hand and the phase change
        table = page.locator(TABLE)
        table.scroll_into_view_if_needed()
        page.wait_for_function(YOUR_TURN, arg=TABLE, timeout=60_000)
        shoot(page, "card-table", TABLE)
        own = table.get_by_role("group", name="Your hand", exact=False)
        hand = own.locator("button.bl-card")
        before = hand.count()
        check(table.locator(".bl-status")).to_have_text("Your turn: draw from the stock or take the discard pile.")
        table.get_by_role("button", name="Draw", exact=True).click()
        check(table).to_have_attribute("data-phase", "play")
        check(hand).to_have_count(before + 1)
        check(own.locator("button.bl-card.bl-fresh")).to_have_count(1)  # the drawn card, marked

        # the meld quiz: the right answer in two steps, and the feedback and score
        question = QuizSession(QUIZ_RULES, seed=QUIZ_SEED, kinds=QUIZ_KINDS).question  # the notebook's first question
        quiz = page.locator(".bl-quiz")
        quiz.scroll_into_view_if_needed()
        shoot(page, "meld-quiz", ".bl-quiz")
        check(quiz.locator(".bl-score")).to_have_text("Score 0 of 0")
        quiz.get_by_role("button", name="Legal" if question.legal else "Illegal", exact=True).click()
        check(quiz.locator(".bl-feedback")).to_contain_text("Right so far")
        right = next(choice.text for choice in question.choices if choice.id in question.correct)
        quiz.get_by_role("button", name=right, exact=True).click()
        check(quiz.locator(".bl-feedback")).to_contain_text(question.explanation())
        check(quiz.locator(".bl-score")).to_have_text("Score 1 of 1")

        # the replayer: one step on, and the step and its caption change
        replayer = page.locator(".bl-replayer")
        replayer.scroll_into_view_if_needed()
        shoot(page, "replayer", ".bl-replayer")
        check(replayer.locator(".bl-step")).to_have_text("Step 0 of 3")
        replayer.get_by_role("button", name="Next ▶").click()
        check(replayer.locator(".bl-step")).to_have_text("Step 1 of 3")
        check(replayer.locator(".bl-caption")).to_contain_text("North takes the whole pile")
        check(replayer.get_by_role("button", name="◀ Back")).to_be_enabled()

        # the score sheet: open hand 1's breakdown, then close it
        sheet = page.locator(".bl-scores")
        sheet.scroll_into_view_if_needed()
        check(sheet.locator(".bl-status")).to_have_text("Us lead by 475; 1,595 to go to 2,005.")
        detail = sheet.get_by_role("region", name="Hand 1 in detail")
        check(detail).to_have_count(0)
        sheet.get_by_role("button", name="Hand 1").click()
        check(detail).to_contain_text("Cards melded +410")
        check(detail).to_contain_text("Pozzetto not taken -65")
        check(sheet.get_by_role("button", name="Hand 1")).to_have_attribute("aria-expanded", "true")
        shoot(page, "score-sheet", ".bl-scores")
        sheet.get_by_role("button", name="Hand 1").click()
        check(detail).to_have_count(0)

        figures["seconds_in_jupyterlab"] = round(time.monotonic() - started, 1)
        errors = [text for text in page.console_errors if "net::ERR_FAILED" not in text]
        assert errors == [], errors
    finally:
        harness.stop_voila(process)
    for key, value in figures.items():
        record_property(key, value)
    print("figures:", json.dumps(figures))
