"""Every boolean and enumerated option of the rules table, flipped on every preset, changes
exactly the behaviour its sentence describes (issue 15), in the turn rules, the legal
actions, the playout and the scoring alike.

The options come from the :class:`Rules` declaration itself: an option of those kinds
without a witness below fails :func:`test_every_flippable_option_has_a_witness`, naming it.

A *witness* is one small scripted position per option (built with
:func:`buraco_learn.game.position.position`), whose outcome is what that option's sentence
says: whether an action is legal (``state.is_legal``, checked against
``list(state.legal_actions)`` and against the playout's proposals by :func:`legal`), the
state after an action, the hand's score or the match's end.

"Exactly": on each preset, flipping an option must change its own witness, and must leave
every other witness as it was. Where a witness needs another option to hold a value for
its position to make sense (a joker needs ``jokers``, a run needs ``runs``) it *pins* that
option (:attr:`Witness.pins`): the dependency is written once, at the witness:

- ``jokers=True``: a position that holds a joker (the deck must have one);
- ``runs=True`` / ``sets=True``: a position that melds a run / a set, or has one on the table;
- ``twos_wild=True``: ``natural_two`` speaks only of 2s that are wild;
- ``add_to_any_meld=False``: ``partnerships``' position is refused an addition to the other
  side's meld, so that the refusal names who owns it;
- ``wild_swap=True``: ``add_to_any_meld``'s and ``natural_two``'s positions swap a wild;
- ``close_needs_burraco="clean"``: ``natural_two``'s position closes on a burraco with a 2 in it;
- ``must_meld_pile_card=False``, ``pile_take="whole"``: a position that takes the pile and does
  not meld it (``pile_take``, ``pile_visible``);
- ``pots``: every side gets a pot of 11 where the preset has none (004), since the option
  speaks of pots (``unseen_pot_counts_cards``, ``stock_end``'s "pots become the stock").

Flips that :class:`Rules` rejects (``partnerships=False`` with one pot per partnership,
``runs=False`` where sets are not allowed...) are skipped and listed in
:data:`REJECTED_FLIPS`, which the test checks is exactly what ``Rules`` refuses.

Each flipped ruleset is also played out by the random playout (a few seeded hands), and
every action is checked against the options it concerns (:func:`observe_playout`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest

from buraco_learn import PRESET_NAMES, InvalidRulesError, Rules, preset
from buraco_learn.cards import card_of_id, code_of_id
from buraco_learn.errors import InvalidRecordError
from buraco_learn.game import HandState
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.game.deal import deal_from_order, deck_ids
from buraco_learn.game.legal import draw_actions, play_actions
from buraco_learn.game.playout import _draw_proposals, _proposals
from buraco_learn.game.position import position
from buraco_learn.game.view import leaks
from buraco_learn.rules import OptionSpec
from buraco_learn.scoring import check_hand, match_winner

CLEAN_BURRACO = "3S 4S 5S 6S 7S 8S 9S"
DIRTY_BURRACO = "3S 4S 5S 6S JK=7S 8S 9S"
EMPTY = {"E": "", "S": "", "W": ""}  # only North's cards matter in these positions


@dataclass(frozen=True)
class Witness:
    option: str
    run: Callable[[Rules], Hashable]
    pins: dict[str, Any] = field(default_factory=dict)
    pots: bool = False  # give every side a pot where the ruleset has none
    what: str = ""  # the observable, in words (the report's table)

    def outcome(self, rules: Rules) -> Hashable:
        return self.run(self.prepare(rules))

    def prepare(self, rules: Rules) -> Rules:
        changes = {key: value for key, value in self.pins.items() if getattr(rules, key) != value}
        if self.pots and not rules.pot_sizes:
            changes["pot_sizes"] = (11,) * len(rules.sides)
        return rules.replace(**changes) if changes else rules


WITNESSES: dict[str, Witness] = {}


def witness(option: str, what: str, *, pots: bool = False, **pins: Any) -> Callable[[Callable[[Rules], Hashable]], Callable[[Rules], Hashable]]:
    def register(run: Callable[[Rules], Hashable]) -> Callable[[Rules], Hashable]:
        WITNESSES[option] = Witness(option, run, dict(pins), pots, what)
        return run

    return register


# -- observing ----------------------------------------------------------------------------

class Disagreement(AssertionError):
    """The turn rules, the legal-action generator and the playout disagree on an action."""


def legal(state: HandState, notation: str) -> bool:
    """``state.is_legal(notation)``, after checking that the legal-action generator lists the
    action exactly when it is legal, and that the playout's quick tests do not rule out its
    kind when it is legal (the playout must be able to play what the rules allow)."""
    action = Action.parse(notation)
    verdict = state.is_legal(action)
    # the generator's actions of this kind (what list(state.legal_actions) holds of them, cheaper)
    kind = action.kind
    generated = draw_actions(state) if state.phase == "draw" else play_actions(state, kinds=(kind,))
    listed = action.canonical() in {other.canonical() for other in generated if other.kind == kind}
    if verdict != listed:
        raise Disagreement(
            f"{state.rules!r}: {notation!r} is {'legal' if verdict else 'illegal'} but "
            f"{'missing from' if verdict else 'listed in'} state.legal_actions"
        )
    if verdict and not _playout_may(state, action):
        raise Disagreement(f"{state.rules!r}: {notation!r} is legal but the playout never proposes an action of its kind")
    view = state.view(state.current)
    seen = (view.is_legal(action), action.canonical() in {other.canonical() for other in view.legal_of(kind)})
    if seen != (verdict, verdict):
        raise Disagreement(f"{state.rules!r}: {notation!r} is {'legal' if verdict else 'illegal'}, but the player's view says {seen}")
    return verdict


def sheet_accepts(state: HandState, closer: int | None = None) -> bool:
    """Whether the score sheet of ``state`` (as :meth:`HandState.score` writes it; ``closer``:
    the seat that closed, its hand now empty) passes :func:`check_hand`, the check of a hand
    written down after play: scoring must accept what the game allowed."""
    sides, closed = state.score_inputs(closer)
    try:
        check_hand(sides, closed, state.rules)
    except InvalidRecordError:
        return False
    return True


def closes(state: HandState, notation: str) -> bool:
    """:func:`legal` for a closing action, checked against the score sheet: the sheet of the
    hand closed that way is accepted exactly when the game allows the close."""
    verdict = legal(state, notation)
    if sheet_accepts(state, closer=state.current) != verdict:
        raise Disagreement(
            f"{state.rules!r}: the game says {notation!r} is {'legal' if verdict else 'illegal'}, "
            f"but the score sheet of the hand closed so is {'refused' if verdict else 'accepted'}"
        )
    return verdict


def _playout_may(state: HandState, action: Action) -> bool:
    rng = random.Random(0)
    if state.phase == "draw":
        proposals = list(_draw_proposals(state, action.kind, rng))
    else:
        codes = [code_of_id(card_id) for card_id in state.hands[state.current]]
        found = _proposals(state, state.current, codes, action.kind, rng)
        proposals = [] if found is None else list(found)
    return any(state.is_legal(proposal) for proposal in proposals)


def own(rules: Rules) -> str:
    """North's side name (``NS`` with partners, ``N`` alone)."""
    return "NS" if rules.partnerships and rules.players == 4 else "N"


