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
from buraco_learn.game.state import HandState
from buraco_learn.game.words import card_text, cards_list, cards_row, meld_label
from buraco_learn.i18n import N_, _, browser_tag, language, ngettext, number
from buraco_learn.melds import Meld
from buraco_learn.problems import _BURRACOS
from buraco_learn.rules import Rules
from buraco_learn.scoring import SideScore, burraco_word, card_faces, pot_word
from buraco_learn.ui.views import card_view, face_down_view, rules_title, slot_view
from buraco_learn.vocabulary import vocabulary

SEAT_WORDS: Final = {"N": N_("North"), "E": N_("East"), "S": N_("South"), "W": N_("West")}
SORTS: Final = ("suit", "rank", "manual")
#: burraco kind -> how many of its last cards are turned crosswise (002 'Melds')
_CROSSWISE: Final = {"clean": 2, "royal": 2, "ace-to-ace": 2, "dirty": 1, "semi-clean": 1}
_PLACES: Final = {2: ("across",), 3: ("left", "right"), 4: ("left", "across", "right")}


def seat_word(seat: str) -> str:
    """``'North'`` for ``'N'``; ``'Player 2'`` for ``'P2'``."""
    if seat in SEAT_WORDS:
        return _(SEAT_WORDS[seat])
    return _("Player {n}", n=seat[1:]) if seat.startswith("P") and seat[1:].isascii() and seat[1:].isdigit() else seat


def side_word(side: str) -> str:
    """``'North–South'`` for ``'NS'``; a seat's word for a side of one."""
    if len(side) == 2 and all(letter in SEAT_WORDS for letter in side):
        return "–".join(seat_word(letter) for letter in side)
    if side.startswith("P") and "P" in side[1:]:
        return and_list([seat_word("P" + part) for part in side.split("P") if part])
    return seat_word(side)


def and_list(words: Sequence[str]) -> str:
    """``'A and B'`` (English: each joined by "and"; other languages: ``'A, B e C'``)."""
    if language() == "en" or len(words) <= 1:
        return " and ".join(words)
    return _("{items} and {last}", items=", ".join(words[:-1]), last=words[-1])


def cards_words(cards: Sequence[Card]) -> str:
    """The cards an action moves, in a sentence: English ``'the 8♥ and 9♥'``; other languages without the
    article (``'8♥ e 9♥'``), which each message's translation places itself."""
    if language() == "en":
        return cards_list(cards)
    return and_list([card_text(card) for card in cards])


# -- words, never notation: what the table says about cards, melds and actions ------------------------
# (cards and moves are said by buraco_learn.game.words; here, what the table adds: the log's past tense,
# whose meld it is, the melds an action laid down, and refusals as the table shows them)
_SUIT_WORDS: Final = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}
#: A run's name by its suit, and a set's by its rank (numbers: one message), each a whole message.
_RUN_NAMES: Final = {Suit.SPADES: N_("run of spades"), Suit.HEARTS: N_("run of hearts"),
                     Suit.DIAMONDS: N_("run of diamonds"), Suit.CLUBS: N_("run of clubs")}
_SET_NAMES: Final = {1: N_("set of Aces"), 11: N_("set of Jacks"), 12: N_("set of Queens"), 13: N_("set of Kings")}


def meld_name(meld: Meld) -> str:
    """What a meld is, in words: ``'run of hearts'``, ``'set of Queens'``.

    >>> meld_name(Meld.parse("5H 6H 7H")), meld_name(Meld.parse("QS QD 2C"))
    ('run of hearts', 'set of Queens')
    """
    if meld.kind == "run" and meld.suit is not None:
        return _(_RUN_NAMES[meld.suit])
    if meld.rank is not None:
        rank = int(meld.rank)
        return _(_SET_NAMES[rank]) if rank in _SET_NAMES else _("set of {rank}s", rank=meld.rank.word)
    return _("meld")  # pragma: no cover - every meld is a run of a suit or a set of a rank


def meld_tag(number: int) -> str:
    """The small label a meld carries on the table (stable for the meld's life): ``'3'``."""
    return str(int(number))


