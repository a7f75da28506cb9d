"""The variants track (issue 14): after the beginner path, one short lesson per ruleset family.

Lessons 16 to 19 each teach, by doing, only what a ruleset does differently from Italian
Burraco (002): Bukharo (000), Buraco Aberto (001), the Brazilian site and its four modes (003)
and cut-throat (004). Every task is answered on the cards: a turn on the card table
(:class:`Play`, an :class:`~buraco_learn.app.positions.Exercise` with its goals), or a position
or a meld shown with buttons (:class:`Marked`, a :class:`~buraco_learn.app.lessonkit.Question`).

Nothing here decides a verdict: each question's answer and explanation are the engine's
(:func:`~buraco_learn.melds.check_meld`, the turn rules through
:meth:`~buraco_learn.game.state.HandState.explain_illegal`, the scoring), under the preset the
lesson teaches. Each task also carries the answer the lesson *marks* right, under its preset
and under 002, and each turn on the table a line that meets its goals: ``tests/test_app_variants.py``
holds the engine to those marks, so a lesson cannot drift from the rules it teaches.

>>> [marked.answer for marked in MARKED["bukharo"]]
['Allowed', 'Allowed', 'Play another hand', 'Your side has won']
>>> [marked.answer_under(marked.rules) for marked in MARKED["bukharo"]] == [m.answer for m in MARKED["bukharo"]]
True
>>> play = PLAYS["bukharo-two-sets"]
>>> state = play.exercise.start()
>>> for action in play.solution:
...     state.apply(action)
>>> [(goal.label, goal.met) for goal in play.exercise.check(state)]
[('a second set of Kings on the table', True), ('discard to end the turn', True)]
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from buraco_learn.app.exercises import burraco_question
from buraco_learn.app.lessonkit import Question, meld_question, number_question
from buraco_learn.app.pages import differing_options, rules_table_html
from buraco_learn.app.positions import (
    TRIAL_STYLE,
    Exercise,
    Goal,
    action_text,
    capitalised,
    hand_html,
    melds_html,
    phase_text,
    pile_html,
    pot_line,
    scripted,
    turn_ended,
)
from buraco_learn.app.views import ruleset_line
from buraco_learn.cards import Card, parse_cards
from buraco_learn.errors import BuracoError
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.game.position import position
from buraco_learn.game.state import HandState
from buraco_learn.game.words import card_text
from buraco_learn.i18n import N_, _, ngettext, number
from buraco_learn.melds import check_meld
from buraco_learn.presets import preset
from buraco_learn.rules import Rules
from buraco_learn.scoring import match_winner
from buraco_learn.sources import cite
from buraco_learn.ui.table_view import refusal_text
from buraco_learn.vocabulary import vocabulary

#: The lessons of the track: lesson id -> the presets it teaches (the first is the lesson's own).
FAMILIES: Final = {
    "bukharo": ("bukharo",),
    "aberto": ("aberto",),
    "brazil-online": ("brazil-online", "aberto-sujo", "fechado", "fechado-stbl", "fechado-sujo"),
    "cutthroat": ("cutthroat",),
}
#: How a mode of 003 is named on the page (the site's own names, Portuguese in every language).
MODE_NAMES: Final = {"brazil-online": N_("Aberto (the site's own mode)"), "aberto-sujo": "Aberto sujo", "fechado": "Fechado",
                     "fechado-stbl": "Fechado STBL", "fechado-sujo": "Fechado sujo"}
ALLOWED, REFUSED = N_("Allowed"), N_("Refused")


def words(rules: Rules) -> dict[str, str]:
    """The ruleset's own words (:func:`~buraco_learn.vocabulary.vocabulary`), for the texts' ``{burraco}``,
    ``{pot}`` and ``{doc}`` (its document).

    >>> words(preset("aberto"))["burraco"], words(preset("italian"))["pot"]
    ('canasta', 'pozzetto')
    """
    vocab = vocabulary(rules)
    return {"burraco": vocab.burraco, "pot": vocab.pot, "doc": rules.source}


def say(text: str, rules: Rules) -> str:
    """The message ``text`` in the learner's language, in the ruleset's words.

    >>> say("Your side has taken its {pot}", preset("aberto"))
    'Your side has taken its morto'
    """
    return _(text, **words(rules))


def cited(text: str, key: str, rules: Rules) -> str:
    """``text`` (HTML-escaped here) with the rule ``key`` cited from the ruleset's document, quoted as written."""
    citation = cite(key, rules.source)
    return html.escape(_('{why} ({source}: "{quote}").', why=text, source=citation.short(), quote=citation.quote))


