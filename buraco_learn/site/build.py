"""``buraco-learn build-site DIR``: the whole course as a static site that runs in the browser (JupyterLite on Pyodide).

The site needs nothing but static files: Pyodide, every wheel the lessons import, the JupyterLite
Notebook app and the three front-end extensions the lessons use (the Pyodide kernel's, the widget
manager, anywidget) are all inside ``DIR``; the kernel is told never to fall back to a CDN or PyPI.
Each page is a lesson notebook that :mod:`buraco_learn.site.frontend` runs on opening, with its code
hidden. Progress lives in the browser's IndexedDB (:mod:`buraco_learn.site.storage`).

How a notebook is prepared for the site (the lessons themselves are not changed):

>>> notebook = {"cells": [{"cell_type": "code", "source": "1 + 1", "outputs": [{"output_type": "stream"}],
...             "execution_count": 4, "metadata": {}}], "metadata": {"kernelspec": {"name": "python3"}}}
>>> prepared = prepare_notebook(notebook)
>>> prepared["metadata"]["kernelspec"]["name"], len(prepared["cells"]), prepared["cells"][1]["outputs"]
('python', 2, [])
>>> "await" in "".join(prepared["cells"][0]["source"]), prepared["cells"][1]["metadata"]["tags"]
(True, ['raises-exception'])
"""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any, Final

from buraco_learn.app.catalogue import INDEX, lessons_dir
from buraco_learn.i18n import _
from buraco_learn.site.assets import Progress, SiteBuildError, cache_dir, pyodide_folder

#: The first cell of every page: open the progress kept in this browser before anything reads it.
SETUP_SOURCE: Final = ("# buraco-learn static site: keep progress in this browser (IndexedDB)\n"
                       "from buraco_learn.site import storage as _site_storage\n"
                       "await _site_storage.ready()")
RAISES: Final = "raises-exception"
KERNELSPEC: Final = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
#: The front-end extensions the pages load (as ``buraco_learn.app.server.FRONT_END_EXTENSIONS``, with
#: the Pyodide kernel's in place of Voila's widget manager); nothing else installed here reaches the site.
EXTENSIONS: Final = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget")
MARKER: Final = "buraco-site.json"  # written in DIR: a folder holding it may be replaced by a new build
FRONT_END: Final = ("buraco-site.js", "buraco-site.css")


@dataclass(frozen=True)
class SiteReport:
    """What a build made: where, how big, how long it took."""

    path: Path
    files: int
    bytes: int
    seconds: float

    def summary(self) -> str:
        return _("wrote the site to {path}: {files} files, {size} MB, in {seconds} s; serve it as static files, e.g. "
                 "python -m http.server -d {path} -b 127.0.0.1 8000", path=self.path, files=self.files,
                 size=format(self.bytes / 1e6, ".1f"), seconds=format(self.seconds, ".0f"))


def prepare_notebook(notebook: dict[str, Any]) -> dict[str, Any]:
    """A copy of a lesson for the site: no stored outputs or widget state, the Pyodide kernel, the setup cell first."""
    prepared = copy.deepcopy(notebook)
    metadata = prepared.setdefault("metadata", {})
    metadata.pop("widgets", None)
    metadata["kernelspec"] = dict(KERNELSPEC)
    for cell in prepared.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
            # a cell that fails must not stop the rest of the page (JupyterLab's run-all stops at an error otherwise)
            tags = cell.setdefault("metadata", {}).setdefault("tags", [])
            if RAISES not in tags:
                tags.append(RAISES)
    setup: dict[str, Any] = {"cell_type": "code", "execution_count": None, "outputs": [], "source": SETUP_SOURCE,
             "metadata": {"tags": ["buraco-site-setup"]}}
    if any(cell.get("id") for cell in prepared.get("cells", [])):
        setup["id"] = "buraco-site-setup"
    prepared["cells"] = [setup, *prepared.get("cells", [])]
    return prepared