#: The log's sentences, by (action kind, whether the learner played it): ``{who}`` is the player's name.
_LOG: Final = {
    (A.DRAW, True): N_("You drew from the stock."),
    (A.DRAW, False): N_("{who} drew from the stock."),
    (A.REDRAW, True): N_("You threw back the card drawn and drew another."),
    (A.REDRAW, False): N_("{who} threw back the card drawn and drew another."),
    ("take-top", True): N_("You took the top card of the discard pile."),
    ("take-top", False): N_("{who} took the top card of the discard pile."),
    ("take", True): N_("You took the discard pile."),
    ("take", False): N_("{who} took the discard pile."),
    (A.DISCARD, True): N_("You discarded {cards}."),
    (A.DISCARD, False): N_("{who} discarded {cards}."),
    (A.CLOSE, True): N_("You closed by discarding {cards}."),
    (A.CLOSE, False): N_("{who} closed by discarding {cards}."),
    ("close-none", True): N_("You closed the hand."),
    ("close-none", False): N_("{who} closed the hand."),
    (A.MELD, True): N_("You laid down {melds}."),
    (A.MELD, False): N_("{who} laid down {melds}."),
}
#: Picking up the pot, by the pot's name and whether the learner did it.
_LOG_POT: Final = {
    ("pozzetto", True): N_("You picked up the pozzetto."),
    ("pozzetto", False): N_("{who} picked up the pozzetto."),
    ("morto", True): N_("You picked up the morto."),
    ("morto", False): N_("{who} picked up the morto."),
    ("pot", True): N_("You picked up the pot."),
    ("pot", False): N_("{who} picked up the pot."),
}
#: Adding to a meld and swapping a wild card, by (kind, the learner played it, whose the meld is):
#: "your" (the player's own, said to the learner), "ours" (the learner's side's, said of a partner or an
#: opponent), "their" (the player's own side's), "side" (another side, named), "" (the meld's number only).
_LOG_MELD: Final = {
    (A.ADD, True, "your"): N_("You added {cards} to your {name} ({meld})."),
    (A.ADD, True, "side"): N_("You added {cards} to {side}'s {name} ({meld})."),
    (A.ADD, True, ""): N_("You added {cards} to {meld}."),
    (A.ADD, False, "ours"): N_("{who} added {cards} to your side's {name} ({meld})."),
    (A.ADD, False, "yours"): N_("{who} added {cards} to your {name} ({meld})."),
    (A.ADD, False, "their"): N_("{who} added {cards} to their {name} ({meld})."),
    (A.ADD, False, "side"): N_("{who} added {cards} to {side}'s {name} ({meld})."),
    (A.ADD, False, ""): N_("{who} added {cards} to {meld}."),
    (A.SWAP, True, "your"): N_("You put {cards} in place of the wild card in your {name} ({meld})."),
    (A.SWAP, True, "side"): N_("You put {cards} in place of the wild card in {side}'s {name} ({meld})."),
    (A.SWAP, True, ""): N_("You put {cards} in place of the wild card in {meld}."),
    (A.SWAP, False, "ours"): N_("{who} put {cards} in place of the wild card in your side's {name} ({meld})."),
    (A.SWAP, False, "yours"): N_("{who} put {cards} in place of the wild card in your {name} ({meld})."),
    (A.SWAP, False, "their"): N_("{who} put {cards} in place of the wild card in their {name} ({meld})."),
    (A.SWAP, False, "side"): N_("{who} put {cards} in place of the wild card in {side}'s {name} ({meld})."),
    (A.SWAP, False, ""): N_("{who} put {cards} in place of the wild card in {meld}."),
}


def log_effects(action: Action, state: HandState, pile: int, melds: int) -> tuple[list[tuple[int, Meld]], int | None]:
    """What ``action``, just applied to ``state``, did for its log line (``pile``, ``melds``: their counts
    before it): the melds it laid down (number, meld as arranged) and how many cards a take moved."""
    laid = [(meld.id, meld.meld) for meld in state.melds[melds:]] if action.kind == A.MELD else []
    taken = pile - len(state.pile) if action.kind == A.TAKE else None
    return laid, taken


