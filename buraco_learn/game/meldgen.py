"""Proposing melds and additions from a hand.

These functions only *propose* card groups that look like melds (a window of one
suit, a group of one rank, with wild cards where they could help); every proposal
is then decided by the one meld solver (:func:`buraco_learn.meldcore.solve`,
:func:`buraco_learn.extend.check_add`), so the rules live in one place.

>>> from buraco_learn import preset, parse_cards, format_cards
>>> from buraco_learn.cards import Card
>>> hand = [card.code for card in parse_cards("5H 6H 7H 8H JK KS KD")]
>>> [format_cards(Card.from_code(c) for c in combo) for combo in candidate_melds(hand, preset("italian"))][:4]
['KS KD JK', '5H 6H 7H', '5H 6H 7H 8H', 'JK 5H 6H 7H 8H']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache
from itertools import product

from buraco_learn import meldcore as core
from buraco_learn.game.predicates import natural_two_in_run, wild_codes_in, wild_flags
from buraco_learn.melds import Meld
from buraco_learn.rules import Rules

JOKER = 52


def _natural_at(position: int, suit: int, counts: dict[int, int], rules: Rules) -> int | None:
    """The code of the natural card of ``suit`` at run ``position`` held in ``counts``."""
    rank0 = 0 if position in (1, 14) else position - 1
    code = suit * 13 + rank0
    if not counts.get(code):
        return None
    if rank0 == 1 and not natural_two_in_run(rules):
        return None
    return code


def _fits(candidate: Sequence[int], counts: dict[int, int]) -> bool:
    if len(set(candidate)) == len(candidate):
        return True  # each card once: every proposal is built from cards held
    need = Counter(candidate)
    return all(counts.get(code, 0) >= number for code, number in need.items())


def candidate_melds(codes: Sequence[int], rules: Rules, ordered: bool = True,
                    proposals_only: bool = False, held: tuple[dict[int, int], list[int]] | None = None) -> list[tuple[int, ...]]:
    """Every distinct legal new meld that ``codes`` can make.

    Each meld's codes are in the meld's order (a run low to high) and the list is
    sorted, unless ``ordered`` is false (faster, for random playouts).
    ``proposals_only``: the card groups that might be melds, not yet checked by the
    solver (unordered; the random playouts check them lazily, one at a time).
    ``held``: :func:`held_cards` of ``codes``, when the caller has it.
    """
    counts, wilds = held_cards(codes, rules) if held is None else held
    mr = rules.meld_rules
    copies_of, masks = _by_rank_and_suit(counts, rules)
    if ordered and not proposals_only:
        return _ordered_melds(_parts(counts, wilds, copies_of, masks, mr))
    proposals: set[tuple[int, ...]] = set()
    if rules.sets:
        for rank0, copy_list in copies_of.items():
            proposals.update(_set_proposals(rank0, tuple(copy_list), wilds, mr))
    if rules.runs:
        for suit, mask in enumerate(masks):
            proposals.update(_run_proposals(suit, mask, wilds, counts, mr))
    out = []
    for candidate in proposals:
        if not _fits(candidate, counts):
            continue
        if proposals_only:
            out.append(candidate)
            continue
        if _arranged(candidate, mr, rules.twos_wild) is not None:
            out.append(candidate)
    return out


def _by_rank_and_suit(counts: dict[int, int], rules: Rules) -> tuple[dict[int, list[int]], list[int]]:
    """One pass over the distinct cards held: copies per rank (by suit), run places per suit (a bit mask)."""
    natural_two_ok = natural_two_in_run(rules)
    copies_of: dict[int, list[int]] = {}
    masks = [0, 0, 0, 0]
    for code, number in counts.items():
        if code == JOKER:
            continue
        rank0, suit = code % 13, code // 13
        copies = copies_of.get(rank0)
        if copies is None:
            copies = copies_of[rank0] = [0, 0, 0, 0]
        copies[suit] = number
        if rank0 != 1 or natural_two_ok:
            masks[suit] |= (2 | 1 << 14) if rank0 == 0 else 1 << (rank0 + 1)
    return copies_of, masks


def _set_proposals(rank0: int, copies: tuple[int, ...], wilds: Sequence[int], mr: core.MeldRules) -> list[tuple[int, ...]]:
    """The sets of rank ``rank0`` to propose from ``copies`` (held per suit) and the distinct
    ``wilds`` held, in the order made (a proposal may come twice)."""
    if core.is_wild_code(rank0, mr.twos_wild):
        return []  # the 2s where they are wild: no set of wild cards
    need, max_wilds = mr.min_cards, mr.max_wilds
    held = sum(copies)
    if held + max_wilds < need or held < mr.min_naturals:
        return []
    out = []
    for choice in _set_choices(copies, mr.min_naturals, need - max_wilds):
        naturals = tuple(suit * 13 + rank0 for suit, number in enumerate(choice) for _ in range(number))
        if len(naturals) >= need:
            out.append(naturals)
        if max_wilds and len(naturals) + 1 >= need:
            for wild in wilds:
                out.append((*naturals, wild))
    return out


def _run_proposals(suit: int, mask: int, wilds: Sequence[int], counts: Mapping[int, int],
                   mr: core.MeldRules) -> list[tuple[int, ...]]:
    """The runs of ``suit`` to propose from its run places ``mask`` and the distinct ``wilds``
    held (``counts``: how many of each), in the order made (a proposal may come twice)."""
    need, max_wilds = mr.min_cards, mr.max_wilds
    if mask.bit_count() + max_wilds < need:
        return []
    longest = 14 if mr.ace_to_ace else 13
    base = suit * 13
    out = []
    for positions, missing in _run_windows(mask, max_wilds, longest, need):
        picked = tuple(base + (0 if position == 14 else position - 1) for position in positions)
        length_cards = len(positions)
        if missing == 0 and length_cards >= need:
            out.append(picked)
        for count in range(max(missing, 1), max_wilds + 1):
            if length_cards + count >= need:
                for fill in _wild_fills(wilds, counts, count):
                    out.append(picked + fill)
    return out


#: the melds of one rank (sets) or one suit (runs) of a hand: each distinct proposal, its meld
#: arranged, and the key the melds are sorted by (:func:`_legal_of`)
Part = tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]], ...]


def _parts(counts: dict[int, int], wilds: list[int], copies_of: dict[int, list[int]], masks: list[int],
           mr: core.MeldRules) -> list[Part]:
    """The melds of each rank and suit that can hold one (:func:`_by_rank_and_suit`): those of
    :func:`_rank_parts` and :func:`_suit_parts`."""
    held_wilds = tuple([(wild, counts[wild]) for wild in wilds])
    parts: list[Part] = []
    need, max_wilds = mr.min_cards, mr.max_wilds
    if mr.sets:
        least = max(mr.min_naturals, need - max_wilds)  # fewer naturals of a rank make no set (_set_proposals)
        for rank0, copy_list in copies_of.items():
            if copy_list[0] + copy_list[1] + copy_list[2] + copy_list[3] >= least:
                parts += _rank_parts(rank0, tuple(copy_list), held_wilds, mr)
    if mr.runs:
        for suit, mask in enumerate(masks):
            if mask.bit_count() + max_wilds >= need:  # else no run (_run_proposals)
                parts += _suit_parts(suit, mask, counts.get(suit * 13, 0), held_wilds, mr)
    return parts


_PartTable = dict[int, tuple[tuple[int, ...], ...]]
_PART_TABLES: dict[tuple[core.MeldRules, tuple[tuple[int, int], ...]], tuple[_PartTable, _PartTable]] = {}


def _part_tables(mr: core.MeldRules, held_wilds: tuple[tuple[int, int], ...]) -> tuple[_PartTable, _PartTable]:
    """The melds of a rank (:func:`_rank_melds`) and of a suit (:func:`_suit_melds`) known under ``mr``
    with ``held_wilds``, by one number each (:mod:`~buraco_learn.game.handsummary` packs it; bounded:
    each starts again when full)."""
    tables = _PART_TABLES.get((mr, held_wilds))
    if tables is None:
        if len(_PART_TABLES) >= 4096:
            _PART_TABLES.clear()
        tables = _PART_TABLES[mr, held_wilds] = ({}, {})
    if len(tables[0]) + len(tables[1]) >= 20000:
        tables[0].clear()
        tables[1].clear()
    return tables


def _alone(held_wilds: tuple[tuple[int, int], ...]) -> list[tuple[tuple[int, int], ...]]:
    return [((wild, 1),) for wild, _number in held_wilds] or [()]


def _rank_parts(rank0: int, copies: tuple[int, ...], held_wilds: tuple[tuple[int, int], ...], mr: core.MeldRules) -> list[Part]:
    """The sets of ``rank0`` (held per suit: ``copies``) with the wilds held (code, how many).

    They are worked out once per combination of the cards that can be in them, the wilds
    held and the rules (hands differ, but their ranks and suits repeat). A set holds one wild at
    most (:func:`_set_proposals`): its sets with the wilds held are those with each wild alone,
    together, and those are worked out once per wild (fewer combinations).
    """
    return [_set_melds(rank0, copies, one, mr) for one in _alone(held_wilds)]


def _suit_parts(suit: int, whole: int, aces: int, held_wilds: tuple[tuple[int, int], ...], mr: core.MeldRules) -> list[Part]:
    """The runs of ``suit`` (its run places held: ``whole``; ``aces``: how many of its ace) with the
    wilds held: those of each of its stretches (:func:`_stretches`). A run holds one wild at most
    where the rules allow one (``max_wilds`` 1): then, as for sets (:func:`_rank_parts`), they are
    worked out once per wild; only the 2 of the run's suit may be in it twice, natural and wild,
    and it keeps its count."""
    max_wilds, need = mr.max_wilds, mr.min_cards
    parts = []
    for mask in _stretches(whole, max_wilds):
        if mask.bit_count() + max_wilds < need:
            continue
        stretch_aces = aces if mask & _ACE_PLACES else 0
        if max_wilds != 1:
            parts.append(_run_melds(suit, mask, stretch_aces, held_wilds, mr))
            continue
        two = suit * 13 + 1
        for one in _alone(held_wilds):
            if one and one[0][0] == two:
                one = tuple([pair for pair in held_wilds if pair[0] == two])
            parts.append(_run_melds(suit, mask, stretch_aces, one, mr))
    return parts


def _rank_melds(rank0: int, copies: tuple[int, ...], held_wilds: tuple[tuple[int, int], ...], mr: core.MeldRules) -> tuple[tuple[int, ...], ...]:
    """The sets of :func:`_rank_parts`, arranged (looked up by :mod:`~buraco_learn.game.handsummary`, one a rank)."""
    return tuple([arranged for part in _rank_parts(rank0, copies, held_wilds, mr) for _candidate, arranged, _key in part])


def _suit_melds(suit: int, whole: int, aces: int, held_wilds: tuple[tuple[int, int], ...], mr: core.MeldRules) -> tuple[tuple[int, ...], ...]:
    """The runs of :func:`_suit_parts`, arranged (looked up by :mod:`~buraco_learn.game.handsummary`, one a suit)."""
    return tuple([arranged for part in _suit_parts(suit, whole, aces, held_wilds, mr) for _candidate, arranged, _key in part])


_ACE_PLACES = 2 | 1 << 14


@lru_cache(maxsize=4096)
def _stretches(mask: int, max_wilds: int) -> tuple[int, ...]:
    """The run places ``mask`` split where more than ``max_wilds`` places in a row are missing: no
    window of :func:`_run_windows` spans such a gap, so the runs of a suit are those of each
    stretch, together (fewer combinations of cards to work out)."""
    out = []
    current = 0
    missing = 0
    for place in range(1, 15):
        if mask >> place & 1:
            if current and missing > max_wilds:
                out.append(current)
                current = 0
            current |= 1 << place
            missing = 0
        else:
            missing += 1
    if current:
        out.append(current)
    return tuple(out)


def _ordered_melds(parts: list[Part]) -> list[tuple[int, ...]]:
    """:func:`candidate_melds` in order: every meld arranged, sorted."""
    # each proposal once, as one set of them would hold it (different proposals may make the same meld)
    seen: set[tuple[int, ...]] = set()
    keyed = []
    for part in parts:
        for candidate, arranged, key in part:
            if candidate not in seen:
                seen.add(candidate)
                keyed.append((key, arranged))
    keyed.sort()  # by the cards, then the meld's order (equal keys: the same meld, from two proposals)
    return [arranged for _key, arranged in keyed]


@lru_cache(maxsize=65536)
def _set_melds(rank0: int, copies: tuple[int, ...], held_wilds: tuple[tuple[int, int], ...], mr: core.MeldRules) -> Part:
    """The legal sets of ``rank0`` (held per suit: ``copies``) with the wilds held (code, how
    many): each distinct proposal with its meld arranged. Only these cards can be in them."""
    counts = Counter({suit * 13 + rank0: number for suit, number in enumerate(copies) if number})
    counts.update(dict(held_wilds))  # no code twice: a rank of wilds has no set
    return _legal_of(_set_proposals(rank0, copies, [wild for wild, _ in held_wilds], mr), counts, mr)


@lru_cache(maxsize=65536)
def _run_melds(suit: int, mask: int, aces: int, held_wilds: tuple[tuple[int, int], ...], mr: core.MeldRules) -> Part:
    """The legal runs of ``suit`` (its run places held: ``mask``; ``aces``: how many of its ace)
    with the wilds held: each distinct proposal with its meld arranged. Only these cards can be
    in them, and only an ace (low and high, ace to ace) or a wild twice (a natural 2 may be a
    wild too): the other natural cards of a run are in different places."""
    base = suit * 13
    counts = Counter({base + place - 1: 1 for place in range(2, 14) if mask >> place & 1})
    if aces:
        counts[base] = aces
    for wild, number in held_wilds:
        counts[wild] = number
    return _legal_of(_run_proposals(suit, mask, [wild for wild, _ in held_wilds], counts, mr), counts, mr)


def _legal_of(proposals: list[tuple[int, ...]], counts: dict[int, int], mr: core.MeldRules) -> Part:
    """Each distinct proposal that ``counts`` hold and the solver accepts, with its meld arranged
    and the key the melds are sorted by (the cards, then the meld's order)."""
    out = []
    for candidate in dict.fromkeys(proposals):
        if _fits(candidate, counts):
            arranged = _arranged(candidate, mr, mr.twos_wild)
            if arranged is not None:
                out.append((candidate, arranged, (tuple(sorted(arranged)), arranged)))
    return tuple(out)


@lru_cache(maxsize=65536)
def _arranged(candidate: tuple[int, ...], mr: core.MeldRules, twos_wild: bool) -> tuple[int, ...] | None:
    """``candidate``'s codes in the meld's order, or None when they make no meld (the same
    proposals recur from hand to hand: each is solved once)."""
    solution = core.solve(candidate, mr)
    if solution[0] == core.ILLEGAL:
        return None
    return tuple(core.ordered_codes(solution, candidate, twos_wild))


@lru_cache(maxsize=65536)
def _run_windows(mask: int, max_wilds: int, longest: int, need: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Windows of run positions in ``mask`` that start and end on a natural card with
    at most ``max_wilds`` places missing: (natural positions, places missing).

    A wild beyond either end is proposed as an extra wild of the shorter window.
    """
    out = []
    for low in range(1, 15):
        if not mask >> low & 1:
            continue
        picked: list[int] = []
        missing = 0
        for high in range(low, min(14, low + longest - 1) + 1):
            if not mask >> high & 1:
                missing += 1
                if missing > max_wilds:
                    break
                continue
            picked.append(high)
            if len(picked) + max_wilds < need:
                continue
            out.append((tuple(picked), missing))
    return tuple(out)


@lru_cache(maxsize=4096)
def _set_choices(copies: tuple[int, ...], min_naturals: int, min_total: int) -> tuple[tuple[int, ...], ...]:
    """How many copies of each suit to put in a set: every choice with enough naturals."""
    out = []
    for choice in product(*(range(number + 1) for number in copies)):
        total = sum(choice)
        if total >= min_naturals and total >= min_total:
            out.append(choice)
    return tuple(out)


def _wild_fills(wilds: Sequence[int], counts: Mapping[int, int], count: int) -> list[tuple[int, ...]]:
    if count == 1:
        return [(wild,) for wild in wilds]
    pool = [wild for wild in wilds for _ in range(min(counts[wild], count))]
    seen = set()
    out = []
    from itertools import combinations

    for combo in combinations(pool, count):
        if combo not in seen:
            seen.add(combo)
            out.append(combo)
    return out


def held_cards(codes: Sequence[int], rules: Rules) -> tuple[dict[int, int], list[int]]:
    """How many of each code ``codes`` hold, and their wild codes (sorted, each once): what
    :func:`extension_candidates` asks of a hand, to work out once for all the melds."""
    counts: dict[int, int] = {}
    for code in codes:
        counts[code] = counts.get(code, 0) + 1
    return counts, wild_codes_in(rules, counts)


def run_holes(meld: Meld, room: int, wilds_held: bool, rules: Rules) -> tuple[int, int]:
    """How many places of a run's addition a wild may stand in, where the natural card is not
    laid: the hand's wilds, where the meld has ``room`` for them, and the wilds at its ends, which
    move as the run grows where ``wild_placement`` is 'free' (000, 004: an end wild may leave its
    end to stand further out)."""
    movable = int(meld.slots[0].wild) + int(meld.slots[-1].wild) if rules.wild_placement == "free" else 0
    return (room if wilds_held and room > 0 else 0), movable


def extension_candidates(meld: Meld, codes: Sequence[int], rules: Rules,
                         held: tuple[dict[int, int], list[int]] | None = None) -> list[tuple[int, ...]]:
    """Card groups from ``codes`` that might be added to ``meld`` (not yet checked).

    Runs: contiguous stretches at either end, a wild standing in any of their places
    (of the hand's where the meld may take one, or an end wild that moves: 000, 004),
    even where the natural card is held and kept; and a wild alone. Sets: each card of
    the rank, all of them, and a wild. ``held``: :func:`held_cards` of ``codes``, when
    the caller has it. An addition at both ends of a run at once, or of part of a set's
    cards, is not proposed: two additions in turn lay the same cards.
    """
    counts, wilds = held_cards(codes, rules) if held is None else held
    room = rules.max_wilds - len(meld.wild_slots)
    if (room <= 0 or not wilds) and meld.extension_codes.isdisjoint(counts):
        return []  # without a wild to place, every proposal holds a card next to the meld
    out: set[tuple[int, ...]] = set()
    if room > 0:
        for wild in wilds:
            out.add((wild,))
    if meld.kind == "set":
        rank = meld.rank
        assert rank is not None
        flags = wild_flags(rules)
        same = [code for code in counts if not flags[code] and code % 13 == int(rank) - 1]
        for code in same:
            out.add((code,))
        if len(same) > 1 or any(counts[code] > 1 for code in same):
            out.add(tuple(sorted(code for code in same for _ in range(counts[code]))))
        return sorted(out)
    suit = meld.suit
    assert suit is not None
    positions = [slot.position or 0 for slot in meld.slots]
    low, high = min(positions), max(positions)
    new_wilds, movable = run_holes(meld, room, bool(wilds), rules)
    most_holes = new_wilds + movable
    for direction, start in ((-1, low - 1), (1, high + 1)):
        # every stretch going away from the meld: in each place its natural card held, or a wild
        # (one of the hand's, where the meld has room, or an end wild that moves), even where the
        # natural card is held (it may be kept): the naturals of a stretch and its holes
        stretches: list[tuple[tuple[int, ...], int]] = [((), 0)]
        position = start
        while 1 <= position <= 14 and stretches:
            natural = _natural_at(position, suit, counts, rules)
            grown = []
            for naturals, holes in stretches:
                if natural is not None:
                    grown.append(((*naturals, natural), holes))
                if holes < most_holes:
                    grown.append((naturals, holes + 1))
            for naturals, holes in grown:
                # the holes the hand's wilds fill: those the moving end wilds do not
                for count in range(max(0, holes - movable), min(holes, new_wilds) + 1):
                    for fill in _wild_fills(wilds, counts, count) if count else [()]:
                        if naturals or fill:
                            out.add(tuple(sorted(naturals + fill)))
            stretches = grown
            position += direction
    # a natural card in the place a wild holds is a swap, proposed separately
    return sorted(candidate for candidate in out if _fits(candidate, counts))


def swap_candidates(meld: Meld, codes: Collection[int]) -> list[int]:
    """Codes in ``codes`` that are exactly what one of ``meld``'s wilds stands for."""
    if meld.swap_codes.isdisjoint(codes):
        return []
    held = set(codes)
    out = []
    for slot in meld.wild_slots:
        stands = slot.stands_for
        if stands is not None and stands.code in held:
            out.append(stands.code)
    return sorted(set(out))
