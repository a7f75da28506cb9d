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


@pytest.mark.parametrize(("lang", "run", "wild"), [
    ("en", "run of 7 cards, a dirty burraco", "2 of clubs, wild, standing for 9 of spades"),
    ("it", "scala di 7 carte, un burraco sporco", "2 di fiori, matta"),
    ("pt_BR", "sequência de 7 cartas, uma canastra suja", "2 de paus, curinga"),
])
def test_a_melds_picture_says_what_it_is_in_the_language(lang: str, run: str, wild: str) -> None:
    """A meld's picture (lesson 7's pot sums, the verdicts) speaks the page's language to a screen reader."""
    import re

    from buraco_learn import Meld, preset
    from buraco_learn.render import meld_svg

    rules = preset("italian" if lang != "pt_BR" else "brazil-online")
    with use(lang):
        labels = re.findall(r'aria-label="([^"]*)"', meld_svg(Meld.parse("5S 6S 7S 8S 2C 10S JS"), rules))
    assert labels[0] == run
    assert labels[5].startswith(wild), labels[5]


@pytest.mark.parametrize("lang", ["it", "pt_BR"])
def test_lesson_7s_pot_sums_read_in_the_language(lang: str) -> None:
    import html
    import re

    from buraco_learn import preset
    from buraco_learn.app.positions import pot_cost_html

    with use(lang):
        page = pot_cost_html(preset("italian"))
    text = html.unescape(re.sub(r"<svg.*?</svg>|<[^>]+>", " ", page, flags=re.S))
    for english in ("A side ends a hand", "The side took", "never took", "the engine's lines", "in hand:", "dirty burraco",
                    "not taken"):
        assert english not in text, english
    assert {"it": "La coppia non ha mai preso il suo pozzetto", "pt_BR": "A dupla nunca pegou o seu pozzetto"}[lang] in text
