"""How often the coach's choice is the choice of the same search with 8 times its worlds.

The coach answers within a click, so it searches with the strong bot's default budget
(:func:`buraco_learn.bots.strong.default_worlds`). A longer search is the yardstick:
the same :class:`~buraco_learn.bots.strong.StrongBot` with ``factor`` times the worlds
and no time cap, seeded differently (so its worlds are not the coach's own) and
:meth:`~buraco_learn.bots.strong.StrongBot.decide` on the same decisions. The figure
is the share of positions where the two choose the same action (compared as
:meth:`Action.canonical`, so the cards' order does not matter).

Run it with ``python -m buraco_learn.coach.quality`` (``--help`` for the options):
200 positions from :func:`buraco_learn.bots.bench.sample_positions` over ``italian``,
``aberto`` and ``cutthroat``. The yardstick's choices can be kept in a JSON file
(``--cache``), since they do not change when only the coach does.

>>> report = agreement(positions=2, factor=2, worlds=2, progress=False)
>>> report["positions"], 0 <= report["agreement"] <= 100
(2, True)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from buraco_learn.game.actions import Action

REFERENCE_SEED = 1009
COACH_SEED = 7
PRESETS = ("italian", "aberto", "cutthroat")


def _key(action: Action) -> str:
    canonical = getattr(action, "canonical", None)
    if callable(canonical):
        return str(canonical())
    return " ".join([action.kind, *sorted(card.notation() for group in action.groups for card in group),
                     *sorted(card.notation() for card in action.cards), str(action.target)])


def agreement(
    positions: int = 200,
    factor: int = 8,
    seed: int = 3,
    presets: Sequence[str] = PRESETS,
    worlds: int | None = None,
    budget_ms: float | str | None = "default",
    cache: str | None = None,
    progress: bool = True,
) -> dict[str, Any]:
    """The coach's agreement with the ``factor``-times search, in % of ``positions``.

    ``worlds`` overrides the default budget (the yardstick gets ``factor`` times it);
    ``budget_ms`` is the coach's time cap (``"default"``: the coach's own default).
    """
    from buraco_learn.bots.bench import sample_positions
    from buraco_learn.bots.strong import StrongBot, default_worlds, view_key
    from buraco_learn.coach import Coach

    views = sample_positions(positions, seed=seed, presets=presets)
    stored: dict[str, str] = {}
    path = Path(cache) if cache else None
    if path is not None and path.exists():
        stored = json.loads(path.read_text())
    iterator: Any = views
    if progress:
        from tqdm import tqdm

        iterator = tqdm(views, desc="agreement", unit="position", leave=False)
    same = 0
    per_preset: dict[str, list[int]] = {}
    coach_seconds = 0.0
    for view in iterator:
        rules = view.rules
        base = worlds if worlds is not None else default_worlds(rules)
        ref_id = f"{factor * base}|{REFERENCE_SEED}|{view_key(view)}"
        if ref_id not in stored:
            reference = StrongBot(rules, seed=REFERENCE_SEED, worlds=factor * base, budget_ms=None)
            stored[ref_id] = _key(reference.decide(view).best)
        options: dict[str, Any] = {} if budget_ms == "default" else {"budget_ms": budget_ms}
        coach = Coach(rules, seed=COACH_SEED, worlds=worlds, **options)
        start = time.perf_counter()
        choice = coach.suggest(view)
        coach_seconds += time.perf_counter() - start
        agree = _key(choice) == stored[ref_id]
        same += agree
        tally = per_preset.setdefault(rules.name, [0, 0])
        tally[0] += agree
        tally[1] += 1
    if path is not None:
        path.write_text(json.dumps(stored, indent=0, sort_keys=True))
    return {
        "positions": len(views),
        "agreement": round(100.0 * same / max(1, len(views)), 1),
        "by_preset": {name: round(100.0 * a / n, 1) for name, (a, n) in per_preset.items()},
        "factor": factor,
        "coach_seconds_mean": round(coach_seconds / max(1, len(views)), 4),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m buraco_learn.coach.quality", description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--factor", type=int, default=8, help="the yardstick's worlds, as a multiple of the coach's (default 8)")
    parser.add_argument("--seed", type=int, default=3, help="seed of the sampled positions")
    parser.add_argument("--budget-ms", type=float, default=None, help="the coach's time cap (default: the coach's own)")
    parser.add_argument("--cache", default=None, help="a JSON file keeping the yardstick's choices")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    from buraco_learn.bench import pin_one_core

    note = pin_one_core()
    budget: float | str = "default" if args.budget_ms is None else args.budget_ms
    report = agreement(args.positions, args.factor, args.seed, budget_ms=budget, cache=args.cache, progress=sys.stderr.isatty())
    report["cpu"] = note
    if args.json:
        print(json.dumps(report))
    else:
        print(f"coach agreement with the {args.factor}x search: {report['agreement']}% of {report['positions']} positions "
              f"({', '.join(f'{k} {v}%' for k, v in report['by_preset'].items())}); coach {report['coach_seconds_mean'] * 1000:.0f} ms a position ({note})")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
