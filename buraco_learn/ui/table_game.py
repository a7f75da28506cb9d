"""The card table's game: a learner in one seat, bots in the others (pure Python, no Jupyter).

:class:`TableGame` holds the whole :class:`~buraco_learn.game.HandState` in plain
attributes; the learner (and anything it shows) gets only
:meth:`TableGame.view`, the learner's :class:`~buraco_learn.game.view.PlayerView`.
It plays the learner's actions (an illegal one raises the engine's explanation and
changes nothing), lets the bots play their turns one step at a time (each bot sees
only its own view), keeps undo snapshots in practice mode, records the learner's
decisions (view and action) for the coach's review, plays the same deal again,
deals the next hand of a match, and saves and restores a game in progress as JSON.

>>> game = TableGame("italian", seed=5, bots="random")
>>> game.seat_name, game.levels
('N', [None, 'random', 'random', 'random'])
>>> steps = game.run_bots()          # the bots play until it is North's turn
>>> game.learner_turn, game.state.phase
(True, 'draw')
>>> game.act("discard 5H")
Traceback (most recent call last):
...
buraco_learn.errors.IllegalActionError: illegal action 'discard 5H': first draw a card from the stock or take the discard pile (002 'Playing a turn')
>>> game.act("draw"); game.state.phase, len(game.decisions)
('play', 1)
>>> game.undo(); game.state.phase, len(game.decisions)
('draw', 0)
>>> TableGame.from_json(game.to_json()).view().to_dict() == game.view().to_dict()
True
"""

from __future__ import annotations

import copy
import json
import logging
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from buraco_learn.errors import BuracoError, IllegalActionError, InvalidRecordError
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.game.deal import Deal, seat_names
from buraco_learn.game.match import Match
from buraco_learn.game.record import bot_seed
from buraco_learn.game.state import HandState
from buraco_learn.game.view import PlayerView
from buraco_learn.game.words import card_text, cards_list, meld_label
from buraco_learn.i18n import N_, _, language, ngettext
from buraco_learn.presets import preset
from buraco_learn.rules import Rules
from buraco_learn.scoring import burraco_word, pot_word
from buraco_learn.sources import cite
from buraco_learn.ui.hints import (
    RUNGS,
    CommentSource,
    HintSource,
    ReviewSource,
    make_comment_source,
    make_hint_source,
    make_review_source,
    normalise_comment,
    normalise_hint,
    normalise_review,
)
from buraco_learn.ui.table_view import (
    card_id,
    cards_words,
    log_effects,
    log_sentence,
    meld_name,
    refusal_text,
    result_view,
    seat_word,
    side_word,
)
from buraco_learn.vocabulary import vocabulary

log = logging.getLogger("buraco_learn.ui")

FORMAT: Final = "buraco-learn-table"
VERSION: Final = 1
DEFAULT_LEVEL: Final = "beginner"
MAX_BOT_STEPS: Final = 5000
_NUMBERS: Final = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}
#: How a hand ended, in words (the engine's ``end_reason`` is a code: ``closed``, ``stock``, ``stalemate``).
_END_WORDS: Final = {"closed": N_("closed"), "stock": N_("the stock ran out"), "stalemate": N_("stalemate")}
#: What a table refuses in words (the intents it does not offer now, and why), each a whole message.
_POT_FIRST: Final = {
    "pozzetto": N_("you have emptied your hand: pick up your pozzetto first"),
    "morto": N_("you have emptied your hand: pick up your morto first"),
    "pot": N_("you have emptied your hand: pick up your pot first"),
}
_POT_WHO: Final = {
    "pozzetto": N_("the pozzetto is picked up only by a player who has just emptied their hand"),
    "morto": N_("the morto is picked up only by a player who has just emptied their hand"),
    "pot": N_("the pot is picked up only by a player who has just emptied their hand"),
}


@dataclass(frozen=True)
class Decision:
    """One decision of the learner: the view they had and the action they chose.

    ``hand`` counts the hands played at this table (a replay of the same deal is a new one).
    """

    hand: int
    view: PlayerView
    action: Action

    def __iter__(self) -> Iterator[Any]:
        """Unpacks as ``(view, action)``, the pair the coach's review takes."""
        return iter((self.view, self.action))


@dataclass
class _Snapshot:
    state: HandState
    bots: list[Any]
    decisions: int
    log: int
    baseline: frozenset[int]


