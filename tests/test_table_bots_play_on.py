"""Every lesson's card table plays on: once the learner ends a turn, the bots' turns run on the
event loop at the pace chosen and the turn comes back, without "Play on now".

Each table the lessons build (found in the notebooks themselves) is driven as a kernel drives
it: the widget is made inside a running asyncio loop (as a cell runs), the learner's actions
arrive through the widget's message handler as the browser's intents, the pace is chosen by a
browser update of ``pace``, and nothing else runs the bots. After each turn the learner ends,
the turn must come back within the pace times the bots' actions plus one second.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from buraco_learn.app import taskdata
from buraco_learn.app.catalogue import discover
from buraco_learn.app.exercises import GameRoom, TableExercise
from buraco_learn.bots import make_bot
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.ui import CardTable

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
#: What a lesson's code may build that is a card table, and how this test recognises it.
_TABLES = {
    "room": re.compile(r"GameRoom\("),
    "table": re.compile(r"CardTable\("),
}
_SHOW = re.compile(r"lesson\.show\(\"([\w-]+)\"\)")
#: The kinds of task block (lessons/tasks/*.toml) that put a card table on the page, as this test names them.
_BLOCK_TABLES = {"table": "exercise", "game": "room"}
LESSON_IDS = {lesson.filename: lesson.id for lesson in discover(LESSONS)}
#: The card-table exercises the lessons declare, by their key.
EXERCISES = {block.build().key: block.build() for lesson in LESSON_IDS.values()
             for block in taskdata.load(lesson, LESSONS).values() if block.kind == "table"}
#: The learner's first turn for each exercise: the task done (the lessons' checks play the same).
SOLUTIONS = {
    "turn": ("take", "meld QS QD QC", "add m1 8H 9H", "discard 5C"),
    "burraco": ("add m1 8H 9H", "discard KD"),
    "pot": ("meld 5H 6H 7H", "meld 9C 9D 9S", "pot", "discard ?"),  # ?: the first card of the pot
    "close": ("add m1 9H", "add m2 2C", "close 5D"),
}
PACE = 0.1  # seconds between the bots' actions, as the learner may choose it
TURNS = 3  # the learner's turns played at each table


def lesson_tables() -> list[tuple[str, str, str]]:
    """(notebook, kind, key) for every card table a lesson builds."""
    found = []
    for notebook in sorted(LESSONS.glob("*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            if "kit.checking()" in source:
                continue  # the checks reuse the tables made above
            for kind, pattern in _TABLES.items():
                for match in pattern.finditer(source):
                    found.append((notebook.name, kind, match.group(1) if match.groups() else ""))
            blocks = taskdata.load(LESSON_IDS[notebook.name], LESSONS) if notebook.name in LESSON_IDS else {}
            for match in _SHOW.finditer(source):  # a task block the lesson declares
                block = blocks[match.group(1)]
                if block.kind in _BLOCK_TABLES:
                    kind = _BLOCK_TABLES[block.kind]
                    found.append((notebook.name, kind, block.build().key if kind == "exercise" else ""))
    return found


TABLES = lesson_tables()


def test_the_lessons_tables_are_all_found() -> None:
    kinds = {(name[:2], kind, key) for name, kind, key in TABLES}
    assert {("05", "exercise", "turn"), ("06", "exercise", "burraco"), ("07", "exercise", "pot"),
            ("08", "exercise", "close"), ("12", "room", "")} <= kinds
    assert all(kind != "table" for _, kind, _ in TABLES), "a lesson builds a CardTable directly: drive it here too"
    assert {key for _, kind, key in TABLES if kind == "exercise"} <= set(SOLUTIONS)


# -- the learner, as the browser sends it ------------------------------------------------------
def message(table: CardTable, content: dict[str, Any]) -> None:
    table._handle_custom_msg(content, [])


def intent_for(table: CardTable, action: Action) -> dict[str, Any]:
    """The browser's message for ``action``: cards named by the ids the table sent."""
    free: dict[str, list[str]] = {}
    for card in table.table["hand"]:
        free.setdefault(card["notation"], []).append(card["id"])

    def ids(cards: Any) -> list[str]:
        return [free[card.notation()].pop(0) for card in cards]

    kind = action.kind
    if kind in (A.DRAW, A.REDRAW, A.POT):
        return {"intent": kind}
    if kind == A.TAKE:
        return {"intent": "take", **({"depth": action.target} if action.target is not None else {})}
    if kind == A.MELD:
        return {"intent": "meld", "groups": [ids(group) for group in action.groups]}
    if kind == A.ADD:
        return {"intent": "add", "meld": action.target, "cards": ids(action.cards)}
    if kind == A.SWAP:
        return {"intent": "swap", "meld": action.target, "card": ids(action.cards)[0]}
    if kind == A.CLOSE and not action.cards:
        return {"intent": "close"}
    return {"intent": kind, "card": ids(action.cards)[0]}


