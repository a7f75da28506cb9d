"""mkdocs hooks for the documentation site (mkdocs.yml): the README as its home page, the example notebooks as pages.

mkdocs reads only ``docs/``; the README and ``examples/*.ipynb`` live at the repository's root, so
they are added to the site's files here, before mkdocs-jupyter turns the notebooks into pages.

A widget needs a running kernel, so on a static page it cannot work: nbconvert would embed the
widgets' state and a script that loads a widget renderer from a public CDN (unpkg) when the page
is read. Here each widget's output becomes a sentence saying so, and the state and that script go:
the site's pages ask nothing of the network. The tables drawn as SVG keep their description: nbconvert
shows them as images with a placeholder alt text, replaced here by the drawing's own aria-label. This file itself is not a page (``exclude_docs``).
"""

from __future__ import annotations

import base64
import html as html_text
import re
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parent.parent

WIDGET_NOTE = ('<p class="widget-note"><em>A widget is drawn here when the notebook runs in JupyterLab, '
               'Notebook 7, VS Code or Voila (it needs a running kernel).</em></p>')
_WIDGET_VIEW = re.compile(r'<script type="application/vnd\.jupyter\.widget-view\+json">.*?</script>', re.S)
_WIDGET_STATE = re.compile(r'<script type="application/vnd\.jupyter\.widget-state\+json">.*?</script>', re.S)
_WIDGET_LOADER = re.compile(r"<script>\s*\(function\(\) \{\s*function addWidgetsRenderer\(\).*?</script>", re.S)
_SVG_IMAGE = re.compile(r'<img alt="No description has been provided for this image" src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"')
_ARIA_LABEL = re.compile(r'aria-label="([^"]*)"')


@event_priority(100)  # before mkdocs-jupyter's on_files, which wraps every .ipynb
def on_files(files: Files, config: Any) -> Files:
    files.append(File.generated(config, "index.md", content=(ROOT / "README.md").read_text(encoding="utf-8")))
    for notebook in sorted((ROOT / "examples").glob("*.ipynb")):
        # a File read from the root (not File.generated: mkdocs-jupyter's wrapper loses a generated file's path)
        files.append(File(f"examples/{notebook.name}", src_dir=str(ROOT), dest_dir=config["site_dir"],
                          use_directory_urls=config["use_directory_urls"]))
    return files


_REMOTE_IMAGE = re.compile(r"!\[([^\]]*)\]\((?:https?:)?//[^)]*\)")


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    """The README's links into ``docs/`` (right on GitHub) point at the site's own pages, and an image
    from another site (the Binder badge) becomes its alt text, still a link: the pages load nothing from elsewhere."""
    if page.file.src_uri == "index.md":
        markdown = markdown.replace("](docs/", "](")
    return _REMOTE_IMAGE.sub(lambda match: match.group(1), markdown)


def without_widgets(html: str) -> str:
    """A page's HTML with each widget output replaced by :data:`WIDGET_NOTE`, and no widget state or loader."""
    html = _WIDGET_LOADER.sub("", html)
    html = _WIDGET_STATE.sub("", html)
    return _WIDGET_VIEW.sub(WIDGET_NOTE, html)


def _described(match: re.Match[str]) -> str:
    """An SVG output drawn as an image, its alt text the drawing's own aria-label (the table in words)."""
    svg = base64.b64decode(match.group(1)).decode("utf-8", "replace")
    label = _ARIA_LABEL.search(svg)
    if label is None:
        return match.group(0)
    alt = html_text.escape(html_text.unescape(label.group(1)), quote=True)
    return match.group(0).replace("No description has been provided for this image", alt, 1)


def described_images(html: str) -> str:
    """nbconvert gives every SVG output the alt text "No description ...": use the drawing's aria-label instead."""
    return _SVG_IMAGE.sub(_described, html)


@event_priority(-100)  # after mkdocs-jupyter has put the notebook in the page
def on_post_page(output: str, page: Any, config: Any) -> str:
    if page.file.src_uri.startswith("examples/"):
        return described_images(without_widgets(output))
    return output
