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
from typing import Any

from buraco_learn.cards import Card, Rank, card_of_id, code_of_id
from buraco_learn.errors import IllegalActionError
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.game.deal import Deal, deal_hand, next_seat, seat_names
from buraco_learn.game.table import TableMeld, order_ids
from buraco_learn.meldcore import ILLEGAL, SET, solve
from buraco_learn.melds import build_meld, burraco_kind, check_add, check_swap
from buraco_learn.rules import Rules
from buraco_learn.sources import cite

DRAW_PHASE = "draw"
PLAY = "play"
POT_PHASE = "pot"
OVER = "over"

_CODE = tuple(code_of_id(card_id) for card_id in range(108))
_CARDS = tuple(Card.from_code(code) for code in range(53))


class HandState:
    """One hand in progress. Use :meth:`new` (a fresh deal) or :meth:`from_deal`."""

    def __init__(self, rules: Rules, deal: Deal, scores: dict[int, int] | None = None) -> None:
        self.rules = rules
        self.deal = deal
        players = rules.players
        self.players = players
        self.seat_names = seat_names(players)
        self.dealer = deal.dealer
        self.hands: list[list[int]] = [list(hand) for hand in deal.hands]
        self.stock: list[int] = list(reversed(deal.stock))  # top card last
        self.pile: list[int] = list(deal.pile)  # top card last
        self.pots: list[list[int] | None] = [list(pot) for pot in deal.pots]
        # sides: partners share a side; the three-player variant starts with three
        self.side_of: list[int] = [0] * players
        sides = rules.sides
        for side, seats in enumerate(sides):
            for seat in seats:
                self.side_of[seat] = side
        self.side_names: list[str] = [
            "".join(self.seat_names[seat] for seat in seats) for seats in sides
        ]
        self.three_way = players == 3 and rules.partnerships and len(rules.pot_sizes) == 2
        self.pot_owner: list[int | None] = (
            [None, None] if self.three_way else [side for side in range(len(rules.pot_sizes))]
        )
        self.side_pot: dict[int, int] = {}
        self.pending_pot: dict[int, list[int]] = {}
        self.melds: list[TableMeld] = []
        self.known: list[list[int]] = [[] for _ in range(players)]
        self.opened: list[bool] = [False] * len(sides)
        self.scores: dict[int, int] = dict(scores or {})
        self.current = next_seat(self.dealer, rules)
        self.phase = DRAW_PHASE
        self.turn = 0
        self.first_turn = True
        self.drawn: int | None = None
        self.took_single: int | None = None
        self.must_meld: int | None = None
        self.acted = False
        self.last_turn = False
        self.stalemate_run = 0
        self.took_one_card_pile = False
        self.redrawn = False
        self.pot_after_discard = False
        self.history: list[Action] = []
        self.end_reason: str | None = None
        self.closed_by: int | None = None
        self.version = 0

    # -- construction ---------------------------------------------------------------
    @classmethod
    def new(cls, rules: Rules, rng: random.Random, dealer: int = 0, scores: dict[int, int] | None = None) -> HandState:
        """A freshly shuffled and dealt hand (``rng`` is the only source of chance)."""
        return cls(rules, deal_hand(rules, rng, dealer), scores)

    @classmethod
    def from_deal(cls, rules: Rules, deal: Deal, scores: dict[int, int] | None = None) -> HandState:
        return cls(rules, deal, scores)

    def clone(self) -> HandState:
        """An independent copy (for search and undo)."""
        other = object.__new__(HandState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(hand) for hand in self.hands]
        other.stock = list(self.stock)
        other.pile = list(self.pile)
        other.pots = [None if pot is None else list(pot) for pot in self.pots]
        other.side_of = list(self.side_of)
        other.side_names = list(self.side_names)
        other.pot_owner = list(self.pot_owner)
        other.side_pot = dict(self.side_pot)
        other.pending_pot = {seat: list(ids) for seat, ids in self.pending_pot.items()}
        other.melds = list(self.melds)
        other.known = [list(ids) for ids in self.known]
        other.opened = list(self.opened)
        other.scores = dict(self.scores)
        other.history = list(self.history)
        other.deal = self.deal
        return other

    # -- queries --------------------------------------------------------------------
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
        if rules.close_needs_pot and side not in self.side_pot:
            return self._why("close_conditions", "your side must pick up its pot before it can close")
        need = rules.close_needs_burraco
        if need == "none":
            return None
        for meld in self.side_melds(side) if melds is None else melds:
            kind = burraco_kind(meld.meld, rules)
            if kind is not None and (need == "any" or kind in ("clean", "royal", "ace-to-ace")):
                return None
        what = "a clean burraco (no wild card)" if need == "clean" else "a burraco (a meld of seven or more cards)"
        return self._why("close_conditions", f"your side needs {what} on the table before it can close")

    def _why(self, rule: str, text: str) -> str:
        return f"{text} ({cite(rule, self.rules.source).short()})"

    # -- applying -------------------------------------------------------------------
    def apply(self, action: Action | str) -> None:
        """Apply ``action`` for the current player, or raise and change nothing."""
        if isinstance(action, str):
            action = Action.parse(action)
        plan = self._check(action)
        self._execute(action, plan)
        self.history.append(action)
        self.version += 1

    def is_legal(self, action: Action | str) -> bool:
        try:
            self._check(Action.parse(action) if isinstance(action, str) else action)
        except IllegalActionError:
            return False
        return True

    def explain_illegal(self, action: Action | str) -> str | None:
        """The reason ``action`` is illegal now, or None when it is legal."""
        try:
            self._check(Action.parse(action) if isinstance(action, str) else action)
        except IllegalActionError as error:
            return str(error)
        return None

    @property
    def legal_actions(self) -> Any:
        """A live, sorted, printable view of the legal actions (see :mod:`buraco_learn.game.legal`)."""
        from buraco_learn.game.legal import LegalActions

        return LegalActions(self)

    def view(self, seat: int, with_legal: bool = True) -> Any:
        """``seat``'s view: their hand and what is public, nothing hidden (see :mod:`buraco_learn.game.view`)."""
        from buraco_learn.game.view import make_view

        return make_view(self, seat, with_legal)

    def omniscient_view(self) -> dict[str, Any]:
        """Every card's place, for tests and replays only; never for a bot or a browser."""
        from buraco_learn.game.view import omniscient_view

        return omniscient_view(self)

    def _refuse(self, action: Action, rule: str, text: str) -> IllegalActionError:
        return IllegalActionError(f"illegal action {action.notation()!r}: {self._why(rule, text)}")

    # -- validation: returns a plan, never changes the state ---------------------------
    def _check(self, action: Action) -> Any:
        kind = action.kind
        if self.phase == OVER:
            raise self._refuse(action, "close_conditions", f"the hand is over ({self.end_reason})")
        if self.phase == POT_PHASE:
            if kind != A.POT:
                raise self._refuse(action, "pot", "you have emptied your hand: pick up your pot first")
            return None
        if kind == A.POT:
            raise self._refuse(action, "pot", "the pot is picked up only by a player who has just emptied their hand")
        if self.phase == DRAW_PHASE:
            if kind == A.DRAW:
                if not self.stock:  # pragma: no cover - the hand ends before the stock is empty
                    raise self._refuse(action, "stock_end", "the stock is empty")
                return None
            if kind == A.TAKE:
                return self._check_take(action)
            raise self._refuse(action, "draw", "first draw a card from the stock or take the discard pile")
        # play phase
        if kind in (A.DRAW, A.TAKE):
            raise self._refuse(action, "draw", "you have drawn already; now meld, add or discard")
        if kind == A.REDRAW:
            return self._check_redraw(action)
        if kind in (A.MELD, A.ADD, A.SWAP) and self.must_meld is not None:
            pending = card_of_id(self.must_meld)
            if pending not in action.cards and not any(pending in group for group in action.groups):
                rule = "fechado_top" if self.rules.pile_take == "top" else "draw"
                raise self._refuse(action, rule, f"the {pending.unicode()} you took from the pile must be melded first")
        if kind == A.MELD:
            return self._check_meld(action)
        if kind in (A.ADD, A.SWAP):
            return self._check_add(action)
        if kind == A.DISCARD:
            return self._check_discard(action)
        if kind == A.CLOSE:
            return self._check_close(action)
        raise self._refuse(action, "draw", f"unknown action {kind!r}")  # pragma: no cover

    def _check_take(self, action: Action) -> Any:
        rules = self.rules
        if not self.pile:
            raise self._refuse(action, "draw", "the discard pile is empty")
        depth = action.target
        if rules.pile_take == "any-depth":
            if depth is None:
                raise self._refuse(action, "draw", "say how many cards to take from the top of the pile: take N")
            if depth > len(self.pile):
                raise self._refuse(action, "draw", f"the pile holds only {len(self.pile)} card(s)")
        elif depth is not None:
            what = "only its top card" if rules.pile_take == "top" else "the whole pile, never part of it"
            rule = "fechado_top" if rules.pile_take == "top" else "draw"
            raise self._refuse(action, rule, f"you take {what}: write just 'take'")
        taken = self._taken_ids(depth)
        if len(taken) == 1 and rules.forbid_rediscard_single and not rules.must_meld_pile_card:
            code = _CODE[taken[0]]
            if all(_CODE[card_id] == code for card_id in self.hands[self.current]) and not self._can_meld_with(taken[0], taken):
                card = card_of_id(taken[0]).unicode()
                raise self._refuse(action, "single_card_pile", f"after taking the {card} you could neither meld nor discard another card")
        if rules.must_meld_pile_card:
            target = taken[0]
            if not self._can_meld_with(target, taken):
                rule = "fechado_top" if rules.pile_take == "top" else "draw"
                card = card_of_id(target).unicode()
                raise self._refuse(action, rule, f"you could not meld the {card} this turn, and the card taken must be melded at once")
        return taken

    def _taken_ids(self, depth: int | None) -> list[int]:
        """The pile cards a take would move, deepest first (the card 'went in for' first)."""
        if self.rules.pile_take == "top":
            return [self.pile[-1]]
        if self.rules.pile_take == "any-depth":
            assert depth is not None
            return list(self.pile[-depth:])
        return list(self.pile)

    def _can_meld_with(self, target: int, taken: list[int]) -> bool:
        """Whether, after taking ``taken``, some legal meld, addition or swap uses card ``target``."""
        from buraco_learn.game.meldgen import candidate_melds, extension_candidates, swap_candidates

        new_meld, melds = self._could_meld(target, self.hands[self.current] + taken)
        if not new_meld and not melds:
            return False
        trial = self.clone()
        trial._execute(Action(A.TAKE, target=len(taken) if self.rules.pile_take == "any-depth" else None), taken)
        rules = self.rules
        code = _CODE[target]
        codes = [_CODE[card_id] for card_id in trial.hands[trial.current]]
        if new_meld:
            for combo in candidate_melds(codes, rules, ordered=False):
                if code in combo and trial.is_legal(Action(A.MELD, groups=(tuple(_CARDS[c] for c in combo),))):
                    return True
        for meld in melds:
            for group in extension_candidates(meld.meld, codes, rules):
                if code in group and trial.is_legal(Action(A.ADD, cards=tuple(_CARDS[c] for c in group), target=meld.id)):
                    return True
            if code in swap_candidates(meld.meld, codes) and trial.is_legal(Action(A.SWAP, cards=(_CARDS[code],), target=meld.id)):
                return True
        return False

    def _could_meld(self, target: int, pool: list[int]) -> tuple[bool, list[TableMeld]]:
        """A quick necessary condition for :meth:`_can_meld_with`: whether a new meld could
        hold the card, and which melds on the table it could join.

        A meld holding the card needs, with at most one wild, a natural of its rank
        (a set) or of its suit within two places (a run); an addition needs a set of
        its rank, or a run of its suit ending within two places of it.
        """
        rules = self.rules
        code = _CODE[target]
        side = self.side_of[self.current]
        mine = [meld for meld in self.melds if meld.side == side or rules.add_to_any_meld]
        if code == 52 or (rules.twos_wild and code % 13 == 1):
            return True, mine  # a wild can go almost anywhere
        rank0, suit = code % 13, code // 13
        places = (1, 14) if rank0 == 0 else (rank0 + 1,)
        new_meld = False
        seen_self = False
        for card_id in pool:
            other = _CODE[card_id]
            if card_id == target and not seen_self:
                seen_self = True
                continue
            if other == 52 or (other // 13 != suit and other % 13 != rank0):
                continue
            if other % 13 == rank0:
                new_meld = True  # a possible set (identical cards too: two decks)
                break
            other_places = (1, 14) if other % 13 == 0 else (other % 13 + 1,)
            if any(0 < abs(a - b) <= 2 for a in places for b in other_places):
                new_meld = True  # a possible run
                break
        joinable = []
        for meld in mine:
            if meld.meld.kind == "set":
                if meld.meld.rank is not None and int(meld.meld.rank) == rank0 + 1:
                    joinable.append(meld)
                continue
            if meld.meld.suit is not None and int(meld.meld.suit) == suit:
                positions = [slot.position or 0 for slot in meld.meld.slots]
                low, high = min(positions), max(positions)
                if any(low - 2 <= place <= high + 2 for place in places):
                    joinable.append(meld)
        return new_meld, joinable

    def _check_redraw(self, action: Action) -> Any:
        rules = self.rules
        if not rules.first_turn_redraw:
            raise self._refuse(action, "first_turn_redraw", "there is no first-turn redraw in this ruleset")
        if not self.first_turn or self.drawn is None or self.acted or self.turn != 0 or self.redrawn:
            raise self._refuse(action, "first_turn_redraw", "only the opening player, straight after the first draw, may discard it and draw again")
        if not self.stock:
            raise self._refuse(action, "stock_end", "the stock is empty")
        return None

    def _hand_pick(self, action: Action, cards: list[Card]) -> list[int]:
        """Physical ids in the current hand for ``cards`` (cards others know of go first)."""
        seat = self.current
        hand = self.hands[seat]
        known = self.known[seat]
        pool = sorted(hand, key=lambda card_id: card_id not in known) if known else list(hand)
        if self.must_meld is not None and self.must_meld in pool:
            pool.remove(self.must_meld)
            pool.insert(0, self.must_meld)  # the card taken from the pile is the one melded
        picked: list[int] = []
        for card in cards:
            code = card.code
            for index, card_id in enumerate(pool):
                if _CODE[card_id] == code:
                    picked.append(pool.pop(index))
                    break
            else:
                have = sum(1 for card_id in hand if _CODE[card_id] == code)
                wanted = sum(1 for other in cards if other.code == code)
                raise self._refuse(action, "discard", f"you hold {have} {card.unicode()} but the action needs {wanted}")
        return picked

    def _check_meld(self, action: Action) -> Any:
        """Validate a meld action; the plan holds the solutions, the melds are built on execution."""
        rules = self.rules
        seat = self.current
        side = self.side_of[seat]
        if not action.groups:
            raise self._refuse(action, "min_meld", "name the cards of the meld")
        all_cards = [card for group in action.groups for card in group]
        ids = self._hand_pick(action, all_cards)
        set_ranks = None
        solutions = []
        value = 0
        values = rules.card_values
        for group in action.groups:
            codes = [card.code for card in group]
            solution = solve(codes, rules.meld_rules)
            if solution[0] == ILLEGAL:
                from buraco_learn.melds import Verdict

                verdict = Verdict(tuple(group), rules, solution)
                raise IllegalActionError(f"illegal action {action.notation()!r}: {' '.join(verdict.explanations)}")
            if solution[0] == SET and rules.one_set_per_rank:
                if set_ranks is None:
                    set_ranks = {meld.meld.rank for meld in self.melds if meld.side == side and meld.meld.kind == "set"}
                rank = solution[2]
                if rank in set_ranks:
                    raise self._refuse(action, "one_set_per_rank", f"your side already has a set of {Rank(rank).word}s")
                set_ranks.add(rank)
            value += sum(values[code] for code in codes)
            solutions.append((solution, codes))
        if self._opening_minimum_applies(side) and value < rules.opening_minimum:
            raise self._refuse(
                action, "opening_minimum",
                f"your side has {self.scores.get(side, 0)} points, so its first meld(s) must total at least {rules.opening_minimum} card points; these make {value}",
            )
        left = len(self.hands[seat]) - len(ids)
        new = self._build_melds(side, ids, solutions) if left <= 1 else []
        self._check_continuation(action, ids, new)
        return (ids, solutions)

    def _build_melds(self, side: int, ids: list[int], solutions: list[Any]) -> list[TableMeld]:
        rules = self.rules
        out = []
        start = 0
        for number, (solution, codes) in enumerate(solutions):
            meld = build_meld(solution, codes, rules)
            group_ids = ids[start:start + len(codes)]
            start += len(codes)
            out.append(TableMeld(len(self.melds) + 1 + number, side, meld, order_ids(meld, group_ids, _ID_CODE)))
        return out

    def _opening_minimum_applies(self, side: int) -> bool:
        rules = self.rules
        return bool(rules.opening_minimum) and not self.opened[side] and self.scores.get(side, 0) >= rules.opening_minimum_from

    def _check_add(self, action: Action) -> Any:
        rules = self.rules
        seat = self.current
        side = self.side_of[seat]
        target = self.meld_by_id(action.target)
        if target is None:
            raise self._refuse(action, "whose_melds", f"there is no meld m{action.target} on the table")
        if target.side != side and not rules.add_to_any_meld:
            raise self._refuse(action, "whose_melds", f"m{target.id} belongs to {self.side_names[target.side]}: you may add only to your own side's melds")
        if self._opening_minimum_applies(side):
            raise self._refuse(action, "opening_minimum", f"your side must first open with melds worth at least {rules.opening_minimum} card points")
        ids = self._hand_pick(action, list(action.cards))
        if action.kind == A.ADD:
            verdict = check_add(target.meld, action.cards, rules)
        else:
            verdict = check_swap(target.meld, action.cards[0], rules)
        if not verdict.legal or verdict.meld is None:
            raise IllegalActionError(f"illegal action {action.notation()!r}: {' '.join(verdict.explanations)}")
        new_ids = order_ids(verdict.meld, list(target.ids) + ids, _ID_CODE)
        updated = TableMeld(target.id, target.side, verdict.meld, new_ids)
        self._check_continuation(action, ids, [updated])
        return (ids, updated)

    def _check_continuation(self, action: Action, used: list[int], melds: list[TableMeld]) -> None:
        """002 'Closing': a player must not meld into a position with no legal way on.

        Emptying the hand needs a pot to pick up (or, where the rules allow closing by
        melding, the right to close); keeping one card needs that card to be a legal
        last discard: to reach the pot, or to close.
        """
        rules = self.rules
        seat = self.current
        side = self.side_of[seat]
        left = len(self.hands[seat]) - len(used)
        if left >= 2:
            if self.took_single is not None and rules.forbid_rediscard_single:
                code = _CODE[self.took_single]
                rest = [card_id for card_id in self.hands[seat] if card_id not in used]
                if all(_CODE[card_id] == code for card_id in rest):
                    name = card_of_id(self.took_single).unicode()
                    raise self._refuse(action, "single_card_pile", f"you would keep only the {name} you took alone from the pile, which you may not discard")
            return
        pot = self.pot_available(side)
        replaced = {meld.id for meld in melds}
        extra = list(melds)
        others = [meld for meld in self.side_melds(side) if meld.id not in replaced]
        closing = self.may_close(side, others + [meld for meld in extra if meld.side == side])
        pending = self.must_meld is not None and self.must_meld not in used and not any(self.must_meld in meld.ids for meld in melds)
        if left == 0:
            if pending:
                raise self._refuse(action, "fechado_top" if rules.pile_take == "top" else "draw", "the card taken from the pile must be melded first")
            if pot is not None:
                return
            if rules.close_by_melding and closing is None:
                return
            if rules.close_by_melding:
                raise self._refuse(action, "close_conditions", f"melding every card would close, but {closing}")
            reason = "you can never close by melding every card: a final discard is needed"
            raise self._refuse(action, "close_by_discard", reason)
        # one card left: it must be a legal last discard
        last = [card_id for card_id in self.hands[seat] if card_id not in used]
        card = card_of_id(last[0])
        if pending and self.must_meld == last[0]:
            raise self._refuse(action, "draw", "the card taken from the pile must be melded this turn")
        if self.took_single is not None and _CODE[self.took_single] == card.code:
            raise self._refuse(action, "single_card_pile", f"your last card would be the {card.unicode()} you took alone from the pile, which you may not discard")
        if pot is not None:
            return
        if closing is not None:
            raise self._refuse(action, "keep_two", f"you cannot close yet ({closing.split(' (')[0]}), so you must keep at least two cards after melding")
        if self.rules.is_wild(card) and not rules.close_discard_wild:
            raise self._refuse(action, "close_wild", f"your last card would be the {card.unicode()}, and you may not close by discarding a wild card")

    def _check_discard(self, action: Action) -> Any:
        seat = self.current
        card = action.cards[0]
        ids = self._hand_pick(action, [card])
        rules = self.rules
        if self.must_meld is not None:
            pending = card_of_id(self.must_meld).unicode()
            rule = "fechado_top" if rules.pile_take == "top" else "draw"
            raise self._refuse(action, rule, f"meld the {pending} you took from the pile before you discard")
        if self.took_single is not None and _CODE[self.took_single] == card.code:
            raise self._refuse(action, "single_card_pile", f"you took the {card.unicode()} alone from the pile and may not discard it again")
        if len(self.hands[seat]) == 1:
            side = self.side_of[seat]
            if self.pot_available(side) is None:
                why = self.may_close(side)
                if why is None:
                    raise self._refuse(action, "close_by_discard", f"discarding your last card closes the hand: write 'close {card.notation()}'")
                raise self._refuse(action, "close_conditions", f"this is your last card and you cannot close: {why.split(' (')[0]}")
        return ids

    def _check_close(self, action: Action) -> Any:
        rules = self.rules
        seat = self.current
        side = self.side_of[seat]
        why = self.may_close(side)
        if not action.cards:
            if not rules.close_by_melding:
                raise self._refuse(action, "close_by_discard", "you close by discarding your last card: write 'close CARD'")
            if self.hands[seat]:
                raise self._refuse(action, "close_by_discard", "you still hold cards: meld them all, or discard the last one, to close")
            if why:
                raise IllegalActionError(f"illegal action {action.notation()!r}: {why}")
            return None
        card = action.cards[0]
        ids = self._hand_pick(action, [card])
        if len(self.hands[seat]) != 1:
            raise self._refuse(action, "close_by_discard", f"you close by discarding your last card, and you hold {len(self.hands[seat])}")
        if why:
            raise IllegalActionError(f"illegal action {action.notation()!r}: {why}")
        if rules.is_wild(card) and not rules.close_discard_wild:
            raise self._refuse(action, "close_wild", f"the final discard may not be a wild card, and the {card.unicode()} is wild")
        if self.must_meld is not None:
            raise self._refuse(action, "draw", "meld the card you took from the pile first")
        if self.took_single is not None and _CODE[self.took_single] == card.code:
            raise self._refuse(action, "single_card_pile", f"you took the {card.unicode()} alone from the pile and may not discard it again")
        return ids

    # -- execution ------------------------------------------------------------------
    def _execute(self, action: Action, plan: Any) -> None:
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
            taken: list[int] = plan
            del self.pile[len(self.pile) - len(taken):]
            self.took_one_card_pile = len(self.pile) == 0 and len(taken) == 1
            if len(taken) == 1:
                self.took_single = taken[0]
            if self.rules.must_meld_pile_card:
                self.must_meld = taken[0]
            self.hands[seat].extend(taken)
            self.known[seat].extend(taken)
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
            ids, solutions = plan
            new = self._build_melds(self.side_of[seat], ids, solutions)
            self._remove(seat, ids)
            for meld in new:
                self.melds.append(meld)
                if self.must_meld in meld.ids:
                    self.must_meld = None
            self.opened[self.side_of[seat]] = True
            self.acted = True
            self._after_meld(seat)
        elif kind in (A.ADD, A.SWAP):
            ids, updated = plan
            self._remove(seat, ids)
            self.melds[updated.id - 1] = updated
            if self.must_meld in updated.ids:
                self.must_meld = None
            self.acted = True
            self._after_meld(seat)
        elif kind == A.DISCARD:
            (card_id,) = plan
            self._remove(seat, [card_id])
            self.pile.append(card_id)
            if not self.hands[seat]:
                self.phase = POT_PHASE
                self.pot_after_discard = True
            else:
                self._end_turn()
        elif kind == A.CLOSE:
            if plan:
                (card_id,) = plan
                self._remove(seat, [card_id])
                self.pile.append(card_id)
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

    def score(self) -> dict[str, Any]:
        """The hand's score per side name (see :mod:`buraco_learn.scoring`)."""
        from buraco_learn.scoring import SideInput, score_hand

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
                hands=tuple(tuple(self.hand_cards(seat)) for seat in seats),
                pot=pot,
            )
        closed = self.side_names[self.side_of[self.closed_by]] if self.closed_by is not None else None
        return score_hand(sides, closed, self.rules)

    def __repr__(self) -> str:
        return (
            f"<HandState {self.rules.name} turn {self.turn} {self.seat_names[self.current]} to {self.phase}, "
            f"stock {len(self.stock)}, pile {len(self.pile)}, melds {len(self.melds)}>"
        )


_ID_CODE = {card_id: code_of_id(card_id) for card_id in range(108)}
