"""The rules of a turn: every check an action must pass before it changes the state.

Each function takes the state and an action and either returns a *plan* (what the
action will move, worked out once: a :class:`TakePlan`, :class:`MeldPlan`,
:class:`AddPlan` (an addition or a swap), :class:`DiscardPlan` or :class:`ClosePlan`;
``None`` for a draw, a redraw or the pot, which need none) or raises
:class:`IllegalActionError` whose message names the rule and the document it comes
from. Nothing here changes the state: :meth:`HandState.apply` runs :func:`_check`
first and executes the plan only when it passes. The questions the rules ask (which
cards are wild, whose melds, what the pile allows, whether a side may close) are
answered in :mod:`buraco_learn.game.predicates`.

Each refusal is one whole message in the learner's language (:mod:`buraco_learn.i18n`),
cited as :meth:`HandState._why <buraco_learn.game.state.HandState._why>` cites it; the
action's notation ('discard 7D') is quoted as written. Where the ruleset's words
(:mod:`buraco_learn.vocabulary`) change a sentence (what the pot is called, what a meld of
seven is called, a side or a lone player in cut-throat), each wording is its own message,
looked up in a table keyed by those words (:data:`POT_FIRST`, :data:`CLOSE_NEEDS_POT`,
:data:`CLOSE_NEEDS_BURRACO`...), rather than one message with the word filled in or one per
preset through a message context: the English of every variant is written out as the
learner reads it (so the catalogue's English is the code's, word for word), and the
translator writes each as a sentence of its own, with the article and agreement the word
needs (Italian *il pozzetto*, *la canasta*; Portuguese *o morto*, *a canastra*), keeping
the preset's own word in every language. Only ranks and cards are filled in (a set of
*re*, the K♥). In English a refusal is the same text the code always wrote.

>>> import random
>>> from buraco_learn import preset
>>> from buraco_learn.game.state import HandState
>>> from buraco_learn.i18n import use
>>> state = HandState.new(preset("italian"), random.Random(1))
>>> state.explain_illegal("discard 7D")
"illegal action 'discard 7D': first draw a card from the stock or take the discard pile (002 'Playing a turn')"
>>> with use("it"):
...     state.explain_illegal("pot")
"mossa non consentita 'pot': il pozzetto lo prende solo chi è appena rimasto senza carte in mano (002 'The pozzetti')"
>>> with use("pt_BR"):
...     state.explain_illegal("discard 7D")
"jogada não permitida 'discard 7D': primeiro compre uma carta do monte ou pegue o lixo (002 'Playing a turn')"
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, TypeAlias

from buraco_learn.cards import Card, Rank, card_of_id, code_of_id
from buraco_learn.errors import IllegalActionError
from buraco_learn.extend import added_meld, check_add, check_swap
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.game.phases import DRAW_PHASE, OVER, PLAY, POT_PHASE
from buraco_learn.game.predicates import (
    is_wild,
    may_add_to,
    may_close_on,
    may_not_rediscard,
    opening_minimum_applies,
    pile_card_first,
    pile_card_rule,
    pile_card_to_meld,
    seen_of_pile,
    take_depths,
    taken_from_pile,
)
from buraco_learn.game.table import TableMeld, order_ids
from buraco_learn.i18n import LANGUAGE, N_, _, ngettext
from buraco_learn.meldcore import ILLEGAL, SET, LegalSolution, solve
from buraco_learn.melds import build_meld
from buraco_learn.problems import rank_plural
from buraco_learn.sources import states
from buraco_learn.vocabulary import vocabulary

if TYPE_CHECKING:
    from buraco_learn.game.state import HandState

_CODE = tuple(code_of_id(card_id) for card_id in range(108))
_CARDS = tuple(Card.from_code(code) for code in range(53))
_ID_CODE = {card_id: code_of_id(card_id) for card_id in range(108)}

# -- the sentences that change with the ruleset's words (see the module's docstring) -----------
#: After emptying the hand: pick up the pot, by its name.
POT_FIRST = {
    "pozzetto": N_("you have emptied your hand: pick up your pozzetto first"),
    "morto": N_("you have emptied your hand: pick up your morto first"),
    "pot": N_("you have emptied your hand: pick up your pot first"),
}
#: Who may pick up the pot, by its name.
POT_WHO = {
    "pozzetto": N_("the pozzetto is picked up only by a player who has just emptied their hand"),
    "morto": N_("the morto is picked up only by a player who has just emptied their hand"),
    "pot": N_("the pot is picked up only by a player who has just emptied their hand"),
}
#: One set per rank, by whether the player plays alone.
SET_ALREADY = {
    False: N_("your side has a set of {ranks} already"),
    True: N_("you have a set of {ranks} already"),
}
#: The opening minimum, on a meld, by whether the player plays alone.
OPENING_SHORT = {
    False: N_("your side has {score} points, so its first meld(s) must total at least {minimum} card points; these make {value}"),
    True: N_("you have {score} points, so your first meld(s) must total at least {minimum} card points; these make {value}"),
}
#: The opening minimum, on an addition, by whether the player plays alone.
OPEN_FIRST = {
    False: N_("your side must first open with melds worth at least {minimum} card points"),
    True: N_("you must first open with melds worth at least {minimum} card points"),
}
#: Adding to a meld that is not one's own, by whether the player plays alone.
NOT_YOURS = {
    False: N_("meld {meld} belongs to the other side: you may add only to your own side's melds"),
    True: N_("meld {meld} belongs to another player: you may add only to your own melds"),
}
#: :meth:`HandState.may_close <buraco_learn.game.state.HandState.may_close>`: the pot not yet picked up,
#: by the pot's name and whether the player plays alone.
CLOSE_NEEDS_POT = {
    ("pozzetto", False): N_("your side must pick up its pozzetto before it can close"),
    ("morto", False): N_("your side must pick up its morto before it can close"),
    ("pot", False): N_("your side must pick up its pot before it can close"),
    ("pozzetto", True): N_("you must pick up your pozzetto before you can close"),
    ("morto", True): N_("you must pick up your morto before you can close"),
    ("pot", True): N_("you must pick up your pot before you can close"),
}
#: ... no meld of seven yet (a clean one, or any), by its name and whether the player plays alone.
CLOSE_NEEDS_BURRACO = {
    ("clean", "burraco", False): N_("your side needs a clean burraco (no wild card) on the table before it can close"),
    ("clean", "canasta", False): N_("your side needs a clean canasta (no wild card) on the table before it can close"),
    ("clean", "canastra", False): N_("your side needs a clean canastra (no wild card) on the table before it can close"),
    ("clean", "burraco", True): N_("you need a clean burraco (no wild card) on the table before you can close"),
    ("clean", "canasta", True): N_("you need a clean canasta (no wild card) on the table before you can close"),
    ("clean", "canastra", True): N_("you need a clean canastra (no wild card) on the table before you can close"),
    ("any", "burraco", False): N_("your side needs a burraco (a meld of seven or more cards) on the table before it can close"),
    ("any", "canasta", False): N_("your side needs a canasta (a meld of seven or more cards) on the table before it can close"),
    ("any", "canastra", False): N_("your side needs a canastra (a meld of seven or more cards) on the table before it can close"),
    ("any", "burraco", True): N_("you need a burraco (a meld of seven or more cards) on the table before you can close"),
    ("any", "canasta", True): N_("you need a canasta (a meld of seven or more cards) on the table before you can close"),
    ("any", "canastra", True): N_("you need a canastra (a meld of seven or more cards) on the table before you can close"),
}


class TakePlan(NamedTuple):
    """A take of the pile: the physical ids it moves into the hand, deepest first."""

    taken: list[int]


class MeldPlan(NamedTuple):
    """A meld action: the hand's ids it lays down, and each meld's solver result with its codes."""

    ids: list[int]
    solutions: list[tuple[LegalSolution, list[int]]]


class AddPlan(NamedTuple):
    """An addition or a swap: the hand's ids it uses, and the meld as it will be."""

    ids: list[int]
    updated: TableMeld


