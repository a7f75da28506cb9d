"""The card table speaks in words, never in action notation: status, notice, errors, log, results.

Whole hands are played through the table as the browser plays them (intents), under every
preset, against random and beginner bots; at each of the learner's decisions some illegal
actions are tried first. Every text the table shows is checked against the notation's shapes
(``meld QS QD``, ``m12``, ``5D``, "write '...'", "illegal action"), each meld a text names must
be one the table shows with that number, and a refused action must leave the game and the
synced table exactly as they were.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from buraco_learn import preset
from buraco_learn.app import positions as pos
from buraco_learn.app import taskdata
from buraco_learn.app.exercises import trial_question
from buraco_learn.bots import make_bot
from buraco_learn.cards import card_of_id
from buraco_learn.errors import IllegalActionError
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.game.position import position
from buraco_learn.ui import CardTable
from buraco_learn.ui.table_game import TableGame
from buraco_learn.ui.table_view import refusal_text

PRESETS = ("italian", "bukharo", "aberto", "brazil-online", "cutthroat")
NOTATION = (
    re.compile(r"\b(?:meld|add|swap|discard|close|take|draw) (?:m\d+|(?:10|[2-9TJQKA])[SHDC]|JK)\b"),
    re.compile(r"\btake \d"),
    re.compile(r"\bm\d+\b"),
    re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b"),
    re.compile(r"write '"),
    re.compile(r"illegal (?:action|meld)", re.IGNORECASE),
)
MELD_NAMED = re.compile(r"(?<!no )\bmeld (\d+)\b")  # "there is no meld 99" names none
#: Keys of the table trait that are data for the front end, not text it shows.
DATA_KEYS = frozenset({"id", "key", "notation", "legal", "must_meld", "version", "seat", "side", "current", "phase",
                       "rank", "suit", "owner", "state", "place", "role", "take", "visible", "kind", "burraco",
                       "meld", "hint", "comment", "review"})  # "meld": a burraco's notation beside its words  # the last three: the coach's texts, checked by the coach's tests


def texts(value: Any, key: str = "") -> Iterator[str]:
    """Every string of the table trait the learner may read."""
    if key in DATA_KEYS:
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for name, item in value.items():
            yield from texts(item, name)
    elif isinstance(value, list):
        for item in value:
            yield from texts(item, key)


def notation_in(text: str) -> list[str]:
    return [found.group(0) for pattern in NOTATION for found in pattern.finditer(text)]


def check_words(table: CardTable, where: str) -> None:
    melds = [meld for side in table.table["melds"] for meld in side["melds"]]
    assert all(meld["tag"] == str(meld["id"]) and meld["label"].startswith(f"meld {meld['tag']}, a ") for meld in melds)
    shown = {meld["tag"] for meld in melds}
    for text in [*texts(table.table), table.error]:
        assert not notation_in(text), f"{where}: notation {notation_in(text)} in {text!r}"
        for number in MELD_NAMED.findall(text):
            assert number in shown, f"{where}: {text!r} names meld {number}, which the table does not show"


def message(table: CardTable, content: dict[str, Any]) -> None:
    table._handle_custom_msg(content, [])


def intent_for(table: CardTable, action: Action) -> dict[str, Any]:
    """The browser's message for ``action``; a card the hand does not hold is sent as an id it does not hold."""
    free: dict[str, list[str]] = {}
    for card in table.table["hand"]:
        free.setdefault(card["notation"], []).append(card["id"])

    def ids(cards: Any) -> list[str]:
        return [free[card.notation()].pop(0) if free.get(card.notation()) else "c999" for card in cards]

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