def log_sentence(
    action: Action,
    *,
    you: bool,
    who: str,
    melds: Mapping[int, tuple[Meld, str, str]] | None = None,
    laid: Sequence[tuple[int, Meld]] = (),
    taken: int | None = None,
    pot: str = "pot",
) -> str:
    """One line of the table's log, a whole sentence in the learner's language: ``you`` when the learner
    played ``action``, else ``who`` (the player's name) did. ``melds``: meld number -> (the meld, whose it
    is: "your", "ours", "yours", "their" or "side" (see :data:`_LOG_MELD`), the other side's name);
    ``laid``: the melds a meld action made (number, meld as arranged); ``taken``: how many cards a
    take moved; ``pot``: the pot's name.

    >>> log_sentence(Action.parse("add m3 8H"), you=False, who="East", melds={3: (Meld.parse("5H 6H 7H"), "their", "")})
    'East added the 8♥ to their run of hearts (meld 3).'
    >>> from buraco_learn.i18n import use
    >>> with use("it"):
    ...     log_sentence(Action.parse("take"), you=True, who="", taken=7)
    'Hai raccolto gli scarti (7 carte).'
    """
    kind = action.kind
    if kind == A.POT:
        return _(_LOG_POT.get((pot, you), _LOG_POT[("pot", you)]), who=who)
    if kind == A.TAKE:
        if action.target is not None:
            if action.target == 1:
                return _(_LOG[("take-top", you)], who=who)
            if you:
                return ngettext("You took the top {n} card of the discard pile.", "You took the top {n} cards of the discard pile.",
                                action.target)
            return ngettext("{who} took the top {n} card of the discard pile.", "{who} took the top {n} cards of the discard pile.",
                            action.target, who=who)
        if taken is None:
            return _(_LOG[("take", you)], who=who)
        if you:
            return ngettext("You took the discard pile ({n} card).", "You took the discard pile ({n} cards).", taken)
        return ngettext("{who} took the discard pile ({n} card).", "{who} took the discard pile ({n} cards).", taken, who=who)
    if kind in (A.DISCARD, A.CLOSE) and action.cards:
        return _(_LOG[(kind, you)], who=who, cards=cards_words(action.cards))
    if kind == A.CLOSE:
        return _(_LOG[("close-none", you)], who=who)
    if kind == A.MELD:
        if laid:
            parts = [_("{cards}, a {name} ({meld})", cards=cards_row([slot.card for slot in meld.slots]), name=meld_name(meld),
                       meld=meld_label(number)) for number, meld in laid]
        else:
            parts = [cards_row(group) for group in action.groups]
        joined = " and ".join(parts) if language() == "en" else and_list(parts)
        return _(_LOG[(A.MELD, you)], who=who, melds=joined)
    if kind in (A.ADD, A.SWAP):
        target = action.target or 0
        known = (melds or {}).get(target)
        whose = known[1] if known else ""
        if you and whose in ("ours", "yours"):  # pragma: no cover - the learner's own side is "your" to them
            whose = "your"
        key = (kind, you, whose)
        return _(_LOG_MELD[key], who=who, cards=cards_words(action.cards), meld=meld_label(target),
                 name=meld_name(known[0]) if known else "", side=known[2] if known else "")
    return _(_LOG.get((kind, you), "{who} {kind}."), who=who, kind=kind)  # draw, redraw


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
    if language() != "en":
        text = _translated_prefix().sub("", text, count=1)
    text = _MELD_NUMBER.sub(lambda found: meld_label(int(found.group(1))), text)
    text = _CARD_CODE.sub(lambda found: Card.parse(found.group(0)).unicode(), text)
    text = re.sub(r"\bJK\b", _("joker"), text)
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", "…")) else text + "."


def _translated_prefix() -> re.Pattern[str]:
    """The engine's "illegal action '...': " as the current language writes it (turnrules' message)."""
    template = _("illegal action {action}: {reason}")
    head, _sep, rest = template.partition("{action}")
    middle = rest.partition("{reason}")[0]
    return re.compile("^" + re.escape(head) + r"'[^']*'" + re.escape(middle))


def crosswise(kind: str | None) -> int:
    """How many of a burraco's last cards are turned crosswise: 2 clean, 1 dirty (002 'Melds')."""
    return _CROSSWISE.get(kind or "", 0)


