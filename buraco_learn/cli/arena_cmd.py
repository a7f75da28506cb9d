"""``buraco-learn arena --rules PRESET --a LEVEL --b LEVEL --hands N --seed S [--json]``.

Plays N duplicate hands between two bot levels (each deal played with the seats
swapped, so luck cancels; see :mod:`buraco_learn.bots.arena`) and reports the share of
duplicate pairs A wins, the mean score difference per hand (A minus B) and its 95%
confidence interval. A progress bar goes to standard error (not with ``--json``).
``--json`` prints one JSON object holding at least ``hands``, ``win_rate_a``,
``mean_diff`` and ``ci95``. Exit status 0, or 2 on bad input (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from buraco_learn.cli import CliError, add_rules_arguments, rules_from_args
from buraco_learn.i18n import _


def add_parser(sub: Any, name: str) -> None:
    parser = sub.add_parser(
        name,
        help=_("play duplicate hands between two bot levels and report who is stronger"),
        description=_("Play duplicate hands (each deal twice, seats swapped) between bot levels A and B."),
    )
    add_rules_arguments(parser)
    parser.add_argument("--a", required=True, metavar="LEVEL", help=_("level A (random, beginner, intermediate, strong)"))
    parser.add_argument("--b", required=True, metavar="LEVEL", help=_("level B"))
    parser.add_argument("--hands", type=int, default=50, metavar="N", help=_("duplicate hands (deals) to play, each played twice (default 50)"))
    parser.add_argument("--seed", type=int, default=0, metavar="S", help=_("seed of the deals and the bots (default 0)"))
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help=_("processes to play deals in parallel (default 1; results do not depend on it)"))
    parser.add_argument(
        "--bot-option",
        action="append",
        default=[],
        metavar="LEVEL.KEY=VALUE",
        help=_("a bot option, VALUE in JSON (e.g. strong.worlds=8); repeatable"),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object instead of the summary"))
    parser.set_defaults(handler=run)


def _bot_options(items: list[str], levels: tuple[str, str]) -> dict[str, dict[str, Any]]:
    options: dict[str, dict[str, Any]] = {}
    for item in items:
        key, sep, value = item.partition("=")
        level, dot, name = key.partition(".")
        if not sep or not dot or not name:
            raise CliError(_("invalid --bot-option {item}: write LEVEL.KEY=VALUE, e.g. strong.worlds=8", item=repr(item)))
        if level not in levels:
            raise CliError(_("invalid --bot-option {item}: {level} is neither --a nor --b", item=repr(item), level=repr(level)))
        try:
            parsed = json.loads(value)
        except json.JSONDecodeError:
            raise CliError(_("invalid --bot-option {item}: the value must be JSON (a number, true/false, a quoted string)",
                             item=repr(item))) from None
        options.setdefault(level, {})[name] = parsed
    return options


def run(args: argparse.Namespace) -> int:
    from buraco_learn.bots import available_levels
    from buraco_learn.bots.arena import run_arena

    rules = rules_from_args(args)
    levels = available_levels()
    for flag, level in (("--a", args.a), ("--b", args.b)):
        if level not in levels:
            raise CliError(_("unknown level {level} for {flag}: choose one of {levels}", level=repr(level), flag=flag, levels=", ".join(levels)))
    if args.hands < 1:
        raise CliError(_("--hands must be at least 1"))
    if args.jobs < 1:
        raise CliError(_("--jobs must be at least 1"))
    options = _bot_options(args.bot_option, (args.a, args.b))
    try:
        result = run_arena(rules, args.a, args.b, args.hands, seed=args.seed, progress=not args.json, jobs=args.jobs, options=options)
    except TypeError as error:  # a bot option the level does not take
        raise CliError(_("invalid bot option: {why}", why=error)) from None
    if args.json:
        json.dump(result.to_dict(), sys.stdout)
        sys.stdout.write("\n")
    else:
        print(result.summary())
        times = result.move_times()
        for level, figures in times.items():
            median, p95 = format(figures["median_ms"], ".2f"), format(figures["p95_ms"], ".2f")
            print("  " + _("{level}: {moves} moves, median {median} ms, 95th percentile {p95} ms", level=level, moves=figures["moves"],
                           median=median, p95=p95))
    return 0