def other(rules: Rules) -> str:
    return "EW" if rules.partnerships and rules.players == 4 else "E"


def may_close(rules: Rules, melds: list[str]) -> dict[str, Any]:
    """Position arguments: North's side has ``melds`` and has taken its pot (if any)."""
    if not rules.pot_sizes:
        return {"melds": {own(rules): melds}, "pots": []}
    pots: list[str | None] = ["auto"] * len(rules.pot_sizes)
    pots[0] = None
    return {"melds": {own(rules): melds}, "pots": pots, "pots_taken": [own(rules)]}


def take(rules: Rules, depth: int = 1) -> str:
    return f"take {depth}" if rules.pile_take == "any-depth" else "take"


def north_total(state: HandState) -> int:
    return int(state.score()[state.side_names[state.side_of[0]]].total)


# -- the table ----------------------------------------------------------------------------

@witness("partnerships", "the sides at the table (NS/EW or four players alone), and whether a refusal speaks "
         "to a side", add_to_any_meld=False, runs=True)
def _partnerships(rules: Rules) -> Hashable:
    state = position(rules, hands={"N": "8C 9S KD 4H"}, melds={other(rules): ["5C 6C 7C"]}, phase="play")
    return tuple(state.side_names), "side" in (state.explain_illegal("add m1 8C") or "")


@witness("play_direction", "who plays after North discards")
def _play_direction(rules: Rules) -> Hashable:
    state = position(rules, hands={"N": "5H 9S KD"}, phase="play")
    state.apply("discard 9S")
    return state.seat_names[state.current]


