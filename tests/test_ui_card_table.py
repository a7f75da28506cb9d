"""The card table widget, driven by the messages the browser would send.

Every message goes through ipywidgets' own entry point (``_handle_msg``), as the
kernel delivers it. Positions come from :func:`buraco_learn.game.position.position`
so each test knows exactly which cards are where.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import pytest

from buraco_learn import preset
from buraco_learn.bots import make_bot
from buraco_learn.cards import card_of_id
from buraco_learn.errors import BuracoError, InvalidRecordError
from buraco_learn.examples import EXAMPLES
from buraco_learn.game.actions import Action
from buraco_learn.game.position import position
from buraco_learn.game.view import PlayerView
from buraco_learn.ui import CardTable
from buraco_learn.ui.table_game import TableGame
from buraco_learn.ui.table_view import refusal_text

ITALIAN = preset("italian")


def update(widget: Any, state: Any) -> None:
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []})


def message(widget: Any, content: Any) -> None:
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def outbox(widget: Any) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []
    widget._send = lambda msg, buffers=None: sent.append(msg)
    return sent


def synced(widget: Any) -> dict[str, Any]:
    return json.loads(json.dumps({k: v for k, v in widget.get_state().items() if k not in ("_esm", "_css")}))


def ids_of(table: CardTable, *notations: str) -> list[str]:
    """Browser ids of hand cards by notation (each card once)."""
    free: dict[str, list[str]] = {}
    for card in table.table["hand"]:
        free.setdefault(card["notation"], []).append(card["id"])
    return [free[text].pop(0) for text in notations]


def intent_for(table: CardTable, action: Action) -> dict[str, Any]:
    """The message the browser sends for ``action`` (cards chosen by id from the hand shown)."""
    free: dict[str, list[str]] = {}
    for card in table.table["hand"]:
        free.setdefault(card["notation"], []).append(card["id"])

    def pick(card: Any) -> str:
        return free[card.notation()].pop(0)

    kind = action.kind
    if kind in ("draw", "pot", "redraw"):
        return {"intent": kind}
    if kind == "take":
        return {"intent": "take", **({"depth": action.target} if action.target else {})}
    if kind == "meld":
        return {"intent": "meld", "groups": [[pick(card) for card in group] for group in action.groups]}
    if kind == "add":
        return {"intent": "add", "meld": action.target, "cards": [pick(card) for card in action.cards]}
    if kind == "swap":
        return {"intent": "swap", "meld": action.target, "card": pick(action.cards[0])}
    return {"intent": kind, **({"card": pick(action.cards[0])} if action.cards else {})}


def pile_table(**options: Any) -> CardTable:
    """002's pile example: North holds K♠ K♦ 7♣ 8♣; the pile is 9♣ K♥ 5♠."""
    state = position(ITALIAN, hands={"N": "KS KD 7C 8C"}, pile="9C KH 5S", current="N")
    return CardTable(state=state, pace=0, **options)


# -- what the table shows -------------------------------------------------------------------


def test_the_table_shows_the_learners_hand_and_only_counts_of_the_rest() -> None:
    table = CardTable("italian", seed=3, bots="random", pace=0)
    table.advance()
    state = table.state
    shown = table.table
    assert sorted(card["id"] for card in shown["hand"]) == sorted(f"c{i}" for i in state.hands[0])
    assert [card["notation"] for card in shown["hand"]] == [card_of_id(int(c["id"][1:])).notation() for c in shown["hand"]]
    assert shown["stock"] == len(state.stock) and shown["pile"]["size"] == len(state.pile)
    assert [pot["size"] for pot in shown["pots"]] == [len(pot or ()) for pot in state.pots]
    for player in shown["players"]:
        assert player["count"] == len(state.hands[state.seat_names.index(player["seat"])])
        assert all(card == {"id": card["id"], "face_down": True, "label": "face-down card"} for card in player["cards"])
    assert [side["side"] for side in shown["melds"]] == ["NS", "EW"]  # your side first
    assert shown["your_turn"] and shown["status"].startswith("Your turn")
    assert {p["place"]: p["role"] for p in shown["players"]} == {"left": "opponent", "across": "partner", "right": "opponent"}


