"""The strength report: arena results (``buraco-learn arena --json``) as a table and a chart.

The figures in ``docs/strength.md`` are never typed by hand: the arena's JSON output
is kept in ``docs/arena/`` and this module turns it into the report's table and its
chart (an SVG "forest plot": each match-up's mean score difference per hand with its
95% interval, against zero)::

    python -m buraco_learn.bots.report docs/arena --svg docs/strength.svg

>>> result = {"rules": "italian", "a": "strong", "b": "beginner", "seed": 1, "hands": 40,
...           "win_rate_a": 0.7, "mean_diff": 122.9, "ci95": [21.5, 224.4]}
>>> print(table([result]).splitlines()[2])
| italian | strong vs beginner | 40 | 70% | +123 | [+22, +224] | above zero, ≥ 60%: met |
>>> "<svg" in chart([result])
True
"""

from __future__ import annotations

import argparse
import html
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

PRESET_ORDER = ("italian", "aberto", "cutthroat")
#: the match-ups issue 4 asks about, in the report's order
PAIR_ORDER = (("strong", "beginner"), ("intermediate", "beginner"), ("strong", "intermediate"))


def load_results(directory: Path) -> list[dict[str, Any]]:
    """Every arena result in ``directory`` (``*.json``), in report order."""
    results = [json.loads(path.read_text()) for path in sorted(directory.glob("*.json"))]
    return sorted(results, key=_order)


def _order(result: dict[str, Any]) -> tuple[int, int, str, str, str]:
    rules = result["rules"]
    rank = PRESET_ORDER.index(rules) if rules in PRESET_ORDER else len(PRESET_ORDER)
    pair = (result["a"], result["b"])
    return rank, PAIR_ORDER.index(pair) if pair in PAIR_ORDER else len(PAIR_ORDER), rules, *pair


def verdict(result: dict[str, Any]) -> str:
    """What issue 4 asks of this match-up, and whether it is met."""
    low, high = result["ci95"]
    above = low > 0
    if result["a"] == "strong" and result["b"] == "beginner":
        met = above and result["win_rate_a"] >= 0.6
        return f"above zero, ≥ 60%: {'met' if met else 'NOT met'}"
    if (result["a"], result["b"]) in (("strong", "intermediate"), ("intermediate", "beginner")):
        if above:
            return "A stronger: met"
        return "A stronger: NOT met (interval below zero)" if high < 0 else "A stronger: not shown (interval spans zero)"
    return ""


def _signed(value: float) -> str:
    return f"{value:+,.0f}"


def table(results: Sequence[dict[str, Any]]) -> str:
    """A markdown table, one row per match-up."""
    lines = [
        "| preset | A vs B | duplicate hands | A wins | mean difference (A − B) per hand | 95% interval | target |",
        "|---|---|---:|---:|---:|---|---|",
    ]
    for result in results:
        low, high = result["ci95"]
        lines.append(
            f"| {result['rules']} | {result['a']} vs {result['b']} | {result['hands']} | "
            f"{result['win_rate_a']:.0%} | {_signed(result['mean_diff'])} | [{_signed(low)}, {_signed(high)}] | "
            f"{verdict(result)} |"
        )
    return "\n".join(lines)


def chart(results: Sequence[dict[str, Any]], width: int = 720) -> str:
    """An SVG forest plot of the mean differences and their 95% intervals."""
    row, top, left, right = 28, 34, 340, 60
    height = top + row * len(results) + 30
    values = [0.0] + [bound for result in results for bound in result["ci95"]]
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    low, high = low - 0.05 * span, high + 0.05 * span

    def x(value: float) -> float:
        return float(left + (value - low) / (high - low) * (width - left - right))

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="13" role="img" aria-label="Mean score difference per hand, with 95% intervals">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        '<text x="10" y="18" font-weight="bold">mean score difference per hand (A − B), 95% interval</text>',
        f'<line x1="{x(0):.1f}" y1="{top - 6}" x2="{x(0):.1f}" y2="{height - 24}" stroke="#888" stroke-dasharray="4 3"/>',
        f'<text x="{x(0):.1f}" y="{height - 8}" text-anchor="middle" fill="#555">0</text>',
    ]
    for index, result in enumerate(results):
        y = top + row * index + row / 2
        a, b = result["ci95"]
        colour = "#1a7f37" if a > 0 else ("#cf222e" if b < 0 else "#9a6700")
        label = f"{result['rules']}: {result['a']} vs {result['b']} ({result['win_rate_a']:.0%})"
        parts += [
            f'<text x="{left - 10}" y="{y + 4:.1f}" text-anchor="end">{html.escape(label)}</text>',
            f'<line x1="{x(a):.1f}" y1="{y:.1f}" x2="{x(b):.1f}" y2="{y:.1f}" stroke="{colour}" stroke-width="3"/>',
            f'<circle cx="{x(result["mean_diff"]):.1f}" cy="{y:.1f}" r="5" fill="{colour}"/>',
            f'<text x="{x(b) + 6:.1f}" y="{y + 4:.1f}" fill="#555">{_signed(result["mean_diff"])}</text>',
        ]
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m buraco_learn.bots.report", description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path, help="a directory of `buraco-learn arena --json` outputs (*.json)")
    parser.add_argument("--svg", type=Path, help="write the chart here")
    args = parser.parse_args(argv)
    results = load_results(args.directory)
    if not results:
        parser.error(f"no arena results (*.json) in {args.directory}")
    print(table(results))
    if args.svg:
        args.svg.write_text(chart(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
