"""The card table widget: play a hand of Burraco against bots, in a notebook or a Voila page.

The learner sits in one seat; bots play the other seats (opponents and partner,
a level chosen per seat) at a pace the learner sets. The browser draws the
learner's view and reports what the learner wants to do; :class:`TableGame`
(plain Python attributes, never synced) decides everything with the engine.

Only the learner's ``PlayerView.to_dict()``, turned into what the table draws
(:func:`buraco_learn.ui.table_view.present`), is ever synced: no other hand, no
pot card, no stock order. Other players' cards are face-down cards that carry only
"face-down card".

In a lesson:

- a hand against bots, legal plays marked: ``CardTable("italian", seed=3, highlight=True)``;
- a position to solve (no marks, no undo): ``CardTable(state=position(...), practice=False,
  allow_highlight=False)``, then check ``table.state.history`` or ``table.decisions`` in
  Python (they are never sent to the browser);
- after the hand, ``Replayer(table)`` steps through it with every card face up;
- the app saves a game with ``table.to_json()`` and resumes it with ``CardTable.from_json``.

>>> table = CardTable("italian", seed=5, bots="random", pace=0)
>>> table.advance()                  # no event loop here: play the bots' turns now
>>> table
CardTable(rules='italian', seat='N', hand 1, turn 0, North to draw)
>>> sorted(table.browser_traits)
['comments', 'four_colour', 'hand_order', 'highlight', 'large', 'pace', 'selected', 'sort']
>>> sorted(table.intents)  # doctest: +NORMALIZE_WHITESPACE
['add', 'close', 'discard', 'draw', 'hint', 'hurry', 'meld', 'next_hand', 'pot', 'redraw', 'replay', 'review',
 'swap', 'take', 'undo']
"""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Final, TypeVar

import traitlets

from buraco_learn.cards import card_of_id
from buraco_learn.errors import BuracoError, IllegalActionError, InvalidRecordError
from buraco_learn.game.actions import Action
from buraco_learn.game.state import HandState
from buraco_learn.i18n import N_, _, language, use
from buraco_learn.rules import Rules
from buraco_learn.ui.base import BuracoWidget, intent, log, module_asset, static_asset
from buraco_learn.ui.hints import CommentSource, HintSource, ReviewSource
from buraco_learn.ui.table_game import DEFAULT_LEVEL, Decision, TableGame
from buraco_learn.ui.table_view import SORTS, hand_order, physical_id, present, refusal_text, seat_word, status_text

MAX_PACE = 5.0
#: The table's requests for cards, by what the cards are for (each a whole message).
_CHOOSE: Final = {"meld": N_("choose the cards to meld from your hand"), "add": N_("choose the cards to add from your hand"),
                  "swap": N_("choose the cards to swap from your hand"), "discard": N_("choose the cards to discard from your hand"),
                  "close": N_("choose the cards to close from your hand")}
_SELECT_FIRST: Final = {"meld": N_("select the cards to meld first, then press Meld"),
                        "add": N_("select the cards to add first, then press Add"),
                        "swap": N_("select the cards to swap first, then press Swap"),
                        "discard": N_("select the cards to discard first, then press Discard"),
                        "close": N_("select the cards to close first, then press Close")}
_EXACTLY_ONE: Final = {"swap": N_("select exactly one card to swap (you selected {n})"),
                       "discard": N_("select exactly one card to discard (you selected {n})"),
                       "close": N_("select exactly one card to close (you selected {n})")}


#: The options a saved table may carry, with their types; nothing else is passed on (a saved game
#: holding ``_esm``, ``_css``, ``layout`` ... is refused, not obeyed).
SAVED_OPTIONS: Final = {"sort": str, "hand_order": list, "pace": float, "highlight": bool, "allow_highlight": bool,
                        "comments": bool, "four_colour": bool, "large": bool}
MAX_HAND = 200  # more cards than any hand holds (two decks)


_Method = TypeVar("_Method", bound=Callable[..., Any])


def spoken(method: _Method) -> _Method:
    """The method runs in the table's language (the one it was built in), whatever the caller's is now:
    a table built in Italian writes its log, refusals and status in Italian for its whole life."""

    @functools.wraps(method)
    def run(self: CardTable, *args: Any, **kwargs: Any) -> Any:
        with use(self._language):
            return method(self, *args, **kwargs)

    return run  # type: ignore[return-value]


