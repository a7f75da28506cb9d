"""Tasks on the cards (issue 14): a hand, a goal, the learner's clicks, the engine's verdict (pure Python).

A lesson's stage is a :class:`Step`: a title and a seeded generator of :class:`CardTask` variants
("make a run from your hand", "add a card to this run", "swap the joker out" ...). A task holds a
hand of cards (and, for some, cards on the table) and a :class:`Goal`; :func:`judge` decides the
learner's pick with the engine (:func:`~buraco_learn.melds.check_meld`, :func:`~buraco_learn.extend.check_add`,
:func:`~buraco_learn.extend.check_swap`) and explains it with the rule and its document, and :func:`solve`
finds a right answer the engine accepts (every generated task has one: the generator checks).

:class:`TaskRun` is a lesson's steps in progress: select cards, check, and after a wrong answer the
reason, one right answer marked on the hand and :meth:`TaskRun.another`, a fresh variant of the same
step (generated, never the same hand again). A step is passed when answered right.
:meth:`TaskRun.view` is what the learner may see: the right answer only once it was missed.

>>> from buraco_learn.app.taskdata import load
>>> MELDS = load("melds")["cards"].build()   # lesson 2's steps (lessons/tasks/melds.toml)
>>> run = TaskRun(MELDS, seed=5)
>>> run.view()["prompt"]
'Make a set: click three cards of the same rank, then press the button.'
>>> run.check([card_id for card_id in run.solution_ids()])
True
>>> run.stage, run.view()["passed"][0]
('right', True)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from buraco_learn.cards import Card, Rank, Suit, format_cards, sort_cards
from buraco_learn.errors import BuracoError
from buraco_learn.extend import check_add, check_swap
from buraco_learn.i18n import N_, _, ngettext
from buraco_learn.melds import Meld, Verdict, check_meld
from buraco_learn.presets import preset
from buraco_learn.problems import Problem
from buraco_learn.rules import Rules
from buraco_learn.ui.quizgen import legal_head, meld_why, quote_rule
from buraco_learn.ui.table_view import meld_name
from buraco_learn.ui.views import cards_view

#: The most card ids the browser may send in one pick (a hand never holds more).
MAX_PICK: Final = 20


class TaskError(BuracoError):
    """A pick that does not fit the task (an unknown card, a card twice, the wrong moment)."""


# -- goals --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Goal:
    """What a right answer must be, beyond legal: ``miss(verdict, picked)`` says why a legal one is not it ('' when it is)."""

    miss: Callable[[Verdict, tuple[Card, ...]], str] = field(default=lambda verdict, picked: "")


def _ace_place(verdict: Verdict) -> str:
    meld = verdict.meld
    if meld is None or verdict.kind != "run":
        return ""
    slots = meld.slots
    for index, slot in enumerate(slots):
        if slot.card.rank is Rank.ACE and not slot.wild:
            return "low" if index == 0 else "high"
    return ""


#: "That is a legal <found>, but the task asks for a <wanted>", by (found, wanted): a whole message each.
_OTHER_KIND: Final = {
    ("set", "run"): N_("That is a legal set, but the task asks for a run {rule}."),
    ("run", "set"): N_("That is a legal run, but the task asks for a set {rule}."),
}
#: "That is a legal <kind> of N cards, but the task asks for more", by kind.
_TOO_SHORT: Final = {
    "set": N_("That is a legal set of {count} cards, but the task asks for {least} or more."),
    "run": N_("That is a legal run of {count} cards, but the task asks for {least} or more."),
}


def _other_kind(found: str | None, wanted: str, rules: Rules) -> str:
    message = _OTHER_KIND.get((str(found), wanted))
    rule = quote_rule(wanted, rules)
    if message is None:
        return f"That is a legal {found}, but the task asks for a {wanted} {rule}."  # pragma: no cover - a meld is a set or a run
    return _(message, rule=rule)


def goal_kind(kind: str, *, at_least: int = 0) -> Goal:
    """A new meld of ``kind`` ('set' or 'run'), of ``at_least`` cards."""

    def miss(verdict: Verdict, picked: tuple[Card, ...]) -> str:
        rules = verdict.rules
        if verdict.kind != kind:
            return _other_kind(verdict.kind, kind, rules)
        if len(picked) < at_least:
            return _(_TOO_SHORT[kind], count=len(picked), least=at_least)
        return ""

    return Goal(miss)


def goal_wild(kind: str | None = None) -> Goal:
    """A legal meld (of ``kind``) holding a wild card."""

    def miss(verdict: Verdict, picked: tuple[Card, ...]) -> str:
        rules = verdict.rules
        if kind is not None and verdict.kind != kind:
            return _other_kind(verdict.kind, kind, rules)
        if verdict.meld is not None and not any(slot.wild for slot in verdict.meld.slots):
            return _("That meld is legal but has no wild card in it; the task asks you to use one {rule}.",
                     rule=quote_rule("wilds", rules))
        return ""

    return Goal(miss)


def goal_natural_two() -> Goal:
    """A run holding a 2 in its own place, and no wild card."""

    def miss(verdict: Verdict, picked: tuple[Card, ...]) -> str:
        rules = verdict.rules
        meld = verdict.meld
        assert meld is not None
        if verdict.kind != "run" or not any(slot.card.rank is Rank.TWO and not slot.wild for slot in meld.slots):
            return _("That meld is legal, but the task asks for a run with a 2 in its own place {rule}.",
                     rule=quote_rule("natural_two", rules))
        if any(slot.wild for slot in meld.slots):
            return _("That run is legal but holds a wild card; the task asks for one with none {rule}.",
                     rule=quote_rule("natural_two", rules))
        return ""

    return Goal(miss)


def goal_ace(place: str, *, at_least: int = 3) -> Goal:
    """A run with its ace ``place`` ('low': below the 2, 'high': above the King, 'any'), of ``at_least`` cards."""

    def miss(verdict: Verdict, picked: tuple[Card, ...]) -> str:
        rules = verdict.rules
        found = _ace_place(verdict)
        if verdict.kind != "run" or not found:
            return _("That meld is legal, but the task asks for a run with an ace in it {rule}.", rule=quote_rule("aces", rules))
        if place != "any" and found != place:
            if place == "low":
                return _("That run is legal, but its ace is high: the task asks for the ace below the 2 {rule}.",
                         rule=quote_rule("aces", rules))
            return _("That run is legal, but its ace is low: the task asks for the ace above the King {rule}.",
                     rule=quote_rule("aces", rules))
        if len(verdict.meld.slots if verdict.meld is not None else ()) < at_least:
            return _("That run is legal, but the task asks for {least} cards or more.", least=at_least)
        return ""

    return Goal(miss)


def goal_adds(rank: Rank | None = None) -> Goal:
    """Cards added to the meld on the table (one of them of ``rank``)."""

    def miss(verdict: Verdict, picked: tuple[Card, ...]) -> str:
        if rank is not None and not any(card.rank is rank for card in picked):
            if rank is Rank.ACE:
                return _("That fits, but the task asks you to add the ace {rule}.", rule=quote_rule("aces", verdict.rules))
            return _("That fits, but the task asks you to add the {rank} {rule}.", rank=rank.word,
                     rule=quote_rule("run", verdict.rules))
        return ""

    return Goal(miss)


# -- a position for the discard tasks ------------------------------------------------------------------
@dataclass(frozen=True)
class Scene:
    """A scripted position (:func:`~buraco_learn.app.positions.scripted`: North to play) for a 'discard-refused'
    task: North's ``hand`` before the actions ``before`` (card notation), the side's ``melds``, the ``pile``,
    the ``pot``, the ``phase``; and for each place in the task's hand the actions that end the turn discarding
    that card (``lines``), which the engine judges in order. ``shown`` cards are drawn above the hand under
    ``label``; ``why`` (with the rule ``rule`` of :data:`~buraco_learn.sources.RULE_TEXT`) says why the others
    may be discarded."""

    hand: str
    lines: tuple[tuple[str, ...], ...]
    melds: tuple[str, ...] = ()
    pile: str = ""
    pot: str = "available"
    phase: str = "play"
    before: tuple[str, ...] = ()
    shown: tuple[Card, ...] = ()
    label: str = ""
    why: str = ""
    rule: str = ""

    def state(self, rules: Rules) -> Any:
        """The position after ``before`` (a :class:`~buraco_learn.game.state.HandState`)."""
        from buraco_learn.app.positions import scripted

        state = scripted(rules, self.hand, self.melds, pile=self.pile, pot=self.pot, phase=self.phase)
        for action in self.before:
            state.apply(action)
        return state

    def refusal(self, rules: Rules, place: int) -> str:
        """The engine's reason why the card at ``place`` may not be discarded ('' when it may)."""
        from buraco_learn.ui.table_view import refusal_text

        state = self.state(rules)
        for action in self.lines[place]:
            reason = state.explain_illegal(action)
            if reason is not None:
                return str(refusal_text(reason))
            state.apply(action)
        return ""

    def refused(self, rules: Rules) -> list[int]:
        """The places of the hand's cards the engine refuses as the discard."""
        return [place for place in range(len(self.lines)) if self.refusal(rules, place)]


