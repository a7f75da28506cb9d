"""``buraco-learn replay FILE [--verify] [--hand N]``: replay a game record.

With ``--verify``, replays every hand checking every action's legality, how each
hand ended, and the scores; exits 1 on any mismatch (each printed on its own line),
2 when the file cannot be read as a record, 0 when everything checks out.
Without it, prints the hands action by action.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from buraco_learn.cli import CliError
from buraco_learn.i18n import _, ngettext


def add_parser(sub: Any, name: str) -> None:
    parser = sub.add_parser(name, help=_("replay a game record; --verify checks it"))
    parser.add_argument("file", metavar="FILE", help=_("the record ('-' reads standard input)"))
    parser.add_argument("--verify", action="store_true", help=_("check every action and score; exit 1 on a mismatch"))
    parser.add_argument("--hand", type=int, help=_("print only hand N (from 1)"))
    parser.set_defaults(handler=run)


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as error:
        raise CliError(_("cannot read {path}: {why}", path=repr(path), why=error.strerror)) from None
    except UnicodeDecodeError:
        raise CliError(_("{path} is not UTF-8 text", path=repr(path))) from None
    except ValueError:  # a NUL in the path
        raise CliError(_("cannot read {path}: not a file name", path=repr(path))) from None


def run(args: argparse.Namespace) -> int:
    from buraco_learn.game.record import load, replay_hands, verify_record

    record = load(_read(args.file))
    if args.verify:
        problems = verify_record(record)
        for problem in problems:
            print(_("mismatch: {problem}", problem=problem))
        if problems:
            return 1
        print(ngettext("ok: {n} hand replayed, every action legal, every score matches",
                       "ok: {n} hands replayed, every action legal, every score matches", len(record["hands"])))
        return 0
    for index, state, hand in replay_hands(record):
        if args.hand is not None and index + 1 != args.hand:
            continue
        print(_("hand {number}: dealer {seat}", number=index + 1, seat=state.seat_names[state.deal.dealer]))
        replay = type(state).from_deal(state.rules, state.deal, state.scores)
        for text in hand["actions"]:
            seat = replay.seat_names[replay.current]
            replay.apply(text)
            print(f"  {seat}: {text}")
        if state.closed_by is not None:
            print("  " + _("ended by {reason}, closed by {seat}", reason=state.end_reason, seat=state.seat_names[state.closed_by]))
        else:
            print("  " + _("ended by {reason}", reason=state.end_reason))
        for side, score in state.score().items():
            print(f"  {side}: {score.total}")
    return 0