@witness("deal_direction", "the seat dealt the first card")
def _deal_direction(rules: Rules) -> Hashable:
    order = deck_ids(rules.jokers)
    cut = sum(rules.pot_sizes) or 1
    deal = deal_from_order(rules, order, cut, dealer=0)
    first = order[cut]
    return next(seat for seat, hand in enumerate(deal.hands) if first in hand)


# -- cards and deal -----------------------------------------------------------------------

@witness("jokers", "cards in a dealt hand's deck, and whether a position may hold a joker")
def _jokers(rules: Rules) -> Hashable:
    cards = len(HandState.new(rules, random.Random(0)).all_ids())
    try:
        position(rules, hands={"N": "JK"})
    except ValueError:
        return cards, False
    return cards, True


@witness("start_discard", "cards on the discard pile when a hand is dealt")
def _start_discard(rules: Rules) -> Hashable:
    return len(HandState.new(rules, random.Random(0)).pile)


# -- melds --------------------------------------------------------------------------------

@witness("sets", "meld 9S 9H 9D is legal")
def _sets(rules: Rules) -> Hashable:
    return legal(position(rules, hands={"N": "9S 9H 9D 5C KD"}, phase="play"), "meld 9S 9H 9D")


@witness("runs", "meld 5H 6H 7H is legal")
def _runs(rules: Rules) -> Hashable:
    return legal(position(rules, hands={"N": "5H 6H 7H 9C KD"}, phase="play"), "meld 5H 6H 7H")


@witness("twos_wild", "meld 5H 6H 2C (a 2 of another suit as the wild) is legal", runs=True)
def _twos_wild(rules: Rules) -> Hashable:
    return legal(position(rules, hands={"N": "5H 6H 2C 9C KD"}, phase="play"), "meld 5H 6H 2C")


NATURAL_TWO_BURRACO = "AH 2H 3H 4H 5H 6H 7H"


@witness("natural_two", "meld 2H 3H 4H JK is legal (one wild, or two); North's score with the burraco "
         "A-7 of hearts; close KD on it (a clean burraco needed); the bonus of 2D=3D 4D-9D once the 3D is "
         "swapped in (the 2 reaching its own place)", jokers=True, runs=True, twos_wild=True,
         close_needs_burraco="clean", wild_swap=True)
def _natural_two(rules: Rules) -> Hashable:
    meld = legal(position(rules, hands={"N": "2H 3H 4H JK 9C KD"}, phase="play"), "meld 2H 3H 4H JK")
    scored = north_total(position(rules, hands={"N": "", **EMPTY}, melds={own(rules): [NATURAL_TWO_BURRACO]}))
    closing = position(rules, hands={"N": "KD"}, phase="play", **may_close(rules, [NATURAL_TWO_BURRACO]))
    swap = position(rules, hands={"N": "3D 9C KD 4S", **EMPTY}, melds={own(rules): ["2D=3D 4D 5D 6D 7D 8D 9D"]}, phase="play")
    swap.apply("swap m1 3D")
    bonus = swap.score()[swap.side_names[swap.side_of[0]]].burraco_bonus
    return meld, scored, closes(closing, "close KD"), bonus


@witness("one_set_per_rank", "a second set of 9s for the side is legal, and its score sheet accepted", sets=True)
def _one_set_per_rank(rules: Rules) -> Hashable:
    state = position(rules, hands={"N": "9C 9H 9S 5C KD"}, melds={own(rules): ["9S 9H 9D"]}, phase="play")
    verdict = legal(state, "meld 9C 9H 9S")
    both = position(rules, hands={"N": "5C KD"}, melds={own(rules): ["9S 9H 9D", "9C 9H 9S"]}, phase="play")
    if sheet_accepts(both) != verdict:
        raise Disagreement(f"{rules!r}: a second set of 9s is {'legal' if verdict else 'illegal'} in the game, "
                           f"but the score sheet {'refuses' if verdict else 'accepts'} it")
    return verdict


@witness("distinct_suit_sets", "meld 9S 9S 9H (two identical cards) is legal", sets=True)
def _distinct_suit_sets(rules: Rules) -> Hashable:
    return legal(position(rules, hands={"N": "9S 9S 9H 5C KD"}, phase="play"), "meld 9S 9S 9H")


ACE_TO_ACE = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"


