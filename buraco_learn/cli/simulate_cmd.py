"""``buraco-learn simulate --rules PRESET|FILE.json|all --hands N --seed S [--checks full|light] [--json]``.

Random play checking the engine's invariants (see :mod:`buraco_learn.game.simulate`).
Exits 1 when any invariant is violated, each violation printed on its own line.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from buraco_learn.cli import CliError
from buraco_learn.i18n import _


def add_parser(sub: Any, name: str) -> None:
    parser = sub.add_parser(name, help=_("random play checking every invariant; the long-run check"))
    parser.add_argument("--rules", default="all", metavar="PRESET|FILE.json",
                        help=_("a preset, a ruleset file (a name ending in .json or holding a /), or 'all' (default)"))
    parser.add_argument("--hands", type=int, required=True, help=_("hands per preset"))
    parser.add_argument("--seed", type=int, default=1, help=_("seed (default 1)"))
    parser.add_argument("--checks", choices=("full", "light"), default="full", help=_("full: every step; light: card count and scores"))
    parser.add_argument("--json", action="store_true", help=_("one JSON object per preset, per line"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from buraco_learn.game.simulate import simulate
    from buraco_learn.house_rules import resolve
    from buraco_learn.presets import PRESET_NAMES

    if args.hands < 1:
        raise CliError(_("--hands must be at least 1"))
    rulesets = [resolve(name) for name in (PRESET_NAMES if args.rules == "all" else [args.rules])]
    status = 0
    for rules in rulesets:
        name = rules.name
        report = simulate(rules, args.hands, args.seed, args.checks, progress=not args.json)
        if args.json:
            print(json.dumps(report.to_dict()))
        else:
            data = report.to_dict()
            ends = ", ".join(f"{reason} {count}" for reason, count in sorted(report.ends.items()))
            print(_("{ruleset}: {hands} hands, {actions} actions, {speed} hands/s, ended by {ends}; {violations} violation(s)",
                    ruleset=name, hands=report.hands, actions=report.actions, speed=data["hands_per_second"], ends=ends,
                    violations=len(report.violations)))
        for violation in report.violations:
            print(_("violation: {violation}", violation=violation))
        if report.violations:
            status = 1
    return status