# -- a position, as the learner sees it -----------------------------------------------------------
def table_html(state: HandState) -> str:
    """North's hand, every meld on the table (by owner, in the ruleset's words), the pile as much of it
    as the ruleset lets players see, the stock, the pot and the score: pictures and words, no notation."""
    rules = state.rules
    sides = [state.side_of[0], *(side for side in range(len(state.side_names)) if side != state.side_of[0])]
    parts = [hand_html(state), *(melds_html(state, side) for side in sides), pile_html(state)]
    line = [] if state.pile else [_("the discard pile is empty")]
    line.append(ngettext("{n} card left in the stock", "{n} cards left in the stock", len(state.stock)))
    if rules.pot_sizes:
        line.append(pot_line(state))
        if state.side_of[0] in state.side_pot and any(pot is not None for pot in state.pots):
            line.append(_("the other {pot} is still face down", pot=vocabulary(rules).pot))
    mine_score = state.scores.get(state.side_of[0])
    if mine_score:
        score = N_("your score: {points} points") if vocabulary(rules).alone else N_("your side's score: {points} points")
        line.append(_(score, points=number(mine_score)))
    parts.append(f'<div class="pos-pot">{html.escape(capitalised("; ".join(line)))}.</div>')
    return f'<div class="buraco-position">{"".join(parts)}</div>'


# -- tries: an action on a position, judged by the engine -----------------------------------------
@dataclass(frozen=True)
class Try:
    """An action tried on a position. ``title`` and ``why`` (why the engine allows it, where it does;
    a refusal carries the engine's own reason) are messages of the catalogue in ``{burraco}``/``{pot}``/``{doc}``
    words; ``rule`` is the key of :data:`~buraco_learn.sources.RULE_TEXT` the allowance is cited from."""

    title: str
    build: Callable[[Rules], HandState]
    action: str
    before: tuple[str, ...] = ()
    why: str = ""
    rule: str = ""

    def state(self, rules: Rules) -> HandState:
        state = self.build(rules)
        for action in self.before:
            state.apply(action)
        return state

    def refusal(self, rules: Rules) -> str | None:
        """The engine's reason for refusing the action under ``rules`` (None: allowed)."""
        reason = self.state(rules).explain_illegal(self.action)
        return None if reason is None else refusal_text(reason)


def try_question(attempt: Try) -> Question:
    """"Allowed or refused?" for a try; the answer and the reason are the engine's."""

    def show(rules: Rules) -> str:
        state = attempt.state(rules)
        done = "; ".join(action_text(text, state) for text in attempt.before)
        first = _("This turn you have already done this: {done}.", done=done) if done else phase_text(state)
        tries = _("You try to <strong>{action}</strong>. Does the engine allow it?", action=html.escape(action_text(attempt.action, state)))
        return (f"{TRIAL_STYLE}<p><strong>{html.escape(say(attempt.title, rules))}</strong></p>{table_html(state)}"
                f"<p>{html.escape(first)} {tries}</p>")

    def explain(rules: Rules) -> str:
        refusal = attempt.refusal(rules)
        if refusal is not None:
            refused = _("Refused: {why}", why=refusal)
            return f"<p>{html.escape(refused)}</p>"
        allowed = _("Allowed: {why}", why=say(attempt.why, rules))
        return f"<p>{cited(allowed, attempt.rule, rules)}</p>"

    def answer(rules: Rules) -> str:
        return _(REFUSED) if attempt.refusal(rules) is not None else _(ALLOWED)

    return Question(prompt=show, choices=lambda rules: (_(ALLOWED), _(REFUSED)), answer=answer, explain=explain)


