"""Bots: players that act from one seat's view only.

A bot is any object with ``name`` and ``act(view) -> Action``; it never sees the
state, only a :class:`~buraco_learn.game.view.PlayerView` (which holds the seat's
legal actions when it is the seat's turn). Levels are registered by name in
:data:`LEVELS` and made with :func:`make_bot`.

>>> import random
>>> from buraco_learn import preset
>>> from buraco_learn.game import HandState
>>> state = HandState.new(preset("italian"), random.Random(1))
>>> bot = make_bot("random", preset("italian"), seed=3)
>>> bot.act(state.view(state.current)).notation() in ("draw", "take")
True
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Protocol

from buraco_learn.errors import BuracoError
from buraco_learn.game.actions import Action
from buraco_learn.game.view import PlayerView
from buraco_learn.rules import Rules


class Bot(Protocol):
    """What every bot offers."""

    name: str

    def act(self, view: PlayerView) -> Action:
        """The action to play, chosen from ``view`` alone (``view.legal`` lists the legal ones)."""
        ...  # pragma: no cover


class UnknownBotError(BuracoError):
    """A bot level that does not exist."""


class RandomBot:
    """Plays uniformly at random: first a kind of action among those available
    (draw or take; meld, add, swap, discard or close), then one action of that kind.

    Choosing the kind first keeps hands short and varied (a hand offers many
    discards but few melds); every legal action can still be chosen. Used by the
    simulations and as the weakest opponent.
    """

    name = "random"

    def __init__(self, rules: Rules, seed: int | None = None) -> None:
        self.rules = rules
        self.rng = random.Random(seed)

    def act(self, view: PlayerView) -> Action:
        kinds = list(_PHASE_KINDS.get(view.phase, ()))
        self.rng.shuffle(kinds)
        for kind in kinds:
            if kind == "discard":
                # the same as choosing among the listed discards, without listing them all
                cards = sorted(set(view.hand))
                self.rng.shuffle(cards)
                for card in cards:
                    action = Action("discard", cards=(card,))
                    if view.is_legal(action):
                        return action
                continue
            actions = view.legal_of(kind)
            if actions:
                return self.rng.choice(actions)
        raise BuracoError(f"the random bot was asked to act with no legal action (phase {view.phase})")


_PHASE_KINDS = {
    "draw": ("draw", "take"),
    "play": ("redraw", "meld", "add", "swap", "discard", "close"),
    "pot": ("pot",),
}


# level name -> "module:Class"; each class takes (rules, seed) and may take keyword options
LEVELS: dict[str, str] = {
    "random": "buraco_learn.bots:RandomBot",
    "beginner": "buraco_learn.bots.beginner:BeginnerBot",
    "intermediate": "buraco_learn.bots.intermediate:IntermediateBot",
    "strong": "buraco_learn.bots.strong:StrongBot",
}


def available_levels() -> list[str]:
    """The levels whose modules exist in this installation."""
    out = []
    for level, target in LEVELS.items():
        module = target.split(":")[0]
        if importlib.util.find_spec(module) is not None:
            out.append(level)
    return out


def make_bot(level: str, rules: Rules, seed: int | None = None, **options: object) -> Bot:
    """A bot of ``level`` for ``rules``; ``seed`` makes it reproducible."""
    target = LEVELS.get(level)
    if target is None or level not in available_levels():
        raise UnknownBotError(f"unknown bot level {level!r}: choose one of {', '.join(available_levels())}")
    module_name, class_name = target.split(":")
    factory: Callable[..., Bot] = getattr(importlib.import_module(module_name), class_name)
    return factory(rules, seed, **options)


import importlib.util  # noqa: E402  (used by available_levels)
