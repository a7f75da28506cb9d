"""Meld-quiz questions, made and answered by the engine (pure Python, no Jupyter).

Three kinds of question, each under one ruleset:

- ``legal``: "is this a legal meld, and why?" The cards come from a random legal meld
  or a random broken one; :func:`~buraco_learn.melds.check_meld` says which it is, and
  its explanation is the right reason among distractors that are other rules' sentences.
- ``build``: "build a legal meld from these cards": a hand with a legal meld hidden in
  it; any legal meld the learner picks out is right.
- ``complete``: "which card completes this burraco?": a six-card meld and four cards,
  exactly one of which :func:`~buraco_learn.extend.check_add` accepts.

A :class:`Question` holds its answer in plain attributes; what a learner may see is
built by :mod:`buraco_learn.ui.quizsession`, never from the answer fields.

>>> from buraco_learn import preset
>>> pool = QuestionPool(preset("italian"), seed=7, size=9)
>>> len(pool), sorted({q.kind for q in pool.questions})
(9, ['build', 'complete', 'legal'])
>>> [q.key for q in QuestionPool(preset("italian"), seed=7, size=9).questions] == [q.key for q in pool.questions]
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from buraco_learn.cards import Card, Rank, Suit, format_cards
from buraco_learn.extend import check_add
from buraco_learn.i18n import N_, _, ngettext
from buraco_learn.melds import Meld, Verdict, check_meld
from buraco_learn.problems import Problem, burraco_phrase, explain
from buraco_learn.rules import Rules
from buraco_learn.scoring import burraco_word
from buraco_learn.sources import cite
from buraco_learn.ui.table_view import meld_name
from buraco_learn.ui.views import rules_title

KINDS: Final = ("legal", "build", "complete")

#: The kinds of a legal meld, offered as the "why" of a legal answer.
MELD_KINDS: Final = (
    ("clean run", N_("A clean run: cards of one suit in sequence, with no wild card")),
    ("dirty run", N_("A dirty run: cards of one suit in sequence, with a wild card standing in for one of them")),
    ("clean set", N_("A clean set: cards of one rank, with no wild card")),
    ("dirty set", N_("A dirty set: cards of one rank, with a wild card standing in for one of them")),
)
#: A legal meld's first sentence, by (a new meld, its kind: "clean", "dirty" or "" where the words are not taught yet).
LEGAL_HEADS: Final = {
    (True, "clean"): N_("Legal: a clean {meld}, {cards}."),
    (True, "dirty"): N_("Legal: a dirty {meld}, {cards}."),
    (True, ""): N_("Legal: a {meld}, {cards}."),
    (False, "clean"): N_("Allowed: the meld is now a clean {meld}, {cards}."),
    (False, "dirty"): N_("Allowed: the meld is now a dirty {meld}, {cards}."),
    (False, ""): N_("Allowed: the meld is now a {meld}, {cards}."),
}


def legal_head(verdict: Verdict, clean_word: bool = True) -> str:
    """A legal meld's first sentence: ``'Legal: a clean run of hearts, 5♥ 6♥ 7♥.'`` (``clean_word``:
    say clean or dirty; an addition or a swap says what the meld is now)."""
    meld = verdict.meld
    assert meld is not None
    wild = any(slot.wild for slot in meld.slots)
    cards = " ".join(slot.card.unicode() for slot in meld.slots)
    kind = "dirty" if clean_word and wild else "clean" if clean_word else ""
    return _(LEGAL_HEADS[verdict.action == "meld", kind], meld=meld_name(meld), cards=cards)


@dataclass(frozen=True)
class Choice:
    """One answer the learner can pick; ``card`` is set when the answer is a card."""

    id: str
    text: str
    card: Card | None = None


@dataclass(frozen=True)
class Question:
    """One question with its hidden answer.

    ``cards`` are the cards shown (the meld to judge, or the hand to build from);
    ``meld`` the meld to complete. ``choices`` are the final-stage answers (reasons,
    kinds of meld, or candidate cards); ``correct`` the ids among them that are right.
    ``legal`` (legal questions) is the engine's verdict; ``verdict`` the engine's full
    answer; ``solution`` a legal meld in the hand (build) or the completing card.
    """

    kind: str
    key: str
    prompt: str
    cards: tuple[Card, ...] = ()
    meld: Meld | None = None
    choices: tuple[Choice, ...] = ()
    correct: tuple[str, ...] = ()
    legal: bool | None = None
    verdict: Verdict | None = field(default=None, compare=False)
    solution: tuple[Card, ...] = ()

    def explanation(self) -> str:
        """The engine's answer, in its own words, with the source of the rule."""
        assert self.verdict is not None
        return verdict_text(self.verdict)


