"""The card table's Hint button: a ladder of three rungs, from a nudge to the move (pure Python).

A *hint source* is any callable ``source(view, rung) -> hint`` given the learner's
:class:`~buraco_learn.game.view.PlayerView` (never the state) and the rung asked
for (1: what kind of play to look for, 2: which cards, 3: the move itself). A hint
is a string, a dict or an object with ``text`` and optionally ``cards`` (cards or
notation) and ``action`` (an :class:`Action` or notation); :func:`normalise_hint`
turns any of those into the JSON the table shows.

:func:`make_hint_source` gives the table's default: the coach's ladder
(:class:`CoachHints`, from :mod:`buraco_learn.coach`) when the coach is installed,
otherwise :func:`bot_hint`, which names the move the intermediate bot would make
from the same view.

>>> import random
>>> from buraco_learn import preset
>>> from buraco_learn.game import HandState
>>> state = HandState.new(preset("italian"), random.Random(2), dealer=3)
>>> hint = normalise_hint(bot_hint(state.view(0), 3), 3)
>>> hint["rung"], hint["of"], hint["action"] in ("draw", "take")
(3, 3, True)
"""

from __future__ import annotations

import importlib.util
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from buraco_learn.cards import Card, parse_cards
from buraco_learn.game.actions import Action
from buraco_learn.game.view import PlayerView
from buraco_learn.game.words import cards_row
from buraco_learn.i18n import N_, _
from buraco_learn.rules import Rules
from buraco_learn.vocabulary import vocabulary

#: A hint source: (the learner's view, rung 1..3) -> a hint (str, dict or object with ``text``).
HintSource = Callable[[PlayerView, int], Any]
#: A review source: the learner's decisions of one hand, each unpacking as (view, action) ->
#: a review (str, dict or object with ``text`` and optionally ``items``).
ReviewSource = Callable[[Sequence[Any]], Any]
#: A comment source: (the learner's view *before* acting, the action played) -> the coach's
#: opinion of it (str, dict, or object with ``to_dict()``, like :class:`buraco_learn.coach.Comparison`).
CommentSource = Callable[[PlayerView, Action], Any]
RUNGS: Final = 3
VERDICTS: Final = ("same", "as-good", "worse")
#: the coach's budget at the table: one decision's search is capped at this (ms), the
#: same for hints, comments and the review (:data:`buraco_learn.coach.DEFAULT_BUDGET_MS`)
COACH_BUDGET_MS: Final = 300.0
_SHARED: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
_SHARED_SIZE: Final = 4

_NUDGES: Final = {
    "draw": N_("Look at the discard pile: if it does not help you, draw from the stock."),
    "take": N_("Look at the discard pile: it holds something for you."),
    "redraw": N_("You may throw back the card you drew and draw another."),
    "meld": N_("You have cards that make a new meld."),
    "swap": N_("You hold the natural card a wild card on the table stands for."),
    "close": N_("You can close the hand now."),
}
#: The nudges that name the ruleset's words, each wording a whole message: adding (to any meld, to the
#: side's, to one's own in cut-throat), discarding (the opponents, your opponents), the pot by its name.
_ADD_NUDGES: Final = {
    "any": N_("One of your cards fits a meld on the table."),
    "side": N_("One of your cards fits one of your side's melds on the table."),
    "alone": N_("One of your cards fits one of your melds on the table."),
}
_DISCARD_NUDGES: Final = {
    False: N_("Time to end your turn: which card helps you least, and the opponents least?"),
    True: N_("Time to end your turn: which card helps you least, and your opponents least?"),
}
_POT_NUDGES: Final = {
    "pozzetto": N_("Your hand is empty: pick up your pozzetto."),
    "morto": N_("Your hand is empty: pick up your morto."),
    "pot": N_("Your hand is empty: pick up your pot."),
}


