"""Words for the coach: what an action does, in rule terms, and what it gains.

:func:`explain` turns one action in one position into an :class:`Explanation`: the
idea (rung 1), the cards (rung 2), the full action (rung 3), the gains it names
(points, a burraco, the pot, closing, blocking the opponents) and the rules it rests
on, each cited from the ruleset's own document (:func:`buraco_learn.sources.cite`).
Advice that is a tip rather than a rule is quoted from the documents' tips sections
(:data:`TIPS`).

>>> from buraco_learn.bots.heuristics import Position
>>> from buraco_learn.coach.positions import burraco_pile
>>> state = burraco_pile()
>>> view = state.view(state.current)
>>> words = explain(Position.from_view(view), view, view.legal[1])
>>> print(words.idea)
You could take the discard pile: it holds the J♥ that your side's run 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ (m1) needs to become a burraco; the 3♦ that pairs with your 3♠ (002 'Playing a turn').
>>> words.gains
('a burraco', 'points')
"""

from __future__ import annotations

from dataclasses import dataclass

from buraco_learn.cards import Card, Rank
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.game.table import TableMeld
from buraco_learn.game.view import PlayerView
from buraco_learn.melds import check_add
from buraco_learn.rules import Rules
from buraco_learn.sources import cite

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


def tip(key: str, document: str) -> str:
    """The short citation of a tip for a ruleset based on ``document`` (its own tip, else 002's)."""
    texts = TIPS[key]
    if document in texts:
        return f"{document} '{texts[document][0]}'"
    fallback = "002" if "002" in texts else sorted(texts)[0]
    return f"advice from {fallback} '{texts[fallback][0]}'"


def rule(key: str, rules: Rules) -> str:
    """The short citation of a rule for ``rules``: ``002 'Melds'``."""
    return cite(key, rules.source).short()


def plural(rank: Rank | None) -> str:
    if rank is None:
        return "cards"
    word = rank.word
    return word + ("es" if word.endswith("x") else "s")


def meld_words(meld: TableMeld, rules: Rules | None = None) -> str:
    """``your side's set of Kings (m2)``, ``your side's run 5♥ 6♥ 7♥ (m1)`` (``your`` alone
    where every player is on their own)."""
    m = meld.meld
    whose = "your" if rules is not None and not rules.partnerships else "your side's"
    if m.kind == "set":
        return f"{whose} set of {plural(m.rank)} (m{meld.id})"
    return f"{whose} run {m.notation(unicode=True)} (m{meld.id})"


def cards_words(codes: list[int] | tuple[int, ...]) -> str:
    return " ".join(_CARD[code].unicode() for code in codes)


def card_words(code: int) -> str:
    """``the 7♥``, ``the joker``."""
    return "the joker" if code == 52 else f"the {_CARD[code].unicode()}"


@dataclass(frozen=True)
class Explanation:
    """What an action does: three rungs of words, the gains named and the sources cited."""

    idea: str
    cards: str
    full: str
    gains: tuple[str, ...]
    sources: tuple[str, ...]


