"""Keep the lesson notebooks tidy: store only the outputs nbval compares.

A lesson keeps the output of its cells marked ``# NBVAL_CHECK_OUTPUT`` (the navigation,
whose text says where its links go) and nothing else: no other outputs, no execution
counts, no widget state, and widget model ids fixed to zeros (nbval sanitises them;
fixed ids keep the files from changing on every run). After adding, renaming or
renumbering a lesson, every navigation changes; refresh them with::

    python -m buraco_learn.app.notebooks            # every notebook in the lessons directory
    python -m buraco_learn.app.notebooks lessons/02_melds.ipynb

>>> cell = {"cell_type": "code", "source": "1 + 1", "execution_count": 3, "metadata": {},
...         "outputs": [{"output_type": "execute_result", "data": {"text/plain": "2"}}]}
>>> notebook = {"cells": [cell], "metadata": {"widgets": {}}, "nbformat": 4, "nbformat_minor": 5}
>>> tidy(notebook)["cells"][0]["outputs"], "widgets" in notebook["metadata"]
([], False)
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Final

from buraco_learn.app.catalogue import lessons_dir
from buraco_learn.app.progress import DATA_ENV

CHECK_MARK: Final = "# NBVAL_CHECK_OUTPUT"
WIDGET_VIEW: Final = "application/vnd.jupyter.widget-view+json"


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def tidy(notebook: dict[str, Any]) -> dict[str, Any]:
    """Drop every output but the compared cells', with fixed widget ids; drop widget state. In place."""
    notebook.get("metadata", {}).pop("widgets", None)
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        cell.get("metadata", {}).pop("execution", None)
        if not _source(cell).startswith(CHECK_MARK):
            cell["outputs"] = []
            cell["execution_count"] = None
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if isinstance(view, dict):
                view["model_id"] = "0" * 32
    return notebook


def refresh(path: Path) -> list[str]:
    """Execute the notebook at ``path`` (its data in a temp directory), then store it tidy.

    Returns the errors raised by its cells (the file is left untouched when there are any).
    """
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    saved = os.environ.get(DATA_ENV)
    with tempfile.TemporaryDirectory(prefix="buraco-refresh-") as data:
        os.environ[DATA_ENV] = data
        try:
            NotebookClient(notebook, timeout=300, kernel_name="python3", allow_errors=True,
                           resources={"metadata": {"path": str(path.parent)}}).execute()
        finally:
            if saved is None:
                os.environ.pop(DATA_ENV, None)
            else:
                os.environ[DATA_ENV] = saved
    errors = [f"{path.name}: {output['ename']}: {output['evalue']}"
              for cell in notebook.cells if cell.cell_type == "code"
              for output in cell.outputs if output.get("output_type") == "error"]
    if not errors:
        nbformat.write(nbformat.from_dict(tidy(notebook)), path)  # type: ignore[no-untyped-call]
    return errors


def main(argv: list[str] | None = None) -> int:
    paths = [Path(arg) for arg in (sys.argv[1:] if argv is None else argv)] or sorted(lessons_dir().glob("*.ipynb"))
    failed = False
    for path in paths:
        errors = refresh(path)
        failed = failed or bool(errors)
        print("\n".join(errors) if errors else f"refreshed {path.name}", file=sys.stderr if errors else sys.stdout)
    return 1 if failed else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
