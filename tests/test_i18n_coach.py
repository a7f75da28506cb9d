"""The coach in Italian and Brazilian Portuguese (issue 18), English untouched.

On real hands (``HandState.new`` with seeded rngs under the Italian pozzetto preset, the
Brazilian morto presets and cut-throat, where nobody has a side), the coach's hint, its
comment on the move it would play and on a move it rates worse, and its review of a whole
hand read in the learner's language with the ruleset's own words: no piece of the coach's
English messages is left, the rule documents' sections stay quoted as written. In English
every text is the sentence the code has always written, and asking in another language
never changes the advice (one evaluation per decision, the words kept per language).
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from buraco_learn import preset
from buraco_learn.bots import make_bot
from buraco_learn.bots.heuristics import Position
from buraco_learn.coach import Coach, Decision, Review, ReviewItem
from buraco_learn.coach.explain import action_words, explain
from buraco_learn.coach.positions import burraco_pile, dangerous_discard
from buraco_learn.coach.words import points_words
from buraco_learn.game.actions import Action
from buraco_learn.game.state import HandState
from buraco_learn.game.view import PlayerView
from buraco_learn.i18n import use

LANGS = ["it", "pt_BR"]
COACH = Path(__file__).resolve().parents[1] / "buraco_learn" / "coach"
#: English words no Italian or Portuguese coach text holds (outside a quoted section)
ENGLISH = re.compile(r"\b(the|and|meld|melds|wild|cards?|cannot|you|your|side|pile|stock|draw|discard|close|only|this|"
                     r"which|would|points?|opponents?|choice|play|hand|take|lay|add)\b", re.IGNORECASE)
#: a quotation: a document's section (not an Italian apostrophe: un'altra, l'unica)
QUOTED = re.compile(r"(?<![^\W\d_])'[^']*'(?![^\W\d_])")


def coach_messages() -> list[str]:
    """Every English message of the coach's modules (singular and plural texts)."""
    texts: list[str] = []
    for path in sorted(COACH.glob("*.py")):
        for _line, _func, message, _comments in extract_from_file("python", str(path)):
            texts.extend(str(text) for text in (message if isinstance(message, tuple) else (message,)) if text)
    return [text for text in texts if text]


def english_pieces() -> list[str]:
    """The literal text of the coach's English messages, in pieces long enough to tell (12 characters or more)."""
    pieces: set[str] = set()
    for text in coach_messages():
        for literal, *_rest in string.Formatter().parse(text):
            pieces.update(part.strip() for part in re.split(r"[;:(),.]", literal) if len(part.strip()) >= 12)
    return sorted(pieces)


PIECES = english_pieces()


def assert_translated(text: str, english: str, lang: str) -> None:
    assert text and text != english, (lang, english)
    unquoted = QUOTED.sub("", text).replace("buraco-learn", "")
    left = [piece for piece in PIECES if piece in unquoted]
    assert not left, (lang, text, left)
    assert not ENGLISH.search(unquoted), (lang, text)
    assert QUOTED.findall(english) == QUOTED.findall(text), (lang, english, text)  # the sections, as written


def positions(name: str, seed: int, limit: int = 60) -> Iterator[tuple[HandState, PlayerView, Action]]:
    """Seat 0's decisions with a choice in a hand bots play (each with the action played: seat 0 is a
    beginner, so that its hand holds decisions the coach rates worse)."""
    rules = preset(name)
    state = HandState.new(rules, random.Random(seed))
    bots = [make_bot("beginner" if s == 0 else "intermediate", rules, seed=s) for s in range(rules.players)]
    for _step in range(limit):
        if state.over:
            return
        view = state.view(state.current)
        action = bots[state.current].act(view)
        if state.current == 0 and len(view.legal) > 1:
            yield state, view, action
        state.apply(action)


def texts_of(coach: Coach, view: PlayerView, action: Action) -> list[str]:
    hint = coach.hint(view)
    return [rung.text for rung in hint.rungs] + [coach.compare(view, action).text]


@pytest.mark.parametrize("name", ["italian", "brazil-online", "cutthroat", "aberto"])
def test_hints_comments_and_review_in_each_language(name: str) -> None:
    coach = Coach(preset(name), seed=1, worlds=4, budget_ms=None)
    decisions: list[Decision] = []
    checked = {"same": 0, "worse": 0}
    for _state, view, action in positions(name, seed=5):
        decisions.append(Decision(view, action))
        best = coach.suggest(view)
        poor = [other for other in view.legal if coach.compare(view, other).verdict == "worse"]
        moves = [best, *poor[:1]]
        with use("en"):
            english = [texts_of(coach, view, move) for move in moves]
        for lang in LANGS:
            with use(lang):
                for move, texts in zip(moves, english):
                    assert coach.compare(view, move).verdict == ("same" if move is best else "worse")
                    assert coach.suggest(view) == best  # the advice does not depend on the language
                    for text, en in zip(texts_of(coach, view, move), texts):
                        assert_translated(text, en, lang)
        checked["same"] += 1
        checked["worse"] += bool(poor)
    assert checked["same"] >= 5 and checked["worse"] >= 2, checked
    with use("en"):
        review = coach.review(decisions)
        whole = review.text()
    assert review.items, "the hand should hold a costly decision to review"
    for lang in LANGS:
        with use(lang):
            translated = coach.review(decisions).text()
        assert translated.count("\n") == whole.count("\n")
        for line, en in zip(translated.splitlines(), whole.splitlines()):
            assert_translated(line, en, lang)


