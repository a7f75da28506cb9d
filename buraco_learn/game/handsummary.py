"""What the legal-action generator reads of the hand of the player to move, kept from one call to
the next: how many of each card, the wilds held, and the legal new melds of each rank and suit.

The melds of a rank (its sets) and of a suit (its runs) are looked up by one number each (the
rank and the copies of each suit held; the suit's run places and aces held), in the tables of
:func:`~buraco_learn.game.meldgen._part_tables`, per ruleset and wilds held, and worked out by
:mod:`~buraco_learn.game.meldgen` (proposals that the solver decides) where missing.

A hand changes by a card or two between a player's turns. :func:`summary_of` keeps the last
summary made for each seat and brings it up to date from the cards that changed (a new summary:
one given out is never changed), looking up again only the ranks and suits those cards touch.
It is a function of the cards held alone: any hand, of any state, gets the summary it would get
from nothing (``tests/test_legal_carry.py`` checks it along random hands).

>>> import random
>>> from buraco_learn import preset
>>> from buraco_learn.game.meldgen import candidate_melds
>>> from buraco_learn.game.state import HandState
>>> rules = preset("italian")
>>> state = HandState.new(rules, random.Random(3), dealer=0)
>>> hand = state.hands[1]
>>> summary = summary_of(rules, 1, hand)
>>> summary.size, sum(summary.counts.values())
(11, 11)
>>> set(summary.melds()) == set(candidate_melds([code_of_id(card_id) for card_id in hand], rules))
True
"""

from __future__ import annotations

from buraco_learn.cards import code_of_id
from buraco_learn.game.actions import Action, meld_action
from buraco_learn.game.meldgen import JOKER, _part_tables, _PartTable, _rank_melds, _suit_melds
from buraco_learn.rules import Rules

