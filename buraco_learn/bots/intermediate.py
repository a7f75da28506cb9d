"""The intermediate bot: good heuristics, no search.

It plays the way the documents' strategy tips advise (000 'Strategy tips', 001
'Easy first-game tips', 002 'Tips for beginners'):

- **keeps pairs and near-runs**: it discards the card that does least for its hand
  (:meth:`~buraco_learn.bots.heuristics.Position.card_use`);
- **saves wild cards** for melds that are nearly burracos, and does not spoil a clean
  meld with a wild unless that completes a burraco;
- **values the pile**: takes it when its cards fit the hand or the side's melds better
  than a stock card would (:meth:`~buraco_learn.bots.heuristics.Position.take_gain`);
- **discards safely**: avoids cards that extend or finish the opponents' melds, match
  cards they took from the pile, or are wild (:meth:`~buraco_learn.bots.heuristics.Position.danger`);
- **times the pot**: prefers melds that empty the hand while the pot is there, and
  melds everything it can once the stock runs low;
- **closes whenever it can**.

The same choice function, :func:`choose`, drives the fast rollout policy of the
strong bot (:func:`fast_step`), which acts inside sampled worlds without listing every
legal action.

>>> import random
>>> from buraco_learn import preset
>>> from buraco_learn.game import HandState
>>> rules = preset("italian")
>>> state = HandState.new(rules, random.Random(8))
>>> bot = IntermediateBot(rules, seed=1)
>>> while not state.over:
...     state.apply(bot.act(state.view(state.current)))
>>> state.end_reason in ("closed", "stock", "stalemate")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from buraco_learn.cards import Card
from buraco_learn.errors import BuracoError, IllegalActionError
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.game.state import HandState
from buraco_learn.game.view import PlayerView
from buraco_learn.rules import Rules

from .heuristics import DEFAULT_WEIGHTS, Position, Weights, action_codes, default_weights, meld_facts, pile_taken, run_code

_CARD = tuple(Card.from_code(code) for code in range(53))
_DISCARD = tuple(Action(A.DISCARD, cards=(card,)) for card in _CARD)


def check_view(view: object, who: str) -> PlayerView:
    """Bots act from a :class:`PlayerView` only; anything else (a state above all) is refused."""
    if not isinstance(view, PlayerView):
        raise TypeError(f"{who} acts from a PlayerView only, not {type(view).__name__}: pass state.view(seat)")
    return view


def score_action(pos: Position, action: Action) -> float:
    """The heuristic value of one action in ``pos`` (comparable within its kind of decision)."""
    kind = action.kind
    if kind == A.DRAW:
        return pos.w.draw_value
    if kind == A.TAKE:
        return pos.take_gain(pile_taken(pos, action))
    if kind == A.REDRAW:
        return pos.w.draw_value - (pos.card_use(pos.drawn) if pos.drawn is not None else pos.w.draw_value)
    if kind == A.MELD:
        return sum(pos.meld_gain([card.code for card in group], None) for group in action.groups) - 8.0 * (len(action.groups) - 1)
    if kind in (A.ADD, A.SWAP):
        return pos.meld_gain([card.code for card in action.cards], pos.meld_by_id(action.target), swap=kind == A.SWAP)
    if kind == A.DISCARD:
        return pos.discard_score(action.cards[0].code)
    if kind == A.CLOSE:
        return 1000.0
    return 0.0  # pot: the only action when it is legal


def rank_actions(pos: Position, actions: Iterable[Action]) -> list[tuple[float, Action]]:
    """Actions with their heuristic values, in the order the intermediate bot prefers them.

    Close first; then melds worth making (value above zero), then a redraw worth
    making, then discards; a meld with no value ranks after the discards. In the draw
    phase, draw and take by value.
    """
    ranked: list[tuple[float, float, int, Action]] = []
    for order, action in enumerate(actions):
        value = score_action(pos, action)
        kind = action.kind
        if kind in (A.CLOSE, A.POT):
            tier = 4.0
        elif kind in (A.MELD, A.ADD, A.SWAP):
            tier = 3.0 if value > 0 else 0.0
        elif kind == A.REDRAW:
            tier = 2.0 if value > 0 else 0.5
        else:
            tier = 1.0
        ranked.append((-tier, -value, order, action))
    ranked.sort(key=lambda item: item[:3])
    return [(-value, action) for _, value, _, action in ranked]


def choose(pos: Position, actions: Iterable[Action]) -> Action:
    """The intermediate bot's choice among ``actions`` (all legal)."""
    ranked = rank_actions(pos, actions)
    if not ranked:
        raise BuracoError(f"no legal action to choose from (phase {pos.phase})")
    return ranked[0][1]


class IntermediateBot:
    """Plays by the heuristics in :mod:`buraco_learn.bots.heuristics` (see the module docstring).

    Deterministic: the seed is kept for the interface, ties are broken by the
    actions' fixed order. Keyword options change the heuristics' :class:`Weights`
    (e.g. ``IntermediateBot(rules, 1, wild_keep=60.0)``).
    """

    name = "intermediate"

    def __init__(self, rules: Rules, seed: int | None = None, **weights: float) -> None:
        self.rules = rules
        self.seed = seed
        self.weights = default_weights(rules, **weights)

    def act(self, view: PlayerView) -> Action:
        view = check_view(view, "the intermediate bot")
        legal = view.legal
        if not legal:
            raise BuracoError(f"the intermediate bot was asked to act with no legal action (phase {view.phase})")
        if len(legal) == 1:
            return legal[0]
        return choose(Position.from_view(view, self.weights), legal)


