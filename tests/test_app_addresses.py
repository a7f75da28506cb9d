"""The app's page addresses are spelled once, in :mod:`buraco_learn.app.catalogue`, and the app's modules import in one direction.

The Voila application (:mod:`buraco_learn.app.voila_app`) and the command's side
(:mod:`buraco_learn.app.server`) both need the landing page's address; it lives in the
catalogue beside the landing notebook's name, so neither imports the other for it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import buraco_learn.app
from buraco_learn.app.catalogue import INDEX, LANDING, RENDER

APP = Path(buraco_learn.app.__file__).parent


def code_strings(path: Path) -> list[str]:
    """The string constants of a module's code (its docstrings, which are prose, left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_landing_is_the_index_rendered() -> None:
    assert LANDING == RENDER + INDEX == "voila/render/index.ipynb"


def test_only_the_catalogue_spells_the_render_prefix() -> None:
    spelled = {path.name for path in APP.glob("*.py") if any("voila/render" in text for text in code_strings(path))}
    assert spelled == {"catalogue.py"}


def test_the_voila_application_does_not_import_the_server_module() -> None:
    """server.py starts voila_app (imported lazily, as it imports Voila); voila_app must not import server back."""
    assert "buraco_learn.app.server" not in imported_modules(APP / "voila_app.py")
    assert "buraco_learn.app.voila_app" in imported_modules(APP / "server.py")
    assert {"buraco_learn.app.server", "buraco_learn.app.voila_app"}.isdisjoint(imported_modules(APP / "catalogue.py"))
