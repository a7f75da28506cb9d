"""Scripted positions for lessons 5 to 8: tries the engine judges, exercises with goals, worked examples.

Pure Python (no Jupyter). Every verdict shown comes from the engine: a :class:`Trial`
is an action tried on a position written in card notation, and what the lesson
shows is :meth:`HandState.explain_illegal <buraco_learn.game.state.HandState.explain_illegal>`'s
answer under the chosen ruleset (the refusal with its rule and document, or "allowed").
An :class:`Exercise` is a position for the card table with :class:`Goal` s checked
after each of the learner's actions.

>>> from buraco_learn import preset
>>> result = run_trial(CLOSING_TRIALS[0], preset("italian"))
>>> result.allowed, result.reason
(False, "Your side must pick up its pozzetto before it can close (002 'Closing').")
>>> run_trial(CLOSING_TRIALS[0], preset("cutthroat")).applies   # no pots in 004
False
>>> from buraco_learn.app.taskdata import load
>>> close = load("closing")["close"].build()   # lesson 8's table, declared in lessons/tasks/closing.toml
>>> state = close.start()
>>> for action in ("add m1 9H", "add m2 2C", "close 5D"):
...     state.apply(action)
>>> [(goal.label, goal.met) for goal in close.check(state)]
[('make a burraco', True), ('close the hand', True)]
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from buraco_learn.app.views import ruleset_line
from buraco_learn.bots.heuristics import Position
from buraco_learn.cards import card_of_id, parse_cards, sort_cards
from buraco_learn.coach.explain import action_words
from buraco_learn.errors import BuracoError
from buraco_learn.game import actions as A
from buraco_learn.game.actions import Action
from buraco_learn.game.deal import seat_names
from buraco_learn.game.position import position
from buraco_learn.game.state import HandState
from buraco_learn.i18n import N_, _, language, ngettext
from buraco_learn.melds import Meld, burraco_kind, check_meld
from buraco_learn.presets import preset
from buraco_learn.problems import burraco_phrase
from buraco_learn.render import cards_svg, meld_svg
from buraco_learn.rules import Rules
from buraco_learn.scoring import burraco_bonus, burraco_word, pot_word
from buraco_learn.sources import DOCUMENTS, cite
from buraco_learn.ui.score_sheet import KIND_NAMES
from buraco_learn.ui.table_view import meld_name, refusal_text, seat_word  # the table's words, one helper each
from buraco_learn.vocabulary import vocabulary

CLEAN_KINDS: Final = ("clean", "royal", "ace-to-ace")


def side_name(rules: Rules, seat: str = "N") -> str:
    """The name of ``seat``'s side under ``rules``: ``'NS'`` in partnerships, ``'N'`` in cut-throat.

    >>> side_name(preset("italian")), side_name(preset("cutthroat"))
    ('NS', 'N')
    """
    names = seat_names(rules.players)
    for seats in rules.sides:
        if names.index(seat) in seats:
            return "".join(names[index] for index in seats)
    raise BuracoError(f"seat {seat!r} sits at no side")  # pragma: no cover - every seat has a side


def scripted(rules: Rules, hand: str, melds: Sequence[str] = (), *, pile: str = "", pot: str = "available",
             phase: str = "play") -> HandState:
    """North to play, holding ``hand``, with North's side's ``melds``; ``pot``: 'available',
    'taken' (by North's side) or, where the rules have no pots, ignored."""
    side = side_name(rules)
    pots: list[str | None] | None = None
    taken: list[str] = []
    if rules.pot_sizes and pot == "taken":
        pots = [None, *["auto"] * (len(rules.pot_sizes) - 1)]
        taken = [side]
    return position(rules, hands={"N": hand}, melds={side: list(melds)} if melds else None, pile=pile,
                    pots=pots, pots_taken=taken, current="N", phase=phase)


# -- tries the engine judges ------------------------------------------------------------------
@dataclass(frozen=True)
class Trial:
    """An action tried on a scripted position (after ``before``, which must be legal)."""

    title: str
    build: Callable[[Rules], HandState]
    action: str
    before: tuple[str, ...] = ()
    applies: Callable[[Rules], bool] = field(default=lambda rules: True)
    note: str = ""
    #: why the engine allows it, where it does (the refusals carry their own reasons), and the rule's key in
    #: :data:`buraco_learn.sources.RULE_TEXT`, cited from the ruleset's document
    why: str = ""
    rule: str = ""


def allowed_text(trial: Trial, rules: Rules) -> str:
    """Why a try the engine allows is allowed, with the rule and its document.

    >>> allowed_text(TURN_TRIALS[3], preset("italian"))[:55]
    'You are not closing, so your last card may be a wild ca'
    """
    if not trial.rule:
        document = DOCUMENTS[rules.source]
        why = _(trial.why) if trial.why else _("Nothing in the rules stops it")
        return _("{why} ({document} {title}).", why=why, document=document.id, title=document.title)
    why = _(trial.why)
    citation = cite(trial.rule, rules.source)
    return _('{why} ({source}: "{quote}").', why=why, source=citation.short(), quote=citation.quote)


def phase_text(state: HandState) -> str:
    """Where North is in the turn, in words (a try depends on it: nobody discards before drawing)."""
    if state.over:
        return _("The hand is over.")
    return _("You have not drawn yet this turn.") if state.phase == "draw" else _("You have drawn this turn.")


@dataclass(frozen=True)
class TrialResult:
    trial: Trial
    rules: Rules
    state: HandState | None
    applies: bool
    allowed: bool
    reason: str


def run_trial(trial: Trial, rules: Rules) -> TrialResult:
    """Build the position under ``rules``, play ``before``, and ask the engine about ``action``."""
    if not trial.applies(rules):
        return TrialResult(trial, rules, None, False, True, "")
    state = trial.build(rules)
    for action in trial.before:
        state.apply(action)
    refusal = state.explain_illegal(trial.action)
    return TrialResult(trial, rules, state, True, refusal is None, "" if refusal is None else refusal_text(refusal))


def pot_line(state: HandState, seat: int = 0) -> str:
    """Whether the seat's side has taken its pot, in the pot's own name (empty where the rules have no pots)."""
    rules = state.rules
    if not rules.pot_sizes:
        return ""
    side = state.side_of[seat]
    word = pot_word(rules)
    taken, waiting = _POT_LINES.get(word, _POT_LINES["pot"])
    return _(taken) if side in state.side_pot else _(waiting)


#: Whether the learner's side has its pot, by the pot's name: (taken, still waiting).
_POT_LINES: Final = {
    "pozzetto": (N_("your side has taken its pozzetto"), N_("your side's pozzetto is still waiting")),
    "morto": (N_("your side has taken its morto"), N_("your side's morto is still waiting")),
    "pot": (N_("your side has taken its pot"), N_("your side's pot is still waiting")),
}


def capitalised(text: str) -> str:
    """``text`` with its first letter a capital (the rest as it is)."""
    return text[:1].upper() + text[1:]


def melds_owner(state: HandState, side: int, seat: int = 0) -> str:
    """Whose melds these are, in the ruleset's words: ``"Your side's melds"``, ``"Your melds"`` where
    everyone plays alone, ``"East's melds"`` or ``"The other side's melds"``."""
    vocab = vocabulary(state.rules)
    if side == state.side_of[seat]:
        return _("Your melds") if vocab.alone else _("Your side's melds")
    if vocab.alone:
        return _("{seat}'s melds", seat=seat_word(state.side_names[side]))
    return _("The other side's melds")


def hand_html(state: HandState, seat: int = 0) -> str:
    """A seat's hand as pictures, sorted."""
    held = list(sort_cards(state.hand_cards(seat)))
    hand = cards_svg(held, scale=0.55) if held else _("<em>no cards left</em>")
    label = _("Your hand")
    return f'<div class="pos-hand"><span class="pos-label">{label}</span>{hand}</div>'


def melds_html(state: HandState, side: int, seat: int = 0) -> str:
    """One side's melds as pictures (burracos crosswise), headed by whose they are; empty without melds."""
    melds = state.side_melds(side)
    if not melds:
        return ""
    labels = {meld.id: html.escape(_("meld {number}: {name}", number=meld.id, name=meld_name(meld.meld))) for meld in melds}
    pictures = "".join(f'<span class="pos-meld" data-meld="{meld.id}">'
                       f'<span class="pos-meld-label">{labels[meld.id]}</span>'
                       f'{meld_svg(meld.meld, state.rules, scale=0.55)}</span>' for meld in melds)
    return f'<div class="pos-melds"><span class="pos-label">{html.escape(melds_owner(state, side, seat))}</span>{pictures}</div>'


def pile_html(state: HandState) -> str:
    """The discard pile as much of it as the ruleset lets players see (003's Fechado: the top card only)."""
    pile = [card_of_id(card) for card in state.pile]
    if not pile:
        return ""
    if state.rules.pile_visible == "top" and len(pile) > 1:
        hidden = len(pile) - 1
        label = ngettext("Discard pile: only its top card shows, {n} card face down under it",
                         "Discard pile: only its top card shows, {n} cards face down under it", hidden)
        return f'<div class="pos-pile"><span class="pos-label">{label}</span>{cards_svg(pile[-1:], scale=0.55)}</div>'
    label = _("Discard pile (top card last)")
    return f'<div class="pos-pile"><span class="pos-label">{label}</span>{cards_svg(pile, scale=0.55)}</div>'


def position_html(state: HandState, seat: int = 0) -> str:
    """The seat's hand, its side's melds (burracos marked crosswise), the pile and the pot, as pictures."""
    parts = [hand_html(state, seat), melds_html(state, state.side_of[seat], seat), pile_html(state)]
    pot = pot_line(state, seat)
    if pot:
        parts.append(f'<div class="pos-pot">{html.escape(capitalised(pot))}.</div>')
    return f'<div class="buraco-position">{"".join(parts)}</div>'


def action_text(action: str | Action, state: HandState, seat: int = 0) -> str:
    """An action tried in a lesson, in the learner's words and language: the coach's own phrasing of a
    move (:func:`buraco_learn.coach.explain.action_words`), melds named by what they are.

    >>> action_text("add m1 8H", scripted(preset("italian"), "8H 9S", ["5H 6H 7H"]))
    "add the 8♥ to your side's run of hearts 5♥ to 7♥"
    >>> from buraco_learn.i18n import use
    >>> with use("it"):
    ...     action_text("take", scripted(preset("italian"), "8H 9S", ["5H 6H 7H"]))
    'raccogliere gli scarti'
    """
    parsed = Action.parse(action) if isinstance(action, str) else action
    return action_words(Position.from_state(state, seat), parsed)


def trial_html(result: TrialResult) -> str:
    """One try: the position, the action in words, and the engine's verdict."""
    trial = result.trial
    title = html.escape(_(trial.title))
    head = f"<h4>{title}</h4>"
    if not result.applies or result.state is None:
        note = html.escape(_(trial.note) if trial.note else _("This does not arise under these rules."))
        return f'<div class="buraco-trial not-applicable">{head}<p class="trial-na">{note}</p></div>'
    state = result.state
    before = "".join(f"<li>{html.escape(action_text(text, state))}</li>" for text in trial.before)
    first = _("First:")
    steps = f'<p>{first}</p><ol class="trial-before">{before}</ol>' if before else f"<p>{html.escape(phase_text(state))}</p>"
    action = action_text(trial.action, state)
    if result.allowed:
        said = _("<strong>✔ Allowed:</strong> {why}", why=html.escape(allowed_text(trial, result.rules)))
        verdict = f'<p class="buraco-feedback right trial-verdict">{said}</p>'
    else:
        said = _("<strong>✘ Refused:</strong> {why}", why=html.escape(result.reason))
        verdict = f'<p class="buraco-feedback wrong trial-verdict" role="note">{said}</p>'
    tries = _("<p>You try to <strong>{action}</strong>.</p>", action=html.escape(action))
    return (f'<div class="buraco-trial" data-allowed="{str(result.allowed).lower()}">{head}{position_html(state)}{steps}'
            f"{tries}{verdict}</div>")


TRIAL_STYLE: Final = """<style>
.buraco-trials{display:flex;flex-wrap:wrap;gap:.6em 1.2em}
.buraco-trial{flex:1 1 26em;border:1px solid #d0d7de;border-radius:6px;padding:.2em .8em .4em;margin:.2em 0}
.buraco-trial h4{margin:.4em 0}.buraco-trial.not-applicable{color:#666;background:#f6f8fa}
.buraco-position>div{margin:.2em 0}.pos-label{display:block;font-size:85%;color:#555}
.pos-meld{display:inline-block;margin-right:.6em;vertical-align:top}
.pos-meld-label{display:block;font-size:80%;color:#333}
.buraco-breakdown td,.buraco-breakdown th{padding:.15em .6em;border-bottom:1px solid #eee;text-align:left!important}
.buraco-breakdown td.points{text-align:right!important;font-variant-numeric:tabular-nums}
.buraco-breakdown tr.total td{font-weight:bold;border-top:2px solid #999}
.buraco-breakdown .source{color:#666;font-size:85%}
.buraco-goals{list-style:none;padding-left:.2em}.buraco-goals li.met{color:#1e7b34}.buraco-goals li.unmet{color:#555}
</style>"""


def trials_html(trials: Sequence[Trial], rules: Rules) -> str:
    """Every try under ``rules``, side by side, headed by the ruleset's document."""
    cards = "".join(trial_html(run_trial(trial, rules)) for trial in trials)
    return ruleset_line(rules, _(", the engine says:"), style=TRIAL_STYLE) + f'<div class="buraco-trials">{cards}</div>'


def _has_pots(rules: Rules) -> bool:
    return bool(rules.pot_sizes)


_RUN: Final = "3H 4H 5H 6H 7H"
_BURRACO: Final = "3H 4H 5H 6H 7H 8H 9H"
_DIRTY_BURRACO: Final = "2C 4S 5S 6S 7S 8S 9S"

#: Lesson 5: the discard rules.
TURN_TRIALS: Final = (
    Trial(N_("Discard before you draw"), lambda rules: scripted(rules, "5H 6H 9S KD", pile="4C 8C", phase="draw"), "discard 9S"),
    Trial(N_("Take the single pile card, then throw it back"),
          lambda rules: scripted(rules, "5H 6H 9S KD", pile="8C", phase="draw"), "discard 8C", before=("take",),
          applies=lambda rules: rules.pile_take == "whole" and rules.forbid_rediscard_single,
          note=N_("Under these rules taking the pile works differently (see the table above).")),
    Trial(N_("Take only the top two cards of a pile of three"),
          lambda rules: scripted(rules, "5H 6H 9S KD", pile="8C 4D 7H", phase="draw"), "take 2"),
    Trial(N_("Discard a wild card as your last card, to reach your pot"),
          lambda rules: scripted(rules, "2D", [_RUN]), "discard 2D", applies=_has_pots,
          note=N_("There are no pots under these rules."),
          why=N_("You are not closing, so your last card may be a wild card: the discard takes you to your pot"),
          rule="wild_to_pot"),
    Trial(N_("Discard a wild card as your last card, to close"),
          lambda rules: scripted(rules, "2D", [_BURRACO], pot="taken"), "close 2D"),
)

#: Lesson 8: every condition for closing, each failing once.
CLOSING_TRIALS: Final = (
    Trial(N_("Close before your side has taken its pot"), lambda rules: scripted(rules, "KC", [_BURRACO]), "close KC",
          applies=_has_pots, note=N_("There are no pots under these rules: nothing to take before closing.")),
    Trial(N_("Close without a burraco on the table"), lambda rules: scripted(rules, "KC", [_RUN], pot="taken"), "close KC"),
    Trial(N_("Close with only a dirty burraco"), lambda rules: scripted(rules, "KC", [_DIRTY_BURRACO], pot="taken"), "close KC",
          why=N_("Your side has taken its pot and has a burraco, and under these rules a dirty one is enough; your last "
              "card, not a wild card, is the final discard"), rule="close_conditions"),
    Trial(N_("Close by discarding a wild card"), lambda rules: scripted(rules, "2D", [_BURRACO], pot="taken"), "close 2D"),
    Trial(N_("Close by melding every card, with no discard"),
          lambda rules: scripted(rules, "JD QD KD", [_BURRACO], pot="taken"), "meld JD QD KD",
          why=N_("Under these rules you may go out by melding your last cards, with no final discard"), rule="close_by_discard"),
    Trial(N_("Meld down to one card while you cannot close yet"),
          lambda rules: scripted(rules, "JD QD KD 5C", [_RUN], pot="taken"), "meld JD QD KD"),
    Trial(N_("Every condition met: close"), lambda rules: scripted(rules, "KC", [_BURRACO], pot="taken"), "close KC",
          why=N_("Every condition is met: your side has its pot (where there are pots) and a clean burraco, and your last "
              "card, not a wild card, is the final discard"), rule="close_conditions"),
)


# -- exercises on the card table ----------------------------------------------------------------
@dataclass(frozen=True)
class GoalState:
    label: str
    met: bool


@dataclass(frozen=True)
class Goal:
    """One thing the learner's turn must do: ``test(start, state, actions)``, ``actions`` being the learner's."""

    label: str
    test: Callable[[HandState, HandState, Sequence[Action]], bool]


def _kinds(actions: Sequence[Action]) -> list[str]:
    return [action.kind for action in actions]


def took_pile(start: HandState, state: HandState, actions: Sequence[Action]) -> bool:
    return A.TAKE in _kinds(actions)


def new_meld_with_pile_card(start: HandState, state: HandState, actions: Sequence[Action]) -> bool:
    pile = set(start.pile)
    return any(meld.id > len(start.melds) and pile & set(meld.ids) for meld in state.melds)


def added_to_run(start: HandState, state: HandState, actions: Sequence[Action]) -> bool:
    return any(meld.id <= len(start.melds) and len(meld.ids) > len(start.melds[meld.id - 1].ids) for meld in state.melds)


def turn_ended(start: HandState, state: HandState, actions: Sequence[Action]) -> bool:
    return bool(actions) and actions[-1].kind in (A.DISCARD, A.CLOSE)


def clean_burraco(start: HandState, state: HandState, actions: Sequence[Action]) -> bool:
    return any(burraco_kind(meld.meld, state.rules) in CLEAN_KINDS for meld in state.side_melds(0))


def any_burraco(start: HandState, state: HandState, actions: Sequence[Action]) -> bool:
    return any(burraco_kind(meld.meld, state.rules) is not None for meld in state.side_melds(0))


def pot_direct(start: HandState, state: HandState, actions: Sequence[Action]) -> bool:
    kinds = _kinds(actions)
    if A.POT not in kinds:
        return False
    index = kinds.index(A.POT)
    return index > 0 and kinds[index - 1] in (A.MELD, A.ADD, A.SWAP)


def closed(start: HandState, state: HandState, actions: Sequence[Action]) -> bool:
    return state.over and state.closed_by == 0


@dataclass(frozen=True)
class Exercise:
    """A position for the card table (North plays), its task and its goals."""

    key: str
    rules: str
    setup: Mapping[str, Any]
    task: str
    goals: tuple[Goal, ...]
    comment: Callable[[HandState], str] = field(default=lambda state: "")

    def ruleset(self) -> Rules:
        return preset(self.rules)

    def start(self) -> HandState:
        return position(self.ruleset(), **dict(self.setup))

    def first_turn(self, state: HandState) -> tuple[HandState, list[Action]]:
        """The position at the end of North's first turn (or now, while it lasts) and North's actions in it.

        The task is that one turn: once it is over the bots play on and the hand goes on,
        and what follows changes nothing in the goals.
        """
        actions: list[Action] = []
        replay = self.start()
        for action in state.history:
            if replay.current == 0:
                actions.append(action)
            replay.apply(action)
            if turn_ended(self.start(), replay, actions):
                break
        return replay, actions

    def learner_actions(self, state: HandState) -> list[Action]:
        """North's actions in the first turn (a position's history starts empty)."""
        return self.first_turn(state)[1]

    def check(self, state: HandState, actions: Sequence[Action] | None = None) -> list[GoalState]:
        """Each goal and whether North's first turn (so far) meets it."""
        start = self.start()
        if actions is None:
            state, done = self.first_turn(state)
        else:
            done = list(actions)
        return [GoalState(goal.label, bool(goal.test(start, state, done))) for goal in self.goals]

    def turn_over(self, state: HandState) -> bool:
        """Whether North's first turn is over (North discarded or closed)."""
        return turn_ended(self.start(), state, self.learner_actions(state))


def burracos_comment(state: HandState) -> str:
    """Your side's burracos, each with its kind and bonus (computed by the engine)."""
    rules = state.rules
    lines = []
    for meld in state.side_melds(0):
        kind = burraco_kind(meld.meld, rules)
        if kind is not None:
            if language() == "en":
                lines.append(f"your {meld_name(meld.meld)} (meld {meld.id}) is a {kind} {burraco_word(rules)}: "
                             f"{burraco_bonus(kind, rules)} points")
            else:
                burraco = burraco_phrase(kind, rules) or _(kind)
                lines.append(_("your {name} (meld {number}) is {burraco}: {points} points", name=meld_name(meld.meld),
                               number=meld.id, burraco=burraco, points=burraco_bonus(kind, rules)))
    text = "; ".join(lines)
    return f"{text[:1].upper()}{text[1:]}." if text else ""


def clean_burraco_comment(state: HandState) -> str:
    """Lesson 6's task asks for a clean burraco: the burracos so far, and, when a dirty one was made
    instead (a wild card cannot be taken back), what happened and how to try again."""
    text = burracos_comment(state)
    rules = state.rules
    kinds = [burraco_kind(meld.meld, rules) for meld in state.side_melds(0)]
    if any(kind in CLEAN_KINDS for kind in kinds) or not any(kinds):
        return text
    word = burraco_word(rules)
    source = cite("burraco", rules.source).short()
    return _(_NOT_CLEAN.get(word, _NOT_CLEAN["burraco"]), text=text, source=source)


#: Lesson 6's comment when the burraco made is not the clean one asked for, by the ruleset's word.
_NOT_CLEAN: Final = {
    "burraco": N_("{text} It is not the clean one the task asks for: a clean burraco has no wild card, and a wild card on the "
                  "table cannot be taken back into your hand ({source}). Press Start again (under the table) to set the "
                  "position up again and try once more."),
    "canasta": N_("{text} It is not the clean one the task asks for: a clean canasta has no wild card, and a wild card on the "
                  "table cannot be taken back into your hand ({source}). Press Start again (under the table) to set the "
                  "position up again and try once more."),
    "canastra": N_("{text} It is not the clean one the task asks for: a clean canastra has no wild card, and a wild card on the "
                   "table cannot be taken back into your hand ({source}). Press Start again (under the table) to set the "
                   "position up again and try once more."),
}


#: The goals a lesson's ``table`` block may set (lessons/tasks/*.toml), by name, each with its words.
GOALS: Final = {
    "took-pile": Goal(N_("take the discard pile"), took_pile),
    "new-meld-with-pile-card": Goal(N_("lay out a new meld with a card from the pile"), new_meld_with_pile_card),
    "added-to-run": Goal(N_("add to your side's run"), added_to_run),
    "turn-ended": Goal(N_("discard to end the turn"), turn_ended),
    "clean-burraco": Goal(N_("a clean burraco on the table"), clean_burraco),
    "any-burraco": Goal(N_("make a burraco"), any_burraco),
    "pot-direct": Goal(N_("pick up the pozzetto directly"), pot_direct),
    "closed": Goal(N_("close the hand"), closed),
}

#: What a ``table`` block may say under the table as the learner plays (its ``comment``), by name.
COMMENTS: Final[dict[str, Callable[[HandState], str]]] = {
    "burracos": burracos_comment,
    "clean-burraco": clean_burraco_comment,
}


# -- lesson 6: the kinds of burraco --------------------------------------------------------------
#: (caption, cards) for the gallery; each is judged by the engine under the chosen rules.
BURRACO_EXAMPLES: Final = (
    (N_("A run of seven, no wild card"), "3H 4H 5H 6H 7H 8H 9H"),
    (N_("A run of seven with a wild card"), "2C 5S 6S 7S 8S 9S 10S"),
    (N_("A set of seven Queens"), "QS QS QH QH QD QC QC"),
    (N_("Seven natural cards in a row and a wild"), "2S 4D 5D 6D 7D 8D 9D 10D"),
    (N_("Ace to King: thirteen natural cards"), "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"),
    (N_("Ace to ace: fourteen natural cards"), "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"),
    (N_("A run of six"), "5C 6C 7C 8C 9C 10C"),
)


def burraco_row(caption: str, cards: str, rules: Rules) -> str:
    verdict = check_meld(cards, rules)
    word = burraco_word(rules)
    if not verdict.legal or verdict.meld is None:
        picture = cards_svg(list(parse_cards(cards)), scale=0.5)
        not_legal = _("Not a legal meld here:")
        what = f'<span class="buraco-feedback wrong">{not_legal}</span> {html.escape(" ".join(verdict.explanations))}'
    else:
        picture = meld_svg(verdict.meld, rules, scale=0.5)
        kind = burraco_kind(verdict.meld, rules)
        if kind is None:
            what = _(_SHORT.get(word, _SHORT["burraco"]), count=len(verdict.meld), length=rules.burraco_length,
                     source=html.escape(cite("burraco", rules.source).short()))
        else:
            name = html.escape(f"{kind} {word}" if language() == "en" else _(_KINDS.get((kind, word), kind)))
            what = _("<strong>{burraco}</strong>: {points} points ({source})", burraco=name, points=burraco_bonus(kind, rules),
                     source=html.escape(_kind_source(kind, rules)))
    caption_text = html.escape(_(caption)) if caption else ""
    return f'<tr data-cards="{html.escape(cards)}"><th scope="row">{caption_text}</th><td>{picture}</td><td>{what}</td></tr>'

#: A meld too short to be a meld of seven, by the ruleset's word for it.
_SHORT: Final = {
    "burraco": N_("Not a burraco: {count} cards, and a burraco needs {length} ({source})."),
    "canasta": N_("Not a canasta: {count} cards, and a canasta needs {length} ({source})."),
    "canastra": N_("Not a canastra: {count} cards, and a canastra needs {length} ({source})."),
}
#: A meld of seven's kind, by (kind, the ruleset's word): the score sheet's names.
_KINDS: Final = {(kind, word): message for word, table in KIND_NAMES.items() for kind, message in table.items()}


def _kind_source(kind: str, rules: Rules) -> str:
    key = {"semi-clean": "semi_clean", "royal": "royal", "ace-to-ace": "royal"}.get(kind, "burraco")
    return cite(key, rules.source).short()


def burraco_gallery_html(rules: Rules) -> str:
    """Every example judged under ``rules``: legal or not, and what kind of burraco with its bonus."""
    rows = "".join(burraco_row(caption, cards, rules) for caption, cards in BURRACO_EXAMPLES)
    variant = ""
    if rules.source == "002" and not rules.semi_clean_bonus:
        options = rules.replace(semi_clean_bonus=150)
        caption, cards = BURRACO_EXAMPLES[3]
        variant_line = _("<p>With 002's <em>semi-clean</em> variant (002 'Variants': a semi-clean burraco scores 150), "
                         "the same meld scores more:</p>")
        variant = (variant_line +
                   f'<table class="buraco-rules buraco-burracos"><tbody>{burraco_row(caption, cards, options)}</tbody></table>')
    return (ruleset_line(rules, _("; a clean one is marked with its last two cards crosswise, a dirty one with its last card:"))
            + f'<table class="buraco-rules buraco-burracos"><tbody>{rows}</tbody></table>{variant}')


def burraco_kind_of(cards: str, rules: Rules) -> str:
    """'clean', 'dirty' ... for a legal meld of seven or more; 'not a burraco' or 'not legal' otherwise."""
    verdict = check_meld(cards, rules)
    if not verdict.legal or verdict.meld is None:
        return "not legal"
    return burraco_kind(verdict.meld, rules) or "not a burraco"


def meld_of(cards: str, rules: Rules) -> Meld:
    verdict = check_meld(cards, rules)
    if verdict.meld is None:
        raise BuracoError(f"{cards!r} is not a legal meld under {rules.name}: {verdict.reason}")
    return verdict.meld


# -- lesson 6's worked example: two melds grow into burracos ----------------------------------------------
def burraco_script() -> Any:
    """A replayer script: a run becomes a clean burraco, a set a dirty one; the captions name the engine's verdicts."""
    from buraco_learn.ui.replay import Script

    rules = preset("italian")
    start = position(rules, hands={"N": "8H 9H QH 2C 5S KD"}, melds={"NS": ["3H 4H 5H 6H 7H", "QS QS QH QD QC"]},
                     current="N", phase="play")
    word = burraco_word(rules)
    trial = start.clone()
    steps: list[tuple[str, str]] = []
    for action, what in (("add m1 8H 9H", "the run"), ("add m2 QH 2C", "the set of Queens")):
        trial.apply(action)
        meld = trial.melds[int(action.split()[1][1:]) - 1]
        kind = burraco_kind(meld.meld, rules) or "not a"
        turned = "its last two cards are turned crosswise" if kind in CLEAN_KINDS else "its last card is turned crosswise"
        steps.append((action, f"North adds to {what}: {len(meld.meld)} cards, a {kind} {word} worth "
                              f"{burraco_bonus(kind, rules)} points; {turned} ({cite('burraco', '002').short()})."))
    steps.append(("discard 5S", f"North discards, ending the turn ({cite('discard', '002').short()})."))
    intro = (f"North–South have a run 3♥ to 7♥ and five Queens; North has drawn and holds 8♥ 9♥ Q♥ 2♣ 5♠ K♦ "
             f"({cite('burraco', '002').short()}).")
    return Script.from_actions(start, steps, title="Two burracos (002)", intro=intro)


# -- lesson 7: what it costs not to take the pot ----------------------------------------------------------
#: A side's melds and hands, legal under every ruleset (runs, a 2 as the wild card).
_POT_SIDE: Final = {"melds": ["5S 6S 7S 8S 2C 10S JS", "4C 5C 6C"], "hands": ["KH", "2D"]}
_UNSEEN_POT: Final = "9D 9C 3D 4D 5D 8C 10D JD 7H 3H KD"


def pot_cost_html(rules: Rules) -> str:
    """One side's hand scored three ways by the engine: pot taken, never taken, taken but not looked at."""
    from buraco_learn.scoring import SideInput, score_side

    head = ruleset_line(rules)
    if not rules.pot_sizes:
        none = _("There are no pots under these rules: nothing to take, nothing to lose.")
        return head + f"<p>{html.escape(none)}</p>"
    word = pot_word(rules)
    cases = ((_("The side took its {pot}", pot=word), "taken"), (_("The side never took its {pot}", pot=word), "not-taken"),
             (_("The side took its {pot} but had not looked at it when the other side closed", pot=word), _UNSEEN_POT))
    rows = []
    for label, pot in cases:
        side = SideInput.of(_POT_SIDE["melds"], _POT_SIDE["hands"], pot=pot, rules=rules)
        score = score_side(side, False, rules, "EW")
        lines = "; ".join(f"{item.text()} {item.points:+d}" for item in score.items())
        rows.append(f"<tr><th scope=\"row\">{html.escape(label)}</th><td class=\"points\">{score.total:+,}</td>"
                    f"<td>{html.escape(lines)}</td></tr>")
    melds = " ".join(meld_svg(meld_of(text, rules), rules, scale=0.45) for text in _POT_SIDE["melds"])
    held = cards_svg(list(parse_cards(" ".join(_POT_SIDE["hands"]))), scale=0.45)
    # the sentence's words escaped, then the pictures put in their places
    sentence = html.escape(_("A side ends a hand with these melds {melds} and holds {held} (the other side closed).")
                           ).format(melds=melds, held=held)
    heads = "".join(f"<th>{html.escape(text)}</th>" for text in (_("If …"), _("total"), _("the engine's lines")))
    return (head + f"<p>{sentence}</p>"
            f'<table class="buraco-breakdown"><thead><tr>{heads}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')
