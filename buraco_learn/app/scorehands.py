"""Lesson 9's material: hands to score, their breakdown step by step, and feedback on a learner's numbers.

Pure Python (no Jupyter). :func:`deal_hand_end` makes a small, consistent end of a hand
(a few melds per side, a few cards left in hand, the pots, who closed) from a seed and
the ruleset; :func:`buraco_learn.scoring.score_hand` scores it and
:func:`buraco_learn.scoring.check_hand` has checked it could have happened. Nothing
here adds points up by itself: the totals and every line of the breakdown are the engine's.

>>> from buraco_learn import preset
>>> end = deal_hand_end(preset("italian"), seed=4)
>>> scores = end.scores()
>>> sorted(scores) == sorted(end.sides)
True
>>> side = end.closed_by
>>> score_feedback(scores[side], scores[side].total).right
True
>>> wrong = score_feedback(scores[side], scores[side].total - scores[side].closing_bonus)
>>> wrong.right, "closing" in wrong.hint
(False, True)
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from buraco_learn.cards import Card, Rank, Suit, deck_cards
from buraco_learn.errors import BuracoError, InvalidRecordError
from buraco_learn.game.deal import seat_names
from buraco_learn.i18n import N_, _, number
from buraco_learn.melds import Meld, check_meld
from buraco_learn.render import cards_svg, meld_svg
from buraco_learn.rules import Rules
from buraco_learn.scoring import SideInput, SideScore, check_hand, pot_word, score_hand
from buraco_learn.ui.table_view import seat_word, side_word

ATTEMPTS: Final = 200


@dataclass(frozen=True)
class HandEnd:
    """The end of a hand as written down: each side's melds, cards left, pot, and who closed."""

    rules: Rules
    sides: Mapping[str, SideInput]
    seats: Mapping[str, tuple[str, ...]]
    closed_by: str | None

    def scores(self) -> dict[str, SideScore]:
        """Each side's score, by the engine."""
        return score_hand(self.sides, self.closed_by, self.rules)


class _Pool:
    def __init__(self, rules: Rules, rng: random.Random) -> None:
        self.cards = deck_cards(rules.jokers)
        self.rules = rules
        self.rng = rng

    def take(self, card: Card) -> bool:
        if card in self.cards:
            self.cards.remove(card)
            return True
        return False

    def wild(self) -> Card | None:
        wilds = [card for card in self.cards if self.rules.is_wild(card)]
        return self.rng.choice(wilds) if wilds else None

    def naturals(self, count: int) -> list[Card]:
        spare = [card for card in self.cards if not self.rules.is_wild(card)]
        self.rng.shuffle(spare)
        picked = spare[:count]
        for card in picked:
            self.cards.remove(card)
        return picked


def _hand(pool: _Pool, count: int) -> tuple[Card, ...]:
    """``count`` cards left in a hand: natural cards, sometimes one wild card among them."""
    if count and pool.rng.random() < 0.2:
        wild = pool.wild()
        if wild is not None and pool.take(wild):
            return (*pool.naturals(count - 1), wild)
    return tuple(pool.naturals(count))


def _run(pool: _Pool, length: int, wild: bool) -> Meld | None:
    rng = pool.rng
    suit = rng.choice(list(Suit))
    start = rng.randint(3, 14 - length)
    cards = [Card(Rank(rank), suit) for rank in range(start, start + length)]
    if wild:
        joker = pool.wild()
        if joker is None:
            return None
        cards[rng.randint(1, length - 2)] = joker
    return _lay(pool, cards)


def _set(pool: _Pool, length: int, wild: bool) -> Meld | None:
    rules, rng = pool.rules, pool.rng
    if not rules.sets:
        return None
    rank = Rank(rng.randint(3, 13))
    if rules.max_set_cards:
        length = min(length, rules.max_set_cards)
    suits = list(Suit) * 2
    rng.shuffle(suits)
    if rules.distinct_suit_sets:
        suits = list(dict.fromkeys(suits))
    naturals = length - int(wild)
    cards = [Card(rank, suit) for suit in suits[:naturals]]
    if wild:
        joker = pool.wild()
        if joker is None:
            return None
        cards.append(joker)
    return _lay(pool, cards)


