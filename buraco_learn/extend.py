"""Adding cards to a meld on the table, and swapping a wild for the card it stands for.

Both answer with a :class:`~buraco_learn.melds.Verdict` whose meld is the result.
An addition never moves a natural card, nor a wild that is pinned (under the
low-end rule of 002 every wild; otherwise a wild inside the run); putting the
exact card a wild stands for in its place is a swap, and the wild moves to the
lower end.

>>> from buraco_learn.melds import Meld
>>> check_add(Meld.parse("JK=5D 6D 7D"), "8D").meld
Meld.parse('JK=5D 6D 7D 8D')
>>> check_swap(Meld.parse("JK=5D 6D 7D"), "5D").meld
Meld.parse('JK=4D 5D 6D 7D')
"""

from __future__ import annotations

from buraco_learn import meldcore as core
from buraco_learn.cards import Card, Rank, Suit
from buraco_learn.errors import InvalidNotationError
from buraco_learn.lazy import PerRules
from buraco_learn.melds import CardsLike, Meld, Verdict, _cards, _run_meld, build_meld, resolve_rules
from buraco_learn.rules import Rules


def check_add(meld: Meld, cards: CardsLike | Card, rules: Rules | str | None = None) -> Verdict:
    """Can ``cards`` be added to ``meld`` (on the table)? The verdict's meld is the result.

    An addition never moves a natural card, nor a wild that is pinned: under the
    low-end rule (002) every wild; otherwise a wild inside the run. To put the exact
    card a wild stands for in its place, use :func:`check_swap`.

    >>> m = Meld.parse("JK=5D 6D 7D")
    >>> check_add(m, "9D").problems  # the joker is the 5♦ and cannot become the 8♦
    (<Problem.WILD_FIXED: 'wild-fixed'>,)
    >>> check_add(m, "9D", "bukharo").legal  # 000: an end wild is not pinned
    True
    """
    return _extend(meld, _cards(cards), resolve_rules(rules), swap=None)


def check_swap(meld: Meld, card: CardsLike | Card, rules: Rules | str | None = None) -> Verdict:
    """Can ``card`` replace the wild it stands for in ``meld`` (002 'Melds')?

    The wild stays in the meld and moves to the lower end (or above, when the run
    starts at the ace).
    """
    rules = resolve_rules(rules)
    given = _cards(card)
    bits = 0
    context: dict[str, object] = {}
    target = None
    if len(given) != 1:
        raise InvalidNotationError(f"a swap puts exactly one card in place of a wild, not {len(given)}: {given!r}")
    put = given[0]
    wilds = meld.wild_slots
    if not rules.wild_swap:
        bits |= core.P_SWAP_NOT_ALLOWED
    elif meld.kind == "set":
        bits |= core.P_SWAP_IN_SET if wilds else core.P_NOT_A_WILD
    elif not wilds:
        bits |= core.P_NOT_A_WILD
    else:
        for slot in wilds:
            if (slot.stands_for == put and not rules.is_wild(put)) or (slot.stands_for == put and put.is_two and rules.natural_two):
                target = slot
                break
        if target is None:
            bits |= core.P_WRONG_SWAP_CARD
            context = {"wild": wilds[0].card, "stands_for": wilds[0].stands_for, "given": put}
    if bits:
        return Verdict(given, rules, (core.ILLEGAL, bits), "swap", context=context, base=meld)
    assert target is not None
    return _extend(meld, given, rules, swap=target.position)


_CARD = tuple(Card.from_code(code) for code in range(53))
#: what :func:`added_meld` and :func:`may_add` answered, per ruleset: the meld made, True where the
#: addition is accepted and its meld not made yet (:func:`may_add` needs only the answer), None
#: where it is refused
_Added = dict[tuple[int, tuple[int, ...] | int], "Meld | bool | None"]
_ADDED: PerRules[_Added] = PerRules(dict)
_UNKNOWN = False  # never stored: an answer is a meld, True or None


