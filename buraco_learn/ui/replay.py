"""Scripts for the replayer: positions step by step, with captions and the cards that moved (pure Python).

A :class:`Script` is a list of :class:`Frame`: the state after each step (frame 0
is the starting position), a caption, the action in words and, for a try the
engine refuses on purpose, its explanation. :meth:`Script.frame_view` draws a frame
as JSON for :class:`buraco_learn.ui.Replayer`.

Worked examples and game reviews are teaching material, not a live game, so a
frame shows **every** hand face up (the omniscient view). The stock, the pots not
yet picked up (or waiting face down) and (under the closed modes) the covered part
of the pile stay face down, as they are on a real table, and nothing in a frame
identifies them: not even a card's id among the cards that moved.

>>> from buraco_learn.examples import EXAMPLES
>>> script = Script.from_example(EXAMPLES["pile-002"])
>>> len(script), script.frames[1].action
(4, 'North took the discard pile (3 cards).')
>>> view = script.frame_view(1)
>>> sorted(card["notation"] for card in view["seats"][0]["cards"] if card["id"] in view["moved"])
['5S', '9C', 'KH']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from buraco_learn.cards import card_of_id
from buraco_learn.errors import BuracoError, IllegalActionError, InvalidNotationError, InvalidRecordError
from buraco_learn.examples import Example
from buraco_learn.game.actions import Action
from buraco_learn.game.deal import Deal
from buraco_learn.game.record import rules_of
from buraco_learn.game.state import HandState
from buraco_learn.i18n import _, browser_tag, language, ngettext
from buraco_learn.i18n import number as written
from buraco_learn.scoring import pot_word
from buraco_learn.ui.table_view import (
    card_id,
    log_effects,
    log_sentence,
    meld_view_of,
    refusal_text,
    result_view,
    seat_word,
    side_word,
)
from buraco_learn.ui.views import card_view, face_down_view, rules_title


@dataclass(frozen=True)
class Frame:
    """One step: the state after it, its caption, the action in words (who did what),
    the engine's explanation when the step was refused, and the physical ids that moved."""

    state: HandState
    caption: str
    action: str = ""
    notation: str = ""
    refusal: str = ""
    moved: frozenset[int] = frozenset()


def _places(state: HandState) -> dict[int, tuple[Any, ...]]:
    """Where every physical card is; cards in a meld by their slot (so a moved wild counts)."""
    where: dict[int, tuple[Any, ...]] = {}
    for seat, hand in enumerate(state.hands):
        where.update((card, ("hand", seat)) for card in hand)
    where.update((card, ("pile",)) for card in state.pile)
    where.update((card, ("stock",)) for card in state.stock)
    for index, pot in enumerate(state.pots):
        where.update((card, ("pot", index)) for card in pot or ())
    for seat, ids in state.pending_pot.items():
        where.update((card, ("pending", seat)) for card in ids)
    for meld in state.melds:
        for card, slot in zip(meld.ids, meld.meld.slots):
            where[card] = ("meld", meld.id, slot.position, slot.wild)
    return where


def _moved(before: HandState, after: HandState) -> frozenset[int]:
    old, new = _places(before), _places(after)
    return frozenset(card for card, place in new.items() if old.get(card) != place)


