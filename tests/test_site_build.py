"""The static site's builder and its browser-side helpers, without a build (no network, no browser).

The whole site, built and used in Chromium, is ``tests/test_static_site.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from buraco_learn.app import progress, where
from buraco_learn.app.catalogue import INDEX, repository_lessons_dir
from buraco_learn.app.progress import ProgressStore
from buraco_learn.site import build
from buraco_learn.site.assets import SiteBuildError


def test_every_lesson_is_prepared_with_the_setup_cell_first_and_nothing_stored() -> None:
    for path in sorted(repository_lessons_dir().glob("*.ipynb")):
        original = json.loads(path.read_text(encoding="utf-8"))
        prepared = build.prepare_notebook(original)
        first = prepared["cells"][0]
        assert first["cell_type"] == "code" and "".join(first["source"]) == build.SETUP_SOURCE, path.name
        assert len(prepared["cells"]) == len(original["cells"]) + 1
        assert prepared["metadata"]["kernelspec"]["name"] == "python"
        assert "widgets" not in prepared["metadata"]
        assert all(cell.get("outputs", []) == [] for cell in prepared["cells"]), path.name
        # the lesson's own cells, in order and unchanged
        assert [cell["source"] for cell in prepared["cells"][1:]] == [cell["source"] for cell in original["cells"]]
        assert original["cells"][0] != first  # the lesson file itself is not changed


def test_the_site_config_points_the_kernel_at_the_local_pyodide_only() -> None:
    config = build.lite_config(["micropip", "buraco-learn"])["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    assert kernel["loadPyodideOptions"]["packages"] == ["micropip", "buraco-learn"]
    assert config["exposeAppInBrowser"] == "true" and config["enableMemoryStorage"] is True


def test_the_pages_get_the_site_script_and_the_root_sends_to_the_landing_page(tmp_path: Path) -> None:
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "favicon.ico").write_bytes(b"icon")
    (tmp_path / "notebooks" / "index.html").write_text(
        '<html><head><link id="jupyter-lite-main" rel="preload" href="b.js"></head><body></body></html>', encoding="utf-8")
    (tmp_path / "index.html").write_text(
        '<html><head><script id="jupyter-config-data" type="application/json">{}</script></head></html>', encoding="utf-8")
    build._patch_pages(tmp_path)
    page = (tmp_path / "notebooks" / "index.html").read_text(encoding="utf-8")
    assert page.index("buraco-site.js") < page.index("jupyter-lite-main")
    root = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert f"notebooks/index.html?path={INDEX}" in root and 'id="jupyter-config-data"' in root
    for name in build.FRONT_END:
        assert (tmp_path / name).stat().st_size > 500
    assert (tmp_path / "static" / "favicons" / "favicon-busy-1.ico").read_bytes() == b"icon"


def test_a_folder_that_is_not_a_site_is_never_replaced(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(SiteBuildError, match="not a site built by buraco-learn"):
        build.build_site(tmp_path, say=lambda step: None)
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_the_store_calls_its_after_write_hooks_after_each_write_only(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(progress, "AFTER_WRITE", [lambda: calls.append("saved")])
    store = ProgressStore(tmp_path / "progress.sqlite3")
    calls.clear()  # creating the schema is a write too
    store.lesson("melds")
    assert calls == []
    store.mark_done("melds")
    store.save_game("table-1", {"seed": 3})
    assert calls == ["saved", "saved"]
    assert store.lesson("melds").done


def test_on_the_static_site_the_landing_page_says_progress_stays_in_this_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(where, "on_static_site", lambda platform=None: True)
    assert where.progress_words({}) == where.STATIC_WORDS
    assert "in this web browser" in where.STATIC_WORDS


def test_an_installed_package_is_packed_into_a_pure_wheel_whose_record_holds(tmp_path: Path) -> None:
    """From a ``pip install`` (no checkout) the site's wheel is packed from the installed files:
    every file listed in RECORD with its own hash and size, the package's modules and lessons in it,
    and neither the compiled engine nor bytecode."""
    import base64
    import hashlib
    import zipfile

    from buraco_learn.site.assets import COMPILED_SUFFIXES, installed_wheel

    wheel = installed_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (record_name,) = [name for name in names if name.endswith(".dist-info/RECORD")]
        rows = [line.split(",") for line in archive.read(record_name).decode().splitlines()]
        listed = {row[0]: row for row in rows}
        assert set(listed) == set(names)
        for name in names:
            if name == record_name:
                continue
            data = archive.read(name)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert listed[name][1:] == [f"sha256={digest}", str(len(data))], name
        metadata = archive.read(record_name.replace("RECORD", "METADATA")).decode()
    assert "Name: buraco-learn" in metadata
    assert "buraco_learn/game/state.py" in names and "buraco_learn/site/static/buraco-site.js" in names
    assert not [name for name in names if name.endswith(COMPILED_SUFFIXES) or "__pycache__" in name]
