"""House rulesets in the progress store: save, list, delete; a stored ruleset that no longer validates is told, naming the option."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from buraco_learn import preset
from buraco_learn.app import progress
from buraco_learn.app.progress import DB_NAME, SCHEMA_VERSION, ProgressError, ProgressStore
from buraco_learn.house_rules import HouseRulesError, dumps

CLUB = preset("italian", name="Our club", semi_clean_bonus=150)
FAST = preset("cutthroat", name="Fast game", target=1000)


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(tmp_path / DB_NAME)


def put(store: ProgressStore, name: str, data: str) -> None:
    """What a tampered database or another version of the lessons left in the table."""
    with sqlite3.connect(store.path) as conn:
        conn.execute("INSERT OR REPLACE INTO rulesets (name, data, updated) VALUES (?, ?, '2026-01-01T00:00:00+00:00')",
                     (name, data))


def test_save_list_load_and_delete(store: ProgressStore) -> None:
    assert store.rulesets() == [] and store.ruleset("Our club") is None
    store.save_ruleset(FAST)
    store.save_ruleset(CLUB)
    assert [saved.name for saved in store.rulesets()] == ["Fast game", "Our club"]  # by name
    assert store.ruleset("Our club") == CLUB and store.ruleset("Fast game") == FAST
    assert [saved.load() for saved in store.rulesets()] == [FAST, CLUB]
    assert json.loads(store.rulesets()[1].data)["base"] == "italian"
    store.save_ruleset(CLUB.replace(target=1005))  # the same name replaces it
    assert len(store.rulesets()) == 2 and store.ruleset("Our club").target == 1005  # type: ignore[union-attr]
    assert store.delete_ruleset("Our club") is True and store.delete_ruleset("Our club") is False
    assert [saved.name for saved in store.rulesets()] == ["Fast game"]


def test_rulesets_survive_reopening_and_a_progress_reset(store: ProgressStore) -> None:
    store.save_ruleset(CLUB)
    store.mark_done("melds")
    store.reset(None)
    again = ProgressStore(store.path)
    assert not again.is_done("melds") and again.ruleset("Our club") == CLUB


@pytest.mark.parametrize("rules", [preset("italian"), preset("italian", name="Italian"), preset("bukharo", name="fechado")])
def test_a_preset_s_name_is_refused(store: ProgressStore, rules: object) -> None:
    with pytest.raises(ProgressError, match="a name of its own"):
        store.save_ruleset(rules)  # type: ignore[arg-type]
    assert store.rulesets() == []


def test_what_is_not_a_ruleset_is_refused(store: ProgressStore) -> None:
    with pytest.raises(ProgressError, match="must be a Rules value"):
        store.save_ruleset({"name": "x"})  # type: ignore[arg-type]
    with pytest.raises(ProgressError, match="at most 60 characters"):
        store.save_ruleset(preset("italian", name="x" * 61))
    with pytest.raises(ProgressError, match="a name of its own"):
        store.save_ruleset(preset("italian", name="  padded  "))
    for bad in ("", "x" * 200, 7):
        with pytest.raises(ProgressError):
            store.ruleset(bad)  # type: ignore[arg-type]
        with pytest.raises(ProgressError):
            store.delete_ruleset(bad)  # type: ignore[arg-type]


def test_the_number_of_rulesets_is_bounded(store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "MAX_RULESETS", 2)
    store.save_ruleset(CLUB)
    store.save_ruleset(FAST)
    store.save_ruleset(CLUB.replace(target=1005))  # replacing one is fine
    with pytest.raises(ProgressError, match="2 rulesets are kept already"):
        store.save_ruleset(preset("italian", name="Third"))
    assert len(store.rulesets()) == 2


@pytest.mark.parametrize(("data", "option", "words"), [
    (dumps(CLUB).replace('"players": 4', '"players": 9'), "players", "'players' must be between 2 and 6, not 9"),
    (dumps(CLUB).replace('"jokers": true', '"jokers": "yes"'), "jokers", "'jokers' must be true or false"),
    (dumps(CLUB)[:-2] + ', "wilds_per_meld": 2}', "wilds_per_meld", "unknown rules option 'wilds_per_meld'"),
    (dumps(CLUB).replace('"Our club"', '"Someone else"'), "name", "is named 'Someone else' inside"),
    (dumps(CLUB).replace('"base": "italian"', '"base": "canasta"'), "base", "based on one of the presets"),
    ("{not json", None, "is not valid JSON"),
    ("[" * 30_000 + "]" * 30_000, None, "nested too deeply"),
    ("x" * 100_000, None, "too large"),
])
def test_a_stored_ruleset_that_no_longer_validates_is_told_naming_the_option(
        store: ProgressStore, data: str, option: str | None, words: str) -> None:
    store.save_ruleset(FAST)
    put(store, "Our club", data)
    listed = {saved.name: saved for saved in store.rulesets()}
    assert set(listed) == {"Our club", "Fast game"}  # listed, so that it can be deleted
    with pytest.raises(HouseRulesError) as caught:
        listed["Our club"].load()
    assert caught.value.option == option and words in str(caught.value) and "the saved ruleset 'Our club'" in str(caught.value)
    assert "\n" not in caught.value.words
    with pytest.raises(HouseRulesError):
        store.ruleset("Our club")
    assert listed["Fast game"].load() == FAST  # the others are untouched
    assert store.delete_ruleset("Our club")


def test_a_database_of_schema_1_gains_the_rulesets_table_and_keeps_its_progress(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    with sqlite3.connect(path) as conn:  # what buraco-learn wrote before house rules
        conn.executescript("""
            CREATE TABLE lessons (lesson TEXT PRIMARY KEY, done_at TEXT NOT NULL);
            CREATE TABLE quizzes (lesson TEXT NOT NULL, quiz TEXT NOT NULL, score INTEGER NOT NULL, total INTEGER NOT NULL,
                best_score INTEGER NOT NULL, best_total INTEGER NOT NULL, attempts INTEGER NOT NULL, updated TEXT NOT NULL,
                PRIMARY KEY (lesson, quiz));
            CREATE TABLE games (slot TEXT PRIMARY KEY, lesson TEXT, data TEXT NOT NULL, updated TEXT NOT NULL);
            INSERT INTO lessons VALUES ('melds', '2026-01-01T00:00:00+00:00');
            INSERT INTO games VALUES ('play', '12_play', '{"seed": 7}', '2026-01-01T00:00:00+00:00');
            PRAGMA user_version=1;
        """)
    store = ProgressStore(path)
    assert store.is_done("melds") and store.load_game("play") == {"seed": 7}
    store.save_ruleset(CLUB)
    assert store.ruleset("Our club") == CLUB
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert ProgressStore(path).ruleset("Our club") == CLUB  # opened again: nothing migrates twice
