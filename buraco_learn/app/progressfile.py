"""The learner's progress as a file: downloaded from one session, loaded back in another (Binder).

:func:`export_progress` writes the lessons done, their stars, the quiz scores, the saved games
(lesson 12's card table resumes from one) and the host's house rulesets as JSON;
:func:`import_progress` reads such a file back. A loaded file is someone's upload: every
field is checked (its type, its range, its length, no unknown name) before anything is
written: each saved game is replayed by the engine and must come out as it went in (the
deal of its hand in play is not in the file, which passes through the browser: the engine
deals it again from the seed), each
ruleset is built by :class:`~buraco_learn.rules.Rules` (a bad one is told naming the option,
in its words). Then all of it is written in one transaction
(:meth:`~buraco_learn.app.progress.ProgressStore.together`), merged with what the store holds
(:meth:`~buraco_learn.app.progress.ProgressStore.merge`; a saved game or a ruleset replaces
the store's own only when it was saved later), so a bad file changes nothing and says what is
wrong. Files of version 1 (progress only, before saved games and rulesets) still load.

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
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Final

from buraco_learn.app.progress import MAX_KEY, MAX_RULESETS, DamagedGameError, ProgressError, ProgressStore, QuizScore
from buraco_learn.errors import BuracoError

if TYPE_CHECKING:
    from buraco_learn.rules import Rules

log = logging.getLogger(__name__)

FORMAT: Final = "buraco-learn-progress"
#: 1: lessons done, stars, quizzes; 2: and the saved games and house rulesets (version 1 files still load).
VERSION: Final = 2
READS: Final = (1, 2)
FILE_NAME: Final = "buraco-learn-progress.json"
MAX_BYTES: Final = 1_000_000
MAX_ENTRIES: Final = 1_000  # per list: far more than the lessons and their quizzes
MAX_COUNT: Final = 1_000_000  # a score, a total, attempts, mistakes
#: Saved games a file may hold, and their finished hands in all: each is replayed when loaded,
#: so these bound the time a file can keep the kernel busy (lesson 12 keeps one game).
MAX_GAMES: Final = 20
MAX_HANDS: Final = 30
_FIELDS: Final = {1: {"format", "version", "exported", "lessons", "stars", "quizzes"},
                  2: {"format", "version", "exported", "lessons", "stars", "quizzes", "games", "rulesets"}}
_GAME: Final = {"slot", "lesson", "updated", "game"}
_RULESET: Final = {"name", "updated", "rules"}
_LESSON: Final = {"lesson", "done_at"}
_STARS: Final = {"lesson", "stars", "mistakes"}
_QUIZ: Final = {"lesson", "quiz", "score", "total", "best_score", "best_total", "attempts", "updated"}


class ProgressFileError(ProgressError):
    """A file that cannot be loaded as progress (the message says why, in words for the learner)."""


@dataclass(frozen=True)
class SavedGameEntry:
    """A saved game of a progress file, replayed and checked: its slot, lesson, date and data (as the store keeps it)."""

    slot: str
    lesson: str | None
    updated: str
    data: dict[str, Any]


@dataclass(frozen=True)
class ProgressFile:
    """What a progress file holds, every field checked (:func:`read_progress`)."""

    lessons: dict[str, str]
    stars: dict[str, tuple[int, int | None]]
    quizzes: list[QuizScore]
    games: list[SavedGameEntry]
    rulesets: list[tuple[Rules, str]]  # each with the date it was saved


def _without_hidden(data: Any) -> Any:
    """A saved game as the file holds it: the deal of the hand in play (the stock's order, the other
    players' hands, the pots) stays out, since the file passes through the browser; it follows from the
    seed, and the engine deals it again when the file is loaded. A finished hand was shown face up."""
    hand = data.get("hand") if isinstance(data, dict) else None
    if isinstance(hand, dict) and hand.get("counted") is True and hand.get("deal") is not None:
        return {**data, "hand": {**hand, "deal": None}}
    return data


def _is_aside(slot: str) -> bool:
    return ".set-aside-" in slot  # a damaged or tampered game the store keeps aside: not the learner's to carry


def export_progress(store: ProgressStore) -> bytes:
    """The store's progress (lessons done, stars, quiz scores), saved games and house rulesets as the JSON
    of a progress file. A game set aside, or one that is not JSON, stays out (it could not be resumed)."""
    progress = store.all()
    games = []
    for saved in store.games():
        if _is_aside(saved.slot):
            continue
        try:
            data = store.load_game(saved.slot)
        except DamagedGameError:
            continue
        if data is not None:
            games.append({"slot": saved.slot, "lesson": saved.lesson, "updated": saved.updated, "game": _without_hidden(data)})
    rulesets = []
    for ruleset in store.rulesets():
        try:
            rulesets.append({"name": ruleset.name, "updated": ruleset.updated, "rules": ruleset.load().to_dict()})
        except BuracoError:  # no longer valid in this version: the house rules page tells the host
            continue
    data = {
        "format": FORMAT, "version": VERSION, "exported": datetime.now(UTC).isoformat(timespec="seconds"),
        "lessons": [{"lesson": entry.lesson, "done_at": entry.done_at} for entry in progress.values() if entry.done_at],
        "stars": [{"lesson": entry.lesson, "stars": entry.best_stars, "mistakes": entry.fewest_mistakes}
                  for entry in progress.values() if entry.best_stars],
        "quizzes": [quiz.to_dict()
                    for entry in progress.values() for quiz in entry.quizzes.values()],
        "games": games,
        "rulesets": rulesets,
    }
    return json.dumps(data, indent=1, ensure_ascii=False).encode("utf-8")


def _bad(why: str) -> ProgressFileError:
    return ProgressFileError(f"This is not a progress file buraco-learn can load: {why}.")


def _entries(data: dict[str, Any], name: str, fields: set[str], most: int = MAX_ENTRIES) -> list[dict[str, Any]]:
    entries = data.get(name, [])
    if not isinstance(entries, list):
        raise _bad(f"{name!r} must be a list")
    if len(entries) > most:
        raise _bad(f"{name!r} has more than {most} entries")
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


def _game(entry: dict[str, Any], number: int) -> SavedGameEntry:
    """A saved game, replayed by the engine: it must come out exactly as it went in."""
    from buraco_learn.ui.card_table import saved_options  # the table's own check of its options
    from buraco_learn.ui.table_game import TableGame

    where = f"saved game {number}"
    slot = _name(entry, "slot", where)
    if _is_aside(slot):
        raise _bad(f"{where} is one set aside as damaged")
    lesson = None if entry.get("lesson") is None else _name(entry, "lesson", where)
    updated = _date(entry, "updated", where)
    data = entry.get("game")
    if not isinstance(data, dict):
        raise _bad(f"{where}: 'game' must be a saved game")
    game = {key: value for key, value in data.items() if key != "options"}
    try:
        replayed = TableGame.from_json(game, hint_source=lambda view, rung: "", review_source=lambda decisions: {})
        canonical = replayed.to_dict()
        dealt_again = isinstance(game.get("hand"), dict) and game["hand"].get("deal") is None  # see _without_hidden
        same = (_without_hidden(canonical) if dealt_again else canonical) == game
        options = saved_options(data.get("options")) if "options" in data else None
    except Exception as error:  # whatever an upload holds, the learner reads a sentence, never a traceback
        log.warning("%s of a progress file does not replay: %s", where, str(error)[:300])
        same, options = False, None
    if not same:
        raise _bad(f"{where} does not replay in this version of the lessons (it was saved by another version, "
                   "or it was changed)")
    if options is not None:
        canonical["options"] = options
    return SavedGameEntry(slot, lesson, updated, canonical)


def _ruleset(entry: dict[str, Any], number: int) -> tuple[Rules, str]:
    """A house ruleset, built by :class:`Rules`: a bad one is told naming the option, in its words."""
    from buraco_learn.house_rules import check_name, from_data
    from buraco_learn.presets import PRESET_NAMES

    name = _name(entry, "name", f"house ruleset {number}")
    where = f"house ruleset {number} ({name[:60]!r})"
    updated = _date(entry, "updated", where)
    try:
        rules = from_data(entry.get("rules"))
        named = check_name(name) == name
    except BuracoError as error:
        raise _bad(f"{where}: {str(getattr(error, 'words', error)).rstrip('.')}") from None
    if rules.name != name or not named:
        raise _bad(f"{where} is named {rules.name[:60]!r} inside")
    if name.casefold() in {preset.casefold() for preset in PRESET_NAMES}:
        raise _bad(f"{where} has the name of a preset")
    return rules, updated


def read_progress(content: bytes) -> ProgressFile:
    """What a progress file holds, each field checked; raises :class:`ProgressFileError`."""
    if len(content) > MAX_BYTES:
        raise _bad(f"it is larger than {MAX_BYTES // 1000} kB")
    try:
        data = json.loads(content.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _bad("it is not JSON") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _bad("it was not downloaded from buraco-learn's landing page")
    version = data.get("version")
    if isinstance(version, bool) or version not in READS:
        raise _bad(f"it is of version {str(version)[:20]!r}, this buraco-learn reads versions "
                   f"{', '.join(map(str, READS[:-1]))} and {READS[-1]}")
    fields = _FIELDS[version]
    if not set(data) <= fields:
        raise _bad(f"it holds {', '.join(sorted(str(key)[:40] for key in set(data) - fields))}, which is not progress")
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
    entries = _entries(data, "games", _GAME, MAX_GAMES)
    hands = sum(len(entry["game"].get("hands") or ()) + 1 for entry in entries  # bounded before any replay
                if isinstance(entry.get("game"), dict) and isinstance(entry["game"].get("hands"), list | None))
    if hands > MAX_HANDS:
        raise _bad(f"its saved games hold more than {MAX_HANDS} hands")
    games: dict[str, SavedGameEntry] = {}
    for number, entry in enumerate(entries, 1):
        game = _game(entry, number)
        if game.slot in games:
            raise _bad(f"saved game {number} is saved in the same place as another")
        games[game.slot] = game
    rulesets: dict[str, tuple[Rules, str]] = {}
    for number, entry in enumerate(_entries(data, "rulesets", _RULESET, MAX_RULESETS), 1):
        rules, updated = _ruleset(entry, number)
        if rules.name in rulesets:
            raise _bad(f"house ruleset {number} has the name of another, {rules.name[:60]!r}")
        rulesets[rules.name] = (rules, updated)
    return ProgressFile(lessons, stars, list(quizzes.values()), list(games.values()), list(rulesets.values()))


def _later(one: str, other: str) -> bool:
    return datetime.fromisoformat(one) > datetime.fromisoformat(other)


def _holds(read: Callable[[str], Any], key: str, expected: object) -> bool:
    """Whether the store holds ``expected`` under ``key`` (not a saved game or ruleset that is damaged there)."""
    try:
        return bool(read(key) == expected)
    except (BuracoError, ValueError):
        return False


def _plural(count: int, word: str, many: str | None = None) -> str:
    return f"{count} {word if count == 1 else many or word + 's'}"


def import_progress(store: ProgressStore, content: bytes) -> str:
    """Load a progress file into ``store`` (merged with what it holds, in one transaction); what was loaded, in words.

    A saved game or a house ruleset replaces the store's own of the same slot or name only when the
    file's was saved later. Raises :class:`ProgressFileError` (nothing written) for a file that is not one.
    """
    loaded = read_progress(content)
    newer_here = 0
    try:
        with store.together() as joined:
            joined.merge(loaded.lessons, loaded.stars, loaded.quizzes)
            games = {saved.slot: saved.updated for saved in joined.games()}
            for game in loaded.games:
                if game.slot in games and not _later(game.updated, games[game.slot]):
                    newer_here += not _holds(joined.load_game, game.slot, game.data)  # the same: nothing to say
                    continue
                joined.save_game(game.slot, game.data, game.lesson)
            rulesets = {saved.name: saved.updated for saved in joined.rulesets()}
            for rules, updated in loaded.rulesets:
                if rules.name in rulesets and not _later(updated, rulesets[rules.name]):
                    newer_here += not _holds(joined.ruleset, rules.name, rules)
                    continue
                joined.save_ruleset(rules)
    except ProgressError as error:  # the store refused (it keeps at most so many rulesets): nothing was written
        raise ProgressFileError(f"Your progress was not loaded: {error}.") from None
    words = [_plural(len(loaded.lessons), "lesson") + " done", _plural(len(loaded.quizzes), "quiz", "quizzes")]
    if loaded.games:
        words.append(_plural(len(loaded.games), "saved game"))
    if loaded.rulesets:
        words.append(_plural(len(loaded.rulesets), "house ruleset"))
    kept = (" Where this computer has a saved game or a ruleset of the same name saved later, it keeps its own."
            if newer_here else "")
    return f"Loaded your progress: {', '.join(words)}.{kept}"


__all__ = ["FILE_NAME", "ProgressFile", "ProgressFileError", "SavedGameEntry", "export_progress", "import_progress",
           "read_progress"]