# -- tasks --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CardTask:
    """One variant of a step: the hand, the cards on the table, what to do and how it is judged.

    ``action``: 'meld' (the picked cards make a new meld), 'add' (they go on ``table``),
    'swap' (one card takes the place of ``table``'s wild), 'stands' (one card: the one ``table``'s
    wild stands for; the table is shown as plain cards, never saying it), 'discard-refused' (one card:
    the one the engine refuses as the discard in ``scene``'s position).
    """

    action: str
    prompt: str
    hand: tuple[Card, ...]
    goal: Goal = field(default_factory=Goal, compare=False)
    table: Meld | None = None
    rules: Rules = field(default_factory=lambda: preset("italian"), compare=False)
    clean_word: bool = True
    scene: Scene | None = None

    @property
    def key(self) -> str:
        """The variant's identity: a fresh variant has another key."""
        table = self.table.notation() if self.table is not None else ""
        scene = f"|{self.scene.pile}|{' '.join(self.scene.melds)}" if self.scene is not None else ""
        return f"{self.action}|{table}|{format_cards(self.hand)}{scene}"

    @property
    def pick_one(self) -> bool:
        return self.action in ("swap", "stands", "discard-refused")

    @property
    def button(self) -> str:
        return _(_BUTTONS[self.action])


#: The button under the hand, by the task's action.
_BUTTONS: Final = {"meld": N_("Make this meld"), "add": N_("Add to the meld"), "swap": N_("Swap it in"), "stands": N_("Check"),
                   "discard-refused": N_("Check")}


