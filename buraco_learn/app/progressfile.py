"""The learner's progress as a file: downloaded from one session, loaded back in another (Binder).

:func:`export_progress` writes the lessons done, their stars and the quiz scores as JSON;
:func:`import_progress` reads such a file back. A loaded file is someone's upload: every
field is checked (its type, its range, its length, no unknown name) before anything is
written, and then all of it is written in one transaction, merged with what the store holds
(:meth:`~buraco_learn.app.progress.ProgressStore.merge`), so a bad file changes nothing
and says what is wrong. Saved games and house rulesets are not in the file.

>>> import tempfile
>>> from buraco_learn.app.progress import ProgressStore
>>> from pathlib import Path
>>> here = ProgressStore(Path(tempfile.mkdtemp()) / "progress.sqlite3")
>>> here.mark_done("cards"); _ = here.record_stars("cards", 3, 0); _ = here.record_quiz("melds", 4, 5)
>>> there = ProgressStore(Path(tempfile.mkdtemp()) / "progress.sqlite3")
>>> import_progress(there, export_progress(here))
'Loaded your progress: 1 lesson done, 1 quiz.'
>>> there.lesson("cards").stars, there.lesson("melds").quizzes["check"].best_score
(3, 4)
>>> import_progress(there, b'{"format": "buraco-learn-progress", "version": 1, "lessons": "all"}')
Traceback (most recent call last):
...
buraco_learn.app.progressfile.ProgressFileError: This is not a progress file buraco-learn can load: 'lessons' must be a list.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any, Final

from buraco_learn.app.progress import MAX_KEY, ProgressError, ProgressStore, QuizScore

FORMAT: Final = "buraco-learn-progress"
VERSION: Final = 1
FILE_NAME: Final = "buraco-learn-progress.json"
MAX_BYTES: Final = 1_000_000
MAX_ENTRIES: Final = 1_000  # per list: far more than the lessons and their quizzes
MAX_COUNT: Final = 1_000_000  # a score, a total, attempts, mistakes
_FIELDS: Final = {"format", "version", "exported", "lessons", "stars", "quizzes"}
_LESSON: Final = {"lesson", "done_at"}
_STARS: Final = {"lesson", "stars", "mistakes"}
_QUIZ: Final = {"lesson", "quiz", "score", "total", "best_score", "best_total", "attempts", "updated"}


class ProgressFileError(ProgressError):
    """A file that cannot be loaded as progress (the message says why, in words for the learner)."""


def export_progress(store: ProgressStore) -> bytes:
    """The store's progress (lessons done, stars, quiz scores) as the JSON of a progress file."""
    progress = store.all()
    data = {
        "format": FORMAT, "version": VERSION, "exported": datetime.now(UTC).isoformat(timespec="seconds"),
        "lessons": [{"lesson": entry.lesson, "done_at": entry.done_at} for entry in progress.values() if entry.done_at],
        "stars": [{"lesson": entry.lesson, "stars": entry.best_stars, "mistakes": entry.fewest_mistakes}
                  for entry in progress.values() if entry.best_stars],
        "quizzes": [quiz.to_dict()
                    for entry in progress.values() for quiz in entry.quizzes.values()],
    }
    return json.dumps(data, indent=1, ensure_ascii=False).encode("utf-8")


def _bad(why: str) -> ProgressFileError:
    return ProgressFileError(f"This is not a progress file buraco-learn can load: {why}.")


def _entries(data: dict[str, Any], name: str, fields: set[str]) -> list[dict[str, Any]]:
    entries = data.get(name, [])
    if not isinstance(entries, list):
        raise _bad(f"{name!r} must be a list")
    if len(entries) > MAX_ENTRIES:
        raise _bad(f"{name!r} has more than {MAX_ENTRIES} entries")
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict) or not set(entry) <= fields:
            raise _bad(f"entry {number} of {name!r} must hold only {', '.join(sorted(fields))}")
    return entries


def _name(entry: dict[str, Any], field: str, where: str) -> str:
    value = entry.get(field)
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_KEY or not value.isprintable():
        raise _bad(f"{where}: {field!r} must be a name of at most {MAX_KEY} characters")
    return value


def _count(entry: dict[str, Any], field: str, where: str, low: int = 0, high: int = MAX_COUNT) -> int:
    value = entry.get(field)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _bad(f"{where}: {field!r} must be a whole number from {low} to {high}")
    return value


def _date(entry: dict[str, Any], field: str, where: str) -> str:
    value = entry.get(field)
    try:
        if not isinstance(value, str) or len(value) > 40:
            raise ValueError
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise _bad(f"{where}: {field!r} must be a date and time") from None
    if parsed.tzinfo is None:
        raise _bad(f"{where}: {field!r} must give its time zone")
    return parsed.isoformat(timespec="seconds")


def read_progress(content: bytes) -> tuple[dict[str, str], dict[str, tuple[int, int | None]], list[QuizScore]]:
    """A progress file's lessons done, stars and quizzes, each checked; raises :class:`ProgressFileError`."""
    if len(content) > MAX_BYTES:
        raise _bad(f"it is larger than {MAX_BYTES // 1000} kB")
    try:
        data = json.loads(content.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _bad("it is not JSON") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _bad("it was not downloaded from buraco-learn's landing page")
    if data.get("version") != VERSION:
        raise _bad(f"it is of version {str(data.get('version'))[:20]!r}, this buraco-learn reads version {VERSION}")
    if not set(data) <= _FIELDS:
        raise _bad(f"it holds {', '.join(sorted(str(key)[:40] for key in set(data) - _FIELDS))}, which is not progress")
    lessons: dict[str, str] = {}
    for number, entry in enumerate(_entries(data, "lessons", _LESSON), 1):
        where = f"lesson entry {number}"
        lessons[_name(entry, "lesson", where)] = _date(entry, "done_at", where)
    stars: dict[str, tuple[int, int | None]] = {}
    for number, entry in enumerate(_entries(data, "stars", _STARS), 1):
        where = f"stars entry {number}"
        mistakes = None if entry.get("mistakes") is None else _count(entry, "mistakes", where)
        stars[_name(entry, "lesson", where)] = (_count(entry, "stars", where, 1, 3), mistakes)
    quizzes: dict[tuple[str, str], QuizScore] = {}
    for number, entry in enumerate(_entries(data, "quizzes", _QUIZ), 1):
        where = f"quiz entry {number}"
        lesson, quiz = _name(entry, "lesson", where), _name(entry, "quiz", where)
        total, best_total = _count(entry, "total", where, 1), _count(entry, "best_total", where, 1)
        quizzes[lesson, quiz] = QuizScore(lesson, quiz, _count(entry, "score", where, 0, total), total,
                                          _count(entry, "best_score", where, 0, best_total), best_total,
                                          _count(entry, "attempts", where, 1), _date(entry, "updated", where))
    return lessons, stars, list(quizzes.values())


def import_progress(store: ProgressStore, content: bytes) -> str:
    """Load a progress file into ``store`` (merged with what it holds); what was loaded, in words.

    Raises :class:`ProgressFileError` (nothing written) for a file that is not one.
    """
    lessons, stars, quizzes = read_progress(content)
    store.merge(lessons, stars, quizzes)
    done = f"{len(lessons)} lesson{'' if len(lessons) == 1 else 's'} done"
    return f"Loaded your progress: {done}, {len(quizzes)} quiz{'' if len(quizzes) == 1 else 'zes'}."


__all__ = ["FILE_NAME", "ProgressFileError", "export_progress", "import_progress", "read_progress"]