def _store(rules: Rules) -> _Added:
    known = _ADDED.get(rules)
    if len(known) >= 200000:  # bounded: the store starts again when full
        known.clear()
    return known


def _cards_of(codes: tuple[int, ...] | int) -> tuple[Card, ...]:
    return (_CARD[codes],) if isinstance(codes, int) else tuple([_CARD[code] for code in codes])


def added_meld(meld: Meld, codes: tuple[int, ...] | int, rules: Rules) -> Meld | None:
    """The meld that :func:`check_add` of the cards ``codes`` (a tuple of codes) or :func:`check_swap`
    of the card ``codes`` (one code) makes of ``meld`` under ``rules``, or None where it refuses.

    Remembered by the meld's content (:attr:`Meld.content_id`) and the codes: a meld lies on the
    table for many turns and equal melds recur, so each is worked out once (bounded: the store
    starts again when full). The legal-action generator and the turn rules both ask it.

    >>> from buraco_learn import preset
    >>> rules = preset("italian")
    >>> run = Meld.parse("JK=5D 6D 7D")
    >>> added_meld(run, (Card.parse("8D").code,), rules)
    Meld.parse('JK=5D 6D 7D 8D')
    >>> added_meld(run, (Card.parse("9D").code,), rules) is None  # the joker is the 5D, not the 8D (002)
    True
    """
    known = _store(rules)
    key = (meld.content_id, codes)
    found = known.get(key, _UNKNOWN)
    if found is None or isinstance(found, Meld):
        return found
    if isinstance(codes, int):
        verdict = check_swap(meld, _CARD[codes], rules)
    else:
        verdict = check_add(meld, _cards_of(codes), rules)
    result = known[key] = verdict.meld if verdict.legal else None
    return result


def may_add(meld: Meld, codes: tuple[int, ...] | int, rules: Rules) -> bool:
    """Whether :func:`check_add` (``codes`` a tuple of codes) or :func:`check_swap` (one code)
    accepts it, as :func:`added_meld` answers, without making the meld: the legal-action generator
    asks it of every proposal, and a meld is made only for the one played. Remembered with
    :func:`added_meld`'s answers.

    >>> from buraco_learn import preset
    >>> rules = preset("italian")
    >>> run = Meld.parse("JK=5D 6D 7D")
    >>> may_add(run, (Card.parse("8D").code,), rules), may_add(run, (Card.parse("9D").code,), rules)
    (True, False)
    """
    known = _store(rules)
    key = (meld.content_id, codes)
    found = known.get(key, _UNKNOWN)
    if found is not _UNKNOWN:
        return found is not None
    if isinstance(codes, int):
        legal = check_swap(meld, _CARD[codes], rules).legal
    else:
        legal = not isinstance(_addition(meld, _cards_of(codes), rules, None), Verdict)
    known[key] = True if legal else None
    return legal


#: an addition accepted, before its meld is made: the solver's solution of a set and all its codes, or a run's
#: suit, ends, naturals, wilds (free, fixed by place) and whether a 2 of its suit is natural there
_SetPlaced = tuple[core.LegalSolution, list[int]]
_RunPlaced = tuple[int, int, int, int, list[int], dict[int, int], int]


def _extend(meld: Meld, new: tuple[Card, ...], rules: Rules, swap: int | None) -> Verdict:
    action = "swap" if swap is not None else "add"
    placed = _addition(meld, new, rules, swap)
    if isinstance(placed, Verdict):
        return placed
    if len(placed) == 2:
        solution, all_codes = placed
        return Verdict(new, rules, solution, action, meld=build_meld(solution, all_codes, rules), base=meld)
    suit, low, high, naturals, free_wilds, fixed, use_two = placed
    # a free 2 of the suit that reaches its own place is natural there (000, 002 'Melds')
    result = _run_meld(suit, low, high, naturals, free_wilds, fixed, rules)
    laid = 0
    for slot in result.slots:
        if not slot.wild and slot.position is not None:
            laid |= 1 << slot.position
    run: core.RunSolution = (core.RUN, result.clean, suit, low, high, laid, 1 if use_two or laid & ~naturals else 0)
    return Verdict(new, rules, run, action, meld=result, base=meld)