@witness("ace_to_ace", "the 14-card run A to A is legal", runs=True)
def _ace_to_ace(rules: Rules) -> Hashable:
    return legal(position(rules, hands={"N": ACE_TO_ACE + " 9C KD"}, phase="play"), "meld " + ACE_TO_ACE)


@witness("wild_placement", "add m1 8H to JK=4H 5H 6H is legal (the joker moving up to 7H)", jokers=True, runs=True)
def _wild_placement(rules: Rules) -> Hashable:
    state = position(rules, hands={"N": "8H 9C KD 4S"}, melds={own(rules): ["JK=4H 5H 6H"]}, phase="play")
    return legal(state, "add m1 8H")


@witness("wild_swap", "swap m1 6H (the card the joker stands for) is legal, and the refusal of add m1 6H "
         "speaks of replacing the joker", jokers=True, runs=True)
def _wild_swap(rules: Rules) -> Hashable:
    state = position(rules, hands={"N": "6H 9C KD 4S"}, melds={own(rules): ["5H JK=6H 7H"]}, phase="play")
    why = state.explain_illegal("add m1 6H") or ""
    return legal(state, "swap m1 6H"), "swap it in" in why or "can replace it" in why


@witness("add_to_any_meld", "North may add 8C to the other side's 5C 6C 7C, and swap 6D for the joker of its "
         "5D JK=6D 7D", jokers=True, runs=True, wild_swap=True)
def _add_to_any_meld(rules: Rules) -> Hashable:
    state = position(rules, hands={"N": "8C 6D 9S KD 4H"}, melds={other(rules): ["5C 6C 7C", "5D JK=6D 7D"]}, phase="play")
    return legal(state, "add m1 8C"), legal(state, "swap m2 6D")


# -- turns --------------------------------------------------------------------------------

@witness("pile_take", "take / take 2 legal, and how many cards the take takes", must_meld_pile_card=False)
def _pile_take(rules: Rules) -> Hashable:
    state = position(rules, hands={"N": "5H 9S KD 4C"}, pile="9C KH 5S")
    whole, part = legal(state, "take"), legal(state, "take 2")
    state.apply("take" if whole else "take 2")
    return whole, part, len(state.hands[0]) - 4


@witness("pile_visible", "how many pile cards East's view shows, and how many of the cards North then takes "
         "East knows of", pile_take="whole", must_meld_pile_card=False)
def _pile_visible(rules: Rules) -> Hashable:
    state = position(rules, hands={"N": "5H 9S KD 4C"}, pile="9C KH 5S")
    shown = len(state.view(1).pile_ids)
    state.apply("take")
    return shown, len(state.view(1).known_ids[0])


@witness("must_meld_pile_card", "after taking 7D alone (meldable), discard 9S is legal", runs=True)
def _must_meld_pile_card(rules: Rules) -> Hashable:
    state = position(rules, hands={"N": "5D 6D 9S KD 4C"}, pile="7D")
    state.apply(take(rules))
    return legal(state, "discard 9S")


@witness("first_turn_redraw", "redraw is legal after the hand's first draw")
def _first_turn_redraw(rules: Rules) -> Hashable:
    state = HandState.new(rules, random.Random(3))
    state.apply("draw")
    return legal(state, "redraw")


@witness("forbid_rediscard_single", "after taking 7D alone and melding it, discarding its twin is legal", runs=True)
def _forbid_rediscard_single(rules: Rules) -> Hashable:
    state = position(rules, hands={"N": "5D 6D 7D 9S KD 4C"}, pile="7D")
    state.apply(take(rules))
    state.apply("meld 5D 6D 7D")
    return legal(state, "discard 7D")


@witness("stock_end", "the last turn is called after drawing with 3 / 1 card(s) in the stock, and the stock left", pots=True)
def _stock_end(rules: Rules) -> Hashable:
    out: list[Hashable] = []
    for left in (3, 1):
        state = position(rules, hands={"N": "5H 9S KD 4C"})
        state.stock = state.stock[-left:]
        state.apply("draw")
        out.append(state.last_turn)
    out.append(len(state.stock))
    return tuple(out)


@witness("stalemate", "the hand ends when the fourth player in a row who took a one-card pile discards")
def _stalemate(rules: Rules) -> Hashable:
    state = position(rules, hands={"N": "5H 9S KD"}, phase="play")
    state.took_one_card_pile = True
    state.stalemate_run = 3
    state.apply("discard 9S")
    return state.phase, state.end_reason


# -- closing ------------------------------------------------------------------------------

