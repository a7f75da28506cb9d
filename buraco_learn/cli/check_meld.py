"""``buraco-learn check-meld [--rules PRESET] [--json] [CARD ...]``.

With cards, checks that one meld; with none, reads one meld per line from standard
input and answers every line in order. Exit status: 2 if any input could not be
understood (bad notation, unknown preset), otherwise 1 if any meld is illegal,
otherwise 0. A card that exists but is not in the preset's deck makes the meld
illegal, not the input bad.

The answers are in the command line's language (``--lang``, else ``LANG``: see
:mod:`buraco_learn.cli`); with ``--json`` the keys and the codes (``problems``, ``kind``,
``burraco``...) stay as they are, and only ``reason``, ``explanations`` and ``error`` are
in that language.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from buraco_learn.cli import add_rules_arguments, rules_from_args
from buraco_learn.errors import BuracoError
from buraco_learn.i18n import _, language
from buraco_learn.melds import check_meld
from buraco_learn.problems import verdict_reason
from buraco_learn.rules import Rules


def add_parser(sub: Any, name: str) -> None:
    parser = sub.add_parser(
        name,
        help=_("check whether cards form a legal meld, and why"),
        description=_(
            "Check a meld given as CARDs, or one meld per line of standard input. "
            "Cards: rank A 2-10 J Q K (T for 10) and suit S H D C (or ♠ ♥ ♦ ♣), JK for a joker."
        ),
        epilog=_("Exit status: 0 all legal, 1 some meld illegal, 2 some input not understood."),
    )
    add_rules_arguments(parser)
    parser.add_argument("--json", action="store_true", help=_("one JSON object per meld, per line"))
    parser.add_argument("cards", nargs="*", metavar="CARD", help=_("the cards of one meld"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        rules = rules_from_args(args)
    except BuracoError as error:
        if args.json:
            print(json.dumps({"error": str(error)}, ensure_ascii=False))
        print(f"buraco-learn check-meld: {error}", file=sys.stderr)
        return 2
    if any(not card.strip() for card in args.cards):
        message = _("an empty card argument: give each card as one argument, such as 7H 8H 9H")
        if args.json:
            print(json.dumps({"error": message}, ensure_ascii=False))
        print(f"buraco-learn check-meld: {message}", file=sys.stderr)
        return 2
    if args.cards:
        lines = [" ".join(args.cards)]
    else:
        lines = [line.rstrip("\r\n") for line in sys.stdin]
    status = 0
    for number, line in enumerate(lines, start=1):
        answer = _answer(line, rules, args.json)
        if answer is None:
            status = 2
            message = _error_of(line)
            where = message if args.cards else _("line {number}: {message}", number=number, message=message)
            print(f"buraco-learn check-meld: {where}", file=sys.stderr)
            if args.json:
                print(json.dumps({"input": line, "error": message}, ensure_ascii=False))
            else:
                print(_("{line}: error: {message}", line=line.strip(), message=message))
        else:
            legal, text = answer
            if not legal and status == 0:
                status = 1
            print(text)
        sys.stdout.flush()
    return status


def _error_of(line: str) -> str:
    try:
        check_meld(line)
    except BuracoError as error:
        return str(error)  # in the language already (buraco_learn.cards)
    return _("cannot be read")


def _answer(line: str, rules: Rules, as_json: bool) -> tuple[bool, str] | None:
    try:
        verdict = check_meld(line, rules)
    except BuracoError:
        return None
    if as_json:
        data = verdict.to_dict()
        if language() != "en":
            data["reason"] = verdict_reason(verdict)  # explanations are in the language already
        data["input"] = line
        return verdict.legal, json.dumps(data, ensure_ascii=False)
    return verdict.legal, f"{line.strip()}: {verdict_reason(verdict)}"
