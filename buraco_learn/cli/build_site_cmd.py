"""``buraco-learn build-site DIR``: write the lessons as a static site that runs in the browser (JupyterLite on Pyodide).

Everything the site needs is put inside ``DIR`` (Pyodide, the wheels, the app); serve it with any
static file server, e.g. ``python -m http.server -d DIR``. Downloads (Pyodide from npm, wheels from
PyPI) are kept in the user cache, so a second build needs no network. ``DIR`` must be new, empty,
or a site built earlier (it is replaced). Needs the ``site`` extra (``pip install 'buraco-learn[site]'``)
and npm. Exit status: 0 when the site is written, 2 when it cannot be built.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from buraco_learn.cli import CliError, path_argument
from buraco_learn.i18n import _


def add_parser(sub: Any, name: str) -> None:
    parser = sub.add_parser(
        name,
        help=_("write the lessons as a static site that runs in the browser (JupyterLite on Pyodide)"),
        description=_("Write every lesson, the card table, the bots and the coach as a static site in DIR: "
                      "it runs in the browser on Pyodide, with nothing fetched from elsewhere, and keeps "
                      "the learner's progress in the browser."),
    )
    parser.add_argument("dir", metavar="DIR", type=path_argument, help=_("the folder to write (new, empty, or an earlier site)"))
    parser.add_argument("--quiet", action="store_true", help=_("print only the summary"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from buraco_learn.site.assets import SiteBuildError
    from buraco_learn.site.build import build_site

    def say(step: str) -> None:
        if not args.quiet:
            print(f"build-site: {step}", file=sys.stderr, flush=True)

    try:
        report = build_site(args.dir, say=say)
    except SiteBuildError as error:
        raise CliError(str(error)) from None
    except OSError as error:  # DIR under a file, on a read-only disk, ...: one line, never a traceback
        raise CliError(_("cannot write the site to {path}: {why}", path=repr(str(args.dir)), why=error.strerror or error)) from None
    print(report.summary())
    return 0
