"""The lessons' task files (lessons/tasks/*.toml): every one builds, every block is shown by its lesson,
and a mistake in a file is one clear sentence naming the file, the block and the field."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from buraco_learn.app import taskdata
from buraco_learn.app.catalogue import discover, repository_lessons_dir
from buraco_learn.app.taskdata import TaskDataError, parse_blocks

LESSONS = repository_lessons_dir()
SHOW = re.compile(r"lesson\.show\(\"([\w-]+)\"\)")


def shown_blocks(notebook: Path) -> list[str]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return [name for cell in cells if cell["cell_type"] == "code" for name in SHOW.findall("".join(cell["source"]))]


@pytest.mark.parametrize("lesson", discover(LESSONS), ids=lambda lesson: lesson.id)
def test_every_block_a_lesson_declares_is_built_and_shown_once(lesson) -> None:  # type: ignore[no-untyped-def]
    blocks = taskdata.load(lesson.id, LESSONS)
    for block in blocks.values():
        assert block.build() is not None
    shown = shown_blocks(lesson.path)
    assert sorted(shown) == sorted(blocks), f"{lesson.filename} shows {shown}, its task file declares {list(blocks)}"


def test_every_task_file_belongs_to_a_lesson() -> None:
    ids = {lesson.id for lesson in discover(LESSONS)}
    files = {path.stem for path in (LESSONS / taskdata.TASKS_FOLDER).glob("*.toml")}
    assert files <= ids, f"task files without a lesson: {sorted(files - ids)}"


def test_a_quiz_asks_what_the_engine_answers() -> None:
    from buraco_learn import check_meld, preset

    block = taskdata.load("melds")["check"]
    questions = block.build()
    cards = [entry["meld"] for entry in block.fields["questions"]]
    for question, meld in zip(questions, cards):
        assert question.answer(preset("italian")) == ("Legal" if check_meld(meld, "italian").legal else "Not legal")


def problem(text: str) -> str:
    with pytest.raises(TaskDataError) as caught:
        for block in parse_blocks(text, "tasks/demo.toml").values():
            block.build()
    return str(caught.value)


TABLE = '[t]\nkind = "table"\ntask = "Play."\ngoals = ["turn-ended"]\nposition = { hands = { N = "5H 6H 7H" }, current = "N", phase = "play" }\n'


def test_a_good_table_builds() -> None:
    exercise = parse_blocks(TABLE, "tasks/demo.toml")["t"].build()
    assert exercise.key == "t" and [goal.label for goal in exercise.goals] == ["discard to end the turn"]


@pytest.mark.parametrize(("text", "words"), [
    ("[t\nkind = 1", "tasks/demo.toml: not a TOML file"),
    ('[t]\nkind = "puzzle"\n', "[t]: kind must be one of table, quiz"),
    ("t = 3\n", "'t' must be a block"),
    (TABLE.replace('"turn-ended"', '"fly"'), "[t]: unknown goal 'fly' (known: took-pile"),
    (TABLE.replace("5H 6H 7H", "5H 6X"), "[t]: position, the hand of N: invalid card"),
    (TABLE.replace('{ N = "5H 6H 7H" }', '"taken"'), "[t]: position must be a table with North's hand"),
    (TABLE.replace('phase = "play"', 'phase = "play", pots = "auto"'), "[t]: position: pots must be a list"),
    (TABLE.replace('current = "N"', "current = 3"), "[t]: position: current must be text"),
    (TABLE.replace('task = "Play."\n', ""), "[t]: task is missing"),
    (TABLE + 'colour = "red"\n', "[t]: unknown field 'colour'"),
    (TABLE.replace('goals = ["turn-ended"]', 'goals = "turn-ended"'), "[t]: goals must be a list"),
    (TABLE + 'rules = "klondike"\n', "[t]: rules 'klondike' is no preset"),
    ('[q]\nkind = "quiz"\nquestions = []\n', "[q]: questions is empty"),
    ('[q]\nkind = "quiz"\nquestions = [{ meld = "7H 8X" }]\n', "[q]: question 1:"),
    ('[q]\nkind = "quiz"\nquestions = [{ meld = "7H 8H 9H", burraco = "7H 8H 9H" }]\n', "question 1 must have exactly one of"),
    ('[q]\nkind = "quiz"\nquestions = [{ meld = "7H 8H 9H", colour = 1 }]\n', "question 1: unknown field 'colour'"),
    ('[q]\nkind = "quiz"\nquestions = [{ trial = "x", hand = "5H", action = "fly 5H" }]\n', "[q]: question 1:"),
    ('[q]\nkind = "quiz"\nquestions = [{ trial = "x", hand = "5H 6H", before = ["meld 5H 6H"], action = "discard 5H" }]\n',
     "question 1: the moves before it are refused"),
    ('[q]\nkind = "quiz"\nquestions = [{ trial = "x", hand = "5H", action = "discard 5H", rule = "magic" }]\n',
     "rule 'magic' is not a rule the documents state"),
    ('[q]\nkind = "quiz"\nquestions = [{ number = "?", answer = "luck", choices = [1, 2] }]\n', "answer must be one of deck-size"),
    ('[q]\nkind = "quiz"\nquestions = [{ number = "?", answer = "option", choices = [1, 2] }]\n', "the answer 'option' needs option"),
    ('[q]\nkind = "quiz"\nquestions = [{ number = "?", answer = "deck-size", choices = [108] }]\n', "choices must be two or more"),
    ('[q]\nkind = "quiz"\nquestions = [{ preset = "?", option = "jokers", when = true, among = ["italian", "aberto"] }]\n',
     "must have exactly one answer"),
    ('[c]\nkind = "cards"\nsteps = [{ title = "A set", make = "sets" }]\n', "[c]: step 1: unknown make 'sets'"),
    ('[c]\nkind = "cards"\nsteps = [{ title = "A set" }]\n', "step 1 must have a title and a make"),
    ('[s]\nkind = "strategy"\npositions = [{ key = "k", title = "t" }]\n', "position 1 must have key, title, position"),
    ('recap = ["one line"]\n', "recap must be three lines"),
])
def test_a_mistake_in_a_task_file_is_named(text: str, words: str) -> None:
    message = problem(text)
    assert words in message and "Traceback" not in message, message
    assert message.startswith("tasks/demo.toml"), message


def test_a_lesson_names_a_block_it_does_not_declare() -> None:
    from buraco_learn.app.lesson import Lesson

    with pytest.raises(TaskDataError, match=r"has no block \[flying\] \(it has: turn, discard, check\)"):
        Lesson("turn").show("flying")


def test_the_authoring_page_names_every_kind_goal_maker_and_fact() -> None:
    """docs/authoring.md lists what a task file may name; a name added in code is added there too."""
    from buraco_learn.app.cardsteps import MAKERS
    from buraco_learn.app.positions import COMMENTS, GOALS

    page = (Path(__file__).resolve().parents[1] / "docs" / "authoring.md").read_text(encoding="utf-8")
    names = [*taskdata.KINDS, *taskdata.QUESTION_KINDS, *GOALS, *COMMENTS, *MAKERS, *taskdata.FACTS]
    missing = [name for name in names if f"`{name}`" not in page and f'"{name}"' not in page]
    assert not missing, f"docs/authoring.md does not say what these are: {missing}"


# -- a task file is input: whatever it holds, it builds or gets one sentence, never another error --------
from hypothesis import given, note, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_VALUES = st.recursive(
    st.one_of(st.none().map(lambda _: "taken"), st.booleans(), st.integers(-3, 120),
              st.sampled_from(["", "7H 8H 9H", "KS KD KC", "5H 6X", "JK", "draw", "take", "discard 5H", "meld 5H 6H 7H",
                               "italian", "cutthroat", "set", "turn-ended", "option", "clean_bonus", "N", "NS", "play"])),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(
        ["hands", "melds", "pile", "N", "NS", "meld", "trial", "hand", "action", "title", "make", "number", "answer",
         "choices", "key", "position", "expect", "traps", "why", "phase", "current"]), inner, max_size=4)),
    max_leaves=8)
_FIELDS = ["rules", "key", "task", "goals", "comment", "position", "questions", "steps", "positions", "name", "fresh",
           "seed", "play", "lesson", "clean_word", "title"]


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(taskdata.KINDS), fields=st.dictionaries(st.sampled_from(_FIELDS), _VALUES, max_size=5))
def test_any_block_builds_or_is_named(kind: str, fields: dict[str, object]) -> None:
    block = taskdata.Block("tasks/fuzz.toml", "b", kind, {"kind": kind, **fields})
    try:
        block.build()
    except TaskDataError as error:
        assert str(error).startswith("tasks/fuzz.toml"), error


def _real_blocks() -> list[taskdata.Block]:
    return [block for lesson in discover(LESSONS) for block in taskdata.load(lesson.id, LESSONS).values()]


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_a_real_block_with_one_field_spoiled_builds_or_is_named(data: st.DataObject) -> None:
    """Every lesson's blocks, one field (or one question's, step's or position's field) replaced by anything."""
    block = data.draw(st.sampled_from(_real_blocks()))
    fields = json.loads(json.dumps(dict(block.fields)))
    target = fields
    for key in ("questions", "steps", "positions"):
        if isinstance(fields.get(key), list) and fields[key] and data.draw(st.booleans()):
            target = fields[key][data.draw(st.integers(0, len(fields[key]) - 1))]
    key = data.draw(st.sampled_from([*sorted(target), "extra"]))
    target[key] = data.draw(_VALUES)
    note(f"{block.source} [{block.name}]: {key} = {target[key]!r}")
    spoiled = taskdata.Block("tasks/fuzz.toml", block.name, block.kind, fields)
    try:
        spoiled.build()
    except TaskDataError as error:
        assert str(error).startswith("tasks/fuzz.toml"), error
