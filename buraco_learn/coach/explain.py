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
from buraco_learn.game.words import meld_phrase
from buraco_learn.melds import check_meld
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
    return f"advice from {fallback} '{texts[fallback][0]}'"


def rule(key: str, rules: Rules) -> str:
    """The short citation of a rule for ``rules``: ``002 'Melds'``."""
    return cite_for(key, rules).short()


def plural(rank: Rank | None) -> str:
    if rank is None:
        return "cards"
    word = rank.word
    return word + ("es" if word.endswith("x") else "s")


def card_word(code: int) -> str:
    """``7♥``, ``joker``."""
    return "joker" if code == 52 else _CARD[code].unicode()


def card_words(code: int) -> str:
    """``the 7♥``, ``the joker``."""
    return "the " + card_word(code)


def cards_words(codes: Sequence[int]) -> str:
    """``5♥ 6♥ joker``: cards as they lie."""
    return " ".join(card_word(code) for code in codes)


def cards_list(codes: Sequence[int]) -> str:
    """``the 8♥``, ``the 8♥ and 9♥``, ``the 8♥, 9♥ and 10♥``."""
    return "the " + join([card_word(code) for code in codes])


def join(words: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    words = [word for word in words if word]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def meld_words(meld: TableMeld, rules: Rules, side: int | None = None) -> str:
    """``your side's set of Kings``, ``the opponents' run of hearts 5♥ to 9♥`` (``side``: the
    learner's; the meld is theirs when it is another side's)."""
    words = terms(rules)
    whose = words.ours if side is None or meld.side == side else words.theirs
    return whose + meld_phrase(meld.meld)[3:]


def new_meld_words(codes: Sequence[int], rules: Rules) -> str:
    """``a run of hearts 5♥ to 7♥``, ``a set of Queens`` (a meld about to be laid down)."""
    verdict = check_meld([_CARD[code] for code in codes], rules)
    if verdict.meld is None:
        return "a meld of " + cards_words(codes)
    return "a" + meld_phrase(verdict.meld)[3:]


def _new_meld(codes: Sequence[int], pos: Position) -> str:
    """``a run of hearts 5♥ to 7♥``; the cards too for a set or a meld with a wild card."""
    name = new_meld_words(codes, pos.rules)
    if name.startswith("a run") and not any(pos.t.wild[code] for code in codes):
        return name
    return f"{name} ({cards_words(codes)})"


def action_words(pos: Position, action: Action) -> str:
    """The move as a learner says it, melds named by what they are: ``add the Q♦ and Q♣
    to your side's set of Queens``, ``discard the 7♣``, ``take the discard pile``."""
    rules = pos.rules
    kind = action.kind
    if kind == A.DRAW:
        return "draw from the stock"
    if kind == A.TAKE:
        if rules.pile_take == "top" or action.target == 1:
            return "take the top card of the discard pile"
        if action.target is None:
            return "take the discard pile"
        return f"take the top {action.target} cards of the discard pile"
    if kind == A.REDRAW:
        drawn = card_words(pos.drawn) if pos.drawn is not None else "the card you drew"
        return f"put {drawn} on the pile and draw another card"
    if kind == A.POT:
        return f"pick up your {terms(rules).pot}"
    codes = [card.code for card in action.cards]
    if kind == A.CLOSE:
        return f"close by discarding {cards_list(codes)}" if codes else "close the hand"
    if kind == A.DISCARD:
        return f"discard {cards_list(codes)}"
    if kind == A.MELD:
        groups = [[card.code for card in group] for group in action.groups]
        return "lay down " + " and ".join(_new_meld(group, pos) for group in groups)
    target = pos.meld_by_id(action.target)
    where = meld_words(target, rules, pos.side) if target is not None else f"{terms(rules).ours} meld"
    if kind == A.SWAP:
        return f"put {cards_list(codes)} in place of the wild card in {where}"
    return f"add {cards_list(codes)} to {where}"


@dataclass(frozen=True)
class Explanation:
    """What an action does: three rungs of words, the gains (keys, and ``gain``: a phrase
    that completes "it ...") and the sources cited."""

    idea: str
    cards: str
    full: str
    gains: tuple[str, ...]
    sources: tuple[str, ...]
    gain: str = ""


def _fit(pos: Position, code: int) -> tuple[int, str, str, str] | None:
    """Why card ``code`` (coming into the hand) is useful: (priority, phrase, gain key, gain phrase)."""
    t = pos.t
    card = card_words(code)
    rules = pos.rules
    word = terms(rules).burraco
    meld_id = pos.own_target.get(code)
    if meld_id is not None:
        meld = pos.meld_by_id(meld_id)
        if meld is not None:
            name = meld_words(meld, rules, pos.side)
            if len(meld.meld) + 1 >= rules.burraco_length > len(meld.meld):
                return 0, f"{card} that {name} needs to become a {word}", "a burraco", f"brings {card} that turns {name} into a {word}"
            return 1, f"{card} that {name} needs", "points", f"brings {card} that extends {name}"
    if t.wild[code]:
        return 3, f"{card}, a wild card", "points", f"brings a wild card, {card}"
    rank0, suit = code % 13, code // 13
    if rules.sets:
        same = [s * 13 + rank0 for s in range(4) for _ in range(pos.counts[s * 13 + rank0])]
        if len(same) >= 2:
            phrase = f"{card} that makes a set of {plural(_CARD[code].rank)} with your {cards_words(same[:3])}"
            return 2, phrase, "points", "brings " + phrase
    if rules.runs:
        for t1, t2 in ((-2, -1), (-1, 1), (1, 2)):
            place = rank0 + 1 if rank0 else 1
            a, b = place + t1, place + t2
            if 1 <= a <= 14 and 1 <= b <= 14:
                ca, cb = run_code(suit, a), run_code(suit, b)
                if not t.wild[ca] and not t.wild[cb] and pos.counts[ca] and pos.counts[cb]:
                    phrase = f"{card} that makes a run with your {cards_words([ca, cb])}"
                    return 2, phrase, "points", "brings " + phrase
    wilds = [other for other in set(pos.hand) if t.wild[other]]
    if wilds and rules.runs:
        near = [run_code(suit, p) for p in _positions_near(rank0) if 1 <= p <= 14]
        held = [other for other in near if not t.wild[other] and pos.counts[other]]
        if held:
            phrase = f"{card} that makes a run with your {card_word(held[0])} and your {card_word(wilds[0])}"
            return 3, phrase, "points", "brings " + phrase
    if rules.sets and sum(pos.counts[s * 13 + rank0] for s in range(4)) == 1:
        partner = next(s * 13 + rank0 for s in range(4) if pos.counts[s * 13 + rank0])
        phrase = f"{card} that pairs with your {card_word(partner)}"
        return 4, phrase, "points", "brings " + phrase
    return None


def _positions_near(rank0: int) -> list[int]:
    """Run positions one and two places from a card of rank ``rank0`` (both ends for an ace)."""
    places = (1, 14) if rank0 == 0 else (rank0 + 1,)
    return [place + delta for place in places for delta in (-1, 1, -2, 2)]


def _explain_take(pos: Position, action: Action) -> Explanation:
    rules = pos.rules
    taken = pile_taken(pos, action)
    reasons = sorted(fit for code in taken if (fit := _fit(pos, code)) is not None)
    source = rule("draw", rules)
    what = action_words(pos, action)[len("take "):]
    them = terms(rules).them
    if reasons:
        gains = tuple(dict.fromkeys(reason[2] for reason in reasons))
        idea = f"You could take {what}: it holds {join([reason[1] for reason in reasons[:2]])} ({source})."
        gain = reasons[0][3]
    else:
        gains = ("blocking the opponents",)
        idea = f"You could take {what}: its cards are more use in your hand than in {them}' ({source})."
        gain = f"keeps the pile's cards away from {them}"
    useful = [reason[1] for reason in reasons]
    cards = f"The pile brings {cards_list(taken)} into your hand"
    cards += f": {join(useful[:3])}." if useful else "."
    if rules.must_meld_pile_card and taken:
        cards += f" You must meld {card_words(taken[0])} this turn ({rule(pile_card_rule(rules), rules)})."
    return Explanation(idea, cards, "", gains, (source,), gain)


def _explain_draw(pos: Position) -> Explanation:
    rules = pos.rules
    source = rule("draw", rules)
    if not pos.pile:
        idea = f"Draw from the stock: there is no discard pile to take ({source})."
        return Explanation(idea, "The stock's top card is the only choice.", "", ("points",), (source,), "is the only way to get a new card")
    reasons = [fit for code in pos.pile if (fit := _fit(pos, code)) is not None]
    sources: tuple[str, ...] = (source,)
    if reasons and len(pos.pile) > 3:
        advice = tip("big_pile", rules.source)
        idea = f"Draw from the stock: the pile's {len(pos.pile)} cards would load your hand for little ({advice})."
        sources = (source, advice)
        gain = "keeps your hand small, ready to go out"
    elif reasons:
        idea = f"Draw from the stock: the pile helps less than a fresh card is likely to ({source})."
        gain = "gives you a better chance of a card you need than the pile"
    else:
        melds = terms(rules).our_melds
        idea = f"Draw from the stock: nothing in the discard pile fits your hand or {melds} ({source})."
        gain = "keeps cards you cannot use out of your hand"
    shown = pos.pile[-6:]
    cards = f"Leave {cards_list(shown)}{' and the cards under them' if len(pos.pile) > 6 else ''} on the pile."
    return Explanation(idea, cards, "", ("points",), sources, gain)


def _meld_phrase(pos: Position, codes: list[int], target: TableMeld | None, swap: bool) -> tuple[str, list[str], list[str], list[str]]:
    """(what, gain keys, gain phrases, extra sentences) for a meld or an addition."""
    rules = pos.rules
    word = terms(rules).burraco
    points = sum(pos.t.value[code] for code in codes)
    gains = ["points"]
    phrases: list[str] = []
    extra: list[str] = []
    if target is None:
        verdict = check_meld([_CARD[code] for code in codes], rules)
        what = f"lay down {_new_meld(codes, pos)}"
        length = len(codes)
        clean = bool(verdict.clean)
        name = "it"
    else:
        added = check_add(target.meld, [_CARD[code] for code in codes], rules)
        meld = added.meld
        name = meld_words(target, rules, pos.side)
        what = f"{'put' if swap else 'add'} {cards_list(codes)} {'in place of the wild card in' if swap else 'to'} {name}"
        length = len(meld) if meld is not None else len(target.meld) + len(codes)
        clean = meld.clean if meld is not None else False
    was = len(target.meld) if target is not None else 0
    bl = rules.burraco_length
    kind = "clean" if clean else "dirty"
    if length >= bl > was:
        bonus = burraco_bonus(rules, clean)
        gains.append("a burraco")
        phrases.append(f"makes a {kind} {word} worth {bonus}" if target is None else f"makes {name} a {kind} {word} worth {bonus}")
        extra.append(f"That puts {points} points on the table and makes a {kind} {word} of {length} cards, worth {bonus} ({rule('burraco', rules)})")
    elif length < bl:
        extra.append(f"That puts {points} points on the table in a meld of {length} cards, {bl - length} short of a {word} ({rule('burraco', rules)})")
    else:
        extra.append(f"That puts {points} points on the table")
    left = len(pos.hand) - len(codes)
    pot = terms(rules).pot
    if left == 0 and pos.pot_available:
        gains.append("the pot")
        phrases.append(f"gets you to the {pot}")
        extra.append(f"It empties your hand, so you pick up your {pot} at once ({rule('pot', rules)})")
    elif left == 1 and pos.pot_available:
        gains.append("the pot")
        phrases.append(f"gets you to the {pot}")
        extra.append(f"It leaves one card: discard it and the {pot} is yours ({rule('pot', rules)})")
    if pos.must_meld is not None and pos.must_meld in codes:
        extra.append(f"It melds {card_words(pos.must_meld)} you took from the pile, as you must this turn ({rule(pile_card_rule(rules), rules)})")
    phrases.append(f"puts {points} points on the table")
    wilds = [code for code in codes if pos.t.wild[code]]
    if wilds and not (length >= bl > was):
        wild = card_words(wilds[0])
        if length >= bl - 1:
            extra.append(f"It spends {wild} on a meld one card short of a {word}, where a wild card is worth most ({tip('save_wilds', rules.source)})")
        elif pos.endgame > 0.5:
            extra.append(f"It spends {wild}: with the stock running low, points on the table count more than a wild card kept back")
        else:
            extra.append(f"It spends {wild}; the tips advise keeping wild cards for nearly complete melds ({tip('save_wilds', rules.source)}), but here the points and the smaller hand are worth more")
    return what, gains, phrases, extra


def explain(pos: Position, view: PlayerView, action: Action) -> Explanation:
    """Words for ``action`` in ``pos`` (the learner's view ``view``)."""
    rules = pos.rules
    kind = action.kind
    words_ = terms(rules)
    full = f"Play: {action_words(pos, action)}."
    if kind == A.TAKE:
        words = _explain_take(pos, action)
    elif kind == A.DRAW:
        words = _explain_draw(pos)
    elif kind == A.REDRAW:
        source = rule("first_turn_redraw", rules)
        drawn = card_words(pos.drawn) if pos.drawn is not None else "the card"
        words = Explanation(
            f"You could use the first-turn redraw: {drawn} you drew does little for your hand ({source}).",
            f"Put {drawn} on the pile and draw another card.", "", ("points",), (source,),
            "gives you a second chance at a useful card",
        )
    elif kind == A.POT:
        source = rule("pot", rules)
        size = rules.pot_sizes[0] if rules.pot_sizes else 11
        words = Explanation(
            f"Pick up your {words_.pot}: you have emptied your hand ({source}).",
            f"The {words_.pot}'s {size} cards become your new hand.", "", ("the pot",), (source,),
            f"gives you the {words_.pot}'s {size} fresh cards",
        )
    elif kind == A.CLOSE:
        source = rule("close_conditions", rules)
        has = words_.we_have
        words = Explanation(
            f"You can close the hand: {has} what closing needs, and closing earns {rules.closing_bonus} while {words_.them}' cards in hand count against them ({source}).",
            f"Close by discarding your last card, {cards_list([card.code for card in action.cards])} ({rule('close_by_discard', rules)})."
            if action.cards else f"Close the hand ({rule('close_by_discard', rules)}).",
            "", ("closing", "points"), (source,),
            f"ends the hand with the closing bonus of {rules.closing_bonus}",
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
    ordered = [p for p in gain_phrases if not p.startswith("puts ")]
    gain = join(list(dict.fromkeys(ordered))[:2]) or f"puts {points} points on the table"
    if action.kind == A.MELD:
        idea = f"You could lay down a new meld: it {gain} ({source})."
    else:
        whose = terms(rules).ours
        verb = "put a natural card in place of a wild card in" if action.kind == A.SWAP else "add to"
        idea = f"You could {verb} one of {whose} melds: it {gain} ({source})."
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
    words = terms(rules)
    phrases: list[str] = []
    gains: list[str] = []
    gain = ""
    safe = code not in pos.opp_add and not t.wild[code]
    if safe:
        phrases.append(f"it fits none of {words.them}' melds")
        gains.append("blocking the opponents")
        risky = [other for other in sorted(set(pos.hand)) if other in pos.opp_add and not t.wild[other] and other != code]
        blocked = opponent_melds_for(pos, risky[0]) if risky else []
        if blocked:
            gain = f"blocks {meld_words(blocked[0], rules, pos.side)} by keeping back {card_words(risky[0])} it needs"
        else:
            gain = f"gives {words.them} nothing they can meld"
    known = [other for seat in pos.opponents for other in pos.known[seat]]
    if known and pos.danger(code) == 0 and not t.wild[code]:
        phrases.append("it matches nothing they took from the pile")
    use = pos.card_use(code)
    if use <= 0:
        phrases.append("it has no partner in your hand")
        gain = gain or "keeps the cards that work together in your hand"
    elif use < 12:
        phrases.append("it does little for your hand")
        gain = gain or "keeps your best combinations together"
    if t.value[code] >= 10 and use <= 0:
        phrases.append(f"it would cost you {t.value[code]} points if the hand ended with it in your hand ({rule('scoring', rules)})")
        gains.append("points")
    if not gains:
        gains.append("blocking the opponents" if code not in pos.opp_add else "points")
    return phrases, gains, gain or "gives up the card your hand needs least"


def _explain_discard(pos: Position, action: Action) -> Explanation:
    rules = pos.rules
    code = action.cards[0].code
    phrases, gains, gain = discard_reasons(pos, code)
    advice = tip("safe_discard", rules.source)
    words = terms(rules)
    risky = sorted({other for other in set(pos.hand) if other in pos.opp_add and not pos.t.wild[other] and other != code})
    idea = f"Time to discard: choose a card {words.them} cannot use and your hand can spare ({advice})."
    if rules.pile_take == "any-depth":
        idea = f"Time to discard: choose a card no other player can meld, since any of them may dig it out of the pile, and one your hand can spare ({advice})."
    reason = join(phrases) if phrases else "it is the card your hand needs least"
    cards = f"Discard {card_words(code)}: {reason}."
    if code in pos.opp_add:
        cards += f" It does fit one of {words.them}' melds, but every other card would cost more."
    if risky:
        cards += f" Keep {cards_list(risky)}: {'it extends' if len(risky) == 1 else 'they extend'} {words.them}' melds."
    return Explanation(idea, cards, "", tuple(dict.fromkeys(gains or ["blocking the opponents"])), (advice, rule("discard", rules)), gain)