def test_the_pile_is_spread_or_shows_its_top_card_only() -> None:
    spread = CardTable(state=position(ITALIAN, hands={"N": "5H 9S KD 4C"}, pile="2C 9D 7H"), pace=0)
    assert [card["notation"] for card in spread.table["pile"]["cards"]] == ["2C", "9D", "7H"]
    closed = CardTable(state=position(preset("fechado"), hands={"N": "5H 6H 9S KD"}, pile="2C 9D 7H"), pace=0)
    pile = closed.table["pile"]
    assert pile["visible"] == "top" and pile["size"] == 3
    assert [card.get("notation") for card in pile["cards"]] == [None, None, "7H"]
    assert pile["cards"][0] == {"id": "pile-0", "face_down": True, "label": "face-down card"}


def test_burracos_are_marked_crosswise_as_002_says() -> None:
    state = position(ITALIAN, hands={"N": "5H 9S"},
                     melds={"NS": ["3H 4H 5H 6H 7H 8H 9H", "JK=5D 6D 7D 8D 9D 10D JD", "KS KH KD"]}, phase="play")
    table = CardTable(state=state, pace=0)
    ours = table.table["melds"][0]["melds"]
    assert [meld["burraco"] for meld in ours] == ["clean", "dirty", None]
    clean, dirty, plain = ours
    assert [card.get("crosswise", False) for card in clean["cards"]] == [False] * 5 + [True, True]
    assert [card.get("crosswise", False) for card in dirty["cards"]] == [False] * 6 + [True]
    assert not any(card.get("crosswise") for card in plain["cards"])
    assert "last two cards crosswise" in clean["label"] and "last card crosswise" in dirty["label"]
    assert dirty["cards"][0]["label"] == "joker, wild, standing for 5 of diamonds"
    assert dirty["cards"][-1]["label"] == "Jack of diamonds, turned crosswise"


# -- playing by intents -----------------------------------------------------------------------


def test_the_pile_example_played_by_clicks() -> None:
    table = pile_table()
    message(table, {"intent": "take"})
    assert table.error == "" and table.state.phase == "play" and len(table.table["hand"]) == 7
    assert sorted(card["notation"] for card in table.table["hand"] if card.get("fresh")) == ["5S", "9C", "KH"]
    update(table, {"selected": ids_of(table, "KS", "KD", "KH")})
    assert len(table.selected) == 3
    message(table, {"intent": "meld"})  # the selection
    assert table.error == "" and table.selected == []
    assert table.table["melds"][0]["melds"][0]["notation"] == "KS KH KD"
    message(table, {"intent": "discard", "card": ids_of(table, "7C")[0]})
    assert table.state.current == 1 and table.state.pile and card_of_id(table.state.pile[-1]).notation() == "7C"
    assert [line["text"] for line in table.table["log"]] == [
        "You took the discard pile (3 cards).", "You laid down K♠ K♥ K♦, a set of Kings (meld 1).", "You discarded the 7♣."]
    assert [d.action.notation() for d in table.decisions] == ["take", "meld KS KD KH", "discard 7C"]
    assert all(isinstance(d.view, PlayerView) and d.view.seat == 0 for d in table.decisions)


def test_an_illegal_attempt_shows_the_engines_explanation_and_changes_nothing() -> None:
    table = pile_table()
    before_state = table.state.omniscient_view()
    before = synced(table)
    sent = outbox(table)
    message(table, {"intent": "discard", "card": ids_of(table, "7C")[0], "id": "r1"})
    expected = table.state.explain_illegal("discard 7C")
    assert expected is not None
    assert table.error == refusal_text(expected) == "First draw a card from the stock or take the discard pile (002 'Playing a turn')."
    assert "(002 'Playing a turn')" in table.error
    assert table.state.omniscient_view() == before_state
    after = synced(table)
    assert {k: v for k, v in after.items() if k != "error"} == {k: v for k, v in before.items() if k != "error"}
    replies = [msg["content"] for msg in sent if msg.get("method") == "custom"]
    assert replies == [{"type": "reply", "id": "r1", "ok": False, "error": table.error}]
    # the next legal action clears it
    message(table, {"intent": "take"})
    assert table.error == ""


