"""The learner's progress: lessons done, their stars, quiz scores and saved games, in SQLite; and the host's house rulesets.

Pure Python (``sqlite3``, no Jupyter), so the landing page, every lesson's kernel and
the command line share one store. The database lives in the user's data directory
(``platformdirs``), or in the directory named by the environment variable
``BURACO_LEARN_DATA`` (tests, classrooms, a USB stick). It is opened in WAL mode and
every call is one short transaction on its own connection, so many kernels (one per
open page) can read and write at once.

>>> import tempfile
>>> store = ProgressStore(Path(tempfile.mkdtemp()) / "progress.sqlite3")
>>> store.mark_done("melds")
>>> store.record_quiz("melds", 3, 5).best_score
3
>>> store.record_quiz("melds", 2, 5).best_score     # the best attempt is kept
3
>>> progress = store.lesson("melds")
>>> progress.done, progress.quizzes["check"].score, progress.quizzes["check"].attempts
(True, 2, 2)
>>> store.save_game("table-1", {"seed": 7, "turn": 12})
>>> store.load_game("table-1")
{'seed': 7, 'turn': 12}
>>> store.reset("melds")
>>> store.lesson("melds").done
False

Each lesson done earns 1 to 3 stars (:mod:`buraco_learn.app.stars`); the best ever earned is kept:

>>> store.mark_done("aces")
>>> store.record_stars("aces", 2, mistakes=1), store.record_stars("aces", 1, mistakes=None)
(2, 2)
>>> store.lesson("aces").stars, store.lesson("aces").fewest_mistakes
(2, 1)

A host's house rulesets (:mod:`buraco_learn.house_rules`) are kept here too, by name, so every
page's ruleset chooser offers them; each is checked again when it is read:

>>> from buraco_learn import preset
>>> store.save_ruleset(preset("italian", name="Our club", semi_clean_bonus=150))
>>> [saved.name for saved in store.rulesets()], store.ruleset("Our club").semi_clean_bonus
(['Our club'], 150)
>>> store.delete_ruleset("Our club"), store.rulesets()
(True, [])
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from buraco_learn.app.where import on_static_site
from buraco_learn.errors import BuracoError

if TYPE_CHECKING:
    from buraco_learn.rules import Rules

DATA_ENV: Final = "BURACO_LEARN_DATA"
DB_NAME: Final = "progress.sqlite3"
#: 1: lessons, quizzes, games; 2: rulesets; 3: stars; 4: settings (the learner's language). A database of an older schema is migrated when
#: opened, keeping its data: each step of :data:`_MIGRATIONS` adds what its version brought.
SCHEMA_VERSION: Final = 4
MAX_KEY = 120
#: The most house rulesets kept (a page that saves in a loop cannot fill the disk).
MAX_RULESETS: Final = 200
BUSY_TIMEOUT_S = 30.0
#: Called (no arguments) after every write transaction commits: on the static site,
#: :mod:`buraco_learn.site.storage` saves the file to the browser's IndexedDB there.
AFTER_WRITE: list[Callable[[], None]] = []

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS lessons (
    lesson  TEXT PRIMARY KEY,
    done_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS quizzes (
    lesson     TEXT NOT NULL,
    quiz       TEXT NOT NULL,
    score      INTEGER NOT NULL,
    total      INTEGER NOT NULL,
    best_score INTEGER NOT NULL,
    best_total INTEGER NOT NULL,
    attempts   INTEGER NOT NULL,
    updated    TEXT NOT NULL,
    PRIMARY KEY (lesson, quiz)
);
CREATE TABLE IF NOT EXISTS games (
    slot    TEXT PRIMARY KEY,
    lesson  TEXT,
    data    TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS rulesets (
    name    TEXT PRIMARY KEY,
    data    TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS stars (
    lesson   TEXT PRIMARY KEY,
    stars    INTEGER NOT NULL,
    mistakes INTEGER,
    updated  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS settings (
    name    TEXT PRIMARY KEY,
    value   TEXT NOT NULL,
    updated TEXT NOT NULL
);
"""
#: What each schema version added to the one before (run, in order, on a database of an older schema).
#: ``stars``: the best stars a lesson has earned, and the fewest mistakes of a visit that passed every
#: task (NULL until one did); a lesson done before schema 3 has no row and counts 1 star.
_MIGRATIONS: Final[dict[int, str]] = {
    2: """CREATE TABLE IF NOT EXISTS rulesets (name TEXT PRIMARY KEY, data TEXT NOT NULL, updated TEXT NOT NULL)""",
    3: """CREATE TABLE IF NOT EXISTS stars (lesson TEXT PRIMARY KEY, stars INTEGER NOT NULL, mistakes INTEGER,
                                            updated TEXT NOT NULL)""",
    4: """CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL, updated TEXT NOT NULL)""",
}