@dataclass(frozen=True)
class Judgement:
    """The engine's word on a pick: right or not, a title and the reason with the rule's document."""

    right: bool
    title: str
    text: str


def _legal_words(verdict: Verdict, clean_word: bool) -> str:
    head = legal_head(verdict, clean_word)
    lines = meld_why(verdict)
    if verdict.action == "swap":
        lines.append(_("A wild card can be swapped only for the card it stands for, and then moves to the lower end {rule}.",
                       rule=quote_rule("swap", verdict.rules)))
    return " ".join([head, *lines])


def _stands_for(task: CardTask) -> Card | None:
    meld = task.table
    if meld is None:
        return None
    return next((slot.stands_for for slot in meld.slots if slot.wild), None)


def _reasons(verdict: Verdict) -> str:
    """Why a pick is refused: the engine's explanations, or only "too few cards" when that is the matter."""
    explanations = verdict.explanations
    if Problem.TOO_FEW_CARDS in verdict.problems:
        return explanations[verdict.problems.index(Problem.TOO_FEW_CARDS)]
    return " ".join(explanations)


def judge(task: CardTask, picked: Sequence[Card]) -> Judgement:
    """The engine's verdict on ``picked`` (the order they were clicked in does not matter)."""
    cards = tuple(sort_cards(picked))
    if not cards:
        return Judgement(False, _("No cards picked"), _("Click cards of your hand first, then press the button."))
    if task.pick_one and len(cards) != 1:
        return Judgement(False, _("Pick one card"), ngettext("This task asks for one card; you picked {n}.",
                                                             "This task asks for one card; you picked {n}.", len(cards)))
    rules = task.rules
    if task.action == "discard-refused":
        return _judge_discard(task, cards[0])
    if task.action == "stands":
        meld, answer = task.table, _stands_for(task)
        assert meld is not None and answer is not None
        wild = next(slot for slot in meld.slots if slot.wild)
        rule = quote_rule("wild_low_end", rules) if meld.slots[0].wild else quote_rule("wilds", rules)
        shown = " ".join(slot.card.unicode() for slot in meld.slots)
        why = (_("In {cards} the joker stands for {card} {rule}.", cards=shown, card=answer.unicode(), rule=rule)
               if wild.card.is_joker else
               _("In {cards} the {wild} stands for {card} {rule}.", cards=shown, wild=wild.card.unicode(), card=answer.unicode(), rule=rule))
        if cards[0] == answer:
            return Judgement(True, _("Right!"), why)
        return Judgement(False, _("Not quite"), _("Not {card}: {why}", card=cards[0].unicode(), why=why))
    if task.action == "meld":
        verdict = check_meld(cards, rules)
    elif task.action == "add":
        assert task.table is not None
        verdict = check_add(task.table, cards, rules)
    else:
        assert task.table is not None
        verdict = check_swap(task.table, cards[0], rules)
    if not verdict.legal:
        return Judgement(False, _("Not a legal meld") if task.action == "meld" else _("Not allowed"), _reasons(verdict))
    missed = task.goal.miss(verdict, cards)
    if missed:
        return Judgement(False, _("Legal, but not the task"), missed)
    return Judgement(True, _("Right!"), _legal_words(verdict, task.clean_word))


