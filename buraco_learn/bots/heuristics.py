"""Shared evaluation for the bots and the coach: what a card, a meld, a discard or the pile is worth.

Everything here reads a :class:`Position`: one seat's knowledge (its hand, the melds,
the visible pile, counts), built from a :class:`~buraco_learn.game.view.PlayerView`
(:meth:`Position.from_view`) or, inside a search bot's *sampled* world, from that
world's state for the seat to move (:meth:`Position.from_state`, which reads the same
fields a view holds and nothing more). Values are in points, so they can be compared
with card values and bonuses:

- :meth:`Position.card_use`: what keeping a card is worth (a set or run it belongs to,
  a meld on the table it extends, a pair or a near-run it could grow into, a wild);
- :meth:`Position.danger`: what a discard could give the opponents (a card that
  extends or finishes one of their melds, matches cards they took from the pile, a wild);
- :meth:`Position.take_gain`: what taking the pile (or its top N cards) adds to the hand;
- :meth:`Position.meld_gain`: points, burraco progress and bonus, the pot or closing
  that a meld or an addition brings, minus the cost of spending a wild early;

>>> import random
>>> from buraco_learn import preset, parse_cards
>>> from buraco_learn.game import HandState
>>> state = HandState.new(preset("italian"), random.Random(4))
>>> pos = Position.from_view(state.view(state.current))
>>> len(pos.hand), pos.phase
(11, 'draw')
>>> pos.card_use(parse_cards("JK")[0].code) > pos.card_use(parse_cards("KS")[0].code)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from buraco_learn.cards import code_of_id
from buraco_learn.game.actions import Action
from buraco_learn.game.deal import next_seat
from buraco_learn.game.predicates import (
    close_shortfall,
    is_wild,
    may_close_on,
    natural_two_in_run,
    seen_of_pile,
    taken_from_pile,
    wild_flags,
)
from buraco_learn.game.table import TableMeld
from buraco_learn.rules import Rules

if TYPE_CHECKING:
    from buraco_learn.game.state import HandState
    from buraco_learn.game.view import PlayerView

JOKER = 52
CODE_OF_ID: tuple[int, ...] = tuple(code_of_id(card_id) for card_id in range(108))

# burraco progress: the share of the bonus a meld of this length is worth before it is one
_PROGRESS = (0.0, 0.0, 0.0, 0.08, 0.15, 0.28, 0.45, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6)


@dataclass(frozen=True)
class Weights:
    """The heuristics' numbers, in points (the defaults were tuned with the arena)."""

    draw_value: float = 6.0  # what an unknown stock card adds to a hand, on average
    wild_keep: float = 40.0  # what spending a wild on a short meld costs (a third of it on a nearly complete one)
    wild_three: float = 0.0  # and more on a meld of just three cards (measured: no better)
    wild_reserved: float = 50.0  # and more while one of the side's melds is a wild away from nearly a burraco
    wild_use: float = 35.0  # what holding a wild is worth (plus half its value)
    junk: float = 0.25  # share of a card's value that holding it costs early in the hand
    junk_end: float = 0.5  # extra share as the hand nears its end
    pair: float = 12.0  # a pair towards a set
    ready: float = 15.0  # a card in a ready meld, beyond its value
    own_add: float = 20.0  # a card that fits one of the side's melds, beyond its value
    run_adjacent: float = 11.0  # a neighbour in the suit
    run_gap: float = 5.0  # a card two places away in the suit
    take_per_card: float = 1.5  # each card taken from the pile, for the options it brings
    danger_wild: float = 60.0  # giving a wild away
    danger_fit: float = 25.0  # a discard that fits an opponents' meld (plus its value and their progress)
    danger_known: float = 14.0  # a discard that matches a card an opponent took from the pile
    empty_hand: float = 40.0  # a meld that empties the hand while the pot is there
    closing: float = 150.0  # a meld that leaves one card to close with
    per_card: float = 3.0  # each card melded, for the smaller hand


DEFAULT_WEIGHTS = Weights()