def verdict_text(verdict: Verdict) -> str:
    """A verdict as one paragraph that always names its source.

    An illegal verdict's explanations cite their rules already; a legal one gets the
    citation of the rule that makes it a run, a set or a burraco.

    >>> print(verdict_text(check_meld("5H 6H 7H")))
    Legal: a clean run of hearts, 5♥ 6♥ 7♥. It is a run: 3 cards of one suit in a row, and a run needs three or more (002 'Melds': "Run: three or more cards of the same suit in a row, such as 7♥ 8♥ 9♥").
    """
    if not verdict.legal or verdict.meld is None:
        return " ".join(verdict.explanations)
    meld = verdict.meld
    lines = [legal_head(verdict), *meld_why(verdict)]
    burraco = burraco_phrase(verdict.burraco, verdict.rules) if verdict.burraco else ""
    if burraco:
        lines.append(_("With {count} cards it is {burraco} {rule}.", count=len(meld), burraco=burraco,
                       rule=quote_rule("burraco", verdict.rules)))
    return " ".join(lines)


def quote_rule(rule: str, rules: Rules) -> str:
    """A rule's citation in a learner's words: ``(002 'Melds': "...")``."""
    citation = cite(rule, rules.source)
    return f'({citation.short()}: "{citation.quote}")'


def meld_why(verdict: Verdict) -> list[str]:
    """Why a legal meld is legal, in sentences that name the rule and its document (empty when illegal).

    >>> from buraco_learn import preset
    >>> meld_why(check_meld("2C 3C 4C", preset("italian")))[-1][:63]
    'The 2♣ sits in its own place in a run of clubs, so it is an ord'
    >>> meld_why(check_meld("2C 3C 4C", preset("cutthroat")))[-1][:61]
    "The 2♣ is wild even in its own place (004 'The rules in full'"
    """
    meld, rules = verdict.meld, verdict.rules
    if not verdict.legal or meld is None:
        return []
    from buraco_learn.ui.table_view import meld_name

    if verdict.kind == "set":
        lines = [_("It is a set: {count} cards of the same rank, and a set needs three or more {rule}.",
                   count=len(meld), rule=quote_rule("set", rules))]
    else:
        lines = [_("It is a run: {count} cards of one suit in a row, and a run needs three or more {rule}.",
                   count=len(meld), rule=quote_rule("run", rules))]
    wilds = [slot for slot in meld.slots if slot.wild]
    one_wild = quote_rule("one_wild", rules)
    for slot in wilds:
        card = slot.card.unicode()
        joker = slot.card.is_joker
        if slot.stands_for == slot.card:
            params = {"card": card, "rule": quote_rule("natural_two", rules), "one_wild": one_wild}
            lines.append(_("The joker is wild even in its own place {rule}; a meld may hold one wild card {one_wild}.", **params)
                         if joker else
                         _("The {card} is wild even in its own place {rule}; a meld may hold one wild card {one_wild}.", **params))
            continue
        if slot.stands_for is not None and verdict.kind == "run":
            stands = slot.stands_for.unicode()
            lines.append(_("The joker stands for {stands}; a meld may hold one wild card {rule}.", stands=stands, rule=one_wild)
                         if joker else
                         _("The {card} stands for {stands}; a meld may hold one wild card {rule}.", card=card, stands=stands, rule=one_wild))
        else:
            lines.append(_("The joker is its wild card; a meld may hold one wild card {rule}.", rule=one_wild) if joker else
                         _("The {card} is its wild card; a meld may hold one wild card {rule}.", card=card, rule=one_wild))
    if verdict.kind == "run":
        for slot in meld.slots:
            if not slot.wild and slot.card.rank is Rank.TWO and rules.twos_wild:
                run = meld_name(meld) if meld.suit is not None else _("run of its suit")
                lines.append(_("The {card} sits in its own place in a {run}, so it is an ordinary card, not a wild one {rule}.",
                               card=slot.card.unicode(), run=run, rule=quote_rule("natural_two", rules)))
        if any(slot.rank is Rank.ACE for slot in meld.slots):
            lines.append(_("The ace sits below the 2 or above the King {rule}.", rule=quote_rule("aces", rules)))
    return lines


