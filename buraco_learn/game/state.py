"""The state of one hand: an explicit state machine changed only by applying actions.

Phases: ``draw`` (draw from the stock or take the pile), ``play`` (meld, add, swap,
then discard or close), ``pot`` (pick up the pot after emptying the hand), ``over``.
:meth:`HandState.apply` validates an action completely before changing anything:
an illegal action raises :class:`IllegalActionError`, naming the rule and the
document it comes from, and leaves the state exactly as it was.

>>> import random
>>> from buraco_learn import preset
>>> state = HandState.new(preset("italian"), random.Random(1), dealer=0)
>>> state.phase, state.seat_names[state.current]
('draw', 'E')
>>> state.apply("draw"); state.phase
'play'
>>> state.apply("draw")
Traceback (most recent call last):
...
buraco_learn.errors.IllegalActionError: illegal action 'draw': you have drawn already; now meld, add or discard (002 'Playing a turn')
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from buraco_learn.cards import Card, card_of_id, code_of_id
from buraco_learn.errors import BuracoError, IllegalActionError, InvalidNotationError
from buraco_learn.game import actions as A
from buraco_learn.game import turnrules
from buraco_learn.game.actions import Action
from buraco_learn.game.deal import Deal, deal_hand, next_seat, seat_names
from buraco_learn.game.legal import LegalActions
from buraco_learn.game.phases import DRAW_PHASE, OVER, PLAY, POT_PHASE
from buraco_learn.game.predicates import POT, close_shortfall, pile_card_to_meld, seen_of_pile
from buraco_learn.game.records import FIELDS, HIDDEN, PUBLIC, OutcomeRecord, copy_fields, thaw
from buraco_learn.game.table import TableMeld
from buraco_learn.i18n import LANGUAGE, _
from buraco_learn.problems import citation
from buraco_learn.rules import Rules
from buraco_learn.sources import cite_for
from buraco_learn.vocabulary import vocabulary

if TYPE_CHECKING:
    from buraco_learn.game.view import PlayerView
    from buraco_learn.meldcore import LegalSolution

_CODE = tuple(code_of_id(card_id) for card_id in range(108))
_CARDS = tuple(Card.from_code(code) for code in range(53))


def as_action(action: object) -> Action:
    """``action`` as an :class:`Action`: parsed from its notation, or refused with
    :class:`InvalidNotationError` (a :class:`BuracoError`) when it is neither.

    >>> as_action(None)
    Traceback (most recent call last):
    ...
    buraco_learn.errors.InvalidNotationError: invalid action None: expected an Action or its notation, such as 'draw' or 'discard 7D'
    """
    if isinstance(action, Action):
        return action
    if isinstance(action, str):
        return Action.parse(action)
    raise InvalidNotationError(f"invalid action {action!r}: expected an Action or its notation, such as 'draw' or 'discard 7D'")


class HandState(OutcomeRecord):
    """One hand in progress. Use :meth:`new` (a fresh deal) or :meth:`from_deal`.

    Its fields are declared once, in the records it is made of (:mod:`buraco_learn.game.records`).
    """

    def __init__(self, rules: Rules, deal: Deal | None, scores: dict[int, int] | None = None, *,
                 _blank: bool = False) -> None:
        # ``_blank``: only ``rules`` and ``deal`` set, for :meth:`clone` and sampled worlds,
        # which set every other field themselves (a compiled class has no ``__dict__``
        # to copy and cannot be made with ``object.__new__``)
        self.rules = rules
        self._deal = deal
        if _blank:
            return
        assert deal is not None, "a hand starts from a deal"
        # the seats (SeatsRecord): partners share a side; the three-player variant starts with three
        players = rules.players
        self.players = players
        self.dealer = deal.dealer
        self.seat_names = seat_names(players)
        sides = rules.sides
        side_of: list[int] = [0] * players
        for side, seats in enumerate(sides):
            for seat in seats:
                side_of[seat] = side
        self.side_of = side_of
        self.side_names = ["".join(self.seat_names[seat] for seat in seats) for seats in sides]
        self.three_way = three_way = players == 3 and rules.partnerships and len(rules.pot_sizes) == 2
        # the cards (CardsRecord)
        self.hands = [list(hand) for hand in deal.hands]
        self.stock = list(reversed(deal.stock))  # top card last
        self.pile = list(deal.pile)  # top card last
        self.pots = [list(pot) for pot in deal.pots]
        self.pending_pot = {}
        self.known = [[] for _ in range(players)]
        self.melds = []
        # the turn (TurnRecord)
        self.current = next_seat(self.dealer, rules)
        self.phase = DRAW_PHASE
        self.turn = 0
        self.first_turn = True
        self.drawn = None
        self.took_single = None
        self.must_meld = None
        self.acted = False
        self.last_turn = False
        self.stalemate_run = 0
        self.took_one_card_pile = False
        self.redrawn = False
        self.pot_after_discard = False
        # the outcome (OutcomeRecord)
        self.scores = dict(scores or {})
        self.side_pot = {}
        self.pot_owner = [None, None] if three_way else [side for side in range(len(rules.pot_sizes))]
        self.opened = [False] * len(sides)
        self.end_reason = None
        self.closed_by = None
        self.history = []
        self.version = 0

    # -- construction ---------------------------------------------------------------
    @classmethod
    def new(cls, rules: Rules, rng: random.Random, dealer: int = 0, scores: dict[int, int] | None = None) -> HandState:
        """A freshly shuffled and dealt hand (``rng`` is the only source of chance)."""
        return cls(rules, deal_hand(rules, rng, dealer), scores)

    @classmethod
    def from_deal(cls, rules: Rules, deal: Deal, scores: dict[int, int] | None = None) -> HandState:
        return cls(rules, deal, scores)

    @classmethod
    def resample(cls, view: PlayerView, rng: random.Random | None) -> HandState:
        """A full state consistent with ``view``, one seat's knowledge (determinization, as
        OpenSpiel's ``resample_from_infostate``): the cards that seat cannot see dealt at
        random. Known cards stay with the players known to hold them; every other card the
        seat cannot see is shuffled into the other hands, the pots, the stock and the
        hidden part of the pile. With ``rng=None`` they are placed in a fixed order (enough
        to list the seat's legal actions, which depend only on what it knows).

        >>> import random
        >>> from buraco_learn import preset
        >>> state = HandState.new(preset("italian"), random.Random(2))
        >>> world = HandState.resample(state.view(1), random.Random(3))
        >>> world.hands[1] == state.hands[1], world.hands[0] == state.hands[0], sorted(world.all_ids()) == sorted(state.all_ids())
        (True, False, True)
        """
        rules = view.rules
        unseen = view.unseen_ids()
        if rng is not None:
            rng.shuffle(unseen)
        # the hidden fields (records.HIDDEN), dealt again; every other field is the view's
        start = 0
        hands: list[list[int]] = []
        for seat in range(rules.players):
            if seat == view.seat:
                hands.append(list(view.hand_ids))
                continue
            known = list(view.known_ids[seat])
            count = view.hand_counts[seat] - len(known)
            hands.append(known + unseen[start:start + count])
            start += count
        pending: dict[int, list[int]] = {}
        for seat, size in view.pending_pot_sizes:
            pending[seat] = unseen[start:start + size]
            start += size
        pots: list[list[int] | None] = []
        for pot_size in view.pot_sizes:
            if pot_size is None:
                pots.append(None)
            else:
                pots.append(unseen[start:start + pot_size])
                start += pot_size
        hidden = view.pile_size - len(view.pile_ids)
        pile = unseen[start:start + hidden] + list(view.pile_ids)
        start += hidden
        dealt: dict[str, Any] = {
            "_deal": None,  # a sampled world has no deal of its own
            "hands": hands, "pending_pot": pending, "pots": pots, "pile": pile,
            "stock": unseen[start:start + view.stock_size],
            "drawn": view.drawn_id, "version": 0,
        }
        state = cls(rules, None, _blank=True)
        public = dict(view.public)
        for name, copy, where in FIELDS:
            if where == HIDDEN:
                if name not in dealt:
                    raise RuntimeError(f"HandState.resample does not deal the hidden field {name!r} (buraco_learn.game.records)")
                value = dealt[name]
            elif where == PUBLIC:
                value = thaw(copy, public[name])
            else:
                value = thaw(copy, getattr(view, where))
            setattr(state, name, value)
        return state

    def clone(self) -> HandState:
        """An independent copy (for search and undo): every field, copied as its record says."""
        other = HandState(self.rules, self._deal, _blank=True)
        copy_fields(self, other)
        return other

    # -- queries --------------------------------------------------------------------
    @property
    def deal(self) -> Deal:
        """The deal this hand started from (a world sampled from a player's view has none)."""
        if self._deal is None:
            raise BuracoError("this state was sampled from a player's view: it has no deal of its own")
        return self._deal

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def side_seats(self, side: int) -> list[int]:
        return [seat for seat in range(self.players) if self.side_of[seat] == side]

    @property
    def side_count(self) -> int:
        return len(self.side_names)

    def hand_cards(self, seat: int) -> list[Card]:
        return [card_of_id(card_id) for card_id in self.hands[seat]]

    def meld_by_id(self, meld_id: int | None) -> TableMeld | None:
        if meld_id is None or not 1 <= meld_id <= len(self.melds):
            return None
        return self.melds[meld_id - 1]

    def side_melds(self, side: int) -> list[TableMeld]:
        return [meld for meld in self.melds if meld.side == side]

    def pot_available(self, side: int) -> int | None:
        """The index of the pot ``side`` may still pick up, or None."""
        if side in self.side_pot:
            return None
        for index, pot in enumerate(self.pots):
            if pot is not None and self.pot_owner[index] in (side, None):
                if self.three_way and self.pot_owner[index] is None and index != 0:
                    continue
                return index
        return None

    def may_close(self, side: int, melds: list[TableMeld] | None = None) -> str | None:
        """Why ``side`` may not close now (a sentence with its source), or None.

        ``melds`` replaces the side's melds on the table (to ask about a position
        after a meld that is being checked).
        """
        rules = self.rules
        lacking = close_shortfall(rules, side in self.side_pot, (meld.meld for meld in (self.side_melds(side) if melds is None else melds)))
        if lacking is None:
            return None
        words = vocabulary(rules)
        # each wording is a message of its own (buraco_learn.game.turnrules explains why)
        if lacking == POT:
            return self._why("close_conditions", _(turnrules.CLOSE_NEEDS_POT[words.pot, words.alone]))
        clean = "clean" if rules.close_needs_burraco == "clean" else "any"
        return self._why("close_conditions", _(turnrules.CLOSE_NEEDS_BURRACO[clean, words.burraco, words.alone]))

    def _why(self, rule: str, text: str) -> str:
        """``text`` with its rule's source, in the current language (the document and its section as written)."""
        source = cite_for(rule, self.rules)
        if LANGUAGE.get() == "en":  # the hot path: the English as the code wrote it
            return f"{text} ({source.short()})"
        return _("{reason} ({source})", reason=text, source=citation(source))

    # -- applying -------------------------------------------------------------------
    def apply(self, action: object) -> None:
        """Apply ``action`` (an :class:`Action` or its notation) for the current player, or
        raise and change nothing: :class:`IllegalActionError` for an illegal action,
        :class:`InvalidNotationError` for anything that is not an action."""
        action = as_action(action)
        plan = turnrules._check(self, action)
        self._execute(action, plan)
        self.history.append(action)
        self.version += 1

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` is legal now; :class:`InvalidNotationError` if it is not an action."""
        try:
            self._check(as_action(action))
        except IllegalActionError:
            return False
        return True

    def explain_illegal(self, action: object) -> str | None:
        """The reason ``action`` is illegal now, or None when it is legal."""
        try:
            self._check(as_action(action))
        except IllegalActionError as error:
            return str(error)
        return None

    @property
    def legal_actions(self) -> LegalActions:
        """A live, sorted, printable view of the legal actions (see :mod:`buraco_learn.game.legal`)."""
        return LegalActions(self)

    def view(self, seat: int, with_legal: bool = True) -> PlayerView:
        """``seat``'s view: their hand and what is public, nothing hidden (see :mod:`buraco_learn.game.view`)."""
        from buraco_learn.game.view import make_view

        return make_view(self, seat, with_legal)

    def omniscient_view(self) -> dict[str, Any]:
        """Every card's place, for tests and replays only; never for a bot or a browser."""
        from buraco_learn.game.view import omniscient_view

        return omniscient_view(self)

    # -- validation (the rules of a turn live in turnrules.py) ---------------------------
    def _refuse(self, action: Action, rule: str, text: str) -> IllegalActionError:
        return turnrules._refuse(self, action, rule, text)

    def _check(self, action: Action) -> turnrules.Plan:
        return turnrules._check(self, action)

    def _taken_ids(self, depth: int | None) -> list[int]:
        return turnrules._taken_ids(self, depth)

    def _can_meld_with(self, target: int, taken: list[int]) -> bool:
        return turnrules._can_meld_with(self, target, taken)

    def _could_meld(self, target: int, pool: list[int]) -> tuple[bool, list[TableMeld]]:
        return turnrules._could_meld(self, target, pool)

    def _opening_minimum_applies(self, side: int) -> bool:
        return turnrules._opening_minimum_applies(self, side)

    def _build_melds(self, side: int, ids: list[int], solutions: list[tuple[LegalSolution, list[int]]]) -> list[TableMeld]:
        return turnrules._build_melds(self, side, ids, solutions)

    # -- execution ------------------------------------------------------------------
    def _execute(self, action: Action, plan: turnrules.Plan) -> None:
        kind = action.kind
        seat = self.current
        if kind == A.DRAW:
            card_id = self.stock.pop()
            self.hands[seat].append(card_id)
            self.drawn = card_id
            self.stalemate_run = 0
            self._after_stock_draw()
            self.phase = PLAY
        elif kind == A.TAKE:
            assert isinstance(plan, turnrules.TakePlan)
            taken = plan.taken
            del self.pile[len(self.pile) - len(taken):]
            self.took_one_card_pile = len(self.pile) == 0 and len(taken) == 1
            if len(taken) == 1:
                self.took_single = taken[0]
            if self.rules.must_meld_pile_card:
                self.must_meld = pile_card_to_meld(self.rules, taken)
            self.hands[seat].extend(taken)
            self.known[seat].extend(seen_of_pile(self.rules, taken))
            self.phase = PLAY
        elif kind == A.REDRAW:
            assert self.drawn is not None
            self.hands[seat].remove(self.drawn)
            self.pile.append(self.drawn)
            card_id = self.stock.pop()
            self.hands[seat].append(card_id)
            self.drawn = card_id
            self.redrawn = True
            self._after_stock_draw()
        elif kind == A.MELD:
            assert isinstance(plan, turnrules.MeldPlan)
            ids = plan.ids
            new = self._build_melds(self.side_of[seat], ids, plan.solutions)
            self._remove(seat, ids)
            for meld in new:
                self.melds.append(meld)
                if self.must_meld in meld.ids:
                    self.must_meld = None
            self.opened[self.side_of[seat]] = True
            self.acted = True
            self._after_meld(seat)
        elif kind in (A.ADD, A.SWAP):
            assert isinstance(plan, turnrules.AddPlan)
            updated = plan.updated
            self._remove(seat, plan.ids)
            self.melds[updated.id - 1] = updated
            if self.must_meld in updated.ids:
                self.must_meld = None
            self.acted = True
            self._after_meld(seat)
        elif kind == A.DISCARD:
            assert isinstance(plan, turnrules.DiscardPlan)
            card_id = plan.card_id
            self._remove(seat, [card_id])
            self.pile.append(card_id)
            if not self.hands[seat]:
                self.phase = POT_PHASE
                self.pot_after_discard = True
            else:
                self._end_turn()
        elif kind == A.CLOSE:
            assert isinstance(plan, turnrules.ClosePlan)
            if plan.card_id is not None:
                self._remove(seat, [plan.card_id])
                self.pile.append(plan.card_id)
            self.closed_by = seat
            self._finish("closed")
        elif kind == A.POT:
            self._pick_up_pot(seat)

    def _remove(self, seat: int, ids: list[int]) -> None:
        hand = self.hands[seat]
        known = self.known[seat]
        for card_id in ids:
            hand.remove(card_id)
            if card_id in known:
                known.remove(card_id)

    def _after_stock_draw(self) -> None:
        rules = self.rules
        left = len(self.stock)
        if (rules.stock_end == "third-last" and left <= 2) or (rules.stock_end == "empty" and left == 0):
            self.last_turn = True
        elif rules.stock_end == "pots-become-stock" and left == 0:
            for index, pot in enumerate(self.pots):
                if pot is not None:
                    self.stock = list(reversed(pot))
                    self.pots[index] = None
                    break
            else:
                self.last_turn = True

    def _after_meld(self, seat: int) -> None:
        if not self.hands[seat]:
            side = self.side_of[seat]
            if self.pot_available(side) is not None:
                self.phase = POT_PHASE

    def _pick_up_pot(self, seat: int) -> None:
        side = self.side_of[seat]
        index = self.pot_available(side)
        assert index is not None
        pot = self.pots[index]
        assert pot is not None
        self.pots[index] = None
        if self.three_way and index == 0:
            self._split_three_way(seat)
            side = self.side_of[seat]
        self.side_pot[side] = index
        if self.pot_after_discard:
            self.pot_after_discard = False
            # after discarding: face down until this player's next turn (002 'The pozzetti')
            self.pending_pot[seat] = list(pot)
            self._end_turn()
        else:
            self.hands[seat] = list(pot)
            self.phase = PLAY

    def _split_three_way(self, seat: int) -> None:
        """002 'Variants': the first to empty their hand plays alone with the 18; the other two become partners."""
        others = [other for other in range(self.players) if other != seat]
        self.side_of = [0] * self.players
        self.side_of[seat] = 0
        for other in others:
            self.side_of[other] = 1
        # before the split every player is a side of their own, numbered by seat
        for index, meld in enumerate(self.melds):
            self.melds[index] = TableMeld(meld.id, 0 if meld.side == seat else 1, meld.meld, meld.ids)
        self.side_names = [self.seat_names[seat], "".join(self.seat_names[other] for other in others)]
        # match totals were kept per player (three sides); the pair has no shared total
        self.scores = {0: self.scores[seat]} if seat in self.scores else {}
        self.pot_owner = [0, 1]
        self.opened = [True, True]

    def _end_turn(self) -> None:
        rules = self.rules
        if self.took_one_card_pile and not self.acted:
            self.stalemate_run += 1
        else:
            self.stalemate_run = 0
        if self.last_turn:
            self._finish("stock")
            return
        if rules.stalemate and self.players == 4 and self.stalemate_run >= 4:
            self._finish("stalemate")
            return
        self.current = next_seat(self.current, rules)
        self.turn += 1
        self.first_turn = False
        self.drawn = None
        self.took_single = None
        self.must_meld = None
        self.acted = False
        self.took_one_card_pile = False
        self.phase = DRAW_PHASE
        pending = self.pending_pot.pop(self.current, None)
        if pending is not None:
            self.hands[self.current] = pending + self.hands[self.current]

    def _finish(self, reason: str) -> None:
        self.phase = OVER
        self.end_reason = reason

    # -- accounting -----------------------------------------------------------------
    def all_ids(self) -> list[int]:
        """Every physical card in the hand, wherever it is (simulations check 108/104)."""
        out = [card_id for hand in self.hands for card_id in hand]
        out += self.stock + self.pile
        out += [card_id for pot in self.pots if pot is not None for card_id in pot]
        out += [card_id for ids in self.pending_pot.values() for card_id in ids]
        out += [card_id for meld in self.melds for card_id in meld.ids]
        return out

    def score_inputs(self, closer: int | None = None) -> tuple[dict[str, Any], str | None]:
        """What the scoring reads of this hand: per side name, a
        :class:`~buraco_learn.scoring.SideInput` (its melds, its players' hands, its pot:
        'none' without pots, the cards of one picked up after a discard and not yet in
        hand, 'taken', 'not-taken'), and the name of the side that closed.

        ``closer``: the seat that closed, whose hand counts as empty (:meth:`score` passes
        :attr:`closed_by`; a test may ask how a close it is about to allow would be scored).
        """
        from buraco_learn.scoring import SideInput

        sides: dict[str, Any] = {}
        for side, name in enumerate(self.side_names):
            seats = self.side_seats(side)
            pot: str | tuple[Card, ...]
            pending = [self.pending_pot[seat] for seat in seats if seat in self.pending_pot]
            if not self.rules.pot_sizes:
                pot = "none"
            elif pending:
                pot = tuple(card_of_id(card_id) for card_id in pending[0])
            elif side in self.side_pot:
                pot = "taken"
            else:
                pot = "not-taken"
            sides[name] = SideInput(
                melds=tuple(meld.meld for meld in self.side_melds(side)),
                hands=tuple(() if seat == closer else tuple(self.hand_cards(seat)) for seat in seats),
                pot=pot,
            )
        closed = self.side_names[self.side_of[closer]] if closer is not None else None
        return sides, closed

    def score(self) -> dict[str, Any]:
        """The hand's score per side name (see :mod:`buraco_learn.scoring`)."""
        from buraco_learn.scoring import score_hand

        sides, closed = self.score_inputs(self.closed_by)
        return score_hand(sides, closed, self.rules)

    def _repr_svg_(self) -> str:
        """In a notebook: the table from the player to move's seat (:func:`buraco_learn.render_table.table` for another)."""
        from buraco_learn.render_table import table

        return str(table(self))

    def __repr__(self) -> str:
        return (
            f"<HandState {self.rules.name} turn {self.turn} {self.seat_names[self.current]} to {self.phase}, "
            f"stock {len(self.stock)}, pile {len(self.pile)}, melds {len(self.melds)}>"
        )


_ID_CODE = {card_id: code_of_id(card_id) for card_id in range(108)}
