"""Meld notation in table order: ``JK=5D 6D 7D``, each wild written with the card it stands for.

:meth:`buraco_learn.melds.Meld.parse` reads such a meld here. Whether the cards form a
meld is decided by the one meld solver (:mod:`buraco_learn.meldcore`); the written order
must then be one the rules allow: every natural card in its own place, a wild standing
for the card of its place, and, under 002's low-end rule, a wild at the end of a run at
the lower end (at the upper end only when the run starts at the ace).

>>> from buraco_learn import preset
>>> parse_ordered("JK=5D 6D 7D", preset("italian")).clean
False
>>> parse_ordered("4D 5D 6D JK=7D", preset("bukharo")).notation()
'4D 5D 6D JK=7D'
"""

from __future__ import annotations

from buraco_learn import meldcore as core
from buraco_learn.cards import RANKS, SUITS, Card
from buraco_learn.errors import IllegalActionError, InvalidNotationError
from buraco_learn.melds import Meld, Slot, Verdict
from buraco_learn.rules import Rules
from buraco_learn.sources import cite


def parse_ordered(text: str, rules: Rules) -> Meld:
    """A run written in its table order (with ``=``): legal by the solver, placed as the rules allow."""
    written: list[tuple[str, Card, Card | None]] = []
    for token in text.replace(",", " ").split():
        card_text, _, stands_text = token.partition("=")
        card = Card.parse(card_text)
        stands = Card.parse(stands_text) if stands_text else None
        if stands is not None and stands.is_joker:
            raise InvalidNotationError(f"invalid meld notation {token!r}: a wild stands for a natural card")
        written.append((token, card, stands))
    cards = tuple(card for _, card, _ in written)
    solution = core.solve([card.code for card in cards], rules.meld_rules)
    if solution[0] == core.ILLEGAL:
        verdict = Verdict(cards, rules, solution)
        raise IllegalActionError(f"illegal meld {text!r}: {' '.join(verdict.explanations)}")

    def bad(why: str) -> IllegalActionError:
        return IllegalActionError(f"illegal meld {text!r}: {why}")

    if solution[0] == core.SET:
        raise bad("these cards are a set, and a wild in a set stands for no particular card: write the set without '='")
    suit = SUITS[solution[2]]
    first_token, first, first_stands = written[0]
    first_rank = (first_stands or first).rank
    if first_rank is None:
        raise bad(f"{first_token}: a wild in a run is written with the card it stands for, e.g. JK=5D")
    start = int(first_rank)  # an ace first is the low ace; positions follow the order
    slots: list[Slot] = []
    naturals = 0
    wild_positions: list[int] = []
    for offset, (token, card, stands) in enumerate(written):
        position = start + offset
        if position > 14:
            raise bad(f"{token}: the run would go on past the ace")
        rank = RANKS[1 if position == 14 else position]
        place = Card(rank, suit)
        natural_here = card == place and (not rules.is_wild(card) or (card.is_two and rules.natural_two))
        if stands is None and not natural_here:
            raise bad(f"{token} does not belong in the place of the {place.notation()} (a wild is written with the card it stands for, e.g. JK=5D)")
        if stands is not None and stands != place:
            raise bad(f"{token}: the wild in that place stands for {place.notation()}")
        if stands is not None and not rules.is_wild(card):
            raise bad(f"{token}: the {card.unicode()} is not a wild card under these rules")
        if natural_here:  # a 2 of the suit in its own place is natural (000, 002 'Melds'), even written 2D=2D
            naturals |= 1 << position
            slots.append(Slot(card, False, rank, suit, position))
        else:
            wild_positions.append(position)
            slots.append(Slot(card, True, rank, suit, position))
    if len(wild_positions) > rules.max_wilds:
        raise bad(f"it holds {len(wild_positions)} wild cards as written, and a meld may hold at most {rules.max_wilds} ({cite('one_wild', rules.source).short()})")
    if naturals.bit_count() < rules.min_naturals:
        raise bad(f"it holds {naturals.bit_count()} natural cards as written, fewer than {rules.min_naturals}")
    if len(slots) == 14 and not rules.ace_to_ace:
        raise bad(f"a run may not hold an ace at both ends ({cite('aces', rules.source).short()})")
    if rules.wild_placement == "low-end" and wild_positions:
        natural_low, natural_high = core._LOWEST[naturals], core._HIGHEST[naturals]
        fixed = 0
        for position in wild_positions:
            if natural_low < position < natural_high:
                fixed |= 1 << position
        placed = core.place_run(naturals, len(wild_positions), fixed, rules.meld_rules)
        if placed < 0 or (placed >> 4, placed & 15) != (start, start + len(slots) - 1):
            end = next(slot for slot in slots if slot.wild and not fixed >> (slot.position or 0) & 1)
            name = "joker" if end.card.is_joker else end.card.unicode()
            raise bad(
                f"the {name} stands at the upper end, but a wild at the end of a run sits at the lower end "
                f"({cite('wild_low_end', rules.source).short()})"
            )
    return Meld("run", tuple(slots), rules)


def reads_back(text: str, meld: Meld) -> bool:
    """Whether ``Meld.parse(text)`` under Italian rules (the default) gives ``meld`` again."""
    try:
        return Meld.parse(text) == meld
    except ValueError:
        return False


def rules_argument(rules: Rules) -> str:
    """The ruleset as a ``Meld.parse`` argument: a preset's name, or the ruleset's repr."""
    from buraco_learn.presets import PRESETS, preset

    if rules.name in PRESETS and preset(rules.name) == rules:
        return repr(rules.name)
    return repr(rules)