class DiscardPlan(NamedTuple):
    """A discard: the physical card that goes on the pile."""

    card_id: int


class ClosePlan(NamedTuple):
    """A close: the final discard, or None when the hand closes by melding every card."""

    card_id: int | None


#: what :func:`_check` returns: one plan per action kind, None where there is nothing to plan
Plan: TypeAlias = TakePlan | MeldPlan | AddPlan | DiscardPlan | ClosePlan | None


def _refuse(state: HandState, action: Action, rule: str, text: str) -> IllegalActionError:
    return _illegal(action, state._why(rule, text))

def _illegal(action: Action, reason: str) -> IllegalActionError:
    """The error for ``action``, refused for ``reason`` (a sentence that cites its source)."""
    if LANGUAGE.get() == "en":  # the hot path (random play refuses constantly): the English as the code wrote it
        return IllegalActionError(f"illegal action {action.notation()!r}: {reason}")
    return IllegalActionError(_("illegal action {action}: {reason}", action=repr(action.notation()), reason=reason))

def _without_source(reason: str) -> str:
    """A reason with its closing citation taken off, to be quoted inside another that cites
    its own rule: ``(003 'Scoring')`` is said once, never twice."""
    if reason.endswith(")") and " (" in reason:
        return reason[:reason.rindex(" (")]
    return reason