@pytest.mark.parametrize("key", ["pile-002", "north-closes-002", "wild-swap-002", "pot-direct-002", "take-depth-004", "fechado-top-003"])
def test_the_worked_examples_can_be_played_on_the_table(key: str) -> None:
    """Examples where North alone acts: every step through the table's intents, refusals included."""
    example = EXAMPLES[key]
    table = CardTable(state=example.start(), pace=0)
    for step in example.steps:
        before = table.state.omniscient_view()
        message(table, intent_for(table, Action.parse(step.action)))
        if step.illegal:
            assert table.error and "(00" in table.error
            assert table.state.omniscient_view() == before
        else:
            assert table.error == "", table.error
    assert [action.notation() for action in table.state.history] == [s.action for s in example.steps if not s.illegal]
    if key == "north-closes-002":
        result = table.table["result"]
        assert [(side["side"], side["total"]) for side in result["sides"]] == [("NS", 410), ("EW", 155)]
        assert result["ending"] == "You closed the hand."
        assert any(item["label"].startswith("clean burraco") and item["source"] == "002 'Melds'" for item in result["sides"][0]["items"])
        assert table.table["controls"]["replay"] and not table.table["controls"]["next_hand"]


def test_meld_groups_add_swap_pot_and_close_by_intent() -> None:
    state = position(ITALIAN, hands={"N": "5D 9S 9H 9C KD 4C"}, melds={"NS": ["JK=5D 6D 7D"]}, phase="play")
    table = CardTable(state=state, pace=0)
    message(table, {"intent": "swap", "meld": "m1", "card": ids_of(table, "5D")[0]})
    assert table.error == "" and table.state.melds[0].meld.notation() == "JK=4D 5D 6D 7D"
    message(table, {"intent": "meld", "groups": [ids_of(table, "9S", "9H", "9C")]})
    assert table.error == "" and len(table.state.melds) == 2
    message(table, {"intent": "add", "meld": 1, "cards": ids_of(table, "4C")})
    assert table.error == "A run of diamonds takes only diamonds and wild cards; 4♣ cannot join it (002 'Melds')."
    message(table, {"intent": "close", "card": ids_of(table, "4C")[0]})
    assert table.error == "You close by discarding your last card, and you hold 2 (002 'Closing')."
    message(table, {"intent": "discard", "card": ids_of(table, "4C")[0]})
    assert table.error == "" and table.state.current == 1


def test_the_pot_is_picked_up_by_intent() -> None:
    example = EXAMPLES["pot-direct-002"]
    table = CardTable(state=example.start(), pace=0)
    message(table, intent_for(table, Action.parse("meld 5H 6H 7H")))
    assert table.table["status"] == "You have emptied your hand: pick up your pozzetto."
    message(table, {"intent": "pot"})
    assert table.error == "" and len(table.table["hand"]) == 11
    assert all(card.get("fresh") for card in table.table["hand"])


