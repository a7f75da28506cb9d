"""Adding cards to a meld on the table, and swapping a wild for the card it stands for."""

from __future__ import annotations

import pytest

from buraco_learn import Meld, Problem, check_add, check_meld, check_swap


def meld(text: str, rules: str = "italian") -> Meld:
    return Meld.parse(text, rules)


@pytest.mark.parametrize(
    ("start", "add", "rules", "result"),
    [
        ("5H 6H 7H", "8H", "italian", "5H 6H 7H 8H"),
        ("5H 6H 7H", "4H 3H", "italian", "3H 4H 5H 6H 7H"),
        ("5H 6H 7H", "JK", "italian", "JK=4H 5H 6H 7H"),  # 002: the wild goes to the low end
        ("5H 6H 7H", "JK 9H", "italian", "5H 6H 7H JK=8H 9H"),  # a wild may fill a gap
        ("JK=5D 6D 7D", "8D", "italian", "JK=5D 6D 7D 8D"),
        ("JK=5D 6D 7D", "4D", "italian", "4D JK=5D 6D 7D"),
        ("JK=5D 6D 7D", "9D", "bukharo", "6D 7D JK=8D 9D"),  # 000 is silent: the end wild is free
        ("AS 2S 3S", "JK", "italian", "AS 2S 3S JK=4S"),  # nothing below the ace: the wild goes up
        ("QS KS AS", "JS", "italian", "JS QS KS AS"),
        ("QS KS AS", "2S", "italian", "2S=JS QS KS AS"),  # not a wrap: the 2 is wild, at the low end
        ("2S 3S 4S", "AS", "italian", "AS 2S 3S 4S"),
        ("2S 3S 4S", "JK", "italian", "JK=AS 2S 3S 4S"),
        ("KS KH KD", "KC KS", "italian", "KS KS KH KD KC"),
        ("KS KH KD", "2C", "italian", "KS KH KD 2C"),
        ("9S 9H 9D", "9C", "cutthroat", "9S 9H 9D 9C"),
    ],
)
def test_legal_additions(start: str, add: str, rules: str, result: str) -> None:
    verdict = check_add(meld(start, rules), add, rules)
    assert verdict.legal, verdict.reason
    assert verdict.meld is not None and verdict.meld.notation() == result
    assert verdict.action == "add"