class ProgressError(BuracoError):
    """The progress store cannot be used: a bad key or score, or an unreadable database file."""


class DamagedGameError(ProgressError):
    """A saved game that cannot be read back (not JSON): set it aside (:meth:`ProgressStore.set_aside`)."""


@dataclass(frozen=True)
class QuizScore:
    """One quiz of one lesson: the latest attempt and the best one (by fraction right)."""

    lesson: str
    quiz: str
    score: int
    total: int
    best_score: int
    best_total: int
    attempts: int
    updated: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "lesson": self.lesson, "quiz": self.quiz, "score": self.score, "total": self.total,
            "best_score": self.best_score, "best_total": self.best_total,
            "attempts": self.attempts, "updated": self.updated,
        }


@dataclass(frozen=True)
class LessonProgress:
    """What the learner has done in one lesson."""

    lesson: str
    done_at: str | None = None
    quizzes: dict[str, QuizScore] = field(default_factory=dict)
    #: The best stars ever recorded for the lesson (0: none yet; see :attr:`stars`).
    best_stars: int = 0
    #: The fewest wrong answers of a visit that passed every task (None until one did).
    fewest_mistakes: int | None = None

    @property
    def done(self) -> bool:
        return self.done_at is not None

    @property
    def stars(self) -> int:
        """The stars the lesson shows: 0 while not done, else the best earned, at least 1 (a lesson
        done before stars were kept, or marked done with no task passed)."""
        return max(1, self.best_stars) if self.done else 0

    @property
    def started(self) -> bool:
        """Done, or some quiz attempted."""
        return self.done or bool(self.quizzes)


@dataclass(frozen=True)
class SavedGame:
    """A saved game's slot (its data is read with :meth:`ProgressStore.load_game`)."""

    slot: str
    lesson: str | None
    updated: str


@dataclass(frozen=True)
class SavedRuleset:
    """A house ruleset as the store keeps it: its name, its JSON (as saved) and when it was saved."""

    name: str
    data: str
    updated: str

    def load(self) -> Rules:
        """The ruleset, checked again: raises :class:`~buraco_learn.house_rules.HouseRulesError` naming the
        option when it no longer validates (saved by another version, or tampered with)."""
        from buraco_learn.house_rules import HouseRulesError, loads

        rules = loads(self.data, f"the saved ruleset {self.name[:60]!r}")
        if rules.name != self.name:
            raise HouseRulesError(f"the saved ruleset {self.name[:60]!r} is named {rules.name[:60]!r} inside",
                                  option="name", words="Its name does not match the name it was saved under.")
        return rules


