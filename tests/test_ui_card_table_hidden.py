"""No hidden information reaches the browser from the card table: not in a synced trait, not in a message.

A whole hand is played through the widget's messages (the learner's moves chosen by
a bot, a hint asked for and an illegal move tried at every turn); every synced
state and every message the widget sends is collected and compared with the
omniscient view of the state at that moment:

- no physical id (``cN``) of a card the learner cannot see appears;
- no card that is only in hidden places (other hands but for cards known to have
  been taken from the pile, the pots, the stock, the covered part of a closed pile)
  appears by notation (``KH``), symbol (``K♥``) or name (``King of hearts``);
- every face-down card carries nothing but its id and "face-down card".

When the hand is over, the players lay down what they still hold to be counted
(002 'Scoring'), so the score breakdown names those cards; the stock and the pots
nobody took stay hidden even then.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest

from buraco_learn import preset
from buraco_learn.bots import make_bot
from buraco_learn.cards import Card, card_of_id
from buraco_learn.game.actions import Action
from buraco_learn.game.state import HandState
from buraco_learn.ui import CardTable
from buraco_learn.ui.hints import bot_hint

TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:JK|(?:10|[2-9AJQK])[SHDC♠♥♦♣])(?![A-Za-z0-9])")


def message(widget: Any, content: Any) -> None:
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def intent_for(table: CardTable, action: Action) -> dict[str, Any]:
    free: dict[str, list[str]] = {}
    for card in table.table["hand"]:
        free.setdefault(card["notation"], []).append(card["id"])

    def pick(card: Card) -> str:
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


def visible_ids(state: HandState, seat: int) -> set[int]:
    """Physical cards the seat may see now: its hand, the melds, the visible pile, cards known taken."""
    seen = set(state.hands[seat])
    seen.update(card for meld in state.melds for card in meld.ids)
    seen.update(state.pile if state.rules.pile_visible == "all" else state.pile[-1:])
    seen.update(card for ids in state.known for card in ids)
    return seen


def hidden_ids(state: HandState, seat: int, *, over: bool) -> set[int]:
    """Physical cards the seat may not see, from the state's own lists (the omniscient side)."""
    hidden = set(state.stock) | {card for pot in state.pots if pot for card in pot}
    if not over:
        hidden |= {card for ids in state.pending_pot.values() for card in ids}
        for other, hand in enumerate(state.hands):
            if other != seat:
                hidden |= set(hand) - set(state.known[other])
    if state.rules.pile_visible == "top":
        hidden |= set(state.pile[:-1])
    return hidden - visible_ids(state, seat) if not over else hidden


def omniscient_hidden_notations(state: HandState, seat: int, *, over: bool) -> Counter[str]:
    """The same, by notation, from ``state.omniscient_view()``: what the test compares against."""
    everything = state.omniscient_view()
    me = state.seat_names[seat]
    hidden: Counter[str] = Counter(everything["stock_top_first"])
    for pot in everything["pots_cards"]:
        hidden.update(pot or [])
    if not over:
        for name, cards in everything["hands"].items():
            if name != me:
                hidden.update(cards)
        for cards in everything["pending_pot_cards"].values():
            hidden.update(cards)
    if state.rules.pile_visible == "top":
        hidden.update(everything["pile_all"][:-1])
    return hidden


def allowed_notations(state: HandState, seat: int, *, over: bool) -> set[str]:
    """Cards the learner may see named: visible now, or seen played (every action's cards are public)."""
    allowed = {card_of_id(card).notation() for card in visible_ids(state, seat)}
    for action in state.history:
        allowed.update(card.notation() for group in action.groups for card in group)
        allowed.update(card.notation() for card in action.cards)
    if over:  # 002 'Scoring': what is still held, and a pot taken but unseen, are laid down to count
        allowed.update(card_of_id(card).notation() for hand in state.hands for card in hand)
        allowed.update(card_of_id(card).notation() for ids in state.pending_pot.values() for card in ids)
    return allowed


def walk(value: Any) -> list[dict[str, Any]]:
    out = []
    if isinstance(value, dict):
        out.append(value)
        for item in value.values():
            out += walk(item)
    elif isinstance(value, list):
        for item in value:
            out += walk(item)
    return out


# what a wild card on the table stands for is not a card: "JK=5C", "stands_for", "standing for 5 of clubs",
# nor are the places a run spans, which a wild may fill: "the run of hearts 10♥ to Q♥ (joker J♥ Q♥)"
WILD_STANDS = re.compile(r'=(?:10|[2-9AJQK])[SHDC]|"stands_for": "[^"]*"|standing for [^",]*'
                         r"|run of (?:spades|hearts|diamonds|clubs) \S+ to \S+")