# -- random cards and melds -------------------------------------------------------------


def _card(rank: int, suit: Suit | int) -> Card:
    return Card(1 if rank == 14 else rank, suit)


def wild_card(rng: random.Random, rules: Rules, avoid_suit: Suit | None = None) -> Card | None:
    """A random wild card under ``rules`` (a joker, or a 2 of another suit); None if there is none."""
    options: list[Card] = []
    if rules.jokers:
        options += [Card.joker()] * 2
    if rules.twos_wild:
        options += [Card(Rank.TWO, suit) for suit in Suit if suit != avoid_suit]
    return rng.choice(options) if options else None


def random_run(rng: random.Random, rules: Rules, length: int, *, suit: Suit | None = None) -> list[Card]:
    """A clean run of ``length`` cards (positions 1..14; 14 is the high ace)."""
    suit = rng.choice(list(Suit)) if suit is None else suit
    start = rng.randint(1, 14 - length + 1)
    if start == 1 and length == 14:
        start = 2
    return [_card(position, suit) for position in range(start, start + length)]


def random_set(rng: random.Random, rules: Rules, size: int) -> list[Card] | None:
    """A clean set of ``size`` cards of one rank (never 2s); None if the rules forbid it."""
    if not rules.sets or (rules.max_set_cards and size > rules.max_set_cards):
        return None
    if size > 4 and rules.distinct_suit_sets:
        return None
    rank = rng.choice([1, *range(3, 14)])
    suits = rng.sample(list(Suit), min(size, 4)) + rng.sample(list(Suit), max(0, size - 4))
    return [Card(rank, suit) for suit in suits]


def dirty(rng: random.Random, rules: Rules, cards: list[Card]) -> list[Card] | None:
    """Replace one card by a wild (or add one to a set); None if the rules have no wilds."""
    suit = next((card.suit for card in cards if card.suit is not None), None)
    wild = wild_card(rng, rules, avoid_suit=suit)
    if wild is None:
        return None
    out = list(cards)
    if len({card.rank for card in cards}) == 1 and rng.random() < 0.5:
        return [*out, wild]
    out[rng.randrange(len(out))] = wild
    return out


def random_meld(rng: random.Random, rules: Rules, low: int, high: int, *, wild_chance: float = 0.35) -> list[Card] | None:
    """A candidate legal meld of ``low``..``high`` cards (the engine still has the last word)."""
    size = rng.randint(low, high)
    cards = random_set(rng, rules, size) if rules.sets and rng.random() < 0.4 else None
    if cards is None:
        cards = random_run(rng, rules, size)
    if rng.random() < wild_chance:
        cards = dirty(rng, rules, cards) or cards
    return cards


# -- broken melds ----------------------------------------------------------------------


def _gap(rng: random.Random, rules: Rules) -> list[Card] | None:
    cards = random_run(rng, rules, rng.randint(4, 6))
    del cards[rng.randrange(1, len(cards) - 1)]
    return cards


def _wide_gap(rng: random.Random, rules: Rules) -> list[Card] | None:
    cards = random_run(rng, rules, 6)
    del cards[2:4]
    wild = wild_card(rng, rules, cards[0].suit)
    return None if wild is None else [*cards, wild]


def _two_wilds(rng: random.Random, rules: Rules) -> list[Card] | None:
    cards = random_run(rng, rules, rng.randint(3, 4))
    first, second = wild_card(rng, rules, cards[0].suit), wild_card(rng, rules, cards[0].suit)
    if first is None or second is None:
        return None
    cards[rng.randrange(len(cards))] = first
    return [*cards, second]


def _off_suit(rng: random.Random, rules: Rules) -> list[Card] | None:
    cards = random_run(rng, rules, rng.randint(3, 4))
    index = rng.randrange(len(cards))
    rank, suit = cards[index].rank, cards[index].suit
    assert rank is not None and suit is not None
    cards[index] = Card(rank, rng.choice([other for other in Suit if other != suit]))
    return cards