def _rules(rules: Rules | str | None) -> Rules:
    if rules is None:
        return preset("italian")
    return preset(rules) if isinstance(rules, str) else rules


def _levels(bots: str | Sequence[str | None] | Mapping[str, str], rules: Rules, seat: int) -> list[str | None]:
    names = seat_names(rules.players)
    if isinstance(bots, str):
        levels: list[str | None] = [bots] * rules.players
    elif isinstance(bots, Mapping):
        unknown = sorted(set(bots) - set(names))
        if unknown:
            raise BuracoError(f"unknown seat(s) {unknown} for bots: seats are {', '.join(names)}")
        levels = [bots.get(name, DEFAULT_LEVEL) for name in names]
    else:
        levels = list(bots)
        if len(levels) != rules.players:
            raise BuracoError(f"give one bot level per seat ({rules.players}), not {len(levels)}")
    levels[seat] = None
    return levels


class TableGame:
    """A learner's game at the card table.

    ``TableGame(rules="italian", seat="N", bots="beginner", seed=None, practice=True,
    hint_source=None, review_source=None, state=None)``: ``bots`` is one level for every other seat, a
    list with one level per seat (the learner's entry is ignored) or a dict of
    seat -> level (missing seats get ``beginner``). Without ``state`` the table
    deals a match from ``seed``; with ``state`` (a position, see
    :func:`buraco_learn.game.position.position`) it plays that hand alone. Hints and
    the post-hand review come from the coach by default (see :mod:`buraco_learn.ui.hints`).
    """

    def __init__(
        self,
        rules: Rules | str | None = None,
        *,
        seat: str = "N",
        bots: str | Sequence[str | None] | Mapping[str, str] = DEFAULT_LEVEL,
        seed: int | None = None,
        practice: bool = True,
        hint_source: HintSource | None = None,
        review_source: ReviewSource | None = None,
        state: HandState | None = None,
        comments: bool = False,
        comment_source: CommentSource | None = None,
    ) -> None:
        self.rules = _rules(rules) if state is None else state.rules
        names = seat_names(self.rules.players)
        if seat not in names:
            raise BuracoError(f"unknown seat {seat!r}: seats are {', '.join(names)}")
        self.seat = names.index(seat)
        self.levels = _levels(bots, self.rules, self.seat)
        self.seed = random.randrange(2**31) if seed is None else int(seed)
        self.practice = practice
        self.hint_source: HintSource = hint_source or make_hint_source(self.rules, self.seed)
        self.review_source: ReviewSource | None = review_source or make_review_source(self.rules, self.seed)
        #: Whether the coach comments on each of the learner's moves (``comment``), and who comments.
        self.comments = comments
        self._comment_source = comment_source
        self.match: Match | None = None
        if state is None:
            self.match = Match(self.rules, self.seed)
            state = self.match.new_hand()
        self.hands_played = 0
        self.decisions: list[Decision] = []
        self._begin(state, counted=self.match is not None)

    def _begin(self, state: HandState, counted: bool) -> None:
        if state.three_way:
            # Work-around: PlayerView.to_dict() cannot name three sides' match totals once the
            # three-player variant has split into two sides; only 001's opening minimum reads
            # them, and 001 has no three-player variant. The table shows the match's totals.
            state.scores = {}
        self.state = state
        self.start = state.clone()
        self.counted = counted
        self.bots: list[Any] = [self._make_bot(seat) for seat in range(self.rules.players)]
        self.undo_stack: list[_Snapshot] = []
        self.log: list[tuple[int, Action]] = []
        self._lines: list[dict[str, str]] = []  # the log in words, one line per entry of ``log``
        self.result: dict[str, Any] | None = None
        self.hint: dict[str, Any] = {}
        self.review: dict[str, Any] = {}
        self.comment: dict[str, Any] = {}
        self._baseline = frozenset(state.hands[self.seat])
        if state.over:  # pragma: no cover - a finished position
            self._finish()

    def _make_bot(self, seat: int) -> Any:
        level = self.levels[seat]
        if level is None:
            return None
        from buraco_learn.bots import make_bot

        return make_bot(level, self.rules, seed=bot_seed(self.seed, seat))

    # -- reading ---------------------------------------------------------------------------
    @property
    def seat_name(self) -> str:
        return self.state.seat_names[self.seat]

    @property
    def learner_turn(self) -> bool:
        return self.state.current == self.seat and not self.state.over

    @property
    def bots_to_move(self) -> bool:
        return not self.state.over and self.state.current != self.seat

    def view(self) -> PlayerView:
        """The learner's view: all the table ever shows."""
        view: PlayerView = self.state.view(self.seat)
        return view

    @property
    def fresh(self) -> list[str]:
        """Browser ids of the learner's cards that arrived since their last action."""
        return [card_id(physical) for physical in self.state.hands[self.seat] if physical not in self._baseline]

    @property
    def level_names(self) -> dict[str, str]:
        return {self.state.seat_names[seat]: level for seat, level in enumerate(self.levels) if level}

    @property
    def totals(self) -> dict[str, int]:
        """The match's totals by team (after this hand once it is counted), or a position's starting scores."""
        if self.match is not None:
            return dict(self.match.totals)
        names = self.state.side_names
        return {names[side]: points for side, points in self.start.scores.items() if side < len(names)}

    @property
    def can_undo(self) -> bool:
        return self.practice and bool(self.undo_stack)

    @property
    def can_next_hand(self) -> bool:
        return self.match is not None and self.state.over and self.match.winner is None

    def log_view(self, last: int | None = None) -> list[dict[str, str]]:
        """The hand's actions so far (or the ``last`` few), in words, newest last (all of them public):
        ``{"seat": "E", "text": "East laid down 5♥ 6♥ 7♥, a run of hearts (meld 4)."}``; once the
        hand is over, a last line (seat ``""``) says how it ended."""
        lines = [dict(line) for line in self._lines]
        if self.result:
            lines.append({"seat": "", "text": str(self.result["ending"])})
        return lines if last is None else lines[-last:] if last > 0 else []

    def _whose(self, actor: int, side: int) -> str:
        """Whose a meld of ``side`` is, said of ``actor``'s action to the learner: "your" (the learner's own),
        "ours" (the learner's side's), "yours" (the learner's, where everyone plays alone), "their" (the
        actor's side's) or "side" (another side's: see :func:`~buraco_learn.ui.table_view.log_sentence`)."""
        state = self.state
        mine = state.side_of[self.seat]
        ours = "yours" if vocabulary(self.rules).alone else "ours"
        if side == state.side_of[actor]:
            return "your" if actor == self.seat else ours if side == mine else "their"
        return ours if side == mine and actor != self.seat else "your" if side == mine else "side"

    def _record(self, seat: int, action: Action, pile: int, melds: int) -> None:
        """Log ``action``, just played by ``seat`` (``pile``, ``melds``: their counts before it), with its words."""
        state = self.state
        self.log.append((seat, action))
        named = {meld.id: (meld.meld, self._whose(seat, meld.side), side_word(state.side_names[meld.side])) for meld in state.melds}
        laid, taken = log_effects(action, state, pile, melds)
        text = log_sentence(action, you=seat == self.seat, who=seat_word(state.seat_names[seat]), melds=named, laid=laid,
                            taken=taken, pot=pot_word(self.rules))
        self._lines.append({"seat": state.seat_names[seat], "text": text})

    def refusal(self, action: Action, error: BaseException | str) -> str:
        """What the table says when it refuses the learner's ``action``: the engine's reason in
        words, and where a button does what was meant, which one to press."""
        state = self.state
        if (self.learner_turn and action.kind == A.DISCARD and action.cards and len(state.hands[self.seat]) == 1
                and state.is_legal(Action.close(action.cards[0]))):
            source = cite("close_by_discard", self.rules.source).short()
            return _("Close by discarding the {card}: press Close ({source}).", card=card_text(action.cards[0]), source=source)
        need = self.rules.min_meld_cards
        short = next((group for group in action.groups if len(group) < need), None) if action.kind == A.MELD else None
        if self.learner_turn and state.phase == "play" and short is not None:
            source = cite("min_meld", self.rules.source).short()
            if language() == "en":
                few = "is only one card" if len(short) == 1 else f"are only {_NUMBERS.get(len(short), str(len(short)))} cards"
                return refusal_text(f"{cards_list(short)} {few}: a meld needs {_NUMBERS.get(need, str(need))} ({source})")
            return ngettext("{cards}: only {n} card, and a meld needs {need} ({source}).",
                            "{cards}: only {n} cards, and a meld needs {need} ({source}).", len(short),
                            cards=cards_words(short), need=need, source=source)
        return refusal_text(error)

    # -- playing ---------------------------------------------------------------------------
    def act(self, action: Action | str) -> None:
        """Play the learner's action; an illegal one raises the engine's explanation and changes nothing."""
        if isinstance(action, str):
            action = Action.parse(action)
        state = self.state
        if not self.learner_turn:
            source = cite("draw", self.rules.source).short()
            if language() == "en":
                who = "nobody's: the hand is over" if state.over else f"{seat_word(state.seat_names[state.current])}'s"
                raise IllegalActionError(f"illegal action {action.notation()!r}: it is {who} turn, not yours ({source})")
            reason = (_("it is nobody's turn: the hand is over ({source})", source=source) if state.over
                      else _("it is {who}'s turn, not yours ({source})", who=seat_word(state.seat_names[state.current]), source=source))
            raise IllegalActionError(_("illegal action {action}: {reason}", action=repr(action.notation()), reason=reason))
        before = self.view()
        snapshot = _Snapshot(state.clone(), copy.deepcopy(self.bots), len(self.decisions), len(self.log), self._baseline)
        pile, melds = len(state.pile), len(state.melds)
        state.apply(action)  # raises and changes nothing when illegal
        if self.practice:
            self.undo_stack.append(snapshot)
        self.decisions.append(Decision(self.hands_played, before, action))
        self._record(self.seat, action, pile, melds)
        self._baseline = frozenset(snapshot.state.hands[self.seat])
        self.hint = {}
        self.comment = self._comment_on(before, action) if self.comments else {}
        if state.over:
            self._finish()

    @property
    def comment_source(self) -> CommentSource | None:
        """Who comments on the learner's moves: the coach (made when first needed) unless one was given."""
        if self._comment_source is None:
            self._comment_source = make_comment_source(self.rules, self.seed)
        return self._comment_source

    @comment_source.setter
    def comment_source(self, source: CommentSource | None) -> None:
        self._comment_source = source

    def _comment_on(self, before: PlayerView, action: Action) -> dict[str, Any]:
        """The coach's opinion of ``action`` played from ``before`` ({} for a forced move or without a coach)."""
        source = self.comment_source
        if source is None or len(before.legal) <= 1:
            return {}
        try:
            return normalise_comment(source(before, action), action)
        except Exception:  # a comment must never break the game
            log.exception("the coach could not comment on %s", action.notation())
            return {}

    def bot_step(self) -> Action | None:
        """Let the bot whose turn it is play one action (None when it is not a bot's turn)."""
        if not self.bots_to_move:
            return None
        seat = self.state.current
        action: Action = self.bots[seat].act(self.state.view(seat))
        pile, melds = len(self.state.pile), len(self.state.melds)
        self.state.apply(action)
        self._record(seat, action, pile, melds)
        if self.state.over:
            self._finish()
        return action

    def run_bots(self, limit: int | None = None) -> int:
        """Let the bots play until it is the learner's turn or the hand ends (at most ``limit`` steps)."""
        steps = 0
        while self.bots_to_move and (limit is None or steps < limit):
            self.bot_step()
            steps += 1
            if steps > MAX_BOT_STEPS:  # pragma: no cover - a bot that never ends a turn
                raise BuracoError(f"the bots did not finish after {MAX_BOT_STEPS} actions")
        return steps

    def _finish(self) -> None:
        state = self.state
        scores = state.score()
        totals: dict[str, int] | None = None
        winner = None
        if self.match is not None:
            if self.counted:
                self.match.finish_hand(state)
            totals = dict(self.match.totals)
            winner = self.match.winner
        closed = state.seat_names[state.closed_by] if state.closed_by is not None else None
        self.result = result_view(
            scores, end_reason=state.end_reason, closed_by=closed, my_side=state.side_names[state.side_of[self.seat]],
            totals=totals, counted=self.counted, winner=winner, you=self.seat_name,
            melds={name: [(meld.meld.notation(unicode=True), f"{meld_name(meld.meld)} ({meld_label(meld.id)})")
                          for meld in state.side_melds(side)] for side, name in enumerate(state.side_names)},
            word=burraco_word(self.rules),
        )
        self.undo_stack.clear()  # a finished hand is scored: no going back into it
        self.hands_played += 1

    def undo(self) -> None:
        """Practice mode: go back to just before the learner's last action (bots' moves since are undone too)."""
        if not self.practice:
            raise BuracoError(_("undo is only for practice games"))
        if not self.undo_stack:
            raise BuracoError(_("there is nothing to undo: you have not acted yet this hand"))
        snapshot = self.undo_stack.pop()
        self.state = snapshot.state
        self.bots = snapshot.bots
        del self.decisions[snapshot.decisions:]
        del self.log[snapshot.log:]
        del self._lines[snapshot.log:]
        self._baseline = snapshot.baseline
        self.hint = {}
        self.comment = {}

    def replay_deal(self) -> None:
        """Play the same deal again from its start, once this hand is over (it does not count in the match again)."""
        if not self.state.over:
            raise BuracoError(self.offers()["replay"])
        self._begin(self.start.clone(), counted=False)

    def next_hand(self) -> None:
        """Deal the next hand of the match (once this hand is over)."""
        if self.match is None:
            raise BuracoError(_("this table plays a single position: there is no next hand"))
        if not self.state.over:
            raise BuracoError(_("finish this hand first"))
        if self.match.winner is not None:
            raise BuracoError(_("the match is over: {side} won", side=side_word(self.match.winner)))
        self._begin(self.match.new_hand(), counted=True)

    @property
    def hand_decisions(self) -> list[Decision]:
        """The learner's decisions in the hand at the table (the last one, once it is over)."""
        number = self.hands_played - 1 if self.state.over else self.hands_played
        return [decision for decision in self.decisions if decision.hand == number]

    @property
    def can_review(self) -> bool:
        return self.state.over and self.review_source is not None and not self.review

    def offers(self) -> dict[str, str]:
        """Which of the table's intents the learner may use now: intent -> ``""`` when offered, else why not.

        The one table of what is allowed when: it fills the ``controls`` the page shows, and
        every intent from the page is checked against it before anything is played
        (an offered move may still be refused by the engine, which changes nothing).

        >>> game = TableGame("italian", seed=5, bots="random"); _ = game.run_bots()
        >>> sorted(name for name, why in game.offers().items() if not why)
        ['draw', 'hint', 'take']
        >>> game.offers()["replay"]
        'the same deal can be played again once this hand is over'
        """
        state = self.state
        pot = pot_word(self.rules)

        def cited(text: str, rule: str) -> str:  # in the engine's words, with the rule's source
            return _("{reason} ({source})", reason=text, source=cite(rule, self.rules.source).short())

        if state.over:
            reason = _(_END_WORDS[state.end_reason]) if language() != "en" and state.end_reason in _END_WORDS else state.end_reason
            busy = cited(_("the hand is over ({end_reason})", end_reason=reason), "close_conditions")
        elif not self.learner_turn:
            busy = cited(_("it is {who}'s turn, not yours", who=seat_word(state.seat_names[state.current])), "draw")
        else:
            busy = ""

        def phase(wanted: str) -> str:
            if busy or state.phase == wanted:
                return busy
            if state.phase == "pot":
                return cited(_(_POT_FIRST.get(pot, _POT_FIRST["pot"])), "pot")
            if wanted == "pot":
                return cited(_(_POT_WHO.get(pot, _POT_WHO["pot"])), "pot")
            if state.phase == "draw":
                return cited(_("first draw a card from the stock or take the discard pile"), "draw")
            return cited(_("you have drawn already; now meld, add or discard"), "draw")

        play = phase("play")
        offers = {
            "draw": phase("draw"),
            "take": phase("draw") or ("" if state.pile else _("the discard pile is empty")),
            "redraw": play or ("" if self.rules.first_turn_redraw else _("these rules do not let you throw back and redraw")),
            "meld": play, "add": play, "swap": play, "discard": play, "close": play,
            "pot": phase("pot"),
            "hint": "" if self.learner_turn else _("a hint is for your own turn"),
            "undo": _("undo is only for practice games") if not self.practice else "" if self.can_undo else (
                _("a finished hand is scored: there is no going back into it") if state.over
                else _("there is nothing to undo: you have not acted yet this hand")),
            "hurry": "" if self.bots_to_move else (_("the hand is over") if state.over else _("it is your turn")),
            "replay": "" if state.over else _("the same deal can be played again once this hand is over"),
            "next_hand": "" if self.can_next_hand else (
                _("this table plays a single position: there is no next hand") if self.match is None
                else _("finish this hand first") if not state.over else _("the match is over")),
            "review": "" if self.can_review else (
                _("the coach reviews a hand once it is over") if not state.over
                else _("there is no coach here to review the hand") if self.review_source is None
                else _("the coach has reviewed this hand already")),
        }
        return offers

    def ask_review(self) -> dict[str, Any]:
        """The coach's review of the learner's decisions in the hand just finished."""
        if not self.state.over:
            raise BuracoError(_("the coach reviews a hand once it is over"))
        if self.review_source is None:
            raise BuracoError(_("there is no coach here to review the hand"))
        if not self.review:
            self.review = normalise_review(self.review_source(self.hand_decisions))
        return self.review

    def ask_hint(self) -> dict[str, Any]:
        """The next rung of the hint ladder for the learner's position (back to 1 after the last)."""
        if not self.learner_turn:
            raise BuracoError(_("a hint is for your own turn"))
        rung = int(self.hint.get("rung", 0)) % RUNGS + 1
        self.hint = normalise_hint(self.hint_source(self.view(), rung), rung)
        return self.hint

    # -- saving ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The game in progress: the match's finished hands and this hand's deal and actions."""
        if self.match is None:
            raise BuracoError("a table started from a position cannot be saved: start it from a deal (seed) instead")
        state = self.state
        finished = self.match.hands[:-1] if self.counted and state.over else self.match.hands
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "seat": self.seat_name,
            "levels": self.levels,
            "practice": self.practice,
            "hands": [hand.to_dict() for hand in finished],
            "hand": {
                "deal": self.start.deal.to_dict(),
                "scores": {str(side): points for side, points in self.start.scores.items()},
                "counted": self.counted,
                "actions": [action.notation() for action in state.history],
            },
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False)

    @classmethod
    def from_json(
        cls, text: str | Mapping[str, Any], *, hint_source: HintSource | None = None, review_source: ReviewSource | None = None
    ) -> TableGame:
        """Restore a game saved by :meth:`to_json`; a record that does not replay raises."""
        data = json.loads(text) if isinstance(text, str) else dict(text)
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
            raise InvalidRecordError(f"not a saved buraco-learn table (expected \"format\": {FORMAT!r}, version {VERSION})")
        try:
            rules = Rules.from_dict(data["rules"])
            hand = data["hand"]
            game = cls(rules, seat=data["seat"], bots=data["levels"], seed=int(data["seed"]),
                       practice=bool(data["practice"]), hint_source=hint_source, review_source=review_source)
            assert game.match is not None
            for number, recorded in enumerate(data["hands"], 1):
                if number > 1:
                    game._begin(game.match.new_hand(), counted=True)
                game._replay(recorded["actions"], f"hand {number}", recorded["deal"])
            if hand["counted"]:
                if data["hands"]:
                    game._begin(game.match.new_hand(), counted=True)
                game._replay(hand["actions"], "the hand in progress", hand["deal"])
            else:
                deal = Deal.from_dict(hand["deal"], rules)
                scores = {int(side): int(points) for side, points in hand["scores"].items()}
                game._begin(HandState.from_deal(rules, deal, scores), counted=False)
                game._replay(hand["actions"], "the hand in progress", None)
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, InvalidRecordError):
                raise
            raise InvalidRecordError(f"the saved table is incomplete or malformed: {error}") from None
        return game

    def _replay(self, actions: Sequence[str], where: str, deal: Any) -> None:
        """Replay recorded actions on the current hand (bots are asked too, to keep their state in step)."""
        if deal is not None and self.start.deal.to_dict() != deal:
            raise InvalidRecordError(f"{where}: the deal does not follow from the seed")
        for number, text in enumerate(actions, 1):
            try:
                action = Action.parse(text)
                if self.learner_turn:
                    self.act(action)
                else:
                    seat = self.state.current
                    self.bots[seat].act(self.state.view(seat))
                    pile, melds = len(self.state.pile), len(self.state.melds)
                    self.state.apply(action)
                    self._record(seat, action, pile, melds)
                    if self.state.over:
                        self._finish()
            except BuracoError as error:
                raise InvalidRecordError(f"{where}, action {number} ({text!r}): {error}") from None
