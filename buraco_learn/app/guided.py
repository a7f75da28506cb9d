"""A guided first hand (lesson 12): a dealt hand of Italian Burraco (002) played step by step.

The deal is fixed (:func:`guided_start`) and so is every action of the hand
(:data:`SCRIPT`, in the order they are played): the learner's fifteen steps over four
turns (draw, meld a set and a run, discard; lay off; meld a whole hand and pick up
the pozzetto directly, make a burraco; meld again) and the bots' moves between them
(West takes the pile, South adds to your run, and South closes). Each step says
in plain words what to do and why, citing 002; the cards to use are marked on the
table. Any other legal move is refused with "Not yet: this step is to ...", and an
illegal one with the engine's own reason; either way nothing changes. Every bot move
comes with a line that says why, shown on the table as it is played.

- :class:`GuidedGame`: the :class:`~buraco_learn.ui.table_game.TableGame` that keeps
  to the script (pure Python; what the browser gets is still only the learner's view);
- :class:`GuidedTable`: the card table showing the step (or the last bot move's
  explanation) on its status line;
- :class:`GuidedHand`: the exercise for a lesson page: the step's instruction and its
  why above the table, Start again, and one task for the stars (:data:`TASK`).

Mistakes, for the stars: a refused attempt is one (a legal move that is not the
step, or an illegal move); several refused attempts at the same step count once.
Presses of a button the table does not offer, or a Meld with no card selected, are
not attempts: nothing was played. The task is passed when the hand is played to its
end.

>>> game = GuidedGame()
>>> game.step_text()
'Step 1 of 15: Press Draw to take the top card of the stock.'
>>> game.act("take")
Traceback (most recent call last):
...
buraco_learn.errors.IllegalActionError: Not yet: this step is to draw a card from the stock (press Draw).
>>> game.act("draw"); game.step_text()
'Step 2 of 15: Lay down your three sevens: select 7♠ 7♥ 7♦ (marked) and press Meld.'
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from buraco_learn.app import parts
from buraco_learn.app.pages import STYLE
from buraco_learn.errors import IllegalActionError
from buraco_learn.game.actions import Action
from buraco_learn.game.position import position
from buraco_learn.game.state import HandState
from buraco_learn.i18n import N_, _, language, use
from buraco_learn.presets import preset
from buraco_learn.ui.card_table import CardTable
from buraco_learn.ui.table_game import TableGame

log = logging.getLogger("buraco_learn.app")

#: The key of the guided hand's task in a lesson's stars.
TASK: Final = "guided hand"
LEARNER: Final = "N"


@dataclass(frozen=True)
class Move:
    """One action of the hand: ``seat`` plays ``action`` (notation, never shown).

    For the learner, ``text`` is the step's instruction, ``why`` its reason (with 002's
    section) and ``goal`` the step in a few words; for a bot, ``text`` is the line that explains the move as it is played.
    """

    seat: str
    action: str
    text: str
    why: str = ""
    goal: str = ""  # the learner's step in a few words, for "Not yet: this step is to ..."

    @property
    def parsed(self) -> Action:
        return Action.parse(self.action)


def _you(action: str, goal: str, text: str, why: str) -> Move:
    return Move(LEARNER, action, text, why, goal)


def _bot(seat: str, action: str, text: str) -> Move:
    return Move(seat, action, text)


DRAW_WHY: Final = N_("Every turn starts with a card from the stock, or with the whole discard pile (002 'Playing a turn').")

#: The whole hand, every action in the order it is played (the engine checks each one).
SCRIPT: Final[tuple[Move, ...]] = (
    # -- your first turn: a set, a run, a discard
    _you("draw", N_("draw a card from the stock (press Draw)"), N_("Press Draw to take the top card of the stock."), DRAW_WHY),
    _you("meld 7S 7H 7D", N_("lay down your three sevens, 7♠ 7♥ 7♦"), N_("Lay down your three sevens: select 7♠ 7♥ 7♦ (marked) and press Meld."),
         N_("Three or more cards of the same rank make a set; your first meld needs no minimum (002 'Melds').")),
    _you("meld 4H 5H 6H", N_("lay down 4♥ 5♥ 6♥ as a run"), N_("Now lay down 4♥ 5♥ 6♥ as a run: select them and press Meld."),
         N_("Three or more cards of one suit in a row make a run (002 'Melds').")),
    _you("discard JD", N_("discard the J♦ you drew"), N_("End your turn: select the J♦ you drew and press Discard."),
         N_("A turn ends with one card on the discard pile; the jack fits none of your cards (002 'Playing a turn').")),
    _bot("E", "draw", N_("East drew from the stock: the lone 4♣ on the pile was no use to East.")),
    _bot("E", "discard KC", N_("East discarded the K♣, a card it did not need.")),
    _bot("S", "draw", N_("South, your partner, drew from the stock: the K♣ on the pile did not help South.")),
    _bot("S", "add m2 7H 8H", N_("South added 7♥ 8♥ to your run of hearts: partners share all their side's melds (002 'Melds').")),
    _bot("S", "discard 9C", N_("South discarded the 9♣ to end the turn.")),
    _bot("W", "take", N_("West took the whole discard pile, 4 cards, because it could use your J♦: "
                      "anyone may take the pile, all of it (002 'Playing a turn').")),
    _bot("W", "meld JD JH JC", N_("West laid down three jacks with your J♦: a discard can help the other side.")),
    _bot("W", "discard 6D", N_("West discarded the 6♦. Your turn again.")),
    # -- your second turn: lay off
    _you("draw", N_("draw a card from the stock (press Draw)"), N_("Your turn: press Draw."), N_("The pile holds only a 6♦, no use to you: draw from the stock (002 'Playing a turn').")),
    _you("add m2 3H", N_("add the 3♥ to your run of hearts"), N_("Lay off the 3♥ you drew: select it and press Add on your run of hearts."),
         N_("You may add cards to your side's melds in any turn: the run grows to 3♥ up to 8♥ (002 'Melds').")),
    _you("discard 5C", N_("discard the 5♣"), N_("Discard the 5♣."),
         N_("A turn always ends with a discard; keep your four spades: one more card may join them (002 'Playing a turn').")),
    _bot("E", "draw", N_("East drew from the stock rather than take the pile.")),
    _bot("E", "discard 10D", N_("East discarded the 10♦ to end the turn: every turn ends with a discard.")),
    _bot("S", "draw", N_("South drew from the stock, as the pile's 10♦ was no use on its own.")),
    _bot("S", "meld 10D JD QD", N_("South laid down a run of diamonds, 10♦ J♦ Q♦: either partner may start a new meld (002 'Melds').")),
    _bot("S", "discard 6C", N_("South discarded the 6♣ to end the turn.")),
    _bot("W", "draw", N_("West drew from the stock rather than take the pile.")),
    _bot("W", "discard AH", N_("West discarded the A♥, a card it did not need. Your turn again.")),
    # -- your third turn: the whole hand down, the pozzetto, a burraco
    _you("draw", N_("draw a card from the stock (press Draw)"), N_("Your turn: press Draw."), DRAW_WHY),
    _you("meld 9S 10S JS QS KS", N_("lay down all five spades, 9♠ to K♠, as one run"), N_("The J♠ fills the gap: select all five spades, 9♠ to K♠, and press Meld."),
         N_("A run may be as long as you like, and this one empties your hand (002 'Melds').")),
    _you("pot", N_("pick up your pozzetto (press Pick up the pozzetto)"), N_("Your hand is empty: press Pick up the pozzetto."),
         N_("The first of a side to empty their hand by melding takes a pozzetto, 11 new cards, and plays on (002 'The pozzetti').")),
    _you("add m2 9H", N_("add the 9♥ to your run of hearts"), N_("Add the 9♥ from your pozzetto to your run of hearts: select it and press Add on the run."),
         N_("Seven cards or more make a burraco; with no wild card it is clean, worth 200 points (002 'Melds').")),
    _you("discard KD", N_("discard the K♦"), N_("Discard the K♦ to end your turn."),
         N_("A turn ends with a discard; a king left in your hand at the end counts 10 points against you (002 'Scoring').")),
    _bot("E", "draw", N_("East drew from the stock rather than take the pile.")),
    _bot("E", "discard 10S", N_("East discarded the 10♠: safe, since your run of spades has its 10 already.")),
    _bot("S", "draw", N_("South drew from the stock rather than take the pile.")),
    _bot("S", "meld 5S 5D 5C", N_("South laid down three fives: fewer cards in hand, nearer to closing.")),
    _bot("S", "discard 4D", N_("South discarded the 4♦ to end the turn.")),
    _bot("W", "draw", N_("West drew from the stock rather than take the pile.")),
    _bot("W", "discard 6C", N_("West discarded the 6♣, a card it did not need. Your turn again.")),
    # -- your fourth turn: one more meld, then your partner closes
    _you("draw", N_("draw a card from the stock (press Draw)"), N_("Your turn: press Draw."),
         N_("Your side has its pozzetto and a burraco, the two things closing needs (002 'Closing').")),
    _you("meld 8C 8D 8H", N_("lay down your three eights"), N_("Lay down your three eights: select them and press Meld."),
         N_("Cards on the table count for your side; cards left in your hand count against it (002 'Scoring').")),
    _you("discard AC", N_("discard the A♣"), N_("Discard the A♣ to end your turn."), N_("An ace left in your hand would count 15 points against you (002 'Scoring').")),
    _bot("E", "draw", N_("East drew from the stock rather than take the pile.")),
    _bot("E", "discard QC", N_("East discarded the Q♣, a card it did not need.")),
    _bot("S", "draw", N_("South drew from the stock rather than take the pile.")),
    _bot("S", "meld AS AD AH", N_("South laid down three aces and holds one card: enough to close with a discard.")),
    _bot("S", "close 10C", N_("South closed the hand by discarding the last card, the 10♣: your side had its pozzetto "
                           "and a burraco, so it could close (002 'Closing').")),
)

#: The learner's steps, in order.
STEPS: Final = tuple(move for move in SCRIPT if move.seat == LEARNER)

SUMMARY: Final = (N_("Well done: that was a whole hand. You drew every turn, laid down sets and runs, added to a meld, "
                  "emptied your hand to pick up the pozzetto, made a clean burraco, and your partner closed. "
                  "The score is just below. Next, play a hand on your own, further down the page."))


def guided_start() -> HandState:
    """The deal of the guided hand: North (the learner) to play first, with one card on the pile.

    >>> state = guided_start()
    >>> len(state.hands[0]), len(state.pile), state.seat_names[state.current]
    (11, 1, 'N')
    """
    return position(
        preset("italian"),
        hands={
            "N": "7S 7H 7D 4H 5H 6H 9S 10S QS KS 5C",
            "E": "3D 8C QH AC 6H KD 9H QS 5H JS 7C",
            "S": "7H 8H 10D JD 5S 5D AS AD 6C 4D 10C",
            "W": "JH JC 3C 6D QC KH 8S 4S 10H 6S 9D",
        },
        pile="4C",
        stock="JD KC 9C 3H 10D QD AH JS 10S 5C 6C 8H QC AH",
        pots=["9H 8C 8D KD AC 3D 6S 10C QH 5D JH", "auto"],
        current="N",
        dealer="W",
    )


class GuidedGame(TableGame):
    """The guided hand's game: the learner's moves must follow :data:`SCRIPT`, the bots play it.

    The next action of the hand is ``SCRIPT[len(state.history)]``, so the script's place
    is the hand's own history (a replay of the deal starts it again).
    """

    def __init__(self) -> None:
        super().__init__(state=guided_start(), bots="beginner", practice=False, seed=14)
        self.review_source = None  # the steps explain the hand; there is no review of a scripted one
        #: Refused attempts: all of them, and the steps (their numbers) that had at least one.
        self.refused = 0
        self.missed_steps: set[int] = set()
        #: How many times the deal was started again (each is a new hand for the count of mistakes).
        self.deal_number = 0
        #: Called after each refused attempt (the exercise counts its mistakes).
        self.on_refused: Callable[[], None] | None = None
        #: The bots' explanation lines since the learner's last move.
        self.recent: list[str] = []
        #: The learner's language when the hand was dealt: its steps speak it for its whole life.
        self._language = language()
        self._mark()

    # -- reading -----------------------------------------------------------------------------
    @property
    def expected(self) -> Move | None:
        """The next action of the script (None once the hand is over)."""
        done = len(self.state.history)
        return SCRIPT[done] if done < len(SCRIPT) and not self.state.over else None

    @property
    def step_number(self) -> int:
        """The learner's step now due, from 1 (``len(STEPS) + 1`` once all are played)."""
        return sum(1 for move in SCRIPT[:len(self.state.history)] if move.seat == LEARNER) + 1

    def step_text(self) -> str:
        """The status line: the step to do, the last bot move's explanation, or the summary."""
        move = self.expected
        with use(self._language):
            if self.state.over:
                return _(SUMMARY)
            if move is not None and move.seat == LEARNER:
                return _("Step {number} of {steps}: {text}", number=self.step_number, steps=len(STEPS), text=_(move.text))
            return self.recent[-1] if self.recent else ""

    # -- playing -----------------------------------------------------------------------------
    def act(self, action: Action | str) -> None:
        """Play the learner's move if it is the step; refuse any other legal move with the step's words
        (an illegal one raises the engine's reason); a refusal changes nothing."""
        if isinstance(action, str):
            action = Action.parse(action)
        move = self.expected
        if self.learner_turn and move is not None and move.seat == LEARNER and action != move.parsed:
            self._missed()
            if self.state.is_legal(action):
                with use(self._language):
                    refusal = _("Not yet: this step is to {goal}.", goal=_(move.goal))
                raise IllegalActionError(refusal)
        super().act(action)  # an illegal move raises the engine's reason and changes nothing
        self.recent = []
        self._mark()

    def _missed(self) -> None:
        self.refused += 1
        self.missed_steps.add(self.step_number)
        if self.on_refused is not None:
            self.on_refused()

    def bot_step(self) -> Action | None:
        """The bot whose turn it is plays the script's move (checked by the engine) and its line is kept."""
        if not self.bots_to_move:
            return None
        move = self.expected
        seat = self.state.current
        if move is None or self.state.seat_names[seat] != move.seat:  # pragma: no cover - a script out of step
            raise IllegalActionError(f"the guided hand's script is out of step at action {len(self.state.history) + 1}")
        action = move.parsed
        pile, melds = len(self.state.pile), len(self.state.melds)
        self.state.apply(action)
        self._record(seat, action, pile, melds)
        with use(self._language):
            line = _(move.text)
        self._lines[-1] = {"seat": move.seat, "text": line}  # the move in words, with its why
        self.recent.append(line)
        if self.state.over:
            self._finish()
        self._mark()
        return action

    def _mark(self) -> None:
        """Mark the cards of the learner's next step on the table (no hint text: the step says it)."""
        move = self.expected
        action = move.parsed if move is not None and move.seat == LEARNER else None
        cards = [card.notation() for group in action.groups for card in group] + [card.notation() for card in action.cards] if action is not None else []
        self.hint = {"rung": 0, "of": 0, "text": "", "cards": cards, "action": ""} if cards else {}
        # the step's why, where the coach's comments go (under the buttons); the table's switch hides it
        with use(getattr(self, "_language", language())):
            why = _(move.why) if move is not None and move.why else ""
        self.comment = {"text": why, "verdict": "none", "action": ""} if action is not None and move is not None and self.comments else {}

    def _comment_on(self, before: Any, action: Action) -> dict[str, Any]:
        return {}  # no coach's opinion of a scripted move: the next step's why is shown instead

    def replay_deal(self) -> None:
        """The same deal again, from step 1 (its refused attempts counted afresh)."""
        super().replay_deal()
        self.recent = []
        self.missed_steps = set()
        self.deal_number += 1
        self._mark()

    def offers(self) -> dict[str, str]:
        offers = super().offers()
        with use(self._language):
            offers["hint"] = _("the step above the table says what to do; its cards are marked")
        return offers


