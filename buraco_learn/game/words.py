"""Cards and moves in a learner's words and language, never in action notation.

The one place for how a card, a list of cards and a move are said: the coach (which
adds what a meld is and whose), the table's refusals, the replayer and the hints all
say a card and a move with these, so a move has one phrasing in each language.

>>> from buraco_learn.game.actions import Action
>>> action_words(Action.parse("meld 5H 6H 7H | KS KD KH"))
'lay down 5♥ 6♥ 7♥ and K♠ K♦ K♥'
>>> action_words(Action.parse("add m2 8H 9H"))
'add the 8♥ and 9♥ to meld number 2'
>>> action_words(Action.parse("close 7C")), action_words(Action.parse("take 2"))
('close by discarding the 7♣', 'take the top 2 cards of the discard pile')
>>> cards_list(Action.parse("meld 5H JK 7H").groups[0])
'the 5♥, joker and 7♥'
>>> from buraco_learn.i18n import use
>>> with use("it"):
...     action_words(Action.parse("discard JK")), action_words(Action.parse("meld 5H JK 7H"))
('scartare il jolly', 'calare 5♥ jolly 7♥')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from buraco_learn.cards import Card
from buraco_learn.i18n import _, ngettext

if TYPE_CHECKING:
    from buraco_learn.game.actions import Action


def card_text(card: Card) -> str:
    """``7♥``, or ``joker`` (``jolly``, ``curinga``)."""
    return _("joker") if card.is_joker else card.unicode()


def join(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    words = [word for word in words if word]
    if len(words) <= 1:
        return "".join(words)
    return _("{cards} and {last}", cards=", ".join(words[:-1]), last=words[-1])


def cards_list(cards: Sequence[Card]) -> str:
    """``the 8♥``, ``the 8♥ and 9♥``, ``the 8♥, 9♥ and 10♥`` (the article as each language puts it)."""
    words = [card_text(card) for card in cards]
    return ngettext("the {cards}", "the {cards}", len(words), cards=join(words))


def cards_row(cards: Iterable[Card]) -> str:
    """``5♥ 6♥ 7♥`` (a meld's cards as they lie; a joker by its name)."""
    return " ".join(card_text(card) for card in cards)


def meld_label(meld_id: int) -> str:
    """The number the table shows on a meld, as texts name it: ``meld 3``."""
    return _("meld {number}", number=meld_id)


def and_melds(items: Sequence[str]) -> str:
    """``a and b and c`` (melds laid down together)."""
    text = items[0]
    for item in items[1:]:
        text = _("{melds} and {meld}", melds=text, meld=item)
    return text


def action_words(action: Action) -> str:
    """``action`` as a learner says it, a meld named by the number the table shows on it
    (the coach, which knows the table, names it by what it is)."""
    kind = action.kind
    if kind == "draw":
        return _("draw from the stock")
    if kind == "take":
        if action.target is None:
            return _("take the discard pile")
        if action.target == 1:
            return _("take the top card of the discard pile")
        return ngettext("take the top {n} cards of the discard pile", "take the top {n} cards of the discard pile",
                        action.target)
    if kind == "redraw":
        return _("put the card you drew on the pile and draw another card")
    if kind == "pot":
        return _("pick up your pot")
    if kind == "close":
        return _("close by discarding {cards}", cards=cards_list(action.cards)) if action.cards else _("close the hand")
    if kind == "discard":
        return _("discard {cards}", cards=cards_list(action.cards))
    if kind == "meld":
        return _("lay down {melds}", melds=and_melds([cards_row(group) for group in action.groups]))
    where = _("meld number {number}", number=action.target or 0)  # in a sentence: the article is the message's
    if kind == "swap":
        return _("put {cards} in place of the wild card in {meld}", cards=cards_list(action.cards), meld=where)
    return _("add {cards} to {meld}", cards=cards_list(action.cards), meld=where)
