"""Every meld the five rule documents name, legal or illegal, as a test citing its document.

Each case: (document, preset, cards, legal, kind, clean, problems, where the document says it).
"""

from __future__ import annotations

import pytest

from buraco_learn import Problem, check_meld

P = Problem
FULL_ACE_TO_ACE = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
ROYAL = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"

CASES = [
    # -- 000 Bukharo ------------------------------------------------------------
    ("000", "bukharo", "KS KH KD", True, "set", True, (), "Melds: 'three Kings'"),
    ("000", "bukharo", "5H 6H 7H", True, "run", True, (), "Melds: '5-6-7 of hearts'"),
    ("000", "bukharo", "AH 2H 3H", True, "run", True, (), "Melds: 'A-2-3 ... legal'; the 2 in A-2-3 is natural"),
    ("000", "bukharo", "QH KH AH", True, "run", True, (), "Melds: 'Q-K-A are both legal'"),
    ("000", "bukharo", "KH AH 2H 3H", False, None, None, (P.WRAP_AROUND,), "Melds: 'K-A-2 is not allowed'"),
    ("000", "bukharo", FULL_ACE_TO_ACE, False, None, None, (P.TWO_ACES,), "Melds: 'a single sequence cannot use two Aces'"),
    ("000", "bukharo", "5H 6H JK 2C", False, None, None, (P.TOO_MANY_WILDS,), "Melds: 'at most ONE wild card'"),
    ("000", "bukharo", "AS 2S 3S JK", True, "run", False, (), "Melds: 'a sequence can sometimes hold both a natural two and a separate wild'"),
    ("000", "bukharo", "3H 4H 5H 6H 7H 8H 9H", True, "run", True, (), "The burraco: 'seven or more cards', clean"),
    ("000", "bukharo", "3H 4H 5H JK 7H 8H 9H", True, "run", False, (), "The burraco: dirty, 'built with a wild card'"),
    # -- 001 Buraco Aberto ------------------------------------------------------
    ("001", "aberto", "5H 6H 7H 8H", True, "run", True, (), "What you are trying to do: '5, 6, 7, and 8 of hearts'"),
    ("001", "aberto", "9S 10S JS QS", True, "run", True, (), "Quick questions: '9, 10, jack, and queen'"),
    ("001", "aberto", "AD 2D 3D", True, "run", True, (), "How to play: 'A sequence may run A-2-3'"),
    ("001", "aberto", "JD QD KD AD", True, "run", True, (), "How to play: 'continue through the king to an ace'"),
    ("001", "aberto", FULL_ACE_TO_ACE, True, "run", True, (), "How to play: 'a long sequence may have an ace at both ends'"),
    ("001", "aberto", "9S 9H 9D", False, None, None, (P.SETS_NOT_ALLOWED,), "Quick questions: equal-rank cards 'Not in this open version'"),
    ("001", "aberto", "2C 3C 4C", True, "run", True, (), "How to play: 'A natural two is the two of its suit in its normal place'"),
    ("001", "aberto", "5H 2C 7H", True, "run", False, (), "How to play: 'a wild two substitutes for another card'"),
    ("001", "aberto", "5H JK 7H 2C", False, None, None, (P.TOO_MANY_WILDS,), "How to play: 'no more than one wild card'"),
    # -- 002 Italian Burraco ----------------------------------------------------
    ("002", "italian", "10S 10H 10D", True, "set", True, (), "Melds: 'such as 10 10 10'"),
    ("002", "italian", "4S 4H 4D 4C 2H", True, "set", False, (), "Melds: 'or 4 4 4 4 2'"),
    ("002", "italian", "2S 2H 2D", False, None, None, (P.ALL_WILD,), "Melds: 'three 2s are not a set'"),
    ("002", "italian", "7H 8H 9H", True, "run", True, (), "Melds: 'such as 7♥ 8♥ 9♥'"),
    ("002", "italian", FULL_ACE_TO_ACE, False, None, None, (P.TWO_ACES,), "Melds: 'but not both in the same run'"),
    ("002", "italian", "2S 3S 4S", True, "run", True, (), "Melds: '2♠ 3♠ 4♠ is not wild'"),
    ("002", "italian", "2S 3S 4S JK", True, "run", False, (), "Melds: 'such a run may also hold a joker'"),
    ("002", "italian", "2S 3S 4S 2D", True, "run", False, (), "Melds: '... or another 2 as its wild card'"),
    ("002", "italian", "JK 6D 7D", True, "run", False, (), "Melds: 'joker 6♦ 7♦'"),
    ("002", "italian", "KS KD KH", True, "set", True, (), "Playing a turn: the pile example 'K♠ K♦ K♥ as a set'"),
    ("002", "italian", "3H 4H 5H 6H 7H 8H 9H", True, "run", True, (), "Scoring: 'a clean run 3♥ to 9♥'"),
    ("002", "italian", "AS AH AD JK", True, "set", False, (), "Scoring: 'three Aces with a joker'"),
    ("002", "italian", "QS QH QD QC QS QH 2C", True, "set", False, (), "Scoring: 'six Queens and a 2'"),
    ("002", "italian", "4C 5C 6C", True, "run", True, (), "Scoring: 'a run 4♣ 5♣ 6♣'"),
    ("002", "italian", "JK 5S 2H", False, None, None, (P.TOO_MANY_WILDS, P.TOO_FEW_NATURALS), "Melds: 'at most one wild card'"),
    # -- 003 Buraco Brazil Online -----------------------------------------------
    ("003", "brazil-online", FULL_ACE_TO_ACE, True, "run", True, (), "Players and cards: 'a 14-card sequence with Aces at both ends'"),
    ("003", "brazil-online", ROYAL, True, "run", True, (), "Scoring: 'Royal canastra (natural 13-card sequence)'"),
    ("003", "brazil-online", "JK 5H 6H", False, None, None, (P.NOT_IN_DECK,), "Players and cards: 'There are no Jokers'"),
    ("003", "brazil-online", "5H 2S 7H", True, "run", False, (), "Players and cards: 'only the Twos can be used as wildcards'"),
    ("003", "brazil-online", "5H 2S 2C 8H", False, None, None, (P.TOO_MANY_WILDS,), "Gameplay: 'only one wildcard per combination'"),
    ("003", "brazil-online", "9S 9H 9D", False, None, None, (P.SETS_NOT_ALLOWED,), "Different variants: 'Sets are not allowed in Aberto'"),
    ("003", "fechado-stbl", "9S 9H 9D", False, None, None, (P.SETS_NOT_ALLOWED,), "Different variants: '... and Fechado STBL'"),
    ("003", "fechado", "9S 9H 9D", True, "set", True, (), "Different variants: sets allowed outside Aberto and Fechado STBL"),
    ("003", "aberto-sujo", "9S 9H 9D 2C", True, "set", False, (), "Different variants: sets allowed in Aberto sujo"),
    # -- 004 Cut-throat Buraco --------------------------------------------------
    ("004", "cutthroat", "9S 9H 9D", True, "set", True, (), "Melds: 'like 9♠ 9♥ 9♦'; 'Three nines are a set'"),
    ("004", "cutthroat", "9S 9H 9D 9C JK", False, None, None, (P.SET_TOO_BIG,), "Melds: 'Four at most'"),
    ("004", "cutthroat", "9S 9S 9H", False, None, None, (P.IDENTICAL_IN_SET,), "Melds: 'two identical cards never count'"),
    ("004", "cutthroat", "5H 6H 7H", True, "run", True, (), "Melds: 'like 5♥ 6♥ 7♥'"),
    ("004", "cutthroat", "AH 2H 3H", True, "run", False, (), "Melds: 'A-2-3 ... work' (every 2 is wild)"),
    ("004", "cutthroat", "QH KH AH", True, "run", True, (), "Melds: 'Q-K-A both work'"),
    ("004", "cutthroat", "KH AH 2H 3H", False, None, None, (P.WRAP_AROUND,), "Melds: 'K-A-2 is not a run'"),
    ("004", "cutthroat", "9S JK 2H", False, None, None, (P.TOO_MANY_WILDS, P.TOO_FEW_NATURALS), "The rules in full: 'Every meld needs 2 real cards'"),
    ("004", "cutthroat", "9S 9H JK", True, "set", False, (), "The rules in full: 'At most one wild card in any meld'"),
    ("004", "cutthroat", "3D 4D 5D 6D 7D 8D 9D", True, "run", True, (), "The rules in full: 'A meld of 7 is a canasta'"),
]