#: "Has your side won?": (partnerships, alone) for each part of the question
_WON: Final = (N_("Your side has won"), N_("You have won"))
_AGAIN: Final = N_("Play another hand")
_AFTER: Final = (N_("After a hand your side has <strong>{ours}</strong> points and the other side <strong>{theirs}</strong>. "
                    "Is the match over?"),
                 N_("After a hand you have <strong>{ours}</strong> points and your best opponent <strong>{theirs}</strong>. "
                    "Is the match over?"))
#: Why, by (the target is reached when equalled, the match is won)
_MATCH_WHY: Final = {
    (False, True): N_("A match is won by the first side to pass {target} points, with more points than the other: "
                      "with {points} it is won"),
    (False, False): N_("A match is won by the first side to pass {target} points, with more points than the other: "
                       "{points} is not enough"),
    (True, True): N_("A match is won by the first side to reach {target} points or more, with more points than the other: "
                     "with {points} it is won"),
    (True, False): N_("A match is won by the first side to reach {target} points or more, with more points than the other: "
                      "{points} is not enough"),
}


def totals(rules: Rules, ours: int, theirs: int) -> dict[str, int]:
    """The scores of North's side (``ours``) and of the next side (``theirs``), by the ruleset's side names."""
    return {"NS": ours, "EW": theirs} if rules.partnerships else {"N": ours, "E": theirs}


def match_question(ours: int, theirs: int) -> Question:
    """"Has your side won?" after a hand that leaves the totals ``ours`` and ``theirs``; the engine's
    :func:`~buraco_learn.scoring.match_winner` answers, under the ruleset's target."""

    def won(rules: Rules) -> bool:
        return match_winner(totals(rules, ours, theirs), rules) in ("NS", "N")

    def answer(rules: Rules) -> str:
        return _(_WON[not rules.partnerships]) if won(rules) else _(_AGAIN)

    def explain(rules: Rules) -> str:
        why = _(_MATCH_WHY[rules.target_inclusive, won(rules)], target=number(rules.target), points=number(ours))
        return f"<p>{cited(why, 'target', rules)}</p>"

    def prompt(rules: Rules) -> str:
        asked = _(_AFTER[not rules.partnerships], ours=number(ours), theirs=number(theirs))
        return f"<p>{asked}</p>"

    return Question(prompt=prompt, choices=lambda rules: (_(_WON[not rules.partnerships]), _(_AGAIN)), answer=answer,
                    explain=explain)


def _short_stock(rules: Rules) -> HandState:
    """North to draw the last card of the stock; North's side has taken its pot, the other one waits."""
    state = position(rules, hands={"N": "5H 6H 9S KD"}, pots=[None, *["auto"] * (len(rules.pot_sizes) - 1)] if rules.pot_sizes else None,
                     pots_taken=["NS"] if rules.pot_sizes and rules.partnerships else [], pile="8C", current="N")
    state.stock = state.stock[-1:]  # the rest of the stock is gone: drawn in the turns before
    return state


def stock_question() -> Question:
    """"You draw the last stock card: what happens?", answered by playing the draw on the engine."""
    becomes, ends = N_("A {pot} becomes the stock"), N_("The hand ends after your turn")

    def answer(rules: Rules) -> str:
        state = _short_stock(rules)
        state.apply("draw")
        return say(ends if state.last_turn else becomes, rules)

    def prompt(rules: Rules) -> str:
        asked = _("You draw the last card of the stock. What happens next?")
        return f"{TRIAL_STYLE}{table_html(_short_stock(rules))}<p>{asked}</p>"

    return Question(prompt=prompt, choices=lambda rules: (say(becomes, rules), say(ends, rules)), answer=answer,
                    explain=lambda rules: f"<p>{cited(answer(rules), 'stock_end', rules)}</p>")


def pile_question() -> Question:
    """"You take the discard pile: what do you take?", answered by the engine's take."""
    whole, top = N_("The whole pile"), N_("Only its top card")

    def build(rules: Rules) -> HandState:
        return scripted(rules, "5H 6H 9S KD 3C", pile="8C 4D 7H", phase="draw")

    def answer(rules: Rules) -> str:
        state = build(rules)
        before = len(state.pile)
        state.apply("take")
        return _(whole) if before - len(state.pile) == before else _(top)

    def explain(rules: Rules) -> str:
        return f"<p>{cited(answer(rules), 'fechado_top' if rules.pile_take == 'top' else 'draw', rules)}</p>"

    def prompt(rules: Rules) -> str:
        asked = _("You take the discard pile. What do you take?")
        return f"{TRIAL_STYLE}{table_html(build(rules))}<p>{asked}</p>"

    return Question(prompt=prompt, choices=lambda rules: (_(whole), _(top)), answer=answer, explain=explain)


