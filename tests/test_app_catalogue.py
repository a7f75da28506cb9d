"""The lesson catalogue and the lesson notebooks themselves: numbering, metadata, what each must hold."""

from __future__ import annotations

import html
import json
import shutil
from pathlib import Path

import pytest

from buraco_learn.app import catalogue, taskdata
from buraco_learn.app.catalogue import (
    INDEX,
    LESSONS_ENV,
    TRACKS,
    CatalogueError,
    LessonInfo,
    discover,
    find,
    lessons_dir,
    neighbours,
    path_order,
    repository_lessons_dir,
)

LESSONS = repository_lessons_dir()
ISSUE_6_LESSONS = 12  # the first twelve; later issues add more (their count is the catalogue's)
READY = set(range(1, ISSUE_6_LESSONS + 1))  # each of them has its interactive part
WORKED_EXAMPLES = set(range(1, ISSUE_6_LESSONS + 1))  # every lesson replays a worked example on the table
CHECKS = Path(__file__).parent / "lesson_checks"  # each page's checks, run at its end under nbval


def notebook(path: Path) -> dict:  # type: ignore[type-arg]
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def code_sources(path: Path) -> list[str]:
    return ["".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            for cell in notebook(path)["cells"] if cell["cell_type"] == "code"]


def markdown_sources(path: Path) -> list[str]:
    return ["".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            for cell in notebook(path)["cells"] if cell["cell_type"] == "markdown"]


def write_lesson(directory: Path, name: str, entry: object) -> Path:
    path = directory / name
    path.write_text(json.dumps({"cells": [], "metadata": {"buraco_lesson": entry}, "nbformat": 4, "nbformat_minor": 5}))
    return path


def entry(number: int, lesson_id: str, **extra: object) -> dict:  # type: ignore[type-arg]
    return {"number": number, "id": lesson_id, "title": f"Title {number}", "goal": f"Goal {number}.", **extra}


# -- the real lessons ----------------------------------------------------------------------
def test_the_lessons_are_numbered_in_order_from_the_twelve_of_issue_6() -> None:
    lessons = discover(LESSONS)
    assert sorted(lesson.number for lesson in lessons) == list(range(1, len(lessons) + 1)) and len(lessons) >= ISSUE_6_LESSONS
    assert len({lesson.id for lesson in lessons}) == len(lessons)
    assert {lesson.number for lesson in lessons if lesson.ready} >= READY
    assert (LESSONS / INDEX).is_file()


def test_the_lessons_directory_holds_notebooks_and_their_task_files_only() -> None:
    """And a folder per language for the pages' copies (``it/``, ``pt_BR/``), holding notebooks of English pages only."""
    from buraco_learn.i18n import LANGUAGES

    assert all((path.suffix == ".ipynb" and path.is_file()) or path.name == taskdata.TASKS_FOLDER
               or (path.is_dir() and path.name in LANGUAGES[1:]) for path in LESSONS.iterdir())
    for language in LANGUAGES[1:]:
        folder = LESSONS / language
        copies = list(folder.iterdir()) if folder.is_dir() else []
        assert all(path.suffix == ".ipynb" and (LESSONS / path.name).is_file() for path in copies), sorted(copies)
    tasks = LESSONS / taskdata.TASKS_FOLDER
    ids = {lesson.id for lesson in discover(LESSONS)}
    assert all(path.suffix == ".toml" and path.stem in ids for path in tasks.iterdir()), sorted(tasks.iterdir())