@witness("close_needs_pot", "close KD is legal with a clean burraco and the pot not taken", pots=True, runs=True)
def _close_needs_pot(rules: Rules) -> Hashable:
    state = position(rules, hands={"N": "KD"}, melds={own(rules): [CLEAN_BURRACO]}, phase="play")
    return closes(state, "close KD")


@witness("close_needs_burraco", "close KD is legal with a dirty burraco / with no burraco", jokers=True, runs=True)
def _close_needs_burraco(rules: Rules) -> Hashable:
    dirty = position(rules, hands={"N": "KD"}, phase="play", **may_close(rules, [DIRTY_BURRACO]))
    none = position(rules, hands={"N": "KD"}, phase="play", **may_close(rules, ["5C 6C 7C"]))
    return closes(dirty, "close KD"), closes(none, "close KD")


@witness("close_by_melding", "melding the last three cards is legal, and then close (with no discard)", runs=True)
def _close_by_melding(rules: Rules) -> Hashable:
    state = position(rules, hands={"N": "5H 6H 7H"}, phase="play", **may_close(rules, [CLEAN_BURRACO]))
    if not legal(state, "meld 5H 6H 7H"):
        return False, False
    state.apply("meld 5H 6H 7H")
    return True, legal(state, "close")


@witness("close_discard_wild", "close JK is legal", jokers=True, runs=True)
def _close_discard_wild(rules: Rules) -> Hashable:
    state = position(rules, hands={"N": "JK"}, phase="play", **may_close(rules, [CLEAN_BURRACO]))
    return legal(state, "close JK")  # the sheet cannot tell: the closing discard has left the table


# -- scoring ------------------------------------------------------------------------------

@witness("pip_values", "North's score holding 7S 9S")
def _pip_values(rules: Rules) -> Hashable:
    return north_total(position(rules, hands={"N": "7S 9S", **EMPTY}))


@witness("unseen_pot_counts_cards", "North's score with its pot 4C 5C 6C taken but unseen", pots=True)
def _unseen_pot_counts_cards(rules: Rules) -> Hashable:
    pots: list[str | None] = ["auto"] * len(rules.pot_sizes)
    pots[0] = "4C 5C 6C"
    state = position(rules, hands={"N": "KH", **EMPTY}, pots=pots)
    pot = state.pots[0]
    assert pot is not None
    state.pots[0] = None
    state.side_pot[state.side_of[0]] = 0
    state.pending_pot[0] = list(pot)
    return north_total(state)


@witness("target_inclusive", "a side exactly at the target has won the match")
def _target_inclusive(rules: Rules) -> Hashable:
    return match_winner({"NS": rules.target, "EW": 0}, rules)


# -- the document -------------------------------------------------------------------------

@witness("source", "the document cited when North draws twice")
def _source(rules: Rules) -> Hashable:
    return position(rules, hands={"N": "5H 9S KD"}, phase="play").explain_illegal("draw")