def _mixed_ranks(rng: random.Random, rules: Rules) -> list[Card] | None:
    cards = random_set(rng, rules, 3) or [Card(rank, suit) for rank, suit in zip((7, 7, 7), rng.sample(list(Suit), 3))]
    rank = cards[0].rank
    assert rank is not None
    other = 4 if rank == Rank.ACE else (rank - 1 if rank == Rank.KING else rank + 1)
    cards[-1] = Card(other, rng.choice(list(Suit)))
    return cards


def _wrap(rng: random.Random, rules: Rules) -> list[Card] | None:
    suit = rng.choice(list(Suit))
    ranks = rng.choice([(12, 13, 1, 2), (13, 1, 2, 3), (12, 13, 1, 2, 3)])
    return [Card(rank, suit) for rank in ranks]


def _duplicate(rng: random.Random, rules: Rules) -> list[Card] | None:
    cards = random_run(rng, rules, rng.randint(3, 4))
    index = rng.randrange(len(cards))
    return [*cards[: index + 1], cards[index], *cards[index + 1 :]]


def _all_wild(rng: random.Random, rules: Rules) -> list[Card] | None:
    wilds = [wild_card(rng, rules) for _ in range(3)]
    return None if None in wilds else [card for card in wilds if card is not None]


def _too_few(rng: random.Random, rules: Rules) -> list[Card] | None:
    base = random_meld(rng, rules, 3, 3, wild_chance=0.0)
    return None if base is None else base[: rules.min_meld_cards - 1]


def _two_aces(rng: random.Random, rules: Rules) -> list[Card] | None:
    suit = rng.choice(list(Suit))
    return [Card(rank, suit) for rank in (12, 13, 1, 1)]


def _set_in_runs_only(rng: random.Random, rules: Rules) -> list[Card] | None:
    if rules.sets:
        return None
    rank = rng.choice([1, *range(3, 14)])
    return [Card(rank, suit) for suit in rng.sample(list(Suit), rng.randint(3, 4))]


def _joker_without_jokers(rng: random.Random, rules: Rules) -> list[Card] | None:
    if rules.jokers:
        return None
    cards = random_run(rng, rules, 3)
    cards[0] = Card.joker()
    return cards


def _identical_in_set(rng: random.Random, rules: Rules) -> list[Card] | None:
    if not rules.sets or not rules.distinct_suit_sets:
        return None
    cards = random_set(rng, rules, 3)
    return None if cards is None else [*cards, cards[0]]


def _set_too_big(rng: random.Random, rules: Rules) -> list[Card] | None:
    if not rules.sets or not rules.max_set_cards:
        return None
    rank = rng.choice([1, *range(3, 14)])
    suits = list(Suit) + rng.sample(list(Suit), rules.max_set_cards + 1 - 4)
    return [Card(rank, suit) for suit in suits]


BROKEN: Final[tuple[Callable[[random.Random, Rules], list[Card] | None], ...]] = (
    _gap, _wide_gap, _two_wilds, _off_suit, _mixed_ranks, _wrap, _duplicate, _all_wild,
    _too_few, _two_aces, _set_in_runs_only, _joker_without_jokers, _identical_in_set, _set_too_big,
)


# -- reasons that are not the reason ------------------------------------------------


def _count_twice(cards: Sequence[Card]) -> list[Card]:
    return sorted({card for card in cards if cards.count(card) > 1})


def distractor_problems(cards: Sequence[Card], rules: Rules) -> list[Problem]:
    """Problems whose sentence reads plausibly about ``cards`` (the true ones are removed later)."""
    wilds = [card for card in cards if rules.is_wild(card)]
    ranks = {card.rank for card in cards}
    twice = _count_twice([card for card in cards if not card.is_joker])
    options = [Problem.NOT_SET_OR_RUN]
    if rules.runs:
        options.append(Problem.GAP)
    if ranks & {Rank.ACE, Rank.KING, Rank.TWO, Rank.QUEEN}:
        options.append(Problem.WRAP_AROUND)
    if Rank.ACE in ranks:
        options.append(Problem.TWO_ACES)
    if len(wilds) >= 2:
        options += [Problem.TOO_MANY_WILDS, Problem.ALL_WILD]
    if twice and rules.runs:
        options.append(Problem.DUPLICATE_IN_RUN)
    if twice and rules.sets and rules.distinct_suit_sets:
        options.append(Problem.IDENTICAL_IN_SET)
    if rules.max_set_cards and len(cards) >= rules.max_set_cards:
        options.append(Problem.SET_TOO_BIG)
    if not rules.sets:
        options.append(Problem.SETS_NOT_ALLOWED)
    if not rules.jokers and any(card.is_joker for card in cards):
        options.append(Problem.NOT_IN_DECK)
    if len(cards) < rules.min_meld_cards:
        options.append(Problem.TOO_FEW_CARDS)
    return options