def _lay(pool: _Pool, cards: list[Card]) -> Meld | None:
    verdict = check_meld(cards, pool.rules)
    if not verdict.legal or verdict.meld is None:
        return None
    taken: list[Card] = []
    for card in cards:
        if not pool.take(card):
            pool.cards.extend(taken)
            return None
        taken.append(card)
    return verdict.meld


def _meld(pool: _Pool, length: int, wild: bool) -> Meld:
    for _attempt in range(ATTEMPTS):
        maker = _set if pool.rules.sets and pool.rng.random() < 0.4 else _run
        meld = maker(pool, length, wild) or _run(pool, length, wild)
        if meld is not None:
            return meld
    raise BuracoError(f"could not lay a meld of {length} cards under {pool.rules.name}")  # pragma: no cover


def _side_melds(pool: _Pool, closing: bool) -> list[Meld]:
    rules, rng = pool.rules, pool.rng
    if closing:
        clean = rules.close_needs_burraco == "clean" or rng.random() < 0.65
        melds = [_meld(pool, rng.choice((rules.burraco_length, rules.burraco_length + 1)), not clean)]
        melds.append(_meld(pool, rng.randint(3, 4), rng.random() < 0.4))
        return melds
    count = rng.randint(1, 2)
    melds = []
    for _melds in range(count):
        length = rules.burraco_length if rng.random() < 0.25 else rng.randint(3, 5)
        melds.append(_meld(pool, length, rng.random() < 0.4))
    return melds


def deal_hand_end(rules: Rules, seed: int) -> HandEnd:
    """A small, consistent end of a hand under ``rules`` (the same seed gives the same hand)."""
    rng = random.Random(f"{rules.name}:{seed}")
    names = seat_names(rules.players)
    for _attempt in range(ATTEMPTS):
        pool = _Pool(rules, rng)
        sides: dict[str, SideInput] = {}
        seats: dict[str, tuple[str, ...]] = {}
        closer = rng.randrange(len(rules.sides))
        for index, side_seats in enumerate(rules.sides):
            name = "".join(names[seat] for seat in side_seats)
            seats[name] = tuple(names[seat] for seat in side_seats)
            closing = index == closer
            melds = _side_melds(pool, closing)
            hands = []
            for position in range(len(side_seats)):
                count = 0 if closing and position == 0 else rng.randint(1, 3)
                hands.append(_hand(pool, count))
            if not rules.pot_sizes:
                pot = "none"
            elif closing or rng.random() < 0.7:
                pot = "taken"
            else:
                pot = "not-taken"
            sides[name] = SideInput(tuple(melds), tuple(hands), pot)
        closed_by = list(sides)[closer]
        try:
            check_hand(sides, closed_by, rules)
        except InvalidRecordError:
            continue
        return HandEnd(rules, sides, seats, closed_by)
    raise BuracoError(f"could not make a consistent hand under {rules.name}")  # pragma: no cover


# -- pictures and breakdowns -------------------------------------------------------------------------
#: Whether a side took its pot, by the pot's name: (took it, never took it).
_POT_LINES: Final = {
    "pozzetto": (N_("Took its pozzetto."), N_("Never took its pozzetto.")),
    "morto": (N_("Took its morto."), N_("Never took its morto.")),
    "pot": (N_("Took its pot."), N_("Never took its pot.")),
}


def _signed(points: int) -> str:
    """``+1,250`` / ``-30`` / ``+0``, as the current language writes numbers."""
    return ("-" if points < 0 else "+") + number(abs(points))


