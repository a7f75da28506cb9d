"""The progress store: lessons done, quiz scores, saved games; restarts, resets, many kernels at once."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path

import pytest

from buraco_learn.app.progress import (
    DATA_ENV,
    DB_NAME,
    SCHEMA_VERSION,
    LessonProgress,
    ProgressError,
    ProgressStore,
    default_path,
)
from buraco_learn.errors import BuracoError


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(tmp_path / "data" / DB_NAME)


def test_a_new_store_is_empty_and_creates_its_directory(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / DB_NAME
    store = ProgressStore(path)
    assert path.is_file()
    assert store.all() == {}
    assert store.lesson("melds") == LessonProgress("melds")
    assert not store.lesson("melds").done and not store.lesson("melds").started
    assert store.games() == []


def test_mark_done_keeps_the_first_date_and_can_be_undone(store: ProgressStore) -> None:
    store.mark_done("cards")
    first = store.lesson("cards").done_at
    assert first is not None and store.is_done("cards")
    store.mark_done("cards")
    assert store.lesson("cards").done_at == first
    store.mark_done("cards", done=False)
    assert not store.is_done("cards")
    assert "cards" not in store.all()


def test_quiz_keeps_the_latest_attempt_and_the_best_by_fraction(store: ProgressStore) -> None:
    first = store.record_quiz("melds", 3, 6)
    assert (first.score, first.total, first.best_score, first.best_total, first.attempts) == (3, 6, 3, 6, 1)
    worse = store.record_quiz("melds", 1, 6)
    assert (worse.score, worse.best_score, worse.attempts) == (1, 3, 2)
    # 4/5 beats 3/6 although the total changed
    better = store.record_quiz("melds", 4, 5)
    assert (better.best_score, better.best_total, better.attempts) == (4, 5, 3)
    # an equal fraction does not replace the best
    same = store.record_quiz("melds", 8, 10)
    assert (same.best_score, same.best_total) == (4, 5)
    other = store.record_quiz("melds", 2, 2, quiz="tryout")
    assert other.attempts == 1
    progress = store.lesson("melds")
    assert set(progress.quizzes) == {"check", "tryout"} and progress.started and not progress.done
    assert progress.quizzes["check"].to_dict()["attempts"] == 4


@pytest.mark.parametrize(
    ("score", "total"),
    [(-1, 5), (6, 5), (0, 0), (1.5, 3), (True, 3), ("3", 5)],
)
def test_bad_quiz_scores_are_refused_and_change_nothing(store: ProgressStore, score: object, total: object) -> None:
    with pytest.raises(ProgressError, match="quiz"):
        store.record_quiz("melds", score, total)  # type: ignore[arg-type]
    assert store.all() == {}


@pytest.mark.parametrize("key", ["", "   ", "x" * 121, None, 3])
def test_bad_names_are_refused(store: ProgressStore, key: object) -> None:
    with pytest.raises(ProgressError, match="name"):
        store.mark_done(key)  # type: ignore[arg-type]
    with pytest.raises(ProgressError):
        store.save_game(key, {})  # type: ignore[arg-type]


def test_progress_errors_are_buraco_errors() -> None:
    assert issubclass(ProgressError, BuracoError) and issubclass(ProgressError, ValueError)


def test_saved_games_round_trip_list_and_delete(store: ProgressStore) -> None:
    game = {"seed": 42, "actions": ["draw", "meld 5H 6H 7H", "discard KS"], "score": [120, -15], "rules": {"name": "aberto"}}
    store.save_game("table-1", game, lesson="play")
    store.save_game("scratch", [1, 2, 3])
    assert store.load_game("table-1") == game
    assert store.load_game("scratch") == [1, 2, 3]
    assert store.load_game("nothing-here") is None
    assert {saved.slot: saved.lesson for saved in store.games()} == {"table-1": "play", "scratch": None}
    store.save_game("scratch", {"replaced": True})
    assert store.load_game("scratch") == {"replaced": True}
    assert store.delete_game("scratch") is True
    assert store.delete_game("scratch") is False
    assert [saved.slot for saved in store.games()] == ["table-1"]


@pytest.mark.parametrize("data", [{1, 2}, float("nan"), object()])
def test_a_game_that_is_not_json_is_refused(store: ProgressStore, data: object) -> None:
    with pytest.raises(ProgressError, match="JSON"):
        store.save_game("slot", data)
    assert store.games() == []


def test_reset_one_lesson_keeps_the_others(store: ProgressStore) -> None:
    for lesson in ("cards", "melds"):
        store.mark_done(lesson)
        store.record_quiz(lesson, 2, 4)
        store.save_game(f"{lesson}-game", {"lesson": lesson}, lesson=lesson)
    store.save_game("free", {"x": 1})
    store.reset("melds")
    assert set(store.all()) == {"cards"}
    assert store.load_game("melds-game") is None and store.load_game("cards-game") == {"lesson": "cards"}
    assert store.load_game("free") == {"x": 1}
    store.reset()
    assert store.all() == {} and store.games() == []


def test_progress_survives_a_restart(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    first = ProgressStore(path)
    first.mark_done("aces")
    first.record_quiz("aces", 5, 5)
    first.save_game("slot", {"turn": 3})
    del first
    again = ProgressStore(path)
    assert again.is_done("aces")
    assert again.lesson("aces").quizzes["check"].score == 5
    assert again.load_game("slot") == {"turn": 3}


def test_the_database_is_in_wal_mode_with_a_schema_version(store: ProgressStore) -> None:
    with sqlite3.connect(store.path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_database_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    with pytest.raises(ProgressError, match="newer buraco-learn"):
        ProgressStore(path)


def test_a_file_that_is_not_a_database_is_reported_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    path.write_bytes(b"this is not sqlite, it is a shopping list" * 50)
    with pytest.raises(ProgressError, match="cannot be used") as error:
        ProgressStore(path)
    assert str(path) in str(error.value)
    assert path.read_bytes().startswith(b"this is not sqlite")


def test_a_directory_in_the_way_is_reported(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).mkdir()
    with pytest.raises(ProgressError, match="is a directory"):
        ProgressStore(tmp_path / DB_NAME)


def test_the_data_directory_comes_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "classroom"))
    assert default_path() == tmp_path / "classroom" / DB_NAME
    store = ProgressStore()
    store.mark_done("cards")
    assert (tmp_path / "classroom" / DB_NAME).is_file()
    monkeypatch.delenv(DATA_ENV)
    assert default_path().parent.name == "buraco-learn"


def _kernel_like_writer(path: str, worker: int, rounds: int) -> None:
    store = ProgressStore(path)
    for round_ in range(rounds):
        store.record_quiz("shared", round_ % 5, 5)
        store.record_quiz(f"lesson-{worker}", 1, 2)
        store.mark_done(f"lesson-{worker}-{round_ % 3}")
        store.save_game(f"slot-{worker}", {"round": round_})
        store.all()


def test_many_processes_write_at_once_without_losing_anything(tmp_path: Path) -> None:
    """As many kernels as a classroom opens, each writing in its own short transactions."""
    path = str(tmp_path / DB_NAME)
    ProgressStore(path)
    workers, rounds = 8, 25
    context = multiprocessing.get_context("spawn")
    processes = [context.Process(target=_kernel_like_writer, args=(path, worker, rounds)) for worker in range(workers)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=120)
        assert process.exitcode == 0
    store = ProgressStore(path)
    assert store.lesson("shared").quizzes["check"].attempts == workers * rounds
    for worker in range(workers):
        assert store.lesson(f"lesson-{worker}").quizzes["check"].attempts == rounds
        assert store.load_game(f"slot-{worker}") == {"round": rounds - 1}
        assert all(store.is_done(f"lesson-{worker}-{i}") for i in range(3))


def test_the_learners_language_is_kept_apart_from_progress(tmp_path):
    """The chosen language lasts (a reset of all progress keeps it); a language buraco-learn does not speak is refused."""
    store = ProgressStore(tmp_path / "p.sqlite3")
    assert store.language() is None
    assert store.set_language("pt-BR") == "pt_BR"
    store.mark_done("melds")
    store.reset()
    assert ProgressStore(tmp_path / "p.sqlite3").language() == "pt_BR"
    for bad in ("fr", "", "x" * 500, None, 3):
        with pytest.raises(ProgressError, match="unknown language"):
            store.set_language(bad)  # type: ignore[arg-type]
    assert store.language() == "pt_BR"
