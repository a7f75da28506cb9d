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

A lesson in another language (:data:`buraco_learn.i18n.LANGUAGES`) is a translated copy of
its notebook, of the same file name, in the folder of that language: ``it/02_melds.ipynb``,
``pt_BR/index.ipynb``. A teacher edits the copy as the English one: the same code cells and
tasks, its own words. Its metadata is the English notebook's (the title and goal of every
lesson are translated in the message catalogue, so the map is in the learner's language
even where a lesson's copy is still to be written). :func:`discover` in a language lists
each lesson's copy in that language where there is one, else the English notebook
(``language`` says which), each with the link to it from a page of that language (``href``).

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

from buraco_learn import i18n
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
TRACKS: Final = {"beginner": i18n.N_("Beginner path"), "strategy": i18n.N_("Strategy"),
                 "variants": i18n.N_("Rulesets and variants"), "classroom": i18n.N_("Classroom")}
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
    #: the language of the lesson's notebook (``"en"``: the English one)
    language: str = "en"
    #: the link to the notebook from a page of the language it was listed in (``"../02_melds.ipynb"``)
    href: str = ""

    @property
    def filename(self) -> str:
        return self.path.name

    @property
    def root(self) -> Path:
        """The lessons directory (the English notebooks, the ``tasks`` folder), whichever copy this is."""
        return self.path.parent if self.language == "en" else self.path.parent.parent

    @property
    def link(self) -> str:
        """Where a page links to it: :attr:`href`, else its file name (a page of its own folder)."""
        return self.href or self.path.name

    @property
    def ready(self) -> bool:
        """Whether the lesson has its interactive part (``outline`` lessons do not yet)."""
        return self.status == "ready"

    @property
    def track_title(self) -> str:
        """The track's heading on the map, in the current language: ``"Beginner path"``."""
        return i18n._(TRACKS[self.track])

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


def language_dir(root: Path, language: str) -> Path:
    """The folder of the lessons' copies in ``language`` (``root`` itself for English)."""
    return root if language == "en" else root / language


def page_language(path: Path) -> str:
    """The language of the page at ``path``: the name of its folder when that is a language, else English."""
    return path.parent.name if path.parent.name in i18n.LANGUAGES[1:] else "en"


def counterpart(page: Path, language: str) -> str:
    """The link, from the page at ``page`` (a lesson, or a language's ``index.ipynb``), to the same page in
    ``language``: its copy there, else that language's landing page, else the English page.

    >>> root = lessons_dir()
    >>> counterpart(root / "02_melds.ipynb", "en"), counterpart(root / "it" / "index.ipynb", "en")
    ('02_melds.ipynb', '../index.ipynb')
    >>> counterpart(root / "index.ipynb", "it"), counterpart(root / "it" / "index.ipynb", "pt_BR")
    ('it/index.ipynb', '../pt_BR/index.ipynb')
    """
    here = page_language(page)
    root = page.parent.parent if here != "en" else page.parent
    up = "../" if here != "en" else ""
    if language == "en":
        return up + page.name
    for name in (page.name, INDEX):
        if (language_dir(root, language) / name).is_file():
            return ("" if here == language else f"{up}{language}/") + name
    return up + page.name


def translated(info: LessonInfo, language: str) -> LessonInfo:
    """``info`` as a page in ``language`` lists it: its copy in that language if there is one (else the English
    notebook), its title and goal in that language, and the link to it from that language's folder."""
    root = info.path.parent
    copy = language_dir(root, language) / info.path.name
    path, notebook_language = (copy, language) if language != "en" and copy.is_file() else (info.path, "en")
    if language == "en":
        href = info.path.name
    else:
        href = info.path.name if notebook_language == language else f"../{info.path.name}"
    with i18n.use(language):
        title, goal = i18n._(info.title), i18n._(info.goal)
    return LessonInfo(info.number, info.id, title, goal, info.status, path, info.track, notebook_language, href)


def discover(directory: Path | str | None = None, language: str | None = None) -> list[LessonInfo]:
    """Every lesson in ``directory`` (default :func:`lessons_dir`) in the path's order (:func:`path_order`);
    checks numbers and ids are unique. In ``language`` (default: the current one, :func:`buraco_learn.i18n.language`),
    each lesson's copy in that language where there is one (:func:`translated`)."""
    root = Path(directory) if directory is not None else lessons_dir()
    if not root.is_dir():
        raise CatalogueError(f"the lessons directory {str(root)!r} does not exist")
    language = i18n.language() if language is None else i18n.resolve(language)
    lessons = [lesson_info(path) for path in sorted(root.glob("[0-9][0-9]_*.ipynb"))]
    if language != "en":
        lessons = [translated(lesson, language) for lesson in lessons]
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
