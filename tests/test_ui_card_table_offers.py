"""Forged intents: the card table obeys only what it offers (issue 16, item 1).

:meth:`TableGame.offers` is the one table of which intents are allowed when; it fills
the ``controls`` the page shows, and every intent the page sends is checked against it.
Here every intent is forged in every state of the table (draw, play and pot phase, the
bots' turn, the hand over, the match over; practice or not; a match or a lesson's
position): each is obeyed because it is offered, or refused in words with the game
exactly as it was.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from buraco_learn.app.taskdata import load
from buraco_learn.bots import make_bot
from buraco_learn.examples import EXAMPLES
from buraco_learn.ui import CardTable

INTENTS = sorted(CardTable.intents)


def message(widget: Any, content: Any) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []
    widget._send = lambda msg, buffers=None: sent.append(msg)
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
    return [msg["content"] for msg in sent if msg.get("method") == "custom"]


def hint(view: Any, rung: int) -> str:
    return "Look at the pile."


def review(decisions: Any) -> dict[str, Any]:
    return {"text": "Reviewed."}


def table_at(practice: bool, **kwargs: Any) -> CardTable:
    options: dict[str, Any] = {"bots": "random", "pace": 0, "autoplay": False, "practice": practice,
                               "hint_source": hint, "review_source": review}
    options.update(kwargs)
    return CardTable(**options)


def play_out(table: CardTable) -> None:
    """The learner plays like a random bot until the hand is over."""
    learner = make_bot("random", table.rules, seed=1)
    while not table.state.over:
        if table.game.learner_turn:
            table.play(learner.act(table.game.view()))
        else:
            table.advance()


def draw_phase(practice: bool) -> CardTable:
    table = table_at(practice, rules="italian", seed=5)
    table.advance()
    assert table.game.learner_turn and table.state.phase == "draw"
    return table


def play_phase(practice: bool) -> CardTable:
    table = draw_phase(practice)
    table.draw()
    assert table.state.phase == "play"
    return table


def pot_phase(practice: bool) -> CardTable:
    table = table_at(practice, state=load("pot")["pot"].build().start())
    table.play("meld 5H 6H 7H")
    table.play("meld 9C 9D 9S")
    assert table.game.learner_turn and table.state.phase == "pot"
    return table


def bots_turn(practice: bool) -> CardTable:
    table = play_phase(practice)
    discard = next(action for action in table.game.view().legal if action.kind == "discard")
    table.play(discard)
    assert table.game.bots_to_move
    return table


def hand_over(practice: bool) -> CardTable:
    table = draw_phase(practice)
    play_out(table)
    assert table.game.can_next_hand
    return table


def match_over(practice: bool) -> CardTable:
    table = draw_phase(practice)
    assert table.game.match is not None
    table.game.match.totals = {"NS": 100_000, "EW": 0}  # North-South passed the target before this hand
    play_out(table)
    assert table.game.match.winner is not None and not table.game.can_next_hand
    return table


def position_mid_hand(practice: bool) -> CardTable:
    """A lesson 5 position, the learner to play."""
    return table_at(practice, state=EXAMPLES["north-closes-002"].start())


def position_over(practice: bool) -> CardTable:
    table = position_mid_hand(practice)
    table.play("close 10C")
    assert table.state.over and table.game.match is None
    return table


STATES: dict[str, Callable[[bool], CardTable]] = {
    "draw phase": draw_phase, "play phase": play_phase, "pot phase": pot_phase, "bots' turn": bots_turn,
    "hand over": hand_over, "match over": match_over, "position": position_mid_hand, "position over": position_over,
}


def forged(table: CardTable, name: str) -> dict[str, Any]:
    """The message for intent ``name`` with plausible arguments (cards of the hand, meld 1)."""
    hand = [card["id"] for card in table.table["hand"]] or ["c0"]
    arguments: dict[str, Any] = {
        "meld": {"cards": hand[:3]}, "add": {"meld": 1, "cards": hand[:1]}, "swap": {"meld": 1, "card": hand[0]},
        "discard": {"card": hand[0]}, "close": {"card": hand[0]},
    }.get(name, {})
    return {"intent": name, "id": f"forged-{name}", **arguments}


def fingerprint(table: CardTable) -> str:
    """Everything a refused intent must leave as it was: the whole hand, the match, the learner's record."""
    game = table.game
    return json.dumps({
        "state": game.state.omniscient_view(),
        "history": [action.notation() for action in game.state.history],
        "start": game.start.deal.to_dict(),
        "hands_played": game.hands_played, "counted": game.counted, "decisions": len(game.decisions),
        "undo": len(game.undo_stack), "result": game.result, "hint": game.hint, "review": game.review,
        "match": None if game.match is None else [dict(game.match.totals), len(game.match.hands)],
        "saved": None if game.match is None else game.to_json(),
        "table": {key: value for key, value in table.table.items() if key != "version"},
    }, sort_keys=True, default=str)


def test_the_controls_are_the_offers_and_name_every_intent() -> None:
    table = draw_phase(True)
    offers = table.game.offers()
    assert sorted(offers) == INTENTS
    controls = table.table["controls"]
    assert {name: controls[name] for name in INTENTS} == {name: not why for name, why in offers.items()}


@pytest.mark.parametrize("practice", [True, False], ids=["practice", "no-practice"])
@pytest.mark.parametrize("where", list(STATES))
def test_every_forged_intent_is_obeyed_because_offered_or_refused_with_the_game_unchanged(where: str, practice: bool) -> None:
    build = STATES[where]
    table = build(practice)
    offered = [name for name, why in table.game.offers().items() if not why]
    for name in INTENTS:
        if name in offered:
            continue
        before = fingerprint(table)
        replies = message(table, forged(table, name))
        why = table.game.offers()[name]
        assert table.error and table.error == table.refusal_words(why), (where, name, table.error)
        assert not table.table["controls"][name]
        assert replies[-1:] == [{"type": "reply", "id": f"forged-{name}", "ok": False, "error": table.error}], (where, name)
        assert fingerprint(table) == before, (where, name)
    for name in offered:  # each on a fresh table: obeyed, or refused by the engine with nothing changed
        table = build(practice)
        assert table.table["controls"][name]
        before = fingerprint(table)
        replies = message(table, forged(table, name))
        assert replies[-1]["id"] == f"forged-{name}"
        if not replies[-1]["ok"]:
            assert table.error and fingerprint(table) == before, (where, name, table.error)


def test_replay_mid_hand_is_refused_and_the_saved_game_still_resumes() -> None:
    table = play_phase(True)
    saved = table.to_json()
    replies = message(table, {"intent": "replay", "id": 1})
    assert replies == [{"type": "reply", "id": 1, "ok": False,
                        "error": "The same deal can be played again once this hand is over."}]
    assert table.to_json() == saved and len(table.state.history) > 0
    assert CardTable.from_json(table.to_json()).state.omniscient_view() == table.state.omniscient_view()
    position = position_mid_hand(False)
    message(position, {"intent": "replay"})
    assert position.error == "The same deal can be played again once this hand is over." and not position.state.over


def test_the_game_itself_refuses_a_replay_before_the_hand_is_over() -> None:
    from buraco_learn.errors import BuracoError

    game = play_phase(True).game
    with pytest.raises(BuracoError, match="once this hand is over"):
        game.replay_deal()
