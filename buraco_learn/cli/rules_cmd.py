"""``buraco-learn rules [PRESET|FILE.json] [--json] [--options]``: show a ruleset; ``--save`` writes a house ruleset.

Without a preset, lists the presets with the document each follows. With one,
prints its options and the choices made where its document is silent. A ruleset
file (a name ending in ``.json`` or holding a ``/``) is shown the same way.

``buraco-learn rules --rules PRESET|FILE.json [--option KEY=VALUE ...] [--name NAME] --save FILE.json``
makes a house ruleset (004: "the host can change any of them"): the preset (or file)
with the options changed and the name given, written to FILE.json; every command that
takes ``--rules`` then plays it with ``--rules FILE.json``, and the lessons' house
rules page reads it too. Errors are one line on standard error, exit status 2.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from buraco_learn.cli import CliError, option_changes
from buraco_learn.i18n import _, language
from buraco_learn.presets import PRESET_NAMES, preset, preset_doc
from buraco_learn.rules import Rules
from buraco_learn.sources import DOCUMENTS


def add_parser(sub: Any, name: str) -> None:
    parser = sub.add_parser(
        name, help=_("show the presets, or one ruleset's options and choices; --save writes a house ruleset"),
        description=_("Show the presets, or one ruleset's options. With --save, write a house ruleset: "
                      "a preset (or ruleset file) with --option changes and a --name, to a FILE.json that "
                      "every command's --rules accepts."),
    )
    parser.add_argument("preset", nargs="?", metavar="PRESET|FILE.json", help=_("preset name or ruleset file (omit to list the presets)"))
    parser.add_argument("--json", action="store_true", help=_("print the ruleset as JSON"))
    parser.add_argument("--options", action="store_true", help=_("list every option with its sentence and source"))
    parser.add_argument("--rules", metavar="PRESET|FILE.json", help=_("the ruleset to start from (instead of PRESET)"))
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE",
        help=_("change one rules option, VALUE in JSON (e.g. --option semi_clean_bonus=150); repeatable"),
    )
    parser.add_argument("--name", help=_("the house ruleset's name (e.g. --name 'Our club')"))
    parser.add_argument("--save", metavar="FILE.json",
                        help=_("write the ruleset to FILE.json (replacing a ruleset file of that name, never another file)"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.options:
        _print_options()
        return 0
    if args.preset and args.rules:
        raise CliError(_("give the ruleset once: as PRESET or with --rules, not both"))
    chosen = args.preset or args.rules
    made = args.option or args.name is not None or args.save
    if not chosen and not made:
        for name in PRESET_NAMES:
            rules = preset(name)
            print(f"{name:14} {rules.source}  {DOCUMENTS[rules.source].title}")
        return 0
    if chosen in PRESET_NAMES and not made:
        return _show_preset(chosen, args.json)
    rules = _house_rules(chosen or "italian", args)
    if args.save:
        return _save(rules, args.save)
    if args.json:
        print(json.dumps(rules.to_dict(), indent=2, sort_keys=True))
        return 0
    from buraco_learn.house_rules import describe

    print(describe(rules))
    print()
    for key, value in rules.to_dict().items():
        print(f"  {key} = {json.dumps(value, ensure_ascii=False)}")
    return 0


def _print_options() -> None:
    """Every option: in English the sentence that declares it (:class:`Rules`), in another language its
    words from the rules table (:data:`buraco_learn.house_rules.OPTION_TEXTS`), its default and its values."""
    from buraco_learn.house_rules import OPTION_TEXTS, bounds_text, choice_label, option_label

    for spec in Rules.options():
        if language() == "en":
            print(f"{spec.name} (default {spec.default!r}): {spec.doc}")
            continue
        words = OPTION_TEXTS.get(spec.name)
        sentence = _(words.sentence) if words is not None and words.sentence else ""
        bounds = bounds_text(spec.name)
        line = _("{option}: {label} (default: {default})", option=spec.name, label=option_label(spec.name),
                 default=choice_label(spec.name, spec.default))
        print(" ".join(part for part in (line, sentence, _("Values: {values}.", values=bounds) if bounds else "") if part))


def _show_preset(name: str, as_json: bool) -> int:
    rules = preset(name)
    if as_json:
        print(json.dumps(rules.to_dict(), indent=2, sort_keys=True))
        return 0
    print(preset_doc(name))
    print()
    for key, value in rules.to_dict().items():
        print(f"  {key} = {json.dumps(value)}")
    return 0


def _house_rules(value: str, args: argparse.Namespace) -> Rules:
    from buraco_learn.house_rules import check_name, resolve

    changes = option_changes(args.option)
    if args.name is not None:
        name = check_name(args.name)
        if name in PRESET_NAMES:
            raise CliError(_("--name {name} is a preset's name: give the house ruleset a name of its own", name=repr(name)))
        changes["name"] = name
    return resolve(value, changes)


def _save(rules: Rules, path: str) -> int:
    import os

    from buraco_learn.house_rules import HouseRulesError, describe, load, save

    shown = path if len(path) <= 80 else f"{path[:80]}…"
    if not path.lower().endswith(".json") or len(path) <= len(".json"):
        raise CliError(_("--save {file}: write the ruleset to a FILE.json, so that --rules knows it is a file", file=repr(shown)))
    try:
        exists = os.path.lexists(path)
    except ValueError:  # a NUL in the path
        raise CliError(_("--save {file}: not a file name", file=repr(shown))) from None
    if exists:  # a ruleset file is replaced; anything else (a score sheet, a game record) is never overwritten
        try:
            load(path)
        except HouseRulesError:
            raise CliError(_("--save {file}: that file exists and is not a ruleset file, so it is not replaced; "
                             "choose another name", file=repr(shown))) from None
    save(rules, path)
    print(_("saved {ruleset}", ruleset=describe(rules)))
    print(_("to {file}: play it with --rules {file}", file=path))
    return 0