def observe_playout(rules: Rules, seed: int) -> list[str]:
    """Rules broken in one seeded random playout (the playout may only do what the rules
    allow): each check reads the option it is about."""
    from buraco_learn.game.playout import random_step
    from buraco_learn.melds import burraco_kind

    rng = random.Random(seed)
    state = HandState.new(rules, random.Random(seed))
    problems: list[str] = []
    while state.phase != "over" and len(problems) < 3:
        seat, side, single = state.current, state.side_of[state.current], state.took_single
        first = state.turn == 0
        owners = {meld.id: meld.side for meld in state.melds}
        action = random_step(state, rng)
        kind = action.kind
        if kind == A.REDRAW and not (rules.first_turn_redraw and first):
            problems.append(f"redraw under first_turn_redraw={rules.first_turn_redraw}")
        if kind == A.DISCARD or (kind == A.CLOSE and action.cards):
            card = action.cards[0]
            if single is not None and rules.forbid_rediscard_single and code_of_id(single) == card.code:
                problems.append(f"re-discarded {card} taken alone")
        if kind == A.CLOSE and action.cards and rules.is_wild(action.cards[0]) and not rules.close_discard_wild:
            problems.append(f"closed by discarding the wild {action.cards[0]}")
        if kind == A.CLOSE and not action.cards and not rules.close_by_melding:
            problems.append("closed by melding every card")
        if kind in (A.ADD, A.SWAP) and owners.get(action.target or 0) != side and not rules.add_to_any_meld:
            problems.append(f"{state.seat_names[seat]} added to another side's meld")
        if kind == A.SWAP and not rules.wild_swap:
            problems.append("swapped a wild")
        if kind == A.TAKE and (action.target is not None) != (rules.pile_take == "any-depth"):
            problems.append(f"{action} under pile_take={rules.pile_take!r}")
        if kind == A.CLOSE and rules.close_needs_burraco != "none":
            kinds = [burraco_kind(meld.meld, rules) for meld in state.side_melds(side)]
            wanted = {"clean", "royal", "ace-to-ace"} if rules.close_needs_burraco == "clean" else {"clean", "royal", "ace-to-ace", "dirty", "semi-clean"}
            if not wanted & set(kinds):
                problems.append(f"closed without the burraco {rules.close_needs_burraco!r} needs")
    for meld in state.melds:
        m = meld.meld
        if m.kind == "set" and not rules.sets:
            problems.append(f"a set {m.notation()} under sets=False")
        if m.kind == "run" and not rules.runs:
            problems.append(f"a run {m.notation()} under runs=False")
        if m.kind == "set" and rules.distinct_suit_sets and len({slot.card for slot in m.slots if not rules.is_wild(slot.card)}) < len([s for s in m.slots if not rules.is_wild(s.card)]):
            problems.append(f"identical cards in the set {m.notation()}")
    if rules.one_set_per_rank:
        ranks = [(meld.side, meld.meld.rank) for meld in state.melds if meld.meld.kind == "set"]
        if len(ranks) != len(set(ranks)) and not state.three_way:
            problems.append("two sets of one rank for one side")
    if state.end_reason == "stalemate" and not rules.stalemate:
        problems.append("a stalemate under stalemate=False")
    if not rules.start_discard and state.deal.pile:
        problems.append("a starting discard under start_discard=False")
    return problems


# -- the test -----------------------------------------------------------------------------

FLIPPABLE: tuple[OptionSpec, ...] = tuple(
    spec for spec in Rules.options() if isinstance(spec.default, bool) or spec.choices
)
NOT_FLIPPED = {"name": "free text", "base": "the preset a ruleset is based on (every flip keeps it)"}

# Flips Rules refuses, by preset: (option, value) -> why (checked by the test below)
_ONE_POT_PER_PARTNERSHIP = "pot_sizes holds one pot per partnership, not one per player"
_NO_POTS = "the preset has no pots (pot_sizes is empty)"
REJECTED_FLIPS: dict[tuple[str, str, Any], str] = {
    **{(name, "partnerships", False): _ONE_POT_PER_PARTNERSHIP for name in PRESET_NAMES if name != "cutthroat"},
    ("cutthroat", "close_needs_pot", True): _NO_POTS,
    **{(name, "runs", False): "sets are not allowed either: no meld could be legal"
       for name in ("aberto", "brazil-online", "fechado-stbl")},
    # a depth is chosen down to a card one sees: 'any-depth' needs the whole pile visible
    ("cutthroat", "pile_visible", "top"): "a take of any depth needs the whole pile visible",
    **{(name, "pile_take", "any-depth"): "a take of any depth needs the whole pile visible"
       for name in ("fechado", "fechado-stbl", "fechado-sujo")},
}

def values(spec: OptionSpec) -> tuple[Any, ...]:
    return spec.choices or (True, False)


def flips(name: str) -> list[tuple[str, Any]]:
    base = preset(name)
    return [(spec.name, value) for spec in FLIPPABLE if spec.name not in NOT_FLIPPED
            for value in values(spec) if value != getattr(base, spec.name)]


class Failed(tuple):  # type: ignore[type-arg]
    """A witness that raised: its outcome, reported as a problem."""


@cache
def outcome(option: str, rules: Rules) -> Hashable:
    try:
        return WITNESSES[option].outcome(rules)
    except Exception as error:  # reported by the test, with the ruleset
        return Failed((type(error).__name__, str(error)))


@cache
def flipped(name: str, option: str, value: Any) -> Rules | None:
    try:
        return preset(name).replace(**{option: value})
    except InvalidRulesError:
        return None


def test_every_flippable_option_has_a_witness() -> None:
    """A new boolean or enumerated option of the Rules table needs a witness here."""
    missing = [spec.name for spec in FLIPPABLE if spec.name not in WITNESSES and spec.name not in NOT_FLIPPED]
    assert not missing, (
        f"rules option(s) {missing} have no witness in tests/test_option_flips.py: add a small scripted "
        "position whose outcome is what the option's sentence says (see the module docstring)"
    )
    assert set(WITNESSES) <= {spec.name for spec in FLIPPABLE}, "a witness for an option that is not flippable"