# -- validation: returns a plan, never changes the state ---------------------------
def _check(state: HandState, action: Action) -> Plan:
    kind = action.kind
    if state.phase == OVER:
        raise _refuse(state, action, "close_conditions", _("the hand is over ({end_reason})", end_reason=state.end_reason))
    if state.phase == POT_PHASE:
        if kind != A.POT:
            raise _refuse(state, action, "pot", _(POT_FIRST[vocabulary(state.rules).pot]))
        return None
    if kind == A.POT:
        if not state.rules.pot_sizes:
            raise _refuse(state, action, "no_pot", _("there is no pot to pick up in this game: the first player to empty their hand ends it"))
        raise _refuse(state, action, "pot", _(POT_WHO[vocabulary(state.rules).pot]))
    if state.phase == DRAW_PHASE:
        if kind == A.DRAW:
            if not state.stock:  # pragma: no cover - the hand ends before the stock is empty
                raise _refuse(state, action, "stock_end", _("the stock is empty"))
            return None
        if kind == A.TAKE:
            return _check_take(state, action)
        raise _refuse(state, action, "draw", _("first draw a card from the stock or take the discard pile"))
    # play phase
    if kind in (A.DRAW, A.TAKE):
        raise _refuse(state, action, "draw", _("you have drawn already; now meld, add or discard"))
    if kind == A.REDRAW:
        _check_redraw(state, action)
        return None
    if kind in (A.MELD, A.ADD, A.SWAP) and state.must_meld is not None:
        pending = card_of_id(state.must_meld)
        if pending not in action.cards and not any(pending in group for group in action.groups):
            if not pile_card_first(state.rules):
                return _check_pending_later(state, action)
            rule = pile_card_rule(state.rules)
            raise _refuse(state, action, rule, _("the {card} you took from the pile must be melded first", card=pending.unicode()))
    if kind == A.MELD:
        return _check_meld(state, action)
    if kind in (A.ADD, A.SWAP):
        return _check_add(state, action)
    if kind == A.DISCARD:
        return _check_discard(state, action)
    if kind == A.CLOSE:
        return _check_close(state, action)
    raise _refuse(state, action, "draw", _("unknown action {kind}", kind=repr(kind)))  # pragma: no cover

