"""JSON views of cards and melds for the widgets' front ends (pure Python, no Jupyter).

A widget never sends a :class:`~buraco_learn.cards.Card` to the browser: it sends a
small dict with what the browser draws and what a screen reader says. A face-down
card carries nothing but its id and the words "face-down card", so hidden cards
cannot leak through a view.

>>> from buraco_learn import Card
>>> card_view(Card.parse("QH"), "k0")["label"]
'Queen of hearts'
>>> face_down_view("s3")
{'id': 's3', 'face_down': True, 'label': 'face-down card'}
>>> from buraco_learn import Meld
>>> [v["label"] for v in meld_view(Meld.parse("JK=5D 6D 7D"))][0]
'joker, wild, standing for 5 of diamonds'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from buraco_learn.cards import Card
from buraco_learn.i18n import N_, _
from buraco_learn.presets import ruleset_name
from buraco_learn.render import slot_label

if TYPE_CHECKING:
    from buraco_learn.melds import Meld, Slot
    from buraco_learn.rules import Rules

#: What a screen reader hears for a card whose face the learner may not see (English; :func:`face_down_view`
#: says it in the learner's language).
FACE_DOWN_LABEL: Final = N_("face-down card")

def rules_title(rules: Rules) -> str:
    """A short title of a ruleset for headings: ``'Italian Burraco (002)'``.

    >>> from buraco_learn import preset
    >>> rules_title(preset("aberto")), rules_title(preset("italian", semi_clean_bonus=150))
    ('Brazilian open Buraco (001)', 'Italian Burraco (002, with changes)')
    """
    title = ruleset_name(rules)
    if rules.changed_options():
        return _("{title} ({source}, with changes)", title=title, source=rules.source)
    return _("{title} ({source})", title=title, source=rules.source)


def card_view(card: Card, card_id: str, *, label: str | None = None) -> dict[str, Any]:
    """What the browser needs to draw one face-up card and announce it.

    ``suit`` is the suit letter ('' for a joker); ``symbol`` the suit symbol ('★' for a
    joker); ``text`` the notation with the symbol; ``label`` the words for screen readers.
    """
    suit = card.suit
    return {
        "id": card_id,
        "notation": card.notation(),
        "rank": "JK" if card.is_joker else (card.rank.letter if card.rank is not None else ""),
        "suit": suit.letter if suit is not None else "",
        "symbol": suit.symbol if suit is not None else "★",
        "text": card.unicode(),
        "label": label or card.name(),
    }


def face_down_view(card_id: str) -> dict[str, Any]:
    """A card the learner may not see: only its id and the words "face-down card"."""
    return {"id": card_id, "face_down": True, "label": _(FACE_DOWN_LABEL)}


def slot_view(slot: Slot, card_id: str) -> dict[str, Any]:
    """One place in a meld on the table; a wild says what it stands for."""
    view = card_view(slot.card, card_id)
    view["wild"] = slot.wild
    if slot.wild:
        stands = slot.stands_for
        view["stands_for"] = stands.unicode() if stands is not None else slot.rank.letter
        view["label"] = slot_label(slot)
    return view


def meld_view(meld: Meld, prefix: str = "m") -> list[dict[str, Any]]:
    """The slots of a meld in order, with ids ``prefix0``, ``prefix1`` ..."""
    return [slot_view(slot, f"{prefix}{index}") for index, slot in enumerate(meld.slots)]


def cards_view(cards: tuple[Card, ...] | list[Card], prefix: str = "k") -> list[dict[str, Any]]:
    """Face-up cards in the given order, with ids ``prefix0``, ``prefix1`` ..."""
    return [card_view(card, f"{prefix}{index}") for index, card in enumerate(cards)]