@pytest.mark.parametrize(
    "content",
    [
        {"intent": "discard"},  # nothing selected
        {"intent": "discard", "card": "c999"},
        {"intent": "discard", "card": 5},
        {"intent": "discard", "card": "c²"},  # a digit to str.isdigit, not to int()
        {"intent": "add", "meld": "m²", "cards": ["c1"]},
        {"intent": "meld", "cards": "KS KD KH"},
        {"intent": "meld", "groups": []},
        {"intent": "add", "meld": "first", "cards": []},
        {"intent": "add", "meld": True},
        {"intent": "take", "depth": "all"},
        {"intent": "take", "depth": 0},
        {"intent": "play", "action": "draw"},
        {"intent": "set_state", "sync_data": {"table": {}}},
        {"intent": "draw", "force": True},
        ["draw"],
        "draw",
    ],
)
def test_malformed_or_unknown_intents_are_refused_and_change_nothing(content: Any, caplog: pytest.LogCaptureFixture) -> None:
    table = pile_table()
    state = table.state.omniscient_view()
    before = synced(table)
    with caplog.at_level(logging.WARNING, logger="buraco_learn.ui"):
        message(table, content)
    assert table.error and table.refusals
    assert table.state.omniscient_view() == state
    assert {k: v for k, v in synced(table).items() if k != "error"} == {k: v for k, v in before.items() if k != "error"}


# -- what the browser may set -----------------------------------------------------------------


@pytest.mark.parametrize(
    "forged",
    [
        {"table": {"hand": [{"id": "c104", "notation": "JK"}]}},
        {"hand": ["JK", "JK"]},
        {"error": ""},
        {"allow_highlight": True},
        {"selected": ["c999"]},
        {"selected": ["E-0"]},
        {"selected": ["c²"]},
        {"selected": "c1"},
        {"hand_order": ["c1"]},
        {"sort": "colour"},
        {"pace": 99},
        {"pace": -1},
        {"highlight": "yes"},
        {"sort": "rank", "table": {}},
        {"_esm": "export default {}"},
    ],
)
def test_forged_or_invalid_updates_are_refused_and_change_nothing(forged: dict[str, Any]) -> None:
    table = pile_table()
    before = synced(table)
    state = table.state.omniscient_view()
    sent = outbox(table)
    update(table, forged)
    assert synced(table) == before
    assert table.state.omniscient_view() == state
    assert table.refusals and "refused a browser update" in table.refusals[-1]
    resent = {key: value for msg in sent if msg.get("method") == "update" for key, value in msg["state"].items()}
    for name in forged:
        if name in before:
            assert resent[name] == before[name]


def test_highlight_may_be_locked_off_for_quizzes() -> None:
    table = pile_table(allow_highlight=False, highlight=True)
    assert table.highlight is False and "legal" not in table.table
    update(table, {"highlight": True})
    assert table.highlight is False and "switched off" in table.refusals[-1]
    assert table.table["controls"]["allow_highlight"] is False


def test_highlight_marks_the_legal_plays_only_when_on() -> None:
    table = pile_table()
    assert "legal" not in table.table and not any("legal" in card for card in table.table["hand"])
    update(table, {"highlight": True})
    assert table.table["legal"]["kinds"] == ["draw", "take"]
    message(table, {"intent": "take"})
    legal = table.table["legal"]
    assert {"meld", "discard"} <= set(legal["kinds"])
    marked = {card["notation"] for card in table.table["hand"] if card["legal"]}
    assert {"KS", "KD", "KH"} <= marked


def test_sorting_and_rearranging_the_hand() -> None:
    state = position(ITALIAN, hands={"N": "9H 4S JK 5H 6S"}, current="N")
    table = CardTable(state=state, pace=0)
    assert [card["notation"] for card in table.table["hand"]] == ["4S", "6S", "5H", "9H", "JK"]
    update(table, {"sort": "rank"})
    assert [card["notation"] for card in table.table["hand"]] == ["4S", "5H", "6S", "9H", "JK"]
    order = [card["id"] for card in table.table["hand"]][::-1]
    update(table, {"hand_order": order})
    assert table.sort == "manual" and [card["id"] for card in table.table["hand"]] == order
    message(table, {"intent": "draw"})
    assert [card["id"] for card in table.table["hand"]][:5] == order  # the new card goes last
    assert table.table["hand"][-1]["fresh"]
    assert table.hand_order == [card["id"] for card in table.table["hand"]]


