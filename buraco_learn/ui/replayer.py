"""The replayer widget: step forward and back through a worked example or a game record.

Each step has a caption (citing the rule's document) and the cards that moved are
highlighted; the arrow keys and the buttons step through it. A try the engine
refuses on purpose shows the engine's explanation and changes nothing.

**The replayer shows every hand face up** (the omniscient view): a worked example
or a finished game under review is teaching material, not a live game, so there is
nothing to hide. Never point it at a game still being played (use
:class:`buraco_learn.ui.CardTable` for that); the stock and the pots not yet taken
stay face down as on a real table.

>>> replayer = Replayer("pile-002")
>>> replayer
Replayer('Taking the discard pile (002)', step 0 of 3)
>>> replayer.forward(); replayer.frame["action"], len(replayer.frame["moved"])
('North took the discard pile (3 cards).', 3)
>>> sorted(replayer.browser_traits), sorted(replayer.intents)
(['four_colour', 'large', 'step'], ['back', 'first', 'forward', 'last'])
"""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets

from buraco_learn.errors import BuracoError
from buraco_learn.examples import Example, example
from buraco_learn.i18n import _, language, use
from buraco_learn.ui.base import BuracoWidget, intent, module_asset, static_asset
from buraco_learn.ui.replay import Script
from buraco_learn.ui.table_game import TableGame


class Replayer(BuracoWidget):
    """Step through a script.

    ``Replayer(source, *, hand=0, step=0, four_colour=False, large=False)``: ``source``
    is a worked example's key (see :data:`buraco_learn.examples.EXAMPLES`), an
    :class:`~buraco_learn.examples.Example`, a game record (a dict, see
    :mod:`buraco_learn.game.record`; ``hand`` picks the hand), a
    :class:`~buraco_learn.ui.replay.Script`, or a :class:`CardTable` (or its
    :class:`TableGame`) whose hand is over, to review the hand just played.

    Synced (read only in the browser): ``frame`` (the current step drawn: every hand,
    the melds by side, the pile, the caption, the moved cards, the score at the end)
    and ``steps``. The browser may set ``step`` (0 .. ``steps``), ``four_colour`` and
    ``large``, and send the intents ``forward``, ``back``, ``first`` and ``last``.
    """

    _esm = module_asset("replayer.js")
    _css = static_asset("buraco.css", "card_table.css", "replayer.css")

    frame = traitlets.Dict(help="The current step as drawn.").tag(sync=True)
    step = traitlets.Int(0, help="The current step: 0 is the starting position.").tag(sync=True)
    steps = traitlets.Int(0, help="The number of steps after the starting position.").tag(sync=True)

    browser_traits: ClassVar[frozenset[str]] = BuracoWidget.browser_traits | {"step"}

    def __init__(self, source: str | Example | dict[str, Any] | Script | TableGame | Any, *, hand: int = 0, step: int = 0,
                 **kwargs: Any) -> None:
        game = getattr(source, "game", source)  # a CardTable's game
        if isinstance(game, TableGame):
            if not game.state.over:
                raise BuracoError("a hand can be reviewed once it is over: the replayer shows every card")
            source = Script.from_hand(game.start, game.state.history, title=_("Your hand ({ruleset})", ruleset=game.rules.name))
        if isinstance(source, Script):
            script = source
        elif isinstance(source, Example):
            script = Script.from_example(source)
        elif isinstance(source, str):
            script = Script.from_example(example(source))
        elif isinstance(source, dict):
            script = Script.from_record(source, hand)
        else:
            raise BuracoError(f"a replayer shows an example (its key), a game record, a finished table or a script, not {source!r}")
        #: The frames (plain Python).
        self.script = script
        self._views: dict[int, dict[str, Any]] = {}
        self._language = language()  # the replayer speaks the language it was made in, whatever handler steps it
        super().__init__(steps=len(script) - 1, **kwargs)
        self.go(step)
        self._show()

    def _view(self, index: int) -> dict[str, Any]:
        if index not in self._views:
            with use(self._language):
                self._views[index] = self.script.frame_view(index)
        return self._views[index]

    def _show(self) -> None:
        self.frame = self._view(self.step)

    @traitlets.observe("step")
    def _step_changed(self, change: dict[str, Any]) -> None:
        if hasattr(self, "_views"):
            self._show()

    def validate_browser_update(self, name: str, value: Any) -> Any:
        if name == "step" and not 0 <= value <= self.steps:
            raise BuracoError(f"there is no step {value}: the steps run from 0 to {self.steps}")
        return value

    def go(self, step: int) -> None:
        """Show step ``step`` (0 is the starting position)."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= self.steps:
            raise BuracoError(f"there is no step {step!r}: the steps run from 0 to {self.steps}")
        self.step = step

    @intent("forward")
    def forward(self) -> None:
        """The next step."""
        if self.step >= self.steps:
            raise BuracoError("this is the last step")
        self.step += 1

    @intent("back")
    def back(self) -> None:
        """The step before."""
        if self.step <= 0:
            raise BuracoError("this is the starting position")
        self.step -= 1

    @intent("first")
    def first(self) -> None:
        """Back to the starting position."""
        self.step = 0

    @intent("last")
    def last(self) -> None:
        """The last step."""
        self.step = self.steps

    def repr_fields(self) -> str:
        return f"{self.script.title!r}, step {self.step} of {self.steps}"