def deck_question() -> Question:
    """How many cards the deck holds (the ruleset's own deck)."""

    def explain(rules: Rules) -> str:
        return cited(_("{count} cards", count=number(rules.deck_size)), "deck", rules)

    return number_question(N_("How many cards are in the deck?"), lambda rules: rules.deck_size, explain, lambda rules: (104, 108))


def value_question(card: str, prompt: str, distractors: Sequence[int]) -> Question:
    """What ``card`` is worth, left in a hand (the ruleset's card values); ``prompt`` is a message of the catalogue."""
    parsed = Card.parse(card)

    def explain(rules: Rules) -> str:
        points = rules.value(parsed)
        if parsed.rank is None:
            return cited(_("A joker is worth {points} points", points=points), "scoring", rules)
        return cited(_("A {card} is worth {points} points", card=card_text(parsed), points=points), "scoring", rules)

    return number_question(prompt, lambda rules: rules.value(parsed), explain, lambda rules: distractors)


def kind_question(cards: str) -> Question:
    """"Clean, dirty ... or not a burraco?" (:func:`~buraco_learn.app.exercises.burraco_question`, in the ruleset's
    words), and why: the engine's verdict on the meld (a 2 that is wild even in its own place, say)."""
    inner = burraco_question(cards)

    def explain(rules: Rules) -> str:
        verdict = check_meld(cards, rules)
        why = verdict.reason.split(": ", 1)[1] if verdict.legal and ": " in verdict.reason else ""
        return inner.explain(rules) + (f"<p>{html.escape(capitalised(why))}.</p>" if why else "")

    return replace(inner, explain=explain, variant=None)


# -- the tasks, each with the answer it marks right -------------------------------------------------
@dataclass(frozen=True)
class Marked:
    """A question task under the preset ``rules``, the answer the lesson marks right there, and the
    answer 002 gives (None where the question does not arise under 002), both messages of the catalogue
    (:meth:`marked` says them). ``title`` (a message
    of the catalogue in the ruleset's words: :meth:`heading`) names the task; ``mode`` names a mode of 003."""

    key: str
    rules: str
    question: Question
    answer: str
    italian: str | None
    title: str
    mode: str = ""

    def answer_under(self, name: str) -> str:
        """The engine's answer under the preset ``name``, in the learner's language."""
        return self.question.answer(preset(name))

    def marked(self, name: str | None = None) -> str:
        """The answer the lesson marks right under its preset (``name="italian"``: the one 002 gives), in the
        learner's language and the ruleset's words (the marks are messages of the catalogue)."""
        answer = self.answer if name is None or name == self.rules else self.italian
        if answer is None:
            raise ValueError(f"{self.key}: no answer is marked under {name}")
        return say(answer, preset(name or self.rules))

    def heading(self) -> str:
        """The task's title, in the learner's language and its preset's words."""
        return say(self.title, preset(self.rules))

    def mode_name(self) -> str:
        """The mode of 003 the task is asked under, as the learner reads it (empty: none)."""
        return _(self.mode) if self.mode else ""

    def shown(self) -> Question:
        """The question as the lesson asks it: under its own preset whatever the quiz's ruleset, headed by its mode."""
        rules = preset(self.rules)
        inner = self.question

        def prompt(_rules: Rules) -> str:
            if not self.mode:
                return inner.prompt(rules)
            head = html.escape(_("{mode} mode", mode=self.mode_name()))
            return f'<p class="variant-mode"><strong>{head}</strong></p>' + inner.prompt(rules)

        return Question(prompt=prompt, choices=lambda _rules: inner.choices(rules),
                        answer=lambda _rules: inner.answer(rules), explain=lambda _rules: inner.explain(rules))


