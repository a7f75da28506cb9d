"""Teaching positions written in card notation: a deal, then a few scripted actions.

Each position shows one idea the coach explains and the bots are tested on (Italian
rules, 002): a pile that completes a burraco, a discard that would finish the
opponents' burraco, a wild card worth keeping for a nearly complete run. Lessons can
show them; :func:`scripted` builds any other.

>>> state = burraco_pile()
>>> state.seat_names[state.current], [card.notation() for card in state.view(state.current).pile]
('S', ['7C', '3D', 'JH'])
>>> str(state.melds[0].meld)
'5H 6H 7H 8H 9H 10H'
"""

from __future__ import annotations

from collections import Counter

from buraco_learn.cards import Card, deck_cards
from buraco_learn.game.deal import Deal
from buraco_learn.game.state import HandState
from buraco_learn.presets import preset
from buraco_learn.rules import Rules


def scripted(rules: Rules, hands: list[str], pile: str = "", stock_top: str = "", dealer: int = 3, actions: tuple[str, ...] = ()) -> HandState:
    """A hand from a written deal, then ``actions`` applied in order.

    ``hands`` are the seats' hands in seat order (N E S W for four), each a full hand;
    ``pile`` the starting discard pile; ``stock_top`` the first cards of the stock, top
    first. The rest of the deck fills the pots, then the stock, in card order.
    """
    rest = Counter(card.notation() for card in deck_cards(rules.jokers))
    written = [hand.split() for hand in hands]
    piles = pile.split()
    top = stock_top.split()
    for text in [c for hand in written for c in hand] + piles + top:
        name = Card.parse(text).notation()
        if rest[name] <= 0:
            raise ValueError(f"the deal names more {name} than the deck holds")
        rest[name] -= 1
    remaining = [name for name, count in sorted(rest.items(), key=lambda item: Card.parse(item[0]).code) for _ in range(count)]
    pots = []
    for size in rules.pot_sizes:
        pots.append(remaining[:size])
        remaining = remaining[size:]
    data = {"dealer": dealer, "hands": written, "pots": pots, "pile": piles, "stock": top + remaining}
    state = HandState.from_deal(rules, Deal.from_dict(data, rules))
    for action in actions:
        state.apply(action)
    return state


ITALIAN = preset("italian")

BURRACO_PILE_HANDS = [
    "5H 6H 7H 8H 9H 10H KS KD 4C 4S 3D",   # N: a six-card run of hearts
    "JH QC QD 9C 8D 7S 6C 5S 4D 3C AS",    # E: will discard the J♥
    "AC 3S 5D 6D 8C 9S 10C JS QS KC KH",   # S: N's partner
    "AD 3H 4H 6S 7D 8S 9D 10S JD QH KS",   # W
]


def burraco_pile() -> HandState:
    """N lays down 5♥-10♥; E throws the J♥, which would make it a clean burraco: S (N's partner) to draw."""
    return scripted(
        ITALIAN, BURRACO_PILE_HANDS, pile="7C", stock_top="2S 7S",
        actions=("draw", "meld 5H 6H 7H 8H 9H 10H", "discard 3D", "draw", "discard JH"),
    )


DANGER_HANDS = [
    "9C 4D KS KD 6H 7H JS JD 5H 3S 10S",   # N: 9♣ is alone (10 points), as are 4♦ and 3♠
    "AS 3H 4H 5D 6S 8D 9D 10D JH QD KC",   # E
    "AC AH 5S 6D 7S 8S 9S 10H JC QC KH",   # S
    "3C 4C 5C 6C 7C 8C QS KD 3D QH 9H",    # W: the run 3♣-8♣
]


def dangerous_discard() -> HandState:
    """W lays down 3♣-8♣; N, next to draw, holds the 9♣ that would make it a burraco."""
    return scripted(
        ITALIAN, DANGER_HANDS, pile="2D", stock_top="4S 8H", dealer=2,
        actions=("draw", "meld 3C 4C 5C 6C 7C 8C", "discard 9H"),
    )


WILD_HANDS = [
    "JK QS QH 5S 6S 7S 8S 9S 4D 10C KH",   # N: a joker, a pair of Queens, a run of spades
    "AS 3H 4H 5D 6D 8D 9D 10D JH QD KC",   # E
    "AC 3S 4S 6H 7D 8H 9C 10H JC QC KS",   # S
    "AD 3D 4C 5C 6C 7C 8C 9H JS 10S KD",   # W
]


def wild_to_keep() -> HandState:
    """N lays down 5♠-9♠, the others throw back what they draw; N has drawn again and
    holds the joker and a pair of Queens: the joker is worth keeping for the run."""
    return scripted(
        ITALIAN, WILD_HANDS, pile="3C", stock_top="8D 6C 3H JD 7C",
        actions=("draw", "meld 5S 6S 7S 8S 9S", "discard 8D", "draw", "discard 6C", "draw", "discard 3H", "draw", "discard JD", "draw"),
    )


POSITIONS = {
    "burraco-pile": burraco_pile,
    "dangerous-discard": dangerous_discard,
    "wild-to-keep": wild_to_keep,
}
