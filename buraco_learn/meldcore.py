"""The meld solver on the internal representation: card codes and compiled rules.

This is the one place that decides whether cards form a meld. The public layer
(:mod:`buraco_learn.melds`) wraps it with cards, verdicts and explanations; the game
and the bots call it directly on codes (``suit * 13 + rank - 1``, joker 52).

A run is a set of *positions* 1..14 in one suit (1 and 14 are both the ace: low and
high). Natural cards occupy the positions of their rank; wild cards fill the rest of
one interval of positions. The solver's result (:data:`Solution`) is one of three
tuples, told apart by their first item: a set (:data:`SetSolution`,
``(SET, clean, rank, naturals, wilds)``), a run (:data:`RunSolution`,
``(RUN, clean, suit, low, high, natural_mask, natural_two)``) or a failure
(:data:`Illegal`, ``(ILLEGAL, problem_bits)``). Plain tuples, not named ones: the
solver is the engine's innermost call, and a tuple costs a fraction of a named
tuple to build; the types say the shape of each, and ``solution[0] == SET``
narrows a :data:`Solution` to its kind for mypy.

>>> from buraco_learn import preset
>>> mr = compile_rules(preset("italian"))
>>> solve((0 * 13 + 4, 0 * 13 + 5, 0 * 13 + 6), mr)[:5]  # 5♠ 6♠ 7♠
(2, True, 0, 5, 7)
>>> solve((52, 18, 19), mr)[:5]  # JK 6♥ 7♥: the joker is the 5♥, at the low end
(2, False, 1, 5, 7)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, Literal, NamedTuple, TypeAlias

if TYPE_CHECKING:
    from buraco_learn.rules import Rules

ILLEGAL: Final = 0
SET: Final = 1
RUN: Final = 2

#: an illegal meld: ``(ILLEGAL, problem_bits)`` (the ``P_*`` bits below)
Illegal: TypeAlias = tuple[Literal[0], int]
#: a legal set: ``(SET, clean, rank, naturals, wilds)``, ``rank`` 1..13 and the two counts
SetSolution: TypeAlias = tuple[Literal[1], bool, int, int, int]
#: a legal run: ``(RUN, clean, suit, low, high, natural_mask, natural_two)``; ``low`` and
#: ``high`` are positions 1..14, bit ``p`` of ``natural_mask`` is set where a natural card
#: lies, ``natural_two`` is 1 when a 2 of the suit sits in its own place as a natural card
RunSolution: TypeAlias = tuple[Literal[2], bool, int, int, int, int, int]
#: a legal meld, set or run
LegalSolution: TypeAlias = SetSolution | RunSolution
#: what :func:`solve` and :func:`solve_vector` return
Solution: TypeAlias = Illegal | LegalSolution

# problem bits ------------------------------------------------------------------
P_TOO_FEW_CARDS: Final = 1 << 0
P_NOT_IN_DECK: Final = 1 << 1
P_TOO_MANY_COPIES: Final = 1 << 2
P_TOO_MANY_WILDS: Final = 1 << 3
P_ALL_WILD: Final = 1 << 4
P_TOO_FEW_NATURALS: Final = 1 << 5
P_SETS_NOT_ALLOWED: Final = 1 << 6
P_RUNS_NOT_ALLOWED: Final = 1 << 7
P_NOT_SET_OR_RUN: Final = 1 << 8
P_SET_TOO_BIG: Final = 1 << 9
P_IDENTICAL_IN_SET: Final = 1 << 10
P_MIXED_SUITS: Final = 1 << 11
P_DUPLICATE_IN_RUN: Final = 1 << 12
P_TWO_ACES: Final = 1 << 13
P_WRAP_AROUND: Final = 1 << 14
P_GAP: Final = 1 << 15
P_RUN_TOO_LONG: Final = 1 << 16
P_MIXED_RANKS: Final = 1 << 17
P_EMPTY: Final = 1 << 18
P_WILD_FIXED: Final = 1 << 19
P_NOT_A_WILD: Final = 1 << 20
P_WRONG_SWAP_CARD: Final = 1 << 21
P_SWAP_NOT_ALLOWED: Final = 1 << 22
P_SWAP_IN_SET: Final = 1 << 23
P_WRONG_RANK: Final = 1 << 24
P_WRONG_SUIT: Final = 1 << 25

JOKER: Final = 52
_NATURAL_RANK: Final = tuple([code % 13 + 1 for code in range(52)] + [0])
_POPCOUNT: Final = tuple(map(int.bit_count, range(1 << 15)))  # map: 9x faster at import than a generator
_LOWEST: Final = tuple(((mask & -mask).bit_length() - 1) if mask else -1 for mask in range(1 << 15))
_HIGHEST: Final = tuple(mask.bit_length() - 1 for mask in range(1 << 15))
FULL_RUN: Final = 0b111111111111110  # positions 1..14


class MeldRules(NamedTuple):
    """The meld options of a ruleset, compiled for the solver."""

    min_cards: int
    max_wilds: int
    twos_wild: bool
    natural_two: bool
    min_naturals: int
    sets: bool
    runs: bool
    max_set_cards: int
    distinct_suit_sets: bool
    ace_to_ace: bool
    jokers: bool
    low_end: bool
    burraco_length: int


def compile_rules(rules: Rules) -> MeldRules:
    """Compile the meld options of ``rules`` (cached on the rules object by callers)."""
    return MeldRules(
        rules.min_meld_cards, rules.max_wilds, rules.twos_wild, rules.natural_two,
        rules.min_naturals, rules.sets, rules.runs, rules.max_set_cards,
        rules.distinct_suit_sets, rules.ace_to_ace, rules.jokers,
        rules.wild_placement == "low-end", rules.burraco_length,
    )


def deck_problems(codes: Sequence[int], jokers: bool) -> int:
    """Bits for cards this deck does not hold (a joker without jokers, a third 5♥)."""
    n = len(codes)
    problems = 0
    distinct = set(codes)
    if JOKER in distinct:
        if not jokers:
            problems |= P_NOT_IN_DECK
        elif codes.count(JOKER) > 4:
            problems |= P_TOO_MANY_COPIES
    if n - len(distinct) >= 2:
        for code in distinct:
            if code != JOKER and codes.count(code) > 2:
                problems |= P_TOO_MANY_COPIES
                break
    return problems


_M13: Final = 0x1FFF
TWO_BITS: Final = (1 << 1) | (1 << 14) | (1 << 27) | (1 << 40)
NOT_TWO_BITS: Final = ((1 << 52) - 1) & ~TWO_BITS


def to_vector(codes: Sequence[int]) -> tuple[int, int, int, int]:
    """The multiset of ``codes`` as ``(once, twice, over, jokers)``.

    ``once``/``twice``/``over`` have bit ``code`` set for cards seen at least one,
    two, three times; ``jokers`` counts jokers. This is the engine's internal
    representation of a group of cards: order-free and cheap to test.
    """
    once = twice = over = 0
    jokers = 0
    for code in codes:
        if code == 52:
            jokers += 1
            continue
        bit = 1 << code
        if once & bit:
            if twice & bit:
                over |= bit
            twice |= bit
        else:
            once |= bit
    return once, twice, over, jokers


def solve(codes: Sequence[int], mr: MeldRules) -> Solution:
    """Solve one new meld given as card codes (any order)."""
    once, twice, over, jokers = to_vector(codes)
    return solve_vector(once, twice, jokers, mr, over, len(codes))


def solve_vector(once: int, twice: int, jokers: int, mr: MeldRules, over: int = 0, n: int = -1) -> Solution:
    """Solve one new meld given as a card multiset (see :func:`to_vector`).

    No loop over the cards: every test is a few operations on 52-bit masks.
    The result is a :data:`Solution` (see the module docstring).
    """
    (min_cards, max_wilds, twos_wild, natural_two, min_naturals, sets, runs,
     max_set_cards, distinct_suit_sets, ace_to_ace, deck_jokers, _low_end, _length) = mr
    if twos_wild:
        nat1 = once & NOT_TWO_BITS
        nat2 = twice & NOT_TWO_BITS
        two1 = once & TWO_BITS
        two2 = twice & TWO_BITS
        twos = two1.bit_count() + two2.bit_count()
    else:
        nat1, nat2, two1, two2, twos = once, twice, 0, 0, 0
    naturals = nat1.bit_count() + nat2.bit_count()
    if n < 0:
        n = naturals + twos + jokers
    if n == 0:
        return (ILLEGAL, P_EMPTY)
    problems = P_TOO_MANY_COPIES if over else 0
    if n < min_cards:
        problems |= P_TOO_FEW_CARDS
    if jokers:
        if not deck_jokers:
            problems |= P_NOT_IN_DECK
        elif jokers > 4:
            problems |= P_TOO_MANY_COPIES
    wilds_all = jokers + twos
    s0 = nat1 & _M13
    s1 = (nat1 >> 13) & _M13
    s2 = (nat1 >> 26) & _M13
    s3 = nat1 >> 39
    union = s0 | s1 | s2 | s3
    set_problems = 0

    # -- a set: every natural of one rank ---------------------------------------
    if union and not union & (union - 1):
        set_problems = problems
        if not sets:
            set_problems |= P_SETS_NOT_ALLOWED
        if wilds_all > max_wilds:
            set_problems |= P_TOO_MANY_WILDS
        if naturals < min_naturals:
            set_problems |= P_TOO_FEW_NATURALS
        if max_set_cards and n > max_set_cards:
            set_problems |= P_SET_TOO_BIG
        if distinct_suit_sets and nat2:
            set_problems |= P_IDENTICAL_IN_SET
        if not set_problems:
            return (SET, wilds_all == 0, union.bit_length(), naturals, wilds_all)
        if naturals >= 2 or not runs:
            return (ILLEGAL, set_problems)
        # a single natural card: it may have been meant as a run; try that too

    if naturals == 0:
        # only wild cards: at most one 2 could sit naturally, never enough
        return (ILLEGAL, problems | P_ALL_WILD)
    if s0:
        suit, field = 0, s0
        if s1 or s2 or s3:
            return (ILLEGAL, problems | P_NOT_SET_OR_RUN)
    elif s1:
        suit, field = 1, s1
        if s2 or s3:
            return (ILLEGAL, problems | P_NOT_SET_OR_RUN)
    elif s2:
        suit, field = 2, s2
        if s3:
            return (ILLEGAL, problems | P_NOT_SET_OR_RUN)
    else:
        suit, field = 3, s3

    # -- a run in one suit ------------------------------------------------------
    shift = suit * 13
    doubles = (nat2 >> shift) & _M13
    aces = (field & 1) + (doubles & 1)
    positions = (field & ~1) << 1
    on_suit_twos = ((two1 >> (shift + 1)) & 1) + ((two2 >> (shift + 1)) & 1) if natural_two else 0
    # a run's own problem bits; a run that fits is returned at once
    if doubles & ~1:
        bits = P_DUPLICATE_IN_RUN
    elif aces == 2 and not ace_to_ace:
        bits = P_TWO_ACES | _wrap(positions, aces, on_suit_twos, wilds_all, max_wilds)
    elif aces or on_suit_twos:
        reading = _place_readings(positions, aces, on_suit_twos, wilds_all, suit, mr)
        kind = reading[0]  # a name, not ``reading[0] == RUN``: narrowed, mypyc would unpack the run and build it again
        if kind == RUN:
            return _refused_run(problems, runs) if problems or not runs else reading
        bits = reading[1]
    elif wilds_all > max_wilds:
        bits = P_TOO_MANY_WILDS
    else:
        # the common case, inlined: one reading, free wilds below the lowest card
        count = positions.bit_count()
        size = count + wilds_all
        high = positions.bit_length() - 1
        low = high - size + 1
        if low > _LOWEST[positions]:
            bits = _wrap(positions, 0, 0, wilds_all, max_wilds) or P_GAP
        elif size > 13:
            bits = P_RUN_TOO_LONG
        elif count < min_naturals:
            bits = P_TOO_FEW_NATURALS
        else:
            if problems or not runs:
                return _refused_run(problems, runs)
            if low < 1:
                low = 1
            return (RUN, wilds_all == 0, suit, low, low + size - 1, positions, 0)
    bits |= problems
    if set_problems and bits & P_TOO_MANY_WILDS:
        bits |= set_problems & P_TOO_FEW_NATURALS
    if not runs:
        bits |= P_RUNS_NOT_ALLOWED
    return (ILLEGAL, bits)


def _refused_run(problems: int, runs: bool) -> Illegal:
    """A run that fits its cards, refused for the group's other problems or because runs are not allowed."""
    return (ILLEGAL, problems | (0 if runs else P_RUNS_NOT_ALLOWED))


