"""The hand picker: tasks on the cards, answered by clicking cards of a hand (anywidget).

The front end (``widgets/hand_picker.js``) draws the hand, the cards on the table and the
feedback it is sent, and reports clicks: a selection of card ids and the intents ``check``,
``another`` and ``next``. It knows no answer; Python judges every pick with the engine
(a session such as :class:`buraco_learn.app.cardtasks.TaskRun`) and checks everything the browser
sends (unknown or repeated card ids, huge lists): a refusal is a sentence under the widget, and the
state is unchanged.

>>> from buraco_learn.app.taskdata import load
>>> MELDS = load("melds")["cards"].build()   # lesson 2's steps (lessons/tasks/melds.toml)
>>> from buraco_learn.app.cardtasks import TaskRun
>>> picker = HandPicker(TaskRun(MELDS, seed=5))
>>> picker
HandPicker(task 1 of 6, pick)
>>> sorted(picker.browser_traits), sorted(picker.intents)
(['four_colour', 'large', 'selected'], ['another', 'check', 'next'])
>>> picker.check(["h0", "h0"])
Traceback (most recent call last):
...
buraco_learn.app.cardtasks.TaskError: a card can be picked only once
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

import traitlets

from buraco_learn.i18n import _, browser_tag, ngettext
from buraco_learn.ui.base import BuracoWidget, intent, module_asset, static_asset


def picker_labels(task: dict[str, Any]) -> dict[str, Any]:
    """Every word the picker's front end writes around what it draws, in the learner's language (read when the
    task is sent): ``check_n``, the button's count of cards selected, by count (0 to the hand's size)."""
    step, steps = int(task.get("step", 0)), int(task.get("steps", 0))
    return {
        "locale": browser_tag(),
        "four_colour": _("Four-colour deck"),
        "large": _("Large cards"),
        "display_options": _("Display options"),
        "task_of": _("Task {step} of {steps}", step=step, steps=steps),
        "task_number": _("Task {step} of {steps}: ", step=step, steps=steps),
        "passed": _(" (passed)"),
        "on_table": _("On the table"),
        "pick_one": _("Your hand: click one card"),
        "pick_many": _("Your hand: click cards to pick them"),
        "hand": _("Your hand"),
        "answer_card": _(", part of a right answer"),
        "your_pick": _(", your pick"),
        "check": _("Check"),
        "check_n": [ngettext(" ({n} card)", " ({n} cards)", n) for n in range(len(task.get("hand", ())) + 1)],
        "another": _("Try another"),
        "next": _("Next task"),
        "all_done": _("Every task passed. Well done!"),
    }


class Session(Protocol):
    """What the picker drives: a lesson's card tasks in progress (pure Python)."""

    @property
    def stage(self) -> str: ...
    @property
    def selected(self) -> tuple[str, ...]: ...
    @property
    def feedback(self) -> dict[str, Any]: ...
    @property
    def index(self) -> int: ...
    @property
    def steps(self) -> Sequence[Any]: ...

    def view(self) -> dict[str, Any]: ...
    def valid_ids(self, ids: Any) -> tuple[str, ...]: ...
    def select(self, ids: Any) -> None: ...
    def check(self, ids: Any = None) -> bool: ...
    def another(self) -> None: ...
    def next(self) -> None: ...


class HandPicker(BuracoWidget):
    """Card tasks: click cards of the hand, press the button; the engine decides.

    Synced to the browser (read only there): ``task`` (the view of the task: hand, table, prompt,
    stage, and the right answer's card ids only after a wrong answer), ``feedback``. The browser may
    set ``selected`` (card ids of the hand), ``four_colour`` and ``large``.
    """

    _esm = module_asset("hand_picker.js")
    _css = static_asset("buraco.css", "hand_picker.css")

    task = traitlets.Dict(help="The task as the learner sees it.").tag(sync=True)
    feedback = traitlets.Dict(help="The engine's word on the last pick.").tag(sync=True)
    selected = traitlets.List(traitlets.Unicode(), help="Ids of the selected cards of the hand.").tag(sync=True)
    labels = traitlets.Dict(help="The words the front end writes, in the learner's language (picker_labels).").tag(sync=True)

    browser_traits: ClassVar[frozenset[str]] = BuracoWidget.browser_traits | {"selected"}

    def __init__(self, session: Session, **kwargs: Any) -> None:
        self.session = session
        super().__init__(**kwargs)
        self._sync()

    def _sync(self) -> None:
        with self.hold_sync():
            self.task = self.session.view()
            self.labels = picker_labels(self.task)
            self.feedback = dict(self.session.feedback)
            self.selected = list(self.session.selected)

    def validate_browser_update(self, name: str, value: Any) -> Any:
        if name == "selected":
            if self.session.stage != "pick":
                raise ValueError("there are no cards to pick now")
            return list(self.session.valid_ids(value))
        return value

    @traitlets.observe("selected")
    def _selected_changed(self, change: dict[str, Any]) -> None:
        if tuple(change["new"]) != self.session.selected:
            self.session.select(change["new"])

    def select(self, ids: Sequence[str]) -> None:
        """Select cards of the hand by id ('h0', 'h3' ...), as the learner's clicks do."""
        self.session.select(list(ids))
        self._sync()

    @intent("check")
    def check(self, cards: Any = None) -> bool:
        """Judge the selected cards (or the ids in ``cards``); whether the answer was right."""
        try:
            return self.session.check(cards)
        finally:
            self._sync()

    @intent("another")
    def another(self) -> None:
        """After a wrong answer: a fresh variant of the same task."""
        self.session.another()
        self._sync()

    @intent("next")
    def next_task(self) -> None:
        """Once this task is passed: the next one."""
        self.session.next()
        self._sync()

    def repr_fields(self) -> str:
        return f"task {self.session.index + 1} of {len(self.session.steps)}, {self.session.stage}"