@dataclass(frozen=True)
class VariantExercise(Exercise):
    """An :class:`Exercise` whose position is then adjusted (``tweak``: the hand's very first turn, say);
    ``message`` is its task as a message of the catalogue (:meth:`in_language`)."""

    tweak: Callable[[HandState], None] = field(default=lambda state: None)
    message: str = ""

    def in_language(self) -> VariantExercise:
        """The exercise with its task in the learner's language (the goals are said when they are shown)."""
        return replace(self, task=say(self.message, self.ruleset())) if self.message else self

    def start(self) -> HandState:
        state = super().start()
        self.tweak(state)
        return state


@dataclass(frozen=True)
class Play:
    """A turn on the card table, and a line of play that meets its goals under its preset (the mark).
    ``italian_setup`` replaces parts of the position for the check under 002 (a seat's own melds are a side's there)."""

    exercise: VariantExercise
    solution: tuple[str, ...]
    italian_setup: Mapping[str, Any] = field(default_factory=dict)
    #: whether the solution also meets the goals under 002 (the difference is in what else the learner may try)
    same_in_italian: bool = False

    def outcome(self, name: str) -> str:
        """What the solution does under the preset ``name``: ``'met'``, ``'missed'`` (a goal unmet) or the refusal."""
        exercise = replace(self.exercise, rules=name,
                           setup={**self.exercise.setup, **(self.italian_setup if name != self.exercise.rules else {})})
        state = exercise.start()
        for action in self.solution:
            reason = state.explain_illegal(action)
            if reason is not None:
                return refusal_text(reason)
            state.apply(action)
        return "met" if all(goal.met for goal in exercise.check(state)) else "missed"


def _first_turn(state: HandState) -> None:
    state.first_turn, state.turn = True, 0


def _melds_after(state: HandState, start: HandState) -> list[Any]:
    return [meld for meld in state.melds if meld.side == state.side_of[0] and meld.id > len(start.melds)]


def second_set(rank_card: str) -> Callable[[HandState, HandState, Sequence[Action]], bool]:
    rank = Card.parse(rank_card).rank
    return lambda start, state, actions: sum(meld.meld.kind == "set" and meld.meld.rank == rank
                                             for meld in state.side_melds(state.side_of[0])) >= 2


def meld_holds(meld_id: int, cards: str) -> Callable[[HandState, HandState, Sequence[Action]], bool]:
    wanted = list(parse_cards(cards))
    return lambda start, state, actions: (len(state.melds) >= meld_id
                                          and all(card in state.melds[meld_id - 1].meld.cards for card in wanted))


def new_meld_holds(cards: str) -> Callable[[HandState, HandState, Sequence[Action]], bool]:
    wanted = list(parse_cards(cards))
    return lambda start, state, actions: any(all(card in meld.meld.cards for card in wanted) for meld in _melds_after(state, start))


def opened_with(points: int) -> Callable[[HandState, HandState, Sequence[Action]], bool]:
    def test(start: HandState, state: HandState, actions: Sequence[Action]) -> bool:
        first = next((action for action in actions if action.kind == A.MELD), None)
        return first is not None and sum(state.rules.value(card) for group in first.groups for card in group) >= points

    return test


def did(kind: str, target: int | None = None) -> Callable[[HandState, HandState, Sequence[Action]], bool]:
    return lambda start, state, actions: any(action.kind == kind and (target is None or action.target == target) for action in actions)


def closed_without_discard(start: HandState, state: HandState, actions: Sequence[Action]) -> bool:
    return state.over and state.closed_by == 0 and bool(actions) and actions[-1].kind == A.CLOSE and not actions[-1].cards


def took_and_melded(start: HandState, state: HandState, actions: Sequence[Action]) -> bool:
    top = start.pile[-1] if start.pile else None
    return any(action.kind == A.TAKE for action in actions) and any(top in meld.ids for meld in state.melds)


def _exercise(key: str, rules: str, setup: Mapping[str, Any], task: str, goals: Sequence[tuple[str, Any]],
              tweak: Callable[[HandState], None] | None = None) -> VariantExercise:
    if any("{" in label for label, _test in goals):
        raise ValueError(f"{key}: a goal is said as written, without the ruleset's words")
    return VariantExercise(key, rules, setup, say(task, preset(rules)), tuple(Goal(label, test) for label, test in goals),
                           tweak=tweak or (lambda state: None), message=task)