def _judge_discard(task: CardTask, card: Card) -> Judgement:
    """The engine's word on discarding ``card`` in the task's position, and after a miss the card it refuses, with its reason."""
    from buraco_learn.sources import cite

    def named(card: Card) -> str:
        return _("joker") if card.is_joker else card.unicode()

    scene, rules = task.scene, task.rules
    assert scene is not None
    reason = scene.refusal(rules, task.hand.index(card))
    if reason:
        return Judgement(True, _("Right!"), _("You may not discard the {card}. {reason}", card=named(card), reason=reason))
    citation = cite(scene.rule, rules.source)
    allowed = _("You may discard the {card}: {why} ({source}: \"{quote}\").", card=named(card), why=scene.why,
                source=citation.short(), quote=citation.quote)
    refused = scene.refused(rules)
    if refused:
        other = task.hand[refused[0]]
        allowed += " " + _("The card you may not discard is the {card}. {reason}", card=named(other),
                           reason=scene.refusal(rules, refused[0]))
    return Judgement(False, _("That one you may discard"), allowed)


def solve(task: CardTask) -> tuple[int, ...] | None:
    """A right answer the engine accepts, as places in the hand (the fewest cards first), or None."""
    sizes: Sequence[int]
    if task.pick_one:
        sizes = (1,)
    elif task.action == "add":
        sizes = range(1, len(task.hand) + 1)
    else:
        sizes = range(task.rules.min_meld_cards, len(task.hand) + 1)
    for size in sizes:
        for places in itertools.combinations(range(len(task.hand)), size):
            if judge(task, [task.hand[place] for place in places]).right:
                return places
    return None


_SUITS: Final = tuple(Suit)


@dataclass(frozen=True)
class Step:
    """One stage of a lesson: its title and the generator of its variants."""

    title: str
    make: Callable[[random.Random, Rules], CardTask]

    def variant(self, rng: random.Random, rules: Rules, avoid: str = "") -> CardTask:
        """A variant the engine can answer (and, with ``avoid``, not that one again)."""
        for _attempt in range(200):
            task = self.make(rng, rules)
            if task.key != avoid and solve(task) is not None:
                return task
        raise RuntimeError(f"the step {self.title!r} made no answerable variant")


