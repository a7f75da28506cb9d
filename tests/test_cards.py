"""Cards and their notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from buraco_learn import Card, InvalidNotationError, Rank, Suit, card_of_id, deck_cards, format_cards, parse_cards
from buraco_learn.cards import copies_in_deck, deck_ids, sort_cards


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10H", "10H"), ("TH", "10H"), ("th", "10H"), ("10♥", "10H"), ("T♥", "10H"),
        ("as", "AS"), ("A♠", "AS"), ("kd", "KD"), ("K♦", "KD"), ("2c", "2C"), ("2♣", "2C"),
        ("JK", "JK"), ("jk", "JK"), ("Jk", "JK"), ("qh", "QH"), (" 5S ", "5S"), ("5♥\ufe0f", "5H"),
    ],
)
def test_parse_variants(text: str, expected: str) -> None:
    assert Card.parse(text).notation() == expected


@pytest.mark.parametrize("bad", ["", "11H", "1H", "HK", "JKS", "ZZ", "10", "S", "KX", "0S", "A♠♠", "J"])
def test_bad_notation_quotes_input(bad: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        Card.parse(bad)
    assert repr(bad) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_parse_cards_forms() -> None:
    assert format_cards(parse_cards("K♠K♦K♥")) == "KS KD KH"
    assert format_cards(parse_cards("5h, 6h ;7h")) == "5H 6H 7H"
    assert format_cards(parse_cards(["10D", Card.parse("JD")])) == "10D JD"
    assert parse_cards("") == ()
    with pytest.raises(InvalidNotationError, match="'5X'"):
        parse_cards("5H 5X")


def test_deck_composition() -> None:
    full = deck_cards()
    assert len(full) == 108
    assert sum(card.is_joker for card in full) == 4
    assert all(full.count(Card(rank, suit)) == 2 for rank in Rank for suit in Suit)
    no_jokers = deck_cards(jokers=False)
    assert len(no_jokers) == 104 and not any(card.is_joker for card in no_jokers)
    assert deck_ids() == list(range(108))
    assert card_of_id(0) == card_of_id(52) == Card.parse("AS")
    assert copies_in_deck(Card.parse("JK"), jokers=False) == 0
    with pytest.raises(InvalidNotationError):
        card_of_id(108)


def test_card_value_semantics() -> None:
    king = Card(Rank.KING, Suit.HEARTS)
    assert king is Card.parse("KH")
    assert king.rank is Rank.KING and king.suit is Suit.HEARTS
    assert Card.parse("JK").rank is None and Card.parse("JK").suit is None
    assert Card.parse("2S").is_two and not Card.parse("JK").is_two
    assert king.name() == "King of hearts" and Card.parse("JK").name() == "joker"
    assert {king: 1}[Card.parse("kh")] == 1
    with pytest.raises(AttributeError):
        king.code = 3  # type: ignore[misc]


def test_sorting() -> None:
    cards = parse_cards("JK 3C AS KS 3H")
    assert format_cards(sort_cards(cards)) == "AS KS 3H 3C JK"
    assert format_cards(sort_cards(cards, by="rank")) == "AS 3H 3C KS JK"
    with pytest.raises(ValueError):
        sort_cards(cards, by="colour")


cards = st.integers(min_value=0, max_value=52).map(Card.from_code)


@given(cards)
def test_repr_parses_back(card: Card) -> None:
    assert eval(repr(card), {"Card": Card}) is card
    assert Card.parse(card.notation()) is card
    assert Card.parse(card.unicode()) is card
    assert Card.parse(card.notation().lower()) is card


@given(st.lists(cards, max_size=20), st.sampled_from([" ", ", ", ""]), st.booleans())
def test_format_parse_round_trip(hand: list[Card], sep: str, unicode: bool) -> None:
    text = format_cards(hand, unicode=unicode, sep=sep)
    assert list(parse_cards(text)) == hand