class Script:
    """Frames to step through: build one with :meth:`from_example`, :meth:`from_record`,
    :meth:`from_hand` (a finished hand) or :meth:`from_actions`."""

    def __init__(self, title: str, frames: Sequence[Frame], outro: str = "") -> None:
        if not frames:
            raise BuracoError("a script needs at least its starting position")
        self.title = title
        self.frames = list(frames)
        self.rules = self.frames[0].state.rules
        if outro:
            last = self.frames[-1]
            self.frames.append(Frame(last.state, outro))

    def __len__(self) -> int:
        return len(self.frames)

    @classmethod
    def from_actions(
        cls,
        start: HandState,
        steps: Sequence[tuple[str, str] | tuple[str, str, bool]],
        *,
        title: str = "",
        intro: str = "",
        outro: str = "",
    ) -> Script:
        """Frames from a starting state and ``(action, caption[, illegal])`` steps.

        An illegal step must be refused (its frame shows the explanation and the
        unchanged state); a legal one must be legal. Otherwise this raises.
        """
        state = start.clone()
        frames = [Frame(state.clone(), intro)]
        for number, step in enumerate(steps, 1):
            text, caption = step[0], step[1]
            illegal = bool(step[2]) if len(step) > 2 else False
            try:
                action = Action.parse(text)
            except InvalidNotationError as error:
                raise BuracoError(f"step {number}: {error}") from None
            who = seat_word(state.seat_names[state.current])
            refusal = state.explain_illegal(action)
            if illegal != (refusal is not None):
                raise BuracoError(f"step {number} ({text!r}) is {'legal' if refusal is None else 'illegal'}, not as scripted")
            if refusal is not None:
                tries = _("{who} tries to {move}", who=who, move=action.describe())
                frames.append(Frame(state.clone(), caption, tries, text, refusal_text(refusal)))
                continue
            before, actor = state.clone(), state.current
            state.apply(action)
            words = _move_sentence(state, action, actor, who, len(before.pile), len(before.melds))
            frames.append(Frame(state.clone(), caption, words, text, "", _moved(before, state)))
        return cls(title, frames, outro)

    @classmethod
    def from_example(cls, example: Example) -> Script:
        """A worked example from :mod:`buraco_learn.examples`."""
        # each text in the current language: the examples' texts are messages of the catalogue as they read in
        # English, citations included (extracted by buraco_learn.i18n.extract_examples)
        steps = [(step.action, _(step.caption), step.illegal) for step in example.steps]
        title = _(example.title)
        return cls.from_actions(example.start(), steps, title=f"{title} ({example.document})",
                                intro=_(example.intro), outro=_(example.outro) if example.outro else "")

    @classmethod
    def from_record(cls, record: dict[str, Any], hand: int = 0) -> Script:
        """Hand ``hand`` (0-based) of a game record (:mod:`buraco_learn.game.record`)."""
        rules = rules_of(record)
        hands = record.get("hands")
        if not isinstance(hands, list) or not 0 <= hand < len(hands):
            count = len(hands) if isinstance(hands, list) else 0
            raise InvalidRecordError(f"the record has no hand {hand + 1} (it has {count})")
        recorded = hands[hand]
        deal = Deal.from_dict(recorded.get("deal"), rules)
        scores = {}
        if hand > 0 and isinstance(hands[hand - 1], dict):
            totals = hands[hand - 1].get("totals", {})
            scores = {side: int(totals.get(name, 0)) for side, name in enumerate(HandState.from_deal(rules, deal).side_names)}
        start = HandState.from_deal(rules, deal, scores)
        actions = recorded.get("actions")
        if not isinstance(actions, list):
            raise InvalidRecordError(f"hand {hand + 1} has no list of \"actions\"")
        try:
            return cls.from_hand(start, actions, title=_("Hand {n} ({ruleset})", n=hand + 1, ruleset=rules_title(rules)))
        except (IllegalActionError, InvalidNotationError) as error:
            raise InvalidRecordError(f"hand {hand + 1}: {error}") from None

    @classmethod
    def from_hand(cls, start: HandState, actions: Sequence[str | Action], *, title: str = "", partial: bool = False) -> Script:
        """A hand played from ``start``, move by move, with a caption per move and the score at the end.

        For reviewing a finished hand: refuse to show a hand still being played
        (every hand is face up here). ``partial=True`` allows the opening moves of a
        hand nobody is playing (a demonstration of the deal and the first round).
        """
        state = start.clone()
        steps = []
        for number, item in enumerate(actions, 1):
            action = Action.parse(item) if isinstance(item, str) else item
            try:
                who = seat_word(state.seat_names[state.current])
                actor, pile, melds = state.current, len(state.pile), len(state.melds)
                state.apply(action)
                steps.append((action.notation(), _("Move {number}: {sentence}", number=number,
                                                   sentence=_move_sentence(state, action, actor, who, pile, melds))))
            except (IllegalActionError, InvalidNotationError) as error:
                raise type(error)(f"action {number} ({action.notation()!r}): {error}") from None
        if not state.over and not partial:
            raise BuracoError("only a finished hand can be replayed with every card face up")
        dealer = seat_word(start.seat_names[start.dealer])
        intro = _("{dealer} deals; {first} plays first.", dealer=dealer, first=seat_word(start.seat_names[start.current]))
        if state.over:
            totals = ", ".join(_("{side} {points}", side=side_word(side), points=written(score.total) if language() != "en"
                                 else str(score.total)) for side, score in state.score().items())
            outro = _("The hand is over: {totals}.", totals=totals)
        else:
            outro = ngettext("And so the hand goes on, {n} cards left in the stock.",
                             "And so the hand goes on, {n} cards left in the stock.", len(state.stock))
        title = title or _("A hand of {ruleset}", ruleset=rules_title(start.rules))
        return cls.from_actions(start, steps, title=title, intro=intro, outro=outro)

    # -- drawing a frame -------------------------------------------------------------------
    def frame_view(self, index: int) -> dict[str, Any]:
        """Frame ``index`` as JSON for the replayer: every hand face up, the moved cards listed."""
        if not 0 <= index < len(self.frames):
            raise BuracoError(f"there is no step {index}: the script has steps 0 to {len(self.frames) - 1}")
        frame = self.frames[index]
        state = frame.state
        rules = state.rules
        names = state.seat_names
        seats: list[dict[str, Any]] = []
        for seat, hand in enumerate(state.hands):
            seats.append({
                "seat": names[seat],
                "name": seat_word(names[seat]),
                "side": state.side_names[state.side_of[seat]],
                "current": seat == state.current and not state.over,
                "cards": [card_view(card_of_id(physical), card_id(physical)) for physical in hand],
                "pending_pot": len(state.pending_pot.get(seat, [])),
            })
        melds = []
        for side, side_name in enumerate(state.side_names):
            side_melds = [meld_view_of(meld.to_dict(state.side_names, rules), rules, mine=False)
                          for meld in state.melds if meld.side == side]
            melds.append({"side": side_name, "name": side_word(side_name), "melds": side_melds})
        covered = len(state.pile) - 1 if rules.pile_visible == "top" and state.pile else 0
        pile = [face_down_view(f"pile-{n}") for n in range(covered)]
        pile += [card_view(card_of_id(physical), card_id(physical)) for physical in state.pile[covered:]]
        word = pot_word(rules)
        pots = [{"index": index, "size": len(pot or ()), "left": pot is not None,
                 "text": _pot_line(word, index + 1, len(pot or ()), pot is not None)} for index, pot in enumerate(state.pots)]
        for seat_view in seats:
            count = len(seat_view["cards"])
            cards = ngettext("{n} card", "{n} cards", count)
            seat_view["label"] = _("{name}'s hand: {cards}", name=seat_view["name"], cards=cards)
            seat_view["count_text"] = cards
            seat_view["pending_text"] = _(" · pot waiting ({n})", n=seat_view["pending_pot"]) if seat_view["pending_pot"] else ""
        # only cards face up in this frame are named: a card that moved into the stock, a pot, a pot waiting
        # face down or the covered part of the pile is not identified, not even by its id
        face_up = {physical for hand in state.hands for physical in hand} | set(state.pile[covered:])
        face_up.update(physical for meld in state.melds for physical in meld.ids)
        view: dict[str, Any] = {
            "title": self.title,
            "rules": rules_title(rules),
            "step": index,
            "steps": len(self.frames) - 1,
            "caption": frame.caption,
            "action": frame.action,
            "notation": frame.notation,
            "refusal": frame.refusal,
            "moved": [card_id(physical) for physical in sorted(frame.moved & face_up)],
            "seats": seats,
            "melds": melds,
            "pile": {"cards": pile, "size": len(state.pile), "visible": rules.pile_visible},
            "stock": len(state.stock),
            "pots": pots,
            "current": names[state.current],
            "phase": state.phase,
            "score": {},
            "texts": _frame_texts(index, len(self.frames) - 1, frame.refusal, len(state.stock), len(state.pile),
                                  rules.pile_visible == "top"),
            "locale": browser_tag(),
        }
        if state.over:
            closed = names[state.closed_by] if state.closed_by is not None else None
            view["score"] = result_view(state.score(), end_reason=state.end_reason, closed_by=closed, my_side=state.side_names[0])
        return view


