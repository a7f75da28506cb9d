"""Lesson 12's "hands won" counts each hand of the match once (issue 16, item 7).

A replay of the same deal ("Play the same deal again", after "Replay the hand face up")
does not count, nor does a finished hand counted before and resumed from the save slot;
the next hand of the match counts again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from buraco_learn.app.exercises import GameRoom
from buraco_learn.app.lessonkit import Page
from buraco_learn.app.progress import ProgressStore
from buraco_learn.bots import make_bot
from buraco_learn.ui import CardTable


def message(widget: Any, content: Any) -> None:
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def play_out(table: CardTable) -> None:
    """The learner plays like a random bot; the bots' turns are played at once."""
    learner = make_bot("random", table.rules, seed=3)
    table.autoplay = False
    table.advance()
    while not table.state.over:
        if table.game.learner_turn:
            table.play(learner.act(table.game.view()))
        else:
            table.advance()


def attempts(store: ProgressStore) -> int:
    quiz = store.lesson("play").quizzes.get("hands won")
    return 0 if quiz is None else quiz.attempts


def test_a_replayed_deal_and_a_resumed_hand_do_not_count_toward_hands_won(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "progress.sqlite3")
    room = GameRoom(Page("play", store=store), pace=0)
    table = room.new_game(seed=5)
    table.set_state({"comments": False})
    play_out(table)
    assert table.game.counted and attempts(store) == 1

    assert room.show_replay() is not None  # "Replay the hand face up"
    message(table, {"intent": "replay"})  # "Play the same deal again"
    assert table.error == "" and not table.game.counted
    play_out(table)
    assert table.state.over and attempts(store) == 1, "a replay of the same deal counted"

    resumed = room.resume()  # the saved game: the replay, over
    assert resumed is not None and resumed.state.over and attempts(store) == 1
    message(resumed, {"intent": "next_hand"})
    assert resumed.error == "" and resumed.game.counted
    play_out(resumed)
    assert attempts(store) == 2, "the next hand of the match counts"

    again = room.resume()  # that hand, finished and counted, resumed
    assert again is not None and again.state.over and again.game.counted and attempts(store) == 2
    again.close()