def _place_readings(mask: int, aces: int, on_suit_twos: int, wild_capable: int, suit: int, mr: MeldRules) -> Illegal | RunSolution:
    """Try each reading of a run (a 2 natural or wild, an ace low or high), best first."""
    max_wilds = mr[1]
    if not on_suit_twos and aces == 0:
        # the common case: one reading only
        if wild_capable > max_wilds:
            return (ILLEGAL, P_TOO_MANY_WILDS)
        placed = place_run(mask, wild_capable, 0, mr)
        if placed < 0:
            if -placed == P_GAP and _wrap(mask, 0, 0, wild_capable, max_wilds):
                return (ILLEGAL, P_WRAP_AROUND)
            return (ILLEGAL, -placed)
        if _POPCOUNT[mask] < mr[4]:
            return (ILLEGAL, P_TOO_FEW_NATURALS)
        return (RUN, wild_capable == 0, suit, placed >> 4, placed & 15, mask, 0)
    unfit = 0  # problems of readings that had few enough wilds
    too_many = False
    # preference: clean (a natural 2), then the ace low, then high
    for use_two in ((1, 0) if on_suit_twos else (0,)):
        base = mask | (4 if use_two else 0)
        wilds = wild_capable - use_two
        if wilds > max_wilds:
            too_many = True
            continue
        for ace_bits in _ACE_CHOICES[aces]:
            positions = base | ace_bits
            placed = place_run(positions, wilds, 0, mr)
            if placed < 0:
                unfit |= -placed
                continue
            if _POPCOUNT[positions] < mr[4]:
                unfit |= P_TOO_FEW_NATURALS
                continue
            return (RUN, wilds == 0, suit, placed >> 4, placed & 15, positions, use_two)
    failed = unfit if unfit else (P_TOO_MANY_WILDS if too_many else P_GAP)
    if aces == 2:
        failed |= P_TWO_ACES
    if failed & P_GAP and _wrap(mask, aces, on_suit_twos, wild_capable, max_wilds):
        failed = failed & ~P_GAP | P_WRAP_AROUND
    return (ILLEGAL, failed)