def _fit(pos: Position, code: int, extra: list[int]) -> tuple[int, str, str] | None:
    """Why card ``code`` (coming into the hand with ``extra``) is useful: (priority, phrase, gain)."""
    t = pos.t
    card = _CARD[code].unicode()
    rules = pos.rules
    meld_id = pos.own_target.get(code)
    if meld_id is not None:
        meld = pos.meld_by_id(meld_id)
        if meld is not None:
            length = len(meld.meld) + 1
            if length >= pos.rules.burraco_length > len(meld.meld):
                return 0, f"the {card} that {meld_words(meld, rules)} needs to become a burraco", "a burraco"
            return 1, f"the {card} that {meld_words(meld, rules)} needs", "points"
    if t.wild[code]:
        return 3, f"the {card}, a wild card", "points"
    rank0, suit = code % 13, code // 13
    if rules.sets:
        same = [s * 13 + rank0 for s in range(4) for _ in range(pos.counts[s * 13 + rank0])]
        if len(same) >= 2:
            return 2, f"the {card} that makes a set of {plural(_CARD[code].rank)} with your {cards_words(same[:3])}", "points"
    if rules.runs:
        for t1, t2 in ((-2, -1), (-1, 1), (1, 2)):
            rank_word = rank0 + 1 if rank0 else 1
            a, b = rank_word + t1, rank_word + t2
            if 1 <= a <= 14 and 1 <= b <= 14:
                ca, cb = run_code(suit, a), run_code(suit, b)
                if not t.wild[ca] and not t.wild[cb] and pos.counts[ca] and pos.counts[cb]:
                    return 2, f"the {card} that makes a run with your {cards_words([ca, cb])}", "points"
    wilds = [other for other in set(pos.hand) if t.wild[other]]
    if wilds and rules.runs:
        near = [run_code(suit, p) for p in _positions_near(rank0) if 1 <= p <= 14]
        held = [other for other in near if not t.wild[other] and pos.counts[other]]
        if held:
            return 3, f"the {card} that makes a run with your {_CARD[held[0]].unicode()} and your {card_words(wilds[0])[4:]}", "points"
    if rules.sets and sum(pos.counts[s * 13 + rank0] for s in range(4)) == 1:
        return 4, f"the {card} that pairs with your {_CARD[next(s * 13 + rank0 for s in range(4) if pos.counts[s * 13 + rank0])].unicode()}", "points"
    return None


def _positions_near(rank0: int) -> list[int]:
    """Run positions one and two places from a card of rank ``rank0`` (both ends for an ace)."""
    places = (1, 14) if rank0 == 0 else (rank0 + 1,)
    return [place + delta for place in places for delta in (-1, 1, -2, 2)]


def _explain_take(pos: Position, view: PlayerView, action: Action) -> Explanation:
    rules = pos.rules
    taken = pile_taken(pos, action)
    reasons = sorted(fit for code in taken if (fit := _fit(pos, code, taken)) is not None)
    source = rule("draw", rules)
    if action.target is None:
        what = "the discard pile"
    elif action.target == 1:
        what = "the top card of the discard pile"
    else:
        what = f"the top {action.target} cards of the discard pile"
    if rules.pile_take == "top":
        what = "the top card of the discard pile"
    if reasons:
        first = "; ".join(phrase for _, phrase, _ in reasons[:2])
        gains = tuple(dict.fromkeys(gain for _, _, gain in reasons))
        idea = f"You could take {what}: it holds {first} ({source})."
    else:
        gains = ("blocking the opponents",)
        idea = f"You could take {what}: its cards are more use in your hand than in the opponents' ({source})."
    useful = [phrase for _, phrase, _ in reasons]
    cards = f"The pile brings {cards_words(taken)} into your hand"
    cards += f": {'; '.join(useful)}." if useful else "."
    if rules.must_meld_pile_card:
        cards += f" You must meld {card_words(taken[0])} this turn ({rule('fechado_top' if rules.pile_take == 'top' else 'draw', rules)})."
    return Explanation(idea, cards, "", gains, (source,))


def _explain_draw(pos: Position, view: PlayerView) -> Explanation:
    rules = pos.rules
    source = rule("draw", rules)
    if not pos.pile:
        idea = f"Draw from the stock: there is no discard pile to take ({source})."
        return Explanation(idea, "The stock's top card is the only choice.", "", ("points",), (source,))
    reasons = [fit for code in pos.pile if (fit := _fit(pos, code, pos.pile)) is not None]
    if reasons and len(pos.pile) > 3:
        advice = tip("big_pile", rules.source)
        idea = (
            f"Draw from the stock: the pile's {len(pos.pile)} cards would load your hand for little ({advice})."
        )
        gains: tuple[str, ...] = ("points",)
        sources: tuple[str, ...] = (source, advice)
    elif reasons:
        idea = f"Draw from the stock: the pile helps less than a fresh card is likely to ({source})."
        gains = ("points",)
        sources = (source,)
    else:
        idea = f"Draw from the stock: nothing in the discard pile fits your hand or your side's melds ({source})."
        gains = ("points",)
        sources = (source,)
    cards = f"Leave {cards_words(pos.pile[-6:])}{' ...' if len(pos.pile) > 6 else ''} on the pile."
    return Explanation(idea, cards, "", gains, sources)