def saved_options(options: Any) -> dict[str, Any]:
    """The table's options from a saved game, checked: only :data:`SAVED_OPTIONS`, each of its type and
    within its bounds; anything else raises an :class:`InvalidRecordError` saying what is wrong.

    >>> saved_options({"sort": "rank", "pace": 1})
    {'sort': 'rank', 'pace': 1.0}
    >>> saved_options({"_esm": "alert(1)"})
    Traceback (most recent call last):
    ...
    buraco_learn.errors.InvalidRecordError: the saved table's options hold '_esm', which a table does not have (it has allow_highlight, comments, four_colour, hand_order, highlight, large, pace, sort)
    """
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise InvalidRecordError(f"the saved table's options must be an object, not {type(options).__name__}")
    checked: dict[str, Any] = {}
    for name, value in options.items():
        kind = SAVED_OPTIONS.get(name) if isinstance(name, str) else None
        if kind is None:
            raise InvalidRecordError(f"the saved table's options hold {str(name)[:40]!r}, which a table does not have "
                                     f"(it has {', '.join(sorted(SAVED_OPTIONS))})")
        if kind is float:
            good = isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= MAX_PACE
            value = float(value) if good else value
        elif kind is str:
            good = value in SORTS
        elif kind is list:
            good = (isinstance(value, list) and len(value) <= MAX_HAND
                    and all(isinstance(key, str) and key[:1] == "c" and key[1:].isascii() and key[1:].isdigit() and len(key) <= 4 for key in value))
        else:
            good = isinstance(value, bool)
        if not good:
            raise InvalidRecordError(f"the saved table's option {name!r} is not valid: {str(value)[:40]!r}")
        checked[name] = value
    return checked


