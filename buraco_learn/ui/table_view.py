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

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from buraco_learn.cards import Card, Suit
from buraco_learn.errors import BuracoError, InvalidNotationError
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.game.words import cards_list, cards_row, meld_label, plural_rank
from buraco_learn.melds import Meld
from buraco_learn.rules import Rules
from buraco_learn.scoring import burraco_word, pot_word
from buraco_learn.ui.views import card_view, face_down_view, rules_title, slot_view
from buraco_learn.vocabulary import vocabulary

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


# -- words, never notation: what the table says about cards, melds and actions ------------------------
# (the phrases themselves are buraco_learn.game.words'; here, what the table adds: the log's past tense,
# whose meld it is, the melds an action laid down, and refusals as the table shows them)
_SUIT_WORDS: Final = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}


def meld_name(meld: Meld) -> str:
    """What a meld is, in words: ``'run of hearts'``, ``'set of Queens'``.

    >>> meld_name(Meld.parse("5H 6H 7H")), meld_name(Meld.parse("QS QD 2C"))
    ('run of hearts', 'set of Queens')
    """
    if meld.kind == "run" and meld.suit is not None:
        return f"run of {_SUIT_WORDS[meld.suit]}"
    if meld.rank is not None:
        return f"set of {plural_rank(meld.rank.word)}"
    return "meld"  # pragma: no cover - every meld is a run of a suit or a set of a rank


def meld_tag(number: int) -> str:
    """The small label a meld carries on the table (stable for the meld's life): ``'3'``."""
    return str(int(number))


#: action kind -> (the verb now, the verb in the log)
_VERBS: Final = {
    A.DRAW: ("draw from the stock", "drew from the stock"),
    A.REDRAW: ("throw back the card drawn and draw another", "threw back the card drawn and drew another"),
    A.POT: ("pick up the {pot}", "picked up the {pot}"),
}


def action_words(
    action: Action,
    melds: Mapping[int, tuple[Meld, str]] | None = None,
    *,
    past: bool = False,
    laid: Sequence[tuple[int, Meld]] = (),
    taken: int | None = None,
    pot: str = "pot",
) -> str:
    """An action in words, never notation, as the table's log says it (``past``) or a lesson asks it.

    ``melds``: meld number -> (the meld, whose it is: ``'your'``, ``"their"``,
    ``"North–South's"``), to name the meld an addition or a swap goes to; ``laid``:
    the melds a meld action made (number, meld as arranged); ``taken``: how many cards
    a take moved; ``past``: the log's tense ("added" rather than "add").

    >>> action_words(Action.parse("add m3 8H"), {3: (Meld.parse("5H 6H 7H"), "your")})
    'add the 8♥ to your run of hearts (meld 3)'
    >>> action_words(Action.parse("meld 5H 6H 7H"), past=True, laid=[(4, Meld.parse("5H 6H 7H"))])
    'laid down 5♥ 6♥ 7♥, a run of hearts (meld 4)'
    >>> action_words(Action.parse("take"), past=True, taken=7), action_words(Action.parse("close 5D"))
    ('took the discard pile (7 cards)', 'close by discarding the 5♦')
    """
    kind = action.kind
    if kind in _VERBS:
        return _VERBS[kind][past].format(pot=pot)
    if kind == A.TAKE:
        if action.target is not None:
            what = "the top card" if action.target == 1 else f"the top {action.target} cards"
            return f"{'took' if past else 'take'} {what} of the discard pile"
        count = f" ({taken} card{'s' if taken != 1 else ''})" if taken is not None else ""
        return f"{'took' if past else 'take'} the discard pile{count}"
    if kind == A.DISCARD:
        return f"{'discarded' if past else 'discard'} {cards_list(action.cards)}"
    if kind == A.CLOSE:
        if action.cards:
            return f"{'closed' if past else 'close'} by discarding {cards_list(action.cards)}"
        return "closed the hand" if past else "close the hand"
    if kind == A.MELD:
        if laid:
            parts = [f"{cards_row(slot.card for slot in meld.slots)}, a {meld_name(meld)} ({meld_label(number)})"
                     for number, meld in laid]
        else:
            parts = [cards_row(group) for group in action.groups]
        return f"{'laid down' if past else 'lay down'} {' and '.join(parts)}"
    target = action.target or 0
    known = (melds or {}).get(target)
    where = f"{known[1]} {meld_name(known[0])} ({meld_label(target)})" if known else meld_label(target)
    if kind == A.ADD:
        return f"{'added' if past else 'add'} {cards_list(action.cards)} to {where}"
    if kind == A.SWAP:
        return f"put {cards_list(action.cards)} in place of the wild card in {where}"
    return kind  # pragma: no cover - every kind is handled above


_PREFIX: Final = re.compile(r"^illegal (?:action|meld) '[^']*': ")
_MELD_NUMBER: Final = re.compile(r"\b(?:meld )?m(\d+)\b")
_CARD_CODE: Final = re.compile(r"\b(10|[2-9JQKA])([SHDC])\b")


def refusal_text(refusal: str | BaseException) -> str:
    """A refusal as the table shows it: the engine's reason without its ``illegal action '...':``
    prefix, any notation left in it put into words, as a sentence.

    >>> refusal_text("illegal action 'close 2D': the final discard may not be a wild card (002 'Closing')")
    "The final discard may not be a wild card (002 'Closing')."
    >>> refusal_text("illegal action 'add m12 QD': there is no meld m12 with QD")
    'There is no meld 12 with Q♦.'
    """
    text = _PREFIX.sub("", str(refusal).strip(), count=1)
    text = _MELD_NUMBER.sub(lambda found: f"meld {found.group(1)}", text)
    text = _CARD_CODE.sub(lambda found: Card.parse(found.group(0)).unicode(), text)
    text = re.sub(r"\bJK\b", "joker", text)
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", "…")) else text + "."


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


