"""The cards' spoken names (screen readers) in Italian and Brazilian Portuguese (issue 18), English untouched."""

from __future__ import annotations

import pytest

from buraco_learn.cards import Card
from buraco_learn.i18n import use

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [Card.parse(rank + suit) for suit in "SHDC" for rank in RANKS]


def test_english_names_are_exactly_what_they_were() -> None:
    words = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    for suit in "SHDC":
        for rank in RANKS:
            assert Card.parse(rank + suit).name() == f"{words.get(rank, rank)} of {suits[suit]}"
    assert Card.parse("JK").name() == "joker"
    with use("en"):
        assert Card.parse("KH").name() == "King of hearts"


@pytest.mark.parametrize(("lang", "names"), [
    ("it", {"KH": "Re di cuori", "QS": "Donna di picche", "JD": "Fante di quadri", "AC": "Asso di fiori",
            "7H": "7 di cuori", "10S": "10 di picche", "2C": "2 di fiori", "JK": "jolly"}),
    ("pt_BR", {"KH": "Rei de copas", "QS": "Dama de espadas", "JD": "Valete de ouros", "AC": "Ás de paus",
               "7H": "7 de copas", "10S": "10 de espadas", "2C": "2 de paus", "JK": "coringa"}),
])
def test_names_in_the_language(lang: str, names: dict[str, str]) -> None:
    with use(lang):
        for card, name in names.items():
            assert Card.parse(card).name() == name
        spoken = [card.name() for card in DECK]
    assert len(set(spoken)) == 52  # every card its own name
    preposition = " di " if lang == "it" else " de "
    assert all(preposition in name and " of " not in name for name in spoken)
    assert not any(word in name for name in spoken for word in ("King", "Queen", "Jack", "Ace", "hearts", "spades", "clubs", "diamonds"))


def test_the_language_is_read_at_each_call() -> None:
    card = Card.parse("QH")
    with use("it"):
        italian = card.name()
        with use("pt_BR"):
            portuguese = card.name()
    assert (italian, portuguese, card.name()) == ("Donna di cuori", "Dama de copas", "Queen of hearts")
