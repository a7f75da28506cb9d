"""Stars (issue 14): the rule (1 done, 2 few mistakes, 3 none), the best kept in the progress store,
and the migration of a schema-2 store to schema 3 that keeps its data."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from buraco_learn.app.progress import DB_NAME, SCHEMA_VERSION, ProgressError, ProgressStore
from buraco_learn.app.stars import FEW_MISTAKES, how_to_earn, stars_for, stars_label, stars_text


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(tmp_path / DB_NAME)


# -- the rule ------------------------------------------------------------------------------------
def test_a_lesson_not_done_earns_no_star_whatever_its_answers() -> None:
    assert [stars_for(False, wrong) for wrong in range(5)] == [0] * 5
    assert stars_for(False, 0, finished=False) == 0


def test_done_with_no_mistake_is_three_stars_few_is_two_more_is_one() -> None:
    assert stars_for(True, 0) == 3
    assert [stars_for(True, wrong) for wrong in range(1, FEW_MISTAKES + 1)] == [2] * FEW_MISTAKES
    assert [stars_for(True, wrong) for wrong in range(FEW_MISTAKES + 1, FEW_MISTAKES + 6)] == [1] * 5
    assert FEW_MISTAKES == 2


def test_done_with_tasks_left_is_one_star_even_without_mistakes() -> None:
    assert stars_for(True, 0, finished=False) == 1
    assert stars_for(True, 1, finished=False) == 1


def test_negative_mistakes_are_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        stars_for(True, -1)


def test_stars_are_drawn_and_said_in_words() -> None:
    assert [stars_text(stars) for stars in range(4)] == ["☆☆☆", "★☆☆", "★★☆", "★★★"]
    assert [stars_label(stars) for stars in range(4)] == ["0 of 3 stars", "1 of 3 stars", "2 of 3 stars", "3 of 3 stars"]
    assert how_to_earn(3) == "" and "right the first time" in how_to_earn(2) and "at most 2 wrong" in how_to_earn(1)


# -- the store -------------------------------------------------------------------------------------
def test_the_best_stars_and_the_fewest_mistakes_are_kept(store: ProgressStore) -> None:
    store.mark_done("melds")
    assert store.record_stars("melds", 1, None) == 1
    assert (store.lesson("melds").stars, store.lesson("melds").fewest_mistakes) == (1, None)
    assert store.record_stars("melds", 2, 2) == 2
    assert store.record_stars("melds", 1, 5) == 2  # a worse visit takes nothing away
    assert (store.lesson("melds").stars, store.lesson("melds").fewest_mistakes) == (2, 2)
    assert store.record_stars("melds", 3, 0) == 3
    assert (store.lesson("melds").stars, store.lesson("melds").fewest_mistakes) == (3, 0)


def test_a_lesson_done_shows_at_least_one_star_and_one_not_done_none(store: ProgressStore) -> None:
    store.mark_done("cards")
    assert store.lesson("cards").stars == 1 and store.lesson("cards").best_stars == 0
    store.record_stars("cards", 3, 0)
    store.mark_done("cards", False)
    assert store.lesson("cards").stars == 0 and store.lesson("cards").best_stars == 3  # kept, shown again once done
    store.mark_done("cards")
    assert store.lesson("cards").stars == 3


def test_reset_forgets_the_stars(store: ProgressStore) -> None:
    for lesson in ("cards", "melds"):
        store.mark_done(lesson)
        store.record_stars(lesson, 3, 0)
    store.reset("melds")
    assert store.lesson("melds").best_stars == 0 and store.lesson("cards").stars == 3
    store.reset()
    assert store.all() == {}


@pytest.mark.parametrize("stars", [0, 4, -1, True, 2.0, "3"])
def test_bad_stars_are_refused_and_change_nothing(store: ProgressStore, stars: object) -> None:
    with pytest.raises(ProgressError, match="1 to 3 stars"):
        store.record_stars("melds", stars)  # type: ignore[arg-type]
    assert store.all() == {}


@pytest.mark.parametrize("mistakes", [-1, True, 1.5, "0"])
def test_bad_mistakes_are_refused(store: ProgressStore, mistakes: object) -> None:
    with pytest.raises(ProgressError, match="mistakes"):
        store.record_stars("melds", 2, mistakes)  # type: ignore[arg-type]


# -- the migration -------------------------------------------------------------------------------
SCHEMA_2 = """
    CREATE TABLE lessons (lesson TEXT PRIMARY KEY, done_at TEXT NOT NULL);
    CREATE TABLE quizzes (lesson TEXT NOT NULL, quiz TEXT NOT NULL, score INTEGER NOT NULL, total INTEGER NOT NULL,
        best_score INTEGER NOT NULL, best_total INTEGER NOT NULL, attempts INTEGER NOT NULL, updated TEXT NOT NULL,
        PRIMARY KEY (lesson, quiz));
    CREATE TABLE games (slot TEXT PRIMARY KEY, lesson TEXT, data TEXT NOT NULL, updated TEXT NOT NULL);
    CREATE TABLE rulesets (name TEXT PRIMARY KEY, data TEXT NOT NULL, updated TEXT NOT NULL);
    INSERT INTO lessons VALUES ('cards', '2026-01-01T00:00:00+00:00');
    INSERT INTO lessons VALUES ('melds', '2026-01-02T00:00:00+00:00');
    INSERT INTO quizzes VALUES ('melds', 'check', 4, 6, 5, 6, 2, '2026-01-02T00:00:00+00:00');
    INSERT INTO games VALUES ('lesson-play', 'play', '{"seed": 7}', '2026-01-03T00:00:00+00:00');
    PRAGMA user_version=2;
"""


def schema_2_store(tmp_path: Path) -> Path:
    path = tmp_path / DB_NAME
    with sqlite3.connect(path) as conn:  # what buraco-learn wrote before stars
        conn.executescript(SCHEMA_2)
    return path


def test_a_schema_2_store_is_migrated_to_3_and_keeps_its_data(tmp_path: Path) -> None:
    path = schema_2_store(tmp_path)
    store = ProgressStore(path)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"lessons", "quizzes", "games", "rulesets", "stars", "settings"}
    progress = store.all()
    assert set(progress) == {"cards", "melds"}
    assert progress["cards"].done_at == "2026-01-01T00:00:00+00:00"
    quiz = progress["melds"].quizzes["check"]
    assert (quiz.score, quiz.total, quiz.best_score, quiz.attempts) == (4, 6, 5, 2)
    assert store.load_game("lesson-play") == {"seed": 7}
    # lessons done before stars were kept show one star, and can earn more
    assert progress["cards"].stars == progress["melds"].stars == 1
    assert store.record_stars("melds", 3, 0) == 3
    again = ProgressStore(path)  # opened again: nothing migrates twice, the stars stay
    assert again.lesson("melds").stars == 3 and again.lesson("cards").stars == 1


def test_a_schema_1_store_gains_both_later_tables(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    with sqlite3.connect(path) as conn:
        conn.executescript(SCHEMA_2.replace("CREATE TABLE rulesets (name TEXT PRIMARY KEY, data TEXT NOT NULL, "
                                            "updated TEXT NOT NULL);", "").replace("user_version=2", "user_version=1"))
    store = ProgressStore(path)
    assert store.is_done("cards") and store.rulesets() == [] and store.record_stars("cards", 2, 1) == 2
