"""Actions and melds in a learner's words, never in action notation.

One place for the phrases every learner-facing text uses (the table's status, log and
refusals, the coach, the replayer): cards as ``5♥``, melds by what they are ("the run
of hearts 5♥ to 8♥", "the set of Queens") with the number the table shows beside
them, actions as sentences ("add the 8♥ and 9♥ to the run of hearts (meld 2)").

>>> from buraco_learn.game.actions import Action
>>> action_words(Action.parse("meld 5H 6H 7H | KS KD KH"))
'lay down 5♥ 6♥ 7♥ and K♠ K♦ K♥'
>>> action_words(Action.parse("add m2 8H 9H"))
'add the 8♥ and 9♥ to meld 2'
>>> action_words(Action.parse("close 7C")), action_words(Action.parse("take 2"))
('close by discarding the 7♣', 'take the top 2 cards of the discard pile')
>>> cards_list(Action.parse("meld 5H JK 7H").groups[0])
'the 5♥, joker and 7♥'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from buraco_learn.cards import Card
from buraco_learn.melds import Meld

if TYPE_CHECKING:
    from buraco_learn.game.actions import Action
    from buraco_learn.game.table import TableMeld

_SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")


def card_text(card: Card) -> str:
    """``7♥``, or ``joker``."""
    return "joker" if card.is_joker else card.unicode()


def cards_list(cards: Sequence[Card]) -> str:
    """``the 8♥``, ``the 8♥ and 9♥``, ``the 8♥, 9♥ and 10♥``."""
    words = [card_text(card) for card in cards]
    if len(words) <= 1:
        return "the " + "".join(words)
    return "the " + ", ".join(words[:-1]) + " and " + words[-1]


def cards_row(cards: Iterable[Card]) -> str:
    """``5♥ 6♥ 7♥`` (a meld's cards as they lie)."""
    return " ".join(card.unicode() for card in cards)


def plural_rank(word: str) -> str:
    """``Kings``, ``Sixes``, ``2s``."""
    return word + ("es" if word.endswith("x") else "s")


def meld_phrase(meld: Meld) -> str:
    """``the set of Queens``, ``the run of hearts 5♥ to 8♥``."""
    if meld.kind == "set" and meld.rank is not None:
        return f"the set of {plural_rank(meld.rank.word)}"
    slots = meld.slots
    suit = meld.suit
    suit_word = _SUIT_WORDS[int(suit)] if suit is not None else "one suit"
    low, high = slots[0], slots[-1]
    low_text = low.stands_for.unicode() if low.wild and low.stands_for is not None else low.card.unicode()
    high_text = high.stands_for.unicode() if high.wild and high.stands_for is not None else high.card.unicode()
    return f"the run of {suit_word} {low_text} to {high_text}"


def meld_label(meld_id: int) -> str:
    """The number the table shows on a meld, as texts name it: ``meld 3``."""
    return f"meld {meld_id}"


def table_meld_phrase(meld: TableMeld, whose: str = "the") -> str:
    """``your run of hearts 5♥ to 8♥ (meld 2)``: ``whose`` replaces the leading "the"."""
    phrase = meld_phrase(meld.meld)
    if whose != "the":
        phrase = whose + phrase[3:]
    return f"{phrase} ({meld_label(meld.id)})"


def action_words(action: Action, melds: Iterable[TableMeld] = (), whose: str = "the") -> str:
    """``action`` as a learner would say it; ``melds`` (the table's) let additions and
    swaps name the meld by what it is, not only by its number."""
    kind = action.kind
    if kind == "draw":
        return "draw from the stock"
    if kind == "take":
        if action.target is None:
            return "take the discard pile"
        return "take the top card of the discard pile" if action.target == 1 else f"take the top {action.target} cards of the discard pile"
    if kind == "redraw":
        return "discard the drawn card and draw another"
    if kind == "pot":
        return "pick up the pot"
    if kind == "close":
        return f"close by discarding {cards_list(action.cards)}" if action.cards else "close the hand"
    if kind == "discard":
        return f"discard {cards_list(action.cards)}"
    if kind == "meld":
        return "lay down " + " and ".join(cards_row(group) for group in action.groups)
    target = next((meld for meld in melds if meld.id == action.target), None)
    where = table_meld_phrase(target, whose) if target is not None else meld_label(action.target or 0)
    if kind == "add":
        return f"add {cards_list(action.cards)} to {where}"
    if kind == "swap":
        return f"put {cards_list(action.cards)} in place of the wild card in {where}"
    return kind  # pragma: no cover - every kind is named above