# -- a lesson's steps in progress -----------------------------------------------------------------------
class TaskRun:
    """A lesson's steps, one at a time: pick cards, check, and after a wrong answer try a fresh variant.

    ``stage`` is 'pick' (choose cards and press the button), 'wrong' (the reason is shown, a right
    answer marked; :meth:`another` deals a fresh variant) or 'right' (the step is passed; :meth:`next`
    goes on). Listeners added with :meth:`on_answer` hear ``(step index, right)`` after every check.
    """

    def __init__(self, steps: Sequence[Step], *, seed: int | None = None, rules: Rules | str = "italian") -> None:
        if not steps:
            raise ValueError("a task run needs at least one step")
        self.steps = tuple(steps)
        self.rules = preset(rules) if isinstance(rules, str) else rules
        self.seed = random.SystemRandom().randrange(2**31) if seed is None else int(seed)
        self.rng = random.Random(self.seed)
        self.passed = [False] * len(self.steps)
        self.mistakes = 0
        self._listeners: list[Callable[[int, bool], None]] = []
        self.index = 0
        self._deal()

    def _deal(self, avoid: str = "") -> None:
        self.task = self.steps[self.index].variant(self.rng, self.rules, avoid)
        self.stage = "pick"
        self.selected: tuple[str, ...] = ()
        self.picked: tuple[str, ...] = ()
        self.feedback: dict[str, Any] = {}

    def on_answer(self, listener: Callable[[int, bool], None]) -> None:
        self._listeners.append(listener)

    # -- ids --------------------------------------------------------------------------------------
    def hand_ids(self) -> list[str]:
        return [f"h{place}" for place in range(len(self.task.hand))]

    def solution_ids(self) -> tuple[str, ...]:
        """One right answer's card ids (what :meth:`view` marks after a wrong answer)."""
        places = solve(self.task)
        return tuple(f"h{place}" for place in places) if places is not None else ()

    def valid_ids(self, ids: Any) -> tuple[str, ...]:
        """``ids`` checked: a list of this hand's card ids, each once; else a :class:`TaskError` saying what is wrong."""
        if isinstance(ids, str) or not isinstance(ids, list | tuple):
            raise TaskError(_("cards are given as a list of card ids, not {given}", given=repr(str(ids)[:40])))
        if len(ids) > MAX_PICK:
            raise TaskError(_("{count} cards picked: a hand holds {held}", count=len(ids), held=len(self.task.hand)))
        known = self.hand_ids()
        for card_id in ids:
            if not isinstance(card_id, str) or card_id not in known:
                raise TaskError(_("there is no card {card} in your hand", card=repr(str(card_id)[:20])))
        if len(set(ids)) != len(ids):
            raise TaskError(_("a card can be picked only once"))
        return tuple(sorted(ids, key=lambda card_id: int(card_id[1:])))

    def _cards(self, ids: Sequence[str]) -> list[Card]:
        return [self.task.hand[int(card_id[1:])] for card_id in ids]

    # -- the learner's actions ----------------------------------------------------------------------
    def select(self, ids: Any) -> None:
        if self.stage != "pick":
            raise TaskError(_("this task is over: try another or go on"))
        self.selected = self.valid_ids(ids)

    def check(self, ids: Any = None) -> bool:
        """Judge the selected cards (or ``ids``); whether the answer was right."""
        if self.stage != "pick":
            raise TaskError(_("this task is over: try another or go on"))
        chosen = self.valid_ids(ids) if ids is not None else self.selected
        if not chosen:
            raise TaskError(_("click cards of your hand first, then press the button"))
        self.selected = chosen
        verdict = judge(self.task, self._cards(chosen))
        self.picked = chosen
        right = verdict.right
        if right:
            self.stage = "right"
            self.passed[self.index] = True
            text = verdict.text
        else:
            self.stage = "wrong"
            self.mistakes += 1
            answer = self._cards(self.solution_ids())
            if self.task.action == "discard-refused":
                text = _("{why} It is marked in green. Press “Try another” for a new hand.", why=verdict.text)
            else:
                text = _("{why} The cards marked in green are one right answer: {cards}. Press “Try another” for a new hand.",
                         why=verdict.text, cards=format_cards(answer, unicode=True))
        self.feedback = {"correct": right, "title": verdict.title, "text": text}
        for listener in list(self._listeners):
            listener(self.index, right)
        return right

    def another(self) -> None:
        """A fresh variant of this step (after a wrong answer): a new hand, never the one just missed."""
        if self.stage != "wrong":
            raise TaskError(_("a new hand is dealt only after a wrong answer"))
        self._deal(avoid=self.task.key)

    def next(self) -> None:
        """Go on to the next step, once this one is passed."""
        if self.stage != "right":
            raise TaskError(_("answer this task right first"))
        if self.index + 1 >= len(self.steps):
            raise TaskError(_("this was the last task"))
        self.index += 1
        self._deal()

    @property
    def finished(self) -> bool:
        return all(self.passed)

    # -- what the learner sees ------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """What the browser draws: the hand, the table, the prompt; the answer only once it was missed."""
        task = self.task
        table: list[dict[str, Any]] = []
        if task.table is not None:
            if task.action == "stands":  # the cards only: what the wild stands for is the question
                table = cards_view(task.table.cards, "t")
                for view in table:
                    view["wild"] = task.rules.is_wild(Card.parse(view["notation"]))
            else:
                from buraco_learn.ui.views import meld_view

                table = meld_view(task.table, "t")
        elif task.scene is not None and task.scene.shown:
            table = cards_view(task.scene.shown, "t")
        label = "" if task.table is None else _("The {meld} on the table", meld=meld_name(task.table))
        if task.scene is not None and task.scene.label:
            label = task.scene.label
        return {
            "step": self.index + 1,
            "steps": len(self.steps),
            "titles": [step.title for step in self.steps],
            "passed": list(self.passed),
            "title": self.steps[self.index].title,
            "prompt": task.prompt,
            "hand": cards_view(task.hand, "h"),
            "table": table,
            "table_label": label,
            "pick_one": task.pick_one,
            "button": task.button,
            "stage": self.stage,
            "answer": list(self.solution_ids()) if self.stage == "wrong" else [],
            "picked": list(self.picked) if self.stage != "pick" else [],
            "last": self.index + 1 == len(self.steps),
            "finished": self.finished,
        }