# -- the fast policy for rollouts -------------------------------------------------------


def fast_proposals(pos: Position) -> list[Action]:
    """Likely good actions in the play phase, built from the hand without listing every legal action.

    Single-card additions to the side's melds (and swaps for the wilds they hold), the
    longest clean runs and sets in the hand, wild additions that finish a burraco (any
    wild meld late in the hand), every discard and the close.
    """
    rules = pos.rules
    t = pos.t
    counts = pos.counts
    hand_codes = sorted(set(pos.hand))
    out: list[Action] = []
    if len(pos.hand) == 1 and pos.can_close():
        out.append(Action(A.CLOSE, cards=(_CARD[pos.hand[0]],)))
    late = pos.endgame > 0.5
    wild_codes = [code for code in hand_codes if t.wild[code]]
    for code in hand_codes:
        meld_id = pos.own_target.get(code)
        if meld_id is not None and not t.wild[code]:
            meld = pos.meld_by_id(meld_id)
            kind = A.SWAP if meld is not None and code in meld_facts(meld, rules).stands else A.ADD
            out.append(Action(kind, cards=(_CARD[code],), target=meld_id))
    if wild_codes:
        for meld_id, length in pos.own_wild_room.items():
            if late or length + 1 >= rules.burraco_length:
                out.append(Action(A.ADD, cards=(_CARD[wild_codes[0]],), target=meld_id))
    groups: list[list[int]] = []
    naturals = [code for code in hand_codes if not t.wild[code]]
    if rules.runs:
        positions: dict[int, list[int]] = {}
        for code in naturals:
            suit, rank0 = divmod(code, 13)
            positions.setdefault(suit, []).append(rank0 + 1 if rank0 else 1)
            if rank0 == 0:
                positions[suit].append(14)
        for suit, places in positions.items():
            places.sort()
            stretch: list[int] = []
            last = -1
            for place in places:
                if place != last + 1 and len(stretch) >= rules.min_meld_cards:
                    groups.append(stretch)
                if place != last + 1:
                    stretch = []
                stretch.append(run_code(suit, place))
                last = place
            if len(stretch) >= rules.min_meld_cards:
                groups.append(stretch)
    if rules.sets:
        by_rank: dict[int, list[int]] = {}
        for code in naturals:
            by_rank.setdefault(code % 13, []).extend([code] * (1 if rules.distinct_suit_sets else counts[code]))
        have_sets = None
        for rank0, cards in by_rank.items():
            if len(cards) + (1 if late and wild_codes else 0) < rules.min_meld_cards:
                continue
            if rules.one_set_per_rank:
                if have_sets is None:
                    have_sets = {int(m.meld.rank) - 1 for m in pos.melds if m.side == pos.side and m.meld.kind == "set" and m.meld.rank}
                if rank0 in have_sets:
                    continue
            if rules.max_set_cards:
                cards = cards[: rules.max_set_cards]
            if len(cards) >= rules.min_meld_cards:
                groups.append(cards)
            elif len(cards) >= rules.min_naturals:
                groups.append([*cards, wild_codes[0]])
    for group in groups:
        out.append(Action(A.MELD, groups=(tuple(_CARD[code] for code in sorted(group)),)))
    out += [_DISCARD[code] for code in hand_codes]
    return out


def _uses(action: Action, code: int) -> bool:
    return code in action_codes(action)


def fast_step(state: HandState, seat: int | None = None, weights: Weights = DEFAULT_WEIGHTS) -> Action:
    """Play one action for the player to move in a (sampled) state, quickly; returns it.

    Only that player's own hand and the public facts are read. Proposals come from
    :func:`fast_proposals` and are checked by the state itself; when none of them is
    legal (rare: an opening minimum, a card from the pile that must be melded with a
    wild), the full legal list is used.
    """
    if seat is None:
        seat = state.current
    phase = state.phase
    if phase == "pot":
        action = Action(A.POT)
        state.apply(action)
        return action
    pos = Position.from_state(state, seat, weights)
    if phase == "draw":
        options: list[Action] = []
        if state.stock:
            options.append(Action(A.DRAW))
        if state.pile:
            if state.rules.pile_take == "any-depth":
                options += [Action(A.TAKE, target=depth) for depth in range(1, min(len(state.pile), 6) + 1)]
            else:
                options.append(Action(A.TAKE))
        ranked = rank_actions(pos, options)
    else:
        proposals = fast_proposals(pos)
        if pos.must_meld is not None:
            code = pos.must_meld
            proposals = [action for action in proposals if action.kind in (A.MELD, A.ADD, A.SWAP) and _uses(action, code)]
        ranked = rank_actions(pos, proposals)
    for _, action in ranked:
        try:
            state.apply(action)
        except IllegalActionError:
            continue
        return action
    legal = list(state.legal_actions)
    if not legal:
        raise BuracoError(f"no legal action in a simulated position (phase {phase})")
    action = choose(pos, legal)
    state.apply(action)
    return action


def best_of(pos: Position, actions: Sequence[Action], count: int) -> list[Action]:
    """The ``count`` actions the intermediate heuristics like best (for a search to consider)."""
    return [action for _, action in rank_actions(pos, actions)[:count]]