@pytest.mark.parametrize("lesson", discover(LESSONS), ids=lambda lesson: lesson.filename)
def test_each_lesson_states_its_goal_in_the_text_and_the_metadata(lesson: LessonInfo) -> None:
    first = markdown_sources(lesson.path)[0]
    assert first.startswith(f"# Lesson {lesson.number} · {lesson.title}\n")
    assert f"**Goal:** {lesson.goal}" in first
    meta = notebook(lesson.path)["metadata"]
    assert meta["title"].startswith(lesson.label)
    assert meta["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize("lesson", discover(LESSONS), ids=lambda lesson: lesson.filename)
def test_each_lesson_has_navigation_and_ready_ones_record_progress(lesson: LessonInfo) -> None:
    sources = code_sources(lesson.path)
    assert sources[0].startswith("# NBVAL_CHECK_OUTPUT") and f'lesson = begin("{lesson.id}")' in sources[0]  # the nav at the top
    assert sources[-1].startswith("lesson.end()")  # the done button and the nav at the bottom
    if lesson.ready:
        blocks = taskdata.load(lesson.id, LESSONS)
        assert blocks and all(sum(f'lesson.show("{name}")' in source for source in sources) == 1 for name in blocks)
        assert "assert " in (CHECKS / f"{lesson.id}.py").read_text(encoding="utf-8")
        if lesson.number in WORKED_EXAMPLES:
            assert any("Replayer(" in source or "bot_hand_replayer(" in source for source in sources), lesson.filename
    else:
        text = "\n".join(markdown_sources(lesson.path))
        assert "Coming soon: the interactive part" in text
        assert not any("lesson.show(" in source for source in sources)


def test_the_beginner_path_has_no_ruleset_choice_and_a_choice_elsewhere_offers_every_preset() -> None:
    """Issue 14: lessons 1 to 9 and 12 teach Italian Burraco (002) alone; the other rulesets are the variants track's."""
    offered = []
    for lesson in discover(LESSONS):
        sources = "".join(code_sources(lesson.path))
        follows = [block.name for block in taskdata.load(lesson.id, LESSONS).values() if block.get("follows_chooser", False)]
        if lesson.track == "beginner":
            assert "RulesetChooser" not in sources and "lesson.chooser" not in sources and not follows, lesson.filename
        elif "lesson.chooser.widget" in sources:  # the page's chooser (Lesson.chooser), every preset
            offered.append(lesson.number)
        else:
            assert not follows, lesson.filename  # a quiz that follows a chooser the page does not show
    assert 11 in offered  # the classroom's quiz: a teacher picks the class's ruleset


def test_lessons_5_to_9_have_an_exercise_on_the_card_table_or_the_score_sheet() -> None:
    for lesson in discover(LESSONS):
        if 5 <= lesson.number <= 9:
            kinds = {block.kind for block in taskdata.load(lesson.id, LESSONS).values()}
            assert kinds & {"table", "scoring"}, lesson.filename


def test_no_cell_carries_stored_widget_state_or_stray_outputs() -> None:
    for path in sorted(LESSONS.glob("*.ipynb")):
        nb = notebook(path)
        assert "widgets" not in nb["metadata"], path.name
        for cell in nb["cells"]:
            if cell["cell_type"] == "code" and not "".join(cell["source"]).startswith("# NBVAL_CHECK_OUTPUT"):
                assert cell["outputs"] == [], f"{path.name}: outputs stored in a cell nbval does not compare"


# -- lookup -----------------------------------------------------------------------------------
def test_find_by_id_number_or_file_name() -> None:
    melds = find("melds", LESSONS)
    assert find(2, LESSONS) == find("2", LESSONS) == find("02_melds.ipynb", LESSONS) == find("02_melds", LESSONS) == melds
    with pytest.raises(CatalogueError, match=r"no lesson 'canasta': choose one of 1 \(cards\)"):
        find("canasta", LESSONS)
    with pytest.raises(CatalogueError, match="no lesson 99"):
        find(99, LESSONS)


def test_neighbours_at_the_ends() -> None:
    first, last = discover(LESSONS)[0], discover(LESSONS)[-1]
    assert neighbours(first.id, LESSONS)[0] is None
    assert neighbours(last.id, LESSONS)[1] is None
    before, after = neighbours(5, LESSONS)
    assert before is not None and after is not None and (before.number, after.number) == (4, 6)


# -- tracks: the beginner path on 002, then strategy, then the rulesets and variants, then the classroom --
def test_the_real_lessons_tracks() -> None:
    lessons = discover(LESSONS)
    tracks = {lesson.number: lesson.track for lesson in lessons}
    assert [number for number, track in tracks.items() if track == "beginner"] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 12]
    assert (tracks[10], tracks[11], tracks[12]) == ("variants", "classroom", "beginner")
    assert [lesson.track for lesson in lessons] == sorted((lesson.track for lesson in lessons), key=list(TRACKS).index)
    before, after = neighbours(12, LESSONS)
    assert before is not None and before.number == 9 and (after is None or after.track != "beginner")
    nine_next = neighbours(9, LESSONS)[1]
    assert nine_next is not None and nine_next.number == 12


