"""Game records: the ruleset, every deal and every action, so any program can replay and check a game.

A record is JSON::

    {"format": "buraco-learn-record", "version": 1,
     "rules": {...every option...}, "seed": S, "bots": [LEVEL per seat],
     "first_dealer": {"dealer": SEAT, "draws": [[SEAT, CARD], ...]},
     "hands": [{"deal": {"dealer", "cut", "shuffled", "hands", "pots", "pile", "stock"},
                "actions": ["draw", "discard 5H", ...], "end": "closed" | "stock" | "stalemate",
                "closed_by": SEAT or null, "score": {SIDE: {"total": ..., ...}},
                "team_points": {TEAM: INT}, "totals": {TEAM: INT}}, ...],
     "totals": {TEAM: INT}, "winner": TEAM or null}

The same seed gives a byte-identical record (no clocks, sorted keys).

>>> from buraco_learn import preset
>>> record = selfplay(preset("italian"), hands=1, seed=3)
>>> verify_record(record)
[]
>>> record["hands"][0]["actions"][:2] in (["draw", "discard"], ) or len(record["hands"][0]["actions"]) > 10
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from buraco_learn.errors import BuracoError, IllegalActionError, InvalidNotationError, InvalidRecordError, unreadable_json
from buraco_learn.game.actions import Action
from buraco_learn.game.deal import Deal, deal_from_order, seat_names
from buraco_learn.game.match import Match
from buraco_learn.game.state import HandState
from buraco_learn.rules import Rules

FORMAT = "buraco-learn-record"
VERSION = 1
MAX_ACTIONS = 20000
_NUMBERS = ("total", "melded", "in_hand", "burraco_bonus", "closing_bonus", "pot")


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in a game seeded ``seed``."""
    return seed * 1009 + seat + 1


def assign_levels(levels: Sequence[str], rules: Rules) -> list[str]:
    """One level per seat from one level, one per side, or one per seat."""
    if len(levels) == 1:
        return [levels[0]] * rules.players
    if len(levels) == rules.players:
        return list(levels)
    if len(levels) == len(rules.sides):
        out = [""] * rules.players
        for side, seats in enumerate(rules.sides):
            for seat in seats:
                out[seat] = levels[side]
        return out
    raise BuracoError(
        f"give one bot level, one per side ({len(rules.sides)}) or one per seat ({rules.players}), not {len(levels)}"
    )


def play_hand(state: HandState, bots: Sequence[Any]) -> None:
    """Let ``bots`` (one per seat) play ``state`` to its end; each sees only its view."""
    count = 0
    while not state.over:
        seat = state.current
        action = bots[seat].act(state.view(seat))
        state.apply(action)
        count += 1
        if count > MAX_ACTIONS:  # pragma: no cover - a bot that never ends a turn
            raise BuracoError(f"hand did not end after {MAX_ACTIONS} actions")