def test_selection_is_kept_to_cards_of_the_hand() -> None:
    table = pile_table()
    update(table, {"selected": ids_of(table, "KS", "7C")})
    assert table.selected == ids_of(table, "KS", "7C")
    update(table, {"selected": ids_of(table, "KS") * 2})
    assert table.selected == ids_of(table, "KS", "7C")  # duplicates refused


# -- undo, hints, bots ---------------------------------------------------------------------------


def test_undo_in_practice_restores_the_state_before_the_learners_last_action() -> None:
    table = pile_table()
    start = table.state.omniscient_view()
    message(table, {"intent": "take"})
    after_take = table.state.omniscient_view()
    message(table, {"intent": "meld", "cards": ids_of(table, "KS", "KD", "KH")})
    message(table, {"intent": "undo"})
    assert table.error == "" and table.state.omniscient_view() == after_take and len(table.decisions) == 1
    message(table, {"intent": "undo"})
    assert table.state.omniscient_view() == start and table.decisions == [] and not table.table["controls"]["undo"]
    message(table, {"intent": "undo"})
    assert "nothing to undo" in table.error


def test_undo_goes_back_over_the_bots_turns() -> None:
    table = CardTable("italian", seed=8, bots="random", pace=0)
    table.advance()
    table.play("draw")
    discard = table.state.hand_cards(0)[0].notation()
    before = table.state.omniscient_view()
    table.play(f"discard {discard}")
    table.advance()
    assert table.state.turn >= 4
    message(table, {"intent": "undo"})
    assert table.state.omniscient_view() == before


def test_no_undo_outside_practice() -> None:
    table = pile_table(practice=False)
    message(table, {"intent": "take"})
    message(table, {"intent": "undo"})
    assert "only for practice" in table.error and table.state.phase == "play"
    assert table.table["controls"]["practice"] is False


def test_the_hint_button_walks_a_pluggable_ladder_from_the_learners_view() -> None:
    asked: list[tuple[PlayerView, int]] = []

    def source(view: PlayerView, rung: int) -> Any:
        asked.append((view, rung))
        return {1: "Look at the pile.", 2: {"text": "These kings.", "cards": "KS KD"}, 3: {"text": "Take it.", "action": Action.take()}}[rung]

    table = pile_table(hint_source=source)
    for rung, text in ((1, "Look at the pile."), (2, "These kings."), (3, "Take it."), (1, "Look at the pile.")):
        message(table, {"intent": "hint"})
        assert table.table["hint"]["rung"] == rung and table.table["hint"]["text"] == text
    assert [rung for _, rung in asked] == [1, 2, 3, 1]
    assert all(isinstance(view, PlayerView) and view.seat == 0 for view, _ in asked)
    message(table, {"intent": "hint"})
    assert table.table["hint"]["ids"] == ids_of(table, "KS", "KD")
    message(table, {"intent": "take"})
    assert table.table["hint"] == {}  # a new position: back to the first rung


def test_the_default_hint_names_a_legal_move_on_the_third_rung() -> None:
    table = pile_table()
    for _ in range(3):
        message(table, {"intent": "hint"})
    hint = table.table["hint"]
    assert hint["rung"] == 3 and table.state.is_legal(hint["action"])


def test_a_hint_is_only_for_the_learners_turn() -> None:
    table = CardTable("italian", seed=5, bots="random", pace=0)
    table.advance()
    table.play("draw")
    table.play(f"discard {table.state.hand_cards(0)[0].notation()}")
    message(table, {"intent": "hint"})
    assert "your own turn" in table.error


def run_in_fresh_loop(coroutine: Any) -> Any:
    """Run a coroutine on a new event loop in its own thread (the browser tests may
    leave Playwright's loop running in the main thread of the test session)."""
    import threading

    result: dict[str, Any] = {}

    def target() -> None:
        try:
            result["value"] = asyncio.run(coroutine)
        except BaseException as error:  # re-raised in the test's thread
            result["error"] = error

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(60)
    if "error" in result:
        raise result["error"]
    return result.get("value")


