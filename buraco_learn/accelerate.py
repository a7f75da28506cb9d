"""The compiled engine: the game's hot modules built with mypyc, and a guard against stale builds.

The engine is plain Python and always runs as such. Random playouts (what simulations,
the arena and the search bots spend their time on) run about twice as fast when the
modules in :data:`MODULES` are compiled to C extension modules with mypyc::

    python -m buraco_learn.accelerate            # build (about 20 s; needs mypy and a C compiler)
    python -m buraco_learn.accelerate --status   # which engine `import buraco_learn` loads
    python -m buraco_learn.accelerate --clean    # remove the build

The build writes the extension modules beside their sources (git ignores them) and a
stamp, ``buraco_learn/_engine.json``, holding each source's SHA-256. ``import buraco_learn``
calls :func:`buraco_learn.compiled.guard`, which loads the compiled modules only when every source still
matches its stamp. After an edit, until the next build, the sources run (with a
warning), never machine code built from older sources. ``BURACO_PURE_PYTHON=1`` always
runs the sources. ``./dev`` builds whenever the stamp does not match.

mypyc compiles the code as written, and its classes check the declared types of their
attributes at run time. So the compiled modules keep to what mypyc supports: no
``object.__new__`` of their classes and no ``__dict__`` (see ``HandState.clone``).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from buraco_learn.compiled import GROUP, MODULES, ROOT, STAMP, EngineStatus, built_files, source_hashes, source_path, status

BUILD_SCRIPT = """
import sys
from setuptools import setup
from mypyc.build import mypycify
setup(name="buraco-learn-engine", py_modules=[],
      ext_modules=mypycify(sys.argv[2:], group_name=sys.argv[1], opt_level="3"),
      script_args=["build_ext", "--build-lib", "lib", "--build-temp", "temp"])
"""


def build(root: Path = ROOT, quiet: bool = False) -> EngineStatus:
    """Compile :data:`MODULES` with mypyc and write the stamp; returns the new status.

    Raises ``RuntimeError`` (with the compiler's output) when mypyc or the C compiler fails;
    the previous build, if any, is removed first, so a failed build leaves the sources running.
    """
    try:
        import mypyc  # noqa: F401  (only to say clearly when it is missing)
        from mypy.version import __version__ as version
    except ImportError as error:
        raise RuntimeError("mypyc is not installed; it comes with mypy, which ./dev test installs") from error
    hashes = source_hashes(root)
    clean(root)
    with tempfile.TemporaryDirectory(prefix="buraco-engine-") as tmp:
        sources = [str(source_path(module, root)) for module in MODULES]
        run = subprocess.run([sys.executable, "-c", BUILD_SCRIPT, GROUP, *sources], cwd=tmp,
                             capture_output=True, text=True, check=False)
        if run.returncode != 0:
            raise RuntimeError(f"mypyc could not build the engine:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}")
        lib = Path(tmp) / "lib"
        made = built_files(lib)
        if len(made) != len(MODULES) + 1:
            raise RuntimeError(f"mypyc did not produce every module: {run.stdout[-2000:]}")
        for path in made:
            shutil.copy2(path, root / path.relative_to(lib))
    stamp = {"mypyc": version, "python": sys.implementation.cache_tag, "sources": hashes}
    (root / "buraco_learn" / STAMP).write_text(json.dumps(stamp, indent=1) + "\n")
    if not quiet:
        print(f"built {len(MODULES)} modules with mypyc {version}", file=sys.stderr)
    return status(root, environ={})


def clean(root: Path = ROOT) -> list[Path]:
    """Remove the build (extension modules and stamp); returns what was removed."""
    removed = built_files(root)
    stamp = root / "buraco_learn" / STAMP
    if stamp.exists():
        removed.append(stamp)
    for path in removed:
        path.unlink()
    return removed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m buraco_learn.accelerate",
                                     description="Compile the engine's hot modules with mypyc (optional: "
                                                 "everything also runs as plain Python).")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--status", action="store_true", help="print which engine `import buraco_learn` loads")
    group.add_argument("--clean", action="store_true", help="remove the build: the Python sources run")
    group.add_argument("--if-needed", action="store_true",
                       help="build only when there is no build matching the sources; a failure is a warning, "
                            "not an error (the Python sources run)")
    parser.add_argument("--strict", action="store_true", help="with --if-needed: a failed build is an error")
    args = parser.parse_args(argv)
    if args.status:
        print(status())
        return 0
    if args.clean:
        removed = clean()
        print(f"removed {len(removed)} files")
        return 0
    if args.if_needed and status(environ={}).compiled:
        return 0
    try:
        print(build())
    except RuntimeError as error:
        if args.strict or not args.if_needed:
            print(error, file=sys.stderr)
            return 1
        first = str(error).splitlines()[0]
        print(f"the engine runs as plain Python (not compiled: {first})", file=sys.stderr)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
