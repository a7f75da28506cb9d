"""``buraco-learn bench [WHAT ...] [--repeat N] [--json]``: speed figures, medians of several runs."""

from __future__ import annotations

import argparse
import importlib
import json
from typing import Any

from buraco_learn.cli import CliError
from buraco_learn.compiled import guard
from buraco_learn.i18n import _

#: benchmark name -> (module, function), imported only when run
BENCHES = {
    "meld": ("buraco_learn.bench", "bench_meld"),
    "hands": ("buraco_learn.bench", "bench_hands"),
    "api": ("buraco_learn.bench", "bench_api"),
    "bots": ("buraco_learn.bots.bench", "bench_bots"),
}


def add_parser(sub: Any, name: str) -> None:
    parser = sub.add_parser(name, help=_("run the benchmarks and print medians against their targets"))
    parser.add_argument("what", nargs="*", help=_("which benchmarks: {names} (default: all)", names=", ".join(BENCHES)))
    parser.add_argument("--repeat", type=int, default=7, help=_("runs per benchmark (default 7)"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    chosen = args.what or list(BENCHES)
    unknown = [name for name in chosen if name not in BENCHES]
    if unknown:
        raise CliError(_("unknown benchmark {name}: choose from {names}", name=repr(unknown[0]), names=", ".join(BENCHES)))
    if args.repeat < 1:
        raise CliError(_("--repeat must be at least 1"))
    results = []
    for name in chosen:
        module, function = BENCHES[name]
        results += getattr(importlib.import_module(module), function)(repeat=args.repeat, progress=not args.json)
    if args.json:
        print(json.dumps({result.name: result.to_dict() for result in results}, indent=2))
    else:
        print(_("engine: {engine}  (BURACO_PURE_PYTHON=1 runs the Python sources)", engine=guard()))
        for result in results:
            print(result.line())
    return 0
