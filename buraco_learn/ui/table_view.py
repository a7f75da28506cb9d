"""What the card table draws, derived from one seat's view only (pure Python, no Jupyter).

:func:`present` turns ``PlayerView.to_dict()`` (the learner's view: their own hand,
what is public, and nothing else) into the JSON the table's front end draws: the
hand in the learner's order, both sides' melds grouped by side with burracos
marked as 002 says (clean: the last two cards crosswise; dirty: the last card),
the discard pile (spread, or the top card only under the closed modes), the other
players as face-down cards (each only "face-down card"), the stock and the pots as
counts, whose turn it is and the score. Nothing here can reach a hidden card: the
input holds none.

Card ids in the browser are ``c`` + the physical id for cards the learner sees and
``SEAT-N`` (or ``stock-N``/``pot-N``) for face-down cards, so a face-down card's
id says nothing about its face.

>>> import random
>>> from buraco_learn import preset
>>> from buraco_learn.game import HandState
>>> state = HandState.new(preset("italian"), random.Random(2), dealer=3)
>>> table = present(state.view(0).to_dict(), preset("italian"))
>>> table["you"], table["your_turn"], len(table["hand"]), table["stock"]
('North', True, 11, 41)
>>> [(seat["seat"], seat["place"], seat["role"], seat["count"]) for seat in table["players"]]
[('E', 'left', 'opponent', 11), ('S', 'across', 'partner', 11), ('W', 'right', 'opponent', 11)]
>>> table["players"][0]["cards"][0]
{'id': 'E-0', 'face_down': True, 'label': 'face-down card'}
>>> crosswise("clean"), crosswise("dirty"), crosswise(None)
(2, 1, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from buraco_learn.cards import Card
from buraco_learn.errors import BuracoError, InvalidNotationError
from buraco_learn.game.actions import Action
from buraco_learn.melds import Meld
from buraco_learn.rules import Rules
from buraco_learn.scoring import burraco_word, pot_word
from buraco_learn.ui.views import card_view, face_down_view, rules_title, slot_view

SEAT_WORDS: Final = {"N": "North", "E": "East", "S": "South", "W": "West"}
SORTS: Final = ("suit", "rank", "manual")
#: burraco kind -> how many of its last cards are turned crosswise (002 'Melds')
_CROSSWISE: Final = {"clean": 2, "royal": 2, "ace-to-ace": 2, "dirty": 1, "semi-clean": 1}
_PLACES: Final = {2: ("across",), 3: ("left", "right"), 4: ("left", "across", "right")}


def seat_word(seat: str) -> str:
    """``'North'`` for ``'N'``; ``'Player 2'`` for ``'P2'``."""
    if seat in SEAT_WORDS:
        return SEAT_WORDS[seat]
    return f"Player {seat[1:]}" if seat.startswith("P") and seat[1:].isdigit() else seat


def side_word(side: str) -> str:
    """``'North–South'`` for ``'NS'``; a seat's word for a side of one."""
    if len(side) == 2 and all(letter in SEAT_WORDS for letter in side):
        return "–".join(SEAT_WORDS[letter] for letter in side)
    if side.startswith("P") and "P" in side[1:]:
        return " and ".join(seat_word("P" + part) for part in side.split("P") if part)
    return seat_word(side)


def crosswise(kind: str | None) -> int:
    """How many of a burraco's last cards are turned crosswise: 2 clean, 1 dirty (002 'Melds')."""
    return _CROSSWISE.get(kind or "", 0)


def card_id(physical: int) -> str:
    """The browser's id of a card the learner sees."""
    return f"c{physical}"


def physical_id(browser_id: Any) -> int:
    """The physical id behind a browser id ``cN``; anything else raises."""
    if isinstance(browser_id, str) and browser_id[:1] == "c" and browser_id[1:].isdigit():
        return int(browser_id[1:])
    raise BuracoError(f"{browser_id!r} is not a card of your hand")


def _sort_key(how: str) -> Any:
    def key(entry: Mapping[str, Any]) -> tuple[int, int, int]:
        card = Card.parse(entry["card"])
        if card.is_joker or card.rank is None or card.suit is None:
            return (9, 99, entry["id"])
        if how == "rank":
            return (int(card.rank), int(card.suit), entry["id"])
        return (int(card.suit), int(card.rank), entry["id"])

    return key