@pytest.mark.parametrize(
    ("start", "add", "rules", "problem"),
    [
        ("JK=5D 6D 7D", "9D", "italian", Problem.WILD_FIXED),  # 002: the joker is the 5♦
        ("JK=5D 6D 7D", "5D", "italian", Problem.WILD_FIXED),  # that is a swap, not an add
        ("5D JK=6D 7D", "6D", "bukharo", Problem.WILD_FIXED),  # an inner wild never moves by adding
        ("JK=5D 6D 7D", "2C", "italian", Problem.TOO_MANY_WILDS),
        ("5H 6H 7H", "8S", "italian", Problem.WRONG_SUIT),
        ("5H 6H 7H", "7H", "italian", Problem.DUPLICATE_IN_RUN),
        ("5H 6H 7H", "9H", "italian", Problem.GAP),
        ("KS KH KD", "QS", "italian", Problem.WRONG_RANK),
        ("KS KH KD", "KS KS", "italian", Problem.TOO_MANY_COPIES),
        ("9S 9H 9D 9C", "JK", "cutthroat", Problem.SET_TOO_BIG),
        ("9S 9H 9D", "9S", "cutthroat", Problem.IDENTICAL_IN_SET),
        ("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "AS AS", "italian", Problem.TWO_ACES),
    ],
)
def test_illegal_additions(start: str, add: str, rules: str, problem: Problem) -> None:
    base = meld(start, rules)
    verdict = check_add(base, add, rules)
    if start == "QS KS AS":
        # Q♠ K♠ A♠ plus a 2♠: the 2 is wild and goes to the low end, J♠ - a legal addition
        assert verdict.legal and verdict.meld is not None and verdict.meld.notation() == "2S=JS QS KS AS"
        return
    assert not verdict.legal, verdict.reason
    assert problem in verdict.problems, verdict.reason
    assert verdict.meld is None
    for sentence in verdict.explanations:
        assert "(" in sentence and sentence.endswith(").")


def test_ace_to_ace_by_adding_003() -> None:
    royal = meld("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "brazil-online")
    verdict = check_add(royal, "AS", "brazil-online")
    assert verdict.legal and verdict.burraco == "ace-to-ace"
    assert not check_add(meld("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"), "AS").legal


@pytest.mark.parametrize(
    ("start", "card", "rules", "result"),
    [
        ("JK=5D 6D 7D", "5D", "italian", "JK=4D 5D 6D 7D"),  # 002: the wild moves to the low end
        ("5D JK=6D 7D", "6D", "italian", "JK=4D 5D 6D 7D"),
        ("AS JK=2S 3S", "2S", "italian", "AS 2S 3S JK=4S"),  # no lower end below the ace
        ("2C=5D 6D 7D", "5D", "italian", "2C=4D 5D 6D 7D"),
        ("5D JK=6D 7D", "6D", "cutthroat", "JK=4D 5D 6D 7D"),  # 004: a swap for a joker
    ],
)
def test_swaps(start: str, card: str, rules: str, result: str) -> None:
    verdict = check_swap(meld(start, rules), card, rules)
    assert verdict.legal, verdict.reason
    assert verdict.meld is not None and verdict.meld.notation() == result
    assert verdict.action == "swap"


@pytest.mark.parametrize(
    ("start", "card", "rules", "problem"),
    [
        ("JK=5D 6D 7D", "8D", "italian", Problem.WRONG_SWAP_CARD),
        ("JK=5D 6D 7D", "5H", "italian", Problem.WRONG_SWAP_CARD),
        ("5D 6D 7D", "8D", "italian", Problem.NO_WILD_TO_SWAP),
        ("KS KH KD JK", "KC", "italian", Problem.SWAP_IN_SET),
        ("JK=5D 6D 7D", "5D", "italian-noswap", Problem.SWAP_NOT_ALLOWED),
    ],
)
def test_illegal_swaps(start: str, card: str, rules: str, problem: Problem) -> None:
    from buraco_learn import preset

    ruleset = preset("italian", wild_swap=False) if rules == "italian-noswap" else preset(rules)
    verdict = check_swap(meld(start, ruleset), card, ruleset)
    assert not verdict.legal
    assert verdict.problems == (problem,)
    assert verdict.explanations[0].endswith(").")


def test_wrong_swap_explains_what_the_wild_stands_for() -> None:
    verdict = check_swap(meld("JK=5D 6D 7D"), "8D")
    assert "stands for 5♦, not 8♦" in verdict.explanations[0]
    assert "002" in verdict.explanations[0]


def test_add_result_equals_fresh_check_when_order_is_free() -> None:
    """Adding to a free-placement run gives the same meld as checking all cards afresh."""
    for start, add in [("5H 6H 7H", "8H 9H"), ("5H 6H JK", "8H")]:
        added = check_add(meld(start, "bukharo"), add, "bukharo")
        fresh = check_meld(f"{start} {add}", "bukharo")
        assert added.legal == fresh.legal


def test_the_generator_asks_of_an_addition_what_check_add_and_check_swap_answer() -> None:
    """``may_add`` (the generator's question, which makes no meld) and ``added_meld`` (the turn rules',
    which makes it) answer as ``check_add`` and ``check_swap`` do, whichever is asked first, over
    the melds of random hands of every preset and random cards of the table's deck."""
    import random

    from buraco_learn.cards import Card
    from buraco_learn.extend import added_meld, may_add
    from buraco_learn.game.state import HandState
    from buraco_learn.presets import PRESET_NAMES, preset

    rng = random.Random(15)
    asked = accepted = 0
    for name in PRESET_NAMES:
        rules = preset(name)
        deck = [Card.from_code(code) for code in range(53 if rules.jokers else 52)]
        for hand in range(4):
            state = HandState.new(rules, rng, dealer=hand % rules.players)
            while state.phase != "over" and len(state.history) < 400:
                state.apply(rng.choice(list(state.legal_actions)))
            for table_meld in state.melds:
                for _try in range(6):
                    cards = tuple(sorted(rng.sample(deck, rng.choice((1, 1, 2, 3)))))
                    codes = tuple(card.code for card in cards)
                    verdict = check_add(table_meld.meld, cards, rules)
                    swap = check_swap(table_meld.meld, cards[0], rules)
                    if rng.random() < 0.5:
                        assert may_add(table_meld.meld, codes, rules) == verdict.legal
                    assert added_meld(table_meld.meld, codes, rules) == verdict.meld
                    assert may_add(table_meld.meld, codes, rules) == verdict.legal
                    assert may_add(table_meld.meld, codes[0], rules) == swap.legal
                    assert added_meld(table_meld.meld, codes[0], rules) == swap.meld
                    asked += 1
                    accepted += verdict.legal
    assert asked > 500 and accepted > 20, (asked, accepted)
