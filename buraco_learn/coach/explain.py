"""Words for the coach: what an action does, in rule terms, and what it gains.

:func:`explain` turns one action in one position into an :class:`Explanation`: the
idea (rung 1), the cards (rung 2), the move in words (rung 3), the gains (as keys:
points, a burraco, the pot, closing, blocking the opponents; and as a phrase,
``gain``: "puts 25 points on the table", "blocks the opponents' run of hearts 5♥ to 9♥")
and the rules it rests on, each cited from the ruleset's own document
(:func:`buraco_learn.sources.cite_for`). Advice that is a tip rather than a rule is quoted
from the documents' tips sections (:data:`TIPS`). No text is ever action notation:
cards are named with their suits' symbols, melds by what they are, and each ruleset's
own words are used (:class:`Terms`: burraco and pozzetto, canasta and morto, ...).

Every text is a message of the catalogue (:mod:`buraco_learn.i18n`), in the learner's
language: where a ruleset's words or a side (a lone player in cut-throat) change a
sentence, each wording is a whole message of its own, picked from a table keyed by those
words (:data:`_MELD_NAMES`, :data:`_MAKES`, :data:`_PICK_UP_POT` ...); a move in words
(:func:`action_words`) is what completes "I would have chosen to ..." (an infinitive in
Italian and Portuguese); a gain completes "it ..." or "which ...". English is the code's own text.

>>> from buraco_learn.bots.heuristics import Position
>>> from buraco_learn.coach.positions import burraco_pile
>>> state = burraco_pile()
>>> view = state.view(state.current)
>>> words = explain(Position.from_view(view), view, view.legal[1])
>>> print(words.idea)
You could take the discard pile: it holds the J♥ that your side's run of hearts 5♥ to 10♥ needs to become a burraco and the 3♦ that pairs with your 3♠ (002 'Playing a turn').
>>> words.gains, words.gain
(('a burraco', 'points'), "brings the J♥ that turns your side's run of hearts 5♥ to 10♥ into a burraco")
>>> print(words.full)
Play: take the discard pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from buraco_learn.cards import Card, Rank
from buraco_learn.extend import check_add
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.game.predicates import pile_card_rule
from buraco_learn.game.table import TableMeld
from buraco_learn.game.view import PlayerView
from buraco_learn.game.words import action_words as plain_action_words
from buraco_learn.game.words import and_melds, card_text, cards_row, join
from buraco_learn.game.words import cards_list as words_cards_list
from buraco_learn.i18n import N_, _, ngettext, number
from buraco_learn.melds import Meld, check_meld
from buraco_learn.problems import citation, rank_plural
from buraco_learn.rules import Rules
from buraco_learn.sources import cite_for
from buraco_learn.vocabulary import Vocabulary, vocabulary

from ..bots.heuristics import Position, burraco_bonus, pile_taken, run_code

_CARD = tuple(Card.from_code(code) for code in range(53))

# advice from the documents' tips sections: key -> document -> (section, quote)
TIPS: dict[str, dict[str, tuple[str, str]]] = {
    "big_pile": {
        "002": ("Tips for beginners", "A big discard pile is tempting, but it can leave you with many cards in hand when the opponents close"),
        "000": ("Strategy tips", "taking the whole pile can flood your hand with meldable cards and points, but it also commits you to using them before you can go out"),
    },
    "safe_discard": {
        "002": ("Tips for beginners", "Watch the opponents' melds and don't discard cards that extend them"),
        "000": ("Strategy tips", "avoid discarding cards that extend their visible melds"),
        "001": ("How to play", "Think carefully before discarding a card that could complete an opponent’s useful sequence"),
    },
    "save_wilds": {
        "002": ("Tips for beginners", "Don't waste a joker on a meld that could grow clean"),
        "000": ("Strategy tips", "save your wild cards for sequences you truly can't complete naturally"),
        "001": ("Easy first-game tips", "Save a wild card for a nearly complete sequence rather than using it just to create three cards"),
    },
    "keep_together": {
        "001": ("Easy first-game tips", "Keep cards that belong together, but do not rush to place every possible meld"),
    },
    "pot_early": {
        "002": ("Tips for beginners", "Take the pozzetto early – eleven fresh cards are a huge boost, and not taking it costs 100"),
    },
}

#: A ruleset's own words (kept under this name for the coach's modules).
Terms = Vocabulary


def terms(rules: Rules) -> Vocabulary:
    """The words the coach uses under ``rules``: :func:`buraco_learn.vocabulary.vocabulary`.

    >>> from buraco_learn import preset
    >>> terms(preset("aberto")).burraco, terms(preset("aberto")).pot, terms(preset("cutthroat")).ours
    ('canasta', 'morto', 'your')
    """
    return vocabulary(rules)


def tip(key: str, document: str) -> str:
    """The short citation of a tip for a ruleset based on ``document`` (its own tip, else 002's)."""
    texts = TIPS[key]
    if document in texts:
        return f"{document} '{texts[document][0]}'"
    fallback = "002" if "002" in texts else sorted(texts)[0]
    return _("advice from {document} '{section}'", document=fallback, section=texts[fallback][0])


def rule(key: str, rules: Rules) -> str:
    """The short citation of a rule for ``rules``: ``002 'Melds'`` (the words around a borrowed
    rule's citation in the current language)."""
    return citation(cite_for(key, rules))


def plural(rank: Rank | None) -> str:
    """``Kings``, ``6s`` (in the current language: ``re``, ``reis``)."""
    if rank is None:
        return _("cards")
    return rank_plural(int(rank))


def card_word(code: int) -> str:
    """``7♥``, ``joker`` (:func:`buraco_learn.game.words.card_text` of the card ``code``)."""
    return card_text(_CARD[code])


def card_words(code: int) -> str:
    """``the 7♥``, ``the joker``."""
    return _("the {card}", card=card_word(code))


def cards_words(codes: Sequence[int]) -> str:
    """``5♥ 6♥ joker``: cards as they lie."""
    return cards_row(_CARD[code] for code in codes)


def cards_list(codes: Sequence[int]) -> str:
    """``the 8♥``, ``the 8♥ and 9♥``, ``the 8♥, 9♥ and 10♥``."""
    return words_cards_list([_CARD[code] for code in codes])


#: The suits' names ("a run of hearts"; ``one suit`` for a run whose suit is not known).
_SUITS = {0: N_("spades"), 1: N_("hearts"), 2: N_("diamonds"), 3: N_("clubs"), None: N_("one suit")}

#: A meld's name by its kind and whose it is: ``ours``/``theirs`` (each also for cut-throat,
#: where every player is alone) or ``new`` (about to be laid down).
_MELD_NAMES = {
    ("set", "ours", False): N_("your side's set of {ranks}"),
    ("set", "ours", True): N_("your set of {ranks}"),
    ("set", "theirs", False): N_("the opponents' set of {ranks}"),
    ("set", "theirs", True): N_("an opponent's set of {ranks}"),
    ("set", "new", False): N_("a set of {ranks}"),
    ("set", "new", True): N_("a set of {ranks}"),
    ("run", "ours", False): N_("your side's run of {suit} {low} to {high}"),
    ("run", "ours", True): N_("your run of {suit} {low} to {high}"),
    ("run", "theirs", False): N_("the opponents' run of {suit} {low} to {high}"),
    ("run", "theirs", True): N_("an opponent's run of {suit} {low} to {high}"),
    ("run", "new", False): N_("a run of {suit} {low} to {high}"),
    ("run", "new", True): N_("a run of {suit} {low} to {high}"),
}


def _is_set(meld: Meld) -> bool:
    return meld.kind == "set" and meld.rank is not None


def _meld_name(meld: Meld, whose: str, alone: bool) -> str:
    """The meld by what it is (as :func:`buraco_learn.game.words.meld_phrase` names it), ``whose`` it is."""
    if _is_set(meld):
        rank = meld.rank
        return _(_MELD_NAMES["set", whose, alone], ranks=plural(rank))
    slots = meld.slots
    suit = meld.suit
    low, high = slots[0], slots[-1]
    low_text = low.stands_for.unicode() if low.wild and low.stands_for is not None else low.card.unicode()
    high_text = high.stands_for.unicode() if high.wild and high.stands_for is not None else high.card.unicode()
    return _(_MELD_NAMES["run", whose, alone], suit=_(_SUITS[None if suit is None else int(suit)]), low=low_text, high=high_text)


def meld_words(meld: TableMeld, rules: Rules, side: int | None = None) -> str:
    """``your side's set of Kings``, ``the opponents' run of hearts 5♥ to 9♥`` (``side``: the
    learner's; the meld is theirs when it is another side's)."""
    whose = "ours" if side is None or meld.side == side else "theirs"
    return _meld_name(meld.meld, whose, not rules.partnerships)


def new_meld_words(codes: Sequence[int], rules: Rules) -> str:
    """``a run of hearts 5♥ to 7♥``, ``a set of Queens`` (a meld about to be laid down)."""
    verdict = check_meld([_CARD[code] for code in codes], rules)
    if verdict.meld is None:
        return _("a meld of {cards}", cards=cards_words(codes))
    return _meld_name(verdict.meld, "new", not rules.partnerships)


def _new_meld(codes: Sequence[int], pos: Position) -> str:
    """``a run of hearts 5♥ to 7♥``; the cards too for a set or a meld with a wild card."""
    name = new_meld_words(codes, pos.rules)
    meld = check_meld([_CARD[code] for code in codes], pos.rules).meld
    if meld is not None and not _is_set(meld) and not any(pos.t.wild[code] for code in codes):
        return name
    return f"{name} ({cards_words(codes)})"


#: Words that change with the ruleset: the pot's name, a meld of seven's, a side or a lone player.
_PICK_UP_POT = {
    "pozzetto": N_("pick up your pozzetto"),
    "morto": N_("pick up your morto"),
    "pot": N_("pick up your pot"),
}
_OURS_MELD = {False: N_("your side's meld"), True: N_("your meld")}


def _take_what(pos: Position, action: Action) -> str:
    """Which take ``action`` is: ``top`` (the top card), ``pile`` (all of it) or ``some`` (the top few)."""
    if pos.rules.pile_take == "top" or action.target == 1:
        return "top"
    return "pile" if action.target is None else "some"


def _pot_key(rules: Rules) -> str:
    word = terms(rules).pot
    return word if word in _PICK_UP_POT else "pot"


def _burraco_key(rules: Rules) -> str:
    word = terms(rules).burraco
    return word if word in ("burraco", "canasta", "canastra") else "burraco"


def action_words(pos: Position, action: Action) -> str:
    """The move as a learner says it, melds named by what they are: ``add the Q♦ and Q♣
    to your side's set of Queens``, ``discard the 7♣``, ``take the discard pile``."""
    rules = pos.rules
    kind = action.kind
    if kind in (A.DRAW, A.CLOSE, A.DISCARD):  # said the same whatever the table holds
        return plain_action_words(action)
    if kind == A.TAKE:
        what = _take_what(pos, action)
        if what == "top":
            return _("take the top card of the discard pile")
        if what == "pile":
            return _("take the discard pile")
        count = int(action.target or 0)
        return ngettext("take the top {n} cards of the discard pile", "take the top {n} cards of the discard pile", count)
    if kind == A.REDRAW:
        if pos.drawn is not None:
            return _("put the {card} on the pile and draw another card", card=card_word(pos.drawn))
        return _("put the card you drew on the pile and draw another card")
    if kind == A.POT:
        return _(_PICK_UP_POT[_pot_key(rules)])
    codes = [card.code for card in action.cards]
    if kind == A.MELD:
        groups = [[card.code for card in group] for group in action.groups]
        return _("lay down {melds}", melds=and_melds([_new_meld(group, pos) for group in groups]))
    target = pos.meld_by_id(action.target)
    where = meld_words(target, rules, pos.side) if target is not None else _(_OURS_MELD[not rules.partnerships])
    if kind == A.SWAP:
        return _("put {cards} in place of the wild card in {meld}", cards=cards_list(codes), meld=where)
    return _("add {cards} to {meld}", cards=cards_list(codes), meld=where)


@dataclass(frozen=True)
class Explanation:
    """What an action does: three rungs of words, the gains (keys, and ``gain``: a phrase
    that completes "it ..." or "which ...") and the sources cited."""

    idea: str
    cards: str
    full: str
    gains: tuple[str, ...]
    sources: tuple[str, ...]
    gain: str = ""


#: Why a card fits: the phrases naming a meld of seven, per its word (each with its own article).
_BECOMES = {
    "burraco": (N_("the {card} that {meld} needs to become a burraco"), N_("brings the {card} that turns {meld} into a burraco")),
    "canasta": (N_("the {card} that {meld} needs to become a canasta"), N_("brings the {card} that turns {meld} into a canasta")),
    "canastra": (N_("the {card} that {meld} needs to become a canastra"), N_("brings the {card} that turns {meld} into a canastra")),
}


def _fit(pos: Position, code: int) -> tuple[int, str, str, str] | None:
    """Why card ``code`` (coming into the hand) is useful: (priority, phrase, gain key, gain phrase)."""
    t = pos.t
    card = card_word(code)
    rules = pos.rules
    meld_id = pos.own_target.get(code)
    if meld_id is not None:
        meld = pos.meld_by_id(meld_id)
        if meld is not None:
            name = meld_words(meld, rules, pos.side)
            if len(meld.meld) + 1 >= rules.burraco_length > len(meld.meld):
                needs, turns = _BECOMES[_burraco_key(rules)]
                return 0, _(needs, card=card, meld=name), "a burraco", _(turns, card=card, meld=name)
            return (1, _("the {card} that {meld} needs", card=card, meld=name), "points",
                    _("brings the {card} that extends {meld}", card=card, meld=name))
    if t.wild[code]:
        return 3, _("the {card}, a wild card", card=card), "points", _("brings a wild card, the {card}", card=card)
    rank0, suit = code % 13, code // 13
    if rules.sets:
        same = [s * 13 + rank0 for s in range(4) for _n in range(pos.counts[s * 13 + rank0])]
        if len(same) >= 2:
            params = {"card": card, "ranks": plural(_CARD[code].rank), "cards": cards_words(same[:3])}
            return (2, _("the {card} that makes a set of {ranks} with your {cards}", **params), "points",
                    _("brings the {card} that makes a set of {ranks} with your {cards}", **params))
    if rules.runs:
        for t1, t2 in ((-2, -1), (-1, 1), (1, 2)):
            place = rank0 + 1 if rank0 else 1
            a, b = place + t1, place + t2
            if 1 <= a <= 14 and 1 <= b <= 14:
                ca, cb = run_code(suit, a), run_code(suit, b)
                if not t.wild[ca] and not t.wild[cb] and pos.counts[ca] and pos.counts[cb]:
                    cards = cards_words([ca, cb])
                    return (2, _("the {card} that makes a run with your {cards}", card=card, cards=cards), "points",
                            _("brings the {card} that makes a run with your {cards}", card=card, cards=cards))
    wilds = [other for other in set(pos.hand) if t.wild[other]]
    if wilds and rules.runs:
        near = [run_code(suit, p) for p in _positions_near(rank0) if 1 <= p <= 14]
        held = [other for other in near if not t.wild[other] and pos.counts[other]]
        if held:
            params = {"card": card, "other": card_word(held[0]), "wild": card_word(wilds[0])}
            return (3, _("the {card} that makes a run with your {other} and your {wild}", **params), "points",
                    _("brings the {card} that makes a run with your {other} and your {wild}", **params))
    if rules.sets and sum(pos.counts[s * 13 + rank0] for s in range(4)) == 1:
        partner = next(s * 13 + rank0 for s in range(4) if pos.counts[s * 13 + rank0])
        params = {"card": card, "partner": card_word(partner)}
        return (4, _("the {card} that pairs with your {partner}", **params), "points",
                _("brings the {card} that pairs with your {partner}", **params))
    return None


def _positions_near(rank0: int) -> list[int]:
    """Run positions one and two places from a card of rank ``rank0`` (both ends for an ace)."""
    places = (1, 14) if rank0 == 0 else (rank0 + 1,)
    return [place + delta for place in places for delta in (-1, 1, -2, 2)]


#: The idea of taking the pile, per which take it is: with the cards' use, and without (then per side or alone).
_TAKE_HOLDS = {
    "top": N_("You could take the top card of the discard pile: it holds {reasons} ({source})."),
    "pile": N_("You could take the discard pile: it holds {reasons} ({source})."),
}
_TAKE_BLOCKS = {
    ("top", False): N_("You could take the top card of the discard pile: its cards are more use in your hand than in the opponents' ({source})."),
    ("top", True): N_("You could take the top card of the discard pile: its cards are more use in your hand than in your opponents' ({source})."),
    ("pile", False): N_("You could take the discard pile: its cards are more use in your hand than in the opponents' ({source})."),
    ("pile", True): N_("You could take the discard pile: its cards are more use in your hand than in your opponents' ({source})."),
}
_KEEPS_AWAY = {False: N_("keeps the pile's cards away from the opponents"), True: N_("keeps the pile's cards away from your opponents")}


def _explain_take(pos: Position, action: Action) -> Explanation:
    rules = pos.rules
    taken = pile_taken(pos, action)
    reasons = sorted(fit for code in taken if (fit := _fit(pos, code)) is not None)
    source = rule("draw", rules)
    what = _take_what(pos, action)
    alone = not rules.partnerships
    count = int(action.target or 0)
    if reasons:
        gains = tuple(dict.fromkeys(reason[2] for reason in reasons))
        held = join([reason[1] for reason in reasons[:2]])
        if what == "some":
            idea = ngettext("You could take the top {n} cards of the discard pile: it holds {reasons} ({source}).",
                            "You could take the top {n} cards of the discard pile: it holds {reasons} ({source}).",
                            count, reasons=held, source=source)
        else:
            idea = _(_TAKE_HOLDS[what], reasons=held, source=source)
        gain = reasons[0][3]
    else:
        gains = ("blocking the opponents",)
        if what == "some":
            if alone:
                idea = ngettext("You could take the top {n} cards of the discard pile: its cards are more use in your hand than in your opponents' ({source}).",
                                "You could take the top {n} cards of the discard pile: its cards are more use in your hand than in your opponents' ({source}).",
                                count, source=source)
            else:
                idea = ngettext("You could take the top {n} cards of the discard pile: its cards are more use in your hand than in the opponents' ({source}).",
                                "You could take the top {n} cards of the discard pile: its cards are more use in your hand than in the opponents' ({source}).",
                                count, source=source)
        else:
            idea = _(_TAKE_BLOCKS[what, alone], source=source)
        gain = _(_KEEPS_AWAY[alone])
    useful = [reason[1] for reason in reasons]
    if useful:
        cards = _("The pile brings {cards} into your hand: {reasons}.", cards=cards_list(taken), reasons=join(useful[:3]))
    else:
        cards = _("The pile brings {cards} into your hand.", cards=cards_list(taken))
    if rules.must_meld_pile_card and taken:
        cards += " " + _("You must meld the {card} this turn ({source}).", card=card_word(taken[0]), source=rule(pile_card_rule(rules), rules))
    return Explanation(idea, cards, "", gains, (source,), gain)


def _explain_draw(pos: Position) -> Explanation:
    rules = pos.rules
    source = rule("draw", rules)
    if not pos.pile:
        idea = _("Draw from the stock: there is no discard pile to take ({source}).", source=source)
        return Explanation(idea, _("The stock's top card is the only choice."), "", ("points",), (source,),
                           _("is the only way to get a new card"))
    reasons = [fit for code in pos.pile if (fit := _fit(pos, code)) is not None]
    sources: tuple[str, ...] = (source,)
    if reasons and len(pos.pile) > 3:
        advice = tip("big_pile", rules.source)
        idea = ngettext("Draw from the stock: the pile's {n} cards would load your hand for little ({source}).",
                        "Draw from the stock: the pile's {n} cards would load your hand for little ({source}).",
                        len(pos.pile), source=advice)
        sources = (source, advice)
        gain = _("keeps your hand small, ready to go out")
    elif reasons:
        idea = _("Draw from the stock: the pile helps less than a fresh card is likely to ({source}).", source=source)
        gain = _("gives you a better chance of a card you need than the pile")
    else:
        if rules.partnerships:
            idea = _("Draw from the stock: nothing in the discard pile fits your hand or your side's melds ({source}).", source=source)
        else:
            idea = _("Draw from the stock: nothing in the discard pile fits your hand or your melds ({source}).", source=source)
        gain = _("keeps cards you cannot use out of your hand")
    shown = cards_list(pos.pile[-6:])
    if len(pos.pile) > 6:
        cards = _("Leave {cards} and the cards under them on the pile.", cards=shown)
    else:
        cards = _("Leave {cards} on the pile.", cards=shown)
    return Explanation(idea, cards, "", ("points",), sources, gain)


#: A burraco made, by its kind and its ruleset's word: as the gain of a new meld, of an addition, and in full.
_MAKES = {
    ("clean", "burraco"): N_("makes a clean burraco worth {bonus}"),
    ("dirty", "burraco"): N_("makes a dirty burraco worth {bonus}"),
    ("clean", "canasta"): N_("makes a clean canasta worth {bonus}"),
    ("dirty", "canasta"): N_("makes a dirty canasta worth {bonus}"),
    ("clean", "canastra"): N_("makes a clean canastra worth {bonus}"),
    ("dirty", "canastra"): N_("makes a dirty canastra worth {bonus}"),
}
_MAKES_OF = {
    ("clean", "burraco"): N_("makes {meld} a clean burraco worth {bonus}"),
    ("dirty", "burraco"): N_("makes {meld} a dirty burraco worth {bonus}"),
    ("clean", "canasta"): N_("makes {meld} a clean canasta worth {bonus}"),
    ("dirty", "canasta"): N_("makes {meld} a dirty canasta worth {bonus}"),
    ("clean", "canastra"): N_("makes {meld} a clean canastra worth {bonus}"),
    ("dirty", "canastra"): N_("makes {meld} a dirty canastra worth {bonus}"),
}
_PUTS_AND_MAKES = {
    ("clean", "burraco"): N_("That puts {points} points on the table and makes a clean burraco of {length} cards, worth {bonus} ({source})"),
    ("dirty", "burraco"): N_("That puts {points} points on the table and makes a dirty burraco of {length} cards, worth {bonus} ({source})"),
    ("clean", "canasta"): N_("That puts {points} points on the table and makes a clean canasta of {length} cards, worth {bonus} ({source})"),
    ("dirty", "canasta"): N_("That puts {points} points on the table and makes a dirty canasta of {length} cards, worth {bonus} ({source})"),
    ("clean", "canastra"): N_("That puts {points} points on the table and makes a clean canastra of {length} cards, worth {bonus} ({source})"),
    ("dirty", "canastra"): N_("That puts {points} points on the table and makes a dirty canastra of {length} cards, worth {bonus} ({source})"),
}
_GETS_TO_POT = {"pozzetto": N_("gets you to the pozzetto"), "morto": N_("gets you to the morto"), "pot": N_("gets you to the pot")}
_EMPTIES_FOR_POT = {
    "pozzetto": N_("It empties your hand, so you pick up your pozzetto at once ({source})"),
    "morto": N_("It empties your hand, so you pick up your morto at once ({source})"),
    "pot": N_("It empties your hand, so you pick up your pot at once ({source})"),
}
_ONE_FROM_POT = {
    "pozzetto": N_("It leaves one card: discard it and the pozzetto is yours ({source})"),
    "morto": N_("It leaves one card: discard it and the morto is yours ({source})"),
    "pot": N_("It leaves one card: discard it and the pot is yours ({source})"),
}
_WILD_NEAR = {
    "burraco": N_("It spends the {card} on a meld one card short of a burraco, where a wild card is worth most ({source})"),
    "canasta": N_("It spends the {card} on a meld one card short of a canasta, where a wild card is worth most ({source})"),
    "canastra": N_("It spends the {card} on a meld one card short of a canastra, where a wild card is worth most ({source})"),
}


def _short_of(word: str, points: str, length: int, short: int, source: str) -> str:
    """``That puts 25 points on the table in a meld of 4 cards, 3 short of a burraco (002 'Melds')``."""
    params = {"points": points, "length": length, "source": source}
    if word == "canasta":
        return ngettext("That puts {points} points on the table in a meld of {length} cards, {n} short of a canasta ({source})",
                        "That puts {points} points on the table in a meld of {length} cards, {n} short of a canasta ({source})",
                        short, **params)
    if word == "canastra":
        return ngettext("That puts {points} points on the table in a meld of {length} cards, {n} short of a canastra ({source})",
                        "That puts {points} points on the table in a meld of {length} cards, {n} short of a canastra ({source})",
                        short, **params)
    return ngettext("That puts {points} points on the table in a meld of {length} cards, {n} short of a burraco ({source})",
                    "That puts {points} points on the table in a meld of {length} cards, {n} short of a burraco ({source})",
                    short, **params)


def _meld_phrase(pos: Position, codes: list[int], target: TableMeld | None, swap: bool) -> tuple[str, list[str], list[str], list[str]]:
    """(what, gain keys, gain phrases, extra sentences) for a meld or an addition."""
    rules = pos.rules
    word = _burraco_key(rules)
    points = sum(pos.t.value[code] for code in codes)
    gains = ["points"]
    phrases: list[str] = []
    extra: list[str] = []
    if target is None:
        verdict = check_meld([_CARD[code] for code in codes], rules)
        what = _("lay down {melds}", melds=_new_meld(codes, pos))
        length = len(codes)
        clean = bool(verdict.clean)
        name = ""
    else:
        added = check_add(target.meld, [_CARD[code] for code in codes], rules)
        meld = added.meld
        name = meld_words(target, rules, pos.side)
        if swap:
            what = _("put {cards} in place of the wild card in {meld}", cards=cards_list(codes), meld=name)
        else:
            what = _("add {cards} to {meld}", cards=cards_list(codes), meld=name)
        length = len(meld) if meld is not None else len(target.meld) + len(codes)
        clean = meld.clean if meld is not None else False
    was = len(target.meld) if target is not None else 0
    bl = rules.burraco_length
    kind = "clean" if clean else "dirty"
    shown = number(points)
    if length >= bl > was:
        bonus = number(burraco_bonus(rules, clean))
        gains.append("a burraco")
        if target is None:
            phrases.append(_(_MAKES[kind, word], bonus=bonus))
        else:
            phrases.append(_(_MAKES_OF[kind, word], meld=name, bonus=bonus))
        extra.append(_(_PUTS_AND_MAKES[kind, word], points=shown, length=length, bonus=bonus, source=rule("burraco", rules)))
    elif length < bl:
        extra.append(_short_of(word, shown, length, bl - length, rule("burraco", rules)))
    else:
        extra.append(_("That puts {points} points on the table", points=shown))
    left = len(pos.hand) - len(codes)
    pot = _pot_key(rules)
    if left == 0 and pos.pot_available:
        gains.append("the pot")
        phrases.append(_(_GETS_TO_POT[pot]))
        extra.append(_(_EMPTIES_FOR_POT[pot], source=rule("pot", rules)))
    elif left == 1 and pos.pot_available:
        gains.append("the pot")
        phrases.append(_(_GETS_TO_POT[pot]))
        extra.append(_(_ONE_FROM_POT[pot], source=rule("pot", rules)))
    if pos.must_meld is not None and pos.must_meld in codes:
        extra.append(_("It melds the {card} you took from the pile, as you must this turn ({source})",
                       card=card_word(pos.must_meld), source=rule(pile_card_rule(rules), rules)))
    wilds = [code for code in codes if pos.t.wild[code]]
    if wilds and not (length >= bl > was):
        wild = card_word(wilds[0])
        if length >= bl - 1:
            extra.append(_(_WILD_NEAR[word], card=wild, source=tip("save_wilds", rules.source)))
        elif pos.endgame > 0.5:
            extra.append(_("It spends the {card}: with the stock running low, points on the table count more than a wild card kept back", card=wild))
        else:
            extra.append(_("It spends the {card}; the tips advise keeping wild cards for nearly complete melds ({source}), "
                           "but here the points and the smaller hand are worth more", card=wild, source=tip("save_wilds", rules.source)))
    return what, gains, phrases, extra


#: Words of the pot, per its name: the idea of picking it up, the cards, the gain.
_POT_IDEA = {
    "pozzetto": N_("Pick up your pozzetto: you have emptied your hand ({source})."),
    "morto": N_("Pick up your morto: you have emptied your hand ({source})."),
    "pot": N_("Pick up your pot: you have emptied your hand ({source})."),
}
_POT_CARDS = {
    "pozzetto": N_("The pozzetto's {size} cards become your new hand."),
    "morto": N_("The morto's {size} cards become your new hand."),
    "pot": N_("The pot's {size} cards become your new hand."),
}
_POT_GAIN = {
    "pozzetto": N_("gives you the pozzetto's {size} fresh cards"),
    "morto": N_("gives you the morto's {size} fresh cards"),
    "pot": N_("gives you the pot's {size} fresh cards"),
}
_CLOSE_IDEA = {
    False: N_("You can close the hand: your side has what closing needs, and closing earns {bonus} while the opponents' cards in hand count against them ({source})."),
    True: N_("You can close the hand: you have what closing needs, and closing earns {bonus} while your opponents' cards in hand count against them ({source})."),
}


def explain(pos: Position, view: PlayerView, action: Action) -> Explanation:
    """Words for ``action`` in ``pos`` (the learner's view ``view``)."""
    rules = pos.rules
    kind = action.kind
    full = _("Play: {move}.", move=action_words(pos, action))
    if kind == A.TAKE:
        words = _explain_take(pos, action)
    elif kind == A.DRAW:
        words = _explain_draw(pos)
    elif kind == A.REDRAW:
        source = rule("first_turn_redraw", rules)
        if pos.drawn is not None:
            card = card_word(pos.drawn)
            idea = _("You could use the first-turn redraw: the {card} you drew does little for your hand ({source}).", card=card, source=source)
            put = _("Put the {card} on the pile and draw another card.", card=card)
        else:
            idea = _("You could use the first-turn redraw: the card you drew does little for your hand ({source}).", source=source)
            put = _("Put the card on the pile and draw another card.")
        words = Explanation(idea, put, "", ("points",), (source,), _("gives you a second chance at a useful card"))
    elif kind == A.POT:
        source = rule("pot", rules)
        size = rules.pot_sizes[0] if rules.pot_sizes else 11
        pot = _pot_key(rules)
        words = Explanation(
            _(_POT_IDEA[pot], source=source), _(_POT_CARDS[pot], size=size), "", ("the pot",), (source,),
            _(_POT_GAIN[pot], size=size),
        )
    elif kind == A.CLOSE:
        source = rule("close_conditions", rules)
        bonus = number(rules.closing_bonus)
        by_discard = rule("close_by_discard", rules)
        words = Explanation(
            _(_CLOSE_IDEA[not rules.partnerships], bonus=bonus, source=source),
            _("Close by discarding your last card, {cards} ({source}).", cards=cards_list([card.code for card in action.cards]), source=by_discard)
            if action.cards else _("Close the hand ({source}).", source=by_discard),
            "", ("closing", "points"), (source,),
            _("ends the hand with the closing bonus of {bonus}", bonus=bonus),
        )
    elif kind in (A.MELD, A.ADD, A.SWAP):
        words = _explain_meld(pos, action)
    else:
        words = _explain_discard(pos, action)
    return Explanation(words.idea, words.cards, full, words.gains, words.sources, words.gain)


def _explain_meld(pos: Position, action: Action) -> Explanation:
    rules = pos.rules
    phrases = []
    gains: list[str] = []
    gain_phrases: list[str] = []
    extras: list[str] = []
    groups = [list(card.code for card in group) for group in action.groups] or [[card.code for card in action.cards]]
    target = pos.meld_by_id(action.target) if action.kind in (A.ADD, A.SWAP) else None
    for codes in groups:
        what, group_gains, gain_phrase, extra = _meld_phrase(pos, codes, target, action.kind == A.SWAP)
        phrases.append(what)
        gains += group_gains
        gain_phrases += gain_phrase
        extras += extra
    source = rule("swap" if action.kind == A.SWAP else ("whose_melds" if action.kind == A.ADD else "min_meld"), rules)
    points = sum(pos.t.value[c] for g in groups for c in g)
    gain = join(list(dict.fromkeys(gain_phrases))[:2]) or _("puts {points} points on the table", points=number(points))
    alone = not rules.partnerships
    if action.kind == A.MELD:
        idea = _("You could lay down a new meld: it {gain} ({source}).", gain=gain, source=source)
    elif action.kind == A.SWAP:
        if alone:
            idea = _("You could put a natural card in place of a wild card in one of your melds: it {gain} ({source}).", gain=gain, source=source)
        else:
            idea = _("You could put a natural card in place of a wild card in one of your side's melds: it {gain} ({source}).", gain=gain, source=source)
    elif alone:
        idea = _("You could add to one of your melds: it {gain} ({source}).", gain=gain, source=source)
    else:
        idea = _("You could add to one of your side's melds: it {gain} ({source}).", gain=gain, source=source)
    text = "; ".join(phrases)
    cards = text[:1].upper() + text[1:] + ". " + ". ".join(extras) + "."
    return Explanation(idea, cards, "", tuple(dict.fromkeys(gains)), (source,), gain)


def opponent_melds_for(pos: Position, code: int) -> list[TableMeld]:
    """The opponents' melds the card ``code`` would extend."""
    card = _CARD[code]
    out = []
    for meld in pos.melds:
        if meld.side != pos.side and check_add(meld.meld, [card], pos.rules).legal:
            out.append(meld)
    return out


def discard_reasons(pos: Position, code: int) -> tuple[list[str], list[str], str]:
    """Why discarding ``code`` is sound (phrases), what it gains (keys) and a phrase
    that completes "it ..." naming the main gain."""
    rules = pos.rules
    t = pos.t
    alone = not rules.partnerships
    phrases: list[str] = []
    gains: list[str] = []
    gain = ""
    safe = code not in pos.opp_add and not t.wild[code]
    if safe:
        phrases.append(_("it fits none of your opponents' melds") if alone else _("it fits none of the opponents' melds"))
        gains.append("blocking the opponents")
        risky = [other for other in sorted(set(pos.hand)) if other in pos.opp_add and not t.wild[other] and other != code]
        blocked = opponent_melds_for(pos, risky[0]) if risky else []
        if blocked:
            gain = _("blocks {meld} by keeping back the {card} it needs", meld=meld_words(blocked[0], rules, pos.side), card=card_word(risky[0]))
        else:
            gain = _("gives your opponents nothing they can meld") if alone else _("gives the opponents nothing they can meld")
    known = [other for seat in pos.opponents for other in pos.known[seat]]
    if known and pos.danger(code) == 0 and not t.wild[code]:
        phrases.append(_("it matches nothing they took from the pile"))
    use = pos.card_use(code)
    if use <= 0:
        phrases.append(_("it has no partner in your hand"))
        gain = gain or _("keeps the cards that work together in your hand")
    elif use < 12:
        phrases.append(_("it does little for your hand"))
        gain = gain or _("keeps your best combinations together")
    if t.value[code] >= 10 and use <= 0:
        phrases.append(_("it would cost you {points} points if the hand ended with it in your hand ({source})",
                         points=number(t.value[code]), source=rule("scoring", rules)))
        gains.append("points")
    if not gains:
        gains.append("blocking the opponents" if code not in pos.opp_add else "points")
    return phrases, gains, gain or _("gives up the card your hand needs least")


def _explain_discard(pos: Position, action: Action) -> Explanation:
    rules = pos.rules
    code = action.cards[0].code
    phrases, gains, gain = discard_reasons(pos, code)
    advice = tip("safe_discard", rules.source)
    alone = not rules.partnerships
    risky = sorted({other for other in set(pos.hand) if other in pos.opp_add and not pos.t.wild[other] and other != code})
    if rules.pile_take == "any-depth":
        idea = _("Time to discard: choose a card no other player can meld, since any of them may dig it out of the pile, "
                 "and one your hand can spare ({source}).", source=advice)
    elif alone:
        idea = _("Time to discard: choose a card your opponents cannot use and your hand can spare ({source}).", source=advice)
    else:
        idea = _("Time to discard: choose a card the opponents cannot use and your hand can spare ({source}).", source=advice)
    reason = join(phrases) if phrases else _("it is the card your hand needs least")
    cards = _("Discard the {card}: {reasons}.", card=card_word(code), reasons=reason)
    if code in pos.opp_add:
        if alone:
            cards += " " + _("It does fit one of your opponents' melds, but every other card would cost more.")
        else:
            cards += " " + _("It does fit one of the opponents' melds, but every other card would cost more.")
    if risky:
        keep = cards_list(risky)
        if alone:
            cards += " " + ngettext("Keep {cards}: it extends your opponents' melds.", "Keep {cards}: they extend your opponents' melds.",
                                    len(risky), cards=keep)
        else:
            cards += " " + ngettext("Keep {cards}: it extends the opponents' melds.", "Keep {cards}: they extend the opponents' melds.",
                                    len(risky), cards=keep)
    return Explanation(idea, cards, "", tuple(dict.fromkeys(gains or ["blocking the opponents"])), (advice, rule("discard", rules)), gain)
