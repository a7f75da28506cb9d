"""The steps of lessons 2 to 5 on the cards: seeded generators of :class:`~buraco_learn.app.cardtasks.CardTask`
variants under Italian Burraco (002), each building a hand around what the task asks (and its near misses).

Every maker returns a task; :meth:`Step.variant <buraco_learn.app.cardtasks.Step.variant>` keeps only those the
engine can answer (:func:`~buraco_learn.app.cardtasks.solve`). Pure Python.

>>> import random
>>> from buraco_learn import preset
>>> from buraco_learn.app.cardtasks import Step
>>> task = Step("A set", MAKERS["set"]).variant(random.Random(2), preset("italian"))
>>> task.action, len(task.hand)
('meld', 8)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Final

from buraco_learn.app.cardtasks import (
    CardTask,
    Goal,
    Scene,
    goal_ace,
    goal_adds,
    goal_kind,
    goal_natural_two,
    goal_wild,
)
from buraco_learn.cards import Card, Rank, Suit, format_cards, sort_cards
from buraco_learn.i18n import N_, _
from buraco_learn.melds import Meld, check_meld
from buraco_learn.rules import Rules

_SUITS: Final = tuple(Suit)


def _card(position: int, suit: Suit) -> Card:
    return Card(1 if position == 14 else position, suit)


def _fillers(rng: random.Random, avoid: Sequence[Card], count: int, *, wild: bool = False) -> list[Card]:
    """``count`` more cards unlike ``avoid`` (no 2s, jokers or repeats unless ``wild``)."""
    out: list[Card] = []
    while len(out) < count:
        card = Card(rng.choice([1, *range(3, 14)]), rng.choice(_SUITS))
        if card not in out and card not in avoid:
            out.append(card)
    return out


def _hand(rng: random.Random, core: Sequence[Card], size: int = 8) -> tuple[Card, ...]:
    cards = list(core) + _fillers(rng, core, size - len(core))
    return tuple(sort_cards(cards))


Maker = Callable[[random.Random, Rules], CardTask]


def make_set(rng: random.Random, rules: Rules) -> CardTask:
    rank = rng.choice([1, *range(3, 14)])
    suits = rng.sample(_SUITS, 3)
    near = Card(rng.choice([r for r in range(3, 14) if r != rank]), rng.choice(_SUITS))
    core = [Card(rank, suit) for suit in suits] + [near, Card(near.rank, next(s for s in _SUITS if s != near.suit))]
    return CardTask("meld", _("Make a set: click three cards of the same rank, then press the button."),
                    _hand(rng, core), goal_kind("set"), rules=rules, clean_word=False)


def make_run(rng: random.Random, rules: Rules) -> CardTask:
    suit = rng.choice(_SUITS)
    start = rng.randint(3, 10)
    core = [_card(start, suit), _card(start + 1, suit), _card(start + 2, suit)]
    other = rng.choice([s for s in _SUITS if s != suit])
    core.append(_card(start + 3, other))  # the next card, of another suit
    return CardTask("meld", _("Make a run: click three cards of one suit in a row, then press the button."),
                    _hand(rng, core), goal_kind("run"), rules=rules, clean_word=False)


def make_long_run(rng: random.Random, rules: Rules) -> CardTask:
    suit = rng.choice(_SUITS)
    start = rng.randint(3, 8)
    core = [_card(start + step, suit) for step in range(5) if step != 4 or rng.random() < 0.5]
    core.append(_card(start + 6, suit))  # one more of the suit, after a gap
    return CardTask("meld", _("Make a run of four cards or more from your hand."),
                    _hand(rng, core, 9), goal_kind("run", at_least=4), rules=rules, clean_word=False)


def add_to_run(rng: random.Random, rules: Rules) -> CardTask:
    suit = rng.choice(_SUITS)
    start = rng.randint(4, 9)
    table = check_meld([_card(start + step, suit) for step in range(3)], rules).meld
    assert table is not None
    fits = _card(rng.choice([start - 1, start + 3]), suit)
    other = rng.choice([s for s in _SUITS if s != suit])
    core = [fits, _card(start + 3, other), _card(start + 5, suit)]
    avoid = [*table.cards, *core, _card(start - 1, suit), _card(start + 3, suit)]
    cards = core + [card for card in _fillers(rng, avoid, 8) if card not in avoid][:3]
    return CardTask("add", _("Add a card of your hand to the run on the table."), tuple(sort_cards(cards)),
                    goal_adds(), table, rules=rules, clean_word=False)


def add_to_set(rng: random.Random, rules: Rules) -> CardTask:
    rank = rng.choice([1, *range(3, 14)])
    suits = rng.sample(_SUITS, 3)
    table = check_meld([Card(rank, suit) for suit in suits], rules).meld
    assert table is not None
    core = [Card(rank, rng.choice(_SUITS)), Card(rank + 1 if 3 <= rank < 13 else 5, suits[0])]
    cards = core + _fillers(rng, [*table.cards, *core, *(Card(rank, s) for s in _SUITS)], 4)
    return CardTask("add", _("Add a card of your hand to the set on the table."), tuple(sort_cards(cards)),
                    goal_adds(), table, rules=rules, clean_word=False)


def any_meld(rng: random.Random, rules: Rules) -> CardTask:
    """A hand of near misses with one meld in it."""
    for _attempt in range(50):
        suit = rng.choice(_SUITS)
        start = rng.randint(3, 10)
        if rng.random() < 0.5:
            core = [_card(start, suit), _card(start + 1, suit), _card(start + 2, suit)]
        else:
            core = [Card(start, s) for s in rng.sample(_SUITS, 3)]
        hand = _hand(rng, core, 7)
        task = CardTask("meld", _("Lay down a meld: find the three cards in your hand that make one."),
                        hand, Goal(), rules=rules, clean_word=False)
        if sum(1 for places in itertools.combinations(range(len(hand)), 3)
               if check_meld([hand[p] for p in places], rules).legal) == 1:
            return task
    return task


def _wild(rng: random.Random, avoid: Suit | None = None) -> Card:
    return rng.choice([Card.joker(), *(Card(2, s) for s in _SUITS if s != avoid)])


def wild_in_gap(rng: random.Random, rules: Rules) -> CardTask:
    suit = rng.choice(_SUITS)
    start = rng.randint(3, 10)
    core = [_card(start, suit), _card(start + 2, suit), _wild(rng, suit)]
    return CardTask("meld", _("A card is missing from your run: make the run with a wild card in the gap."),
                    _hand(rng, core, 7), goal_wild("run"), rules=rules)


def one_wild(rng: random.Random, rules: Rules) -> CardTask:
    suit = rng.choice(_SUITS)
    start = rng.randint(4, 10)
    core = [_card(start, suit), _card(start + 1, suit), Card.joker(), Card(2, rng.choice([s for s in _SUITS if s != suit]))]
    return CardTask("meld", _("You hold two wild cards. Make a legal meld that uses a wild card."),
                    _hand(rng, core, 7), goal_wild(), rules=rules)


def natural_two(rng: random.Random, rules: Rules) -> CardTask:
    suit = rng.choice(_SUITS)
    core = [Card(2, suit), Card(3, suit), Card(4, suit), Card.joker(), Card(6, suit)]
    return CardTask("meld", _("Make a run with a 2 in its own place, and no wild card in it."),
                    _hand(rng, core, 8), goal_natural_two(), rules=rules)


def wild_set(rng: random.Random, rules: Rules) -> CardTask:
    rank = rng.choice([1, *range(3, 14)])
    suits = rng.sample(_SUITS, 2)
    core = [Card(rank, suits[0]), Card(rank, suits[1]), _wild(rng)]
    return CardTask("meld", _("You hold only two cards of a rank. Make a set of three with a wild card."),
                    _hand(rng, core, 7), goal_wild("set"), rules=rules)


def _dirty_run(rng: random.Random, rules: Rules, suit: Suit, start: int) -> Meld:
    meld = check_meld([Card.joker(), _card(start + 1, suit), _card(start + 2, suit)], rules).meld
    assert meld is not None
    return meld


def wild_stands(rng: random.Random, rules: Rules) -> CardTask:
    suit = rng.choice(_SUITS)
    start = rng.randint(3, 10)
    table = _dirty_run(rng, rules, suit, start)
    other = rng.choice([s for s in _SUITS if s != suit])
    hand = [_card(start, suit), _card(start + 3, suit), _card(start - 1, suit) if start > 3 else _card(start + 4, suit),
            _card(start, other)]
    return CardTask("stands", _("The joker is in this run. Click the card it stands for."),
                    tuple(sort_cards(hand)), table=table, rules=rules)


def wild_swap(rng: random.Random, rules: Rules) -> CardTask:
    suit = rng.choice(_SUITS)
    start = rng.randint(3, 10)
    table = _dirty_run(rng, rules, suit, start)
    other = rng.choice([s for s in _SUITS if s != suit])
    hand = [_card(start, suit), _card(start + 3, suit), _card(start, other), *_fillers(rng, [*table.cards, _card(start, suit)], 2)]
    return CardTask("swap", _("Take the joker back: swap in the card it stands for."),
                    tuple(sort_cards(list(dict.fromkeys(hand)))), table=table, rules=rules)


def ace_low(rng: random.Random, rules: Rules) -> CardTask:
    suit = rng.choice(_SUITS)
    other = rng.choice([s for s in _SUITS if s != suit])
    core = [Card(1, suit), Card(2, suit), Card(3, suit), Card(12, suit), Card(13, suit), Card(1, other)]
    return CardTask("meld", _("Make a run with the ace low, below the 2."), _hand(rng, core, 8), goal_ace("low"), rules=rules)


def ace_high(rng: random.Random, rules: Rules) -> CardTask:
    suit = rng.choice(_SUITS)
    other = rng.choice([s for s in _SUITS if s != suit])
    core = [Card(1, suit), Card(3, suit), Card(4, suit), Card(12, suit), Card(13, suit), Card(13, other)]
    return CardTask("meld", _("Make a run with the ace high, above the King."), _hand(rng, core, 8), goal_ace("high"), rules=rules)


def ace_corner(rng: random.Random, rules: Rules) -> CardTask:
    suit = rng.choice(_SUITS)
    core = [Card(13, suit), Card(1, suit), Card(2, suit), Card(3, suit), Card(4, suit)]
    return CardTask("meld", _("Make a run of four cards with the ace in it."), _hand(rng, core, 8),
                    goal_ace("any", at_least=4), rules=rules)


def _ace_on_table(rng: random.Random, rules: Rules, high: bool) -> CardTask:
    suit = rng.choice(_SUITS)
    ranks = (11, 12, 13) if high else (2, 3, 4)
    table = check_meld([Card(rank, suit) for rank in ranks], rules).meld
    assert table is not None
    other = rng.sample([s for s in _SUITS if s != suit], 2)
    hand = [Card(1, suit), Card(1, other[0]), Card(10 if high else 5, suit), Card(1, other[1]), Card(7, other[0])]
    prompt = _("Put an ace on this run, above the King.") if high else _("Put an ace on this run, below the 2.")
    return CardTask("add", prompt,
                    tuple(sort_cards(hand)), goal_adds(Rank.ACE), table, rules=rules)


def ace_on_low_run(rng: random.Random, rules: Rules) -> CardTask:
    return _ace_on_table(rng, rules, high=False)


def ace_on_high_run(rng: random.Random, rules: Rules) -> CardTask:
    return _ace_on_table(rng, rules, high=True)


# -- lesson 5: which card may you not discard? (the engine refuses exactly one) ---------------------------------
def _refused_once(task: CardTask) -> bool:
    assert task.scene is not None
    return len(task.scene.refused(task.rules)) == 1


def single_pile(rng: random.Random, rules: Rules) -> CardTask:
    """North took a discard pile of one card: that card may not be thrown straight back (002 'Playing a turn')."""
    for _attempt in range(50):
        taken = Card(rng.choice([1, *range(3, 14)]), rng.choice(_SUITS))
        held = _fillers(rng, [taken], rng.randint(4, 6))
        hand = tuple(sort_cards([*held, taken]))
        scene = Scene(format_cards(held), tuple((f"discard {card.notation()}",) for card in hand), pile=taken.notation(),
                      phase="draw", before=("take",), shown=(taken,),
                      label=_("The discard pile held only this one card, and you took it"),
                      why=_("the rule is only about the card you took when it was alone on the pile"), rule="single_card_pile")
        prompt = _("At the start of your turn the discard pile held a single card, and you took it instead of drawing. "
                   "It is in your hand now. Which card may you not discard to end your turn?")
        task = CardTask("discard-refused", prompt, hand, rules=rules, scene=scene)
        if _refused_once(task):
            return task
    return task


#: The close-wild task's label and prompt, by the ruleset's words (its pot, its burraco): whole messages each.
_CLOSE_WILD: Final = {
    ("pozzetto", "burraco"): (
        N_("Your side's burraco on the table"),
        N_("Your side has taken its pozzetto and has a burraco, so you may close this turn. You have drawn and hold two "
           "cards: either fits on the burraco. Put one there and discard the other to close the hand. "
           "Which card may you not discard?")),
}
#: The same for the other rulesets' words, named in the message.
_CLOSE_WILD_ANY: Final = (
    N_("Your side's {burraco} on the table"),
    N_("Your side has taken its {pot} and has a {burraco}, so you may close this turn. You have drawn and hold two "
       "cards: either fits on the {burraco}. Put one there and discard the other to close the hand. "
       "Which card may you not discard?"))


def close_wild(rng: random.Random, rules: Rules) -> CardTask:
    """North's side can close, North holds a wild card and one other card: the card that closes may never be wild (002 'Closing')."""
    from buraco_learn.scoring import burraco_word, pot_word

    for _attempt in range(50):
        suit = rng.choice(_SUITS)
        start = rng.randint(3, 7)
        burraco = check_meld([_card(start + step, suit) for step in range(7)], rules).meld
        assert burraco is not None
        ends = [rank for rank in (start - 1, start + 7) if 3 <= rank <= 13]
        other = _card(rng.choice(ends), suit)
        wild = _wild(rng, suit)
        hand = tuple(sort_cards([other, wild]))
        lines = tuple((f"add m1 {hand[1 - place].notation()}", f"close {card.notation()}") for place, card in enumerate(hand))
        word, pot = burraco_word(rules), pot_word(rules)
        label, prompt = _CLOSE_WILD.get((pot, word), _CLOSE_WILD_ANY)
        scene = Scene(format_cards(hand), lines, melds=(burraco.notation(),), pot="taken",
                      label=_(label, burraco=word), why=_("your side may close, and the card that closes may be any card but a wild one"),
                      rule="close_wild")
        task = CardTask("discard-refused", _(prompt, pot=pot, burraco=word), hand, table=burraco, rules=rules, scene=scene)
        if _refused_once(task):
            return task
    return task


#: The generators a lesson's ``cards`` block names (lessons/tasks/*.toml), each making a fresh hand for every try.
MAKERS: Final[dict[str, Maker]] = {
    "set": make_set, "run": make_run, "long-run": make_long_run, "any-meld": any_meld,
    "add-to-run": add_to_run, "add-to-set": add_to_set,
    "wild-in-gap": wild_in_gap, "one-wild": one_wild, "natural-two": natural_two, "wild-set": wild_set,
    "wild-stands": wild_stands, "wild-swap": wild_swap,
    "ace-low": ace_low, "ace-high": ace_high, "ace-corner": ace_corner,
    "ace-on-low-run": ace_on_low_run, "ace-on-high-run": ace_on_high_run,
    "single-pile": single_pile, "close-wild": close_wild,
}