def lite_config(packages: list[str]) -> dict[str, Any]:
    """The site's ``jupyter-lite.json``: local Pyodide only, its packages loaded at start, the app reachable by the page's script."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Buraco lessons",
            "exposeAppInBrowser": "true",
            # notebooks are never saved in the browser: a rebuilt site's lessons always show
            "enableMemoryStorage": True,
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "pyodideUrl": "./static/pyodide/pyodide.mjs",
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": packages},
                },
            },
        },
    }


SETTINGS_OVERRIDES: Final = {
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    # no header (title, menu): a lesson page, not a notebook
    "@jupyter-notebook/application-extension:top": {"visible": "no"},
}


def _extension_dirs() -> list[Path]:
    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    found = []
    for name in EXTENSIONS:
        path = share / name
        if not (path / "package.json").is_file():
            raise SiteBuildError(_("the front-end extension {name} is not installed in {prefix}; "
                                   "install the site's tools: pip install 'buraco-learn[site]'", name=name, prefix=sys.prefix))
        found.append(path)
    return found


def _check_tools() -> None:
    import importlib.util

    for module, package in (("jupyterlite_core", "jupyterlite-core"), ("jupyterlite_pyodide_kernel", "jupyterlite-pyodide-kernel")):
        if importlib.util.find_spec(module) is None:
            raise SiteBuildError(_("building the site needs {package}: pip install 'buraco-learn[site]'", package=package))


def _lite_build(lite_dir: Path, output: Path, say: Progress) -> None:
    argv = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir), "--output-dir", str(output),
            "--contents", str(lite_dir / "files"), "--apps", "notebooks", "--no-sourcemaps",
            "--no-unused-shared-packages", "--ignore-sys-prefix",
            f"--LiteBuildConfig.federated_extensions={json.dumps([str(path) for path in _extension_dirs()])}"]
    say(_("running jupyter lite build"))
    done = subprocess.run(argv, cwd=lite_dir, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tail = " ".join((done.stderr or done.stdout).split())[-600:]
        raise SiteBuildError(_("jupyter lite build failed: {why}", why=tail))


def _patch_pages(output: Path) -> None:
    """The page script and style in the Notebook app's page, and a landing page at the site's root."""
    static = files("buraco_learn.site") / "static"
    for name in FRONT_END:
        (output / name).write_text((static / name).read_text(encoding="utf-8"), encoding="utf-8")
    page = output / "notebooks" / "index.html"
    text = page.read_text(encoding="utf-8")
    tags = ('<link rel="stylesheet" href="../buraco-site.css">\n'
            '    <script src="../buraco-site.js"></script>\n    ')
    head = text.index("<link id=\"jupyter-lite-main\"")
    page.write_text(text[:head] + tags + text[head:], encoding="utf-8")
    # the Notebook app shows the kernel's state in the tab's icon, from files the build does not copy
    icons = output / "static" / "favicons"
    icons.mkdir(parents=True, exist_ok=True)
    for name in ("favicon.ico", "favicon-notebook.ico", "favicon-busy-1.ico", "favicon-busy-2.ico", "favicon-busy-3.ico"):
        shutil.copy2(output / "notebooks" / "favicon.ico", icons / name)
    # the root page keeps its config (every app page reads it), and sends a visitor to the landing lesson
    root = output / "index.html"
    text = root.read_text(encoding="utf-8")
    target = f"notebooks/index.html?path={INDEX}"
    redirect = f'<script>window.location.replace("{target}" + window.location.hash);</script>\n    '
    head = text.index("<head>") + len("<head>")
    root.write_text(f"{text[:head]}\n    {redirect}{text[head:]}", encoding="utf-8")


def _size(folder: Path) -> tuple[int, int]:
    paths = [path for path in folder.rglob("*") if path.is_file()]
    return len(paths), sum(path.stat().st_size for path in paths)


def _replaceable(dest: Path) -> bool:
    return not dest.exists() or (dest.is_dir() and (not any(dest.iterdir()) or (dest / MARKER).is_file()))


def build_site(dest: Path, say: Progress = print, lessons: Path | None = None) -> SiteReport:
    """Build the static site into ``dest`` (a new folder, an empty one, or an earlier site, which is replaced)."""
    started = time.monotonic()
    dest = dest.expanduser().resolve()
    if not _replaceable(dest):
        raise SiteBuildError(_("{folder} exists and is not a site built by buraco-learn: name a new or empty folder", folder=dest))
    _check_tools()
    source = lessons or lessons_dir()
    notebooks = sorted(source.glob("*.ipynb"))
    if not any(path.name == INDEX for path in notebooks):
        raise SiteBuildError(_("no landing page ({page}) among the lessons in {folder}", page=INDEX, folder=source))
    cache = cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    dest.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="buraco-site-", dir=dest.parent) as work:
        lite_dir = Path(work) / "lite"
        (lite_dir / "files").mkdir(parents=True)
        say(_("preparing {count} notebooks", count=len(notebooks)))
        for path in notebooks:
            notebook = json.loads(path.read_text(encoding="utf-8"))
            (lite_dir / "files" / path.name).write_text(json.dumps(prepare_notebook(notebook), indent=1), encoding="utf-8")
        packages = pyodide_folder(lite_dir / "static" / "pyodide", cache, say)
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(lite_config(packages), indent=2), encoding="utf-8")
        (lite_dir / "overrides.json").write_text(json.dumps(SETTINGS_OVERRIDES, indent=2), encoding="utf-8")
        output = Path(work) / "site"
        _lite_build(lite_dir, output, say)
        _patch_pages(output)
        (output / MARKER).write_text(json.dumps({"built_by": "buraco-learn build-site", "lessons": len(notebooks)}),
                                     encoding="utf-8")
        if dest.exists():
            shutil.rmtree(dest)
        shutil.move(output, dest)
    count, size = _size(dest)
    return SiteReport(dest, count, size, time.monotonic() - started)
