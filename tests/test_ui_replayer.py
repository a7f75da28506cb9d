"""The replayer widget, driven by the messages the browser would send."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import buraco_learn.ui.replayer as replayer_module
from buraco_learn import preset
from buraco_learn.cards import card_of_id
from buraco_learn.errors import BuracoError, InvalidRecordError
from buraco_learn.examples import EXAMPLES
from buraco_learn.game.record import selfplay
from buraco_learn.ui import Replayer
from buraco_learn.ui.replay import Script


def update(widget: Any, state: Any) -> None:
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []})


def message(widget: Any, content: Any) -> None:
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def synced(widget: Any) -> dict[str, Any]:
    return json.loads(json.dumps({k: v for k, v in widget.get_state().items() if k not in ("_esm", "_css")}))


def cards_of(frame: dict[str, Any], seat: str) -> list[str]:
    return [card["notation"] for card in next(s for s in frame["seats"] if s["seat"] == seat)["cards"]]


def test_stepping_through_the_pile_example_with_the_browsers_messages() -> None:
    replayer = Replayer("pile-002")
    frame = replayer.frame
    assert frame["step"] == 0 and frame["steps"] == 3 and frame["title"] == "Taking the discard pile (002)"
    assert [card["notation"] for card in frame["pile"]["cards"]] == ["9C", "KH", "5S"]
    assert sorted(cards_of(frame, "N")) == ["7C", "8C", "KD", "KS"]
    assert frame["moved"] == [] and "(002 'Playing a turn')" in frame["caption"]

    message(replayer, {"intent": "forward"})
    frame = replayer.frame
    assert replayer.error == "" and frame["step"] == 1 and frame["pile"]["cards"] == []
    moved = {card["notation"] for card in next(s for s in frame["seats"] if s["seat"] == "N")["cards"] if card["id"] in frame["moved"]}
    assert moved == {"9C", "KH", "5S"}
    assert frame["action"] == "North took the discard pile (3 cards)." and "whole pile" in frame["caption"]

    update(replayer, {"step": 2})  # the arrow key sets the step
    frame = replayer.frame
    assert frame["melds"][0]["melds"][0]["notation"] == "KS KH KD"
    assert sorted(card_of_id(int(key[1:])).notation() for key in frame["moved"]) == ["KD", "KH", "KS"]

    message(replayer, {"intent": "last"})
    assert replayer.step == 3 and [c["notation"] for c in replayer.frame["pile"]["cards"]] == ["7C"]
    message(replayer, {"intent": "forward"})
    assert replayer.error == "This is the last step" and replayer.step == 3
    message(replayer, {"intent": "back"})
    assert replayer.step == 2 and replayer.error == ""
    message(replayer, {"intent": "first"})
    assert replayer.step == 0
    message(replayer, {"intent": "back"})
    assert replayer.error == "This is the starting position"


def test_every_hand_is_face_up_in_an_example() -> None:
    """Teaching material: the omniscient view is appropriate (the docstring says so)."""
    replayer = Replayer("north-closes-002")
    frame = replayer.frame
    assert cards_of(frame, "S") == ["7S", "3D"] and cards_of(frame, "E") == ["KH"] and cards_of(frame, "W") == ["JK"]
    assert "omniscient" in (replayer_module.__doc__ or "")
    assert frame["stock"] > 0 and all(not pot["left"] for pot in frame["pots"])


def test_the_north_closes_example_ends_with_the_score() -> None:
    replayer = Replayer("north-closes-002")
    message(replayer, {"intent": "forward"})
    score = replayer.frame["score"]
    assert [(side["side"], side["total"]) for side in score["sides"]] == [("NS", 410), ("EW", 155)]
    message(replayer, {"intent": "last"})
    assert "410" in replayer.frame["caption"] and replayer.frame["score"]["sides"][0]["total"] == 410


def test_a_refused_step_shows_the_engines_explanation_and_changes_nothing() -> None:
    replayer = Replayer(EXAMPLES["wild-swap-002"])
    before = replayer.frame
    replayer.forward()
    frame = replayer.frame
    assert frame["refusal"].startswith("A wild card can only be swapped for the exact card it represents") and "(002 'Melds')" in frame["refusal"]
    assert frame["moved"] == [] and frame["melds"] == before["melds"] and frame["seats"] == before["seats"]
    replayer.forward()
    meld = replayer.frame["melds"][0]["melds"][0]
    assert meld["notation"] == "JK=4D 5D 6D 7D"
    joker = meld["cards"][0]
    assert joker["id"] in replayer.frame["moved"], "the wild card moved to the low end"


def test_burracos_are_crosswise_in_the_replayer_too() -> None:
    replayer = Replayer("north-closes-002")
    clean = replayer.frame["melds"][0]["melds"][0]
    assert clean["burraco"] == "clean" and [c.get("crosswise", False) for c in clean["cards"]][-3:] == [False, True, True]
    dirty = replayer.frame["melds"][1]["melds"][0]
    assert dirty["burraco"] == "dirty" and [c.get("crosswise", False) for c in dirty["cards"]][-2:] == [False, True]


def test_the_closed_pile_shows_only_its_top_card() -> None:
    replayer = Replayer("fechado-top-003")
    pile = replayer.frame["pile"]
    assert pile["visible"] == "top" and [card.get("notation") for card in pile["cards"]] == [None, None, "7H"]


def test_a_game_record_replays_hand_by_hand() -> None:
    record = selfplay(preset("italian"), hands=2, seed=4)
    replayer = Replayer(record, hand=1)
    hand = record["hands"][1]
    assert replayer.steps == len(hand["actions"]) + 1  # and the score at the end
    assert replayer.frame["caption"].endswith("plays first.")
    replayer.go(1)
    assert replayer.frame["notation"] == hand["actions"][0] and replayer.frame["caption"].startswith("Move 1: ")
    replayer.last()
    totals = {side["side"]: side["total"] for side in replayer.frame["score"]["sides"]}
    assert totals == {side: score["total"] for side, score in hand["score"].items()}
    with pytest.raises(InvalidRecordError, match="no hand 3"):
        Replayer(record, hand=2)


@pytest.mark.parametrize("forged", [{"step": 99}, {"step": -1}, {"frame": {"caption": "forged"}}, {"steps": 1}, {"step": "two"}])
def test_forged_updates_are_refused(forged: dict[str, Any]) -> None:
    replayer = Replayer("pile-002")
    before = synced(replayer)
    update(replayer, forged)
    assert synced(replayer) == before and replayer.refusals


@pytest.mark.parametrize("content", [{"intent": "goto", "step": 2}, {"intent": "forward", "steps": 2}, "forward", {"intent": None}])
def test_unknown_or_malformed_intents_are_refused(content: Any) -> None:
    replayer = Replayer("pile-002")
    message(replayer, content)
    assert replayer.error and replayer.step == 0


def test_scripts_check_their_steps() -> None:
    start = EXAMPLES["pile-002"].start()
    with pytest.raises(BuracoError, match="not as scripted"):
        Script.from_actions(start, [("discard 7C", "no")])
    with pytest.raises(BuracoError, match="step 1"):
        Script.from_actions(start, [("fly away", "no")])
    with pytest.raises(BuracoError, match="a game record, a finished table or a script"):
        Replayer(42)  # type: ignore[arg-type]
    with pytest.raises(BuracoError, match="unknown example"):
        Replayer("nope")


def test_repr_is_stable() -> None:
    assert repr(Replayer("pot-direct-002", step=2)) == "Replayer('Picking up the pozzetto directly (002)', step 2 of 4)"


@pytest.mark.parametrize("make", [lambda: Replayer("pile-002"), lambda: __import__("buraco_learn.ui", fromlist=["CardTable"]).CardTable(seed=1, pace=0)])
def test_the_front_ends_are_self_contained_es_modules(make: Any) -> None:
    widget = make()
    esm = str(widget._esm)
    assert "export default" in esm and "render" in esm
    assert not re.search(r"^\s*import\s", esm, re.MULTILINE), "one self-contained module: no imports"
    assert "http://" not in esm and "https://" not in esm
    assert ".buraco-widget" in str(widget._css) and ".bl-table" in str(widget._css)


def test_a_finished_table_hand_can_be_reviewed_but_not_a_live_one() -> None:
    from buraco_learn.ui import CardTable

    table = CardTable(state=EXAMPLES["north-closes-002"].start(), pace=0, hint_source=lambda view, rung: "")
    with pytest.raises(BuracoError, match="once it is over"):
        Replayer(table)
    table.play("close 10C")
    replayer = Replayer(table)
    assert replayer.steps == 2 and replayer.script.frames[1].notation == "close 10C"
    replayer.last()
    assert replayer.frame["caption"] == "The hand is over: North–South 410, East–West 155."


def test_a_hand_still_in_play_is_replayed_face_up_only_as_a_demonstration() -> None:
    import random

    from buraco_learn.game.state import HandState

    start = HandState.new(preset("italian"), random.Random(1), dealer=3)
    state = start.clone()
    for action in ("draw", f"discard {state.hand_cards(0)[0].notation()}"):
        state.apply(action)
    with pytest.raises(BuracoError, match="only a finished hand"):
        Script.from_hand(start, state.history)
    script = Script.from_hand(start, state.history, title="The deal and the first turn", partial=True)
    assert len(script.frames) == 3 + 1  # the deal, two moves, the closing words
    assert script.frames[0].caption == "West deals; North plays first."
    assert "goes on" in script.frames[-1].caption