def check(blob: Any, state: HandState, seat: int, where: str) -> None:
    over = state.over
    for item in walk(blob):
        if item.get("face_down"):
            assert item == {"id": item["id"], "face_down": True, "label": "face-down card"}, f"{where}: face-down card {item}"
            assert not re.fullmatch(r"c\d+", str(item["id"])), f"{where}: a face-down card has a physical id"
        elif isinstance(item.get("id"), str) and re.fullmatch(r"c\d+", item["id"]) and "notation" in item:
            assert item["notation"] == card_of_id(int(item["id"][1:])).notation()
    text = WILD_STANDS.sub("", json.dumps(blob, ensure_ascii=False))
    for card in hidden_ids(state, seat, over=over):
        assert f'"c{card}"' not in text, f"{where}: the id of hidden card {card} ({card_of_id(card)}) was sent"
    forbidden = set(omniscient_hidden_notations(state, seat, over=over)) - allowed_notations(state, seat, over=over)
    tokens = {Card.parse(token).notation() for token in TOKEN.findall(text)}
    leaked = tokens & forbidden
    assert not leaked, f"{where}: cards only in hidden places were named: {sorted(leaked)}"
    for notation in forbidden:
        name = Card.parse(notation).name()
        assert re.search(rf"(?<![A-Za-z0-9]){re.escape(name)}(?![a-z])", text) is None, f"{where}: {name} was named"


def synced(widget: CardTable) -> dict[str, Any]:
    return {k: v for k, v in widget.get_state().items() if k not in ("_esm", "_css")}


@pytest.mark.parametrize(
    ("rules", "highlight", "seed", "seat"),
    [
        (preset("italian"), True, 1, "N"),  # hints from the coach (the table's default)
        (preset("italian"), False, 2, "E"),
        (preset("fechado"), True, 3, "N"),
        (preset("cutthroat"), True, 4, "W"),
        (preset("aberto"), False, 5, "N"),
        (preset("brazil-online"), True, 6, "S"),
        (preset("italian", players=2), True, 7, "S"),
        (preset("italian", players=3), True, 8, "P2"),
    ],
    ids=["italian", "italian-no-marks", "fechado", "cutthroat", "aberto", "brazil-online", "two-players", "three-players"],
)
def test_no_hidden_card_is_synced_or_sent_during_a_whole_hand(rules: Any, highlight: bool, seed: int, seat: str) -> None:
    source = None if seed == 1 else bot_hint  # the coach searches for a while: once is enough
    comments = seed in (1, 4)  # the coach's comment on each of the learner's moves, searched from their view
    table = CardTable(rules, seat=seat, seed=seed, bots="beginner", pace=0, highlight=highlight, hint_source=source,
                      comments=comments)
    me_seat = table.game.seat
    sent: list[dict[str, Any]] = []
    table._send = lambda msg, buffers=None: sent.append(msg)
    check(synced(table), table.state, me_seat, "the first state")
    me = make_bot("beginner", table.rules, seed=seed)
    steps = commented = 0
    while True:
        table.advance()
        check(synced(table), table.state, me_seat, f"after the bots, step {steps}")
        check(sent, table.state, me_seat, f"messages after the bots, step {steps}")
        sent.clear()
        if table.state.over:
            break
        # each message is checked against the state it was sent from
        message(table, {"intent": "hint", "id": f"h{steps}"})
        check(sent, table.state, me_seat, f"messages after a hint, step {steps}")
        sent.clear()
        message(table, {"intent": "pot" if table.state.phase != "pot" else "draw", "id": f"x{steps}"})  # refused
        assert table.error and "illegal action" not in table.error.lower() and "(00" in table.error
        check(sent, table.state, me_seat, f"messages after a refusal, step {steps}")
        sent.clear()
        message(table, intent_for(table, me.act(table.game.view())))
        assert table.error == "", table.error
        check(synced(table), table.state, me_seat, f"after the learner, step {steps}")
        check(sent, table.state, me_seat, f"messages after the learner, step {steps}")
        commented += bool(table.table["comment"])
        sent.clear()
        steps += 1
    assert table.table["result"]["sides"] and steps > 3
    assert not comments or commented, "the coach commented on some of the learner's moves"
    # the hand's end shows the breakdown but never the stock or a pot nobody took
    check(synced(table), table.state, me_seat, "the hand's end")


def test_the_checker_catches_a_leak() -> None:
    """The check above is not vacuous: an opponent's hand in a synced dict is caught."""
    table = CardTable("italian", seed=3, bots="random", pace=0)
    state = table.state
    east = state.hands[1]
    only_east = [card for card in east if card_of_id(card).notation() not in allowed_notations(state, 0, over=False)]
    assert only_east
    with pytest.raises(AssertionError, match="hidden card"):
        check({"hand": [f"c{east[0]}"]}, state, 0, "a forged leak")
    with pytest.raises(AssertionError, match="named"):
        check({"text": f"East holds {card_of_id(only_east[0]).unicode()}"}, state, 0, "a forged leak")
    with pytest.raises(AssertionError, match="face-down"):
        check({"id": "E-0", "face_down": True, "label": "face-down card", "notation": "KH"}, state, 0, "a forged leak")