def reason_choices(rng: random.Random, verdict: Verdict, count: int = 4) -> tuple[tuple[Choice, ...], tuple[str, ...]]:
    """The "why" choices of a judged meld: the engine's reason among distractors.

    Returns the shuffled choices and the ids of the right ones.
    """
    rules = verdict.rules
    if verdict.legal:
        right = f"{'clean' if verdict.clean else 'dirty'} {verdict.kind}"
        texts = [(_(text), key == right) for key, text in MELD_KINDS]
    else:
        ordered = sorted(verdict.cards)
        true_texts = set(verdict.explanations)
        pool = [problem for problem in distractor_problems(ordered, rules) if problem not in verdict.problems]
        rng.shuffle(pool)
        wrong: list[str] = []
        for problem in pool:
            text = explain(problem, ordered, rules, {"bad": [], "missing": []})
            if text not in true_texts and text not in wrong:
                wrong.append(text)
        texts = [(verdict.explanations[0], True)] + [(text, False) for text in wrong[: count - 1]]
    rng.shuffle(texts)
    choices = tuple(Choice(f"r{index}", text) for index, (text, _) in enumerate(texts))
    correct = tuple(choice.id for choice, (_, right_one) in zip(choices, texts) if right_one)
    return choices, correct


# -- the three kinds -----------------------------------------------------------------


def legal_question(rng: random.Random, rules: Rules) -> Question | None:
    """Is this a legal meld, and why? Half legal, half broken, as the engine judges."""
    want_legal = rng.random() < 0.5
    if want_legal:
        cards = random_meld(rng, rules, 3, 5)
    else:
        makers = [maker for maker in BROKEN if maker(random.Random(0), rules) is not None]
        cards = rng.choice(makers)(rng, rules)
    if not cards:
        return None
    verdict = check_meld(cards, rules)
    if verdict.legal != want_legal:
        return None
    shown = tuple(sorted(cards))
    choices, correct = reason_choices(rng, verdict)
    if len(choices) < 2:
        return None
    return Question(
        kind="legal",
        key="legal:" + format_cards(shown),
        prompt=_("Is this a legal meld under {rules}? Then say why.", rules=rules_title(rules)),
        cards=shown,
        choices=choices,
        correct=correct,
        legal=verdict.legal,
        verdict=verdict,
    )


def _filler(rng: random.Random, rules: Rules, avoid: list[Card], count: int) -> list[Card]:
    naturals = [Card.from_code(code) for code in range(52) if code % 13 != 1]
    out: list[Card] = []
    while len(out) < count:
        card = rng.choice(naturals)
        if (avoid + out).count(card) < 2:
            out.append(card)
    return out


def build_question(rng: random.Random, rules: Rules) -> Question | None:
    """Build a legal meld from these cards: a legal meld hidden among other cards."""
    planted = random_meld(rng, rules, 3, 4, wild_chance=0.25)
    if not planted:
        return None
    verdict = check_meld(planted, rules)
    if not verdict.legal:
        return None
    hand = tuple(sorted(planted + _filler(rng, rules, planted, 8 - len(planted))))
    return Question(
        kind="build",
        key="build:" + format_cards(hand),
        prompt=ngettext("Build a legal meld from these cards under {rules}: select at least {n} card, then press Check.",
                        "Build a legal meld from these cards under {rules}: select at least {n} cards, then press Check.",
                        rules.min_meld_cards, rules=rules_title(rules)),
        cards=hand,
        verdict=verdict,
        solution=tuple(planted),
    )


