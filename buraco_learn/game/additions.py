"""The additions a hand can make to a meld on the table, as the legal-action generator lists them
(:func:`~buraco_learn.game.legal._play_list`), and what it remembers of them from one call to the
next, by what the positions hold and never by the state: the additions that the meld's own verdict
accepts (:func:`~buraco_learn.extend.may_add`) from the cards of a hand that can join a meld, by
the meld's content (:attr:`Meld.content_id`). A meld lies on the table for many turns, equal melds
recur from hand to hand, and a hand changes by a card or two between turns: each is worked out once.

>>> from buraco_learn import preset
>>> from buraco_learn.cards import Card
>>> rules = preset("italian")
>>> run = Meld.parse("5D 6D 7D")
>>> hand = sorted(Card.parse(text).code for text in ("4D", "8D", "9D", "KS"))
>>> naturals = tuple(code for code in hand if code // 13 == 2)  # the diamonds (suit 2)
>>> [" ".join(Card.from_code(code).notation() for code in codes) for codes in additions_of(run, naturals, [], 1, hand, rules)]
['4D', '8D', '8D 9D']
"""

from __future__ import annotations

from buraco_learn.extend import may_add
from buraco_learn.game.meldgen import extension_candidates
from buraco_learn.lazy import PerRules
from buraco_learn.melds import Meld
from buraco_learn.rules import Rules

#: what the generator worked out of the additions, per ruleset (by its identity; each entry keeps
#: its rules alive, so that no other takes its id): the additions that the meld verdicts accept
#: (:func:`~buraco_learn.extend.may_add`, which remembers each verdict) from the cards of a hand
#: that can join a meld (its suit or rank, and the wilds), by :attr:`Meld.content_id`; and the
#: additions listed, for a meld's content, the naturals of the hand that can join it and the wilds
#: held where it has room for one: the most cards of one addition and the codes of each (numbers
#: only, which the garbage collector need not walk; the actions are made as listed). A meld lies on
#: the table for many turns, equal melds recur from hand to hand, and a hand changes by a card or
#: two between turns: each is worked out once.
_Listed = dict[tuple[int, tuple[int, ...], tuple[int, ...]], tuple[int, tuple[tuple[int, ...], ...]]]
_Verdicts = tuple[dict[tuple[int, tuple[int, ...]], tuple[tuple[int, ...], ...]], _Listed]
_VERDICTS: PerRules[_Verdicts] = PerRules(lambda: ({}, {}))


def verdicts_of(rules: Rules) -> _Verdicts:
    """What is known under ``rules``: the additions accepted by the meld's content and the cards that
    can join it, and the additions listed, as :func:`~buraco_learn.game.legal._play_list` lists them, by the meld's content,
    its naturals held and the wilds held (:func:`additions_of`)."""
    known = _VERDICTS.get(rules)
    # bounded: each store starts again when full (a few tens of megabytes)
    if len(known[0]) >= 100000:
        known[0].clear()
    if len(known[1]) >= 100000:
        known[1].clear()
    return known


def accepted_additions(meld: Meld, joining: tuple[int, ...], rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The proposals of :func:`extension_candidates` for ``meld`` that :func:`check_add` accepts,
    from ``joining``: the codes held that can join it (of its suit or rank, and the wilds,
    sorted), the only ones the proposals are made of."""
    additions = verdicts_of(rules)[0]
    key = (meld.content_id, joining)
    known = additions.get(key)
    if known is None:
        known = additions[key] = tuple([codes for codes in extension_candidates(meld, joining, rules)
                                        if may_add(meld, codes, rules)])
    return known


def naturals_for(meld: Meld, ordered: list[int], flags: tuple[bool, ...], known: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
    """The codes among ``ordered`` (a hand, sorted) that may join ``meld`` other than as a wild:
    of its suit (a run; its 2 too, which may be natural there) or natural of its rank (a set).
    ``known``: those already worked out for this hand, by suit (0-3) and rank (4+)."""
    if meld.kind == "set":
        rank = meld.rank
        assert rank is not None
        rank0 = int(rank) - 1
        part = 5 + rank0
        found = known.get(part)
        if found is None:
            found = known[part] = tuple([code for code in ordered if code % 13 == rank0 and not flags[code]])
        return found
    suit = meld.suit
    assert suit is not None
    part = int(suit)
    found = known.get(part)
    if found is None:
        found = known[part] = tuple([code for code in ordered if code // 13 == part])
    return found


def reached(meld: Meld, counts: dict[int, int], holes: int, natural_two: bool) -> tuple[int, ...]:
    """The codes held (``counts``; each copy, sorted) that may join the run ``meld`` other than as a
    wild and that a walk away from either of its ends reaches, missing at most ``holes`` places
    (:attr:`Meld.run_walks`), with every 2 of its suit held: the naturals of a hand that
    :func:`extension_candidates` reads for it (the walks it makes, with a wild for a missing place
    where the meld has room, or a wild at an end that may move), so the additions of any two hands
    that share them are the same (:func:`additions_of`)."""
    reached: list[int] = []
    two = int(meld.slots[0].suit or 0) * 13 + 1
    for walk in meld.run_walks:
        missing = 0
        for code in walk:
            if code in counts and (natural_two or code != two):
                reached.append(code)
            elif missing < holes:
                missing += 1
            else:
                break
    if two in counts:
        reached.append(two)
    if not reached:
        return ()
    if len(reached) == 1 and counts[reached[0]] == 1:
        return (reached[0],)
    return tuple(sorted([code for code in set(reached) for _copy in range(counts[code])]))


def additions_of(meld: Meld, naturals: tuple[int, ...], wilds: list[int], room: int, ordered: list[int],
               rules: Rules) -> tuple[tuple[int, ...], ...] | list[tuple[int, ...]]:
    """The additions to ``meld`` that :func:`check_add` accepts of those :func:`extension_candidates`
    proposes from the hand ``ordered`` (sorted; its ``naturals`` for the meld, its distinct ``wilds``),
    sorted. Its proposals hold only those cards, and a wild only where the meld has ``room`` for one.
    A proposal holds one wild at most where the meld is a set or has room for one only: then the
    additions are those with each wild alone, together (fewer combinations to work out)."""
    others = [wild for wild in wilds if wild not in naturals]
    if room <= 0 or not others:
        return accepted_additions(meld, naturals, rules)
    if room == 1 or meld.kind == "set":
        if len(others) == 1:
            return accepted_additions(meld, (*naturals, others[0]), rules)
        found: set[tuple[int, ...]] = set()
        for wild in others:
            found.update(accepted_additions(meld, (*naturals, wild), rules))
        return sorted(found)
    return accepted_additions(meld, tuple(sorted(naturals + tuple([code for code in ordered if code in others]))), rules)