def data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where buraco-learn keeps the learner's data: ``$BURACO_LEARN_DATA``, else the user data directory.

    >>> data_dir({"BURACO_LEARN_DATA": "/srv/classroom"})
    PosixPath('/srv/classroom')
    >>> data_dir({}).name
    'buraco-learn'
    """
    override = (os.environ if environ is None else environ).get(DATA_ENV, "").strip()
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("buraco-learn", appauthor=False))


def default_path() -> Path:
    """The progress database file used when no path is given."""
    return data_dir() / DB_NAME


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _key(kind: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_KEY:
        raise ProgressError(f"a {kind} must be a non-empty name of at most {MAX_KEY} characters, not {value!r}")
    return value


class ProgressStore:
    """The progress database at ``path`` (default :func:`default_path`), created on first use."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self._init()

    def __repr__(self) -> str:
        return f"ProgressStore({str(self.path)!r})"

    # -- connection -----------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        conn.execute("PRAGMA synchronous=NORMAL")
        return conn

    @contextmanager
    def _transaction(self, write: bool = False) -> Iterator[sqlite3.Connection]:
        """One short transaction; write transactions take the write lock at once (no upgrade deadlock)."""
        try:
            with closing(self._connect()) as conn:
                conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                try:
                    yield conn
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
        except sqlite3.DatabaseError as error:
            raise ProgressError(f"the progress database {str(self.path)!r} cannot be used: {error}") from None
        if write:
            for hook in AFTER_WRITE:
                hook()

    def _init(self) -> None:
        try:
            if not self.path.parent.is_dir():
                self.path.parent.mkdir(parents=True, exist_ok=True)
            is_dir = self.path.is_dir()
        except (OSError, ValueError) as error:  # ValueError: a NUL in the path
            why = getattr(error, "strerror", None) or error
            raise ProgressError(f"cannot create the data directory {str(self.path.parent)[:200]!r}: {why}") from None
        if is_dir:
            raise ProgressError(f"the progress database {str(self.path)!r} is a directory")
        try:
            with closing(self._connect()) as conn:
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version > SCHEMA_VERSION:
                    raise ProgressError(
                        f"the progress database {str(self.path)!r} was written by a newer buraco-learn "
                        f"(schema {version}, this one reads {SCHEMA_VERSION})"
                    )
                # one process in the browser (and its file is saved whole to IndexedDB): no write-ahead log there
                conn.execute("PRAGMA journal_mode=DELETE" if on_static_site() else "PRAGMA journal_mode=WAL")
                if version < SCHEMA_VERSION:
                    conn.execute("BEGIN IMMEDIATE")
                    # read again under the write lock: another kernel may have migrated it meanwhile
                    version = conn.execute("PRAGMA user_version").fetchone()[0]
                    if version == 0:  # a new database
                        for statement in _SCHEMA.split(";"):
                            if statement.strip():
                                conn.execute(statement)
                    else:  # an older schema: its data stays, each later version adds its tables
                        for step in range(version + 1, SCHEMA_VERSION + 1):
                            conn.execute(_MIGRATIONS[step])
                    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                    conn.execute("COMMIT")
                    for hook in AFTER_WRITE:
                        hook()
        except sqlite3.DatabaseError as error:
            raise ProgressError(f"the progress database {str(self.path)!r} cannot be used: {error}") from None

    # -- lessons --------------------------------------------------------------------
    def mark_done(self, lesson: str, done: bool = True) -> None:
        """Mark ``lesson`` done (keeping the first date it was done), or not done."""
        _key("lesson", lesson)
        with self._transaction(write=True) as conn:
            if done:
                conn.execute("INSERT OR IGNORE INTO lessons (lesson, done_at) VALUES (?, ?)", (lesson, _now()))
            else:
                conn.execute("DELETE FROM lessons WHERE lesson = ?", (lesson,))

    def is_done(self, lesson: str) -> bool:
        return self.lesson(lesson).done

    def record_quiz(self, lesson: str, score: int, total: int, quiz: str = "check") -> QuizScore:
        """Record one attempt at a lesson's quiz: ``score`` right out of ``total``."""
        _key("lesson", lesson)
        _key("quiz", quiz)
        for name, value in (("score", score), ("total", total)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise ProgressError(f"a quiz {name} must be a whole number, not {value!r}")
        if total < 1 or not 0 <= score <= total:
            raise ProgressError(f"a quiz score must be between 0 and the total ({total} >= 1), not {score}")
        with self._transaction(write=True) as conn:
            conn.execute(
                """
                INSERT INTO quizzes (lesson, quiz, score, total, best_score, best_total, attempts, updated)
                VALUES (?1, ?2, ?3, ?4, ?3, ?4, 1, ?5)
                ON CONFLICT (lesson, quiz) DO UPDATE SET
                    score = excluded.score,
                    total = excluded.total,
                    best_score = CASE WHEN excluded.score * best_total > best_score * excluded.total
                                      THEN excluded.score ELSE best_score END,
                    best_total = CASE WHEN excluded.score * best_total > best_score * excluded.total
                                      THEN excluded.total ELSE best_total END,
                    attempts = attempts + 1,
                    updated = excluded.updated
                """,
                (lesson, quiz, score, total, _now()),
            )
            row = conn.execute("SELECT * FROM quizzes WHERE lesson = ? AND quiz = ?", (lesson, quiz)).fetchone()
        return QuizScore(*row)

    def record_stars(self, lesson: str, stars: int, mistakes: int | None = None) -> int:
        """Record the stars one visit of ``lesson`` earned (1 to 3) and, when it passed every task, its
        mistakes; the best stars ever earned and the fewest mistakes are kept. Returns the best stars."""
        _key("lesson", lesson)
        if not isinstance(stars, int) or isinstance(stars, bool) or not 1 <= stars <= 3:
            raise ProgressError(f"a lesson earns 1 to 3 stars, not {stars!r}")
        if mistakes is not None and (not isinstance(mistakes, int) or isinstance(mistakes, bool) or mistakes < 0):
            raise ProgressError(f"mistakes must be a whole number from 0, not {mistakes!r}")
        with self._transaction(write=True) as conn:
            conn.execute(
                """
                INSERT INTO stars (lesson, stars, mistakes, updated) VALUES (?1, ?2, ?3, ?4)
                ON CONFLICT (lesson) DO UPDATE SET
                    stars = MAX(stars, excluded.stars),
                    mistakes = CASE WHEN excluded.mistakes IS NULL THEN mistakes
                                    WHEN mistakes IS NULL THEN excluded.mistakes
                                    ELSE MIN(mistakes, excluded.mistakes) END,
                    updated = excluded.updated
                """,
                (lesson, stars, mistakes, _now()),
            )
            row = conn.execute("SELECT stars FROM stars WHERE lesson = ?", (lesson,)).fetchone()
        return int(row[0])

    def lesson(self, lesson: str) -> LessonProgress:
        """The progress of one lesson (empty when never touched)."""
        _key("lesson", lesson)
        return self.all().get(lesson, LessonProgress(lesson))

    def all(self) -> dict[str, LessonProgress]:
        """The progress of every lesson the learner has touched, by lesson id."""
        with self._transaction() as conn:
            done = dict(conn.execute("SELECT lesson, done_at FROM lessons").fetchall())
            quiz_rows = conn.execute("SELECT * FROM quizzes ORDER BY lesson, quiz").fetchall()
            stars = {lesson: (int(best), mistakes) for lesson, best, mistakes
                     in conn.execute("SELECT lesson, stars, mistakes FROM stars").fetchall()}
        quizzes: dict[str, dict[str, QuizScore]] = {}
        for row in quiz_rows:
            score = QuizScore(*row)
            quizzes.setdefault(score.lesson, {})[score.quiz] = score
        return {
            lesson: LessonProgress(lesson, done.get(lesson), quizzes.get(lesson, {}), *stars.get(lesson, (0, None)))
            for lesson in sorted(set(done) | set(quizzes) | set(stars))
        }

    def merge(self, lessons: Mapping[str, str], stars: Mapping[str, tuple[int, int | None]],
              quizzes: list[QuizScore]) -> None:
        """Add progress brought from elsewhere (a downloaded file, :mod:`buraco_learn.app.progressfile`,
        which checks it first), in one transaction: the earliest date a lesson was done, the best
        stars and fewest mistakes, each quiz's best attempt, its latest one and the most attempts."""
        with self._transaction(write=True) as conn:
            for lesson, done_at in lessons.items():
                conn.execute("""INSERT INTO lessons (lesson, done_at) VALUES (?, ?) ON CONFLICT (lesson)
                                DO UPDATE SET done_at = MIN(done_at, excluded.done_at)""", (lesson, done_at))
            for lesson, (best, mistakes) in stars.items():
                conn.execute("""
                    INSERT INTO stars (lesson, stars, mistakes, updated) VALUES (?1, ?2, ?3, ?4)
                    ON CONFLICT (lesson) DO UPDATE SET
                        stars = MAX(stars, excluded.stars),
                        mistakes = CASE WHEN excluded.mistakes IS NULL THEN mistakes
                                        WHEN mistakes IS NULL THEN excluded.mistakes
                                        ELSE MIN(mistakes, excluded.mistakes) END""", (lesson, best, mistakes, _now()))
            for quiz in quizzes:
                conn.execute("""
                    INSERT INTO quizzes (lesson, quiz, score, total, best_score, best_total, attempts, updated)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                    ON CONFLICT (lesson, quiz) DO UPDATE SET
                        score = CASE WHEN excluded.updated > updated THEN excluded.score ELSE score END,
                        total = CASE WHEN excluded.updated > updated THEN excluded.total ELSE total END,
                        best_score = CASE WHEN excluded.best_score * best_total > best_score * excluded.best_total
                                          THEN excluded.best_score ELSE best_score END,
                        best_total = CASE WHEN excluded.best_score * best_total > best_score * excluded.best_total
                                          THEN excluded.best_total ELSE best_total END,
                        attempts = MAX(attempts, excluded.attempts),
                        updated = MAX(updated, excluded.updated)""",
                             (quiz.lesson, quiz.quiz, quiz.score, quiz.total, quiz.best_score, quiz.best_total,
                              quiz.attempts, quiz.updated))

    # -- saved games ----------------------------------------------------------------
    def save_game(self, slot: str, data: Any, lesson: str | None = None) -> None:
        """Save a game in ``slot`` (replacing what was there): any JSON-serialisable value."""
        _key("slot", slot)
        if lesson is not None:
            _key("lesson", lesson)
        try:
            text = json.dumps(data, sort_keys=True, allow_nan=False)
        except (TypeError, ValueError) as error:
            raise ProgressError(f"a saved game must be JSON data: {error}") from None
        with self._transaction(write=True) as conn:
            conn.execute(
                "INSERT OR REPLACE INTO games (slot, lesson, data, updated) VALUES (?, ?, ?, ?)",
                (slot, lesson, text, _now()),
            )

    def load_game(self, slot: str) -> Any:
        """The data saved in ``slot``, or None when the slot is empty."""
        _key("slot", slot)
        with self._transaction() as conn:
            row = conn.execute("SELECT data FROM games WHERE slot = ?", (slot,)).fetchone()
        if row is None:
            return None
        try:
            return json.loads(row[0])
        except (ValueError, RecursionError):
            raise DamagedGameError(f"the game saved in slot {slot!r} is damaged (not JSON)") from None

    def set_aside(self, slot: str) -> str | None:
        """Move the game saved in ``slot`` aside (a damaged or tampered one), so the slot is free and
        nothing overwrites it: the slot it now has, named ``SLOT.set-aside-DATE``, or None when ``slot`` was empty.

        >>> import tempfile
        >>> store = ProgressStore(Path(tempfile.mkdtemp()) / "progress.sqlite3")
        >>> store.save_game("play", {"options": {"_esm": "alert(1)"}}, "12_play")
        >>> aside = store.set_aside("play"); aside.startswith("play.set-aside-"), store.load_game("play")
        (True, None)
        >>> store.load_game(aside)
        {'options': {'_esm': 'alert(1)'}}
        """
        _key("slot", slot)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S.%f")
        aside = f"{slot[:MAX_KEY - 40]}.set-aside-{stamp}"
        with self._transaction(write=True) as conn:
            moved = conn.execute("UPDATE games SET slot = ? WHERE slot = ?", (aside, slot)).rowcount
        return aside if moved else None

    def games(self) -> list[SavedGame]:
        """Every saved game, the most recently saved first."""
        with self._transaction() as conn:
            rows = conn.execute("SELECT slot, lesson, updated FROM games ORDER BY updated DESC, slot").fetchall()
        return [SavedGame(*row) for row in rows]

    def delete_game(self, slot: str) -> bool:
        """Empty ``slot``; whether there was a game in it."""
        _key("slot", slot)
        with self._transaction(write=True) as conn:
            return conn.execute("DELETE FROM games WHERE slot = ?", (slot,)).rowcount > 0

    # -- house rulesets -------------------------------------------------------------
    def save_ruleset(self, rules: Rules) -> None:
        """Keep a host's ruleset under its name (replacing one of the same name).

        The name must be the host's own, not a preset's (the chooser offers the presets already).
        """
        from buraco_learn.house_rules import HouseRulesError, check_name, dumps
        from buraco_learn.presets import PRESET_NAMES
        from buraco_learn.rules import Rules

        if not isinstance(rules, Rules):
            raise ProgressError(f"a saved ruleset must be a Rules value, not {type(rules).__name__}")
        try:
            name = check_name(rules.name)
        except HouseRulesError as error:
            raise ProgressError(error.words) from None
        if name != rules.name or name.casefold() in {preset.casefold() for preset in PRESET_NAMES}:
            raise ProgressError(f"give the ruleset a name of its own, not {rules.name[:60]!r}: the presets are offered already")
        with self._transaction(write=True) as conn:
            known = conn.execute("SELECT 1 FROM rulesets WHERE name = ?", (name,)).fetchone() is not None
            count = conn.execute("SELECT COUNT(*) FROM rulesets").fetchone()[0]
            if not known and count >= MAX_RULESETS:
                raise ProgressError(f"{MAX_RULESETS} rulesets are kept already: delete one first")
            conn.execute("INSERT OR REPLACE INTO rulesets (name, data, updated) VALUES (?, ?, ?)",
                         (name, dumps(rules), _now()))

    def rulesets(self) -> list[SavedRuleset]:
        """Every saved house ruleset, by name (read with :meth:`SavedRuleset.load`, which checks it)."""
        with self._transaction() as conn:
            rows = conn.execute("SELECT name, data, updated FROM rulesets ORDER BY name COLLATE NOCASE, name").fetchall()
        return [SavedRuleset(str(name), str(data), str(updated)) for name, data, updated in rows]

    def ruleset(self, name: str) -> Rules | None:
        """The house ruleset saved as ``name`` (None when there is none); raises
        :class:`~buraco_learn.house_rules.HouseRulesError` naming the option when it no longer validates."""
        _key("ruleset name", name)
        with self._transaction() as conn:
            row = conn.execute("SELECT name, data, updated FROM rulesets WHERE name = ?", (name,)).fetchone()
        return None if row is None else SavedRuleset(str(row[0]), str(row[1]), str(row[2])).load()

    def delete_ruleset(self, name: str) -> bool:
        """Forget the house ruleset ``name``; whether there was one."""
        _key("ruleset name", name)
        with self._transaction(write=True) as conn:
            return conn.execute("DELETE FROM rulesets WHERE name = ?", (name,)).rowcount > 0

    # -- reset ----------------------------------------------------------------------
    def reset(self, lesson: str | None = None) -> None:
        """Forget one lesson (done, stars, quiz scores and the games saved from it), or all progress.

        The host's house rulesets are not progress: they stay (:meth:`delete_ruleset` forgets one)."""
        if lesson is not None:
            _key("lesson", lesson)
        with self._transaction(write=True) as conn:
            if lesson is None:
                for table in ("lessons", "stars", "quizzes", "games"):
                    conn.execute(f"DELETE FROM {table}")
            else:
                for table in ("lessons", "stars", "quizzes", "games"):
                    conn.execute(f"DELETE FROM {table} WHERE lesson = ?", (lesson,))

    # -- the learner's language (a preference, not progress: a reset keeps it) ---------
    def language(self) -> str | None:
        """The language the learner chose (one of :data:`buraco_learn.i18n.LANGUAGES`), or None before any choice."""
        from buraco_learn import i18n

        with self._transaction() as conn:
            row = conn.execute("SELECT value FROM settings WHERE name = 'language'").fetchone()
        return i18n.find(row[0]) if row is not None else None

    def set_language(self, language: str) -> str:
        """Keep ``language`` (``it``, ``pt-BR``, ...) as the learner's choice; the language kept. A language
        buraco-learn does not speak is refused (:class:`ProgressError` naming the choices)."""
        from buraco_learn import i18n

        found = i18n.find(language) if isinstance(language, str) and len(language) <= 40 else None
        if found is None:
            shown = language[:40] if isinstance(language, str) else type(language).__name__
            raise ProgressError(f"unknown language {shown!r}: choose one of {', '.join(i18n.LANGUAGES)}")
        with self._transaction(write=True) as conn:
            conn.execute("INSERT INTO settings (name, value, updated) VALUES ('language', ?, ?) "
                         "ON CONFLICT(name) DO UPDATE SET value = excluded.value, updated = excluded.updated",
                         (found, _now()))
        return found

    # -- several calls, one transaction -----------------------------------------------
    @contextmanager
    def together(self) -> Iterator[ProgressStore]:
        """This store, every call on it inside the ``with`` block made in one write transaction: all of it
        is written, or (on an exception) none of it. A progress file's load uses it
        (:mod:`buraco_learn.app.progressfile`): its progress, saved games and rulesets, or nothing.

        >>> import tempfile
        >>> store = ProgressStore(Path(tempfile.mkdtemp()) / "progress.sqlite3")
        >>> try:
        ...     with store.together() as joined:
        ...         joined.mark_done("cards")
        ...         joined.save_game("", {"seed": 7})
        ... except ProgressError as error:
        ...     print(error)
        a slot must be a non-empty name of at most 120 characters, not ''
        >>> store.is_done("cards")
        False
        """
        import copy

        with self._transaction(write=True) as conn:
            joined = copy.copy(self)

            @contextmanager
            def same(write: bool = False) -> Iterator[sqlite3.Connection]:
                yield conn  # the outer transaction commits, or rolls back on an exception

            joined._transaction = same  # type: ignore[method-assign]
            yield joined
