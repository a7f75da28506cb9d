"""``buraco-learn rules [PRESET] [--json] [--options]``: show a ruleset.

Without a preset, lists the presets with the document each follows. With one,
prints its options and the choices made where its document is silent.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from buraco_learn.presets import PRESET_NAMES, preset, preset_doc
from buraco_learn.rules import Rules
from buraco_learn.sources import DOCUMENTS


def add_parser(sub: Any, name: str) -> None:
    parser = sub.add_parser(name, help="show the presets, or one ruleset's options and choices")
    parser.add_argument("preset", nargs="?", help="preset name (omit to list them)")
    parser.add_argument("--json", action="store_true", help="print the ruleset as JSON")
    parser.add_argument("--options", action="store_true", help="list every option with its sentence and source")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.options:
        for spec in Rules.options():
            print(f"{spec.name} (default {spec.default!r}): {spec.doc}")
        return 0
    if not args.preset:
        for name in PRESET_NAMES:
            rules = preset(name)
            print(f"{name:14} {rules.source}  {DOCUMENTS[rules.source].title}")
        return 0
    rules = preset(args.preset)
    if args.json:
        print(json.dumps(rules.to_dict(), indent=2, sort_keys=True))
        return 0
    print(preset_doc(args.preset))
    print()
    for key, value in rules.to_dict().items():
        print(f"  {key} = {json.dumps(value)}")
    return 0