_END = (N_("discard to end the turn"), turn_ended)
_CANASTA = "3H 4H 5H 6H 7H 8H 9H"
_DIRTY = "2C 4S 5S 6S 7S 8S 9S"
_ABERTO_HAND = "5H 6H 9S KD 3C 8D JS QH 7C 10D AS"

PLAYS: Final = {play.exercise.key: play for play in (
    Play(_exercise("bukharo-two-sets", "bukharo", {"hands": {"N": "KC KC KS 5D 9H 4C"}, "melds": {"NS": ["KH KD KS"]},
                                                   "current": "N", "phase": "play"},
                   N_("You have drawn. Your side has a set of Kings already: lay out a second set of Kings, then discard."),
                   [(N_("a second set of Kings on the table"), second_set("KS")), _END]), ("meld KC KC KS", "discard 5D")),
    Play(_exercise("bukharo-joker-moves", "bukharo", {"hands": {"N": "9H 10H 4C KS QD"}, "melds": {"NS": ["JK=4H 5H 6H 7H"]},
                                                      "current": "N", "phase": "play"},
                   N_("You have drawn. The joker sits at the low end of your side's run. Add the 9♥ and the 10♥ at the top "
                   "(the joker moves up to stand for the 8♥), then discard."),
                   [(N_("the 9♥ and the 10♥ in your run"), meld_holds(1, "9H 10H")), _END]), ("add m1 9H 10H", "discard 4C")),
    Play(_exercise("aberto-redraw", "aberto", {"hands": {"N": _ABERTO_HAND}, "stock": "4C", "current": "N"},
                   N_("It is the hand's very first turn, and there is no discard pile yet. Draw, then throw the card back and draw "
                   "again (once only), then end your turn with a discard."),
                   [(N_("throw the drawn card back and draw again"), did(A.REDRAW)), _END], tweak=_first_turn),
         ("draw", "redraw", "discard KD")),
    Play(_exercise("aberto-open-75", "aberto", {"hands": {"N": "8S 9S 10S JS QS KS AS 3H 4H 5H 6D"}, "scores": {"NS": 1600, "EW": 900},
                                                "current": "N", "phase": "play"},
                   N_("You have drawn. Your side has 1,600 points, so its first meld this hand must be worth 75 points or more. "
                   "Open with such a meld, then discard."),
                   [(N_("open with a meld worth 75 points or more"), opened_with(75)), _END]),
         ("meld 8S 9S 10S JS QS KS AS", "meld 3H 4H 5H", "discard 6D"), same_in_italian=True),
    Play(_exercise("brazil-go-out-melding", "brazil-online",
                   {"hands": {"N": "JD QD KD"}, "melds": {"NS": [_CANASTA, "5C 6C 7C"]}, "pots": [None, "auto"],
                    "pots_taken": ["NS"], "current": "N", "phase": "play"},
                   N_("You have drawn. Your side has taken its {pot} and has a clean {burraco}. Go out by melding your last three "
                   "cards, then press Close: no final discard is needed."),
                   [(N_("meld your last three cards"), new_meld_holds("JD QD KD")), (N_("go out with no discard"), closed_without_discard)]),
         ("meld JD QD KD", "close")),
    Play(_exercise("fechado-top-card", "fechado", {"hands": {"N": "5H 6H 9S KD 3C"}, "pile": "8C 4D 7H", "current": "N"},
                   N_("Fechado mode: only the top card of the discard pile shows. Take it, meld it straight away, then discard."),
                   [(N_("take the top card of the pile"), did(A.TAKE)), (N_("meld the card you took"), took_and_melded), _END]),
         ("take", "meld 5H 6H 7H", "discard 9S"), same_in_italian=True),
    Play(_exercise("cutthroat-depth", "cutthroat", {"hands": {"N": "KS KD 7C 8C 3H JS"}, "pile": "9C KH 5S 4D", "current": "N"},
                   N_("Take the discard pile down to the K♥ (press the K♥ in the pile), meld it with your two Kings, then discard."),
                   [(N_("take the pile down to the K♥, no deeper"), did(A.TAKE, 3)), (N_("meld the K♥ with your Kings"), new_meld_holds("KS KD KH")),
                    _END]), ("take 3", "meld KS KD KH", "discard 7C")),
    Play(_exercise("cutthroat-add-anybody", "cutthroat", {"hands": {"N": "8D KS 3C 9H 4S"}, "melds": {"E": ["5D 6D 7D"]},
                                                          "current": "N", "phase": "play"},
                   N_("You have drawn. East has a run of diamonds on the table: add your 8♦ to it, then discard."),
                   [(N_("add your 8♦ to East's run"), meld_holds(1, "8D")), _END]), ("add m1 8D", "discard 3C"),
         italian_setup={"melds": {"EW": ["5D 6D 7D"]}}),
)}


