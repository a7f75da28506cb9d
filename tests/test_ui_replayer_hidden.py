"""Nothing face down is identified in any frame of the replayer (issue 16, item 5).

The replayer shows every hand face up, but the stock, the pots (and a pot picked up
and waiting face down) and the covered part of a closed pile stay face down. Every
frame of every worked example, of hands played by bots, of recorded hands and of a
hand played at the card table is audited against the true state: no physical id of a
face-down card appears anywhere in the frame's JSON (lesson 7's "Picking up the
pozzetto after discarding" listed the 11 pot cards among the cards that moved).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from buraco_learn import preset
from buraco_learn.bots import make_bot
from buraco_learn.examples import EXAMPLES
from buraco_learn.game.record import selfplay
from buraco_learn.game.state import HandState
from buraco_learn.presets import PRESET_NAMES
from buraco_learn.ui import CardTable, Replayer
from buraco_learn.ui.replay import Script

CARD_ID = re.compile(r"c(\d+)")


def face_down(state: HandState) -> set[int]:
    """The physical ids face down on the table: the stock, the pots, a pot waiting, the covered pile."""
    hidden = set(state.stock)
    hidden.update(card for pot in state.pots for card in pot or ())
    hidden.update(card for cards in state.pending_pot.values() for card in cards)
    if state.rules.pile_visible == "top":
        hidden.update(state.pile[:-1])
    return hidden


def ids_in(data: Any) -> Iterator[int]:
    """Every card id (``cN``) anywhere in ``data``: values, keys, inside lists and objects."""
    if isinstance(data, str):
        found = CARD_ID.fullmatch(data)
        if found:
            yield int(found.group(1))
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from ids_in(key)
            yield from ids_in(value)
    elif isinstance(data, list | tuple):
        for item in data:
            yield from ids_in(item)


def audit(script: Script) -> int:
    """Check every frame; how many face-down cards the frames held in all (so a test knows it saw some)."""
    seen = 0
    for index, frame in enumerate(script.frames):
        hidden = face_down(frame.state)
        view = json.loads(json.dumps(script.frame_view(index)))
        named = hidden & set(ids_in(view))
        assert not named, f"{script.title}, step {index}: face-down cards named: {sorted(named)}"
        text = json.dumps(view)
        assert not [card for card in hidden if f'"c{card}"' in text], (script.title, index)
        seen += len(hidden)
    return seen


def test_lesson_7_pot_after_discarding_names_no_pot_card() -> None:
    script = Script.from_example(EXAMPLES["pot-after-discard-002"])
    frame = script.frames[3]
    assert frame.state.pending_pot and frame.moved  # the pot went face down to North: it moved
    assert script.frame_view(3)["moved"] == []  # ...and nothing of it is named
    assert audit(script) > 0


@pytest.mark.parametrize("key", sorted(EXAMPLES))
def test_every_worked_example_hides_what_is_face_down(key: str) -> None:
    audit(Script.from_example(EXAMPLES[key]))


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_hands_played_by_bots_and_recorded_hands_hide_what_is_face_down(name: str) -> None:
    rules = preset(name)
    start = HandState.new(rules, random.Random(4), dealer=rules.players - 1)
    state = start.clone()
    bots = [make_bot("random", rules, seed=seat) for seat in range(rules.players)]
    while not state.over:
        state.apply(bots[state.current].act(state.view(state.current)))
    assert audit(Script.from_hand(start, state.history)) > 0
    assert audit(Script.from_hand(start, state.history[:12], partial=True)) > 0
    record = selfplay(rules, hands=2, seed=8)
    for hand in range(2):
        assert audit(Script.from_record(record, hand)) > 0


def test_the_replayer_of_a_hand_played_at_the_table_hides_what_is_face_down() -> None:
    table = CardTable("italian", seed=11, bots="random", pace=0, autoplay=False,
                      hint_source=lambda view, rung: "", review_source=lambda decisions: {"text": ""})
    learner = make_bot("random", table.rules, seed=2)
    while not table.state.over:
        if table.game.learner_turn:
            table.play(learner.act(table.game.view()))
        else:
            table.advance()
    replayer = Replayer(table)
    assert audit(replayer.script) > 0
    for step in range(replayer.steps + 1):  # what is synced to the browser, step by step
        replayer.go(step)
        state = {key: value for key, value in replayer.get_state().items() if key not in ("_esm", "_css")}
        assert not face_down(replayer.script.frames[step].state) & set(ids_in(json.loads(json.dumps(state))))
