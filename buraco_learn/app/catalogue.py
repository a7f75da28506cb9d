"""The lesson catalogue: the numbered notebooks in the lessons directory and what they teach.

Each lesson is a notebook ``NN_slug.ipynb`` whose metadata holds a ``buraco_lesson``
entry: its ``number``, a stable ``id`` (the key of its progress, which survives a
renamed file), a ``title``, a one-line ``goal``, a ``status`` (``ready``, or
``outline`` while its interactive part is still to come) and the ``track`` it belongs
to (:data:`TRACKS`: ``beginner`` when absent). The path runs through the tracks in
that order, by number within each: the beginner path on Italian Burraco (lessons 1 to 9,
then 12), strategy, the other rulesets and variants, and the classroom's pages last.
:func:`discover` lists the lessons in the path's order, so the previous and next links
of a lesson follow the path. ``index.ipynb`` is the
landing page; the :data:`EXTRA_PAGES` (the house rules page) are linked from it but are
not lessons: not numbered, not counted in the beginner path. Pure Python: the server,
the landing page and the tests read it alike.

>>> lessons = discover()
>>> lessons[0].number, lessons[0].id, lessons[0].filename
(1, 'cards', '01_cards_and_deal.ipynb')
>>> sorted(lesson.number for lesson in lessons) == list(range(1, len(lessons) + 1))
True
>>> [lesson.number for lesson in lessons if lesson.track == "beginner"]
[1, 2, 3, 4, 5, 6, 7, 8, 9, 12]
>>> neighbours(12)[0].number, neighbours(9)[1].number
(9, 12)
>>> find("melds").number, find(2).id
(2, 'melds')
>>> previous, following = neighbours("melds")
>>> previous.id, following.id
('cards', 'wild-cards')
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from buraco_learn.errors import BuracoError

LESSONS_ENV: Final = "BURACO_LEARN_LESSONS"
INDEX: Final = "index.ipynb"
#: Where Voila serves a notebook as a page, relative to the server's base URL: ``RENDER + "02_melds.ipynb"``.
RENDER: Final = "voila/render/"
#: The landing page's address, relative to the server's base URL (``/`` redirects there).
LANDING: Final = RENDER + INDEX
#: Pages of the app beside the lessons (file -> title): reachable from the landing page, never a lesson.
EXTRA_PAGES: Final = {"house_rules.ipynb": "House rules"}
METADATA_KEY: Final = "buraco_lesson"
STATUSES: Final = ("ready", "outline")
#: The tracks of the path, in its order (the map shows them so), each with its heading on the map.
TRACKS: Final = {"beginner": "Beginner path", "strategy": "Strategy", "variants": "Rulesets and variants",
                 "classroom": "Classroom"}
#: The tracks a learner is sent through, in order ("what to do next"); the classroom's lesson is a teacher's to run.
PATH_TRACKS: Final = ("beginner", "strategy", "variants")
DEFAULT_TRACK: Final = "beginner"
_FILENAME: Final = re.compile(r"^(\d{2})_[a-z0-9_]+\.ipynb$")
_ID: Final = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class CatalogueError(BuracoError):
    """The lessons directory is missing, or a lesson notebook's metadata is wrong."""


@dataclass(frozen=True)
class LessonInfo:
    """One lesson notebook, as the landing page lists it."""

    number: int
    id: str
    title: str
    goal: str
    status: str
    path: Path
    track: str = DEFAULT_TRACK

    @property
    def filename(self) -> str:
        return self.path.name

    @property
    def ready(self) -> bool:
        """Whether the lesson has its interactive part (``outline`` lessons do not yet)."""
        return self.status == "ready"

    @property
    def track_title(self) -> str:
        """The track's heading on the map: ``"Beginner path"``."""
        return TRACKS[self.track]

    @property
    def label(self) -> str:
        """``"2 · Melds: sets and runs"``."""
        return f"{self.number} · {self.title}"


def packaged_lessons_dir() -> Path:
    """Where an installed wheel keeps the lessons: ``buraco_learn/lessons/`` inside the package."""
    return Path(__file__).resolve().parent.parent / "lessons"


def repository_lessons_dir() -> Path:
    """Where a checkout of the repository keeps them: ``lessons/`` beside the package."""
    return Path(__file__).resolve().parent.parent.parent / "lessons"


def lessons_dir() -> Path:
    """The lessons directory: ``$BURACO_LEARN_LESSONS``, else the wheel's, else the repository's,
    else the working directory when it holds the lessons (a kernel starts in its notebook's directory)."""
    override = os.environ.get(LESSONS_ENV, "").strip()
    if override:
        path = Path(override).expanduser()
        if not path.is_dir():
            raise CatalogueError(f"{LESSONS_ENV} names {override!r}, which is not a directory")
        return path.resolve()
    for path in (packaged_lessons_dir(), repository_lessons_dir(), Path.cwd()):
        if (path / INDEX).is_file() and any(path.glob("[0-9][0-9]_*.ipynb")):
            return path.resolve()
    raise CatalogueError(
        f"no lessons found: neither {str(packaged_lessons_dir())!r} (an installed wheel) nor "
        f"{str(repository_lessons_dir())!r} (a checkout) holds {INDEX}; set {LESSONS_ENV} to the lessons directory"
    )