def test_the_rejected_flips_are_exactly_those_rules_refuses() -> None:
    refused = {(name, option, value) for name in PRESET_NAMES for option, value in flips(name)
               if flipped(name, option, value) is None}
    assert refused == set(REJECTED_FLIPS), refused ^ set(REJECTED_FLIPS)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_flipping_an_option_changes_its_witness_and_no_other(name: str) -> None:
    """On preset ``name``, each valid flip changes the flipped option's witness and leaves
    every other witness's outcome as it was."""
    base = preset(name)
    problems = []
    for option, value in flips(name):
        rules = flipped(name, option, value)
        if rules is None:
            continue
        mine = outcome(option, rules)
        for result, where in ((mine, rules), (outcome(option, base), base)):
            if isinstance(result, Failed):
                problems.append(f"{option}={value!r}: its witness failed under {where!r}: {result[0]}: {result[1]}")
        if mine == outcome(option, base):
            problems.append(f"{option}={value!r}: its witness ({WITNESSES[option].what}) did not change: {mine!r}")
        elif isinstance(value, bool) and isinstance(mine, tuple) and not isinstance(mine, Failed):
            # a boolean's witness observes the one behaviour in several places: each must change
            same = [index for index, (a, b) in enumerate(zip(mine, outcome(option, base))) if a == b]
            if same:
                problems.append(f"{option}={value!r}: part(s) {same} of its witness ({WITNESSES[option].what}) did not change: {mine!r}")
        for other_option, other in WITNESSES.items():
            if other_option == option:
                continue
            before, after = outcome(other_option, base), outcome(other_option, rules)
            if isinstance(after, Failed) and not isinstance(before, Failed):
                problems.append(f"{option}={value!r} made the witness of {other_option} fail: {after[0]}: {after[1]}")
            elif before != after:
                problems.append(f"{option}={value!r} changed the witness of {other_option} ({other.what}): {before!r} -> {after!r}")
    assert not problems, f"{name}:\n" + "\n".join(problems)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_value_of_an_enumerated_option_has_its_own_outcome(name: str) -> None:
    """An enumerated option's values are told apart by its witness (all of them, not only
    the preset's against the others)."""
    for spec in FLIPPABLE:
        if not spec.choices or spec.name in NOT_FLIPPED:
            continue
        seen: dict[Hashable, Any] = {}
        for value in spec.choices:
            rules = preset(name) if value == getattr(preset(name), spec.name) else flipped(name, spec.name, value)
            if rules is None:
                continue
            result = outcome(spec.name, rules)
            assert result not in seen, f"{name}: {spec.name}={value!r} and {seen[result]!r} give the same outcome {result!r}"
            seen[result] = value


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_random_playouts_obey_every_flipped_option(name: str) -> None:
    """Two seeded random playouts of each flipped ruleset: no action breaks the flipped rule."""
    problems = []
    for option, value in [("", None), *flips(name)]:
        rules = preset(name) if not option else flipped(name, option, value)
        if rules is None:
            continue
        for seed in (1, 2):
            problems += [f"{option}={value!r} seed {seed}: {problem}" for problem in observe_playout(rules, seed)]
    assert not problems, f"{name}:\n" + "\n".join(problems)


# -- defects the flips found, each a scripted test citing its document ---------------------

def test_003_fechado_whole_pile_the_top_card_is_the_one_to_meld_and_the_only_one_known() -> None:
    """003 'Different variants': "For all Fechado variants only the top card in the pile (the
    one placed last) is visible. It is mandatory to play immediately the top card from the
    discard pile." With the whole closed pile taken (a host's choice the ``fechado`` docstring
    names: "the top card must still be melded"), the card to meld is the top one, and the other
    players know of that card only. Before issue 15 the engine asked for the deepest card (004's
    "card you went in for", right only where the depth is chosen), so this take was refused,
    and every card taken was marked known to the other players."""
    rules = preset("fechado", pile_take="whole")
    #   N: 5H 6H 9S KD 4C      pile (bottom to top): 9C KH 7H
    state = position(rules, hands={"N": "5H 6H 9S KD 4C"}, pile="9C KH 7H")
    assert [card.notation() for card in state.view(1).pile] == ["7H"]
    state.apply("take")
    assert state.must_meld is not None and card_of_id(state.must_meld).notation() == "7H"
    assert not state.is_legal("discard 9S")
    assert "meld 5H 6H 7H" in state.legal_actions
    # 004 'The rules in full': where the depth is chosen, the deepest card is the one went in for
    cutthroat = position(preset("cutthroat"), hands={"N": "5H 6H 9S KD 4C"}, pile="9C 7H KH")
    cutthroat.apply("take 2")
    assert cutthroat.must_meld is not None and card_of_id(cutthroat.must_meld).notation() == "7H"
    east = state.view(1)
    assert [card_of_id(card_id).notation() for card_id in east.known_ids[0]] == ["7H"]
    assert leaks(east, state) == []
    aberto = position(preset("brazil-online"), hands={"N": "5H 6H 9S KD 4C"}, pile="9C KH 7H")
    aberto.apply("take")
    assert len(aberto.view(1).known_ids[0]) == 3  # 003 Aberto: the whole pile is visible


