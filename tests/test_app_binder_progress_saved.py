"""The progress file carries the saved games and the house rulesets (issue 17, item 3), hostile-proof.

A learner's file from one Binder session brings lesson 12's saved game and the host's house
rulesets into the next: the game resumes there, the rulesets are offered. A loaded file is an
upload: each saved game is replayed by the engine and must come out as it went in, each ruleset
is built by ``Rules`` (a bad one is told naming the option in its words); anything wrong says
why, and nothing of the file is written (one transaction).
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from buraco_learn import preset
from buraco_learn.app import lessonkit as kit
from buraco_learn.app.exercises import GameRoom
from buraco_learn.app.lessonkit import Page
from buraco_learn.app.progress import MAX_RULESETS, ProgressStore
from buraco_learn.app.progressfile import MAX_GAMES, MAX_HANDS, VERSION, ProgressFileError, export_progress, import_progress
from buraco_learn.game.legal import generate
from buraco_learn.house_rules import option_label
from buraco_learn.ui import CardTable
from buraco_learn.ui.table_game import TableGame

SLOT = "lesson-play"  # lesson 12's GameRoom


def no_coach() -> dict[str, Any]:
    return {"hint_source": lambda view, rung: "", "review_source": lambda decisions: {"text": ""}}


def table_in_play() -> dict[str, Any]:
    """A game as lesson 12 saves it: a card table's JSON, the learner to play after drawing."""
    table = CardTable("italian", seed=5, bots="random", pace=0, autoplay=False, **no_coach())
    table.advance()
    table.draw()
    data = dict(json.loads(table.to_json()))
    table.close()
    return data


def match_after_a_hand(seed: int = 11) -> dict[str, Any]:
    """A game one hand further: the first hand played to its end (the learner's moves random), the next dealt."""
    rng = random.Random(seed)
    game = TableGame(preset("italian"), seat="N", bots="random", seed=seed, **no_coach())
    for _ in range(5000):
        if game.state.over:
            break
        if game.learner_turn:
            game.act(rng.choice(generate(game.state)))
        else:
            game.bot_step()
    assert game.state.over
    game.next_hand()
    game.run_bots()
    return game.to_dict()


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(tmp_path / "progress.sqlite3")


@pytest.fixture
def there(tmp_path: Path) -> ProgressStore:
    """The store of the session the file came from: a lesson done, lesson 12's game in play, another
    slot's game a hand on, a house ruleset."""
    there = ProgressStore(tmp_path / "there.sqlite3")
    there.mark_done("cards")
    there.save_game(SLOT, table_in_play(), "12_play_the_coach")
    there.save_game("a match", match_after_a_hand())
    there.save_ruleset(preset("italian", name="Our club", semi_clean_bonus=150))
    return there


@pytest.fixture
def saved_file(there: ProgressStore) -> dict[str, Any]:
    """The file downloaded from ``there``."""
    return dict(json.loads(export_progress(there)))


def load(store: ProgressStore, data: dict[str, Any]) -> str:
    return import_progress(store, json.dumps(data).encode())


def snapshot(store: ProgressStore) -> tuple[Any, ...]:
    return (store.all(), store.games(), [(saved.name, saved.data) for saved in store.rulesets()],
            {game.slot: store.load_game(game.slot) for game in store.games()})


def test_the_saved_games_and_rulesets_come_back_and_the_game_resumes(store: ProgressStore, there: ProgressStore,
                                                                     saved_file: dict[str, Any]) -> None:
    assert saved_file["version"] == VERSION == 2
    words = load(store, saved_file)
    assert words == "Loaded your progress: 1 lesson done, 0 quizzes, 2 saved games, 1 house ruleset."
    games = {game.slot: game for game in store.games()}
    assert set(games) == {SLOT, "a match"} and games[SLOT].lesson == "12_play_the_coach" and games["a match"].lesson is None
    for slot in (SLOT, "a match"):  # as they were saved there, the deal of the hand in play dealt again from the seed
        assert store.load_game(slot) == there.load_game(slot)
        assert game_of(saved_file, slot)["game"]["hand"]["deal"] is None  # not in the file: it passes through the browser
    assert all(hand["deal"] for hand in game_of(saved_file, "a match")["game"]["hands"])  # a finished hand was shown face up
    assert store.ruleset("Our club") == preset("italian", name="Our club", semi_clean_bonus=150)

    room = GameRoom(Page("12_play_the_coach", store=store), pace=0)  # lesson 12 here resumes the game from there
    assert not room.resume_button.disabled
    table = room.resume()
    assert table is not None and table.state.phase == "play" and len(table.state.history) > 0
    assert json.loads(table.to_json())["hand"] == there.load_game(SLOT)["hand"]
    table.close()

    assert load(store, saved_file) == words  # the same file again: the same games, nothing to say


