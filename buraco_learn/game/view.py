"""What one player may know: their hand, everything public, and cards others are
known to hold because they took them from the pile. Nothing else.

A :class:`PlayerView` is built from the state's public facts and the seat's own
cards only; it holds no reference to the state. Bots and widgets get views.
:meth:`HandState.resample` (also :meth:`PlayerView.sample_world`) deals the unseen cards at
random into a full state consistent with the view, for search bots (determinization).

>>> import random
>>> from buraco_learn import preset
>>> from buraco_learn.game import HandState
>>> state = HandState.new(preset("italian"), random.Random(2))
>>> view = state.view(0)
>>> len(view.hand), view.hand_counts, view.stock_size, view.pot_sizes
(11, (11, 11, 11, 11), 41, (11, 11))
>>> "stock" in view.to_dict(), "hands" in view.to_dict()
(False, False)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from buraco_learn.cards import Card, card_of_id, deck_ids
from buraco_learn.game.actions import Action
from buraco_learn.game.predicates import seen_of_pile
from buraco_learn.game.records import FIELDS, HIDDEN, PUBLIC, freeze
from buraco_learn.game.table import TableMeld
from buraco_learn.rules import Rules

if TYPE_CHECKING:
    from buraco_learn.game.state import HandState

_DECKS = {True: frozenset(deck_ids(True)), False: frozenset(deck_ids(False))}

# the fields everyone at the table sees happen, kept in a view's ``public`` pairs (records.PUBLIC)
PUBLIC_FIELDS = tuple(name for name, _copy, view in FIELDS if view == PUBLIC)


@dataclass(frozen=True)
class PlayerView:
    """One seat's view of a hand. Cards are rules values; ``*_ids`` are the physical
    ids of cards the seat can see (stable keys for a table to animate)."""

    rules: Rules
    seat: int
    seat_names: tuple[str, ...]
    side_names: tuple[str, ...]
    side_of: tuple[int, ...]
    hand_ids: tuple[int, ...]
    hand_counts: tuple[int, ...]
    known_ids: tuple[tuple[int, ...], ...]
    melds: tuple[TableMeld, ...]
    pile_ids: tuple[int, ...]
    pile_size: int
    stock_size: int
    pot_sizes: tuple[int | None, ...]
    pot_owner: tuple[int | None, ...]
    side_pot: tuple[tuple[int, int], ...]
    pending_pot_sizes: tuple[tuple[int, int], ...]
    opened: tuple[bool, ...]
    scores: tuple[tuple[int, int], ...]
    drawn_id: int | None
    took_single_id: int | None
    must_meld_id: int | None
    history: tuple[Action, ...]
    public: tuple[tuple[str, Any], ...]

    # -- legal actions, computed on demand from this view alone --------------------
    @cached_property
    def _world(self) -> HandState:
        """A world sampled from this view (fixed seed): the seat's legal actions depend
        only on what the seat knows, so they are the same in every consistent world."""
        return self.sample_world(None)

    @cached_property
    def legal(self) -> tuple[Action, ...]:
        """The seat's legal actions, sorted (empty when it is not the seat's turn)."""
        if not self.my_turn:
            return ()
        from buraco_learn.game.legal import generate

        return tuple(generate(self._world))

    def legal_of(self, *kinds: str) -> list[Action]:
        """Legal actions of the given kinds only (cheaper than all of them)."""
        if not self.my_turn:
            return []
        from buraco_learn.game.legal import draw_actions, play_actions

        world = self._world
        if world.phase == "draw":
            return [action for action in draw_actions(world) if action.kind in kinds]
        if world.phase == "pot":
            return [Action("pot")] if "pot" in kinds else []
        return play_actions(world, kinds=tuple(kinds))

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal for this seat now (any action, listed or not)."""
        return self.my_turn and self._world.is_legal(action)

    # -- convenient reads ---------------------------------------------------------
    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(card_of_id(card_id) for card_id in self.hand_ids)

    @property
    def pile(self) -> tuple[Card, ...]:
        """The visible part of the discard pile, bottom to top."""
        return tuple(card_of_id(card_id) for card_id in self.pile_ids)

    def known(self, seat: int) -> tuple[Card, ...]:
        """Cards ``seat`` is known to hold (taken from the pile and not yet played)."""
        return tuple(card_of_id(card_id) for card_id in self.known_ids[seat])

    def get(self, name: str) -> Any:
        return dict(self.public)[name]

    @property
    def current(self) -> int:
        return int(self.get("current"))

    @property
    def phase(self) -> str:
        return str(self.get("phase"))

    @property
    def my_turn(self) -> bool:
        return self.current == self.seat and self.phase != "over"

    @property
    def my_side(self) -> int:
        return self.side_of[self.seat]

    def _repr_svg_(self) -> str:
        """In a notebook: the table as this seat sees it (:func:`buraco_learn.render_table.view_svg`)."""
        from buraco_learn.render_table import view_svg

        return str(view_svg(self))

    def to_dict(self) -> dict[str, Any]:
        """JSON for a widget or a client: the seat's view and nothing more."""
        names = self.seat_names
        return {
            "rules": self.rules.name,
            "seat": names[self.seat],
            "seats": list(names),
            "sides": list(self.side_names),
            "side_of": [self.side_names[side] for side in self.side_of],
            "current": names[self.current],
            "phase": self.phase,
            "turn": self.get("turn"),
            "dealer": names[int(self.get("dealer"))],
            "hand": [{"id": card_id, "card": card_of_id(card_id).notation()} for card_id in self.hand_ids],
            "hand_counts": dict(zip(names, self.hand_counts)),
            "known": {names[seat]: [card_of_id(card_id).notation() for card_id in ids] for seat, ids in enumerate(self.known_ids) if ids and seat != self.seat},
            "melds": [meld.to_dict(self.side_names, self.rules) for meld in self.melds],
            "pile": [{"id": card_id, "card": card_of_id(card_id).notation()} for card_id in self.pile_ids],
            "pile_size": self.pile_size,
            "pile_visible": self.rules.pile_visible,
            "stock_size": self.stock_size,
            "pots": [
                {"size": size, "owner": None if owner is None else self.side_names[owner], "left": size is not None}
                for size, owner in zip(self.pot_sizes, self.pot_owner)
            ],
            "pots_taken": {self.side_names[side]: index for side, index in self.side_pot},
            "pending_pots": {names[seat]: size for seat, size in self.pending_pot_sizes},
            "scores": {self.side_names[side]: points for side, points in self.scores},
            "must_meld": None if self.must_meld_id is None else card_of_id(self.must_meld_id).notation(),
            "last_turn": bool(self.get("last_turn")),
            "end_reason": self.get("end_reason"),
            "history": [action.notation() for action in self.history],
            "legal": [action.notation() for action in self.legal],
        }

    # -- determinization ----------------------------------------------------------
    def unseen_ids(self) -> list[int]:
        """Physical cards this seat cannot see: other hands (but known cards), pots, stock, hidden pile."""
        seen = set(self.hand_ids) | set(self.pile_ids)
        for meld in self.melds:
            seen.update(meld.ids)
        for seat, ids in enumerate(self.known_ids):
            if seat != self.seat:
                seen.update(ids)
        return sorted(_DECKS[self.rules.jokers] - seen)

    def sample_world(self, rng: random.Random | None) -> HandState:
        """A full state consistent with this view: unseen cards dealt at random.

        Known cards stay with the players known to hold them; everything else this
        seat cannot see is shuffled into the other hands, the pots, the stock and the
        hidden part of the pile. With ``rng=None`` the unseen cards are placed in a
        fixed order (enough to list the seat's legal actions). The state makes it:
        :meth:`HandState.resample`.
        """
        from buraco_learn.game.state import HandState

        return HandState.resample(self, rng)