def _meld_phrase(pos: Position, codes: list[int], target: TableMeld | None, swap: bool) -> tuple[str, list[str], list[str]]:
    """(what, gains, extra sentences) for a meld or an addition."""
    rules = pos.rules
    points = sum(pos.t.value[code] for code in codes)
    gains = ["points"]
    extra: list[str] = []
    if target is None:
        from buraco_learn.melds import check_meld

        verdict = check_meld([_CARD[code] for code in codes], rules)
        meld = verdict.meld
        kind = "set" if meld is not None and meld.kind == "set" else "run"
        what = f"lay down a new {kind} ({cards_words(codes)})"
        length = len(codes)
        clean = bool(verdict.clean)
    else:
        verdict = check_add(target.meld, [_CARD[code] for code in codes], rules)
        meld = verdict.meld
        what = f"{'swap' if swap else 'add'} {cards_words(codes)} {'into' if swap else 'to'} {meld_words(target, rules)}"
        length = len(meld) if meld is not None else len(target.meld) + len(codes)
        clean = meld.clean if meld is not None else False
    was = len(target.meld) if target is not None else 0
    bl = rules.burraco_length
    if length >= bl > was:
        bonus = burraco_bonus(rules, clean)
        gains.append("a burraco")
        extra.append(f"That puts {points} points on the table and makes a {'clean' if clean else 'dirty'} burraco of {length} cards, +{bonus} ({rule('burraco', rules)})")
    elif length < bl:
        extra.append(f"That puts {points} points on the table in a meld of {length} cards, {bl - length} short of a burraco ({rule('burraco', rules)})")
    else:
        extra.append(f"That puts {points} points on the table")
    left = len(pos.hand) - len(codes)
    if left == 0 and pos.pot_available:
        gains.append("the pot")
        extra.append(f"It empties your hand, so you pick up your pot at once ({rule('pot', rules)})")
    elif left == 1 and pos.pot_available:
        gains.append("the pot")
        extra.append(f"It leaves one card: discard it and the pot is yours ({rule('pot', rules)})")
    if pos.must_meld is not None and pos.must_meld in codes:
        extra.append(f"It melds {card_words(pos.must_meld)} you took from the pile, as you must this turn ({rule('fechado_top' if rules.pile_take == 'top' else 'draw', rules)})")
    wilds = [code for code in codes if pos.t.wild[code]]
    if wilds and not (length >= bl > was):
        wild = card_words(wilds[0])[4:]
        if length >= bl - 1:
            extra.append(f"It spends the {wild} on a meld one card short of a burraco, where a wild is worth most ({tip('save_wilds', rules.source)})")
        elif pos.endgame > 0.5:
            extra.append(f"It spends the {wild}: with the stock running low, points on the table count more than a wild kept back")
        else:
            extra.append(f"It spends the {wild}; the tips advise keeping wilds for nearly complete melds ({tip('save_wilds', rules.source)}), but here the points and the smaller hand are worth more")
    return what, gains, extra


def explain(pos: Position, view: PlayerView, action: Action) -> Explanation:
    """Words for ``action`` in ``pos`` (the learner's view ``view``)."""
    rules = pos.rules
    kind = action.kind
    full = f"Play: {action.notation(unicode=True)} ({action.describe()})."
    if kind == A.TAKE:
        words = _explain_take(pos, view, action)
    elif kind == A.DRAW:
        words = _explain_draw(pos, view)
    elif kind == A.REDRAW:
        source = rule("first_turn_redraw", rules)
        drawn = card_words(pos.drawn)[4:] if pos.drawn is not None else "card"
        words = Explanation(
            f"You could use the first-turn redraw: the {drawn} you drew does little for your hand ({source}).",
            f"Put the {drawn} on the pile and draw another card.", "", ("points",), (source,),
        )
    elif kind == A.POT:
        source = rule("pot", rules)
        words = Explanation(
            f"Pick up your pot: you have emptied your hand ({source}).",
            "The pot's cards become your new hand.", "", ("the pot",), (source,),
        )
    elif kind == A.CLOSE:
        source = rule("close_conditions", rules)
        card = action.cards[0].unicode() if action.cards else ""
        words = Explanation(
            f"You can close the hand: your side has what closing needs, and closing earns {rules.closing_bonus} while the opponents' cards in hand count against them ({source}).",
            f"Close by discarding your last card{', the ' + card if card else ''} ({rule('close_by_discard', rules)}).",
            "", ("closing", "points"), (source,),
        )
    elif kind in (A.MELD, A.ADD, A.SWAP):
        words = _explain_meld(pos, action)
    else:
        words = _explain_discard(pos, action)
    return Explanation(words.idea, words.cards, full, words.gains, words.sources)