# -- fresh variants of a "legal or not?" question ---------------------------------------------------------
def meld_variant(cards: Sequence[Card], rules: Rules, rng: random.Random, tries: int = 200) -> tuple[Card, ...] | None:
    """Other cards that make the same point as ``cards``: suits swapped round and ranks moved, with the same
    verdict (legal or not, the same kind, the same problems, a wild still wild). None when no move keeps it.

    >>> from buraco_learn.cards import parse_cards
    >>> fresh = meld_variant(parse_cards("5H 6H 8H"), preset("italian"), random.Random(1))
    >>> fresh is not None and fresh != tuple(parse_cards("5H 6H 8H"))
    True
    >>> check_meld(fresh, preset("italian")).problems == check_meld("5H 6H 8H", preset("italian")).problems
    True
    """
    original = check_meld(cards, rules)
    fixed = any(card.rank in (Rank.ACE, Rank.TWO) for card in cards if not card.is_joker)
    naturals = [int(card.rank) for card in cards if card.rank is not None and card.rank not in (Rank.ACE, Rank.TWO)]
    low, high = (min(naturals), max(naturals)) if naturals else (3, 13)
    for _attempt in range(tries):
        suits = list(_SUITS)
        rng.shuffle(suits)
        shift = 0 if fixed else rng.randint(3 - low, 13 - high)
        out = []
        for card in cards:
            if card.is_joker:
                out.append(card)
                continue
            assert card.rank is not None and card.suit is not None
            rank = card.rank if card.rank in (Rank.ACE, Rank.TWO) else card.rank + shift
            out.append(Card(rank, suits[card.suit]))
        fresh = tuple(out)
        if sort_cards(fresh) == sort_cards(cards):
            continue
        verdict = check_meld(fresh, rules)
        if (verdict.legal, verdict.kind, verdict.problems, verdict.clean) == (
                original.legal, original.kind, original.problems, original.clean):
            return fresh
    return None