def make_view(state: HandState, seat: int, with_legal: bool = True) -> PlayerView:
    """Build ``seat``'s view of ``state`` (used by :meth:`HandState.view`).

    The view copies public facts and the seat's own cards; its legal actions are
    computed when first asked for (``with_legal`` is kept for callers that say so).
    """
    # the fields its records mark public or give a PlayerView attribute, frozen; then what
    # the seat may know of the hidden ones (records.HIDDEN)
    public: list[tuple[str, Any]] = []
    shown: dict[str, Any] = {}
    for name, copy, where in FIELDS:
        if where == PUBLIC:
            public.append((name, freeze(copy, getattr(state, name))))
        elif where != HIDDEN:
            shown[where] = freeze(copy, getattr(state, name))
    return PlayerView(
        seat=seat,
        hand_ids=tuple(state.hands[seat]),
        hand_counts=tuple(len(hand) for hand in state.hands),
        pile_ids=tuple(seen_of_pile(state.rules, state.pile)),
        pile_size=len(state.pile),
        stock_size=len(state.stock),
        pot_sizes=tuple(None if pot is None else len(pot) for pot in state.pots),
        pending_pot_sizes=tuple(sorted((s, len(ids)) for s, ids in state.pending_pot.items())),
        drawn_id=state.drawn if state.current == seat else None,
        public=tuple(public),
        **shown,
    )


def omniscient_view(state: HandState) -> dict[str, Any]:
    """Everything, for tests, replays and the tutor's worked examples: every hand,
    the pots, the stock in order and the whole pile. Never give this to a bot or a
    browser."""
    def names(ids: list[int]) -> list[str]:
        return [card_of_id(card_id).notation() for card_id in ids]

    data = make_view(state, state.current, with_legal=False).to_dict()
    data.update({
        "omniscient": True,
        "hands": {state.seat_names[seat]: names(hand) for seat, hand in enumerate(state.hands)},
        "pots_cards": [None if pot is None else names(pot) for pot in state.pots],
        "pending_pot_cards": {state.seat_names[seat]: names(ids) for seat, ids in state.pending_pot.items()},
        "stock_top_first": names(list(reversed(state.stock))),
        "pile_all": names(state.pile),
    })
    return data


def leaks(view: PlayerView, state: HandState) -> list[str]:
    """What in ``view`` reveals hidden information of ``state`` (empty when nothing)."""
    problems = []
    visible = set(view.hand_ids) | set(view.pile_ids)
    for meld in view.melds:
        visible.update(meld.ids)
    for seat, ids in enumerate(view.known_ids):
        visible.update(ids)
        if not set(ids) <= set(state.hands[seat]):
            problems.append(f"known cards of seat {seat} are not all in its hand")
    hidden = set(state.stock) | {card_id for pot in state.pots if pot for card_id in pot}
    hidden |= {card_id for ids in state.pending_pot.values() for card_id in ids}
    for seat, hand in enumerate(state.hands):
        if seat != view.seat:
            hidden |= set(hand) - set(state.known[seat])
    hidden |= set(state.pile) - set(seen_of_pile(state.rules, state.pile))
    exposed = visible & hidden
    if exposed:
        problems.append(f"hidden cards visible: {sorted(exposed)}")
    text = repr(view.to_dict())
    if view.drawn_id is not None and view.current != view.seat:
        problems.append("another player's drawn card is in the view")
    if "stock_top_first" in text or "pots_cards" in text:
        problems.append("omniscient fields in a player view")
    return problems
