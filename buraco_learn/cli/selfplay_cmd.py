"""``buraco-learn selfplay --rules PRESET --hands N --seed S [--bots LEVEL[,LEVEL...]] [--record FILE]``.

Plays hands with bots (random by default) and writes the game record; the same
seed gives a byte-identical record. Without ``--record`` a summary is printed.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from buraco_learn.cli import CliError, add_rules_arguments, rules_from_args


def add_parser(sub: Any, name: str) -> None:
    parser = sub.add_parser(name, help="play hands with bots and write the game record")
    add_rules_arguments(parser)
    parser.add_argument("--hands", type=int, required=True, help="how many hands to play")
    parser.add_argument("--seed", type=int, required=True, help="seed of the shuffles and the bots")
    parser.add_argument(
        "--bots", default="random",
        help="bot level for every seat, or comma-separated: one per side or one per seat (default: random)",
    )
    parser.add_argument("--record", metavar="FILE", help="write the record here ('-' for standard output)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from buraco_learn.bots import available_levels
    from buraco_learn.game.record import dumps, selfplay

    rules = rules_from_args(args)
    if args.hands < 1:
        raise CliError("--hands must be at least 1")
    levels = [level.strip() for level in args.bots.split(",") if level.strip()]
    known = available_levels()
    for level in levels:
        if level not in known:
            raise CliError(f"unknown bot level {level!r}: choose one of {', '.join(known)}")
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
            raise CliError(f"cannot write {args.record!r}: {error.strerror}") from None
    ends: dict[str, int] = {}
    for hand in record["hands"]:
        ends[hand["end"]] = ends.get(hand["end"], 0) + 1
    print(f"{len(record['hands'])} hand(s) of {rules.name}, seed {args.seed}, bots {','.join(record['bots'])}")
    print("ended by: " + ", ".join(f"{reason} {count}" for reason, count in sorted(ends.items())))
    print("totals: " + ", ".join(f"{team} {points}" for team, points in record["totals"].items()))
    if record["winner"]:
        print(f"winner: {record['winner']}")
    if args.record:
        print(f"record written to {args.record}")
    return 0