def test_english_is_unchanged() -> None:
    state = burraco_pile()
    view = state.view(state.current)
    words = explain(Position.from_view(view), view, view.legal[1])
    assert words.idea == ("You could take the discard pile: it holds the J♥ that your side's run of hearts 5♥ to 10♥ needs "
                          "to become a burraco and the 3♦ that pairs with your 3♠ (002 'Playing a turn').")
    assert words.gain == "brings the J♥ that turns your side's run of hearts 5♥ to 10♥ into a burraco"
    assert words.full == "Play: take the discard pile."
    coach = Coach(preset("italian"), seed=1, worlds=4, budget_ms=None)
    with use("it"):
        italian = coach.hint(view).rung(1).text
    english = coach.hint(view).rung(1).text
    assert english != italian and english.startswith("You could take the discard pile: it holds the J♥")
    assert points_words(0.3) == "less than a point" and points_words(1.2) == "about 1 point" and points_words(23.6) == "about 24 points"
    review = Review((ReviewItem(2, 3, Action.parse("draw"), Action.parse("draw"), 5.0, "Why."),), 5, 1, 5.0)
    assert review.text() == "1 of your 5 decisions was the coach's own choice. The one that cost points:\n2. (turn 4) Why."
    assert Review((), 1, 1, 0.0).text() == "Well played: in your 1 decision the coach found nothing that clearly cost points."


def test_the_ruleset_s_own_words_in_each_language() -> None:
    italian = burraco_pile()
    view = italian.view(italian.current)
    pos = Position.from_view(view)
    words = explain(pos, view, view.legal[1])
    with use("it"):
        assert action_words(pos, Action.parse("pot")) == "prendere il pozzetto"
        idea = explain(pos, view, view.legal[1]).idea
        assert "la scala di cuori da 5♥ a 10♥ della tua coppia" in idea and "burraco" in idea
        assert explain(pos, view, Action.parse("pot")).idea.startswith("Prendi il pozzetto")
    with use("pt_BR"):
        assert "a sequência de copas de 5♥ a 10♥ da sua dupla" in explain(pos, view, view.legal[1]).idea
    assert "your side's run of hearts" in words.idea
    brazil = HandState.new(preset("brazil-online"), random.Random(2))
    view = brazil.view(brazil.current)
    pos = Position.from_view(view)
    with use("pt_BR"):
        assert action_words(pos, Action.parse("pot")) == "pegar o morto"
        assert explain(pos, view, Action.parse("pot")).cards.startswith("As 11 cartas do morto")
    with use("it"):
        assert action_words(pos, Action.parse("pot")) == "prendere il morto"


def test_cut_throat_has_no_side_in_any_language() -> None:
    coach = Coach(preset("cutthroat"), seed=2, worlds=4, budget_ms=None)
    texts: dict[str, list[str]] = {"en": [], "it": [], "pt_BR": []}
    for _state, view, action in positions("cutthroat", seed=3):
        pos = Position.from_view(view)
        for lang in texts:
            with use(lang):
                texts[lang] += texts_of(coach, view, action)
                texts[lang] += [explain(pos, view, other).cards for other in view.legal[:12]]
    assert texts["en"] and all(len(found) == len(texts["en"]) for found in texts.values())
    assert not [text for text in texts["en"] if "your side" in text or "the opponents" in text]
    assert not [text for text in texts["it"] if "coppia" in text and "fa coppia" not in text]
    assert not [text for text in texts["pt_BR"] if "dupla" in text]


def test_a_dangerous_discard_in_each_language() -> None:
    state = dangerous_discard()
    coach = Coach(state.rules, seed=1, worlds=4, budget_ms=None)
    view = state.view(state.current)
    danger = next(action for action in view.legal if action.kind == "draw")
    state.apply(danger)
    view = state.view(state.current)
    nine = next(action for action in view.legal if action.kind == "discard" and action.cards[0].notation() == "9C")
    english = coach.compare(view, nine).text
    assert "9♣" in english
    with use("it"):
        italian = coach.compare(view, nine).text
    with use("pt_BR"):
        portuguese = coach.compare(view, nine).text
    assert_translated(italian, english, "it")
    assert_translated(portuguese, english, "pt_BR")
    assert "9♣" in italian and "9♣" in portuguese