def test_bots_play_on_the_running_event_loop_at_the_learners_pace() -> None:
    async def main() -> CardTable:
        table = CardTable("italian", seed=5, bots="random", pace=0.01)
        table.play("draw")
        table.play(f"discard {table.state.hand_cards(0)[0].notation()}")
        assert table.game.bots_to_move
        for _ in range(500):
            await asyncio.sleep(0.01)
            if not table.game.bots_to_move:
                break
        return table

    table = run_in_fresh_loop(main())
    assert table.game.learner_turn or table.state.over
    assert len(table.game.log) > 3 and table.table["log"]


def test_bots_wait_for_advance_without_a_loop_and_undo_cancels_a_scheduled_turn() -> None:
    table = CardTable("italian", seed=5, bots="random", pace=0)
    table.play("draw")
    table.play(f"discard {table.state.hand_cards(0)[0].notation()}")
    assert table.state.current == 1 and table.table["controls"]["hurry"]
    message(table, {"intent": "hurry"})
    assert table.game.learner_turn

    async def main() -> None:
        table.pace = 0.05
        table.play("draw")
        table.play(f"discard {table.state.hand_cards(0)[0].notation()}")
        assert table._timer is not None
        table.undo()
        await asyncio.sleep(0.15)
        assert table.state.current == 0 and table.state.phase == "play"  # nothing played after the undo

    run_in_fresh_loop(main())


def test_bot_levels_per_seat() -> None:
    table = CardTable("italian", seed=2, bots={"E": "random", "S": "intermediate"}, pace=0)
    assert table.game.levels == [None, "random", "intermediate", "beginner"]
    assert {p["seat"]: p["level"] for p in table.table["players"]} == {"E": "random", "S": "intermediate", "W": "beginner"}
    with pytest.raises(BuracoError, match="unknown seat"):
        CardTable("italian", bots={"X": "random"})
    with pytest.raises(BuracoError, match="unknown bot level"):
        CardTable("italian", bots="grandmaster")
    with pytest.raises(BuracoError, match="unknown seat"):
        CardTable("italian", seat="Q")


# -- the end of a hand, replays, matches, saving ------------------------------------------------


def finish_hand(table: CardTable, seed: int = 1) -> None:
    me = make_bot("beginner", table.rules, seed=seed)
    for _ in range(400):
        table.advance()
        if table.state.over:
            return
        message(table, intent_for(table, me.act(table.game.view())))
        assert table.error == "", table.error
    raise AssertionError("the hand did not end")


def test_a_finished_hand_shows_the_breakdown_and_replays_the_same_deal() -> None:
    table = CardTable("italian", seed=4, bots="beginner", pace=0)
    deal = table.state.deal.to_dict()
    finish_hand(table)
    result = table.table["result"]
    scores = table.state.score()
    assert [side["total"] for side in result["sides"]] == [scores["NS"].total, scores["EW"].total]
    assert all(sum(item["points"] for item in side["items"]) == side["total"] for side in result["sides"])
    assert result["counted"] and [t["total"] for t in result["totals"]] == [scores["NS"].total, scores["EW"].total]
    assert table.table["phase"] == "over" and table.table["status"] == result["ending"]
    assert table.table["controls"]["next_hand"] and table.table["controls"]["replay"]
    message(table, {"intent": "replay"})
    assert table.error == "" and table.state.deal.to_dict() == deal and table.state.history == []
    assert table.table["result"] == {} and not table.game.counted
    table.advance()
    finish_hand(table)
    assert table.table["result"]["counted"] is False
    assert [t["total"] for t in table.table["result"]["totals"]] == [scores["NS"].total, scores["EW"].total]  # not counted twice
    message(table, {"intent": "next_hand"})
    assert table.error == "" and table.state.deal.to_dict() != deal and table.game.counted
    assert [s["total"] for s in table.table["scores"]] == [scores["NS"].total, scores["EW"].total]