def _try(key: str, rules: str, attempt: Try, answer: str, italian: str | None, mode: str = "") -> Marked:
    return Marked(key, rules, try_question(attempt), answer, italian, attempt.title, mode)


_B, _AB, _BR, _C = "bukharo", "aberto", "brazil-online", "cutthroat"

MARKED: Final[dict[str, tuple[Marked, ...]]] = {
    "bukharo": (
        _try("second set", _B, Try(N_("Your side has a set of 7s; you lay out three more 7s"),
                                   lambda rules: scripted(rules, "7C 7D 7S 9H KD", ["7H 7D 7S"]), "meld 7C 7D 7S",
                                   why=N_("{doc} does not limit a side to one set of each rank, so a second set is a meld like "
                                       "any other"), rule="set"), ALLOWED, REFUSED),
        _try("wild moves", _B, Try(N_("The joker sits at the low end of your run; you add the 9♥ at the top"),
                                   lambda rules: scripted(rules, "9H KD 4C", ["JK=4H 5H 6H 7H"]), "add m1 9H",
                                   why=N_("the joker is not pinned to the low end of a run: it moves up to stand for the 8♥, "
                                       "and the 9♥ goes above it"), rule="run"), ALLOWED, REFUSED),
        Marked("2000", _B, match_question(2000, 1650), "Play another hand", "Play another hand", N_("Your side has 2,000 points")),
        Marked("2003", _B, match_question(2003, 1650), "Your side has won", "Play another hand", N_("Your side has 2,003 points")),
    ),
    "aberto": (
        Marked("no sets", _AB, meld_question("9S 9H 9D"), "Not legal", "Legal", N_("Is 9♠ 9♥ 9♦ a legal meld?")),
        _try("opening 75", _AB, Try(N_("Your side has 1,600 points and has not melded yet this hand; you lay out 3♥ 4♥ 5♥"),
                                    lambda rules: position(rules, hands={"N": "3H 4H 5H 9C KD"}, scores=totals(rules, 1600, 900),
                                                           current="N", phase="play"), "meld 3H 4H 5H",
                                    why=N_("there is no minimum for a first meld under these rules"), rule="no_opening_minimum"),
             REFUSED, ALLOWED),
        _try("clean to close", _AB, Try(N_("Your side has taken its {pot} and has a dirty {burraco}; you discard your last card to close"),
                                        lambda rules: scripted(rules, "KC", [_DIRTY], pot="taken"), "close KC",
                                        why=N_("a dirty {burraco} is enough to close under these rules"), rule="close_conditions"),
             REFUSED, ALLOWED),
        Marked("joker value", _AB, value_question("JK", N_("A joker is left in your hand when the hand ends. How many points does it cost?"),
                                               (10, 20, 30)),
               "20", "30", N_("What a joker costs")),
    ),
    "brazil-online": (
        Marked("morto stock", _BR, stock_question(), N_("A {pot} becomes the stock"), N_("The hand ends after your turn"),
               N_("You draw the last stock card")),
        Marked("ace to ace", _BR, kind_question("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"), "ace-to-ace", "not legal",
               N_("Fourteen diamonds, ace to ace")),
        Marked("deck", _BR, deck_question(), "104", "108", N_("The cards in the deck")),
        Marked("sujo pile", "aberto-sujo", pile_question(), "The whole pile", "The whole pile", N_("Taking the pile"), MODE_NAMES["aberto-sujo"]),
        Marked("fechado pile", "fechado-sujo", pile_question(), "Only its top card", "The whole pile", N_("Taking the pile"),
               MODE_NAMES["fechado-sujo"]),
        _try("fechado meld first", "fechado", Try(N_("You took the top card of the pile, the 7♥; you discard before melding it"),
                                                  lambda rules: scripted(rules, "5H 6H 9S KD", pile="8C 4D 7H", phase="draw"),
                                                  "discard 9S", before=("take",),
                                                  why=N_("you need not meld what you take from the pile"), rule="draw"),
             REFUSED, ALLOWED, MODE_NAMES["fechado"]),
        Marked("stbl sets", "fechado-stbl", meld_question("9S 9H 9D"), "Not legal", "Legal", N_("Is 9♠ 9♥ 9♦ a legal meld?"),
               MODE_NAMES["fechado-stbl"]),
    ),
    "cutthroat": (
        Marked("five kings", _C, meld_question("KS KH KD KC KS"), "Not legal", "Legal", N_("Five Kings as a set")),
        Marked("twin nines", _C, meld_question("9S 9H 9H"), "Not legal", "Legal", N_("9♠ 9♥ 9♥ as a set")),
        Marked("every two wild", _C, kind_question("AS 2S 3S 4S 5S 6S 7S"), "dirty", "clean", N_("A♠ to 7♠, with the 2♠ in its place")),
        Marked("pip values", _C, value_question("7C", N_("A 7 is left in your hand when someone goes out. How many points does it cost?"),
                                               (5, 7, 10)),
               "7", "5", N_("What a 7 costs")),
        _try("clean to go out", _C, Try(N_("You have a dirty {burraco} of your own; you discard your last card to go out"),
                                        lambda rules: scripted(rules, "KC", [_DIRTY], pot="taken"), "close KC",
                                        why=N_("a dirty {burraco} is enough to go out under these rules"), rule="close_conditions"),
             REFUSED, ALLOWED),
    ),
}