def _nudge(kind: str, rules: Rules) -> str:
    """The first rung's words for an action of ``kind``, in the ruleset's own words."""
    words = vocabulary(rules)
    if kind == "add":
        return _(_ADD_NUDGES["any" if rules.add_to_any_meld else "alone" if words.alone else "side"])
    if kind == "discard":
        return _(_DISCARD_NUDGES[words.alone])
    if kind == "pot":
        return _(_POT_NUDGES.get(words.pot, _POT_NUDGES["pot"]))
    return _(_NUDGES.get(kind, N_("Look at what you can play.")))


def _level() -> str:
    """The bot that answers hints: the intermediate one (the strong one searches too long for a click)."""
    from buraco_learn.bots import available_levels

    levels = available_levels()
    for level in ("intermediate", "beginner", "random"):
        if level in levels:
            return level
    return "random"  # pragma: no cover - random is always there


def bot_hint(view: PlayerView, rung: int) -> dict[str, Any]:
    """A hint from the move the intermediate bot would make from ``view``."""
    from buraco_learn.bots import make_bot

    bot = make_bot(_level(), view.rules, seed=int(view.get("turn")))
    action = bot.act(view)
    cards = [card for group in action.groups for card in group] + list(action.cards)
    if rung <= 1:
        return {"text": _nudge(action.kind, view.rules)}
    if rung == 2:
        if cards:
            return {"text": _("Look at these cards: {cards}.", cards=cards_row(cards)), "cards": cards}
        return {"text": _nudge(action.kind, view.rules)}
    return {"text": _("Try this: {move}.", move=action.describe()), "cards": cards, "action": action}


class CoachHints:
    """The coach's hint ladder (:class:`buraco_learn.coach.Coach`) as a hint source.

    The coach evaluates a decision once (within its budget) and keeps the evaluation,
    so the three rungs, the comment on the move played and the review of the hand all
    come from it: asking for the second and third rung never searches again. The coach
    itself is made on the first hint, so a page with a table but no hint asked for
    never pays for it (about 25 ms of a lesson's first render); the hint, comment and
    review sources of one table share it (:func:`shared_coach`).
    """

    def __init__(self, rules: Rules, seed: int = 0, budget_ms: float | None = COACH_BUDGET_MS) -> None:
        get = _coach(rules, seed, budget_ms)
        if get is None:
            raise ImportError("the coach (buraco_learn.coach) is not installed")
        self._get_coach = get

    @property
    def coach(self) -> Any:
        """The :class:`buraco_learn.coach.Coach` giving the hints (made when first needed)."""
        return self._get_coach()

    def __call__(self, view: PlayerView, rung: int) -> dict[str, Any]:
        hint = self.coach.hint(view)  # made once per decision, then kept by the coach
        action: Action = hint.action
        cards = [card for group in action.groups for card in group] + list(action.cards)
        return {
            "text": hint.rung(rung).text,
            "cards": cards if rung >= 2 else [],
            "action": action if rung >= RUNGS else None,
        }


def make_hint_source(rules: Rules, seed: int = 0) -> HintSource:
    """The table's default hint source: the coach's ladder when the coach is installed, else :func:`bot_hint`."""
    if importlib.util.find_spec("buraco_learn.coach") is not None:
        return CoachHints(rules, seed=seed)
    return bot_hint




def shared_coach(rules: Rules, seed: int = 0, budget_ms: float | None = COACH_BUDGET_MS) -> Any:
    """The :class:`buraco_learn.coach.Coach` for ``rules`` and ``seed``, one per kernel for
    the few tables open (so a table's hints, comments and review share its evaluations)."""
    from buraco_learn.coach import Coach

    key = (rules, seed, budget_ms)
    coach = _SHARED.get(key)
    if coach is None:
        coach = Coach(rules, seed=seed, budget_ms=budget_ms)
        _SHARED[key] = coach
        while len(_SHARED) > _SHARED_SIZE:
            _SHARED.popitem(last=False)
    else:
        _SHARED.move_to_end(key)
    return coach