def card_id(physical: int) -> str:
    """The browser's id of a card the learner sees."""
    return f"c{physical}"


def physical_id(browser_id: Any) -> int:
    """The physical id behind a browser id ``cN``; anything else raises."""
    if isinstance(browser_id, str) and browser_id[:1] == "c" and browser_id[1:].isascii() and browser_id[1:].isdigit():
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
    return _("{name} (you)", name=name) if vocabulary(rules).alone else _("{name} (your side)", name=name)


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
            view["label"] = _("{card}, turned crosswise", card=view["label"])
    number = int(meld["id"])
    word = burraco_word(rules)
    label = ngettext("{meld}, a {name}, {n} card", "{meld}, a {name}, {n} cards", len(cards), meld=meld_label(number),
                     name=meld_name(parsed))
    if kind:
        if language() == "en":
            label += f": a {kind} {word}, marked with its last {'two cards' if turned == 2 else 'card'} crosswise"
        elif (kind, word) in _BURRACOS:
            burraco = _(_BURRACOS[(kind, word)])
            label = (_("{label}: {burraco}, marked with its last two cards crosswise", label=label, burraco=burraco)
                     if turned == 2 else _("{label}: {burraco}, marked with its last card crosswise", label=label, burraco=burraco))
    view_dict: dict[str, Any] = {
        "id": number,
        "key": f"m{number}",
        "tag": meld_tag(number),
        "tag_text": meld_label(number),
        "add_label": _("Add the selected cards to {meld}", meld=meld_label(number)),
        "swap_label": _("Swap the selected card for the wild card in {meld}", meld=meld_label(number)),
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


#: A pot by its name: a side's, and one of nobody yet.
_POT_OWNED: Final = {"pozzetto": N_("{side}'s pozzetto"), "morto": N_("{side}'s morto"), "pot": N_("{side}'s pot")}
_POT_ANY: Final = {"pozzetto": N_("a pozzetto"), "morto": N_("a morto"), "pot": N_("a pot")}
#: The table's other sentences that name the pot, by its name.
_POTS_TITLE: Final = {"pozzetto": N_("The pozzettos"), "morto": N_("The mortos"), "pot": N_("The pots")}
_PICK_UP: Final = {"pozzetto": N_("Pick up the pozzetto"), "morto": N_("Pick up the morto"), "pot": N_("Pick up the pot")}
_EMPTIED: Final = {
    "pozzetto": N_("You have emptied your hand: pick up your pozzetto."),
    "morto": N_("You have emptied your hand: pick up your morto."),
    "pot": N_("You have emptied your hand: pick up your pot."),
}
#: The bots' levels by name (:func:`buraco_learn.bots.available_levels`).
LEVEL_WORDS: Final = {"random": N_("random"), "beginner": N_("beginner"), "intermediate": N_("intermediate"),
                      "strong": N_("strong")}
#: The bot speeds the table offers: (seconds, name).
PACES: Final = ((0.0, N_("Instant")), (0.3, N_("Fast")), (0.8, N_("Normal")), (1.5, N_("Slow")), (3.0, N_("Very slow")))


def _pot_waits(word: str, n: int) -> str:
    """The learner's pot waiting face down, by its name (one plural message per name)."""
    if word == "pozzetto":
        return ngettext("your pozzetto waits face down ({n} card)", "your pozzetto waits face down ({n} cards)", n)
    if word == "morto":
        return ngettext("your morto waits face down ({n} card)", "your morto waits face down ({n} cards)", n)
    return ngettext("your pot waits face down ({n} card)", "your pot waits face down ({n} cards)", n)


def _pot_text(table: Mapping[str, Any], messages: Mapping[str, str]) -> str:
    return _(messages.get(str(table.get("pot_word")), messages["pot"]))


def player_texts(player: Mapping[str, Any]) -> dict[str, str]:
    """What the table writes about another player (all public: their name, role, level and card count)."""
    role = _("your partner") if player["role"] == "partner" else _("opponent")
    level = str(player.get("level") or "")
    bot = _(", {level} bot", level=_(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level) if level else ""
    count = int(player["count"])
    cards = ngettext("{n} card", "{n} cards", count)
    return {
        "role_text": role,
        "bot_text": bot,
        "count_text": cards,
        "label": _("{name}, {role}{bot}: {cards}", name=player["name"], role=role, bot=bot, cards=cards),
        "hand_label": _("{name}'s hand", name=player["name"]),
        "pending_text": _(" · pot waiting ({n})", n=int(player.get("pending_pot", 0))) if player.get("pending_pot") else "",
    }


def pile_label(pile: Mapping[str, Any]) -> str:
    """The discard pile for screen readers: how many cards, the top one, and whether only it shows."""
    size = int(pile["size"])
    if not size:
        return _("Discard pile: empty")
    cards = pile["cards"]
    top = cards[-1] if cards else None
    count = ngettext("{n} card", "{n} cards", size)
    only_top = pile.get("visible") == "top"
    if top is not None and not top.get("face_down"):
        if only_top:
            return _("Discard pile: {cards}, {top} on top; only the top card shows", cards=count, top=top["label"])
        return _("Discard pile: {cards}, {top} on top", cards=count, top=top["label"])
    if only_top:
        return _("Discard pile: {cards}; only the top card shows", cards=count)
    return _("Discard pile: {cards}", cards=count)


def table_labels(table: Mapping[str, Any]) -> dict[str, Any]:
    """Every word the table's front end writes that does not come with a thing it draws, in the learner's
    language: buttons, headings, aria-labels. ``meld_n``: the Meld button's text by how many cards are
    selected (0 to the hand's size); ``take_depth``: a pile card's "take the top N cards", by N."""
    hand = len(table.get("hand", ()))
    pile = table.get("pile") or {}
    take = pile.get("take")
    return {
        "lost": _("The connection to the game was lost. Reload the page to continue; your game is saved."),
        "reload": _("Reload the page"),
        "display_options": _("Display options"),
        "four_colour": _("Four-colour deck"),
        "large": _("Large cards"),
        "show_legal": _("Show legal plays"),
        "bot_speed": _("Bot speed "),
        "paces": [[value, _(name)] for value, name in PACES],
        "pace_seconds": _("{pace} s"),
        "to_play": _(" ◀ to play"),
        "known": _(", known: taken from the pile"),
        "middle": _("The middle of the table"),
        "stock": ngettext("Stock: {n} card face down", "Stock: {n} cards face down", int(table.get("stock", 0))),
        "pile": pile_label(pile) if pile else _("Discard pile: empty"),
        "take_depth": [ngettext(": take the top {n} card", ": take the top {n} cards", n) for n in range(int(pile.get("size", 0)) + 1)],
        "pots": _pot_text(table, _POTS_TITLE),
        "melds": _("Melds on the table"),
        "no_melds": _("No melds yet."),
        "add": _("Add"),
        "swap": _("Swap wild"),
        "hand": ngettext("Your hand: {n} card; Space selects, Alt+arrows move a card",
                         "Your hand: {n} cards; Space selects, Alt+arrows move a card", hand),
        "new": _(", new"),
        "hand_box": _("Your hand ({you})", you=table.get("you", "")),
        "hand_title": _("Your hand · {you}", you=table.get("you", "")),
        "pot_waits": _pot_waits(str(table.get("pot_word")), int(table["pending_pot"])) if table.get("pending_pot") else "",
        "actions": _("Your actions"),
        "draw": _("Draw"),
        "take": _("Take the whole pile") if take == "any-depth" else _("Take the top card") if take == "top" else _("Take the pile"),
        "redraw": _("Throw back and redraw"),
        "meld": _("Meld"),
        "meld_n": [_("Meld")] + [ngettext("Meld {n} card", "Meld {n} cards", n) for n in range(1, hand + 1)],
        "discard": _("Discard"),
        "close": _("Close"),
        "pot": _pot_text(table, _PICK_UP),
        "move_left": _("Move left"),
        "move_right": _("Move right"),
        "by_suit": _("By suit"),
        "by_rank": _("By rank"),
        "help": _("Help"),
        "hint": _("Hint"),
        "hint_again": _("Hint (again)"),
        "hint_more": _("Hint (more)"),
        "undo": _("Undo"),
        "hurry": _("Play on now"),
        "comments": _("Coach's comments"),
        "comments_title": _("After each of your moves the coach says whether it would have played the same, and why"),
        "coach": _("Coach: "),
        "score": _("The hand's score"),
        "review_title": _("The coach's review"),
        "replay": _("Play the same deal again"),
        "next_hand": _("Next hand"),
        "review": _("Review my play with the coach"),
        "log": _("Moves this hand, newest last"),
        "log_title": _("Moves this hand"),
    }


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
        players[-1].update(player_texts(players[-1]))

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
    pile["label"] = pile_label(pile)

    word = pot_word(rules)
    taken_by = {index: side for side, index in view.get("pots_taken", {}).items()}
    pots = []
    for index, pot in enumerate(view["pots"]):
        owner = pot["owner"]
        whose = (_(_POT_OWNED.get(word, _POT_OWNED["pot"]), side=side_word(owner)) if owner
                 else _(_POT_ANY.get(word, _POT_ANY["pot"])))
        if pot["left"]:
            state = "waiting"
            text = ngettext("{pot}: {n} card face down", "{pot}: {n} cards face down", int(pot["size"]), pot=whose)
        else:
            taker = taken_by.get(index)
            state = "taken"
            text = _("{pot}: taken by {side}", pot=whose, side=side_word(taker)) if taker else _("{pot}: taken", pot=whose)
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
        "scoreline": " · ".join(f"{side_word(team)} {number(int(totals[team]))}" for team in mine_first),
        "locale": browser_tag(),
        "alone": vocabulary(rules).alone,
        "must_meld": must,
        "add_any": rules.add_to_any_meld,
        "redraw_rule": rules.first_turn_redraw,
        "highlight": marks is not None,
    }
    if marks is not None:
        table["legal"] = {key: marks[key] for key in ("kinds", "meld_cards", "discard_cards", "add_to", "swap_in", "depths")}
    table["labels"] = table_labels(table)
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
        return over_text or _("The hand is over.")
    if not table["your_turn"]:
        return _("{name} is playing…", name=table["current_name"])
    phase = table["phase"]
    if phase == "draw":
        return _("Your turn: draw from the stock or take the discard pile.")
    if phase == "pot":
        return _pot_text(table, _EMPTIED)
    if table.get("must_meld"):
        card = Card.parse(table["must_meld"]).unicode()
        return _("Meld the {card} you took from the pile, then meld, add or discard.", card=card)
    if table.get("add_any"):
        return _("Meld, add to any meld on the table, or discard to end your turn.")
    if table.get("alone", table.get("our_melds") == "your melds"):
        return _("Meld, add to your melds, or discard to end your turn.")
    return _("Meld, add to your side's melds, or discard to end your turn.")


#: A burraco's line in the score, by (kind, the ruleset's word): named by its meld, and alone.
_BURRACO_ITEM: Final = {
    ("clean", "burraco"): N_("clean burraco, {name}"),
    ("semi-clean", "burraco"): N_("semi-clean burraco, {name}"),
    ("dirty", "burraco"): N_("dirty burraco, {name}"),
    ("royal", "burraco"): N_("royal burraco, {name}"),
    ("ace-to-ace", "burraco"): N_("ace-to-ace burraco, {name}"),
    ("clean", "canasta"): N_("clean canasta, {name}"),
    ("semi-clean", "canasta"): N_("semi-clean canasta, {name}"),
    ("dirty", "canasta"): N_("dirty canasta, {name}"),
    ("royal", "canasta"): N_("royal canasta, {name}"),
    ("ace-to-ace", "canasta"): N_("ace-to-ace canasta, {name}"),
    ("clean", "canastra"): N_("clean canastra, {name}"),
    ("semi-clean", "canastra"): N_("semi-clean canastra, {name}"),
    ("dirty", "canastra"): N_("dirty canastra, {name}"),
    ("royal", "canastra"): N_("royal canastra, {name}"),
    ("ace-to-ace", "canastra"): N_("ace-to-ace canastra, {name}"),
}
_BURRACO_KIND: Final = {
    ("clean", "burraco"): N_("clean burraco"),
    ("semi-clean", "burraco"): N_("semi-clean burraco"),
    ("dirty", "burraco"): N_("dirty burraco"),
    ("royal", "burraco"): N_("royal burraco"),
    ("ace-to-ace", "burraco"): N_("ace-to-ace burraco"),
    ("clean", "canasta"): N_("clean canasta"),
    ("semi-clean", "canasta"): N_("semi-clean canasta"),
    ("dirty", "canasta"): N_("dirty canasta"),
    ("royal", "canasta"): N_("royal canasta"),
    ("ace-to-ace", "canasta"): N_("ace-to-ace canasta"),
    ("clean", "canastra"): N_("clean canastra"),
    ("semi-clean", "canastra"): N_("semi-clean canastra"),
    ("dirty", "canastra"): N_("dirty canastra"),
    ("royal", "canastra"): N_("royal canastra"),
    ("ace-to-ace", "canastra"): N_("ace-to-ace canastra"),
}
def _side_view(side_score: SideScore, side: str, mine: bool, melds: Sequence[tuple[str, str]], word: str = "burraco") -> dict[str, Any]:
    """One side's score as the result panel shows it: lines about melds say which meld (two melds
    of the same cards are told apart by their order, the order the score lists them in); the other
    lines as the score says them in the learner's language (:meth:`ScoreItem.text`)."""
    score = side_score.to_dict()
    texts = [item.text() for item in side_score.items()]
    def words(cards: str, left: list[tuple[str, str]]) -> str | None:
        found = next((entry for entry in left if entry[0] == cards), None)
        if found is None:
            return None
        left.remove(found)
        return found[1]

    english = language() == "en"
    items, burracos = list(melds), list(melds)
    for item, text in zip(score["items"], texts):
        label = str(item["label"])
        kind, _sep, burraco_cards = label.partition(" burraco " if english else f" {word} ")
        if label.startswith("meld "):
            name = words(label[5:], items)
            item["label"] = f"{name}: {card_faces(label[5:])}" if name else _("melded: {cards}", cards=card_faces(label[5:]))
        elif burraco_cards and (name := words(burraco_cards, burracos)):
            item["label"] = (f"{kind} burraco, {name}" if english
                             else _(_BURRACO_ITEM[(kind, word)], name=name) if (kind, word) in _BURRACO_ITEM else label)
        else:
            item["label"] = text
    named = list(melds)
    for burraco in score["burracos"]:
        name = words(" ".join(Card.parse(token.partition("=")[0]).unicode() for token in str(burraco["meld"]).split()), named)
        if english:
            burraco["text"] = f"{burraco['kind']} burraco" + (f", {name}" if name else "")
        else:
            key = (str(burraco["kind"]), word)
            burraco["text"] = (_(_BURRACO_ITEM[key], name=name) if name else _(_BURRACO_KIND[key])) if key in _BURRACO_KIND else str(burraco["kind"])
    return {"side": side, "name": side_word(side), "mine": mine, **score}


_ENDINGS: Final = {
    "stock": N_("The stock ran out: the hand is over."),
    "stalemate": N_("Stalemate: four single-card pile exchanges in a row end the hand."),
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
    word: str = "burraco",
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
        ending = _("You closed the hand.") if closed_by == you else _("{who} closed the hand.", who=seat_word(closed_by))
    else:
        ending = _(_ENDINGS.get(end_reason or "", N_("The hand is over.")))
    sides = [my_side] + [side for side in scores if side != my_side]
    standing: list[dict[str, Any]] = [{"side": team, "name": side_word(team), "total": int(totals[team])}
                for team in sorted(totals, key=lambda team: (team not in my_side, list(totals).index(team)))] if totals else []
    match = ", ".join(f"{entry['name']} {number(entry['total'])}" for entry in standing)
    out: dict[str, Any] = {
        "ending": ending,
        "sides": [
            _side_view(scores[side], side, side == my_side, (melds or {}).get(side, ()), word)
            for side in sides
        ],
        "counted": counted,
        "totals": standing,
        "totals_text": (_("Match: {totals}", totals=match) if counted else _("Match: {totals} (this replay does not count)", totals=match))
                       if standing else "",
        "winner": side_word(winner) if winner else None,
        "winner_text": _("{side} win the match.", side=side_word(winner)) if winner else "",
    }
    return out
