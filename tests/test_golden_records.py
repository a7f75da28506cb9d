"""Golden game records: whole hands under every preset, committed, replayed and reproduced.

Each file in ``tests/golden/`` is what ``buraco-learn selfplay`` wrote for the
arguments listed in :data:`GOLDEN`. Two checks per record:

- it replays and verifies (every action legal, every score as recorded), so the
  engine still accepts every hand it once played;
- the same arguments still write the same bytes, so any change of the deal, the
  rules, the legal actions, the bots or the scores shows up here as a diff to read.

After a change that is *meant* to alter play, write them again and review the diff::

    .venv/bin/python tests/test_golden_records.py --write
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from buraco_learn import preset
from buraco_learn.game.record import dumps, load, rules_of, selfplay, verify_record

GOLDEN_DIR = Path(__file__).parent / "golden"

#: file name -> (preset, options, hands, seed, bot levels)
GOLDEN: dict[str, tuple[str, dict[str, object], int, int, tuple[str, ...]]] = {
    "italian-random.json": ("italian", {}, 2, 1, ("random",)),
    "italian-2p-random.json": ("italian", {"players": 2}, 1, 2, ("random",)),
    "italian-3p-random.json": ("italian", {"players": 3}, 1, 3, ("random",)),
    "italian-semiclean-intermediate.json": ("italian", {"semi_clean_bonus": 150}, 1, 4, ("intermediate",)),
    "bukharo-random.json": ("bukharo", {}, 1, 5, ("random",)),
    "aberto-random.json": ("aberto", {}, 1, 6, ("random",)),
    "aberto-intermediate-beginner.json": ("aberto", {}, 1, 7, ("intermediate", "beginner")),
    "brazil-online-random.json": ("brazil-online", {}, 1, 8, ("random",)),
    "aberto-sujo-random.json": ("aberto-sujo", {}, 1, 9, ("random",)),
    "fechado-random.json": ("fechado", {}, 1, 10, ("random",)),
    "fechado-stbl-random.json": ("fechado-stbl", {}, 1, 11, ("random",)),
    "fechado-sujo-random.json": ("fechado-sujo", {}, 1, 12, ("random",)),
    "cutthroat-random.json": ("cutthroat", {}, 1, 13, ("random",)),
    "cutthroat-intermediate.json": ("cutthroat", {}, 1, 14, ("intermediate", "beginner", "random", "intermediate")),
}


def produce(name: str) -> str:
    """The record ``buraco-learn selfplay`` writes for golden file ``name``."""
    rules_name, options, hands, seed, levels = GOLDEN[name]
    return dumps(selfplay(preset(rules_name, **options), hands=hands, seed=seed, levels=levels))


def test_every_preset_has_a_golden_record() -> None:
    from buraco_learn.presets import PRESET_NAMES

    assert {spec[0] for spec in GOLDEN.values()} == set(PRESET_NAMES)
    assert sorted(path.name for path in GOLDEN_DIR.glob("*.json")) == sorted(GOLDEN)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_replays_and_verifies(name: str) -> None:
    record = load((GOLDEN_DIR / name).read_text())
    rules_name, options, hands, _seed, _levels = GOLDEN[name]
    assert rules_of(record) == preset(rules_name, **options)
    assert len(record["hands"]) == hands
    assert verify_record(record) == []


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_is_reproduced_byte_for_byte(name: str) -> None:
    expected = (GOLDEN_DIR / name).read_text()
    assert produce(name) == expected, (
        f"{name}: the same seed now plays differently; if that is meant, run "
        "`.venv/bin/python tests/test_golden_records.py --write` and review the diff"
    )


def test_a_tampered_golden_record_fails_verification() -> None:
    record = load((GOLDEN_DIR / "italian-random.json").read_text())
    actions = record["hands"][0]["actions"]
    index = next(i for i, action in enumerate(actions) if action.startswith("discard "))
    actions[index], actions[index + 1] = actions[index + 1], actions[index]  # a discard out of turn order
    assert verify_record(record) != []


if __name__ == "__main__":  # pragma: no cover - the maintainers' tool
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_golden_records.py --write")
    GOLDEN_DIR.mkdir(exist_ok=True)
    for stale in GOLDEN_DIR.glob("*.json"):
        if stale.name not in GOLDEN:
            stale.unlink()
    for file_name in sorted(GOLDEN):
        (GOLDEN_DIR / file_name).write_text(produce(file_name))
        print(f"wrote {GOLDEN_DIR / file_name}")