def test_a_track_orders_the_path_and_defaults_to_beginner(tmp_path: Path) -> None:
    write_lesson(tmp_path, "01_a.ipynb", entry(1, "a"))
    write_lesson(tmp_path, "02_b.ipynb", entry(2, "b", track="variants"))
    write_lesson(tmp_path, "03_c.ipynb", entry(3, "c", track="classroom"))
    write_lesson(tmp_path, "04_d.ipynb", entry(4, "d", track="strategy"))
    write_lesson(tmp_path, "05_e.ipynb", entry(5, "e", track="beginner"))
    lessons = discover(tmp_path)
    assert [(lesson.id, lesson.track) for lesson in lessons] == [
        ("a", "beginner"), ("e", "beginner"), ("d", "strategy"), ("b", "variants"), ("c", "classroom")]
    assert [lesson.track_title for lesson in lessons[1:3]] == ["Beginner path", "Strategy"]
    assert path_order(reversed(lessons)) == lessons
    before, after = neighbours("e", tmp_path)
    assert before is not None and after is not None and (before.id, after.id) == ("a", "d")
    assert neighbours("c", tmp_path)[1] is None


# -- where the lessons are found ----------------------------------------------------------------
def test_lessons_dir_in_a_checkout_is_the_repository_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LESSONS_ENV, raising=False)
    assert lessons_dir() == LESSONS


