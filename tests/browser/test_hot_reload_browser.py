"""``ANYWIDGET_HMR=1`` on a real page: saving a widget's CSS (a joined part) or its module changes the page in place.

A Voila of the test's own, started with ``ANYWIDGET_HMR=1``, serves a notebook whose widget
(a :class:`~buraco_learn.ui.base.BuracoWidget`) takes its ``_css`` from two files and its
``_esm`` from one, in a temporary folder, as the real widgets take theirs from ``widgets/``.
The test saves each file as an editor's safe save does (a new file renamed over the old)
and watches the page change without a reload, the widget's Python state kept (issue 17, item 5).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

MODULE = """export default {{
  render({{ model, el }}) {{
    const box = document.createElement("div");
    box.className = "hmr-box";
    box.textContent = "{word} " + model.get("count");
    el.appendChild(box);
  }}
}};
"""

NOTEBOOK_CODE = """import os
from pathlib import Path
import traitlets
from buraco_learn.ui.base import BuracoWidget, front_end
folder = Path(os.environ["BURACO_HMR_TEST_DIR"])

class Edited(BuracoWidget):
    _esm = front_end(folder / "own.js")
    _css = front_end(folder / "shared.css", folder / "own.css")
    count = traitlets.Int(7).tag(sync=True)

Edited()"""


def save(path: Path, text: str) -> None:
    """An editor's safe save: a new file renamed over the old one."""
    fresh = path.with_name(path.name + ".new")
    fresh.write_text(text)
    fresh.replace(path)


def test_saving_the_css_or_the_module_changes_the_page_in_place(page: Any, voila_factory: Any, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("watchfiles")
    from playwright.sync_api import expect

    folder = tmp_path / "front"
    folder.mkdir()
    (folder / "shared.css").write_text(".hmr-box { color: rgb(255, 0, 0); }")
    (folder / "own.css").write_text(".hmr-box { font-weight: 400; }")
    (folder / "own.js").write_text(MODULE.format(word="first"))
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": "hmr", "metadata": {}, "outputs": [],
                           "source": NOTEBOOK_CODE}],
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    (notebooks / "hmr.ipynb").write_text(json.dumps(notebook))
    monkeypatch.setenv("ANYWIDGET_HMR", "1")  # the server's environment, so its kernels'
    monkeypatch.setenv("BURACO_HMR_TEST_DIR", str(folder))
    url = voila_factory(sys.executable, notebooks)

    page.goto(f"{url}/voila/render/hmr.ipynb", wait_until="domcontentloaded")
    box = page.locator(".hmr-box")
    expect(box).to_have_text("first 7", timeout=60_000)
    expect(box).to_have_css("color", "rgb(255, 0, 0)")
    page.wait_for_timeout(500)  # the kernel's watcher is up
    page.evaluate("() => { window.notReloaded = true; }")

    save(folder / "shared.css", ".hmr-box { color: rgb(0, 128, 0); }")  # a shared part of a joined _css
    expect(box).to_have_css("color", "rgb(0, 128, 0)", timeout=15_000)
    save(folder / "own.css", ".hmr-box { font-weight: 700; }")
    expect(box).to_have_css("font-weight", "700", timeout=15_000)
    expect(box).to_have_css("color", "rgb(0, 128, 0)")
    save(folder / "own.js", MODULE.format(word="second"))
    expect(page.locator(".hmr-box")).to_have_text("second 7", timeout=15_000)  # drawn again, the count kept
    assert page.locator(".hmr-box").count() == 1, "the old view was cleared"
    save(folder / "own.js", MODULE.format(word="third"))  # a second safe save is seen too
    expect(page.locator(".hmr-box")).to_have_text("third 7", timeout=15_000)
    assert page.evaluate("() => window.notReloaded === true"), "all in place: the page never reloaded"