def test_a_version_1_file_still_loads_and_may_not_hold_games(store: ProgressStore) -> None:
    old = {"format": "buraco-learn-progress", "version": 1, "exported": "2026-11-01T10:00:00+00:00",
           "lessons": [{"lesson": "cards", "done_at": "2026-11-01T09:00:00+00:00"}], "stars": [], "quizzes": []}
    assert load(store, old) == "Loaded your progress: 1 lesson done, 0 quizzes."
    assert store.is_done("cards")
    for field in ("games", "rulesets"):
        with pytest.raises(ProgressFileError, match=f"it holds {field}, which is not progress"):
            load(store, {**old, field: []})


def test_the_later_saved_game_or_ruleset_wins(store: ProgressStore, saved_file: dict[str, Any]) -> None:
    store.save_game(SLOT, table_in_play(), "12_play_the_coach")
    here = store.load_game(SLOT)
    older = copy.deepcopy(saved_file)
    index = [game["slot"] for game in older["games"]].index(SLOT)
    older["games"][index]["game"]["options"]["large"] = True  # another game than the one here, saved earlier
    older["games"][index]["updated"] = "2020-01-01T00:00:00+00:00"
    assert "keeps its own" in load(store, older)
    assert store.load_game(SLOT) == here
    later = copy.deepcopy(older)
    later["games"][index]["updated"] = "2999-01-01T00:00:00+00:00"
    assert "keeps its own" not in load(store, later)
    assert store.load_game(SLOT) == {**here, "options": {**here["options"], "large": True}}  # the file's, dealt again


def test_a_game_set_aside_or_damaged_stays_out_of_the_file(store: ProgressStore) -> None:
    store.save_game(SLOT, {"options": {"_esm": "alert(1)"}}, "12_play_the_coach")
    store.set_aside(SLOT)
    store.save_game("good", table_in_play())
    assert [game["slot"] for game in json.loads(export_progress(store))["games"]] == ["good"]


def edit(data: dict[str, Any], change: Any) -> dict[str, Any]:
    bad = copy.deepcopy(data)
    change(bad)
    return bad


def game_of(data: dict[str, Any], slot: str = SLOT) -> dict[str, Any]:
    return next(entry for entry in data["games"] if entry["slot"] == slot)


def _actions(data: dict[str, Any]) -> list[str]:
    return list(game_of(data)["game"]["hand"]["actions"])


HOSTILE_GAMES: dict[str, tuple[Any, str | None]] = {
    "an illegal move added": (lambda d: game_of(d)["game"]["hand"]["actions"].append("draw"), "does not replay"),
    "a move changed": (lambda d: game_of(d)["game"]["hand"].update(actions=[*_actions(d)[:-1], "meld 5H 6H 7H"]), "does not replay"),
    "a move taken back": (lambda d: game_of(d)["game"]["hand"].update(actions=_actions(d)[:-1]), None),
    "a deal not from the seed": (lambda d: game_of(d, "a match")["game"]["hand"].update(
        deal=game_of(d, "a match")["game"]["hands"][0]["deal"]), "does not replay"),
    "another deal's seed": (lambda d: game_of(d, "a match")["game"].update(seed=6), "does not replay"),
    "a seed as text": (lambda d: game_of(d)["game"].update(seed="5"), "does not replay"),
    "an unknown field in the game": (lambda d: game_of(d)["game"].update(_esm="alert(1)"), "does not replay"),
    "front-end code in its options": (lambda d: game_of(d)["game"]["options"].update(_esm="alert(1)"), "does not replay"),
    "a bad option value": (lambda d: game_of(d)["game"]["options"].update(pace=1e9), "does not replay"),
    "a forged rule": (lambda d: game_of(d)["game"]["rules"].update(semi_clean_bonus=10**6), "does not replay"),
    "another format": (lambda d: game_of(d)["game"].update(version=99), "does not replay"),
    "no game": (lambda d: game_of(d).update(game="a game"), "'game' must be a saved game"),
    "a list for a game": (lambda d: game_of(d).update(game=[]), "'game' must be a saved game"),
    "an unknown field": (lambda d: game_of(d).update(code="x"), "must hold only game, lesson, slot, updated"),
    "no slot": (lambda d: game_of(d).pop("slot"), "'slot' must be a name"),
    "a slot set aside": (lambda d: game_of(d).update(slot="lesson-play.set-aside-20260101"), "set aside as damaged"),
    "a bad date": (lambda d: game_of(d).update(updated="soon"), "'updated' must be a date and time"),
    "a bad lesson": (lambda d: game_of(d).update(lesson=12), "'lesson' must be a name"),
    "the same slot twice": (lambda d: d["games"].append(copy.deepcopy(game_of(d))), "same place as another"),
    "too many games": (lambda d: d["games"].extend(copy.deepcopy(game_of(d)) for _ in range(MAX_GAMES)), f"more than {MAX_GAMES}"),
    "too many hands": (lambda d: game_of(d)["game"].update(hands=[{}] * (MAX_HANDS + 1)), f"more than {MAX_HANDS} hands"),
    "games not a list": (lambda d: d.update(games={"slot": SLOT}), "'games' must be a list"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_GAMES))
