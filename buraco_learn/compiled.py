"""Which engine runs: the compiled modules (built by ``python -m buraco_learn.accelerate``) or the sources.

``import buraco_learn`` calls :func:`guard` before any engine module loads. The compiled
modules load only when every source still matches the build's stamp
(``buraco_learn/_engine.json``, each source's SHA-256). After an edit, until the next build,
the sources run (with a warning), never machine code built from older sources.
``BURACO_PURE_PYTHON=1`` always runs the sources.

>>> status().kind in {"compiled", "pure", "stale", "disabled"}
True
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

#: the modules compiled, chosen by profile: together they are nearly all of a random playout's time
MODULES = (
    "buraco_learn.meldcore",
    "buraco_learn.extend",
    "buraco_learn.game.table",
    "buraco_learn.game.predicates",
    "buraco_learn.game.meldgen",
    "buraco_learn.game.handsummary",
    "buraco_learn.game.additions",
    "buraco_learn.game.turnrules",
    "buraco_learn.game.records",
    "buraco_learn.game.state",
    "buraco_learn.game.playout",
    "buraco_learn.game.legal",
)
#: mypyc's shared library for the group (``buraco_learn/_engine__mypyc.*.so``)
GROUP = "buraco_learn._engine"
STAMP = "_engine.json"
PURE_ENV = "BURACO_PURE_PYTHON"
ROOT = Path(__file__).resolve().parent.parent  # the directory holding the package


@dataclass(frozen=True)
class EngineStatus:
    """Which engine ``import buraco_learn`` loads, and why.

    ``kind``: ``compiled`` (the extension modules), ``pure`` (no build), ``stale``
    (a build whose sources have changed since: the sources run) or ``disabled``
    (``BURACO_PURE_PYTHON`` set: the sources run).
    """

    kind: str
    detail: str

    @property
    def compiled(self) -> bool:
        return self.kind == "compiled"

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail}"


def source_path(module: str, root: Path = ROOT) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def _extension(stem: Path) -> Path | None:
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = stem.with_name(stem.name + suffix)
        if candidate.exists():
            return candidate
    return None


def built_files(root: Path = ROOT) -> list[Path]:
    """The extension modules of a build that are present (one per module, and the shared library)."""
    stems = [source_path(module, root).with_suffix("") for module in (*MODULES, GROUP + "__mypyc")]
    return [path for path in map(_extension, stems) if path is not None]


def source_hashes(root: Path = ROOT) -> dict[str, str]:
    return {module: hashlib.sha256(source_path(module, root).read_bytes()).hexdigest() for module in MODULES}


def status(root: Path = ROOT, environ: Mapping[str, str] = os.environ) -> EngineStatus:
    """Decide which engine runs, from the files under ``root`` and the environment."""
    built = built_files(root)
    if not built:
        return EngineStatus("pure", "the engine is not compiled (python -m buraco_learn.accelerate builds it)")
    if environ.get(PURE_ENV, "") not in ("", "0"):
        return EngineStatus("disabled", f"{PURE_ENV} is set: the Python sources run")
    if len(built) < len(MODULES) + 1:
        return EngineStatus("stale", "the build is incomplete: the Python sources run")
    stamp_path = root / "buraco_learn" / STAMP
    try:
        stamp = json.loads(stamp_path.read_text())
    except (OSError, ValueError):
        return EngineStatus("stale", f"the build has no readable stamp ({stamp_path.name}): the Python sources run")
    changed = sorted(module for module, digest in source_hashes(root).items() if stamp.get("sources", {}).get(module) != digest)
    if changed:
        return EngineStatus("stale", f"changed since the build: {', '.join(changed)}; the Python sources run "
                                     "until `python -m buraco_learn.accelerate` builds again")
    return EngineStatus("compiled", f"{len(MODULES)} modules compiled with mypyc {stamp.get('mypyc', '?')}")


class _SourcesFirst(importlib.abc.MetaPathFinder):
    """Loads the compiled modules' Python sources even where their extension modules exist."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None,
                  ) -> importlib.machinery.ModuleSpec | None:
        if fullname in MODULES:
            return importlib.util.spec_from_file_location(fullname, source_path(fullname, self.root))
        return None


#: what :func:`guard` decided for this process
STATUS: EngineStatus | None = None


def guard(root: Path = ROOT) -> EngineStatus:
    """Called by ``import buraco_learn`` before any engine module loads: unless the build
    matches the sources, make every compiled module load from its source instead
    (all of them: compiled modules call each other directly, so a mixture is not safe)."""
    global STATUS
    if STATUS is not None:
        return STATUS
    found = status(root)
    if found.kind in ("stale", "disabled"):
        sys.meta_path.insert(0, _SourcesFirst(root))
    if found.kind == "stale":
        warnings.warn(f"buraco_learn's compiled engine is out of date ({found.detail})", RuntimeWarning, stacklevel=2)
    STATUS = found
    return found
