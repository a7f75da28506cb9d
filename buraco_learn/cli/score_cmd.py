"""``buraco-learn score [--rules PRESET] [--option KEY=VALUE] [--json] FILE``.

Scores a hand written down after play. FILE (``-`` for standard input) holds one
JSON score sheet::

    {"closed_by": SIDE or null,
     "sides": {SIDE: {"melds": [[CARD, ...], ...], "hands": [[CARD, ...], ...],
                      "pot": "taken" | "not-taken" | {"unseen": [CARD, ...]}}, ...}}

Side names are free. Under a ruleset without pots (``cutthroat``) a side is one
player and ``pot`` is left out. With ``--json`` the output is one JSON object
``{SIDE: {"total": INT, ...the itemised breakdown...}, ...}``; without it, a table
of every side's itemised lines, each with its source, and the totals.

Exit status: 0 when the hand is scored; 2, with one line on standard error, when
the file cannot be read, is not JSON, or the sheet is malformed or inconsistent
(an illegal meld, a card that does not exist, more copies than the deck holds, a
side that could not have closed), or the preset is unknown.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from buraco_learn.cli import CliError, add_rules_arguments, rules_from_args
from buraco_learn.errors import unreadable_json
from buraco_learn.i18n import _
from buraco_learn.rules import Rules
from buraco_learn.scoring import format_breakdown, parse_score_sheet, score_hand

#: A score sheet's JSON, as the help shows it (keys and values as written, in every language).
SHEET_SHAPE = ('{"closed_by": SIDE or null, "sides": {SIDE: {"melds": [[CARD, ...], ...], '
               '"hands": [[CARD, ...], ...], "pot": "taken" | "not-taken" | {"unseen": [CARD, ...]}}}}')


def add_parser(sub: Any, name: str) -> None:
    parser = sub.add_parser(
        name,
        help=_("score a hand written down after play, line by line with the rules' sources"),
        description=_("Score a hand from a JSON score sheet: {shape}. Cards: rank A 2-10 J Q K (T for 10) and suit "
                      "S H D C (or ♠ ♥ ♦ ♣), JK for a joker.", shape=SHEET_SHAPE),
        epilog=_("Exit status: 0 scored, 2 the sheet could not be read or is inconsistent."),
    )
    add_rules_arguments(parser)
    parser.add_argument("--json", action="store_true", help=_("print one JSON object {shape}", shape="{SIDE: {total, breakdown...}}"))
    parser.add_argument("file", metavar="FILE", help=_("the score sheet (JSON); - reads standard input"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    rules: Rules = rules_from_args(args)
    data = _load(args.file)
    sides, closed_by = parse_score_sheet(data, rules)
    scores = score_hand(sides, closed_by, rules)
    if args.json:
        print(json.dumps({name: score.to_dict() for name, score in scores.items()}, ensure_ascii=False))
    else:
        print(format_breakdown(scores))
    return 0


def _load(path: str) -> object:
    where = _("standard input") if path == "-" else repr(path)
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as stream:
                text = stream.read()
    except FileNotFoundError:
        raise CliError(_("cannot read {where}: no such file", where=where)) from None
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise CliError(_("cannot read {where}: {reason}", where=where, reason=reason)) from None
    except ValueError:  # a NUL in the path
        raise CliError(_("cannot read {where}: not a file name", where=where)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise CliError(_("{where} is not valid JSON: {problem} at line {line} column {column}", where=where,
                         problem=error.msg, line=error.lineno, column=error.colno)) from None
    except (ValueError, RecursionError) as error:  # a number of thousands of digits; arrays nested thousands deep
        raise CliError(_("{where} cannot be read: {problem}", where=where, problem=unreadable_json(error))) from None