def test_a_saved_game_that_does_not_replay_says_why_and_changes_nothing(store: ProgressStore, saved_file: dict[str, Any],
                                                                       name: str) -> None:
    change, words = HOSTILE_GAMES[name]
    store.mark_done("aces")
    before = snapshot(store)
    bad = edit(saved_file, change)
    if words is None:  # a game taken back a move is still a game that replays: it loads
        load(store, bad)
        assert store.load_game(SLOT)["hand"]["actions"] == game_of(bad)["game"]["hand"]["actions"] == []
        return
    with pytest.raises(ProgressFileError, match="This is not a progress file buraco-learn can load") as caught:
        load(store, bad)
    message = str(caught.value)
    assert words in message
    assert "Traceback" not in message and "illegal action" not in message and "5H" not in message  # words, not the engine's notation
    assert snapshot(store) == before  # not the lesson done, nor the other game, nor the ruleset


HOSTILE_RULESETS: dict[str, tuple[Any, str]] = {
    "a bonus out of bounds": (lambda r: r["rules"].update(semi_clean_bonus=-5),
                              f"“{option_label('semi_clean_bonus')}” must be from 0 to 5000, not -5"),
    "a wrong type": (lambda r: r["rules"].update(players="four"), f"“{option_label('players')}”"),
    "an unknown option": (lambda r: r["rules"].update(bogus=1), "no rule called “bogus”"),
    "rules not an object": (lambda r: r.update(rules=[1, 2]), "not a set of options"),
    "no base preset": (lambda r: r["rules"].pop("base"), "does not say which preset it is based on"),
    "another name inside": (lambda r: r.update(name="Their club"), "is named 'Our club' inside"),
    "a preset's name": (lambda r: (r.update(name="italian"), r["rules"].update(name="italian")), "has the name of a preset"),
    "an unknown field": (lambda r: r.update(script="x"), "must hold only name, rules, updated"),
    "a bad date": (lambda r: r.update(updated=2026), "'updated' must be a date and time"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_RULESETS))
def test_a_bad_ruleset_is_told_naming_the_option_and_changes_nothing(store: ProgressStore, saved_file: dict[str, Any],
                                                                    name: str) -> None:
    change, words = HOSTILE_RULESETS[name]
    before = snapshot(store)
    bad = edit(saved_file, lambda d: change(d["rulesets"][0]))
    with pytest.raises(ProgressFileError, match=r"This is not a progress file buraco-learn can load: (house ruleset|entry) 1") as caught:
        load(store, bad)
    assert words in str(caught.value)
    assert "semi_clean_bonus" not in str(caught.value)  # the option in its words, not its identifier
    assert snapshot(store) == before


def test_the_same_ruleset_twice_or_too_many_are_refused(store: ProgressStore, saved_file: dict[str, Any]) -> None:
    before = snapshot(store)
    twice = edit(saved_file, lambda d: d["rulesets"].append(copy.deepcopy(d["rulesets"][0])))
    with pytest.raises(ProgressFileError, match="has the name of another"):
        load(store, twice)
    many = edit(saved_file, lambda d: d.update(rulesets=[d["rulesets"][0]] * (MAX_RULESETS + 1)))
    with pytest.raises(ProgressFileError, match=f"more than {MAX_RULESETS} entries"):
        load(store, many)
    assert snapshot(store) == before


def test_when_the_store_refuses_a_ruleset_nothing_of_the_file_is_written(store: ProgressStore, saved_file: dict[str, Any]) -> None:
    for number in range(MAX_RULESETS):  # the store is full: the file's new ruleset cannot be kept
        store.save_ruleset(preset("italian", name=f"Club {number}"))
    before = snapshot(store)
    with pytest.raises(ProgressFileError, match=f"Your progress was not loaded: {MAX_RULESETS} rulesets are kept already"):
        load(store, saved_file)
    assert snapshot(store) == before  # the lesson and the games, written first in the transaction, are rolled back


def test_a_bad_ruleset_upload_is_told_on_the_landing_page(store: ProgressStore, saved_file: dict[str, Any],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BINDER_LAUNCH_HOST", "https://mybinder.org/")
    landing = kit.Landing(store)
    assert landing.session is not None
    bad = edit(saved_file, lambda d: d["rulesets"][0]["rules"].update(semi_clean_bonus=-5))
    landing.session.load(json.dumps(bad).encode())
    message = landing.session.message.value
    assert 'role="alert"' in message and "Bonus for a semi-clean burraco" in message and "semi_clean_bonus" not in message
    assert store.rulesets() == [] and store.games() == []
    landing.session.load(json.dumps(saved_file).encode())
    assert "2 saved games, 1 house ruleset" in landing.session.message.value
    assert [saved.name for saved in store.rulesets()] == ["Our club"]