def _move_sentence(state: HandState, action: Action, actor: int, who: str, pile: int, melds: int) -> str:
    """A move as the table's log says it (a whole sentence in the learner's language), by the player ``who``
    (seat ``actor``), seen from outside the hand: ``state`` is after the move, ``pile`` and ``melds`` the
    counts before it. Melds are named by what they are and whose: "their run of hearts (meld 2)"."""
    own = state.side_of[actor]
    named = {meld.id: (meld.meld, "their" if meld.side == own else "side", side_word(state.side_names[meld.side]))
             for meld in state.melds}
    laid, taken = log_effects(action, state, pile, melds)
    return log_sentence(action, you=False, who=who, melds=named, laid=laid, taken=taken, pot=pot_word(state.rules))


def _pot_line(word: str, number: int, size: int, left: bool) -> str:
    """A pot in the middle of the table, by the ruleset's name for it (English: "Pot 1: 11 cards face down")."""
    if language() == "en":
        return f"Pot {number}: {size} card{'s' if size != 1 else ''} face down" if left else f"Pot {number}: taken"
    if word == "pozzetto":
        return (ngettext("pozzetto {number}: {n} face-down card", "pozzetto {number}: {n} face-down cards", size, number=number)
                if left else _("pozzetto {number}: taken", number=number))
    if word == "morto":
        return (ngettext("morto {number}: {n} face-down card", "morto {number}: {n} face-down cards", size, number=number)
                if left else _("morto {number}: taken", number=number))
    return (ngettext("pot {number}: {n} face-down card", "pot {number}: {n} face-down cards", size, number=number)
            if left else _("pot {number}: taken", number=number))


def _frame_texts(step: int, steps: int, refusal: str, stock: int, pile: int, only_top: bool) -> dict[str, str]:
    """Every word the replayer's browser side writes about a frame, in the learner's language."""
    cards = ngettext("{n} card", "{n} cards", pile)
    return {
        "root": _("Worked example: arrow keys step through it"),
        "role": _("replayer"),
        "just_moved": _(", just moved"),
        "four_colour": _("Four-colour deck"),
        "large": _("Large cards"),
        "display_options": _("Display options"),
        "steps": _("Steps"),
        "first": _("« Start"),
        "back": _("◀ Back"),
        "step": _("Step {step} of {steps}", step=step, steps=steps),
        "forward": _("Next ▶"),
        "last": _("End »"),
        "refusal": _("The engine says: {refusal}", refusal=refusal) if refusal else "",
        "to_play": _("◀ to play"),
        "stock": ngettext("Stock: {n} card face down", "Stock: {n} cards face down", stock),
        "pile": (_("Discard pile: {cards}; only the top card shows", cards=cards) if only_top
                 else _("Discard pile: {cards}", cards=cards)),
        "pots": _("Pots"),
        "melds": _("Melds on the table"),
        "no_melds": _("No melds yet."),
        "score": _("The hand's score"),
    }