def hand_end_html(end: HandEnd) -> str:
    """The end of the hand as the learner sees it written down: melds, cards left, pots, who closed."""
    rules = end.rules
    blocks = []
    for name, side in end.sides.items():
        who = html.escape(side_word(name))
        head = _("{side} <em>(closed the hand)</em>", side=who) if name == end.closed_by else who
        melds = "".join(f'<span class="pos-meld">{meld_svg(meld, rules, scale=0.5)}</span>' for meld in side.melds)
        held = []
        for seat, cards in zip(end.seats[name], side.hands):
            picture = cards_svg(list(cards), scale=0.5) if cards else _("<em>no cards</em>")
            holds = html.escape(_("{seat} still holds", seat=seat_word(seat)))
            held.append(f'<div class="pos-hand"><span class="pos-label">{holds}</span>{picture}</div>')
        pot = ""
        if isinstance(side.pot, str) and side.pot != "none":
            word = pot_word(rules)
            if word in _POT_LINES:
                took = _(_POT_LINES[word][0] if side.pot == "taken" else _POT_LINES[word][1])
            else:  # pragma: no cover - every document's pot has its lines
                took = f"{'Took' if side.pot == 'taken' else 'Never took'} its {word}."
            pot = f'<p class="pos-pot">{html.escape(took)}</p>'
        melds_label = html.escape(_("Melds"))
        none = _("<em>none</em>")
        blocks.append(f'<div class="buraco-trial" data-side="{html.escape(name)}"><h4>{head}</h4>'
                      f'<div class="pos-melds"><span class="pos-label">{melds_label}</span>{melds or none}</div>'
                      f'{"".join(held)}{pot}</div>')
    return f'<div class="buraco-trials">{"".join(blocks)}</div>'


def breakdown_html(name: str, score: SideScore, *, running: bool = True) -> str:
    """One side's score line by line, with each line's source and (``running``) the total so far."""
    rows = []
    total = 0
    for item in score.items():
        total += item.points
        run = f'<td class="points">{number(total)}</td>' if running else ""
        rows.append(f'<tr><td>{html.escape(item.text())} <span class="source">({html.escape(item.source)})</span></td>'
                    f'<td class="points">{_signed(item.points)}</td>{run}</tr>')
    so_far, points, total_word = _("so far"), _("points"), _("total")
    head = f'<th>{so_far}</th>' if running else ""
    span = 2 if running else 1
    side = side_word(name)
    label = html.escape(_("{side}: the score line by line", side=side))
    return (f'<table class="buraco-breakdown" data-side="{html.escape(name)}" aria-label="{label}">'
            f'<thead><tr><th>{html.escape(side)}</th><th>{points}</th>{head}</tr></thead><tbody>{"".join(rows)}'
            f'<tr class="total"><td>{total_word}</td><td class="points" colspan="{span}">{number(score.total)}</td></tr></tbody></table>')


@dataclass(frozen=True)
class Feedback:
    right: bool
    text: str
    hint: str = ""


def score_feedback(score: SideScore, guess: int) -> Feedback:
    """Whether ``guess`` is the side's total; when not, which line it seems to have missed or turned round."""
    if guess == score.total:
        return Feedback(True, _("✔ {total} is right.", total=number(score.total)))
    missing = [item for item in score.items() if guess == score.total - item.points]
    turned = [item for item in score.items() if item.points and guess == score.total - 2 * item.points]
    hint = ""
    either = _(" or ")
    if missing:
        lines = either.join(_("{line} ({points})", line=item.text(), points=_signed(item.points)) for item in missing)
        hint = _("Your number is the total without one line: {lines}.", lines=lines)
    elif turned:
        lines = either.join(_("{line} counts {points}", line=item.text(), points=_signed(item.points)) for item in turned)
        hint = _("Your number has one line the wrong way round: {lines}.", lines=lines)
    return Feedback(False, _("✘ Not {guess}: the engine makes it {total}.", guess=number(guess), total=number(score.total)), hint)


def scores_text(scores: Mapping[str, SideScore]) -> str:
    """``'North–South 410, East–West 155'``."""
    return ", ".join(_("{side} {points}", side=side_word(name), points=number(score.total)) for name, score in scores.items())


def item_labels(scores: Mapping[str, SideScore]) -> Sequence[str]:
    return [item.label for score in scores.values() for item in score.items()]