def default_weights(rules: Rules, **changes: float) -> Weights:
    """The weights for ``rules``, with ``changes``.

    Where any burraco closes (000, 002) hands are a race to close, and a big pile
    mostly slows a side down: the bot takes it only for a clear gain. Where closing
    needs a clean burraco (001, 003, 004) hands run longer and every card taken is
    another chance to meld (both measured with the arena).

    >>> from buraco_learn import preset
    >>> default_weights(preset("italian")).draw_value, default_weights(preset("aberto")).draw_value
    (50.0, 6.0)
    """
    import dataclasses

    if rules.close_needs_burraco == "clean":
        base = Weights(draw_value=6.0, take_per_card=5.0)
    else:
        base = Weights(draw_value=50.0, take_per_card=1.5)
    return dataclasses.replace(base, **changes) if changes else base


@dataclass(frozen=True)
class Tables:
    """Per-ruleset lookups indexed by card code (0..52)."""

    value: tuple[int, ...]
    wild: tuple[bool, ...]
    # per code, per run position of the card (two for an ace): the codes two and one
    # places below and one and two places above (-1 off the run or wild)
    around: tuple[tuple[tuple[int, int, int, int], ...], ...]


@lru_cache(maxsize=64)
def tables(rules: Rules) -> Tables:
    """The lookups for ``rules`` (cached: rules are frozen values)."""
    value = rules.card_values
    wild = wild_flags(rules)

    def at(suit: int, position: int) -> int:
        if not 1 <= position <= 14:
            return -1
        code = run_code(suit, position)
        return -1 if wild[code] else code

    around: list[tuple[tuple[int, int, int, int], ...]] = []
    for code in range(53):
        if code == JOKER:
            around.append(())
            continue
        suit, rank0 = divmod(code, 13)
        positions = (1, 14) if rank0 == 0 else (rank0 + 1,)
        around.append(tuple((at(suit, p - 2), at(suit, p - 1), at(suit, p + 1), at(suit, p + 2)) for p in positions))
    return Tables(value, wild, tuple(around))


def run_code(suit: int, position: int) -> int:
    """The code of the natural card at run ``position`` (1..14; 1 and 14 are the ace)."""
    return suit * 13 + (0 if position in (1, 14) else position - 1)


def burraco_bonus(rules: Rules, clean: bool) -> int:
    """The bonus of a clean or a dirty burraco."""
    return rules.clean_bonus if clean else rules.dirty_bonus


def progress_value(rules: Rules, length: int, clean: bool) -> float:
    """What a meld of ``length`` cards is worth as a future burraco (0 once it is one)."""
    if length >= rules.burraco_length:
        return 0.0
    share = _PROGRESS[min(len(_PROGRESS) - 1, max(0, length - rules.burraco_length + 7))]
    return share * (rules.clean_bonus if clean else rules.dirty_bonus)