def test_an_installed_wheel_keeps_lessons_inside_the_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The wheel ships ``lessons/`` as ``buraco_learn/lessons/`` (pyproject force-include): found first."""
    packaged = tmp_path / "site-packages" / "buraco_learn" / "lessons"
    shutil.copytree(LESSONS, packaged)
    monkeypatch.delenv(LESSONS_ENV, raising=False)
    monkeypatch.setattr(catalogue, "packaged_lessons_dir", lambda: packaged)
    monkeypatch.setattr(catalogue, "repository_lessons_dir", lambda: tmp_path / "nowhere")
    assert lessons_dir() == packaged
    assert [lesson.id for lesson in discover()] == [lesson.id for lesson in discover(LESSONS)]
    monkeypatch.setattr(catalogue, "packaged_lessons_dir", lambda: tmp_path / "missing")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(CatalogueError, match=f"no lessons found.*{LESSONS_ENV}"):
        lessons_dir()
    monkeypatch.chdir(packaged)  # a kernel starts in its notebook's directory (Binder installs no wheel lessons)
    assert lessons_dir() == packaged


def test_the_environment_variable_overrides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_lesson(tmp_path, "01_only.ipynb", entry(1, "only"))
    monkeypatch.setenv(LESSONS_ENV, str(tmp_path))
    assert lessons_dir() == tmp_path.resolve()
    assert [lesson.id for lesson in discover()] == ["only"]
    monkeypatch.setenv(LESSONS_ENV, str(tmp_path / "absent"))
    with pytest.raises(CatalogueError, match="not a directory"):
        lessons_dir()


# -- bad catalogues are reported, naming the file ------------------------------------------------
@pytest.mark.parametrize(
    ("name", "lesson_entry", "message"),
    [
        ("01_a.ipynb", entry(2, "a"), "says it is number 2, but its file name says 1"),
        ("01_a.ipynb", entry(1, "Bad Id"), "has id 'Bad Id'"),
        ("01_a.ipynb", entry(1, "a", status="draft"), "has status 'draft'"),
        ("01_a.ipynb", entry(1, "a", track="advanced"), "has track 'advanced': choose one of beginner, strategy, variants, classroom"),
        ("01_a.ipynb", entry(1, "a", track=["beginner"]), "has track"),
        ("01_a.ipynb", {"number": 1, "id": "a", "title": "T"}, "metadata lacks goal"),
        ("01_a.ipynb", {**entry(1, "a"), "goal": "  "}, "has an empty goal"),
        ("01_a.ipynb", None, "has no 'buraco_lesson' entry"),
    ],
)
def test_bad_lesson_metadata(tmp_path: Path, name: str, lesson_entry: object, message: str) -> None:
    write_lesson(tmp_path, name, lesson_entry)
    with pytest.raises(CatalogueError, match=message) as error:
        discover(tmp_path)
    assert name in str(error.value)


def test_duplicate_ids_and_unreadable_notebooks(tmp_path: Path) -> None:
    write_lesson(tmp_path, "01_a.ipynb", entry(1, "same"))
    write_lesson(tmp_path, "02_b.ipynb", entry(2, "same"))
    with pytest.raises(CatalogueError, match="same id 'same'"):
        discover(tmp_path)
    (tmp_path / "02_b.ipynb").write_text("{not json")
    with pytest.raises(CatalogueError, match=r"'02_b\.ipynb' cannot be read"):
        discover(tmp_path)
    with pytest.raises(CatalogueError, match="does not exist"):
        discover(tmp_path / "absent")


def test_html_in_a_goal_is_escaped_on_the_landing_page(tmp_path: Path) -> None:
    from buraco_learn.app.pages import landing_html

    write_lesson(tmp_path, "01_a.ipynb", {**entry(1, "a"), "goal": "Learn <b>bold</b> & \"quotes\"."})
    page = landing_html(discover(tmp_path), {})
    assert html.escape('Learn <b>bold</b> & "quotes".') in page and "<b>bold</b>" not in page


# -- keeping the notebooks tidy --------------------------------------------------------------
def test_the_stored_notebooks_are_tidy() -> None:
    from buraco_learn.app.notebooks import tidy

    for path in sorted(LESSONS.glob("*.ipynb")):
        stored = notebook(path)
        assert tidy(json.loads(json.dumps(stored))) == stored, f"{path.name}: run python -m buraco_learn.app.notebooks"


def test_refresh_executes_a_lesson_and_keeps_only_the_compared_output(tmp_path: Path) -> None:
    from buraco_learn.app.notebooks import main

    copy = tmp_path / "lessons"
    shutil.copytree(LESSONS, copy)
    lesson = copy / "05_a_turn.ipynb"
    stored = notebook(lesson)
    stored["cells"][1]["outputs"] = []
    lesson.write_text(json.dumps(stored))
    assert main([str(lesson)]) == 0
    refreshed = notebook(lesson)
    assert refreshed == notebook(LESSONS / "05_a_turn.ipynb")
    broken = copy / "12_play_the_coach.ipynb"
    before = broken.read_text()
    data = notebook(broken)
    data["cells"].append({"cell_type": "code", "id": "broken", "source": "1 / 0", "metadata": {}, "outputs": [], "execution_count": None})
    broken.write_text(json.dumps(data))
    assert main([str(broken)]) == 1
    assert "ZeroDivisionError" not in before and json.loads(broken.read_text()) == data  # left untouched



def test_a_page_in_a_language_lists_each_lesson_in_that_language_or_in_english_until_its_copy_exists() -> None:
    """The Italian map's lessons: titles and goals in Italian; each links to its Italian copy, else to the English page."""
    from buraco_learn.app.catalogue import counterpart, page_language

    english = {lesson.id: lesson for lesson in discover(LESSONS, "en")}
    for language in ("it", "pt_BR"):
        for lesson in discover(LESSONS, language):
            copy = LESSONS / language / lesson.filename
            assert lesson.language == (language if copy.is_file() else "en")
            assert lesson.link == (lesson.filename if copy.is_file() else f"../{lesson.filename}")
            assert lesson.title != english[lesson.id].title or lesson.title in ("Bukharo",), lesson.title
            assert lesson.root == LESSONS
            assert page_language(lesson.path) == lesson.language
    index = LESSONS / "it" / INDEX
    assert counterpart(index, "pt_BR") == "../pt_BR/index.ipynb" and counterpart(index, "en") == "../index.ipynb"
    assert counterpart(LESSONS / "02_melds.ipynb", "it") == ("it/02_melds.ipynb" if (LESSONS / "it" / "02_melds.ipynb").is_file()
                                                             else "it/index.ipynb")