def _check_take(state: HandState, action: Action) -> TakePlan:
    rules = state.rules
    if not state.pile:
        raise _refuse(state, action, "draw", _("the discard pile is empty"))
    depth = action.target
    if depth in take_depths(rules, len(state.pile)):
        pass
    elif rules.pile_take == "any-depth":
        if depth is None:
            raise _refuse(state, action, "draw", _("say how many cards to take from the top of the pile"))
        if depth < 1:
            raise _refuse(state, action, "draw", _("take at least the top card of the pile"))
        raise _refuse(state, action, "draw", ngettext("the pile holds only {n} card(s)", "the pile holds only {n} card(s)", len(state.pile)))
    else:
        what = _("you take only its top card") if rules.pile_take == "top" else _("you take the whole pile, never part of it")
        rule = pile_card_rule(rules)
        raise _refuse(state, action, rule, what)
    taken = _taken_ids(state, depth)
    hand = state.hands[state.current]
    if (len(taken) == 1 and not rules.must_meld_pile_card
            and all(may_not_rediscard(rules, taken[0], _CODE[card_id]) for card_id in hand) and not _can_meld_with(state, taken[0], taken)):
        card = card_of_id(taken[0]).unicode()
        raise _refuse(state, action, "single_card_pile", _("after taking the {card} you could neither meld nor discard another card", card=card))
    if rules.must_meld_pile_card:
        target = pile_card_to_meld(rules, taken)
        # decided on the cards the player sees (a closed pile's hidden cards cannot help), so that
        # a player's view, which cannot know them, has the same legal actions as the state
        if not _can_meld_with(state, target, taken, seen=seen_of_pile(rules, taken)):
            rule = pile_card_rule(rules)
            card = card_of_id(target).unicode()
            raise _refuse(state, action, rule, _("you could not meld the {card} this turn, and the card taken must be melded at once", card=card))
    return TakePlan(taken)

def _taken_ids(state: HandState, depth: int | None) -> list[int]:
    """The pile cards a take would move, deepest first (the card 'went in for' first)."""
    return taken_from_pile(state.rules, state.pile, depth)

def _check_pending_later(state: HandState, action: Action) -> MeldPlan | AddPlan:
    """A meld, addition or swap that leaves the pile card still to meld (004): legal when,
    after it, some meld, addition or swap could still lay that card down this turn."""
    pending = state.must_meld
    assert pending is not None
    plan = _check_meld(state, action) if action.kind == A.MELD else _check_add(state, action)
    trial = state.clone()
    trial._execute(action, plan)
    new_meld, melds = _could_meld(trial, pending, trial.hands[trial.current])
    if not _meldable_now(trial, pending, new_meld, melds):
        card = card_of_id(pending).unicode()
        raise _refuse(state, action, "draw", _("after this you could no longer meld the {card} you took from the pile, and it must be melded this turn", card=card))
    return plan

def _meldable_now(trial: HandState, target: int, new_meld: bool, melds: list[TableMeld]) -> bool:
    """Whether a legal meld (if ``new_meld``), or an addition or swap to one of ``melds``, uses ``target`` now."""
    from buraco_learn.game.meldgen import candidate_melds, extension_candidates, swap_candidates

    if trial.phase != PLAY:
        return False
    rules = trial.rules
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

def _can_meld_with(state: HandState, target: int, taken: list[int], quick: bool = True,
                   seen: list[int] | None = None) -> bool:
    """Whether, after taking ``taken``, some legal meld, addition or swap uses card ``target``.

    ``quick``: first rule out what :func:`_could_meld` shows impossible (``False``, for
    the tests: try a new meld and every meld on the table the side may add to).
    ``seen``: the part of ``taken`` the player sees (:func:`seen_of_pile`), the only cards
    the answer may count on besides the hand.
    """
    pool = taken if seen is None else seen
    if quick:
        new_meld, melds = _could_meld(state, target, state.hands[state.current] + pool)
    else:
        new_meld, melds = True, _addable_melds(state)
    if not new_meld and not melds:
        return False
    trial = state.clone()
    trial._execute(Action(A.TAKE, target=len(taken) if state.rules.pile_take == "any-depth" else None), TakePlan(pool))
    if len(pool) != len(taken):
        trial.took_single = None  # the take itself is of several cards
    return _meldable_now(trial, target, new_meld, melds)

def _addable_melds(state: HandState) -> list[TableMeld]:
    """The melds on the table the current player may add to (:func:`may_add_to`)."""
    side = state.side_of[state.current]
    rules = state.rules
    return [meld for meld in state.melds if may_add_to(rules, side, meld)]

def _could_meld(state: HandState, target: int, pool: list[int]) -> tuple[bool, list[TableMeld]]:
    """A quick necessary condition for :meth:`_can_meld_with`: whether a new meld could
    hold the card, and which melds on the table it could join.

    A meld holding the card needs, with at most one wild, a natural of its rank
    (a set) or of its suit within two places (a run); an addition needs a set of
    its rank, or a run of its suit.
    """
    rules = state.rules
    code = _CODE[target]
    mine = _addable_melds(state)
    if is_wild(rules, code):
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
        # a run of its suit, at any distance: the cards held between may join with it, and an end
        # wild that moves (000, 004) may stand in a place of theirs
        if meld.meld.suit is not None and int(meld.meld.suit) == suit:
            joinable.append(meld)
    return new_meld, joinable

