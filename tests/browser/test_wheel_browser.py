"""A wheel installed in a clean environment displays every widget (issue 5, "For everyone").

Builds the wheel, installs it with anywidget, Voila and ipykernel into a fresh venv (no
system site packages, nothing from the checkout), serves a notebook from that venv's
Voila and checks in Chromium that the widgets draw and answer.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import nbformat
import pytest

from buraco_learn.ui.quizsession import QuizSession

pytestmark = [pytest.mark.browser, pytest.mark.slow]

_spec = importlib.util.spec_from_file_location("buraco_wheel_helpers", Path(__file__).resolve().parents[1] / "test_ui_wheel.py")
assert _spec is not None and _spec.loader is not None
wheel_helpers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(wheel_helpers)

NOTEBOOK = """\
import buraco_learn
from buraco_learn.ui import MeldQuiz, ScoreSheet

print("buraco_learn from", buraco_learn.__file__)
sheet = ScoreSheet(["Us", "Them"], target=2005)
sheet.add_hand({"0": {"total": 410}, "1": {"total": -65}})
display(MeldQuiz("italian", seed=7, kinds=["legal"]), sheet)
"""


def test_a_wheel_in_a_fresh_venv_displays_every_widget(tmp_path: Path, voila_factory: Any, page: Any) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=30_000)
    wheel = wheel_helpers.build_wheel(tmp_path / "dist")
    venv = tmp_path / "venv"
    python = wheel_helpers.fresh_venv(venv, str(wheel), "anywidget", "voila", "ipykernel")
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(NOTEBOOK)]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, notebooks / "wheel.ipynb")

    url = voila_factory(str(python), notebooks)
    page.goto(f"{url}/voila/render/wheel.ipynb", wait_until="domcontentloaded")
    expect(page.get_by_text("buraco_learn from")).to_contain_text(str(venv))
    quiz = page.locator(".bl-quiz")
    expect(quiz.get_by_role("button", name="Legal", exact=True)).to_be_visible()
    question = QuizSession("italian", seed=7, kinds=["legal"]).question  # the notebook's first question
    quiz.get_by_role("button", name="Illegal" if question.legal else "Legal", exact=True).click()
    expect(quiz.locator(".bl-feedback")).to_contain_text(question.explanation())
    sheet = page.locator(".bl-scores")
    expect(sheet.locator(".bl-status")).to_have_text("Us lead by 475; 1,595 to go to 2,005.")
    expect(sheet.get_by_role("img", name="Chart of the running totals: Us 410, Them -65 after 1 hand; target 2,005")).to_be_visible()