def _nearness(card: Card, meld: Meld, rules: Rules) -> int:
    """How tempting a wrong card is: of the run's suit or the set's rank, or wild."""
    if rules.is_wild(card):
        return 2
    if meld.kind == "run":
        return 3 if card.suit == meld.suit else (1 if card.rank in {slot.rank for slot in meld.slots} else 0)
    return 3 if card.rank == meld.rank else 0


#: The "complete" question, by the ruleset's word for a meld of seven.
_COMPLETES: Final = {
    "burraco": N_("Which card completes this burraco under {rules}?"),
    "canasta": N_("Which card completes this canasta under {rules}?"),
    "canastra": N_("Which card completes this canastra under {rules}?"),
}


def complete_question(rng: random.Random, rules: Rules) -> Question | None:
    """Which card completes this burraco? A six-card meld and four cards, one of them right."""
    length = rules.burraco_length - 1
    cards = random_meld(rng, rules, length, length, wild_chance=0.3)
    if not cards:
        return None
    verdict = check_meld(cards, rules)
    if not verdict.legal or verdict.meld is None or len(verdict.meld) != length:
        return None
    meld = verdict.meld
    candidates = [Card.from_code(code) for code in range(53) if rules.jokers or code != 52]
    adds = [(card, check_add(meld, card, rules)) for card in candidates]
    right = [(card, add) for card, add in adds if add.legal and not rules.is_wild(card)]
    wrong = [card for card, add in adds if not add.legal]
    if not right or len(wrong) < 3:
        return None
    answer, add_verdict = rng.choice(right)
    rng.shuffle(wrong)
    wrong.sort(key=lambda card: -_nearness(card, meld, rules))
    offered = [answer, *wrong[:3]]
    rng.shuffle(offered)
    choices = tuple(Choice(f"r{index}", card.name(), card) for index, card in enumerate(offered))
    correct = tuple(choice.id for choice in choices if choice.card == answer)
    return Question(
        kind="complete",
        key="complete:" + meld.notation() + "|" + format_cards(sorted(offered)),
        prompt=_(_COMPLETES.get(burraco_word(rules), _COMPLETES["burraco"]), rules=rules_title(rules)),
        meld=meld,
        choices=choices,
        correct=correct,
        verdict=add_verdict,
        solution=(answer,),
    )


MAKERS: Final[dict[str, Callable[[random.Random, Rules], Question | None]]] = {
    "legal": legal_question,
    "build": build_question,
    "complete": complete_question,
}


class QuestionPool:
    """A reproducible pool of distinct questions, asked in a shuffled order.

    No question comes back until every question of the pool has been asked; then the
    pool is shuffled again (``cycle`` counts the rounds).
    """

    def __init__(self, rules: Rules, seed: int, kinds: Sequence[str] = KINDS, size: int = 24) -> None:
        unknown = [kind for kind in kinds if kind not in MAKERS]
        if unknown or not kinds:
            raise ValueError(f"unknown quiz question kind {unknown or kinds!r}: choose from {', '.join(KINDS)}")
        if size < 1:
            raise ValueError(f"a quiz pool needs at least one question, not {size!r}")
        self.rules = rules
        self.seed = seed
        self.kinds = tuple(kinds)
        self._rng = random.Random(seed)
        self.questions = self._generate(size)
        self.cycle = 0
        self._order: list[Question] = []

    def _generate(self, size: int) -> tuple[Question, ...]:
        seen: set[str] = set()
        out: list[Question] = []
        attempts = 0
        while len(out) < size and attempts < size * 60:
            kind = self.kinds[len(out) % len(self.kinds)]
            attempts += 1
            question = MAKERS[kind](self._rng, self.rules)
            if question is not None and question.key not in seen:
                seen.add(question.key)
                out.append(question)
        if not out:
            raise ValueError(f"no {'/'.join(self.kinds)} question can be made under {self.rules!r}")
        return tuple(out)

    def __len__(self) -> int:
        return len(self.questions)

    @property
    def remaining(self) -> int:
        """Questions left in this round before the pool is shuffled again."""
        return len(self._order)

    def next(self) -> Question:
        """The next question; a new shuffled round starts when the pool is exhausted."""
        if not self._order:
            self.cycle += 1
            self._order = list(self.questions)
            self._rng.shuffle(self._order)
            self._order.reverse()
        return self._order.pop()
