"""The ``buraco-learn`` command line.

Each subcommand lives in its own module here and registers itself through
:func:`register`; ``main`` builds the parser from them. Errors are one clear line
on standard error (never a traceback), and exit statuses are documented per command.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import sys
from collections.abc import Callable, Sequence
from typing import Final

from buraco_learn.errors import BuracoError

# module name -> subcommand; imported lazily so each command pays only for itself
COMMANDS: Final = {
    "check-meld": "buraco_learn.cli.check_meld",
    "score": "buraco_learn.cli.score_cmd",
    "selfplay": "buraco_learn.cli.selfplay_cmd",
    "replay": "buraco_learn.cli.replay_cmd",
    "simulate": "buraco_learn.cli.simulate_cmd",
    "arena": "buraco_learn.cli.arena_cmd",
    "serve": "buraco_learn.cli.serve_cmd",
    "rules": "buraco_learn.cli.rules_cmd",
    "bench": "buraco_learn.cli.bench_cmd",
}

Handler = Callable[[argparse.Namespace], int]


class CliError(Exception):
    """An error to report as one line with exit status ``status``."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


def build_parser() -> argparse.ArgumentParser:
    from buraco_learn import __version__

    parser = argparse.ArgumentParser(
        prog="buraco-learn",
        description="Learn Burraco / Buraco: check melds, score hands, play and replay games, serve the lessons.",
    )
    parser.add_argument("--version", action="version", version=f"buraco-learn {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module_name in COMMANDS.items():
        if importlib.util.find_spec(module_name) is None:
            continue  # a command whose module is not written yet
        module = importlib.import_module(module_name)
        module.add_parser(sub, name)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    _utf8_streams()
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 0
    try:
        return int(args.handler(args))
    except CliError as error:
        print(f"buraco-learn {args.command}: {error}", file=sys.stderr)
        return error.status
    except BuracoError as error:
        print(f"buraco-learn {args.command}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"buraco-learn {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def _utf8_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and (stream.encoding or "").lower() not in ("utf-8", "utf8"):
            with contextlib.suppress(ValueError, OSError):
                reconfigure(encoding="utf-8")


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """``--rules PRESET`` and ``--option KEY=VALUE`` (repeatable), shared by commands."""
    parser.add_argument("--rules", default="italian", metavar="PRESET", help="ruleset preset (default: italian)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="change one rules option, VALUE in JSON (e.g. --option semi_clean_bonus=150); repeatable",
    )


def rules_from_args(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    """The ruleset named by ``--rules`` with ``--option`` changes; raises on bad input."""
    import json

    from buraco_learn.presets import preset

    changes = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep:
            raise CliError(f"invalid --option {item!r}: write KEY=VALUE, e.g. semi_clean_bonus=150")
        try:
            changes[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            changes[key.strip()] = value
    return preset(args.rules, **changes)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
