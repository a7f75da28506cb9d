"""What can be wrong with a meld, and how to say it in the language of the rules.

Each :class:`Problem` has one sentence, built for the cards at hand, that names the
rule and ends with the document it comes from.

>>> from buraco_learn import check_meld
>>> print(check_meld("2H 2S 2D").explanations[0])
A meld cannot be made of wild cards alone: three 2s are not a set (002 'Melds').
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from buraco_learn import meldcore as core
from buraco_learn.cards import Card, Rank, Suit
from buraco_learn.sources import cite_first, states

if TYPE_CHECKING:
    from buraco_learn.rules import Rules


class Problem(enum.Enum):
    """Why a meld (or an addition to one, or a swap) is not legal."""

    EMPTY = "empty"
    TOO_FEW_CARDS = "too-few-cards"
    NOT_IN_DECK = "not-in-deck"
    TOO_MANY_COPIES = "too-many-copies"
    ALL_WILD = "all-wild"
    TOO_MANY_WILDS = "too-many-wilds"
    TOO_FEW_NATURALS = "too-few-naturals"
    SETS_NOT_ALLOWED = "sets-not-allowed"
    RUNS_NOT_ALLOWED = "runs-not-allowed"
    NOT_SET_OR_RUN = "not-set-or-run"
    SET_TOO_BIG = "set-too-big"
    IDENTICAL_IN_SET = "identical-in-set"
    DUPLICATE_IN_RUN = "duplicate-in-run"
    TWO_ACES = "two-aces"
    WRAP_AROUND = "wrap-around"
    GAP = "gap"
    RUN_TOO_LONG = "run-too-long"
    WILD_FIXED = "wild-fixed"
    NO_WILD_TO_SWAP = "no-wild-to-swap"
    WRONG_SWAP_CARD = "wrong-swap-card"
    SWAP_NOT_ALLOWED = "swap-not-allowed"
    SWAP_IN_SET = "swap-in-set"
    WRONG_RANK = "wrong-rank"
    WRONG_SUIT = "wrong-suit"

    @property
    def bit(self) -> int:
        return _BITS[self]


_BITS: Final = {
    Problem.EMPTY: core.P_EMPTY,
    Problem.TOO_FEW_CARDS: core.P_TOO_FEW_CARDS,
    Problem.NOT_IN_DECK: core.P_NOT_IN_DECK,
    Problem.TOO_MANY_COPIES: core.P_TOO_MANY_COPIES,
    Problem.TOO_MANY_WILDS: core.P_TOO_MANY_WILDS,
    Problem.ALL_WILD: core.P_ALL_WILD,
    Problem.TOO_FEW_NATURALS: core.P_TOO_FEW_NATURALS,
    Problem.SETS_NOT_ALLOWED: core.P_SETS_NOT_ALLOWED,
    Problem.RUNS_NOT_ALLOWED: core.P_RUNS_NOT_ALLOWED,
    Problem.NOT_SET_OR_RUN: core.P_NOT_SET_OR_RUN,
    Problem.SET_TOO_BIG: core.P_SET_TOO_BIG,
    Problem.IDENTICAL_IN_SET: core.P_IDENTICAL_IN_SET,
    Problem.DUPLICATE_IN_RUN: core.P_DUPLICATE_IN_RUN,
    Problem.TWO_ACES: core.P_TWO_ACES,
    Problem.WRAP_AROUND: core.P_WRAP_AROUND,
    Problem.GAP: core.P_GAP,
    Problem.RUN_TOO_LONG: core.P_RUN_TOO_LONG,
    Problem.WILD_FIXED: core.P_WILD_FIXED,
    Problem.NO_WILD_TO_SWAP: core.P_NOT_A_WILD,
    Problem.WRONG_SWAP_CARD: core.P_WRONG_SWAP_CARD,
    Problem.SWAP_NOT_ALLOWED: core.P_SWAP_NOT_ALLOWED,
    Problem.SWAP_IN_SET: core.P_SWAP_IN_SET,
    Problem.WRONG_RANK: core.P_WRONG_RANK,
    Problem.WRONG_SUIT: core.P_WRONG_SUIT,
}
# the order problems are listed in: the deck first, then the most basic rule broken
ORDER: Final = tuple(Problem)


#: A sentence's rule: one key of :data:`buraco_learn.sources.RULE_TEXT`, or several, the first
#: the ruleset's document states being cited.
Rule = str | tuple[str, ...]


def problems_of(bits: int) -> tuple[Problem, ...]:
    """The problems whose bits are set, in a stable, teaching order."""
    return tuple(problem for problem in ORDER if bits & problem.bit)


def _list(cards: Sequence[Card]) -> str:
    names = [_card_word(card) for card in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _wilds(cards: Sequence[Card], rules: Rules) -> list[Card]:
    return [card for card in cards if rules.is_wild(card)]


def _rank_word(rank: int) -> str:
    word = Rank(rank).word
    return word + ("es" if word.endswith("x") else "s")


def explain(problem: Problem, cards: Sequence[Card], rules: Rules, context: dict[str, object] | None = None) -> str:
    """One sentence for ``problem`` in this meld, ending with its source.

    A sentence may rest on several rules (a tuple of rule keys): it cites the first one
    the ruleset's document states (:func:`buraco_learn.sources.cite_first`).
    """
    ctx = context or {}
    rule, text = _SENTENCES[problem](list(cards), rules, ctx)
    keys = rule if isinstance(rule, tuple) else (rule,)
    return f"{text} ({cite_first(keys, rules.source).short()})."


def _too_few(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "min_meld", f"A meld needs at least {rules.min_meld_cards} cards; this one has {len(cards)}"


def _empty(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "min_meld", f"No cards were given; a meld needs at least {rules.min_meld_cards}"


def _not_in_deck(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "deck", "This ruleset plays with the 104-card deck without jokers, so a joker cannot be melded"


def _copies(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    counts = Counter(cards)
    extra = [card for card, count in counts.items() if count > (4 if card.is_joker else 2)]
    what = ", ".join(f"{counts[card]} × {card.unicode()}" for card in extra)
    return "deck", f"The deck holds two of each card and four jokers, but this meld has {what}"


def _too_many_wilds(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    wilds = _wilds(cards, rules)
    most = "one wild card" if rules.max_wilds == 1 else f"{rules.max_wilds} wild cards"
    text = f"A meld may hold at most {most}; this one holds {len(wilds)}: {_list(wilds)}"
    if rules.natural_two and any(card.is_two for card in wilds):
        text += " (a 2 is natural only in its own place in a run of its suit)"
    return "one_wild", text


def _all_wild(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[Rule, str]:
    # 002 and 004 say it in so many words; 000, 001 and 003 by "at most one wild card per meld"
    if states("set_of_wilds", rules.source):
        return "set_of_wilds", "A meld cannot be made of wild cards alone: three 2s are not a set"
    return "one_wild", "A meld cannot be made of wild cards alone: it may hold at most one wild card"


def _few_naturals(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    naturals = [card for card in cards if not rules.is_wild(card)]
    rule = "two_real" if rules.source == "004" else "one_wild"
    return rule, (
        f"Every meld needs at least {rules.min_naturals} natural cards; this one has {len(naturals)}"
        + (f" ({_list(naturals)})" if naturals else "")
    )


def _no_sets(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "no_sets", "This ruleset melds runs of one suit only; sets of equal rank are not allowed"


def _no_runs(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "run", "This ruleset (as the host set it) does not allow runs"


def _neither(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    naturals = [card for card in cards if not rules.is_wild(card)]
    if rules.sets:
        return "set", (
            f"A set needs cards of one rank and a run cards of one suit in sequence; "
            f"{_list(naturals)} are neither"
        )
    return "run", f"A run needs cards of one suit in sequence; {_list(naturals)} are of different suits"


def _set_too_big(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "set_limit", f"A set holds at most {rules.max_set_cards} cards, one of each suit; this one has {len(cards)}"


def _identical(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    naturals = [card for card in cards if not rules.is_wild(card)]
    twice = sorted({card for card in naturals if naturals.count(card) > 1})
    verb = "appears" if len(twice) == 1 else "each appear"
    return "set_limit", f"Two identical cards never count in a set, and {_list(twice)} {verb} twice"


def _duplicate(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    naturals = [card for card in cards if not rules.is_wild(card) or card.is_two]
    twice = sorted({card for card in naturals if naturals.count(card) > 1 and not card.is_two})
    verb = "appears" if len(twice) == 1 else "each appear"
    return "run", f"A run holds each card once, one per place, but {_list(twice)} {verb} twice"


def _two_aces(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    if rules.ace_to_ace:
        return "aces", "Two aces fit in one run only as the full 14-card run from ace to ace"
    return "aces", "An ace goes below the 2 or above the King, but a run cannot use two aces"


def _wrap(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "aces", "A run cannot turn the corner from King through Ace to 2: K-A-2 is not a run"


def _gap(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    missing = ctx.get("missing")
    text = "The cards of a run must follow on in one suit, and a wild card fills only one missing place"
    if isinstance(missing, list) and missing:
        text += f"; missing here: {_list(missing)}"
    return "run", text


def _too_long(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    most = "14 cards, from ace to ace" if rules.ace_to_ace else "13 cards, from ace to King or from 2 to ace"
    return "aces", f"A run holds at most {most}; this one would need {len(cards)} places"


def _wild_fixed(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[Rule, str]:
    wild, stands = ctx.get("wild"), ctx.get("stands_for")
    if ctx.get("swap_in") and wild and stands:
        # the card added is the one the wild stands for: that is a swap, not an addition
        name, card = _card_word(wild), _card_word(stands)
        text = f"The {name} stands for {card}: putting the {card} in its place is a swap, not an addition; swap it in, and the {name} moves to "
        if rules.wild_placement != "low-end":
            return "swap", text + "an end of the run, either end"
        if ctx.get("to_end") == "upper":
            return "swap", text + "the upper end of the run, as nothing goes below the ace"
        return "swap", text + "the lower end of the run"
    who = f"The {_card_word(wild)} stands for {_card_word(stands)}" if wild and stands else "The wild card keeps the place it stands for"
    if not rules.wild_swap:
        # no card replaces it: the ruleset allows no swap (issue 15: the explanation follows the option)
        return "swap", f"{who} and cannot move: this ruleset (as the host set it) does not allow swapping a wild card, so no card takes its place"
    if rules.wild_placement != "low-end":
        # free placement: only a wild inside the run is pinned (000, 001, 003, 004 are silent)
        return "swap", f"{who} and cannot move: a wild inside a run keeps its place, and only the exact card it stands for can replace it"
    return "wild_low_end", f"{who} and cannot move: a wild at the end of a run sits at the lower end, and only the exact card it stands for can replace it"


def _no_wild(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "swap", "There is no wild card in this meld to swap"


def _wrong_swap(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    wild, stands, given = ctx.get("wild"), ctx.get("stands_for"), ctx.get("given")
    text = "A wild card can only be swapped for the exact card it represents"
    if wild and stands and given:
        text += f": the {_card_word(wild)} stands for {_card_word(stands)}, not {_card_word(given)}"
    return "swap", text


def _swap_off(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "swap", "This ruleset (as the host set it) does not allow swapping a wild card"


def _swap_set(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "swap", "A wild in a set stands for no one exact card, so it cannot be swapped; add the card to the set instead"


def _wrong_rank(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    rank, bad = ctx.get("rank"), ctx.get("bad")
    if isinstance(rank, int) and isinstance(bad, list):
        return "set", f"A set of {_rank_word(rank)} takes only {_rank_word(rank)} and wild cards; {_list(bad)} cannot join it"
    return "set", "A set takes only cards of its rank and wild cards"


def _wrong_suit(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    suit, bad = ctx.get("suit"), ctx.get("bad")
    if isinstance(suit, int) and isinstance(bad, list):
        name = Suit(suit).name.lower()
        return "run", f"A run of {name} takes only {name} and wild cards; {_list(bad)} cannot join it"
    return "run", "A run takes only cards of its suit and wild cards"


def _card_word(card: object) -> str:
    if isinstance(card, Card):
        return "joker" if card.is_joker else card.unicode()
    return str(card)


_SENTENCES: Final = {
    Problem.EMPTY: _empty,
    Problem.TOO_FEW_CARDS: _too_few,
    Problem.NOT_IN_DECK: _not_in_deck,
    Problem.TOO_MANY_COPIES: _copies,
    Problem.TOO_MANY_WILDS: _too_many_wilds,
    Problem.ALL_WILD: _all_wild,
    Problem.TOO_FEW_NATURALS: _few_naturals,
    Problem.SETS_NOT_ALLOWED: _no_sets,
    Problem.RUNS_NOT_ALLOWED: _no_runs,
    Problem.NOT_SET_OR_RUN: _neither,
    Problem.SET_TOO_BIG: _set_too_big,
    Problem.IDENTICAL_IN_SET: _identical,
    Problem.DUPLICATE_IN_RUN: _duplicate,
    Problem.TWO_ACES: _two_aces,
    Problem.WRAP_AROUND: _wrap,
    Problem.GAP: _gap,
    Problem.RUN_TOO_LONG: _too_long,
    Problem.WILD_FIXED: _wild_fixed,
    Problem.NO_WILD_TO_SWAP: _no_wild,
    Problem.WRONG_SWAP_CARD: _wrong_swap,
    Problem.SWAP_NOT_ALLOWED: _swap_off,
    Problem.SWAP_IN_SET: _swap_set,
    Problem.WRONG_RANK: _wrong_rank,
    Problem.WRONG_SUIT: _wrong_suit,
}