@pytest.mark.parametrize(("doc", "rules", "cards", "legal", "kind", "clean", "problems", "where"), CASES, ids=[f"{c[0]}-{c[1]}-{c[2]}" for c in CASES])
def test_document_meld(doc: str, rules: str, cards: str, legal: bool, kind: str | None, clean: bool | None, problems: tuple[Problem, ...], where: str) -> None:
    verdict = check_meld(cards, rules)
    assert verdict.legal is legal, f"{doc} {where}: {verdict.reason}"
    assert verdict.kind == kind
    assert verdict.clean is clean
    assert verdict.problems == problems, verdict.reason
    for explanation in verdict.explanations:
        assert explanation.endswith(").")
        assert doc in explanation or "buraco-learn follows" in explanation, explanation


def test_joker_stands_at_low_end_002() -> None:
    """002 'Melds': a wild at the end of a run is placed at the lower end (joker 6♦ 7♦)."""
    verdict = check_meld("6D 7D JK")
    assert verdict.meld is not None and verdict.meld.notation() == "JK=5D 6D 7D"
    assert "lower end" in verdict.reason


def test_natural_two_allows_a_second_wild_002() -> None:
    verdict = check_meld("2S 3S 4S JK")
    assert verdict.meld is not None
    two = verdict.meld.slots[1]
    assert two.card.notation() == "2S" and not two.wild
    assert verdict.meld.slots[0].wild and verdict.meld.slots[0].stands_for.notation() == "AS"  # type: ignore[union-attr]