def test_save_and_resume_a_game_in_progress() -> None:
    table = CardTable("italian", seed=9, bots="beginner", pace=0, sort="rank")
    table.advance()
    table.play("draw")
    saved = table.to_json()
    again = CardTable.from_json(saved)
    assert again.table["hand"] == table.table["hand"] and again.sort == "rank"
    assert again.state.omniscient_view() == table.state.omniscient_view()
    assert [d.action for d in again.decisions] == [d.action for d in table.decisions]
    # through the end of a hand, a replay and the next hand
    finish_hand(table)
    message(table, {"intent": "next_hand"})
    table.advance()
    resumed = CardTable.from_json(table.to_json())
    assert resumed.state.omniscient_view() == table.state.omniscient_view()
    assert resumed.game.match is not None and table.game.match is not None
    assert resumed.game.match.totals == table.game.match.totals
    finish_hand(table)
    message(table, {"intent": "replay"})
    resumed = CardTable.from_json(table.to_json())
    assert resumed.state.deal.to_dict() == table.state.deal.to_dict() and not resumed.game.counted
    # and the saved game says nothing it should not: it is for the app's store, not the browser
    data = json.loads(saved)
    assert data["format"] == "buraco-learn-table" and data["seat"] == "N"


def test_a_corrupted_save_is_refused() -> None:
    table = CardTable("italian", seed=9, bots="beginner", pace=0)
    table.advance()
    table.play("draw")
    data = json.loads(table.to_json())
    data["hand"]["actions"][-1] = "pot"
    with pytest.raises(InvalidRecordError, match="action"):
        TableGame.from_json(data)
    with pytest.raises(InvalidRecordError, match="not a saved"):
        TableGame.from_json({"format": "something"})
    del data["hand"]
    with pytest.raises(InvalidRecordError, match="malformed"):
        TableGame.from_json(data)


def test_a_position_table_cannot_be_saved() -> None:
    with pytest.raises(BuracoError, match="cannot be saved"):
        pile_table().to_json()


def test_repr_is_stable() -> None:
    table = pile_table()
    assert repr(table) == "CardTable(rules='italian', seat='N', hand 1, turn 1, North to draw)"
    assert "0x" not in repr(table)


def test_the_coachs_review_of_the_hand_from_the_learners_decisions() -> None:
    seen: list[list[Any]] = []

    def review(decisions: Any) -> dict[str, Any]:
        seen.append([(view, action) for view, action in decisions])
        return {"text": f"{len(decisions)} decisions reviewed.", "items": [{"text": "Keep the kings."}]}

    table = CardTable(state=EXAMPLES["north-closes-002"].start(), pace=0, review_source=review)
    message(table, {"intent": "review"})
    assert "once it is over" in table.error
    message(table, intent_for(table, Action.parse("close 10C")))
    assert table.table["controls"]["review"]
    message(table, {"intent": "review"})
    assert table.error == "" and table.table["review"] == {"text": "1 decisions reviewed.", "items": [{"text": "Keep the kings."}]}
    assert [[action.notation() for _, action in decisions] for decisions in seen] == [["close 10C"]]
    assert all(isinstance(view, PlayerView) and view.seat == 0 for view, _ in seen[0])
    assert not table.table["controls"]["review"]
    message(table, {"intent": "replay"})
    assert table.table["review"] == {} and table.game.hand_decisions == []


def test_hints_and_the_review_come_from_the_coach_by_default() -> None:
    pytest.importorskip("buraco_learn.coach")
    from buraco_learn.ui.hints import CoachHints

    table = CardTable(state=EXAMPLES["north-closes-002"].start(), pace=0)
    assert isinstance(table.game.hint_source, CoachHints)
    message(table, {"intent": "hint"})
    message(table, {"intent": "hint"})
    message(table, {"intent": "hint"})
    assert table.table["hint"]["action"] == "close 10C" and table.table["hint"]["rung"] == 3
    message(table, intent_for(table, Action.parse("close 10C")))
    message(table, {"intent": "review"})
    assert table.error == "" and table.table["review"]["text"]
