"""What can be wrong with a meld, and how to say it in the language of the rules.

Each :class:`Problem` has one sentence, built for the cards at hand, that names the
rule and ends with the document it comes from. The sentence is in the current language
(:mod:`buraco_learn.i18n`: English unless set); the document and its section are cited
as written, and each preset's own words are kept (:mod:`buraco_learn.vocabulary`).

>>> from buraco_learn import check_meld
>>> print(check_meld("2H 2S 2D").explanations[0])
A meld cannot be made of wild cards alone: three 2s are not a set (002 'Melds').
>>> from buraco_learn.i18n import use
>>> with use("it"):
...     print(check_meld("2H 2S 2D").explanations[0])
Una combinazione non può essere fatta di sole matte: tre pinelle non fanno un tris (002 'Melds').
>>> with use("pt_BR"):
...     print(check_meld("2H 2S 2D").explanations[0])
Um jogo não pode ser feito só de curingas: três 2 não formam uma trinca (002 'Melds').
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from buraco_learn import meldcore as core
from buraco_learn.cards import Card
from buraco_learn.i18n import N_, _, language, ngettext
from buraco_learn.sources import Citation, cite, cite_first, cite_two, states

if TYPE_CHECKING:
    from buraco_learn.melds import Verdict
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
    return _("{cards} and {last}", cards=", ".join(names[:-1]), last=names[-1])


def _wilds(cards: Sequence[Card], rules: Rules) -> list[Card]:
    return [card for card in cards if rules.is_wild(card)]


#: The ranks' plural nouns ("a set of Kings"), as the English code has always made them.
_RANK_PLURALS: Final = {
    1: N_("Aces"), 2: N_("2s"), 3: N_("3s"), 4: N_("4s"), 5: N_("5s"), 6: N_("6s"), 7: N_("7s"),
    8: N_("8s"), 9: N_("9s"), 10: N_("10s"), 11: N_("Jacks"), 12: N_("Queens"), 13: N_("Kings"),
}
#: The ranks with their article ("the 2♣ stands for a King").
_RANK_ONE: Final = {
    1: N_("an Ace"), 2: N_("a 2"), 3: N_("a 3"), 4: N_("a 4"), 5: N_("a 5"), 6: N_("a 6"), 7: N_("a 7"),
    8: N_("an 8"), 9: N_("a 9"), 10: N_("a 10"), 11: N_("a Jack"), 12: N_("a Queen"), 13: N_("a King"),
}
#: The suits' names ("a run of hearts").
_SUIT_NAMES: Final = {0: N_("spades"), 1: N_("hearts"), 2: N_("diamonds"), 3: N_("clubs")}


def _rank_word(rank: int) -> str:
    return _(_RANK_PLURALS[rank])


def rank_plural(rank: int) -> str:
    """The plural noun of ``rank`` (1 to 13) in the current language: ``Kings``, ``re``, ``reis``."""
    return _(_RANK_PLURALS[rank])


def citation(source: Citation) -> str:
    """``source`` in the compact form of one-line explanations (:meth:`Citation.short`), in the current
    language: the document and its section stay as written, the words around them are translated."""
    if language() == "en":
        return source.short()
    params = {"document": source.document, "section": source.section, "preset_document": source.preset_document}
    if source.house:
        return _("a house rule as in {document} '{section}'; {preset_document} says otherwise", **params)
    if source.borrowed:
        return _("{preset_document} is silent; buraco-learn follows {document} '{section}'", **params)
    return source.short()


def explain(problem: Problem, cards: Sequence[Card], rules: Rules, context: dict[str, object] | None = None) -> str:
    """One sentence for ``problem`` in this meld, ending with its source, in the current language
    (:mod:`buraco_learn.i18n`).

    A sentence may rest on several rules (a tuple of rule keys): it cites the first one
    the ruleset's document states (:func:`buraco_learn.sources.cite_first`).
    """
    ctx = context or {}
    rule, text = _SENTENCES[problem](list(cards), rules, ctx)
    keys = rule if isinstance(rule, tuple) else (rule,)
    return _("{sentence} ({source}).", sentence=text, source=citation(cite_first(keys, rules.source)))


def _too_few(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "min_meld", _("A meld needs at least {least} cards; this one has {count}", least=rules.min_meld_cards, count=len(cards))


def _empty(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "min_meld", _("No cards were given; a meld needs at least {least}", least=rules.min_meld_cards)


def _not_in_deck(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "deck", _("This ruleset plays with the 104-card deck without jokers, so a joker cannot be melded")


def _copies(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    counts = Counter(cards)
    extra = [card for card, count in counts.items() if count > (4 if card.is_joker else 2)]
    what = ", ".join(f"{counts[card]} × {card.unicode()}" for card in extra)
    return "deck", _("The deck holds two of each card and four jokers, but this meld has {copies}", copies=what)


def _too_many_wilds(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    wilds = _wilds(cards, rules)
    if rules.max_wilds == 1:
        text = _("A meld may hold at most one wild card; this one holds {count}: {cards}", count=len(wilds), cards=_list(wilds))
    else:
        text = _("A meld may hold at most {most} wild cards; this one holds {count}: {cards}",
                 most=rules.max_wilds, count=len(wilds), cards=_list(wilds))
    if rules.natural_two and any(card.is_two for card in wilds):
        text = _("{sentence} (a 2 is natural only in its own place in a run of its suit)", sentence=text)
    return "one_wild", text


def _all_wild(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[Rule, str]:
    # 002 and 004 say it in so many words; 000, 001 and 003 by "at most one wild card per meld"
    if states("set_of_wilds", rules.source):
        return "set_of_wilds", _("A meld cannot be made of wild cards alone: three 2s are not a set")
    return "one_wild", _("A meld cannot be made of wild cards alone: it may hold at most one wild card")


def _few_naturals(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    naturals = [card for card in cards if not rules.is_wild(card)]
    rule = "two_real" if rules.source == "004" else "one_wild"
    if naturals:
        return rule, _("Every meld needs at least {least} natural cards; this one has {count} ({cards})",
                       least=rules.min_naturals, count=len(naturals), cards=_list(naturals))
    return rule, _("Every meld needs at least {least} natural cards; this one has {count}", least=rules.min_naturals, count=0)


def _no_sets(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "no_sets", _("This ruleset melds runs of one suit only; sets of equal rank are not allowed")


def _no_runs(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "run", _("This ruleset (as the host set it) does not allow runs")


def _neither(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    naturals = [card for card in cards if not rules.is_wild(card)]
    if rules.sets:
        return "set", _("A set needs cards of one rank and a run cards of one suit in sequence; {cards} are neither",
                        cards=_list(naturals))
    return "run", _("A run needs cards of one suit in sequence; {cards} are of different suits", cards=_list(naturals))


def _set_too_big(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "set_limit", _("A set holds at most {most} cards, one of each suit; this one has {count}",
                          most=rules.max_set_cards, count=len(cards))


def _identical(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    naturals = [card for card in cards if not rules.is_wild(card)]
    twice = sorted({card for card in naturals if naturals.count(card) > 1})
    return "set_limit", ngettext("Two identical cards never count in a set, and {cards} appears twice",
                                 "Two identical cards never count in a set, and {cards} each appear twice",
                                 len(twice), cards=_list(twice))


def _duplicate(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    naturals = [card for card in cards if not rules.is_wild(card) or card.is_two]
    twice = sorted({card for card in naturals if naturals.count(card) > 1 and not card.is_two})
    return "run", ngettext("A run holds each card once, one per place, but {cards} appears twice",
                           "A run holds each card once, one per place, but {cards} each appear twice",
                           len(twice), cards=_list(twice))


def _two_aces(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    if rules.ace_to_ace:
        return "aces", _("Two aces fit in one run only as the full 14-card run from ace to ace")
    return "aces", _("An ace goes below the 2 or above the King, but a run cannot use two aces")


def _wrap(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "aces", _("A run cannot turn the corner from King through Ace to 2: K-A-2 is not a run")


def _gap(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    missing = ctx.get("missing")
    if isinstance(missing, list) and missing:
        return "run", _("The cards of a run must follow on in one suit, and a wild card fills only one missing place; "
                        "missing here: {missing}", missing=_list(missing))
    return "run", _("The cards of a run must follow on in one suit, and a wild card fills only one missing place")


def _too_long(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    if rules.ace_to_ace:
        return "aces", _("A run holds at most 14 cards, from ace to ace; this one would need {count} places", count=len(cards))
    return "aces", _("A run holds at most 13 cards, from ace to King or from 2 to ace; this one would need {count} places",
                     count=len(cards))


def _wild_fixed(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[Rule, str]:
    wild, stands = ctx.get("wild"), ctx.get("stands_for")
    if ctx.get("swap_in") and wild and stands:
        # the card added is the one the wild stands for: that is a swap, not an addition
        names = {"wild": _card_word(wild), "card": _card_word(stands)}
        if rules.wild_placement != "low-end":
            return "swap", _("The {wild} stands for {card}: putting the {card} in its place is a swap, not an addition; "
                             "swap it in, and the {wild} moves to an end of the run, either end", **names)
        if ctx.get("to_end") == "upper":
            return "swap", _("The {wild} stands for {card}: putting the {card} in its place is a swap, not an addition; "
                             "swap it in, and the {wild} moves to the upper end of the run, as nothing goes below the ace", **names)
        return "swap", _("The {wild} stands for {card}: putting the {card} in its place is a swap, not an addition; "
                         "swap it in, and the {wild} moves to the lower end of the run", **names)
    if wild and stands:
        names = {"wild": _card_word(wild), "card": _card_word(stands)}
        if not rules.wild_swap:
            # no card replaces it: the ruleset allows no swap (issue 15: the explanation follows the option)
            return "swap", _("The {wild} stands for {card} and cannot move: this ruleset (as the host set it) does not allow "
                             "swapping a wild card, so no card takes its place", **names)
        if rules.wild_placement != "low-end":
            # free placement: only a wild inside the run is pinned (000, 001, 003, 004 are silent)
            return "swap", _("The {wild} stands for {card} and cannot move: a wild inside a run keeps its place, and only "
                             "the exact card it stands for can replace it", **names)
        return "wild_low_end", _("The {wild} stands for {card} and cannot move: a wild at the end of a run sits at the lower "
                                 "end, and only the exact card it stands for can replace it", **names)
    if not rules.wild_swap:
        return "swap", _("The wild card keeps the place it stands for and cannot move: this ruleset (as the host set it) "
                         "does not allow swapping a wild card, so no card takes its place")
    if rules.wild_placement != "low-end":
        return "swap", _("The wild card keeps the place it stands for and cannot move: a wild inside a run keeps its place, "
                         "and only the exact card it stands for can replace it")
    return "wild_low_end", _("The wild card keeps the place it stands for and cannot move: a wild at the end of a run sits "
                             "at the lower end, and only the exact card it stands for can replace it")


def _no_wild(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "swap", _("There is no wild card in this meld to swap")


def _wrong_swap(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    wild, stands, given = ctx.get("wild"), ctx.get("stands_for"), ctx.get("given")
    if wild and stands and given:
        return "swap", _("A wild card can only be swapped for the exact card it represents: the {wild} stands for {card}, "
                         "not {given}", wild=_card_word(wild), card=_card_word(stands), given=_card_word(given))
    return "swap", _("A wild card can only be swapped for the exact card it represents")


def _swap_off(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "swap", _("This ruleset (as the host set it) does not allow swapping a wild card")


def _swap_set(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    return "swap", _("A wild in a set stands for no one exact card, so it cannot be swapped; add the card to the set instead")


def _wrong_rank(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    rank, bad = ctx.get("rank"), ctx.get("bad")
    if isinstance(rank, int) and isinstance(bad, list):
        return "set", ngettext("A set of {ranks} takes only {ranks} and wild cards; {cards} cannot join it",
                               "A set of {ranks} takes only {ranks} and wild cards; {cards} cannot join it",
                               len(bad), ranks=_rank_word(rank), cards=_list(bad))
    return "set", _("A set takes only cards of its rank and wild cards")


def _wrong_suit(cards: list[Card], rules: Rules, ctx: dict[str, object]) -> tuple[str, str]:
    suit, bad = ctx.get("suit"), ctx.get("bad")
    if isinstance(suit, int) and isinstance(bad, list):
        return "run", ngettext("A run of {suit} takes only {suit} and wild cards; {cards} cannot join it",
                               "A run of {suit} takes only {suit} and wild cards; {cards} cannot join it",
                               len(bad), suit=_(_SUIT_NAMES[suit]), cards=_list(bad))
    return "run", _("A run takes only cards of its suit and wild cards")


def _card_word(card: object) -> str:
    if isinstance(card, Card):
        return _("joker") if card.is_joker else card.unicode()
    return str(card)


# -- a verdict's whole answer in the learner's language (the command line's; English is Verdict.reason) --

#: A legal meld's kind and quality ("legal clean run 5♥ 6♥ 7♥").
_LEGAL: Final = {
    ("set", "clean"): N_("legal clean set {meld}"),
    ("set", "semi-clean"): N_("legal semi-clean set {meld}"),
    ("set", "dirty"): N_("legal dirty set {meld}"),
    ("run", "clean"): N_("legal clean run {meld}"),
    ("run", "semi-clean"): N_("legal semi-clean run {meld}"),
    ("run", "dirty"): N_("legal dirty run {meld}"),
}
#: A meld of seven, in each document's own word (:data:`buraco_learn.vocabulary.BURRACO_WORDS`).
_BURRACOS: Final = {
    ("clean", "burraco"): N_("a clean burraco"),
    ("semi-clean", "burraco"): N_("a semi-clean burraco"),
    ("dirty", "burraco"): N_("a dirty burraco"),
    ("royal", "burraco"): N_("a royal burraco"),
    ("ace-to-ace", "burraco"): N_("an ace-to-ace burraco"),
    ("clean", "canasta"): N_("a clean canasta"),
    ("semi-clean", "canasta"): N_("a semi-clean canasta"),
    ("dirty", "canasta"): N_("a dirty canasta"),
    ("royal", "canasta"): N_("a royal canasta"),
    ("ace-to-ace", "canasta"): N_("an ace-to-ace canasta"),
    ("clean", "canastra"): N_("a clean canastra"),
    ("semi-clean", "canastra"): N_("a semi-clean canastra"),
    ("dirty", "canastra"): N_("a dirty canastra"),
    ("royal", "canastra"): N_("a royal canastra"),
    ("ace-to-ace", "canastra"): N_("an ace-to-ace canastra"),
}


def burraco_phrase(kind: str, rules: Rules) -> str:
    """``'a clean burraco'`` in the current language: a meld of seven of ``kind`` by the ruleset's own word
    (canasta for 001, canastra for 003); empty for a kind that has no phrase.

    >>> from buraco_learn import preset
    >>> burraco_phrase("dirty", preset("brazil-online")), burraco_phrase("clean", preset("italian"))
    ('a dirty canastra', 'a clean burraco')
    """
    from buraco_learn.vocabulary import vocabulary

    word = vocabulary(rules).burraco
    phrase = _BURRACOS.get((kind, word), _BURRACOS.get((kind, "burraco"), ""))
    return _(phrase) if phrase else ""


def verdict_reason(verdict: Verdict) -> str:
    """:attr:`Verdict.reason <buraco_learn.melds.Verdict.reason>` in the current language (in English, exactly it).

    >>> from buraco_learn import check_meld
    >>> from buraco_learn.i18n import use
    >>> with use("it"):
    ...     print(verdict_reason(check_meld("KS KD 2C")))
    tris sporco valido: K♠ K♦ 2♣; il 2♣ fa da re
    >>> with use("pt_BR"):
    ...     print(verdict_reason(check_meld("KS KD 2C")))
    trinca suja válida: K♠ K♦ 2♣; o 2♣ vale como rei
    """
    return verdict.reason if language() == "en" else reason_words(verdict)


def reason_words(verdict: Verdict) -> str:
    """The verdict's answer built from the messages (in English it is :attr:`Verdict.reason`, word for word:
    tests/test_i18n_problems.py holds it to that, so that the catalogue's English is the code's)."""

    if not verdict.legal:
        return _("illegal: {explanations}", explanations=" ".join(verdict.explanations))
    meld = verdict.meld
    assert meld is not None and verdict.kind is not None
    quality = "clean" if verdict.clean else ("semi-clean" if verdict.semi_clean else "dirty")
    text = _(_LEGAL[verdict.kind, quality], meld=meld.notation(unicode=True))
    if verdict.burraco:
        text = _("{verdict}, {burraco}", verdict=text, burraco=burraco_phrase(verdict.burraco, verdict.rules))
    notes = []
    for slot in meld.wild_slots:
        name = _card_word(slot.card)
        if slot.suit is None:
            notes.append(_("the {wild} stands for {rank}", wild=name, rank=_(_RANK_ONE[slot.rank])))
        elif slot.stands_for == slot.card:
            notes.append(_("the {wild} is wild even in its own place ({source})", wild=name,
                           source=citation(cite_two(False, verdict.rules.source))))
        else:
            notes.append(_("the {wild} stands for {card}", wild=name, card=Card(slot.rank, slot.suit).unicode()))
    if notes:
        text = _("{verdict}: {notes}", verdict=text, notes="; ".join(notes))
        at_low_end = meld.kind == "run" and meld.slots[0].wild
        if at_low_end and verdict.rules.wild_placement == "low-end":
            text = _("{verdict} ({source}: a wild at the end of a run sits at the lower end)", verdict=text,
                     source=citation(cite("wild_low_end", verdict.rules.source)))
    return text


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
