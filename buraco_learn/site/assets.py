"""What the static site needs from the package registries, fetched once and kept in a cache.

- Pyodide's core (the npm package ``pyodide``, at the exact version the Pyodide kernel expects), via
  ``npm pack``: 14 files, no packages of its own.
- Pure-Python wheels for Python 3.14 from PyPI, via ``pip download``: the packages of Pyodide's lock
  that the kernel needs (micropip, IPython and what it needs), at the lock's versions, and the lesson
  app's own (anywidget, ipywidgets, ...) at the versions installed here, whose front-end extensions
  ``jupyter lite build`` copies.
- buraco-learn's own wheel: built from the checkout with its packaging, or, from a ``pip install``,
  packed from the installed package's own files (never the compiled engine, never bytecode).

Each lands in the cache (:func:`cache_dir`) and is not fetched again. :func:`pyodide_folder` then lays
out ``static/pyodide``: the core, every wheel, and ``pyodide-lock.json`` naming them with their
local sha256 (Pyodide repackages its wheels, so the lock's hashes are not PyPI's).

>>> lock_entry(Path("comm-0.2.3-py3-none-any.whl"), "comm", "0.2.3", ["traitlets"], ["comm"], "ab" * 32)["depends"]
['traitlets']
>>> wheel_name_version("jupyterlab_widgets-3.0.17-py3-none-any.whl")
('jupyterlab-widgets', '3.0.17')
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Final

from buraco_learn.errors import BuracoError
from buraco_learn.i18n import _

#: The npm package and version: jupyterlite-pyodide-kernel 0.8.6 expects exactly this Pyodide (Python 3.14).
PYODIDE_NPM: Final = "pyodide@314.0.6"
PYTHON_VERSION: Final = "3.14"
#: Packages of Pyodide's lock the kernel loads (IPython and its needs, micropip for piplite), fetched at the lock's versions.
LOCK_PACKAGES: Final = (
    "micropip", "packaging", "ipython", "asttokens", "decorator", "executing", "matplotlib-inline",
    "prompt-toolkit", "pure-eval", "pygments", "six", "stack-data", "traitlets", "wcwidth", "jedi", "parso",
    "typing-extensions", "platformdirs", "tqdm",
)
#: The lesson app's own packages, at the versions installed here (their front ends come from here too):
#: name -> (import names, lock dependencies).
APP_PACKAGES: Final[dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "comm": (("comm",), ("traitlets",)),
    "jupyterlab-widgets": (("jupyterlab_widgets",), ()),
    "ipywidgets": (("ipywidgets",), ("comm", "ipython", "jupyterlab-widgets", "traitlets")),
    "psygnal": (("psygnal",), ("typing-extensions",)),
    "anywidget": (("anywidget",), ("ipywidgets", "psygnal", "typing-extensions")),
}
PROJECT: Final = "buraco-learn"
PROJECT_DEPENDS: Final = ("anywidget", "ipywidgets", "platformdirs", "tqdm")


class SiteBuildError(BuracoError):
    """The static site cannot be built (a tool or a download is missing); the message says which."""


Progress = Callable[[str], None]


def cache_dir() -> Path:
    """Where downloads are kept between builds: ``$BURACO_LEARN_SITE_CACHE``, else the user cache directory."""
    override = os.environ.get("BURACO_LEARN_SITE_CACHE", "").strip()
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("buraco-learn", appauthor=False)) / "site"


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def wheel_name_version(file_name: str) -> tuple[str, str]:
    """A wheel file's project name (normalised, dashes) and version."""
    name, version = file_name.split("-")[:2]
    return name.lower().replace("_", "-"), version