def test_k_a_2_with_a_wild_two_is_q_k_a() -> None:
    """K♥ A♥ 2♥ is legal where 2s are wild: the 2 stands for the Queen (Q-K-A), not a wrap."""
    verdict = check_meld("KH AH 2H", "bukharo")
    assert verdict.legal and verdict.meld is not None
    assert verdict.meld.notation() == "2H=QH KH AH"


def test_semi_clean_variant_002() -> None:
    """002 'Variants': seven natural cards in a row (or seven equal cards) plus a wild: 150."""
    run = check_meld("3H 4H 5H 6H 7H 8H 9H JK", "italian")
    assert run.semi_clean is None  # the variant is off by default
    from buraco_learn import preset

    rules = preset("italian", semi_clean_bonus=150)
    assert check_meld("3H 4H 5H 6H 7H 8H 9H JK", rules).semi_clean is True
    assert check_meld("3H 4H 5H 6H 7H 8H 9H JK", rules).burraco == "semi-clean"
    assert check_meld("QS QS QH QH QD QD QC JK", rules).semi_clean is True
    assert check_meld("3H 4H 5H JK 7H 8H 9H 10H", rules).semi_clean is False
    assert check_meld("3H 4H 5H 6H 7H 8H JK", rules).semi_clean is False  # seven cards only


def test_royal_and_ace_to_ace_003() -> None:
    assert check_meld(ROYAL, "brazil-online").burraco == "royal"
    assert check_meld(FULL_ACE_TO_ACE, "brazil-online").burraco == "ace-to-ace"
    assert check_meld(ROYAL, "italian").burraco == "clean"


@pytest.mark.parametrize("rules", ["italian", "bukharo", "aberto", "cutthroat"])
def test_deck_guard(rules: str) -> None:
    verdict = check_meld("5H 5H 5H", rules) if rules != "aberto" else check_meld("5H 5H 6H 7H 5H", rules)
    assert not verdict.legal and Problem.TOO_MANY_COPIES in verdict.problems