def _addition(meld: Meld, new: tuple[Card, ...], rules: Rules, swap: int | None) -> Verdict | _SetPlaced | _RunPlaced:
    """Whether ``new`` may join ``meld`` (in place of the wild at ``swap``, for a swap): the refusal,
    as a verdict, or where the cards go (:func:`_extend` makes the meld)."""
    action = "swap" if swap is not None else "add"
    all_codes = [slot.card.code for slot in meld.slots] + [card.code for card in new]
    bits = core.deck_problems(all_codes, rules.jokers)
    if not new:
        bits |= core.P_EMPTY
    if bits:
        return Verdict(new, rules, (core.ILLEGAL, bits), action, base=meld)
    if meld.kind == "set":
        return _extend_set(meld, new, rules, all_codes)
    return _extend_run(meld, new, rules, rules.meld_rules, swap)


def _extend_set(meld: Meld, new: tuple[Card, ...], rules: Rules, all_codes: list[int]) -> Verdict | _SetPlaced:
    rank = meld.rank
    assert rank is not None
    flags = rules.wild_flags
    bad = [card for card in new if not flags[card.code] and card.rank != rank]
    if bad:
        context: dict[str, object] = {"rank": int(rank), "bad": bad}
        return Verdict(new, rules, (core.ILLEGAL, core.P_WRONG_RANK), "add", context=context, base=meld)
    solution = core.solve(all_codes, rules.meld_rules)
    if solution[0] == core.ILLEGAL:
        return Verdict(new, rules, solution, "add", base=meld)
    return solution, all_codes


#: the places of the aces added to a run, by how many are added: low or high for one, both for two
_ACE_OPTIONS: tuple[tuple[int, ...], ...] = ((0,), (2, 1 << 14), (2 | 1 << 14,))