async def turn_comes_back(table: CardTable, pace: float, what: str) -> float:
    """Wait, as the kernel would (its loop running), until it is the learner's turn or the hand is
    over; check the time against the pace. Returns the seconds waited."""
    loop = asyncio.get_running_loop()
    game = table.game
    start, before = loop.time(), len(game.log)
    deadline = start + pace * 400 + 5  # only so that a stall fails instead of hanging
    while game.bots_to_move:
        assert table.table["controls"]["hurry"] and "is playing…" in table.table["status"], what
        assert loop.time() < deadline, f"{what}: the bots stalled ({table.table['status']})"
        await asyncio.sleep(0.005)
    waited = loop.time() - start
    actions = len(game.log) - before
    assert waited <= pace * actions + 1.0, f"{what}: {actions} bot actions took {waited:.2f} s at a pace of {pace} s"
    assert table.error == "", f"{what}: {table.error}"
    assert game.learner_turn or game.state.over
    assert table.table["your_turn"] == game.learner_turn and "is playing…" not in table.table["status"], what
    return waited


async def play_turn(table: CardTable, choose: Callable[[], Action], what: str) -> None:
    """The learner plays one whole turn through the message handler; the bots must not move meanwhile."""
    while table.game.learner_turn:
        action = choose()
        message(table, intent_for(table, action))
        assert table.error == "", f"{what}: {action.notation()} refused: {table.error}"
        if action.kind in (A.DISCARD, A.CLOSE):
            break


def learner_bot(table: CardTable) -> Callable[[], Action]:
    bot = make_bot("beginner", table.rules, seed=7)
    return lambda: bot.act(table.game.view())


async def drive_exercise(key: str, pace: float) -> list[float]:
    exercise = TableExercise(EXERCISES[key])  # as the lesson's cell builds it
    table = exercise.table
    table.set_state({"pace": pace})  # the learner's choice of speed
    assert table.pace == pace and exercise.autoplay
    solution = iter(SOLUTIONS[key])

    def step() -> Action:
        text = next(solution)
        return Action.discard(table.state.hand_cards(0)[0]) if text == "discard ?" else Action.parse(text)

    waits = []
    await play_turn(table, step, f"{key}: the task")
    assert all(met for _, met in exercise.goals()), exercise.goals()
    assert "every goal met" in table.notice and "next lesson" in table.notice and table.table["notice"] == table.notice
    assert table.table["status"].startswith(table.notice)
    waits.append(await turn_comes_back(table, pace, f"{key}: after the task"))
    assert "Well done" in exercise.status.value and "Task done: every goal met." in table.table["status"]
    choose = learner_bot(table)
    for turn in range(TURNS - 1):
        if table.state.over:
            break
        await play_turn(table, choose, f"{key}: turn {turn + 2}")
        waits.append(await turn_comes_back(table, pace, f"{key}: after turn {turn + 2}"))
        assert all(met for _, met in exercise.goals()), "the goals are the first turn's, whatever follows"
    exercise.restart()  # Start again: a fresh position, the learner's pace kept
    assert exercise.table.pace == pace and exercise.table.notice == "" and not exercise.table.game.log
    exercise.table.close()
    return waits


async def drive_room(pace: float) -> list[float]:
    room = GameRoom()
    table = room.new_game(seed=5)  # the bots may have the first turn: they start at once
    table.set_state({"pace": pace, "comments": False})
    waits = [await turn_comes_back(table, table.pace, "lesson 12: the first turn")]
    choose = learner_bot(table)
    for turn in range(TURNS):
        if table.state.over:
            message(table, {"intent": "next_hand"})
        await play_turn(table, choose, f"lesson 12: turn {turn + 1}")
        waits.append(await turn_comes_back(table, pace, f"lesson 12: after turn {turn + 1}"))
    table.close()
    return waits


def cases() -> Iterator[Any]:
    for notebook, kind, key in TABLES:
        if kind != "table":
            yield pytest.param(kind, key, id=f"{notebook[:2]}-{key or kind}")


@pytest.mark.parametrize(("kind", "key"), list(cases()))
def test_the_bots_play_on_and_the_turn_comes_back(kind: str, key: str) -> None:
    async def main() -> list[float]:
        return await (drive_exercise(key, PACE) if kind == "exercise" else drive_room(PACE))

    waits = asyncio.run(main())
    assert waits


def test_at_the_default_pace_lesson_5_gives_the_turn_back_after_the_task() -> None:
    """The stall as reported: lesson 5, the task done and the discard made, the pace untouched."""
    async def main() -> None:
        exercise = TableExercise(EXERCISES["turn"])
        table = exercise.table
        for action in SOLUTIONS["turn"]:  # the lesson's task, as the browser sends it
            message(table, intent_for(table, Action.parse(action)))
        assert table.pace == 0.8 and table.game.bots_to_move and table.table["status"].endswith("East is playing…")
        await turn_comes_back(table, table.pace, "lesson 5 at the default pace")
        assert table.table["status"].endswith("Your turn: draw from the stock or take the discard pile.")
        table.close()

    asyncio.run(main())


def test_playing_the_same_position_again_starts_the_task_again() -> None:
    exercise = TableExercise(EXERCISES["close"], autoplay=False)
    table = exercise.table
    for action in SOLUTIONS["close"]:
        message(table, intent_for(table, Action.parse(action)))
    assert table.state.over and "every goal met" in table.notice and "Well done" in exercise.status.value
    message(table, {"intent": "replay"})  # "Play the same deal again" on the result panel
    assert not table.state.history and table.notice == "" and "Well done" not in exercise.status.value
    assert not any(met for _, met in exercise.goals())
