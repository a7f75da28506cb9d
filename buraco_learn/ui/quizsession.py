"""A meld quiz in progress: the questions, the learner's answers and the score (pure Python).

:class:`QuizSession` is the quiz without a screen. The :class:`~buraco_learn.ui.MeldQuiz`
widget shows :meth:`QuizSession.view` and turns the learner's clicks into
:meth:`~QuizSession.answer`, :meth:`~QuizSession.check`, :meth:`~QuizSession.reveal`
and :meth:`~QuizSession.next`; the engine decides what is right. The view holds
only what the learner may see: the right answer appears in it only once the
question is over.

>>> quiz = QuizSession("italian", seed=3, kinds=["legal"])
>>> view = quiz.view()
>>> view["kind"], view["stage"], [c["id"] for c in view["choices"]]
('legal', 'verdict', ['legal', 'illegal'])
>>> quiz.answer("legal" if quiz.question.legal else "illegal")
>>> quiz.view()["stage"]
'reason'
>>> quiz.answer(quiz.question.correct[0])
>>> quiz.score, quiz.answered, quiz.feedback["correct"]
(1, 1, True)
>>> quiz.next()
>>> quiz.number
2
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from buraco_learn.cards import Card, format_cards
from buraco_learn.errors import BuracoError
from buraco_learn.extend import check_add
from buraco_learn.i18n import N_, _, ngettext
from buraco_learn.melds import check_meld, resolve_rules
from buraco_learn.rules import Rules
from buraco_learn.ui.quizgen import KINDS, Question, QuestionPool, legal_head, verdict_text
from buraco_learn.ui.views import card_view, cards_view, meld_view, rules_title

#: The stages of a question: what the learner is asked to do next.
STAGES: Final = ("verdict", "reason", "select", "pick", "done")
_FIRST_STAGE: Final = {"legal": "verdict", "build": "select", "complete": "pick"}
_VERDICT_CHOICES: Final = ({"id": "legal", "text": N_("Legal")}, {"id": "illegal", "text": N_("Illegal")})


class QuizError(BuracoError):
    """A quiz action that does not fit the question (an unknown choice, the wrong stage)."""


class QuizSession:
    """One learner's quiz: a reproducible pool of questions under one ruleset.

    ``seed`` makes the quiz reproducible (the same seed, rules and kinds give the same
    questions in the same order); without one a seed is drawn and kept in ``seed``.
    ``score`` counts questions answered right at the first try; ``answered`` the
    questions finished (answered, or revealed).

    A **round** is one pass through the pool (``pool_size`` questions, none repeated):
    ``number`` is the question's place in its round (1 to ``pool_size``), ``round`` the
    round's number, ``round_score`` and ``round_answered`` the round's own counts.
    """

    def __init__(
        self,
        rules: Rules | str | None = None,
        *,
        seed: int | None = None,
        kinds: Sequence[str] = KINDS,
        pool_size: int = 24,
    ) -> None:
        self.rules = resolve_rules(rules)
        self.seed = random.SystemRandom().randrange(2**31) if seed is None else int(seed)
        self.kinds = tuple(kinds)
        self.pool_size = pool_size
        self.restart()

    # -- state -----------------------------------------------------------------------
    def restart(self) -> None:
        """Start again from the first question of the same seed, with a score of 0."""
        self.pool = QuestionPool(self.rules, self.seed, self.kinds, self.pool_size)
        self.score = 0
        self.answered = 0
        self.round_score = 0
        self.round_answered = 0
        self._begin(self.pool.next())

    @property
    def number(self) -> int:
        """The question's place in its round, from 1 to the pool's size."""
        return len(self.pool) - self.pool.remaining

    @property
    def round(self) -> int:
        """The round's number (one round is one pass through the pool), from 1."""
        return self.pool.cycle

    def _begin(self, question: Question) -> None:
        self.question = question
        if self.number == 1:  # a new round
            self.round_score = self.round_answered = 0
        self.stage = _FIRST_STAGE[question.kind]
        self.selected: tuple[str, ...] = ()
        self.attempts = 0
        self.chosen: str | None = None
        self.highlight: tuple[str, ...] = ()
        self.feedback: dict[str, Any] = {}
        self.retrying = False  # answering again after a wrong answer: the first answer stays the one counted

    @property
    def done(self) -> bool:
        return self.stage == "done"

    def _finish(self, correct: bool, title: str, text: str, answer: str) -> None:
        self.stage = "done"
        if self.retrying:  # counted at the first try already
            title = _("Right this time (the first answer is the one scored)") if correct else title
        else:
            self.answered += 1
            self.score += int(correct)
            self.round_answered += 1
            self.round_score += int(correct)
        self.feedback = {"correct": correct, "final": True, "title": title, "text": text, "answer": answer}

    @property
    def can_retry(self) -> bool:
        """Whether the learner may try this question again: it is over, and was not answered right."""
        return self.done and self.feedback.get("correct") is False

    def retry(self) -> None:
        """Try a question answered wrongly (or revealed) again; the score keeps the first answer."""
        if not self.can_retry:
            raise QuizError(_("only a question answered wrongly can be tried again") if self.done
                            else _("answer this question first"))
        self.stage = _FIRST_STAGE[self.question.kind]
        self.selected, self.chosen, self.highlight, self.feedback = (), None, (), {}
        self.attempts = 0
        self.retrying = True

    def _hand_ids(self) -> list[str]:
        return [f"k{index}" for index in range(len(self.question.cards))]

    # -- the learner's actions -----------------------------------------------------------
    def answer(self, choice: str) -> None:
        """Pick a choice: Legal/Illegal, a reason, a kind of meld, or a card."""
        question = self.question
        if self.stage == "verdict":
            if choice not in ("legal", "illegal"):
                raise QuizError(_("unknown answer {choice}: this question asks 'legal' or 'illegal'", choice=repr(choice)))
            said_legal = choice == "legal"
            if said_legal == question.legal:
                self.stage = "reason"
                self.feedback = {
                    "correct": None, "final": False, "title": _("Right so far"),
                    "text": _("Yes, this meld is legal. Now: why?") if question.legal else _("Yes, this meld is not legal. Now: why?"),
                    "answer": "",
                }
                return
            title = _("Not quite: this meld is legal.") if question.legal else _("Not quite: this meld is not legal.")
            self._finish(False, title, question.explanation(), self._right_text())
            return
        if self.stage not in ("reason", "pick"):
            raise QuizError(_("there is no choice to make now: select cards and Check") if self.stage == "select"
                            else _("there is no choice to make now: go on to the next question"))
        ids = [option.id for option in question.choices]
        if choice not in ids:
            raise QuizError(_("unknown answer {choice}: choose one of {choices}", choice=repr(choice), choices=", ".join(ids)))
        self.chosen = choice
        right = choice in question.correct
        if question.kind == "complete":
            self._finish_complete(choice, right)
            return
        title = _("Right!") if right else _("Not quite")
        self._finish(right, title, question.explanation(), self._right_text())

    def _right_text(self) -> str:
        question = self.question
        texts = [option.text for option in question.choices if option.id in question.correct]
        if question.kind == "legal":
            verdict = question.verdict
            assert verdict is not None
            if verdict.legal:
                return legal_head(verdict)
            return _("Illegal: {reason}", reason=texts[0])
        return texts[0] if texts else ""

    def _finish_complete(self, choice: str, right: bool) -> None:
        question = self.question
        meld = question.meld
        assert meld is not None and question.verdict is not None
        answer = question.solution[0]
        picked = next(option.card for option in question.choices if option.id == choice)
        assert picked is not None
        self.highlight = tuple(question.correct)
        if right:
            self._finish(True, _("Right!"), _("The {card} completes it: {why}", card=answer.unicode(), why=question.explanation()),
                         answer.name())
            return
        why = verdict_text(check_add(meld, picked, self.rules))
        text = _("The {card} does not fit: {why} The card that completes it is the {answer}: {because}", card=picked.unicode(),
                 why=why, answer=answer.unicode(), because=question.explanation())
        self._finish(False, _("Not quite"), text, answer.name())

    def select(self, ids: Sequence[str]) -> None:
        """Choose which cards of the hand are selected (build questions only)."""
        if self.stage != "select":
            raise QuizError(_("there are no cards to select now"))
        self.selected = self._valid_selection(ids)

    def _valid_selection(self, ids: Sequence[str]) -> tuple[str, ...]:
        if isinstance(ids, str) or not all(isinstance(card_id, str) for card_id in ids):
            raise QuizError(_("a selection is a list of card ids, not {value}", value=repr(ids)))
        known = self._hand_ids()
        unknown = [card_id for card_id in ids if card_id not in known]
        if unknown:
            raise QuizError(_("unknown card {card}: the hand holds {cards}", card=repr(unknown[0]), cards=", ".join(known)))
        if len(set(ids)) != len(ids):
            raise QuizError(_("a card can be selected only once: {value}", value=repr(list(ids))))
        return tuple(ids)

    def check(self, ids: Sequence[str] | None = None) -> None:
        """Check the selected cards (or ``ids``) as a new meld with the engine."""
        if self.stage != "select":
            raise QuizError(_("there is no meld to build now") if self.stage != "done" else _("this question is over: go on to the next"))
        if ids is not None:
            self.selected = self._valid_selection(ids)
        cards = [self.question.cards[int(card_id[1:])] for card_id in self.selected]
        verdict = check_meld(cards, self.rules)
        self.attempts += 1
        text = verdict_text(verdict)
        if verdict.legal:
            first = self.attempts == 1
            title = _("Right!") if first else _("Right, at the next try")
            self.highlight = self.selected
            self._finish(first, title, text, format_cards(cards, unicode=True))
            return
        self.feedback = {
            "correct": False, "final": False, "title": _("Not a legal meld"),
            "text": _("{why} Try another selection, or press Show the answer.", why=text), "answer": "",
        }

    def reveal(self) -> None:
        """Give up on this question: show the answer; it scores nothing."""
        if self.done:
            raise QuizError(_("this question is over already: go on to the next"))
        question = self.question
        if question.kind == "build":
            self.highlight = self._ids_of(question.solution)
            shown = format_cards(question.solution, unicode=True)
            self._finish(False, _("One answer"), _("One legal meld here: {cards}. {why}", cards=shown, why=question.explanation()), shown)
        elif question.kind == "complete":
            self.highlight = tuple(question.correct)
            answer = question.solution[0]
            self._finish(False, _("The answer"), _("The {card} completes it: {why}", card=answer.unicode(), why=question.explanation()),
                         answer.name())
        else:
            self._finish(False, _("The answer"), question.explanation(), self._right_text())

    def _ids_of(self, cards: Sequence[Card]) -> tuple[str, ...]:
        free = list(enumerate(self.question.cards))
        out = []
        for card in cards:
            index = next(i for i, (_, hand_card) in enumerate(free) if hand_card == card)
            out.append(f"k{free.pop(index)[0]}")
        return tuple(sorted(out, key=lambda card_id: int(card_id[1:])))

    def next(self) -> None:
        """Go on to the next question (only once this one is over)."""
        if not self.done:
            raise QuizError(_("answer this question first, or reveal the answer"))
        self._begin(self.pool.next())

    # -- what the learner sees -----------------------------------------------------------------
    def _texts(self) -> dict[str, str]:
        """Every word the quiz's browser side writes, in the learner's language."""
        score = self.round_score, self.round_answered
        return {
            "four_colour": _("Four-colour deck"), "large": _("Large cards"), "display_options": _("Display options"),
            "round": _("Round {number}", number=self.pool.cycle),
            "question": _("Question {number} of {total}", number=self.number, total=len(self.pool)),
            "score": _("Score {score} of {answered}", score=score[0], answered=score[1]),
            "meld_on_table": _("The meld on the table"), "your_cards": _("Your cards"), "meld_to_judge": _("The meld to judge"),
            "answers": _("Answers"), "right_answer": _(", the right answer"), "wrong_answer": _(", your answer, not right"),
            "choose_card": _("Choose a card:"), "reveal": _("Show the answer"),
            "retry": _("Try again"), "next": _("Next question"), "restart": _("Start again"),
        }

    def _check_labels(self) -> list[str]:
        """The Check button's label for each number of selected cards (index: how many), so that the
        browser, which counts the selection as it changes, applies no plural rule of its own."""
        return [ngettext("Check the {n} selected card", "Check the {n} selected cards", count)
                for count in range(len(self.question.cards) + 1)]

    def view(self) -> dict[str, Any]:
        """JSON-ready view of the question: cards, choices and stage, never the answer
        before the question is over."""
        question = self.question
        view: dict[str, Any] = {
            "rules": rules_title(self.rules),
            "number": self.number,
            "pool_size": len(self.pool),
            "round": self.pool.cycle,
            "round_score": self.round_score,
            "round_answered": self.round_answered,
            "kind": question.kind,
            "prompt": question.prompt,
            "stage": self.stage,
            "cards": cards_view(question.cards, "k"),
            "meld": meld_view(question.meld, "m") if question.meld is not None else [],
            "choices": [],
            "min_select": self.rules.min_meld_cards,
            "marks": {},
            "highlight": list(self.highlight) if self.done else [],
            "can_retry": self.can_retry,
            "texts": self._texts(),
            "check_labels": self._check_labels() if self.stage == "select" else [],
        }
        if self.stage == "verdict":
            view["choices"] = [{"id": choice["id"], "text": _(choice["text"])} for choice in _VERDICT_CHOICES]
        elif question.kind != "build":
            view["choices"] = [self._choice_view(choice.id, choice.text, choice.card) for choice in question.choices]
        if self.stage == "reason":
            view["prompt"] = _("Why?") if question.legal is False else _("What kind of meld is it?")
        if self.done:
            view["marks"] = self._marks()
        return view

    @staticmethod
    def _choice_view(choice_id: str, text: str, card: Card | None) -> dict[str, Any]:
        out: dict[str, Any] = {"id": choice_id, "text": text}
        if card is not None:
            out["card"] = card_view(card, choice_id)
        return out

    def _marks(self) -> dict[str, str]:
        marks = {choice_id: "right" for choice_id in self.question.correct}
        if self.chosen is not None and self.chosen not in self.question.correct:
            marks[self.chosen] = "wrong"
        return marks