def _explain_meld(pos: Position, action: Action) -> Explanation:
    rules = pos.rules
    phrases = []
    gains: list[str] = []
    extras: list[str] = []
    groups = [list(card.code for card in group) for group in action.groups] or [[card.code for card in action.cards]]
    target = pos.meld_by_id(action.target) if action.kind in (A.ADD, A.SWAP) else None
    for codes in groups:
        what, gain, extra = _meld_phrase(pos, codes, target, action.kind == A.SWAP)
        phrases.append(what)
        gains += gain
        extras += extra
    source = rule("swap" if action.kind == A.SWAP else ("whose_melds" if action.kind == A.ADD else "min_meld"), rules)
    main = [gain for gain in gains if gain != "points"]
    headline = "a burraco" if "a burraco" in main else ("your pot" if "the pot" in main else f"{sum(pos.t.value[c] for g in groups for c in g)} points")
    if action.kind == A.MELD:
        idea = f"You could lay down a meld: it is worth {headline} ({source})."
    else:
        idea = f"You could {'swap a card into' if action.kind == A.SWAP else 'add to'} one of your side's melds: it is worth {headline} ({source})."
    text = "; ".join(phrases)
    cards = text[:1].upper() + text[1:] + ". " + ". ".join(extras) + "."
    return Explanation(idea, cards, "", tuple(dict.fromkeys(gains)), (source,))


def discard_reasons(pos: Position, code: int) -> tuple[list[str], list[str]]:
    """Why discarding ``code`` is sound (phrases) and what it gains."""
    rules = pos.rules
    t = pos.t
    phrases: list[str] = []
    gains: list[str] = []
    if code not in pos.opp_add and not t.wild[code]:
        phrases.append("it fits none of the opponents' melds")
        gains.append("blocking the opponents")
    known = [other for seat in pos.opponents for other in pos.known[seat]]
    if known and pos.danger(code) == 0 and not t.wild[code]:
        phrases.append("it matches nothing they took from the pile")
    use = pos.card_use(code)
    if use <= 0:
        phrases.append("it has no partner in your hand")
    elif use < 12:
        phrases.append("it does little for your hand")
    if t.value[code] >= 10 and use <= 0:
        phrases.append(f"and it would cost you {t.value[code]} points if the hand ended with it in your hand ({rule('scoring', rules)})")
        gains.append("points")
    if not gains:
        gains.append("blocking the opponents" if code not in pos.opp_add else "points")
    return phrases, gains


def _explain_discard(pos: Position, action: Action) -> Explanation:
    rules = pos.rules
    code = action.cards[0].code
    card = _CARD[code].unicode()
    phrases, gains = discard_reasons(pos, code)
    advice = tip("safe_discard", rules.source)
    risky = sorted({other for other in set(pos.hand) if other in pos.opp_add and not pos.t.wild[other] and other != code})
    idea = f"Time to discard: choose a card the opponents cannot use and your hand can spare ({advice})."
    if rules.pile_take == "any-depth":
        idea = f"Time to discard: choose a card no other player can meld, since any of them may dig it out of the pile, and one your hand can spare ({advice})."
    reason = ", ".join(phrases) if phrases else "it is the card your hand needs least"
    cards = f"Discard the {card}: {reason}."
    if code in pos.opp_add:
        cards += " It does fit one of the opponents' melds, but every other card would cost more."
    if risky:
        cards += f" Keep {cards_words(risky)}: {'it extends' if len(risky) == 1 else 'they extend'} the opponents' melds."
    return Explanation(idea, cards, "", tuple(dict.fromkeys(gains or ["blocking the opponents"])), (advice, rule("discard", rules)))