def questions(lesson: str) -> list[Question]:
    """The lesson's questions, each under its own preset (a mode of 003 under that mode)."""
    return [marked.shown() for marked in MARKED[lesson]]


def reference_html(lesson: str) -> str:
    """Lesson 10's table (:func:`~buraco_learn.app.pages.rules_table_html`), cut to 002 and this lesson's
    presets and to the rules on which they differ from 002."""
    names = ["italian", *FAMILIES[lesson]]
    return rules_table_html(names, options=differing_options(names))


def compare_html(lesson: str, rules: Rules) -> str:
    """Every question task of the lesson answered by the engine under ``rules`` (the learner's choice), with why:
    one block per task, stacked (a phone has no room for columns), without the card pictures."""
    blocks = []
    for marked in MARKED[lesson]:
        try:
            answer, why = html.escape(marked.question.answer(rules)), marked.question.explain(rules)
        except BuracoError:  # a position this ruleset cannot have (a seat's own melds in a partnership game)
            answer, why = "—", "<p>" + html.escape(_("This does not arise under these rules.")) + "</p>"
        why = re.sub(r"<svg\b.*?</svg>", "", why, flags=re.S)
        title = html.escape(marked.heading())
        if marked.mode:
            title = _("{title} ({mode} mode in the lesson)", title=title, mode=html.escape(marked.mode_name()))
        blocks.append(f'<li class="variant-compare"><p><strong>{title}</strong>: '
                      f'<strong class="variant-answer">{answer}</strong></p>{why}</li>')
    return ruleset_line(rules, _(", the engine says:"), style=COMPARE_STYLE) + f'<ul class="variant-compares">{"".join(blocks)}</ul>'


COMPARE_STYLE: Final = """<style>
ul.variant-compares{list-style:none;padding:0;margin:.3em 0}
li.variant-compare{border-left:3px solid #d0d7de;padding:.1em .8em;margin:.5em 0}
li.variant-compare p{margin:.2em 0}
li.variant-compare table td,li.variant-compare table th{padding:.1em .4em;border:0;text-align:left!important}
</style>"""