def _melds_title(side: str, mine: bool, rules: Rules) -> str:
    """The heading over one side's melds: ``"North–South (your side)"``, or, where everyone
    plays alone (cut-throat), ``"North (you)"``.

    >>> from buraco_learn.presets import preset
    >>> _melds_title("NS", True, preset("italian")), _melds_title("N", True, preset("cutthroat"))
    ('North–South (your side)', 'North (you)')
    >>> _melds_title("E", False, preset("cutthroat"))
    'East'
    """
    name = side_word(side)
    if not mine:
        return name
    return f"{name} (you)" if vocabulary(rules).alone else f"{name} (your side)"


def meld_view_of(meld: Mapping[str, Any], rules: Rules, mine: bool, marks: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One meld on the table (``TableMeld.to_dict()`` form) as drawn: its slots, and a
    burraco's last card(s) marked ``crosswise`` (002 'Melds').

    >>> from buraco_learn import preset
    >>> meld = {"id": 1, "side": "NS", "kind": "run", "meld": "JK=5D 6D 7D 8D 9D 10D JD", "wild": [True] + [False] * 6,
    ...         "card_ids": [104, 30, 31, 32, 33, 34, 35], "burraco": "dirty"}
    >>> view = meld_view_of(meld, preset("italian"), mine=True)
    >>> view["label"], view["tag"], view["name"]
    ('meld 1, a run of diamonds, 7 cards: a dirty burraco, marked with its last card crosswise', '1', 'run of diamonds')
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
    word = burraco_word(rules)
    label = f"meld {meld_tag(number)}, a {meld_name(parsed)}, {len(cards)} cards"
    if kind:
        label += f": a {kind} {word}, marked with its last {'two cards' if turned == 2 else 'card'} crosswise"
    view_dict: dict[str, Any] = {
        "id": number,
        "key": f"m{number}",
        "tag": meld_tag(number),
        "name": meld_name(parsed),
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
        melds.append({"side": side, "name": side_word(side), "title": _melds_title(side, mine, rules), "mine": mine,
                      "melds": side_melds})

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
        "our_melds": vocabulary(rules).our_melds,
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


def status_text(table: Mapping[str, Any], *, over_text: str = "", notice: str = "") -> str:
    """One sentence for the status line (and screen readers): whose turn, and what to do.

    ``notice``: what the table has to say first (a position's goal reached), before whose turn it is.

    >>> status_text({"phase": "play", "your_turn": False, "current_name": "East"}, notice="Every goal met.")
    'Every goal met. East is playing…'
    """
    if notice:
        rest = status_text(table, over_text=over_text)
        return notice if rest == notice else f"{notice} {rest}"
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
    melds = "any meld on the table" if table.get("add_any") else table.get("our_melds", "your side's melds")
    return f"Meld, add to {melds}, or discard to end your turn."


def _side_view(score: dict[str, Any], side: str, mine: bool, melds: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """One side's score as the result panel shows it: lines about melds say which meld (two melds
    of the same cards are told apart by their order, the order the score lists them in)."""
    def words(cards: str, left: list[tuple[str, str]]) -> str | None:
        found = next((entry for entry in left if entry[0] == cards), None)
        if found is None:
            return None
        left.remove(found)
        return found[1]

    items, burracos = list(melds), list(melds)
    for item in score["items"]:
        label = str(item["label"])
        kind, _, burraco_cards = label.partition(" burraco ")
        if label.startswith("meld "):
            name = words(label[5:], items)
            item["label"] = f"{name}: {label[5:]}" if name else f"melded: {label[5:]}"
        elif burraco_cards and (name := words(burraco_cards, burracos)):
            item["label"] = f"{kind} burraco, {name}"
    named = list(melds)
    for burraco in score["burracos"]:
        name = words(" ".join(Card.parse(token.partition("=")[0]).unicode() for token in str(burraco["meld"]).split()), named)
        burraco["text"] = f"{burraco['kind']} burraco" + (f", {name}" if name else "")
    return {"side": side, "name": side_word(side), "mine": mine, **score}


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
    you: str | None = None,
    melds: Mapping[str, Sequence[tuple[str, str]]] | None = None,
) -> dict[str, Any]:
    """The hand-end panel: each side's itemised score (``SideScore``), how the hand
    ended and, in a match, the running totals. ``you``: the learner's seat (the
    ending then says "You closed the hand." when they did). ``melds``: side -> its melds
    in the order laid, each as (its cards, ``Meld.notation(unicode=True)``; its words, "run of
    hearts (meld 2)"), so that the score's lines name melds by what they are, not by their cards alone.

    At the end of a hand every player lays down what they still hold to be counted
    (002 'Scoring'), so the breakdown names those cards; before the end nothing does.
    """
    if end_reason == "closed" and closed_by:
        ending = f"{'You' if closed_by == you else seat_word(closed_by)} closed the hand."
    else:
        ending = _ENDINGS.get(end_reason or "", "The hand is over.")
    sides = [my_side] + [side for side in scores if side != my_side]
    out: dict[str, Any] = {
        "ending": ending,
        "sides": [
            _side_view(scores[side].to_dict(), side, side == my_side, (melds or {}).get(side, ()))
            for side in sides
        ],
        "counted": counted,
        "totals": [{"side": team, "name": side_word(team), "total": int(totals[team])}
                   for team in sorted(totals, key=lambda team: (team not in my_side, list(totals).index(team)))] if totals else [],
        "winner": side_word(winner) if winner else None,
    }
    return out
