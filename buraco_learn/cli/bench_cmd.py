"""``buraco-learn bench [WHAT ...] [--repeat N] [--json]``: speed figures, medians of several runs."""

from __future__ import annotations

import argparse
import importlib
import json
from typing import Any

from buraco_learn.cli import CliError
from buraco_learn.compiled import guard

#: benchmark name -> (module, function), imported only when run
BENCHES = {
    "meld": ("buraco_learn.bench", "bench_meld"),
    "hands": ("buraco_learn.bench", "bench_hands"),
    "api": ("buraco_learn.bench", "bench_api"),
    "bots": ("buraco_learn.bots.bench", "bench_bots"),
}


def add_parser(sub: Any, name: str) -> None:
    parser = sub.add_parser(name, help="run the benchmarks and print medians against their targets")
    parser.add_argument("what", nargs="*", help=f"which benchmarks: {', '.join(BENCHES)} (default: all)")
    parser.add_argument("--repeat", type=int, default=7, help="runs per benchmark (default 7)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    chosen = args.what or list(BENCHES)
    unknown = [name for name in chosen if name not in BENCHES]
    if unknown:
        raise CliError(f"unknown benchmark {unknown[0]!r}: choose from {', '.join(BENCHES)}")
    if args.repeat < 1:
        raise CliError("--repeat must be at least 1")
    results = []
    for name in chosen:
        module, function = BENCHES[name]
        results += getattr(importlib.import_module(module), function)(repeat=args.repeat, progress=not args.json)
    if args.json:
        print(json.dumps({result.name: result.to_dict() for result in results}, indent=2))
    else:
        print(f"engine: {guard()}  (BURACO_PURE_PYTHON=1 runs the Python sources)")
        for result in results:
            print(result.line())
    return 0
