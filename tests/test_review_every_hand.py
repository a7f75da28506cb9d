"""The post-hand review works on every finished hand (issue 13).

300 seeded whole hands are played through :class:`~buraco_learn.ui.table_game.TableGame`,
under every preset, with the learner's seat played by each bot level and its melds and
additions sent with their cards in a shuffled order (as a browser sends the cards in
the order the learner picked them). At the end the review is asked for: it always
returns the costliest decisions (three, or fewer when fewer were costly), never an
error. The hands must have met melds with a high ace, wild cards inside runs, pot
pickups (straight after melding out, and after discarding) and closing, so that the
cases that broke the review are covered.
"""

from __future__ import annotations

import multiprocessing
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from buraco_learn import preset
from buraco_learn.bots import make_bot
from buraco_learn.coach import Coach
from buraco_learn.game.actions import Action
from buraco_learn.presets import PRESET_NAMES
from buraco_learn.ui.table_game import TableGame

HANDS = 300
LEVELS = ("random", "beginner", "intermediate", "strong")


def _shuffled(action: Action, rng: random.Random) -> Action:
    """The same action with its cards in another order (the browser's order)."""
    if action.kind == "meld":
        return Action("meld", groups=tuple(tuple(rng.sample(group, len(group))) for group in action.groups))
    if action.kind == "add":
        return Action("add", cards=tuple(rng.sample(action.cards, len(action.cards))), target=action.target)
    return action


def _note(game: TableGame, action: Action, after_discard: bool, seen: Counter[str]) -> None:
    """Count the cases the test must cover, from the learner's actions."""
    if action.kind == "pot":
        seen["pot picked up after discarding" if after_discard else "pot picked up after melding out"] += 1
    for meld in game.state.melds:
        m = meld.meld
        if m.kind == "run" and any(slot.wild for slot in m.slots[1:-1]):
            seen["wild inside a run"] += 1
        if m.kind == "run" and m.slots[-1].rank.value == 1 and not m.slots[-1].wild:
            seen["high ace"] += 1


def _play(number: int) -> tuple[dict[str, Any], Counter[str]]:
    name = PRESET_NAMES[number % len(PRESET_NAMES)]
    rules = preset(name)
    level = LEVELS[number // len(PRESET_NAMES) % len(LEVELS)]
    coach = Coach(rules, seed=number, worlds=2, candidates=2, budget_ms=None, horizon=1)
    game = TableGame(
        rules, seed=number, bots="beginner", practice=False,
        review_source=lambda decisions: coach.review([(view, action) for view, action in decisions]),
    )
    options = {"worlds": 2, "horizon": 1} if level == "strong" else {}
    learner = make_bot(level, rules, seed=number, **options)
    rng = random.Random(number)
    seen: Counter[str] = Counter()
    while not game.state.over:
        game.run_bots()
        if game.state.over:
            break
        after_discard = game.state.pot_after_discard
        action = _shuffled(learner.act(game.view()), rng)
        game.act(action)
        _note(game, action, after_discard, seen)
    if game.state.end_reason == "closed":
        seen["closed"] += 1
    review = game.ask_review()
    return review, seen


@pytest.mark.slow
def test_the_review_works_on_every_finished_hand() -> None:
    seen: Counter[str] = Counter()
    # both cores: forked workers find this module already imported
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("fork")) as pool:
        results = list(pool.map(_play, range(HANDS), chunksize=10))
    for number, (review, met) in enumerate(results):
        seen.update(met)
        items = review["items"]
        assert 0 <= len(items) <= 3, (number, review)
        assert review["text"] and "not a legal action" not in review["text"], (number, review)
        for item in items:
            assert item["text"] and item["loss"] > 0, (number, item)
    for case in ("high ace", "wild inside a run", "pot picked up after melding out", "pot picked up after discarding", "closed"):
        assert seen[case] > 0, (case, dict(seen))