_ACE_CHOICES: Final = ((0,), (2, 1 << 14), (2 | 1 << 14,))


def place_run(naturals: int, wilds: int, fixed: int, mr: MeldRules) -> int:
    """Where a run with natural positions ``naturals`` and ``wilds`` wild cards lies.

    ``fixed`` holds positions that wild cards already stand for and may not leave
    (a wild pinned by the low-end rule). Free wilds fill the gaps first and then go
    below the lowest card (the low end), or above it when the run starts at the ace.
    Returns ``low << 4 | high``, or a negated problem bit.
    """
    if not naturals:
        return -P_ALL_WILD
    count = _POPCOUNT[naturals]
    size = count + wilds
    if size > 14 or (size == 14 and not mr.ace_to_ace):
        return -P_RUN_TOO_LONG
    occupied = naturals | fixed
    low = _LOWEST[occupied]
    high = _HIGHEST[occupied]
    if high - low + 1 > size:
        return -(P_WILD_FIXED if fixed and _HIGHEST[naturals] - _LOWEST[naturals] + 1 <= size else P_GAP)
    new_low = high - size + 1
    if new_low < 1:
        new_low = 1
    new_high = new_low + size - 1
    if new_high > 14:
        return -P_RUN_TOO_LONG
    return new_low << 4 | new_high


