"""``ANYWIDGET_HMR=1``: an edit of any front-end file, JS or CSS, joined or not, reaches the widget's trait.

Without it the widgets load exactly the files' text, as before; a single file is a
:class:`~pathlib.Path` (anywidget reads and watches it itself), a join is a
:class:`~buraco_learn.ui.base.JoinedFiles` (issue 17, item 5).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from buraco_learn.ui import CardTable, ConnectionNotice, HandPicker, MeldQuiz, Replayer, ScoreSheet
from buraco_learn.ui.base import MODULE_PARTS, BuracoWidget, JoinedFiles, front_end, static_asset, static_text

REPO = Path(__file__).resolve().parents[1]

#: each widget's front-end files, in the order they are joined
FILES = {
    CardTable: (("dom.js", "connection.js", "card_table.js"), ("buraco.css", "card_table.css")),
    ConnectionNotice: (("connection.js", "connection_notice.js"), ("buraco.css",)),
    HandPicker: (("dom.js", "hand_picker.js"), ("buraco.css", "hand_picker.css")),
    MeldQuiz: (("dom.js", "meld_quiz.js"), ("buraco.css", "meld_quiz.css")),
    Replayer: (("dom.js", "replayer.js"), ("buraco.css", "card_table.css", "replayer.css")),
    ScoreSheet: (("dom.js", "score_sheet.js"), ("buraco.css", "score_sheet.css")),
}


@pytest.mark.parametrize("widget_class", list(FILES), ids=lambda c: c.__name__)
def test_each_widget_loads_its_files_a_single_file_as_a_path(widget_class: type) -> None:
    esm_files, css_files = FILES[widget_class]
    for trait, files in (("_esm", esm_files), ("_css", css_files)):
        declared = widget_class.__dict__[trait]
        assert str(declared) == static_text(*files), f"{widget_class.__name__}.{trait} is its files' text"
        if len(files) == 1:  # anywidget turned the Path into its own watched FileContents
            assert type(declared).__name__ == "FileContents" and Path(declared._path) == static_asset(files[0])
        else:
            assert isinstance(declared, JoinedFiles) and [path.name for path in declared.paths] == list(files)
            assert not declared.watching, "no thread without ANYWIDGET_HMR=1"
    assert MODULE_PARTS.get(esm_files[-1], ()) == esm_files[:-1]


def wait_for(check: Callable[[], bool], seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return check()


def test_under_hmr_an_edit_of_any_part_reaches_every_live_widget(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("watchfiles")
    monkeypatch.setenv("ANYWIDGET_HMR", "1")
    shared, own, module = tmp_path / "shared.css", tmp_path / "own.css", tmp_path / "own.js"
    shared.write_text(".shared { color: red; }")
    own.write_text(".own { color: blue; }")
    module.write_text("export default { render() {} };\n")

    class Edited(BuracoWidget):
        _esm = front_end(module)  # one file: under HMR watched by its folder too
        _css = front_end(shared, own)

    css, esm = Edited.__dict__["_css"], Edited.__dict__["_esm"]
    assert isinstance(css, JoinedFiles) and css.watching and isinstance(esm, JoinedFiles) and esm.watching
    try:
        first, second = Edited(), Edited()
        assert first._css == ".shared { color: red; }\n.own { color: blue; }"
        time.sleep(0.3)  # the watcher is up
        shared.write_text(".shared { color: green; }")
        assert wait_for(lambda: "green" in first._css and "green" in second._css), first._css
        assert first._css == ".shared { color: green; }\n.own { color: blue; }"
        replacement = tmp_path / "own.css.new"  # an editor's save: write elsewhere, then rename over
        replacement.write_text(".own { color: purple; }")
        replacement.replace(own)
        assert wait_for(lambda: "purple" in first._css), first._css
        for word in ("edited", "again"):  # anywidget's own watch of a file goes deaf after the first save by rename
            replacement = tmp_path / "own.js.new"
            replacement.write_text(f"export default {{ render({{ el }}) {{ el.textContent = '{word}'; }} }};\n")
            replacement.replace(module)
            assert wait_for(lambda word=word: word in first._esm and word in second._esm), first._esm
    finally:
        css.stop()
        esm.stop()
    assert not css.watching and not esm.watching


def test_under_hmr_the_real_widgets_watch_their_joined_files() -> None:
    pytest.importorskip("watchfiles")
    code = (
        "import json\n"
        "from buraco_learn.ui import CardTable, MeldQuiz\n"
        "print(json.dumps([CardTable.__dict__['_css'].watching, CardTable.__dict__['_esm'].watching,"
        " MeldQuiz.__dict__['_esm'].watching, MeldQuiz.__dict__['_css'].watching]))\n"
    )
    env = {**os.environ, "ANYWIDGET_HMR": "1"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=REPO, env=env)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == [True, True, True, True]


def test_a_real_widget_follows_its_joined_files_under_hmr(monkeypatch: pytest.MonkeyPatch) -> None:
    """The card table's CSS (two files) and module (two files) are followed by each table made (no thread started here)."""
    css, esm = CardTable.__dict__["_css"], CardTable.__dict__["_esm"]
    monkeypatch.setattr(css, "_thread", object())  # as if watched: follow() records the widget
    monkeypatch.setattr(esm, "_thread", object())
    monkeypatch.setattr(css, "_widgets", [])
    monkeypatch.setattr(esm, "_widgets", [])
    table = CardTable("italian", seed=1, pace=0)
    assert [(ref(), trait) for ref, trait in css._widgets] == [(table, "_css")]
    assert [(ref(), trait) for ref, trait in esm._widgets] == [(table, "_esm")]
    monkeypatch.setattr(css, "_text", "")  # the files "changed": refresh gives the table their text
    assert css.refresh() and table._css == static_text("buraco.css", "card_table.css")


def test_a_widget_without_hmr_follows_nothing() -> None:
    css = CardTable.__dict__["_css"]
    assert isinstance(css, JoinedFiles) and not css.watching
    CardTable("italian", seed=1, pace=0)
    assert css._widgets == [], "no references kept when nothing is watched"