_CODE = tuple(code_of_id(card_id) for card_id in range(108))
#: how many cards the copies of two suits packed in 8 bits hold (4 bits a suit, as in a rank's key)
_HELD_PAIR = tuple((packed & 15) + (packed >> 4) for packed in range(256))
_SUIT_SHIFT = tuple(4 + 4 * (code // 13) for code in range(52))
#: each code's run place as a bit (the ace at both ends), by whether a 2 may be natural in a run
_RUN_BITS = {natural_two: tuple(0 if code == JOKER or (code % 13 == 1 and not natural_two)
                                else (2 | 1 << 14) if code % 13 == 0 else 1 << (code % 13 + 1) for code in range(53))
             for natural_two in (False, True)}
_NONE: tuple[tuple[int, ...], ...] = ()
#: a summary brought up to date from more cards than this is made again from nothing
_MOST_CHANGED = 6
#: a table of melds starts again when it holds this many (a summary keeps its tables from one call to the next)
_MOST_KNOWN = 20000


class HandSummary:
    """One hand's cards as the generator reads them: ``ids`` (the physical cards), ``counts`` (how
    many of each code), ``wilds`` (the wild codes held, in order, each once), ``size``; and, per
    rank and per suit, the legal new melds of those cards with the wilds held
    (:meth:`melds`). Made by :func:`summary_of`; never changed once given out."""

    __slots__ = ("_actions", "_sorted", "counts", "held_wilds", "ids", "keys", "least", "masks", "rules", "runs", "sets", "size",
                 "tables", "wilds")

    def __init__(self, rules: Rules, ids: frozenset[int], counts: dict[int, int], keys: list[int], masks: list[int],
                 sets: list[tuple[tuple[int, ...], ...]], runs: list[tuple[tuple[int, ...], ...]], wilds: list[int],
                 held_wilds: tuple[tuple[int, int], ...], tables: tuple[_PartTable, _PartTable], least: int) -> None:
        self.rules = rules
        self.ids = ids
        self.size = len(ids)
        self.counts = counts
        #: per rank: the rank and the copies of each suit held, packed (4 bits each: rank0, then the suits)
        self.keys = keys
        #: per suit: its run places held, as bits
        self.masks = masks
        self.sets = sets
        self.runs = runs
        self.wilds = wilds
        #: the wilds held and how many of each, and the melds known of a rank and of a suit with them
        self.held_wilds = held_wilds
        self.tables = tables
        #: fewer naturals of a rank make no set
        self.least = least
        # the melds sorted and their actions, made on first use (or kept from the last summary,
        # when the cards that changed changed no rank's or suit's melds)
        self._sorted: list[tuple[int, ...]] | None = None
        self._actions: list[Action] | None = None

    def melds(self) -> list[tuple[int, ...]]:
        """The legal new melds of the hand (those of :func:`~buraco_learn.game.meldgen.candidate_melds`),
        arranged, by rank then suit (not sorted; a meld may come twice, from two proposals)."""
        return [meld for part in self.sets if part for meld in part] + [meld for part in self.runs if part for meld in part]

    def sorted_melds(self) -> list[tuple[int, ...]]:
        """:meth:`melds` sorted, each once (the order of the legal actions)."""
        if self._sorted is None:
            self._sorted = sorted(set(self.melds()))
        return self._sorted

    def meld_actions(self) -> list[Action]:
        """The action of each of :meth:`sorted_melds`, in that order."""
        if self._actions is None:
            self._actions = [meld_action(meld) for meld in self.sorted_melds()]
        return self._actions

    def _keep_melds_of(self, last: HandSummary) -> None:
        self._sorted = last._sorted
        self._actions = last._actions


def _full(rules: Rules, ids: frozenset[int]) -> HandSummary:
    counts: dict[int, int] = {}
    for card_id in ids:
        code = _CODE[card_id]
        counts[code] = counts.get(code, 0) + 1
    mr = rules.meld_rules
    keys = list(range(13))  # per rank: rank0 | copies of each suit << 4, 8, 12, 16
    masks = [0, 0, 0, 0]
    run_bits = _RUN_BITS[not mr.twos_wild or mr.natural_two]
    for code, number in counts.items():
        if code != JOKER:
            keys[code % 13] += number << _SUIT_SHIFT[code]
            masks[code // 13] |= run_bits[code]
    summary = _with_wilds(rules, ids, counts, keys, masks)
    _look_up(summary, range(13), range(4))
    return summary


def _with_wilds(rules: Rules, ids: frozenset[int], counts: dict[int, int], keys: list[int], masks: list[int]) -> HandSummary:
    """A summary of these cards with no melds looked up yet, and the tables of the wilds held."""
    wilds = [code for code in rules.wild_codes if code in counts]
    held_wilds = tuple([(wild, counts[wild]) for wild in wilds])
    mr = rules.meld_rules
    return HandSummary(rules, ids, counts, keys, masks, [_NONE] * 13, [_NONE] * 4, wilds, held_wilds,
                       _part_tables(mr, held_wilds), max(mr.min_naturals, mr.min_cards - mr.max_wilds, 1))


def _look_up(summary: HandSummary, ranks: range | set[int], suits: range | set[int]) -> bool:
    """The melds of ``ranks`` and ``suits`` of ``summary``, looked up (worked out where missing):
    whether any of them changed."""
    changed = False
    counts = summary.counts
    mr = summary.rules.meld_rules
    held_wilds = summary.held_wilds
    sets_of, runs_of = summary.tables
    if mr.sets:
        least = summary.least
        sets = summary.sets
        for rank0 in ranks:
            key = summary.keys[rank0]
            if _HELD_PAIR[key >> 4 & 255] + _HELD_PAIR[key >> 12] >= least:
                found = sets_of.get(key)
                if found is None:
                    if len(sets_of) >= _MOST_KNOWN:
                        sets_of.clear()
                    found = sets_of[key] = _rank_melds(key & 15, tuple([key >> shift & 15 for shift in (4, 8, 12, 16)]), held_wilds, mr)
            else:
                found = _NONE
            if sets[rank0] is not found:
                sets[rank0] = found
                changed = True
    if mr.runs:
        runs = summary.runs
        for suit in suits:
            mask = summary.masks[suit]
            if mask:
                key = mask << 8 | suit << 4 | counts.get(suit * 13, 0)
                found = runs_of.get(key)
                if found is None:
                    if len(runs_of) >= _MOST_KNOWN:
                        runs_of.clear()
                    found = runs_of[key] = _suit_melds(suit, mask, key & 15, held_wilds, mr)
            else:
                found = _NONE
            if runs[suit] is not found:
                runs[suit] = found
                changed = True
    return changed


def summary_of(rules: Rules, seat: int, hand: list[int]) -> HandSummary:
    """The summary of ``hand`` (physical card ids) under ``rules``: the last one made for ``seat``
    when the hand is the same, or brought up to date from it by the cards that changed."""
    ids = frozenset(hand)
    last = _LAST.get(seat)
    if last is None or last.rules is not rules:
        if len(_LAST) >= 16:
            _LAST.clear()
        summary = _LAST[seat] = _full(rules, ids)
        return summary
    if last.ids == ids:
        return last
    added = ids - last.ids
    removed = last.ids - ids
    if len(added) + len(removed) > _MOST_CHANGED:
        summary = _LAST[seat] = _full(rules, ids)
        return summary
    counts = dict(last.counts)
    keys = list(last.keys)
    masks = list(last.masks)
    mr = rules.meld_rules
    run_bits = _RUN_BITS[not mr.twos_wild or mr.natural_two]
    flags = rules.wild_flags
    ranks: set[int] = set()
    suits: set[int] = set()
    wild_changed = False
    for card_id in removed:
        code = _CODE[card_id]
        left = counts[code] - 1
        if left:
            counts[code] = left
        else:
            del counts[code]
        if flags[code]:
            wild_changed = True
        if code != JOKER:
            rank0, suit = code % 13, code // 13
            keys[rank0] -= 1 << _SUIT_SHIFT[code]
            if not left:
                masks[suit] &= ~run_bits[code]
            ranks.add(rank0)
            suits.add(suit)
    for card_id in added:
        code = _CODE[card_id]
        counts[code] = counts.get(code, 0) + 1
        if flags[code]:
            wild_changed = True
        if code != JOKER:
            rank0, suit = code % 13, code // 13
            keys[rank0] += 1 << _SUIT_SHIFT[code]
            masks[suit] |= run_bits[code]
            ranks.add(rank0)
            suits.add(suit)
    if wild_changed:
        summary = _with_wilds(rules, ids, counts, keys, masks)
        _look_up(summary, range(13), range(4))
    else:
        summary = HandSummary(rules, ids, counts, keys, masks, list(last.sets), list(last.runs), last.wilds,
                              last.held_wilds, last.tables, last.least)
        if not _look_up(summary, ranks, suits):
            summary._keep_melds_of(last)
    _LAST[seat] = summary
    return summary


#: the last summary made for each seat (any state's, any ruleset's: a summary is a function of the cards)
_LAST: dict[int, HandSummary] = {}