def read_metadata(path: Path) -> dict[str, Any]:
    """The notebook-level metadata of the notebook at ``path``."""
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CatalogueError(f"the notebook {path.name!r} cannot be read: {error}") from None
    metadata = notebook.get("metadata") if isinstance(notebook, dict) else None
    if not isinstance(metadata, dict):
        raise CatalogueError(f"the notebook {path.name!r} has no metadata")
    return metadata


def lesson_info(path: Path) -> LessonInfo:
    """The catalogue entry of one lesson notebook, checked."""
    match = _FILENAME.match(path.name)
    if not match:
        raise CatalogueError(f"{path.name!r} is not a lesson file name: write NN_words.ipynb, e.g. 02_melds.ipynb")
    entry = read_metadata(path).get(METADATA_KEY)
    if not isinstance(entry, dict):
        raise CatalogueError(f"the lesson {path.name!r} has no {METADATA_KEY!r} entry in its notebook metadata")
    missing = [key for key in ("number", "id", "title", "goal") if key not in entry]
    if missing:
        raise CatalogueError(f"the lesson {path.name!r} metadata lacks {', '.join(missing)}")
    number, lesson_id, status = entry["number"], entry["id"], entry.get("status", "ready")
    track = entry.get("track", DEFAULT_TRACK)
    if number != int(match.group(1)):
        raise CatalogueError(f"the lesson {path.name!r} says it is number {number!r}, but its file name says {int(match.group(1))}")
    if not isinstance(lesson_id, str) or not _ID.match(lesson_id):
        raise CatalogueError(f"the lesson {path.name!r} has id {lesson_id!r}: use lower-case words joined by '-'")
    if status not in STATUSES:
        raise CatalogueError(f"the lesson {path.name!r} has status {status!r}: choose one of {', '.join(STATUSES)}")
    if not isinstance(track, str) or track not in TRACKS:
        raise CatalogueError(f"the lesson {path.name!r} has track {track!r}: choose one of {', '.join(TRACKS)}")
    for key in ("title", "goal"):
        if not isinstance(entry[key], str) or not entry[key].strip():
            raise CatalogueError(f"the lesson {path.name!r} has an empty {key}")
    return LessonInfo(number, lesson_id, entry["title"].strip(), entry["goal"].strip(), status, path, track)


def discover(directory: Path | str | None = None) -> list[LessonInfo]:
    """Every lesson in ``directory`` (default :func:`lessons_dir`) in the path's order (:func:`path_order`);
    checks numbers and ids are unique."""
    root = Path(directory) if directory is not None else lessons_dir()
    if not root.is_dir():
        raise CatalogueError(f"the lessons directory {str(root)!r} does not exist")
    lessons = [lesson_info(path) for path in sorted(root.glob("[0-9][0-9]_*.ipynb"))]
    for attribute in ("number", "id"):
        seen: dict[object, str] = {}
        for lesson in lessons:
            value = getattr(lesson, attribute)
            if value in seen:
                raise CatalogueError(f"the lessons {seen[value]!r} and {lesson.filename!r} have the same {attribute} {value!r}")
            seen[value] = lesson.filename
    return path_order(lessons)


def path_order(lessons: Iterable[LessonInfo]) -> list[LessonInfo]:
    """The lessons in the path's order: track by track (:data:`TRACKS`), by number within a track."""
    tracks = list(TRACKS)
    return sorted(lessons, key=lambda lesson: (tracks.index(lesson.track), lesson.number))


def find(lesson: str | int, directory: Path | str | None = None) -> LessonInfo:
    """The lesson with this id, number (``2`` or ``"2"``) or file name; raises naming the choices."""
    lessons = discover(directory)
    key = str(lesson).strip()
    for info in lessons:
        number = key.isascii() and key.isdigit() and len(key) <= 4  # not '²', not 5,000 digits
        if key in (info.id, info.filename, info.path.stem) or (number and int(key) == info.number):
            return info
    choices = ", ".join(f"{info.number} ({info.id})" for info in lessons)
    shown = lesson if len(str(lesson)) <= 40 else f"{str(lesson)[:40]}…"
    raise CatalogueError(f"there is no lesson {shown!r}: choose one of {choices}")


def neighbours(lesson: str | int, directory: Path | str | None = None) -> tuple[LessonInfo | None, LessonInfo | None]:
    """The lessons before and after ``lesson`` on the path (None at either end)."""
    lessons = discover(directory)
    here = find(lesson, directory)
    index = [info.id for info in lessons].index(here.id)
    before = lessons[index - 1] if index > 0 else None
    after = lessons[index + 1] if index + 1 < len(lessons) else None
    return before, after