def _canonical(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def lock_entry(path: Path, name: str, version: str, depends: Iterable[str], imports: Iterable[str],
               digest: str) -> dict[str, Any]:
    """One package of ``pyodide-lock.json`` for a pure wheel in the Pyodide folder."""
    return {
        "name": name, "version": version, "file_name": path.name, "install_dir": "site",
        "sha256": digest, "package_type": "package", "imports": list(imports), "depends": list(depends),
    }


def _run(argv: list[str], what: str, cwd: Path | None = None) -> None:
    try:
        done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise SiteBuildError(_("{what} needs {program}, which is not installed", what=what, program=repr(argv[0]))) from None
    if done.returncode != 0:
        tail = " ".join((done.stderr or done.stdout).split())[-400:]
        raise SiteBuildError(_("{what} failed: {why}", what=what, why=tail))


def pyodide_core(cache: Path, say: Progress) -> Path:
    """The npm ``pyodide`` package, unpacked (``.../package``), fetched with ``npm pack`` once."""
    folder = cache / PYODIDE_NPM.replace("@", "-")
    if (folder / "package" / "pyodide-lock.json").is_file():
        return folder / "package"
    npm = shutil.which("npm")
    if npm is None:
        raise SiteBuildError(_("building the site needs npm, to fetch Pyodide ({package}); install Node.js and npm", package=PYODIDE_NPM))
    say(_("fetching Pyodide ({package}) from npm", package=PYODIDE_NPM))
    with tempfile.TemporaryDirectory(dir=cache) as work:
        _run([npm, "pack", "--silent", PYODIDE_NPM], f"npm pack {PYODIDE_NPM}", cwd=Path(work))
        tarballs = list(Path(work).glob("*.tgz"))
        if len(tarballs) != 1:
            raise SiteBuildError(_("npm pack {package} gave {count} files, not one tarball", package=PYODIDE_NPM, count=len(tarballs)))
        unpacked = Path(work) / "unpacked"
        with tarfile.open(tarballs[0]) as tar:
            tar.extractall(unpacked, filter="data")
        shutil.rmtree(folder, ignore_errors=True)
        shutil.move(unpacked, folder)
    return folder / "package"


def pypi_wheel(cache: Path, name: str, version: str, say: Progress) -> Path:
    """The pure wheel (``py3-none-any``) of ``name==version`` for Python 3.14, from PyPI once."""
    wheels = cache / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    for path in wheels.glob("*.whl"):
        if wheel_name_version(path.name) == (name, version):
            return path
    say(_("fetching {name} {version} from PyPI", name=name, version=version))
    with tempfile.TemporaryDirectory(dir=cache) as work:
        _run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
              "--only-binary=:all:", "--platform", "any", "--implementation", "py", "--abi", "none",
              "--python-version", PYTHON_VERSION, "--dest", work, f"{name}=={version}"],
             f"pip download {name}=={version}")
        found = [path for path in Path(work).glob("*.whl") if wheel_name_version(path.name) == (name, version)]
        if not found:
            raise SiteBuildError(_("PyPI has no pure-Python wheel of {name} {version}", name=name, version=version))
        return Path(shutil.move(found[0], wheels / found[0].name))


def checkout_root() -> Path | None:
    """The repository this buraco_learn was imported from, if it is a checkout (``pyproject.toml`` beside it)."""
    root = Path(__file__).resolve().parents[2]
    return root if (root / "pyproject.toml").is_file() and (root / "lessons").is_dir() else None