def _coach(rules: Rules, seed: int, budget_ms: float | None) -> Callable[[], Any] | None:
    """A getter of the shared :class:`buraco_learn.coach.Coach`, made on first use (so that
    a page that never asks for a hint, a review or a comment never pays for it), or None
    without a coach."""
    if importlib.util.find_spec("buraco_learn.coach") is None:
        return None
    made: list[Any] = []

    def get() -> Any:
        if not made:
            made.append(shared_coach(rules, seed, budget_ms))
        return made[0]

    return get


def make_review_source(rules: Rules, seed: int = 0, budget_ms: float | None = COACH_BUDGET_MS) -> ReviewSource | None:
    """The coach's post-hand review (:meth:`buraco_learn.coach.Coach.review`), or None without a coach."""
    coach = _coach(rules, seed, budget_ms)
    if coach is None:
        return None

    def review(decisions: Sequence[Any]) -> Any:
        return coach().review([(view, action) for view, action in decisions])

    return review


def make_comment_source(rules: Rules, seed: int = 0, budget_ms: float | None = COACH_BUDGET_MS) -> CommentSource | None:
    """The coach's comment on each of the learner's moves (:meth:`buraco_learn.coach.Coach.compare`)."""
    coach = _coach(rules, seed, budget_ms)
    if coach is None:
        return None

    def comment(view: PlayerView, action: Action) -> Any:
        return coach().compare(view, action)

    return comment


def normalise_comment(comment: Any, action: Action) -> dict[str, Any]:
    """``{"action", "verdict" ('same', 'as-good', 'worse' or ''), "suggested", "text"}`` from any comment.

    >>> from buraco_learn.game.actions import Action
    >>> normalise_comment("Fine.", Action.parse("draw"))
    {'action': 'draw', 'verdict': '', 'suggested': '', 'text': 'Fine.'}
    """
    if isinstance(comment, str):
        data: dict[str, Any] = {"text": comment}
    else:
        data = comment.to_dict() if hasattr(comment, "to_dict") else dict(comment)
    verdict = str(data.get("verdict", ""))
    return {
        "action": action.notation(),
        "verdict": verdict if verdict in VERDICTS else "",
        "suggested": str(data.get("suggested", "")),
        "text": str(data.get("text", "")),
    }


def normalise_review(review: Any) -> dict[str, Any]:
    """``{"text": ..., "items": [{"text": ..., ...}]}`` from a review (str, dict or object with ``to_dict``)."""
    if isinstance(review, str):
        return {"text": review, "items": []}
    data = review.to_dict() if hasattr(review, "to_dict") else dict(review)
    items = [dict(item) for item in data.get("items", [])]
    return {"text": str(data.get("text", "")), "items": items}


def default_hint_source(view: PlayerView, rung: int) -> Any:
    """A hint for ``view`` from :func:`make_hint_source` (a new coach each call: prefer keeping one)."""
    return make_hint_source(view.rules)(view, rung)


def _cards_of(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [card.notation() for card in parse_cards(value)]
    out = []
    for item in value:
        out.append(item.notation() if isinstance(item, Card) else Card.parse(str(item)).notation())
    return out


def normalise_hint(hint: Any, rung: int) -> dict[str, Any]:
    """``{"rung", "of", "text", "cards": [notation], "action": notation or ""}`` from any hint."""
    if isinstance(hint, str):
        text, cards, action = hint, None, None
    elif isinstance(hint, Mapping):
        text, cards, action = hint.get("text", ""), hint.get("cards"), hint.get("action")
    else:
        text, cards, action = getattr(hint, "text", str(hint)), getattr(hint, "cards", None), getattr(hint, "action", None)
    if isinstance(action, Action):
        action = action.notation()
    return {"rung": rung, "of": RUNGS, "text": str(text), "cards": _cards_of(cards), "action": str(action or "")}