def _extend_run(meld: Meld, new: tuple[Card, ...], rules: Rules, mr: core.MeldRules, swap: int | None) -> Verdict | _RunPlaced:
    action = "swap" if swap is not None else "add"
    suit = meld.suit
    assert suit is not None
    old_naturals = 0
    old_wilds: dict[int, int] = {}
    for slot in meld.slots:
        assert slot.position is not None
        if slot.wild:
            old_wilds[slot.position] = slot.card.code
        else:
            old_naturals |= 1 << slot.position
    natural_low, natural_high = core._LOWEST[old_naturals], core._HIGHEST[old_naturals]
    flags = rules.wild_flags
    bad = [card for card in new if not flags[card.code] and card.suit != suit]
    if bad:
        context: dict[str, object] = {"suit": int(suit), "bad": bad}
        return Verdict(new, rules, (core.ILLEGAL, core.P_WRONG_SUIT), action, context=context, base=meld)
    new_mask = 0
    new_aces = 0
    on_suit_twos = 0
    new_wild_codes: list[int] = []
    on_suit_two_codes: list[int] = []
    for card in new:
        code = card.code
        if flags[code]:
            if card.is_two and rules.natural_two and card.suit == suit:
                on_suit_twos += 1
                on_suit_two_codes.append(code)
            else:
                new_wild_codes.append(code)
        elif code % 13 == 0:
            new_aces += 1
        else:
            bit = 2 << (code % 13)
            if new_mask & bit or old_naturals & bit:
                return Verdict(new, rules, (core.ILLEGAL, core.P_DUPLICATE_IN_RUN), action, base=meld)
            new_mask |= bit
    problems = 0
    ace_options = _ACE_OPTIONS[new_aces] if new_aces < 3 else ()
    if not ace_options:
        problems |= core.P_DUPLICATE_IN_RUN
    if new_aces == 2 and not mr.ace_to_ace:
        return Verdict(new, rules, (core.ILLEGAL, core.P_TWO_ACES), action, base=meld)
    two_options = [1, 0] if on_suit_twos and not old_naturals & 4 else [0]
    for use_two in two_options:
        for ace_bits in ace_options:
            if ace_bits & old_naturals:
                problems |= core.P_DUPLICATE_IN_RUN if ace_bits & old_naturals == ace_bits else core.P_TWO_ACES
                continue
            added = new_mask | ace_bits | (4 if use_two else 0)
            both_aces = (added & 2 and old_naturals & (1 << 14)) or (added & (1 << 14) and old_naturals & 2)
            if both_aces and not mr.ace_to_ace:
                problems |= core.P_TWO_ACES
                continue
            naturals = old_naturals | added
            wild_codes = new_wild_codes + on_suit_two_codes[use_two:]
            displaced = [position for position in old_wilds if added >> position & 1]
            if swap is None and displaced:
                problems |= core.P_WILD_FIXED  # putting a card where a wild stands is a swap
                continue
            if swap is not None and displaced != [swap]:
                problems |= core.P_WRONG_SWAP_CARD
                continue
            fixed = {
                position: code
                for position, code in old_wilds.items()
                if position not in displaced and (mr.low_end or natural_low < position < natural_high)
            }
            free_wilds = wild_codes + [old_wilds[position] for position in old_wilds if position not in fixed]
            total_wilds = len(fixed) + len(free_wilds)
            if total_wilds > mr.max_wilds:
                problems |= core.P_TOO_MANY_WILDS
                continue
            fixed_mask = 0
            for position in fixed:
                fixed_mask |= 1 << position
            placed = core.place_run(naturals, total_wilds, fixed_mask, mr)
            if placed < 0:
                problems |= -placed
                continue
            low, high = placed >> 4, placed & 15
            if any(not low <= position <= high for position in fixed):
                problems |= core.P_WILD_FIXED
                continue
            if low == 1 and high == 14 and not mr.ace_to_ace:
                problems |= core.P_TWO_ACES
                continue
            return suit, low, high, naturals, free_wilds, fixed, use_two
    context = {}
    if problems & core.P_WILD_FIXED and old_wilds:
        stood = [(position, code, Card(1 if position == 14 else position, suit)) for position, code in old_wilds.items()]
        # the card added is the one a wild stands for: say that it is swapped in (check_swap)
        swapped = [entry for entry in stood if swap is None and rules.wild_swap and any(
            card == entry[2] and (not rules.is_wild(card) or (card.is_two and rules.natural_two)) for card in new)]
        position, code, stands = (swapped or stood)[0]
        context = {"wild": Card.from_code(code), "stands_for": stands}
        if swapped:
            context["swap_in"] = True
            after = _extend(meld, (stands,), rules, swap=position).meld
            if after is not None and after.slots[-1].wild and not after.slots[0].wild:
                context["to_end"] = "upper"  # nothing below an ace: the wild goes above
    if problems & core.P_GAP:
        context["missing"] = _missing(meld, new, suit)
    return Verdict(new, rules, (core.ILLEGAL, problems or core.P_GAP), action, context=context, base=meld)


def _missing(meld: Meld, new: tuple[Card, ...], suit: Suit) -> list[Card]:
    positions = {slot.position for slot in meld.slots if slot.position is not None}
    for card in new:
        if card.suit == suit and card.rank is not None and card.rank != Rank.TWO:
            positions.add(int(card.rank) if card.rank != Rank.ACE or min(positions) <= 7 else 14)
    low, high = min(positions), max(positions)
    return [Card(1 if p == 14 else p, suit) for p in range(low, high + 1) if p not in positions]