def hand_order(hand: Sequence[Mapping[str, Any]], how: str, previous: Sequence[str] = ()) -> list[str]:
    """The learner's hand in display order (browser ids).

    ``how`` is 'suit' (♠ ♥ ♦ ♣, then rank), 'rank' (then suit) or 'manual': keep
    ``previous`` for cards still held and put new cards at the end.

    >>> hand = [{"id": 3, "card": "4S"}, {"id": 60, "card": "9H"}, {"id": 104, "card": "JK"}, {"id": 5, "card": "6S"},
    ...         {"id": 17, "card": "5H"}]
    >>> hand_order(hand, "suit")
    ['c3', 'c5', 'c17', 'c60', 'c104']
    >>> hand_order(hand, "rank")
    ['c3', 'c17', 'c5', 'c60', 'c104']
    >>> hand_order(hand, "manual", ["c60", "c3"])
    ['c60', 'c3', 'c104', 'c5', 'c17']
    """
    if how not in SORTS:
        raise BuracoError(f"unknown sort order {how!r}: choose one of {', '.join(SORTS)}")
    if how != "manual":
        return [card_id(entry["id"]) for entry in sorted(hand, key=_sort_key(how))]
    held = [card_id(entry["id"]) for entry in hand]
    kept = [key for key in previous if key in held]
    return kept + [key for key in held if key not in kept]


def _legal_actions(notations: Iterable[str]) -> list[Action]:
    out = []
    for text in notations:
        try:
            out.append(Action.parse(text))
        except InvalidNotationError:  # pragma: no cover - the engine writes its own notation
            continue
    return out


def legal_marks(notations: Iterable[str]) -> dict[str, Any]:
    """What the legal actions say about each control: kinds, cards (notation) and melds.

    >>> marks = legal_marks(["meld 5H 6H 7H", "add m2 8C", "discard 9S", "discard 5H"])
    >>> sorted(marks["kinds"]), sorted(marks["meld_cards"]), marks["add_to"], sorted(marks["discard_cards"])
    (['add', 'discard', 'meld'], ['5H', '6H', '7H'], [2], ['5H', '9S'])
    """
    kinds: set[str] = set()
    cards: set[str] = set()
    meld_cards: set[str] = set()
    discard_cards: set[str] = set()
    add_to: set[int] = set()
    swap_in: set[int] = set()
    depths: set[int] = set()
    for action in _legal_actions(notations):
        kinds.add(action.kind)
        used = [card.notation() for group in action.groups for card in group] + [card.notation() for card in action.cards]
        cards.update(used)
        if action.kind == "meld":
            meld_cards.update(used)
        elif action.kind in ("discard", "close"):
            discard_cards.update(used)
        elif action.kind == "add" and action.target is not None:
            add_to.add(action.target)
        elif action.kind == "swap" and action.target is not None:
            swap_in.add(action.target)
        elif action.kind == "take" and action.target is not None:
            depths.add(action.target)
    return {
        "kinds": sorted(kinds),
        "cards": sorted(cards),
        "meld_cards": sorted(meld_cards),
        "discard_cards": sorted(discard_cards),
        "add_to": sorted(add_to),
        "swap_in": sorted(swap_in),
        "depths": sorted(depths),
    }