def meld_openings(meld: TableMeld, rules: Rules) -> tuple[set[int], bool]:
    """Natural card codes that could be added to ``meld`` (ends of a run, the rank of a set,
    the cards its wilds stand for), and whether it could still take a wild card."""
    m = meld.meld
    wilds = len(m.wild_slots)
    out: set[int] = set()
    if m.kind == "set":
        rank = m.rank
        if rank is None or (rules.max_set_cards and len(m) >= rules.max_set_cards):
            return out, False
        rank0 = int(rank) - 1
        if is_wild(rules, rank0):
            return out, False  # the 2s where they are wild: no set of them
        present = {slot.card.code // 13 for slot in m.slots if not slot.wild}
        for index in range(4):
            if rules.distinct_suit_sets and index in present:
                continue
            out.add(index * 13 + rank0)
        return out, wilds < rules.max_wilds
    run_suit = m.suit
    if run_suit is None:
        return out, False
    suit = int(run_suit)
    positions = [slot.position or 0 for slot in m.slots]
    low, high = min(positions), max(positions)
    longest = 14 if rules.ace_to_ace else 13
    room = high - low + 1 < longest
    for position in (low - 1, high + 1):
        if room and 1 <= position <= 14:
            if position == 2 and not natural_two_in_run(rules):
                continue
            out.add(run_code(suit, position))
    if rules.wild_swap:
        for slot in m.wild_slots:
            stands = slot.stands_for
            if stands is not None:
                out.add(stands.code)
    return out, room and wilds < rules.max_wilds


@dataclass(frozen=True)
class MeldFacts:
    """What the heuristics need to know about one meld on the table (computed once per meld)."""

    openings: frozenset[int]
    wild_room: bool
    step: float  # what one more card is worth to its owners (progress, or the burraco bonus)
    stands: frozenset[int]  # natural cards its wilds stand for


_FACTS: dict[int, tuple[TableMeld, Rules, MeldFacts]] = {}


def meld_facts(meld: TableMeld, rules: Rules) -> MeldFacts:
    """:func:`meld_openings` and more for ``meld``, cached (table melds are frozen values)."""
    entry = _FACTS.get(id(meld))
    if entry is not None and entry[0] is meld and entry[1] is rules:
        return entry[2]
    openings, wild_room = meld_openings(meld, rules)
    length = len(meld.meld)
    clean = meld.meld.clean
    step = progress_value(rules, length + 1, clean) - progress_value(rules, length, clean)
    if length + 1 == rules.burraco_length:
        step += burraco_bonus(rules, clean)
    stands = frozenset(slot.stands_for.code for slot in meld.meld.wild_slots if slot.stands_for is not None)
    facts = MeldFacts(frozenset(openings), wild_room, step, stands)
    if len(_FACTS) > 20000:
        _FACTS.clear()
    _FACTS[id(meld)] = (meld, rules, facts)
    return facts


MeldIndex = tuple[dict[int, float], dict[int, int], dict[int, int], dict[int, float]]
_INDEX: dict[tuple[int, tuple[int, ...]], tuple[tuple[TableMeld, ...], dict[int, tuple[dict[int, float], dict[int, int], dict[int, int]]], dict[int, MeldIndex]]] = {}


def _meld_index(melds: Sequence[TableMeld], side: int, rules: Rules) -> MeldIndex:
    """Which codes extend ``side``'s melds (what that is worth, and the best meld to add
    them to), which melds can take a wild, and which codes extend the opponents' melds.

    Cached by the melds' identities (table melds are frozen values shared by clones),
    every side's part at once."""
    key = (id(rules), tuple(map(id, melds)))
    entry = _INDEX.get(key)  # the entry keeps its melds alive, so their ids are not reused
    if entry is None:
        per_side: dict[int, tuple[dict[int, float], dict[int, int], dict[int, int]]] = {}
        for meld in melds:
            facts = meld_facts(meld, rules)
            step = facts.step
            part = per_side.get(meld.side)
            if part is None:
                part = per_side[meld.side] = ({}, {}, {})
            add, target, room = part
            for code in facts.openings:
                if add.get(code, -1.0) < step:
                    add[code] = step
                    target[code] = meld.id
            if facts.wild_room:
                room[meld.id] = len(meld.meld)
        if len(_INDEX) > 20000:
            _INDEX.clear()
        entry = _INDEX[key] = (tuple(melds), per_side, {})
    done = entry[2].get(side)
    if done is not None:
        return done
    per_side = entry[1]
    own, target, room = per_side.get(side, ({}, {}, {}))
    others = [part[0] for other, part in per_side.items() if other != side]
    if len(others) == 1:
        opp = others[0]
    else:
        opp = {}
        for add in others:
            for code, step in add.items():
                if opp.get(code, -1.0) < step:
                    opp[code] = step
    value = (own, target, room, opp)
    entry[2][side] = value
    return value


def can_close_with(rules: Rules, melds: Sequence[TableMeld], side: int, pot_taken: bool) -> bool:
    """Whether ``side`` meets the closing conditions (pot and burraco) with these melds."""
    return close_shortfall(rules, pot_taken, (meld.meld for meld in melds if meld.side == side)) is None


@dataclass
class Position:
    """One seat's knowledge of a hand, as card codes: what the heuristics read."""

    rules: Rules
    seat: int
    side: int
    side_of: tuple[int, ...]
    hand: list[int]
    melds: Sequence[TableMeld]
    pile: list[int]
    pile_size: int
    stock_size: int
    phase: str
    pot_taken: bool
    pot_available: bool
    known: tuple[tuple[int, ...], ...]
    hand_counts: tuple[int, ...]
    drawn: int | None = None
    took_single: int | None = None
    must_meld: int | None = None
    last_turn: bool = False
    pots_left: int = 0
    w: Weights = DEFAULT_WEIGHTS
    t: Tables = field(init=False, repr=False)
    counts: list[int] = field(init=False, repr=False)
    own_add: dict[int, float] = field(init=False, repr=False)
    own_target: dict[int, int] = field(init=False, repr=False)
    own_wild_room: dict[int, int] = field(init=False, repr=False)
    opp_add: dict[int, float] = field(init=False, repr=False)
    end: float = field(init=False, repr=False)
    _next: int = field(init=False, repr=False)
    _opponents: list[int] = field(init=False, repr=False)
    _uses: dict[int, float] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.t = tables(self.rules)
        counts = [0] * 53
        for code in self.hand:
            counts[code] += 1
        self.counts = counts
        self._uses = {}
        self.end = self._endgame()
        self._next = next_seat(self.seat, self.rules)
        self._opponents = [seat for seat, side in enumerate(self.side_of) if side != self.side]
        self.own_add, self.own_target, self.own_wild_room, self.opp_add = _meld_index(self.melds, self.side, self.rules)

    # -- construction -------------------------------------------------------------
    @classmethod
    def from_view(cls, view: PlayerView, weights: Weights = DEFAULT_WEIGHTS) -> Position:
        """The position a view describes (the seat's own knowledge only)."""
        side = view.my_side
        taken = dict(view.side_pot)
        available = side not in taken and any(
            size is not None and owner in (side, None) for size, owner in zip(view.pot_sizes, view.pot_owner)
        )
        return cls(
            rules=view.rules,
            seat=view.seat,
            side=side,
            side_of=tuple(view.side_of),
            hand=[CODE_OF_ID[card_id] for card_id in view.hand_ids],
            melds=view.melds,
            pile=[CODE_OF_ID[card_id] for card_id in view.pile_ids],
            pile_size=view.pile_size,
            stock_size=view.stock_size,
            phase=view.phase,
            pot_taken=side in taken or any(seat == view.seat for seat, _ in view.pending_pot_sizes),
            pot_available=available,
            known=tuple(tuple(CODE_OF_ID[card_id] for card_id in ids) for ids in view.known_ids),
            hand_counts=tuple(view.hand_counts),
            drawn=None if view.drawn_id is None else CODE_OF_ID[view.drawn_id],
            took_single=None if view.took_single_id is None else CODE_OF_ID[view.took_single_id],
            must_meld=None if view.must_meld_id is None else CODE_OF_ID[view.must_meld_id],
            last_turn=bool(view.get("last_turn")),
            pots_left=sum(size is not None for size in view.pot_sizes),
            w=weights,
        )

    @classmethod
    def from_state(cls, state: HandState, seat: int, weights: Weights = DEFAULT_WEIGHTS) -> Position:
        """The position of ``seat`` in a (sampled) state: its own hand and the public facts only."""
        rules = state.rules
        side = state.side_of[seat]
        pile = seen_of_pile(rules, state.pile)
        own_turn = state.current == seat
        return cls(
            rules=rules,
            seat=seat,
            side=side,
            side_of=tuple(state.side_of),
            hand=[CODE_OF_ID[card_id] for card_id in state.hands[seat]],
            melds=state.melds,
            pile=[CODE_OF_ID[card_id] for card_id in pile],
            pile_size=len(state.pile),
            stock_size=len(state.stock),
            phase=state.phase,
            pot_taken=side in state.side_pot or seat in state.pending_pot,
            pot_available=state.pot_available(side) is not None,
            known=tuple(tuple(CODE_OF_ID[card_id] for card_id in ids) for ids in state.known),
            hand_counts=tuple(len(hand) for hand in state.hands),
            drawn=None if not own_turn or state.drawn is None else CODE_OF_ID[state.drawn],
            took_single=None if state.took_single is None else CODE_OF_ID[state.took_single],
            must_meld=None if state.must_meld is None else CODE_OF_ID[state.must_meld],
            last_turn=state.last_turn,
            pots_left=sum(pot is not None for pot in state.pots),
            w=weights,
        )

    # -- facts ----------------------------------------------------------------------
    @property
    def next_seat(self) -> int:
        return self._next

    @property
    def opponents(self) -> list[int]:
        return self._opponents

    def can_close(self, melds: Sequence[TableMeld] | None = None) -> bool:
        return can_close_with(self.rules, self.melds if melds is None else melds, self.side, self.pot_taken)

    @property
    def endgame(self) -> float:
        """0 early in the hand, rising to 1 when the hand is about to end with the stock."""
        return self.end

    def _endgame(self) -> float:
        if self.last_turn:
            return 1.0
        left = self.stock_size
        if self.rules.stock_end == "pots-become-stock":
            left += 11 * self.pots_left
        elif self.rules.stock_end == "third-last":
            left -= 2
        if left <= 0:
            return 1.0
        return max(0.0, min(1.0, (14 - left) / 12))

    # -- cards --------------------------------------------------------------------
    def _has(self, suit: int, position: int, counts: list[int]) -> bool:
        if not 1 <= position <= 14:
            return False
        code = run_code(suit, position)
        if self.t.wild[code]:
            return False
        return counts[code] > 0

    def card_use(self, code: int, counts: list[int] | None = None) -> float:
        """What keeping ``code`` is worth, with ``counts`` the hand it sits in (the seat's hand by default)."""
        if counts is None:
            cached = self._uses.get(code)
            if cached is None:
                cached = self._uses[code] = self._card_use(code, self.counts)
            return cached
        return self._card_use(code, counts)

    def _card_use(self, code: int, counts: list[int]) -> float:
        t = self.t
        w = self.w
        value = t.value[code]
        if t.wild[code]:
            return w.wild_use + 0.5 * value
        rules = self.rules
        junk = (w.junk + w.junk_end * self.end) * value
        best = 0.0
        step = self.own_add.get(code)
        if step is not None:
            best = value + w.own_add + step
        rank0 = code % 13
        suit = code // 13
        if rules.sets:
            if rules.distinct_suit_sets:
                others = sum(1 for s in range(4) if s != suit and counts[s * 13 + rank0])
            else:
                others = counts[rank0] + counts[13 + rank0] + counts[26 + rank0] + counts[39 + rank0] - 1
            if others >= 2:
                best = max(best, value + w.ready)
            elif others == 1:
                best = max(best, w.pair)
        if rules.runs:
            run_best = 0.0
            for c1, c2, c3, c4 in t.around[code]:
                g1 = c1 >= 0 and counts[c1] > 0
                a1 = c2 >= 0 and counts[c2] > 0
                a2 = c3 >= 0 and counts[c3] > 0
                g2 = c4 >= 0 and counts[c4] > 0
                if (a1 and a2) or (a1 and g1) or (a2 and g2):
                    score = value + w.ready
                else:
                    score = w.run_adjacent * (a1 + a2) + w.run_gap * (g1 + g2)
                run_best = max(run_best, score)
            if counts[code] >= 2:
                run_best *= 0.4
            best = max(best, run_best)
        return best - junk

    def danger(self, code: int) -> float:
        """What discarding ``code`` could give the opponents, in points."""
        t = self.t
        w = self.w
        if t.wild[code]:
            return w.danger_wild
        out = 0.0
        step = self.opp_add.get(code)
        if step is not None:
            out += w.danger_fit + t.value[code] + step
        rank0 = code % 13
        suit = code // 13
        rules = self.rules
        for seat in self.opponents:
            weight = 1.0 if seat == self.next_seat else 0.6
            for other in self.known[seat]:
                if t.wild[other]:
                    continue
                if (rules.sets and other % 13 == rank0) or (rules.runs and other // 13 == suit and abs(other % 13 - rank0) <= 1 and other != code):
                    out += w.danger_known * weight
        if out and self.rules.pile_take == "whole" and self.pile_size:
            pile_points = sum(t.value[other] for other in self.pile)
            out *= 1.0 + min(1.5, pile_points / 150.0)
        return out

    def discard_score(self, code: int) -> float:
        """Higher is a better discard: little use to us, little danger to give."""
        return -(self.card_use(code) + self.danger(code))

    def take_gain(self, taken: Sequence[int]) -> float:
        """What taking ``taken`` (pile cards) adds to the hand, compared with keeping it as it is."""
        counts = list(self.counts)
        for code in taken:
            counts[code] += 1
        gain = 0.0
        for code in taken:
            gain += self.card_use(code, counts)
        seen: set[int] = set()
        for code in self.hand:
            if code in seen:
                continue
            seen.add(code)
            gain += (self.card_use(code, counts) - self.card_use(code)) * self.counts[code]
        # a bigger hand means more chances to meld, and keeps the cards from the opponents
        gain += self.w.take_per_card * len(taken) * (1.0 - self.endgame)
        return gain

    # -- melds ----------------------------------------------------------------------
    def meld_gain(self, cards: Sequence[int], target: TableMeld | None, swap: bool = False) -> float:
        """Points and prospects a meld of ``cards`` (or an addition to ``target``) brings."""
        rules = self.rules
        t = self.t
        value = float(sum(t.value[code] for code in cards))
        old_len = len(target.meld) if target is not None else 0
        new_len = old_len + len(cards)
        clean_before = target.meld.clean if target is not None else True
        wilds = [code for code in cards if t.wild[code] and not self._natural_two_in(code, target, cards)]
        clean_after = clean_before and not wilds
        if swap:
            clean_after = False
        w = self.w
        gain = value + w.per_card * len(cards)
        bl = rules.burraco_length
        completes = new_len >= bl > old_len
        if completes:
            gain += burraco_bonus(rules, clean_after)
        gain += progress_value(rules, new_len, clean_after) - progress_value(rules, old_len, clean_before)
        if clean_before and not clean_after and old_len >= bl:
            gain -= rules.clean_bonus - rules.dirty_bonus  # spoiling a clean burraco
        left = len(self.hand) - len(cards)
        if wilds and not completes:
            near = new_len >= bl - 2
            cost = w.wild_keep * (0.3 if near else 1.0) + (w.wild_three if new_len <= rules.min_meld_cards else 0.0)
            if not near and self.reserved_for(target):
                cost += w.wild_reserved
            gain -= cost * (1.0 - self.endgame) * (0.5 if left <= 1 else 1.0)
        # cards used here that also had another use in hand
        counts = self.counts
        for code in cards:
            if not t.wild[code] and counts[code] >= 2:
                gain -= 3.0
        if left == 0 and self.pot_available:
            gain += w.empty_hand
        if left == 1 and not self.pot_available:
            last = self._remaining(cards)
            if last is not None and may_close_on(rules, last):
                if completes and (rules.close_needs_burraco == "any" or clean_after):
                    closing = (not rules.close_needs_pot) or self.pot_taken
                else:
                    closing = self.can_close()
                if closing:
                    gain += w.closing
        return gain

    def reserved_for(self, target: TableMeld | None) -> bool:
        """Whether one of the side's melds (other than ``target``) is nearly a burraco and
        could take a wild: a wild is worth keeping for it."""
        bl = self.rules.burraco_length
        skip = target.id if target is not None else None
        return any(length >= bl - 2 and meld_id != skip for meld_id, length in self.own_wild_room.items())

    def _natural_two_in(self, code: int, target: TableMeld | None, cards: Sequence[int]) -> bool:
        """Whether a 2 would sit naturally in its own suit's run (approximately)."""
        rules = self.rules
        if code == JOKER or not rules.natural_two or code % 13 != 1:
            return False
        suit = code // 13
        if target is not None:
            return target.meld.kind == "run" and target.meld.suit is not None and int(target.meld.suit) == suit and (
                run_code(suit, 3) in (slot.card.code for slot in target.meld.slots)
                or run_code(suit, 1) in (slot.card.code for slot in target.meld.slots)
            )
        return any(other in (suit * 13, suit * 13 + 2) for other in cards if other != code)

    def _remaining(self, cards: Sequence[int]) -> int | None:
        counts = list(self.counts)
        for code in cards:
            counts[code] -= 1
        left = [code for code, number in enumerate(counts) if number > 0]
        return left[0] if len(left) == 1 else None

    def meld_by_id(self, meld_id: int | None) -> TableMeld | None:
        for meld in self.melds:
            if meld.id == meld_id:
                return meld
        return None


def action_codes(action: Action) -> list[int]:
    """The card codes an action uses (its groups or its cards)."""
    if action.groups:
        return [card.code for group in action.groups for card in group]
    return [card.code for card in action.cards]


def pile_taken(pos: Position, action: Action) -> list[int]:
    """The visible pile cards ``action`` (a take) would bring into the hand."""
    return taken_from_pile(pos.rules, pos.pile, action.target)