def project_wheel(out: Path, say: Progress) -> Path:
    """buraco-learn's wheel, pure (no compiled engine, no bytecode): built from the checkout by its own
    packaging, or packed from the installed package where there is no checkout (a ``pip install``)."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("buraco_learn-*.whl"):
        old.unlink(missing_ok=True)
    root = checkout_root()
    if root is None:
        say(_("packing the installed buraco-learn into a wheel"))
        wheel = installed_wheel(out)
    else:
        say(_("building the buraco-learn wheel from the checkout"))
        _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps",
              "--wheel-dir", str(out), str(root)], "building buraco-learn's wheel")
        (wheel,) = out.glob("buraco_learn-*-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        compiled = [name for name in archive.namelist() if name.endswith(COMPILED_SUFFIXES)]
    if compiled:
        raise SiteBuildError(_("buraco-learn's wheel holds compiled files ({file}); the site needs the pure engine", file=compiled[0]))
    return wheel


COMPILED_SUFFIXES: Final = (".so", ".pyd", ".pyc")


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")


def installed_wheel(out: Path, package: Path | None = None) -> Path:
    """A pure wheel of the installed buraco-learn, packed from its own files (the package's folder, without
    the compiled engine or bytecode, and its installed ``METADATA``), for Pyodide to unpack.

    >>> import tempfile, zipfile
    >>> wheel = installed_wheel(Path(tempfile.mkdtemp()))
    >>> names = zipfile.ZipFile(wheel).namelist()
    >>> "buraco_learn/__init__.py" in names and not any(name.endswith(COMPILED_SUFFIXES) for name in names)
    True
    """
    package = package or Path(__file__).resolve().parents[1]
    dist = importlib.metadata.distribution(PROJECT)
    version = dist.version
    info = f"buraco_learn-{version}.dist-info"
    wheel = out / f"buraco_learn-{version}-py3-none-any.whl"
    metadata = dist.read_text("METADATA") or f"Metadata-Version: 2.1\nName: {PROJECT}\nVersion: {version}\n"
    wheel_text = "Wheel-Version: 1.0\nGenerator: buraco-learn build-site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    records: list[str] = []
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        def put(name: str, data: bytes) -> None:
            archive.writestr(name, data)
            records.append(f"{name},{_record_hash(data)},{len(data)}")

        for path in sorted(package.rglob("*")):
            if path.is_dir() or "__pycache__" in path.parts or path.name.endswith(COMPILED_SUFFIXES):
                continue
            put(f"buraco_learn/{path.relative_to(package).as_posix()}", path.read_bytes())
        put(f"{info}/METADATA", metadata.encode("utf-8"))
        put(f"{info}/WHEEL", wheel_text.encode("utf-8"))
        records.append(f"{info}/RECORD,,")
        archive.writestr(f"{info}/RECORD", "\n".join(records) + "\n")
    return wheel


def app_versions() -> dict[str, str]:
    """The installed version of each of the app's packages (their front-end extensions are these versions)."""
    try:
        return {name: importlib.metadata.version(name) for name in APP_PACKAGES}
    except importlib.metadata.PackageNotFoundError as missing:
        raise SiteBuildError(_("building the site needs {package} installed (pip install 'buraco-learn[site]')", package=missing.name)) from None


def pyodide_folder(dest: Path, cache: Path, say: Progress) -> list[str]:
    """Lay out Pyodide with every wheel the lessons need in ``dest``; returns the packages to load at start."""
    core = pyodide_core(cache, say)
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    for path in core.iterdir():
        if path.suffix != ".map" and path.name not in {"README.md", "console.html", "console-v2.html", "ffi.d.ts",
                                                        "pyodide.d.ts", "package.json"}:
            shutil.copy2(path, dest / path.name)
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages: dict[str, Any] = lock["packages"]
    # Only what this folder holds stays in the lock: a package it names but lacks would be fetched from a CDN.
    kept: dict[str, Any] = {}
    for name in LOCK_PACKAGES:
        entry = dict(packages[name])
        wheel = pypi_wheel(cache, name, entry["version"], say)
        shutil.copy2(wheel, dest / entry["file_name"])
        entry["sha256"] = sha256(dest / entry["file_name"])
        kept[name] = entry
    for name, version in app_versions().items():
        imports, depends = APP_PACKAGES[name]
        wheel = pypi_wheel(cache, name, version, say)
        shutil.copy2(wheel, dest / wheel.name)
        kept[name] = lock_entry(wheel, name, version, depends, imports, sha256(wheel))
    # built afresh in a folder of this build's own: two builds at once (two test workers) sharing a folder in the
    # cache removed each other's wheel (FileNotFoundError)
    with tempfile.TemporaryDirectory(prefix="buraco-wheel-", dir=dest.parent) as built:
        own = project_wheel(Path(built), say)
        shutil.copy2(own, dest / own.name)
        kept[PROJECT] = lock_entry(own, PROJECT, wheel_name_version(own.name)[1], PROJECT_DEPENDS, ["buraco_learn"],
                                   sha256(own))
    missing = sorted({_canonical(dep) for entry in kept.values() for dep in entry["depends"]} - {_canonical(name) for name in kept})
    if missing:
        raise SiteBuildError(_("the site's Pyodide lock names packages it does not hold: {packages}", packages=", ".join(missing)))
    lock["packages"] = kept
    (dest / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    return [*LOCK_PACKAGES, *APP_PACKAGES, PROJECT]