def _check_redraw(state: HandState, action: Action) -> None:
    rules = state.rules
    if not rules.first_turn_redraw:
        raise _refuse(state, action, "draw", _("there is no first-turn redraw in this ruleset: a turn starts with one draw"))
    if not state.first_turn or state.drawn is None or state.acted or state.turn != 0 or state.redrawn:
        raise _refuse(state, action, "first_turn_redraw", _("only the opening player, straight after the first draw, may discard it and draw again"))
    if not state.stock:
        raise _refuse(state, action, "stock_end", _("the stock is empty"))
    return None

def _hand_pick(state: HandState, action: Action, cards: list[Card]) -> list[int]:
    """Physical ids in the current hand for ``cards`` (cards others know of go first)."""
    seat = state.current
    hand = state.hands[seat]
    known = state.known[seat]
    if len(cards) == 1 and state.must_meld is None:  # the common case (a discard), without building the pool
        code = cards[0].code
        for card_id in known:
            if _CODE[card_id] == code:
                return [card_id]
        for card_id in hand:
            if _CODE[card_id] == code:
                return [card_id]
    pool = [card_id for card_id in hand if card_id in known] + [card_id for card_id in hand if card_id not in known] if known else list(hand)
    if state.must_meld is not None and state.must_meld in pool:
        pool.remove(state.must_meld)
        pool.insert(0, state.must_meld)  # the card taken from the pile is the one melded
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
            raise _refuse(state, action, "discard", _("you hold {have} {card} but the action needs {wanted}", have=have, card=card.unicode(), wanted=wanted))
    return picked

def _check_meld(state: HandState, action: Action) -> MeldPlan:
    """Validate a meld action; the plan holds the solutions, the melds are built on execution."""
    rules = state.rules
    seat = state.current
    side = state.side_of[seat]
    if not action.groups:
        raise _refuse(state, action, "min_meld", _("name the cards of the meld"))
    all_cards = [card for group in action.groups for card in group]
    ids = _hand_pick(state, action, all_cards)
    set_ranks: set[int | None] | None = None
    solutions: list[tuple[LegalSolution, list[int]]] = []
    value = 0
    values = rules.card_values
    for group in action.groups:
        codes = [card.code for card in group]
        solution = solve(codes, rules.meld_rules)
        if solution[0] == ILLEGAL:
            from buraco_learn.melds import Verdict

            verdict = Verdict(tuple(group), rules, solution)
            raise _illegal(action, " ".join(verdict.explanations))
        if solution[0] == SET and rules.one_set_per_rank:
            if set_ranks is None:
                set_ranks = {meld.meld.rank for meld in state.melds if meld.side == side and meld.meld.kind == "set"}
            rank = solution[2]
            if rank in set_ranks:
                raise _refuse(state, action, "one_set_per_rank", _(SET_ALREADY[vocabulary(rules).alone], ranks=rank_plural(Rank(rank))))
            set_ranks.add(rank)
        value += sum(values[code] for code in codes)
        solutions.append((solution, codes))
    if _opening_minimum_applies(state, side) and value < rules.opening_minimum:
        raise _refuse(state,
            action, "opening_minimum",
            _(OPENING_SHORT[vocabulary(rules).alone], score=state.scores.get(side, 0), minimum=rules.opening_minimum, value=value),
        )
    left = len(state.hands[seat]) - len(ids)
    new = _build_melds(state, side, ids, solutions) if left <= 1 else []
    _check_continuation(state, action, ids, new)
    return MeldPlan(ids, solutions)

def _build_melds(state: HandState, side: int, ids: list[int], solutions: list[tuple[LegalSolution, list[int]]]) -> list[TableMeld]:
    rules = state.rules
    out = []
    start = 0
    for number, (solution, codes) in enumerate(solutions):
        meld = build_meld(solution, codes, rules)
        group_ids = ids[start:start + len(codes)]
        start += len(codes)
        out.append(TableMeld(len(state.melds) + 1 + number, side, meld, order_ids(meld, group_ids, _ID_CODE)))
    return out

