"""The documentation site (issue 17, item 2): mkdocs builds it in strict mode, offline, with the examples rendered.

``mkdocs build --strict`` (warnings are errors) into a temporary directory, with the network cut
off: in a network namespace of its own where ``unshare`` can make one (loopback only: the
notebooks' kernels talk over it), and in any case with the build's own sockets refused anything
but loopback, each attempt logged and failing the test. Then the home page (the README), the two
pages for notebook authors and teachers, and one page per example notebook must exist, hold no
traceback or error output, and load nothing from another site when read.
"""

from __future__ import annotations

import base64
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import mkdocs  # noqa: F401  (the test extra brings them: missing, this fails rather than skips)
import mkdocs_jupyter  # noqa: F401
import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.ipynb"))

#: run as the build's Python: sockets may reach loopback only; any other attempt is logged and refused
GUARD = r"""
import ipaddress, runpy, socket, sys
log = open(sys.argv.pop(1), "a")
def loopback(host):
    try:
        return ipaddress.ip_address(str(host).split("%")[0]).is_loopback
    except ValueError:
        return str(host) in ("localhost", "")
def refuse(what):
    log.write(what + "\n"); log.flush()
    raise OSError("network access refused while building the docs: " + what)
real_connect, real_getaddrinfo = socket.socket.connect, socket.getaddrinfo
def connect(self, address):
    if self.family in (socket.AF_INET, socket.AF_INET6) and not loopback(address[0]):
        refuse(f"connect {address!r}")
    return real_connect(self, address)
def getaddrinfo(host, *args, **kwargs):
    if host is not None and not loopback(host):
        refuse(f"getaddrinfo {host!r}")
    return real_getaddrinfo(host, *args, **kwargs)
socket.socket.connect, socket.getaddrinfo = connect, getaddrinfo
sys.argv[0] = "mkdocs"
runpy.run_module("mkdocs", run_name="__main__")
"""


def isolated_network() -> list[str]:
    """The command prefix that runs a program with no network but loopback, or [] where that cannot be done here."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return []
    probe = subprocess.run([unshare, "-rn", "sh", "-c", "ip link set lo up 2>/dev/null || true; exit 0"],
                           capture_output=True, timeout=30)
    if probe.returncode != 0:
        return []
    return [unshare, "-rn", "sh", "-c", 'ip link set lo up 2>/dev/null || true; exec "$@"', "sh"]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    log = out.parent / "network-attempts.log"
    log.write_text("")
    prefix = isolated_network()
    started = time.perf_counter()
    result = subprocess.run([*prefix, sys.executable, "-c", GUARD, str(log), "build", "--strict", "--clean",
                             "--config-file", str(ROOT / "mkdocs.yml"), "--site-dir", str(out / "html")],
                            capture_output=True, text=True, cwd=ROOT, timeout=600,
                            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    seconds = time.perf_counter() - started
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.stdout[-3000:]}\n{result.stderr[-5000:]}"
    assert log.read_text() == "", f"the build tried the network: {log.read_text()}"
    html = out / "html"
    files = [path for path in html.rglob("*") if path.is_file()]
    size = sum(path.stat().st_size for path in files)
    print(f"\ndocs site: built in {seconds:.1f} s ({'own network namespace' if prefix else 'socket guard only'}), "
          f"{len(files)} files, {size / 1e6:.1f} MB")
    return html


def pages(site: Path) -> dict[str, Path]:
    wanted = {"index.html", "notebook-authors.html", "teachers.html", *(f"examples/{path.stem}.html" for path in EXAMPLES)}
    return {name: site / name for name in sorted(wanted)}


def test_every_page_is_built_without_an_error_shown(site: Path) -> None:
    assert len(EXAMPLES) >= 4
    for name, path in pages(site).items():
        assert path.is_file(), f"no page {name}"
        text = path.read_text(encoding="utf-8")
        if name != "index.html":  # the README shows an IllegalActionError's traceback on purpose (a doctest)
            assert "Traceback" not in text and "Error</span>:" not in text, f"{name} shows an error"
        assert not re.search(r'<div[^>]*data-mime-type="application/vnd\.jupyter\.stderr"', text), f"{name} shows output on stderr"


def test_the_pages_hold_what_they_are_about(site: Path) -> None:
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "Learn <strong>Burraco</strong>" in index and 'href="notebook-authors.html"' in index
    assert "pip install buraco-learn" in (site / "notebook-authors.html").read_text(encoding="utf-8")
    assert "--ready 2=30" in (site / "teachers.html").read_text(encoding="utf-8")
    engine = (site / "examples" / "01-engine.html").read_text(encoding="utf-8")
    drawings = [base64.b64decode(data).decode() for data in re.findall(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', engine)]
    assert any('class="buraco-table"' in svg for svg in drawings), "the HandState's SVG repr, executed at build time"
    assert 'alt="The table from East' in engine and "No description has been provided" not in engine
    assert 'class="buraco-rules"' in engine, "the Rules' HTML repr"
    widgets = (site / "examples" / "04-widgets.html").read_text(encoding="utf-8")
    assert widgets.count('class="widget-note"') >= 4 and "CardTable" in widgets


def test_the_pages_load_nothing_from_another_site(site: Path) -> None:
    external = re.compile(r"""<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)=["']?(?:https?:)?//""", re.I)
    for path in site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert not external.search(text), f"{path.relative_to(site)} loads {external.search(text).group(0)!r}"
        assert "widgetRendererSrc" not in text and "fonts.googleapis.com" not in text, path.relative_to(site)