def selfplay(
    rules: Rules,
    hands: int,
    seed: int,
    levels: Sequence[str] = ("random",),
    progress: bool = False,
    bot_options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``hands`` hands of a match with bots and return the record."""
    from buraco_learn.bots import make_bot

    per_seat = assign_levels(levels, rules)
    bots = [make_bot(level, rules, seed=bot_seed(seed, seat), **(bot_options or {})) for seat, level in enumerate(per_seat)]
    match = Match(rules, seed)
    first = {"dealer": match.dealer, "draws": [list(draw) for draw in match.dealer_draws]}
    iterator: Any = range(hands)
    if progress:
        from tqdm import tqdm

        iterator = tqdm(iterator, desc=f"selfplay {rules.name}", unit="hand")
    for _ in iterator:
        state = match.new_hand()
        play_hand(state, bots)
        match.finish_hand(state)
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": rules.to_dict(),
        "seed": seed,
        "bots": per_seat,
        "first_dealer": first,
        "hands": [hand.to_dict() for hand in match.hands],
        "totals": match.totals,
        "winner": match.winner,
    }


def dumps(record: dict[str, Any]) -> str:
    """The canonical text of a record: sorted keys, stable layout, a final newline."""
    return json.dumps(record, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def load(text: str) -> dict[str, Any]:
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidRecordError(f"the record is not JSON: {error}") from None
    except (ValueError, RecursionError) as error:  # a number of thousands of digits; arrays nested thousands deep
        raise InvalidRecordError(f"the record cannot be read: {unreadable_json(error)}") from None
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise InvalidRecordError(f"not a buraco-learn record (expected \"format\": {FORMAT!r})")
    if record.get("version") != VERSION:
        raise InvalidRecordError(f"record version {record.get('version')!r} is not supported (this is version {VERSION})")
    return record


def rules_of(record: dict[str, Any]) -> Rules:
    try:
        return Rules.from_dict(record["rules"])
    except KeyError:
        raise InvalidRecordError("the record has no \"rules\"") from None


def replay_hands(record: dict[str, Any]) -> Iterator[tuple[int, HandState, dict[str, Any]]]:
    """Replay every hand of ``record``: yields (index, finished state, recorded hand).

    Raises :class:`InvalidRecordError` naming the hand and action when an action is
    illegal or cannot be read.
    """
    rules = rules_of(record)
    hands = record.get("hands")
    if not isinstance(hands, list):
        raise InvalidRecordError("the record has no list of \"hands\"")
    totals: dict[int, int] = {}
    for index, hand in enumerate(hands):
        if not isinstance(hand, dict):
            raise InvalidRecordError(f"hand {index + 1} is not an object")
        deal = Deal.from_dict(hand.get("deal"), rules)
        state = HandState.from_deal(rules, deal, scores=_side_scores(rules, hand, totals, index, hands))
        actions = hand.get("actions")
        if not isinstance(actions, list):
            raise InvalidRecordError(f"hand {index + 1} has no list of \"actions\"")
        for number, text in enumerate(actions):
            try:
                state.apply(Action.parse(text))
            except (IllegalActionError, InvalidNotationError) as error:
                raise InvalidRecordError(f"hand {index + 1}, action {number + 1} ({text!r}): {error}") from None
        yield index, state, hand


def _side_scores(rules: Rules, hand: dict[str, Any], totals: dict[int, int], index: int, hands: list[Any]) -> dict[int, int]:
    """Match totals before this hand, per side index (the opening minimum of 001 needs them)."""
    if index == 0:
        return {}
    previous = hands[index - 1].get("totals", {}) if isinstance(hands[index - 1], dict) else {}
    if not isinstance(previous, dict):
        previous = {}
    names = seat_names(rules.players)
    out = {}
    for side, seats in enumerate(rules.sides):
        team = "".join(names[seat] for seat in seats)
        if isinstance(previous.get(team), int):
            out[side] = previous[team]
    return out


def verify_record(record: dict[str, Any]) -> list[str]:
    """Replay ``record`` and list every mismatch (empty when it checks out).

    Checks every action's legality, how each hand ended, who closed, every side's
    score (total and breakdown), the running totals and the winner.
    """
    problems: list[str] = []
    rules = rules_of(record)
    match = Match(rules, 0)
    try:
        for index, state, hand in replay_hands(record):
            where = f"hand {index + 1}"
            deal = state.deal
            if deal.order:
                again = deal_from_order(rules, list(deal.order), deal.cut, deal.dealer).to_dict()
                mine = deal.to_dict()
                for part in ("hands", "pots", "pile", "stock"):
                    if again[part] != mine[part]:
                        problems.append(f"{where}: the deal's {part} do not follow from its shuffled order and cut")
            if not state.over:
                problems.append(f"{where}: the actions end before the hand is over ({state.phase} phase)")
                continue
            if state.end_reason != hand.get("end"):
                problems.append(f"{where}: ended by {state.end_reason!r}, the record says {hand.get('end')!r}")
            closed = state.seat_names[state.closed_by] if state.closed_by is not None else None
            if closed != hand.get("closed_by"):
                problems.append(f"{where}: closed by {closed!r}, the record says {hand.get('closed_by')!r}")
            result = match.finish_hand(state)
            recorded = hand.get("score", {})
            for side, score in result.score.items():
                theirs = recorded.get(side) if isinstance(recorded, dict) else None
                if not isinstance(theirs, dict):
                    problems.append(f"{where}: no score recorded for {side}")
                    continue
                for key in _NUMBERS:
                    if score[key] != theirs.get(key):
                        problems.append(f"{where}: {side} {key} is {score[key]}, the record says {theirs.get(key)!r}")
            if result.totals != hand.get("totals"):
                problems.append(f"{where}: totals are {result.totals}, the record says {hand.get('totals')}")
    except InvalidRecordError as error:
        problems.append(str(error))
        return problems
    if record.get("totals") != match.totals:
        problems.append(f"final totals are {match.totals}, the record says {record.get('totals')}")
    if record.get("winner") != match.winner:
        problems.append(f"the winner is {match.winner!r}, the record says {record.get('winner')!r}")
    return problems