def test_002_melds_with_no_swap_the_refusal_does_not_offer_one() -> None:
    """002 'Melds' lets a wild be swapped for the card it stands for (``wild_swap``). A host who
    turns swaps off must not be told that "only the exact card it stands for can replace it":
    before issue 15, adding the 6♥ to 5♥ JK=6♥ 7♥ said so, though the swap is refused."""
    for on in (True, False):
        rules = preset("italian", wild_swap=on)
        state = position(rules, hands={"N": "6H 9C KD 4S"}, melds={"NS": ["5H JK=6H 7H"]}, phase="play")
        why = state.explain_illegal("add m1 6H") or ""
        assert ("swap it in" in why) is on, why
        assert state.is_legal("swap m1 6H") is on
        if not on:
            assert "does not allow swapping a wild card" in why and "can replace it" not in why, why
            assert "002 'Melds'" in why


@pytest.mark.slow
@pytest.mark.parametrize("name", ["italian", "bukharo", "aberto", "brazil-online", "fechado", "cutthroat"])
def test_a_hand_played_under_every_flipped_option_replays_from_its_record(name: str) -> None:
    """One hand of random bots under each flipped ruleset of one preset per document (and
    Fechado, whose pile is closed), written as a record (the ruleset with it) and replayed:
    every action, score and total checks out. The bots play from their views, so this also
    checks that a view's legal actions are the state's."""
    from buraco_learn.game.record import dumps, load, selfplay, verify_record

    problems = []
    for option, value in flips(name):
        rules = flipped(name, option, value)
        if rules is None:
            continue
        record = load(dumps(selfplay(rules, hands=1, seed=5)))
        assert Rules.from_dict(record["rules"]) == rules
        problems += [f"{option}={value!r}: {problem}" for problem in verify_record(record)]
    assert not problems, f"{name}:\n" + "\n".join(problems)


def test_003_fechado_a_closed_pile_s_hidden_cards_do_not_decide_whether_it_may_be_taken() -> None:
    """003 'Different variants': in Fechado "only the top card in the pile (the one placed last)
    is visible", and it must be played. With the whole closed pile taken (a host's choice), the
    take is allowed when the top card can be melded with the hand, never because of cards under
    it the player cannot see: before issue 15 the engine counted them, so a player's view (which
    cannot know them) listed takes the state refused, and random bots played illegal actions."""
    rules = preset("fechado", pile_take="whole")
    #   N: 5S 9C KD 4C      pile (bottom to top): 6S 7S 8S, only the 8♠ seen
    state = position(rules, hands={"N": "5S 9C KD 4C"}, pile="6S 7S 8S")
    assert not state.is_legal("take")  # 6♠ 7♠ would meld the 8♠, but they are not seen
    assert state.view(0).is_legal(Action.parse("take")) is False
    #   N: 6S 7S 9C KD      the same pile: the 8♠ melds with the hand
    state = position(rules, hands={"N": "6S 7S 9C KD"}, pile="5D 10H 8S")
    assert state.is_legal("take") and state.view(0).is_legal(Action.parse("take"))


def test_004_a_depth_is_chosen_down_to_a_card_one_sees() -> None:
    """004 'The rules in full': "You may take any depth of the discard pile, melding the card you
    went in for": a player goes in for a card they see, so ``pile_take='any-depth'`` needs the
    whole pile visible; Rules refuses it with ``pile_visible='top'``."""
    with pytest.raises(InvalidRulesError, match=r"any-depth.*pile_visible"):
        preset("cutthroat", pile_visible="top")