def illegal_tries(table: CardTable, rng: random.Random) -> list[Action]:
    """A few actions the learner might press that the rules refuse here."""
    state = table.state
    hand = [card_of_id(card) for card in state.hands[table.game.seat]]
    tries = [Action.draw(), Action.take(), Action.pot(), Action.add(99, hand[:1]) if hand else Action.pot()]
    if hand:
        card = rng.choice(hand)
        tries += [Action.discard(card), Action.close(card), Action.swap(1, card), Action.add(1, (card,))]
    if len(hand) >= 2:
        tries.append(Action.meld(tuple(rng.sample(hand, 2))))
    if len(hand) >= 3:
        tries.append(Action.meld(tuple(rng.sample(hand, 3))))
    if state.melds:
        other = [meld for meld in state.melds if meld.side != state.side_of[table.game.seat]]
        if other and hand:
            tries.append(Action.add(other[0].id, (rng.choice(hand),)))
    refused = [action for action in tries if not state.is_legal(action)]
    rng.shuffle(refused)
    return refused[:3]


def refuse(table: CardTable, content: dict[str, Any], where: str) -> str:
    before = (table.state.omniscient_view(), list(table.game.log), len(table.decisions), table.game.log_view(), dict(table.table))
    message(table, content)
    after = (table.state.omniscient_view(), list(table.game.log), len(table.decisions), table.game.log_view(), dict(table.table))
    assert table.error, f"{where}: {content} was not refused"
    assert after == before, f"{where}: the refused {content} changed the game"
    assert table.error[:1].isupper() and table.error.endswith("."), table.error
    check_words(table, f"{where}, refusing {content}")
    return str(table.error)


def play_hand(rules: str, level: str, seed: int) -> int:
    table = CardTable(rules, seed=seed, bots=level, autoplay=False, pace=0)
    me = make_bot(level, table.rules, seed=seed + 1)
    rng = random.Random(seed)
    refusals = 0
    table.advance()
    steps = 0
    while not table.state.over:
        steps += 1
        assert steps < 2000
        where = f"{rules}/{level} seed {seed}, step {steps}"
        check_words(table, where)
        for action in illegal_tries(table, rng):
            refuse(table, intent_for(table, action), where)
            refusals += 1
        action = me.act(table.game.view())
        message(table, intent_for(table, action))
        assert table.error == "", f"{where}: {action.notation()} refused: {table.error}"
        check_words(table, where)
        table.advance()
    check_words(table, f"{rules}/{level} seed {seed}, the end")
    log = table.table["log"]
    assert len(log) == len(table.game.log) + 1 and log[-1]["text"] == table.table["result"]["ending"]
    assert all(line["text"].endswith(".") and line["text"][:1].isupper() for line in log)
    labels = [item["label"] for side in table.table["result"]["sides"] for item in side["items"]]
    melds = sum(len(side["melds"]) for side in table.table["melds"])
    assert sum(bool(re.search(r"\(meld \d+\): ", label)) for label in labels) == melds, labels  # each meld's line names it
    return refusals


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("level", ["random", "beginner"])
def test_whole_hands_speak_in_words(rules: str, level: str) -> None:
    assert play_hand(rules, level, seed=PRESETS.index(rules) * 10 + 3) > 10


def test_the_log_is_the_whole_hand_naming_who_did_what() -> None:
    game = TableGame("italian", seed=4, bots="random")
    while not game.state.over:
        game.run_bots()
        if game.learner_turn:
            game.act(make_bot("random", game.rules, seed=len(game.log)).act(game.view()))
    lines = game.log_view()
    assert len(lines) == len(game.log) + 1 > 8
    assert [line["seat"] for line in lines[:-1]] == [game.state.seat_names[seat] for seat, _ in game.log]
    words = {"N": "You", "E": "East", "S": "South", "W": "West"}
    assert all(line["text"].startswith(words[line["seat"]] + " ") for line in lines[:-1])
    kinds = {action.kind for _, action in game.log}
    assert "meld" in kinds and any(" laid down " in line["text"] and ", a " in line["text"] for line in lines)
    assert game.log_view(last=3) == lines[-3:]