def _wrap(mask: int, aces: int, on_suit_twos: int, wild_capable: int, max_wilds: int) -> int:
    """``P_WRAP_AROUND`` when the cards would fit only by turning the K-A-2 corner.

    Ranks go round a ring of 13 (A=0, 2=1, ... K=12); the ring is turned so that
    K, A and 2 sit in the middle (at 5, 6, 7), where a window through the corner
    is an ordinary interval.
    """
    spare = min(wild_capable - (1 if on_suit_twos else 0), max_wilds)
    if not aces and not on_suit_twos and spare < 2:
        return 0  # the corner needs the ace and the 2, and one wild cannot be both
    ring = (mask >> 1) & 0x1FFC
    if aces:
        ring |= 1
    if on_suit_twos:
        ring |= 2
    if not ring & 0x1800:
        return 0  # neither a K nor a Q: nothing reaches the corner from above
    turned = ((ring << 6) | (ring >> 7)) & 0x1FFF
    low = min(_LOWEST[turned], 5)
    high = max(turned.bit_length() - 1, 7)
    count = turned.bit_count()
    if high - low + 1 <= count + max(spare, 0) and high - low + 1 < 13:
        return P_WRAP_AROUND
    return 0


def is_wild_code(code: int, twos_wild: bool) -> bool:
    """The one definition of a wild card: a joker, or a 2 where the 2s are wild (option
    ``twos_wild``, every document). :meth:`Rules.is_wild` and
    :func:`buraco_learn.game.predicates.is_wild` ask this.

    >>> is_wild_code(52, False), is_wild_code(14, True), is_wild_code(14, False)
    (True, True, False)
    """
    return code == JOKER or (twos_wild and code % 13 == 1)