def meld_view_of(meld: Mapping[str, Any], rules: Rules, mine: bool, marks: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One meld on the table (``TableMeld.to_dict()`` form) as drawn: its slots, and a
    burraco's last card(s) marked ``crosswise`` (002 'Melds').

    >>> from buraco_learn import preset
    >>> meld = {"id": 1, "side": "NS", "kind": "run", "meld": "JK=5D 6D 7D 8D 9D 10D JD", "wild": [True] + [False] * 6,
    ...         "card_ids": [104, 30, 31, 32, 33, 34, 35], "burraco": "dirty"}
    >>> view = meld_view_of(meld, preset("italian"), mine=True)
    >>> view["label"]
    'meld m1, a run of 7: a dirty burraco, marked with its last card crosswise'
    >>> [card.get("crosswise", False) for card in view["cards"]][-2:], view["cards"][-1]["label"]
    ([False, True], 'Jack of diamonds, turned crosswise')
    """
    ids = [card_id(physical) for physical in meld["card_ids"]]
    parsed = Meld.parse(meld["meld"], rules)
    if len(parsed.slots) == len(ids):
        cards = [slot_view(slot, key) for slot, key in zip(parsed.slots, ids)]
    else:  # pragma: no cover - the engine's notation always parses back to its slots
        cards = [card_view(Card.parse(text), key) for text, key in zip(meld["cards"], ids)]
    kind = meld.get("burraco")
    turned = crosswise(kind)
    for index, view in enumerate(cards):
        if index >= len(cards) - turned:
            view["crosswise"] = True
            view["label"] += ", turned crosswise"
    number = int(meld["id"])
    what = "run" if meld["kind"] == "run" else "set"
    word = burraco_word(rules)
    label = f"meld m{number}, a {what} of {len(cards)}"
    if kind:
        label += f": a {kind} {word}, marked with its last {'two cards' if turned == 2 else 'card'} crosswise"
    view_dict: dict[str, Any] = {
        "id": number,
        "key": f"m{number}",
        "kind": meld["kind"],
        "burraco": kind,
        "crosswise": turned,
        "label": label,
        "notation": meld["meld"],
        "mine": mine,
        "has_wild": any(meld["wild"]),
        "cards": cards,
    }
    if marks is not None:
        view_dict["can_add"] = number in marks["add_to"]
        view_dict["can_swap"] = number in marks["swap_in"]
    return view_dict


def present(
    view: Mapping[str, Any],
    rules: Rules,
    *,
    order: Sequence[str] | None = None,
    highlight: bool = False,
    levels: Mapping[str, str] | None = None,
    fresh: Iterable[str] = (),
    scores: Mapping[str, int] | None = None,
) -> dict[str, Any]:
    """The table as the learner sees it, from ``PlayerView.to_dict()`` of the learner's seat.

    ``order``: the hand's display order (browser ids; cards not in it go last).
    ``highlight``: mark the cards, melds and controls of legal plays (from the
    view's own list of legal actions). ``levels``: seat -> bot level, shown by name.
    ``fresh``: ids of cards just drawn or taken (marked for the eye). ``scores``: the
    match's totals by team (public), instead of the view's.
    """
    seats: list[str] = list(view["seats"])
    me: str = view["seat"]
    my_index = seats.index(me)
    side_of = dict(zip(seats, view["side_of"]))
    my_side = side_of[me]
    marks = legal_marks(view.get("legal", ())) if highlight else None
    fresh_ids = set(fresh)

    by_id = {card_id(entry["id"]): entry for entry in view["hand"]}
    shown = [key for key in (order or ()) if key in by_id]
    shown += [key for key in (card_id(entry["id"]) for entry in view["hand"]) if key not in shown]
    must = view.get("must_meld")
    hand = []
    for key in shown:
        card = Card.parse(by_id[key]["card"])
        item = card_view(card, key)
        item["wild"] = rules.is_wild(card)
        if key in fresh_ids:
            item["fresh"] = True
        if must is not None and card.notation() == must:
            item["must_meld"] = True
        if marks is not None:
            item["legal"] = card.notation() in marks["cards"]
        hand.append(item)

    places = _PLACES.get(len(seats), tuple(f"seat-{n}" for n in range(1, len(seats))))
    players = []
    known: Mapping[str, list[str]] = view.get("known", {})
    pending: Mapping[str, int] = view.get("pending_pots", {})
    for offset in range(1, len(seats)):
        seat = seats[(my_index + offset) % len(seats)]
        count = int(view["hand_counts"][seat])
        shown_known = [card_view(Card.parse(text), f"{seat}-k{n}") for n, text in enumerate(known.get(seat, []))]
        hidden = count - len(shown_known)
        players.append({
            "seat": seat,
            "name": seat_word(seat),
            "place": places[offset - 1],
            "role": "partner" if side_of[seat] == my_side else "opponent",
            "level": (levels or {}).get(seat, ""),
            "count": count,
            "cards": [face_down_view(f"{seat}-{n}") for n in range(hidden)],
            "known": shown_known,
            "pending_pot": int(pending.get(seat, 0)),
            "current": view["current"] == seat,
        })

    sides: list[str] = list(view["sides"])
    ordered_sides = [my_side] + [side for side in sides if side != my_side]
    melds = []
    for side in ordered_sides:
        mine = side == my_side
        side_melds = [meld_view_of(meld, rules, mine, marks) for meld in view["melds"] if meld["side"] == side]
        melds.append({"side": side, "name": side_word(side), "mine": mine, "melds": side_melds})

    pile_cards = [card_view(Card.parse(entry["card"]), card_id(entry["id"])) for entry in view["pile"]]
    pile_size = int(view["pile_size"])
    hidden_pile = pile_size - len(pile_cards)
    pile = {
        "visible": view["pile_visible"],
        "take": rules.pile_take,
        "size": pile_size,
        "cards": [face_down_view(f"pile-{n}") for n in range(hidden_pile)] + pile_cards,
        "depths": marks["depths"] if marks is not None else [],
    }

    word = pot_word(rules)
    taken_by = {index: side for side, index in view.get("pots_taken", {}).items()}
    pots = []
    for index, pot in enumerate(view["pots"]):
        owner = pot["owner"]
        whose = f"{side_word(owner)}'s {word}" if owner else f"a {word}"
        if pot["left"]:
            state, text = "waiting", f"{whose}: {pot['size']} cards face down"
        else:
            taker = taken_by.get(index)
            state, text = "taken", f"{whose}: taken" + (f" by {side_word(taker)}" if taker else "")
        pots.append({"index": index, "owner": owner, "size": pot["size"], "state": state, "label": text})

    totals = dict(view.get("scores", {}) if scores is None else scores)
    if scores is None:
        for side in sides:
            totals.setdefault(side, 0)
    mine_first = sorted(totals, key=lambda team: (not (team == my_side or me in team), list(totals).index(team)))
    your_turn = view["current"] == me and view["phase"] != "over"
    table: dict[str, Any] = {
        "rules": rules_title(rules),
        "seat": me,
        "you": seat_word(me),
        "side": my_side,
        "current": view["current"],
        "current_name": seat_word(view["current"]),
        "your_turn": your_turn,
        "phase": view["phase"],
        "turn": view["turn"],
        "last_turn": bool(view.get("last_turn")),
        "hand": hand,
        "players": players,
        "melds": melds,
        "pile": pile,
        "stock": int(view["stock_size"]),
        "pots": pots,
        "pot_word": word,
        "burraco_word": burraco_word(rules),
        "pending_pot": int(pending.get(me, 0)),
        "scores": [{"side": team, "name": side_word(team), "total": int(totals[team])} for team in mine_first],
        "must_meld": must,
        "add_any": rules.add_to_any_meld,
        "redraw_rule": rules.first_turn_redraw,
        "highlight": marks is not None,
    }
    if marks is not None:
        table["legal"] = {key: marks[key] for key in ("kinds", "meld_cards", "discard_cards", "add_to", "swap_in", "depths")}
    return table


def status_text(table: Mapping[str, Any], *, over_text: str = "") -> str:
    """One sentence for the status line (and screen readers): whose turn, and what to do."""
    if table["phase"] == "over":
        return over_text or "The hand is over."
    if not table["your_turn"]:
        return f"{table['current_name']} is playing…"
    phase = table["phase"]
    if phase == "draw":
        return "Your turn: draw from the stock or take the discard pile."
    if phase == "pot":
        return f"You have emptied your hand: pick up your {table['pot_word']}."
    if table.get("must_meld"):
        card = Card.parse(table["must_meld"]).unicode()
        return f"Meld the {card} you took from the pile, then meld, add or discard."
    return "Meld, add to your side's melds, or discard to end your turn."


_ENDINGS: Final = {
    "stock": "The stock ran out: the hand is over.",
    "stalemate": "Stalemate: four single-card pile exchanges in a row end the hand.",
}


def result_view(
    scores: Mapping[str, Any],
    *,
    end_reason: str | None,
    closed_by: str | None,
    my_side: str,
    totals: Mapping[str, int] | None = None,
    counted: bool = True,
    winner: str | None = None,
) -> dict[str, Any]:
    """The hand-end panel: each side's itemised score (``SideScore``), how the hand
    ended and, in a match, the running totals.

    At the end of a hand every player lays down what they still hold to be counted
    (002 'Scoring'), so the breakdown names those cards; before the end nothing does.
    """
    if end_reason == "closed" and closed_by:
        ending = f"{seat_word(closed_by)} closed the hand."
    else:
        ending = _ENDINGS.get(end_reason or "", "The hand is over.")
    sides = [my_side] + [side for side in scores if side != my_side]
    out: dict[str, Any] = {
        "ending": ending,
        "sides": [
            {
                "side": side,
                "name": side_word(side),
                "mine": side == my_side,
                **scores[side].to_dict(),
            }
            for side in sides
        ],
        "counted": counted,
        "totals": [{"side": team, "name": side_word(team), "total": int(totals[team])}
                   for team in sorted(totals, key=lambda team: (team not in my_side, list(totals).index(team)))] if totals else [],
        "winner": side_word(winner) if winner else None,
    }
    return out