def _opening_minimum_applies(state: HandState, side: int) -> bool:
    return opening_minimum_applies(state.rules, state.opened[side], state.scores.get(side, 0))

def _check_add(state: HandState, action: Action) -> AddPlan:
    rules = state.rules
    seat = state.current
    side = state.side_of[seat]
    target = state.meld_by_id(action.target)
    if target is None:
        raise _refuse(state, action, "whose_melds", _("there is no meld {meld} on the table", meld=action.target))
    if not may_add_to(rules, side, target):
        raise _refuse(state, action, "whose_melds", _(NOT_YOURS[vocabulary(rules).alone], meld=target.id))
    if _opening_minimum_applies(state, side):
        raise _refuse(state, action, "opening_minimum", _(OPEN_FIRST[vocabulary(rules).alone], minimum=rules.opening_minimum))
    ids = _hand_pick(state, action, list(action.cards))
    # the meld's verdict, remembered by its content (added_meld); asked again for its reasons when it refuses
    if action.kind == A.ADD:
        result = added_meld(target.meld, tuple(sorted([card.code for card in action.cards])), rules)
    else:
        result = added_meld(target.meld, action.cards[0].code, rules)
    if result is None:
        verdict = check_add(target.meld, action.cards, rules) if action.kind == A.ADD else check_swap(target.meld, action.cards[0], rules)
        if not verdict.legal or verdict.meld is None:
            raise _illegal(action, " ".join(verdict.explanations))
        result = verdict.meld
    new_ids = order_ids(result, list(target.ids) + ids, _ID_CODE)
    updated = TableMeld(target.id, target.side, result, new_ids)
    _check_continuation(state, action, ids, [updated])
    return AddPlan(ids, updated)

def _check_continuation(state: HandState, action: Action, used: list[int], melds: list[TableMeld]) -> None:
    """002 'Closing': a player must not meld into a position with no legal way on.

    Emptying the hand needs a pot to pick up (or, where the rules allow closing by
    melding, the right to close); keeping one card needs that card to be a legal
    last discard: to reach the pot, or to close.
    """
    rules = state.rules
    seat = state.current
    side = state.side_of[seat]
    left = len(state.hands[seat]) - len(used)
    if left >= 2:
        if state.took_single is not None:
            rest = [card_id for card_id in state.hands[seat] if card_id not in used]
            if all(may_not_rediscard(rules, state.took_single, _CODE[card_id]) for card_id in rest):
                name = card_of_id(state.took_single).unicode()
                raise _refuse(state, action, "single_card_pile", _("you would keep only the {card} you took alone from the pile, which you may not discard", card=name))
        return
    pot = state.pot_available(side)
    replaced = {meld.id for meld in melds}
    extra = list(melds)
    others = [meld for meld in state.side_melds(side) if meld.id not in replaced]
    closing = state.may_close(side, others + [meld for meld in extra if meld.side == side])
    pending = state.must_meld is not None and state.must_meld not in used and not any(state.must_meld in meld.ids for meld in melds)
    if left == 0:
        if pending:
            raise _refuse(state, action, pile_card_rule(rules), _("the card taken from the pile must be melded first"))
        if pot is not None:
            return
        if rules.close_by_melding and closing is None:
            return
        if rules.close_by_melding:
            raise _refuse(state, action, "close_conditions", _("melding every card would close, but {reason}", reason=_without_source(closing or "")))
        reason = _("you can never close by melding every card: a final discard is needed")
        raise _refuse(state, action, "close_by_discard", reason)
    # one card left: it must be a legal last discard, or (003) a card that can be laid off
    last = [card_id for card_id in state.hands[seat] if card_id not in used]
    card = card_of_id(last[0])
    if pending and state.must_meld == last[0]:
        raise _refuse(state, action, "draw", _("the card taken from the pile must be melded this turn"))
    after = [meld for meld in state.melds if meld.id not in replaced] + extra
    lay_off = rules.close_by_melding and _may_lay_off(state, side, card, after)
    if may_not_rediscard(rules, state.took_single, card.code) and not lay_off:
        raise _refuse(state, action, "single_card_pile", _("your last card would be the {card} you took alone from the pile, which you may not discard", card=card.unicode()))
    if pot is not None:
        return
    if closing is not None:
        # 002 says "keep at least two cards"; the other documents by their closing conditions
        rule = "keep_two" if states("keep_two", rules.source) else "close_conditions"
        raise _refuse(state, action, rule, _("you cannot close yet ({reason}), so you must keep at least two cards after melding", reason=closing.split(" (")[0]))
    if not may_close_on(rules, card.code) and not lay_off:
        raise _refuse(state, action, "close_wild", _("your last card would be the {card}, and you may not close by discarding a wild card", card=card.unicode()))

