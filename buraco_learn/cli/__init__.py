"""The ``buraco-learn`` command line.

Each subcommand lives in its own module here and registers itself through
:func:`register`; ``main`` builds the parser from them. Errors are one clear line
on standard error (never a traceback), and exit statuses are documented per command.

Every command takes ``--lang en|it|pt_BR`` (before or after the command's name); without
it the language is the environment's (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: see
:mod:`buraco_learn.i18n`), English when that names no language buraco-learn speaks. Only
the text for people changes with the language: exit statuses and JSON keys never do.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final, NoReturn

from buraco_learn import i18n
from buraco_learn.errors import BuracoError, unreadable_json
from buraco_learn.i18n import N_, _

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
        self.exit(2, _("{prog}: {text} (see {prog} --help)", prog=self.prog, text=text) + "\n")


def build_parser() -> argparse.ArgumentParser:
    from buraco_learn import __version__

    parser = Parser(
        prog="buraco-learn",
        description=_("Learn Burraco / Buraco: check melds, score hands, play and replay games, serve the lessons."),
    )
    parser.add_argument("--version", action="version", version=f"buraco-learn {__version__}")
    add_language_argument(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module_name in COMMANDS.items():
        if importlib.util.find_spec(module_name) is None:
            continue  # a command whose module is not written yet
        module = importlib.import_module(module_name)
        module.add_parser(sub, name)
        add_language_argument(sub.choices[name])
    return parser


def path_argument(text: str) -> Path:
    """A file's or folder's name given on the command line; one no file can have (a NUL character) is refused
    as a usage error (exit 2), before any command opens it."""
    if "\x00" in text:
        raise argparse.ArgumentTypeError(_("a file's or folder's name cannot hold a NUL character"))
    return Path(text)


def _language(text: str) -> str:
    found = i18n.find(text)
    if found is None:
        raise argparse.ArgumentTypeError(_("unknown language {language}: choose {languages}", language=repr(text[:40]),
                                           languages=", ".join(i18n.LANGUAGES)))
    return found


def add_language_argument(parser: argparse.ArgumentParser) -> None:
    """``--lang LANG``: the language of the text for people (not given: the environment's)."""
    # SUPPRESS: a command's parser leaves alone a --lang given before the command's name
    parser.add_argument("--lang", type=_language, default=argparse.SUPPRESS, metavar="LANG",
                        help=_("the language of messages: en, it or pt_BR (default: from LC_ALL / LANG, else en)"))


def language_of(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The language a command line asks for: its ``--lang`` (the last one), else the environment's."""
    found = None
    for index, token in enumerate(argv):
        if token == "--":
            break
        if token == "--lang" and index + 1 < len(argv):
            found = i18n.find(argv[index + 1]) or found
        elif token.startswith("--lang="):
            found = i18n.find(token.partition("=")[2]) or found
    return found or i18n.from_environment(environ)


def main(argv: Sequence[str] | None = None) -> int:
    _utf8_streams()
    arguments = list(sys.argv[1:] if argv is None else argv)
    with i18n.use(language_of(arguments)), _argparse_in_language():
        return _main(arguments)


def _main(argv: list[str]) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version, or a bad command line (told in one line)
        return stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 2
    if not getattr(args, "handler", None):
        parser.print_help()
        return 0
    if getattr(args, "lang", None):
        i18n.set_language(args.lang)  # as parsed (an abbreviated --la it too); main's use() undoes it
    try:
        return int(args.handler(args))
    except CliError as error:
        print(f"buraco-learn {args.command}: {error}", file=sys.stderr)
        return error.status
    except BuracoError as error:
        print(f"buraco-learn {args.command}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"buraco-learn {args.command}: " + _("interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


#: argparse's own words that a person reads (its help's headings, its refusals of a command line), for the
#: catalogue: :func:`_argparse_in_language` has argparse say them in the learner's language.
ARGPARSE_WORDS: Final = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("show program's version number and exit"), N_("argument %(argument_name)s: %(message)s"), N_("expected one argument"),
    N_("expected at least one argument"), N_("expected at most one argument"), N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"), N_("one of the arguments %s is required"), N_("ignored explicit argument %r"),
)


@contextlib.contextmanager
def _argparse_in_language() -> Iterator[None]:
    """argparse's words (:data:`ARGPARSE_WORDS`) in the current language while the command line is read and run."""
    saved = argparse._  # type: ignore[attr-defined]
    argparse._ = lambda text: i18n._(text)  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = saved  # type: ignore[attr-defined]


def _utf8_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and (stream.encoding or "").lower() not in ("utf-8", "utf8"):
            with contextlib.suppress(ValueError, OSError):
                reconfigure(encoding="utf-8")


#: Options of a ruleset that ``--option`` may not change, and why.
FIXED_OPTIONS: Final = {
    "source": N_("the document a ruleset follows comes with its preset: choose the preset with --rules"),
    "base": N_("the preset a ruleset is based on is the one --rules names"),
}


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """``--rules PRESET`` and ``--option KEY=VALUE`` (repeatable), shared by commands."""
    parser.add_argument(
        "--rules", default="italian", metavar="PRESET|FILE.json",
        help=_("ruleset: a preset, or a ruleset file (a name ending in .json or holding a /), "
               "such as one written by 'buraco-learn rules --save' (default: italian)"),
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=_("change one rules option, VALUE in JSON (e.g. --option semi_clean_bonus=150); repeatable"),
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
            raise CliError(_("invalid --option {item}: write KEY=VALUE, e.g. semi_clean_bonus=150", item=repr(item[:80])))
        if key in FIXED_OPTIONS:
            raise CliError(_("invalid --option {key}: {why}", key=key, why=_(FIXED_OPTIONS[key])))
        try:
            changes[key] = json.loads(value)
        except json.JSONDecodeError:
            changes[key] = value
        except (ValueError, RecursionError) as error:
            raise CliError(_("invalid --option {key}: the value cannot be read ({why})", key=key[:40], why=unreadable_json(error))) from None
    return changes


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