class CardTable(BuracoWidget):
    """A card table for one learner.

    ``CardTable(rules="italian", *, seat="N", bots="beginner", seed=None,
    practice=True, highlight=False, allow_highlight=True, pace=0.8, autoplay=True,
    hint_source=None, review_source=None, state=None, game=None, sort="suit",
    four_colour=False, large=False)``

    - ``bots``: one level for every other seat, one per seat, or ``{seat: level}``.
    - ``seed``: the match's seed (deals and bots); ``state``: play a position instead
      (:func:`buraco_learn.game.position.position`), alone, not in a match.
    - ``practice``: undo is allowed. ``highlight``: mark legal plays (lessons);
      ``allow_highlight=False`` hides the switch and refuses it (quizzes).
    - ``pace``: seconds between the bots' actions; ``autoplay``: the bots play by
      themselves on the kernel's running event loop (``call_later``). Without a running
      loop (plain Python, tests) call :meth:`advance`.
    - ``hint_source``: ``(view, rung) -> hint``; ``review_source``: ``(decisions) -> review``
      (both default to the coach; see :mod:`buraco_learn.ui.hints`).
    - ``comments``: after each of the learner's moves the coach says whether it would have
      played the same and, if not, why its choice was better (``comment_source``:
      ``(view before the move, action) -> comment``, the coach by default).

    Synced, read only in the browser: ``table`` (the learner's view as drawn, with the
    status, the ``notice`` a lesson put first on it, the whole hand's log in words, the
    hint, the hand-end result and which controls work; each meld carries its ``tag``, the
    number texts name it by) and ``error`` (why the last action was refused, in words:
    the engine's reason without its "illegal action" prefix, or which button to press).
    The browser may set ``selected`` (ids of hand cards), ``sort`` ('suit', 'rank',
    'manual'), ``hand_order`` (the hand rearranged by hand), ``pace``, ``highlight``,
    ``comments``, ``four_colour`` and ``large``, and send the intents ``draw``, ``take`` (``depth``),
    ``redraw``, ``meld`` (``cards`` or ``groups``, else the selection), ``add`` (``meld``,
    ``cards``), ``swap`` (``meld``, ``card``), ``discard`` (``card``), ``pot``, ``close``
    (``card``), ``hint``, ``undo``, ``replay`` (the same deal again), ``next_hand``,
    ``review`` (the coach's review of the hand just finished) and ``hurry`` (play the
    bots' turns now). The same actions are methods here (``close`` is :meth:`close_hand`,
    since ``close`` closes the widget).
    """

    _esm = module_asset("card_table.js")
    _css = static_asset("buraco.css", "card_table.css")

    table = traitlets.Dict(help="The table as the learner sees it (derived from their view only).").tag(sync=True)
    selected = traitlets.List(traitlets.Unicode(), help="Ids of the selected cards of the hand.").tag(sync=True)
    sort = traitlets.Unicode("suit", help="How the hand is ordered: 'suit', 'rank' or 'manual'.").tag(sync=True)
    hand_order = traitlets.List(traitlets.Unicode(), help="The hand's order (ids), as arranged.").tag(sync=True)
    pace = traitlets.Float(0.8, help="Seconds between the bots' actions.").tag(sync=True)
    highlight = traitlets.Bool(False, help="Mark the legal plays.").tag(sync=True)
    allow_highlight = traitlets.Bool(True, help="Whether the learner may switch the marking of legal plays on.").tag(sync=True)
    comments = traitlets.Bool(False, help="The coach comments on each of the learner's moves.").tag(sync=True)

    browser_traits: ClassVar[frozenset[str]] = BuracoWidget.browser_traits | {
        "selected", "sort", "hand_order", "pace", "highlight", "comments",
    }

    def __init__(
        self,
        rules: Rules | str | None = None,
        *,
        seat: str = "N",
        bots: str | Sequence[str | None] | Mapping[str, str] = DEFAULT_LEVEL,
        seed: int | None = None,
        practice: bool = True,
        highlight: bool = False,
        allow_highlight: bool = True,
        pace: float = 0.8,
        autoplay: bool = True,
        hint_source: HintSource | None = None,
        review_source: ReviewSource | None = None,
        state: HandState | None = None,
        game: TableGame | None = None,
        sort: str = "suit",
        comments: bool = False,
        comment_source: CommentSource | None = None,
        **kwargs: Any,
    ) -> None:
        if game is None:
            game = TableGame(rules, seat=seat, bots=bots, seed=seed, practice=practice, hint_source=hint_source,
                             review_source=review_source, state=state, comment_source=comment_source)
        elif comment_source is not None:
            game.comment_source = comment_source
        game.comments = comments
        if sort not in SORTS:
            raise BuracoError(f"unknown sort order {sort!r}: choose one of {', '.join(SORTS)}")
        if not 0 <= pace <= MAX_PACE:
            raise BuracoError(f"pace must be between 0 and {MAX_PACE:g} seconds, not {pace!r}")
        #: The game (hidden cards included): plain Python, never synced.
        self.game = game
        self.autoplay = autoplay
        self._timer: asyncio.TimerHandle | None = None
        self._epoch = 0
        self._version = 0
        self._order: list[str] = []
        self._closed = False
        self._notice = ""
        #: The learner's language when the table was built: it speaks it for its whole life.
        self._language = language()
        self._syncing = True  # no syncing from observers until the widget is built
        super().__init__(sort=sort, pace=float(pace), highlight=highlight and allow_highlight,
                         allow_highlight=allow_highlight, comments=comments, **kwargs)
        self._syncing = False
        self._sync()
        self._schedule()

    # -- reading -----------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def state(self) -> HandState:
        """The hand in progress (every card): for lessons' checks and tests, never for the browser."""
        return self.game.state

    @property
    def decisions(self) -> list[Decision]:
        """The learner's decisions so far (view and action), for the coach's post-hand review."""
        return self.game.decisions

    @property
    def notice(self) -> str:
        """What the table says first on its status line ('' for nothing): a position's goal reached, and what next."""
        return self._notice

    @notice.setter
    def notice(self, text: str) -> None:
        if text != self._notice:
            self._notice = text
            self._sync()

    # -- syncing -----------------------------------------------------------------------------
    def _sync(self) -> None:
        with use(self._language):
            self._sync_now()

    def _handle_custom_msg(self, content: Any, buffers: Any) -> None:
        """An intent from the page, answered in the table's language (whatever the kernel's is now)."""
        with use(self._language):
            super()._handle_custom_msg(content, buffers)

    def _sync_now(self) -> None:
        game = self.game
        player_view = game.view()
        view = player_view.to_dict()
        self._order = hand_order(view["hand"], self.sort, self._order)
        table = present(view, self.rules, order=self._order, highlight=self.highlight, levels=game.level_names, fresh=game.fresh,
                        scores=game.totals)
        over_text = game.result["ending"] if game.result else ""
        self._version += 1
        table.update({
            "version": self._version,
            "status": status_text(table, over_text=over_text, notice=self._notice),
            "notice": self._notice,
            "log": game.log_view(),
            "hint": self._hint_view(view),
            "result": game.result or {},
            "review": game.review,
            "comment": game.comment,
            # how many moves the learner has to choose from (1: a forced move, which the coach does not comment on)
            "choices": len(player_view.legal) if game.learner_turn else 0,
            # the intents offered now (TableGame.offers, the table every intent is checked against)
            "controls": {
                **{name: not why for name, why in game.offers().items()},
                "practice": game.practice,
                "allow_highlight": self.allow_highlight,
            },
        })
        held = set(self._order)
        self._syncing = True
        try:
            with self.hold_sync():
                self.table = table
                self.hand_order = list(self._order)
                self.selected = [key for key in self.selected if key in held]
        finally:
            self._syncing = False

    def _hint_view(self, view: Mapping[str, Any]) -> dict[str, Any]:
        hint = self.game.hint
        if not hint:
            return {}
        free: dict[str, list[str]] = {}
        for entry in view["hand"]:
            free.setdefault(entry["card"], []).append(f"c{entry['id']}")
        ids = [free[text].pop(0) for text in hint["cards"] if free.get(text)]
        return {**hint, "ids": ids, "heading": _("Hint {rung} of {of}: ", rung=hint.get("rung", 1), of=hint.get("of", 3))}

    # -- the bots' turns ---------------------------------------------------------------------
    def _cancel(self) -> None:
        self._epoch += 1
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _schedule(self, since: float | None = None) -> None:
        """Schedule the next bot action on the running event loop, if there is one: ``pace``
        seconds after ``since`` (the loop's time the last bot action began; default now), so
        the time a bot takes to choose and the table to redraw is part of the pace, not added to it."""
        self._cancel()
        if not (self.autoplay and self.game.bots_to_move):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no running loop: advance() plays the bots' turns
        delay = self.pace if since is None else max(0.0, self.pace - (loop.time() - since))
        self._timer = loop.call_later(delay, self._tick, self._epoch)

    def _tick(self, epoch: int) -> None:
        with use(self._language):
            self._tick_now(epoch)

    def _tick_now(self, epoch: int) -> None:
        if epoch != self._epoch or self._closed:
            return
        self._timer = None
        since = asyncio.get_running_loop().time()
        try:
            with self.hold_sync():
                self.game.bot_step()
                self._sync()
        except Exception:
            log.exception("a bot's turn failed on the card table")
            self.error = _("A bot could not play its turn: an internal error in buraco-learn (logged), not a mistake of yours.")
            return
        self._schedule(since)

    @spoken
    def advance(self, steps: int | None = None) -> None:
        """Play the bots' turns now (all of them until the learner's turn, or ``steps``)."""
        self._cancel()
        with self.hold_sync():
            self.game.run_bots(steps)
            self._sync()
        self._schedule()

    def close(self) -> None:
        """Close the widget and stop the bots' scheduled turns."""
        self._closed = True
        if getattr(self, "_timer", None) is not None:
            self._cancel()
        super().close()

    # -- browser updates ---------------------------------------------------------------------
    def validate_browser_update(self, name: str, value: Any) -> Any:
        held = set(self._order)
        if name == "selected":
            if len(set(value)) != len(value) or not set(value) <= held:
                raise BuracoError(f"you can select only cards of your hand, once each: {value!r}")
        elif name == "hand_order":
            if sorted(value) != sorted(held):
                raise BuracoError("a new order of the hand must list exactly the cards of your hand")
        elif name == "sort":
            if value not in SORTS:
                raise BuracoError(f"unknown sort order {value!r}: choose one of {', '.join(SORTS)}")
        elif name == "pace":
            if not 0 <= value <= MAX_PACE:
                raise BuracoError(f"pace must be between 0 and {MAX_PACE:g} seconds, not {value!r}")
        elif name == "highlight" and value and not self.allow_highlight:
            raise BuracoError("marking the legal plays is switched off here")
        return value

    def intent_refusal(self, name: str) -> str:
        """An intent the table does not offer now (:meth:`TableGame.offers`) is refused, whatever the page sent."""
        return self.game.offers().get(name, f"{name!r} is not offered at this table")

    def refusal_words(self, why: str) -> str:
        """Refusals on the table are sentences in words (:func:`~buraco_learn.ui.table_view.refusal_text`)."""
        return refusal_text(why)

    @traitlets.observe("sort", "highlight")
    def _display_changed(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._sync()

    @traitlets.observe("comments")
    def _comments_changed(self, change: dict[str, Any]) -> None:
        self.game.comments = bool(change["new"])
        if not change["new"]:
            self.game.comment = {}
        if not self._syncing:
            self._sync()

    @traitlets.observe("hand_order")
    def _order_changed(self, change: dict[str, Any]) -> None:
        if self._syncing or list(change["new"]) == self._order:
            return
        self._order = list(change["new"])
        self._syncing = True
        try:
            self.sort = "manual"
        finally:
            self._syncing = False
        self._sync()

    # -- the learner's actions -----------------------------------------------------------------
    def _cards(self, ids: Any, what: str) -> list[Any]:
        if ids is None:
            ids = list(self.selected)
        if isinstance(ids, str) or not isinstance(ids, list | tuple):
            raise BuracoError(_(_CHOOSE[what]))
        hand = self.game.state.hands[self.game.seat]
        cards = []
        for key in ids:
            try:
                card_id = physical_id(key)  # the one reading of a browser's card id
            except BuracoError:
                card_id = None
            if card_id is None or card_id not in hand:
                raise BuracoError(_("you can use only the cards of your hand"))
            cards.append(card_of_id(card_id))
        if not cards:
            raise BuracoError(_(_SELECT_FIRST[what]))
        return cards

    def _one(self, card: Any, what: str) -> Any:
        cards = self._cards([card] if card is not None else None, what)
        if len(cards) != 1:
            raise BuracoError(_(_EXACTLY_ONE[what], n=len(cards)))
        return cards[0]

    @staticmethod
    def _meld_number(meld: Any) -> int:
        if isinstance(meld, str) and meld[:1] == "m" and meld[1:].isascii() and meld[1:].isdigit():
            meld = int(meld[1:])
        if isinstance(meld, bool) or not isinstance(meld, int) or meld < 1:
            raise BuracoError(_("choose one of the melds on the table"))
        return meld

    @spoken
    def play(self, action: Action | str) -> None:
        """Play the learner's action (notation or :class:`Action`); an illegal one raises an
        :class:`IllegalActionError` in the table's words (:meth:`TableGame.refusal`) and changes nothing."""
        if isinstance(action, str):
            action = Action.parse(action)
        try:
            self.game.act(action)
        except IllegalActionError as error:
            raise IllegalActionError(self.game.refusal(action, error)) from None
        self.selected = []
        self._sync()
        self._schedule()

    @intent("draw")
    @spoken
    def draw(self) -> None:
        """Draw the top card of the stock."""
        self.play(Action.draw())

    @intent("take")
    @spoken
    def take(self, depth: int | None = None) -> None:
        """Take the discard pile (``depth`` cards from the top under cut-throat)."""
        if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 1):
            raise BuracoError(_("choose how many cards to take from the top of the pile"))
        self.play(Action.take(depth))

    @intent("redraw")
    @spoken
    def redraw(self) -> None:
        """First turn of 001: throw back the card drawn and draw another."""
        self.play(Action.redraw())

    @intent("meld")
    @spoken
    def meld(self, cards: Sequence[str] | None = None, groups: Sequence[Sequence[str]] | None = None) -> None:
        """Lay down the selected cards (or ``cards``) as a new meld; ``groups`` lays several at once."""
        if groups is not None:
            if isinstance(groups, str) or not isinstance(groups, list | tuple) or not groups:
                raise BuracoError(_("choose the cards of each meld from your hand"))
            parts = [tuple(self._cards(group, "meld")) for group in groups]
        else:
            parts = [tuple(self._cards(cards, "meld"))]
        self.play(Action.meld(*parts))

    @intent("add")
    @spoken
    def add(self, meld: int | str, cards: Sequence[str] | None = None) -> None:
        """Add the selected cards (or ``cards``) to meld ``meld`` of your side."""
        self.play(Action.add(self._meld_number(meld), tuple(self._cards(cards, "add"))))

    @intent("swap")
    @spoken
    def swap(self, meld: int | str, card: str | None = None) -> None:
        """Put the selected card (or ``card``) in place of the wild card it stands for in ``meld``."""
        self.play(Action.swap(self._meld_number(meld), self._one(card, "swap")))

    @intent("discard")
    @spoken
    def discard(self, card: str | None = None) -> None:
        """Discard the selected card (or ``card``), ending the turn."""
        self.play(Action.discard(self._one(card, "discard")))

    @intent("pot")
    @spoken
    def pot(self) -> None:
        """Pick up the pot after emptying the hand."""
        self.play(Action.pot())

    @intent("close")
    @spoken
    def close_hand(self, card: str | None = None) -> None:
        """Close by discarding the last card (the selected one, or ``card``); where the rules allow, close with none."""
        if card is None and not self.selected and not self.game.state.hands[self.game.seat]:
            self.play(Action.close())
            return
        self.play(Action.close(self._one(card, "close")))

    @intent("hint")
    @spoken
    def hint(self) -> None:
        """The next rung of the hint ladder."""
        self.game.ask_hint()
        self._sync()

    @intent("review")
    @spoken
    def review(self) -> None:
        """The coach's review of your decisions in the hand just finished."""
        self.game.ask_review()
        self._sync()

    @intent("undo")
    @spoken
    def undo(self) -> None:
        """Practice mode: back to just before your last action."""
        self._cancel()
        self.game.undo()
        self.selected = []
        self._sync()
        self._schedule()

    @intent("replay")
    @spoken
    def replay(self) -> None:
        """Play the same deal again."""
        self._cancel()
        self.game.replay_deal()
        self.selected = []
        self._sync()
        self._schedule()

    @intent("next_hand")
    @spoken
    def next_hand(self) -> None:
        """Deal the next hand of the match."""
        self._cancel()
        self.game.next_hand()
        self.selected = []
        self._sync()
        self._schedule()

    @intent("hurry")
    @spoken
    def hurry(self) -> None:
        """Play the bots' turns now, up to yours."""
        self.advance()

    # -- saving ------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The game in progress and the table's options, as JSON (see :meth:`from_json`)."""
        data = self.game.to_dict()
        data["options"] = {"sort": self.sort, "hand_order": list(self._order), "pace": self.pace,
                           "highlight": self.highlight, "allow_highlight": self.allow_highlight, "comments": self.comments,
                           "four_colour": self.four_colour, "large": self.large}
        return json.dumps(data, sort_keys=True, ensure_ascii=False)

    @classmethod
    def from_json(
        cls, text: str, *, hint_source: HintSource | None = None, review_source: ReviewSource | None = None, **kwargs: Any
    ) -> CardTable:
        """A table resumed from :meth:`to_json`; keyword arguments override the saved options."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise InvalidRecordError(f"a saved table is JSON, and this is not: {str(error)[:120]}") from None
        game = TableGame.from_json(data, hint_source=hint_source, review_source=review_source)
        options = saved_options(data.get("options"))
        order = options.pop("hand_order", [])
        options.update(kwargs)
        table = cls(game=game, **options)
        if order and sorted(order) == sorted(table._order):
            table.hand_order = order
        return table

    def repr_fields(self) -> str:
        game = self.game
        state = game.state
        where = f"{seat_word(state.seat_names[state.current])} to {state.phase}" if not state.over else "hand over"
        return f"rules={self.rules.name!r}, seat={game.seat_name!r}, hand {game.hands_played + (0 if state.over else 1)}, turn {state.turn}, {where}"