def _may_lay_off(state: HandState, side: int, card: Card, melds: list[TableMeld]) -> bool:
    """003 'Scoring': "A player can meld, lay off or discard the final card": whether ``card``,
    kept as the last one, could be laid off on a meld among ``melds`` that ``side`` may add
    to, and that lay-off then be legal: it empties the hand, so it must reach the pot or
    close the hand (a wild that would spoil the only clean canastra cannot be laid off as
    the final card). Laying a card off is not discarding it. (A swap is no lay-off here: it
    gives the wild back to the hand, which then is not empty.)"""
    rules = state.rules
    reaches_pot = state.pot_available(side) is not None
    for meld in melds:
        if not may_add_to(rules, side, meld):
            continue
        verdict = check_add(meld.meld, (card,), rules)
        if not verdict.legal or verdict.meld is None:
            continue
        if reaches_pot:
            return True
        laid = TableMeld(meld.id, meld.side, verdict.meld, meld.ids)
        own = [laid if other.id == meld.id else other for other in melds if other.side == side]
        if state.may_close(side, own) is None:
            return True
    return False

def _check_discard(state: HandState, action: Action) -> DiscardPlan:
    seat = state.current
    card = action.cards[0]
    ids = _hand_pick(state, action, [card])
    rules = state.rules
    if state.must_meld is not None:
        pending = card_of_id(state.must_meld).unicode()
        rule = pile_card_rule(rules)
        raise _refuse(state, action, rule, _("meld the {card} you took from the pile before you discard", card=pending))
    if may_not_rediscard(rules, state.took_single, card.code):
        raise _refuse(state, action, "single_card_pile", _("you took the {card} alone from the pile and may not discard it again", card=card.unicode()))
    if len(state.hands[seat]) == 1:
        side = state.side_of[seat]
        if state.pot_available(side) is None:
            why = state.may_close(side)
            if why is None:
                raise _refuse(state, action, "close_by_discard", _("discarding your last card closes the hand: close by discarding the {card}", card=card.unicode()))
            raise _refuse(state, action, "close_conditions", _("this is your last card and you cannot close: {reason}", reason=why.split(" (")[0]))
    return DiscardPlan(ids[0])

def _check_close(state: HandState, action: Action) -> ClosePlan:
    rules = state.rules
    seat = state.current
    side = state.side_of[seat]
    why = state.may_close(side)
    if not action.cards:
        if not rules.close_by_melding:
            raise _refuse(state, action, "close_by_discard", _("you close by discarding your last card: say which card it is"))
        if state.hands[seat]:
            raise _refuse(state, action, "close_by_discard", _("you still hold cards: meld them all, or discard the last one, to close"))
        if why:
            raise _illegal(action, why)
        return ClosePlan(None)
    card = action.cards[0]
    ids = _hand_pick(state, action, [card])
    if len(state.hands[seat]) != 1:
        raise _refuse(state, action, "close_by_discard", _("you close by discarding your last card, and you hold {count}", count=len(state.hands[seat])))
    if why:
        raise _illegal(action, why)
    if not may_close_on(rules, card.code):
        raise _refuse(state, action, "close_wild", _("the final discard may not be a wild card, and the {card} is wild", card=card.unicode()))
    if state.must_meld is not None:
        raise _refuse(state, action, "draw", _("meld the card you took from the pile first"))
    if may_not_rediscard(rules, state.took_single, card.code):
        raise _refuse(state, action, "single_card_pile", _("you took the {card} alone from the pile and may not discard it again", card=card.unicode()))
    return ClosePlan(ids[0])
