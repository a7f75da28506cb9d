"""The meld quiz widget: randomised questions on melds under one ruleset.

"Is this a legal meld, and why?", "build a legal meld from these cards" and "which
card completes this burraco?", with immediate feedback in the engine's words (the
sentence and its source), a score, no question repeated before the pool is used up,
and a seed so a class can all take the same quiz.

>>> quiz = MeldQuiz("italian", seed=7)
>>> quiz
MeldQuiz(rules='italian', seed=7, question 1 of 24, score 0 of 0)
>>> sorted(quiz.browser_traits)
['four_colour', 'large', 'selected']
>>> sorted(quiz.intents)
['answer', 'check', 'next', 'restart', 'retry', 'reveal']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import traitlets

from buraco_learn.i18n import _
from buraco_learn.rules import Rules
from buraco_learn.ui.base import BuracoWidget, intent, module_asset, static_asset
from buraco_learn.ui.quizgen import KINDS
from buraco_learn.ui.quizsession import QuizError, QuizSession


class MeldQuiz(BuracoWidget):
    """A meld quiz in a notebook or a Voila page.

    ``MeldQuiz(rules="italian", seed=None, kinds=("legal", "build", "complete"),
    pool_size=24, four_colour=False, large=False)``

    Synced to the browser (read only there): ``question`` (the view of the current
    question: cards, choices, stage; the answer only once the question is over),
    ``feedback``, ``score`` (right at the first try), ``answered``, ``error``.
    The browser may set ``selected`` (card ids of the hand in a build question),
    ``four_colour`` and ``large``, and send the intents ``answer`` (``choice``),
    ``check``, ``reveal``, ``retry``, ``next`` and ``restart``. The same actions are methods
    here, for lessons and tests; they raise :class:`QuizError` when they do not fit.
    """

    _esm = module_asset("meld_quiz.js")
    _css = static_asset("buraco.css", "meld_quiz.css")

    question = traitlets.Dict(help="The current question as the learner sees it.").tag(sync=True)
    feedback = traitlets.Dict(help="What the engine says about the last answer.").tag(sync=True)
    score = traitlets.Int(0, help="Questions answered right at the first try.").tag(sync=True)
    answered = traitlets.Int(0, help="Questions finished (answered or revealed).").tag(sync=True)
    selected = traitlets.List(traitlets.Unicode(), help="Ids of the selected cards (build questions).").tag(sync=True)

    browser_traits: ClassVar[frozenset[str]] = BuracoWidget.browser_traits | {"selected"}

    def __init__(
        self,
        rules: Rules | str | None = None,
        *,
        seed: int | None = None,
        kinds: Sequence[str] = KINDS,
        pool_size: int = 24,
        **kwargs: Any,
    ) -> None:
        self.session = QuizSession(rules, seed=seed, kinds=kinds, pool_size=pool_size)
        super().__init__(**kwargs)
        self._sync()

    @property
    def rules(self) -> Rules:
        return self.session.rules

    @property
    def seed(self) -> int:
        return self.session.seed

    def _sync(self) -> None:
        session = self.session
        with self.hold_sync():
            self.question = session.view()
            self.feedback = dict(session.feedback)
            self.score = session.score
            self.answered = session.answered
            self.selected = list(session.selected)

    # -- the browser's selection -------------------------------------------------------------
    def validate_browser_update(self, name: str, value: Any) -> Any:
        if name == "selected":
            if self.session.stage != "select":
                raise QuizError(_("there are no cards to select now"))
            return list(self.session._valid_selection(value))
        return value

    @traitlets.observe("selected")
    def _selected_changed(self, change: dict[str, Any]) -> None:
        if tuple(change["new"]) != self.session.selected:
            self.session.select(change["new"])

    # -- actions (intents from the browser, or calls from Python) ---------------------------
    @intent("answer")
    def answer(self, choice: str) -> None:
        """Choose an answer by its id ('legal', 'illegal', or a choice id like 'r2')."""
        if not isinstance(choice, str):
            raise QuizError(_("an answer is a choice id, not {value}", value=repr(choice)))
        self.session.answer(choice)
        self._sync()

    def select(self, ids: Sequence[str]) -> None:
        """Select cards of the hand by id ('k0', 'k3' ...)."""
        self.session.select(list(ids))
        self._sync()

    @intent("check")
    def check(self, cards: Sequence[str] | None = None) -> None:
        """Check the selected cards (or the ids in ``cards``) as a new meld."""
        if cards is not None and (isinstance(cards, str) or not isinstance(cards, list | tuple)):
            raise QuizError(_("cards to check are a list of card ids, not {value}", value=repr(cards)))
        self.session.check(cards)
        self._sync()

    @intent("reveal")
    def reveal(self) -> None:
        """Show the answer of this question (it scores nothing)."""
        self.session.reveal()
        self._sync()

    @intent("retry")
    def retry(self) -> None:
        """Try this question again after a wrong answer (the first answer is the one scored)."""
        self.session.retry()
        self._sync()

    @intent("next")
    def next_question(self) -> None:
        """Go on to the next question (once this one is over)."""
        self.session.next()
        self._sync()

    @intent("restart")
    def restart(self) -> None:
        """Start the same quiz again from its first question."""
        self.session.restart()
        self._sync()

    def repr_fields(self) -> str:
        session = self.session
        return (
            f"rules={session.rules.name!r}, seed={session.seed}, "
            f"question {session.number} of {len(session.pool)}, score {session.score} of {session.answered}"
        )
