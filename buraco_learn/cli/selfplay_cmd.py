"""``buraco-learn selfplay --rules PRESET --hands N --seed S [--bots LEVEL[,LEVEL...]] [--record FILE]``.

Plays hands with bots (random by default) and writes the game record; the same
seed gives a byte-identical record. Without ``--record`` a summary is printed.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from buraco_learn.cli import CliError, add_rules_arguments, rules_from_args
from buraco_learn.i18n import _, ngettext


def add_parser(sub: Any, name: str) -> None:
    parser = sub.add_parser(name, help=_("play hands with bots and write the game record"))
    add_rules_arguments(parser)
    parser.add_argument("--hands", type=int, required=True, help=_("how many hands to play"))
    parser.add_argument("--seed", type=int, required=True, help=_("seed of the shuffles and the bots"))
    parser.add_argument(
        "--bots", default="random",
        help=_("bot level for every seat, or comma-separated: one per side or one per seat (default: random)"),
    )
    parser.add_argument("--record", metavar="FILE", help=_("write the record here ('-' for standard output)"))
    parser.add_argument("--quiet", action="store_true", help=_("no progress bar"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from buraco_learn.bots import available_levels
    from buraco_learn.game.record import dumps, selfplay

    rules = rules_from_args(args)
    if args.hands < 1:
        raise CliError(_("--hands must be at least 1"))
    levels = [level.strip() for level in args.bots.split(",") if level.strip()]
    known = available_levels()
    for level in levels:
        if level not in known:
            raise CliError(_("unknown bot level {level}: choose one of {levels}", level=repr(level), levels=", ".join(known)))
    record = selfplay(rules, args.hands, args.seed, levels, progress=not args.quiet and args.record != "-")
    text = dumps(record)
    if args.record == "-":
        sys.stdout.write(text)
        return 0
    if args.record:
        try:
            with open(args.record, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as error:
            raise CliError(_("cannot write {path}: {why}", path=repr(args.record), why=error.strerror)) from None
    ends: dict[str, int] = {}
    for hand in record["hands"]:
        ends[hand["end"]] = ends.get(hand["end"], 0) + 1
    print(ngettext("{n} hand of {ruleset}, seed {seed}, bots {bots}", "{n} hands of {ruleset}, seed {seed}, bots {bots}",
                   len(record["hands"]), ruleset=rules.name, seed=args.seed, bots=",".join(record["bots"])))
    print(_("ended by: {reasons}", reasons=", ".join(f"{reason} {count}" for reason, count in sorted(ends.items()))))
    print(_("totals: {totals}", totals=", ".join(f"{team} {points}" for team, points in record["totals"].items())))
    if record["winner"]:
        print(_("winner: {side}", side=record["winner"]))
    if args.record:
        print(_("record written to {path}", path=args.record))
    return 0