class GuidedTable(CardTable):
    """The card table of the guided hand: its status line is the step, or the bots' latest move explained."""

    def __init__(self, game: GuidedGame | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("allow_highlight", False)
        kwargs.setdefault("comments", True)
        super().__init__(game=game or GuidedGame(), **kwargs)

    def _sync(self) -> None:
        game = self.game
        if not isinstance(game, GuidedGame):  # pragma: no cover - always a guided game
            super()._sync()
            return
        with self.hold_sync():
            game._mark()
            super()._sync()
            text = game.step_text()
            if text and self.table.get("status") != text:
                self._syncing = True
                try:
                    self.table = {**self.table, "status": text}
                finally:
                    self._syncing = False


PANEL_STYLE: Final = """<style>
.guided-hand{line-height:1.45;border-left:4px solid #0b57d0;background:#f3f7fe;padding:.3em .8em;margin:.3em 0 .6em}
.guided-hand p,.guided-hand ul{margin:.25em 0}.guided-hand ul{padding-left:1.3em}.guided-hand li{margin:.1em 0}
.guided-hand .guided-why{color:#333}
</style>"""


class GuidedHand:
    """The guided first hand on a lesson page: the step and its why, the table, Start again; one task for the stars."""

    def __init__(self, page: Any = None, *, autoplay: bool = True, pace: float = 1.2) -> None:
        self.page = page
        self.autoplay = autoplay
        self.pace = pace
        self.panel = parts.html()
        self.again = parts.button(_("Start again"), icon="refresh", tooltip=_("Deal the guided hand again from its first step"),
                                  own_layout=True)
        self._language = language()
        self.again.layout.align_self = "flex-start"
        self.again.on_click(lambda _button: self.restart())
        self.holder = parts.box()
        self.table: GuidedTable | None = None
        self.recorded = False
        self.widget = parts.vbox([self.panel, self.holder, self.again])
        self.widget.add_class("bl-guided")  # pages and tests tell this table from the free hand's by it
        if page is not None:
            page.task(TASK)
        self.restart()

    def __repr__(self) -> str:
        return "GuidedHand()"

    @property
    def game(self) -> GuidedGame:
        assert self.table is not None
        game = self.table.game
        assert isinstance(game, GuidedGame)
        return game

    @property
    def state(self) -> HandState:
        return self.game.state

    def restart(self) -> None:
        """The guided hand from its first step (the learner's choice of bot speed stays)."""
        old = self.table
        pace = float(old.pace) if old is not None else self.pace
        self.table = GuidedTable(autoplay=self.autoplay, pace=pace, layout=parts.layout())
        self.table.observe(lambda _change: self.update(), names=["table", "error"])
        self.game.on_refused = self.update
        self.holder.children = [self.table]
        self.recorded = False
        self._counted: set[tuple[int, int]] = set()
        if old is not None:
            old.close()
        self.update()

    def play(self, action: str) -> None:
        """Play the learner's move as the table would (for checks and tests)."""
        assert self.table is not None
        self.table.play(action)

    def advance(self) -> None:
        """Play the bots' moves now, up to the learner's next step (without an event loop)."""
        assert self.table is not None
        self.table.advance()

    def update(self) -> None:
        try:
            self._count()
            self.panel.value = self.panel_html()
        except Exception:  # shown, never a traceback in the page
            log.exception("the guided hand could not show its step")
            with use(self._language):
                failed = _("The step could not be shown just now: press Start again.")
            self.panel.value = f'{STYLE}<p class="buraco-feedback wrong">{failed}</p>'

    def _count(self) -> None:
        """Report to the page: the first refused attempt at each step is a mistake; the hand's end passes the task."""
        game = self.game
        if self.page is None:
            return
        for step in sorted(game.missed_steps):
            if (game.deal_number, step) not in self._counted:  # a replay of the deal counts afresh
                self._counted.add((game.deal_number, step))
                self.page.answered(TASK, False)
        if game.state.over and not self.recorded:
            self.recorded = True
            self.page.record_quiz(1, 1, TASK)
            self.page.answered(TASK, True)

    def panel_html(self) -> str:
        """What the panel above the table says: the step and why, what the others just did, or the summary."""
        with use(getattr(self, "_language", language())):
            return self._panel_html()

    def _panel_html(self) -> str:
        game = self.game
        move = game.expected
        parts_html: list[str] = []
        if game.state.over:
            summary = html.escape(_(SUMMARY))
            parts_html.append(f'<p class="guided-step"><strong>{summary}</strong></p>')
            mistakes = len(game.missed_steps)
            tries = (_("No step needed a second try.") if not mistakes
                     else _("Steps that needed another try: {n}.", n=mistakes))
            parts_html.append(f"<p>{tries}</p>")
        elif move is not None and move.seat == LEARNER:
            step = _("<strong>Step {number} of {steps}:</strong> {text}", number=game.step_number, steps=len(STEPS),
                     text=html.escape(_(move.text)))
            why = _("<em>Why:</em> {why}", why=html.escape(_(move.why)))
            parts_html.append(f'<p class="guided-step">{step}</p><p class="guided-why">{why}</p>')
        else:
            watch = _("<strong>Watch:</strong> the others are playing; each move is explained.")
            parts_html.append(f'<p class="guided-step">{watch}</p>')
        if game.recent:
            items = "".join(f"<li>{html.escape(line)}</li>" for line in game.recent)
            others = _("What the others did since your move:")
            parts_html.append(f'<p class="guided-others">{others}</p><ul class="guided-others">{items}</ul>')
        label = html.escape(_("The guided hand"))
        return f'{STYLE}{PANEL_STYLE}<div class="guided-hand" role="region" aria-label="{label}" aria-live="polite">{"".join(parts_html)}</div>'
