"""The beginner bot: a simple greedy player that makes the mistakes beginners make.

How it plays:

- it **takes the pile only when it sees an immediate meld** with the pile's top card
  (the card fits a meld of its side, or makes a meld with cards in its hand), and
  otherwise draws from the stock;
- it **melds whatever it can, at once**: the meld or addition with the most cards
  first, wild cards included;
- it **discards its highest-value unmatched card** (no pair, no neighbour in its suit),
  keeping wild cards; if every card is matched, its highest-value card;
- it closes whenever it can.

The mistakes, on purpose (the documents' tips warn against each one):

- it **melds too early**: everything goes down as soon as it can, so the hand loses
  its flexibility and the opponents see what it collects (001 'Easy first-game tips':
  "do not rush to place every possible meld");
- it **wastes wild cards on three-card melds** instead of saving them for nearly
  complete runs (000 'Strategy tips', 001 'Easy first-game tips'), and happily makes a
  clean meld dirty;
- it **ignores what the opponents collect**: its discards may extend or finish their
  melds (002 'Tips for beginners': "don't discard cards that extend them");
- it looks only at the top of the pile, never weighing a big pile's other cards.

>>> import random
>>> from buraco_learn import preset
>>> from buraco_learn.game import HandState
>>> rules = preset("aberto")
>>> state = HandState.new(rules, random.Random(2))
>>> bots = [BeginnerBot(rules, seed=seat) for seat in range(4)]
>>> while not state.over:
...     state.apply(bots[state.current].act(state.view(state.current)))
>>> state.over
True
"""

from __future__ import annotations

import random

from buraco_learn.errors import BuracoError
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.game.view import PlayerView
from buraco_learn.rules import Rules

from .heuristics import Position, pile_taken
from .intermediate import check_view


def _matched(pos: Position, code: int) -> bool:
    """Whether ``code`` has a partner in the hand: a card of its rank, or a neighbour in its suit."""
    if pos.t.wild[code]:
        return True
    counts = pos.counts
    rules = pos.rules
    rank0 = code % 13
    suit = code // 13
    if rules.sets and sum(counts[s * 13 + rank0] for s in range(4)) >= 2:
        return True
    if rules.runs:
        for delta in (-1, 1):
            other = rank0 + delta
            if 0 <= other < 13 and counts[suit * 13 + other]:
                return True
        if rank0 == 12 and counts[suit * 13]:
            return True
    return code in pos.own_add


def _sees_meld(pos: Position, code: int) -> bool:
    """Whether the card makes an immediate meld: it fits a meld of the side, or two hand cards."""
    if code in pos.own_add:
        return True
    if pos.t.wild[code]:
        return True
    counts = list(pos.counts)
    counts[code] += 1
    rank0 = code % 13
    suit = code // 13
    rules = pos.rules
    if rules.sets and sum(1 if rules.distinct_suit_sets and counts[s * 13 + rank0] else counts[s * 13 + rank0] for s in range(4)) >= 3:
        return True
    if rules.runs:
        positions = (1, 14) if rank0 == 0 else (rank0 + 1,)
        for p in positions:
            for low in (p - 2, p - 1, p):
                if all(pos._has(suit, q, counts) for q in (low, low + 1, low + 2)):
                    return True
    return False


class BeginnerBot:
    """A greedy beginner (see the module docstring for how it plays and what it gets wrong)."""

    name = "beginner"

    def __init__(self, rules: Rules, seed: int | None = None) -> None:
        self.rules = rules
        self.rng = random.Random(seed)

    def act(self, view: PlayerView) -> Action:
        view = check_view(view, "the beginner bot")
        legal = view.legal
        if not legal:
            raise BuracoError(f"the beginner bot was asked to act with no legal action (phase {view.phase})")
        if len(legal) == 1:
            return legal[0]
        pos = Position.from_view(view)
        by_kind: dict[str, list[Action]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)
        if A.CLOSE in by_kind:
            return by_kind[A.CLOSE][0]
        if view.phase == "draw":
            return self._draw(pos, by_kind)
        melds = by_kind.get(A.MELD, []) + by_kind.get(A.ADD, []) + by_kind.get(A.SWAP, [])
        if melds:
            most = max(sum(len(group) for group in action.groups) + len(action.cards) for action in melds)
            biggest = [action for action in melds if sum(len(group) for group in action.groups) + len(action.cards) == most]
            return self.rng.choice(biggest)
        if A.REDRAW in by_kind and pos.drawn is not None and not _matched(pos, pos.drawn):
            return by_kind[A.REDRAW][0]
        discards = by_kind.get(A.DISCARD)
        if discards:
            return self._discard(pos, discards)
        return legal[0]

    def _draw(self, pos: Position, by_kind: dict[str, list[Action]]) -> Action:
        takes = by_kind.get(A.TAKE, [])
        if takes and pos.pile:
            if pos.rules.pile_take == "any-depth":
                for action in sorted(takes, key=lambda action: action.target or 0):
                    taken = pile_taken(pos, action)
                    if taken and _sees_meld(pos, taken[0]):
                        return action
            elif _sees_meld(pos, pos.pile[-1]):
                return takes[0]
        draws = by_kind.get(A.DRAW)
        return draws[0] if draws else takes[0]

    def _discard(self, pos: Position, discards: list[Action]) -> Action:
        t = pos.t

        def key(action: Action) -> tuple[int, int, int, int]:
            code = action.cards[0].code
            wild = t.wild[code]
            return (int(not wild), int(not _matched(pos, code)), t.value[code], -code)

        return max(discards, key=key)
