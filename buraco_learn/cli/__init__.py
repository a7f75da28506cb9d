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
from typing import TYPE_CHECKING, Final, NoReturn

from buraco_learn.errors import BuracoError, unreadable_json

if TYPE_CHECKING:
    from buraco_learn.rules import Rules

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
    "build-site": "buraco_learn.cli.build_site_cmd",
}

Handler = Callable[[argparse.Namespace], int]


class CliError(Exception):
    """An error to report as one line with exit status ``status``."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


class Parser(argparse.ArgumentParser):
    """argparse's parser with its errors in one line, like every other error (subcommands' parsers too)."""

    def error(self, message: str) -> NoReturn:
        text = " ".join(message.split())
        self.exit(2, f"{self.prog}: {text} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    from buraco_learn import __version__

    parser = Parser(
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
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version, or a bad command line (told in one line)
        return stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 2
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


#: Options of a ruleset that ``--option`` may not change, and why.
FIXED_OPTIONS: Final = {
    "source": "the document a ruleset follows comes with its preset: choose the preset with --rules",
    "base": "the preset a ruleset is based on is the one --rules names",
}


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """``--rules PRESET`` and ``--option KEY=VALUE`` (repeatable), shared by commands."""
    parser.add_argument(
        "--rules", default="italian", metavar="PRESET|FILE.json",
        help="ruleset: a preset, or a ruleset file (a name ending in .json or holding a /), "
             "such as one written by 'buraco-learn rules --save' (default: italian)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="change one rules option, VALUE in JSON (e.g. --option semi_clean_bonus=150); repeatable",
    )


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The ruleset named by ``--rules`` (a preset, or a ruleset file) with ``--option`` changes; raises on bad input."""
    from buraco_learn.house_rules import resolve

    return resolve(args.rules, option_changes(args.option))


def option_changes(items: Sequence[str]) -> dict[str, object]:
    """The changes ``--option KEY=VALUE`` asks for (VALUE in JSON, else a string); raises on bad input."""
    import json

    changes: dict[str, object] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep:
            raise CliError(f"invalid --option {item[:80]!r}: write KEY=VALUE, e.g. semi_clean_bonus=150")
        if key in FIXED_OPTIONS:
            raise CliError(f"invalid --option {key}: {FIXED_OPTIONS[key]}")
        try:
            changes[key] = json.loads(value)
        except json.JSONDecodeError:
            changes[key] = value
        except (ValueError, RecursionError) as error:
            raise CliError(f"invalid --option {key[:40]}: the value cannot be read ({unreadable_json(error)})") from None
    return changes


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