def test_the_refusals_the_issue_names() -> None:
    rules = preset("italian")
    # the last card, when discarding it closes: the table says which button
    state = position(rules, hands={"N": "5D"}, melds={"NS": ["3H 4H 5H 6H 7H 8H 9H"]}, pots=[None, "auto"], pots_taken=["NS"],
                     current="N", phase="play")
    table = CardTable(state=state, autoplay=False, practice=False)
    assert refuse(table, intent_for(table, Action.parse("discard 5D")), "last card") == "Close by discarding the 5♦: press Close (002 'Closing')."
    assert "write" not in (state.explain_illegal("discard 5D") or "x")
    assert (state.explain_illegal("discard 5D") or "").startswith("illegal action 'discard 5D': ")  # the engine's, for API users
    message(table, intent_for(table, Action.parse("close 5D")))
    assert table.error == "" and table.state.over and table.table["result"]["ending"] == "You closed the hand."

    state = position(rules, hands={"N": "QS QD 8H 9H 5C 3D"}, melds={"NS": ["5H 6H 7H"], "EW": ["JC QC KC"]}, current="N", phase="play")
    table = CardTable(state=state, autoplay=False, practice=False)
    assert refuse(table, intent_for(table, Action.parse("meld QS QD")), "two cards") == (
        "The Q♠ and Q♦ are only two cards: a meld needs three (002 'Melds').")
    assert refuse(table, intent_for(table, Action.parse("meld 5C")), "one card") == (
        "The 5♣ is only one card: a meld needs three (002 'Melds').")
    assert refuse(table, intent_for(table, Action.parse("add m2 5C")), "their meld") == (
        "Meld 2 belongs to the other side: you may add only to your own side's melds (002 'Melds').")
    five = intent_for(table, Action.parse("discard 5C"))["card"]
    assert refuse(table, {"intent": "add", "meld": 7, "cards": [five]}, "no meld") == "There is no meld 7 on the table (002 'Melds')."
    assert refuse(table, {"intent": "meld"}, "nothing selected") == "Select the cards to meld first, then press Meld."
    assert refuse(table, {"intent": "draw"}, "drawn already").startswith("You have drawn already")

    cut = position(preset("cutthroat"), hands={"N": "5H 6H 9S KD"}, pile="7H 2C QS")
    table = CardTable(state=cut, autoplay=False, practice=False)
    assert refuse(table, {"intent": "take"}, "no depth").startswith("Say how many cards to take from the top of the pile (004 ")


@pytest.mark.parametrize("text", [
    "illegal action 'meld QS QD': you hold 0 Q♠ but the action needs 1",
    "illegal action 'add m12 QD QC': there is no meld m12 on the table (002 'Melds')",
    "illegal meld '5H JK JK': a meld may hold at most one wild card; this one holds 2: JK and JK",
])
def test_the_one_refusal_helper_leaves_no_notation(text: str) -> None:
    words = refusal_text(text)
    assert not notation_in(words) and words[:1].isupper() and words.endswith(".")


def _page_text(markup: str) -> str:
    markup = re.sub(r"<style>.*?</style>|<svg.*?</svg>", "", markup, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


@pytest.mark.parametrize("rules", PRESETS)
def test_the_lessons_tries_speak_in_words(rules: str) -> None:
    """Lessons 5 to 8 show tries on scripted positions: what is tried and the verdict, in words."""
    ruleset = preset(rules)
    shown = 0
    checks = [taskdata.trials(lesson, "check") for lesson in ("turn", "pot", "closing")]  # as lessons 5, 7 and 8 declare them
    for trials in (pos.TURN_TRIALS, pos.CLOSING_TRIALS, *checks):
        for trial in trials:
            try:
                result = pos.run_trial(trial, ruleset)
            except IllegalActionError:
                continue  # a check's first step that these rules refuse: the lesson asks it under others
            question = trial_question(trial)
            text = _page_text(pos.trial_html(result))
            if result.applies:
                text += _page_text(question.prompt(ruleset)) + _page_text(question.explain(ruleset))
            assert not notation_in(text), f"{trial.title}: {notation_in(text)} in {text!r}"
            shown += 1
    assert shown > 15