#: :func:`is_wild_code` of each code (0-52), by whether the 2s are wild (:attr:`Rules.wild_flags` reads it)
WILD_FLAGS = {twos_wild: tuple(is_wild_code(code, twos_wild) for code in range(53)) for twos_wild in (False, True)}


def wild_codes(codes: Sequence[int], suit: int, use_two: int, twos_wild: bool) -> list[int]:
    """The codes acting as wilds in a run solution, sorted; one natural 2 excluded."""
    wild = []
    natural_two_left = use_two
    flags = WILD_FLAGS[twos_wild]
    for code in sorted(codes):
        if flags[code]:
            if code != JOKER and natural_two_left and code // 13 == suit:
                natural_two_left = 0
                continue
            wild.append(code)
    return wild


def ordered_codes(solution: LegalSolution, codes: Sequence[int], twos_wild: bool) -> list[int]:
    """The codes of a legal solution in the meld's order.

    A set: naturals by suit, then the wild. A run: low to high, every natural in
    its place and the wild cards, sorted, in the places left.
    """
    if solution[0] == SET:
        flags = WILD_FLAGS[twos_wild]
        ordered = sorted(codes)
        return [code for code in ordered if not flags[code]] + [code for code in ordered if flags[code]]
    _, _, suit, low, high, naturals, use_two = solution
    wilds = wild_codes(codes, suit, use_two, twos_wild)
    out = []
    spare = 0
    for position in range(low, high + 1):
        if naturals >> position & 1:
            out.append(suit * 13 + (0 if position == 14 else position - 1))
        else:
            out.append(wilds[spare])
            spare += 1
    return out

