"""The meld verdicts' sentences in Italian and Brazilian Portuguese (issue 18), English untouched.

Every :class:`Problem`'s sentence, built for several card inputs under every preset, is
translated in ``it`` and ``pt_BR``: it differs from the English, and no English message of
the catalogue is left in it (the document's own section title, quoted, stays as written).
"""

from __future__ import annotations

import random
import re
import string

import pytest
from babel.messages.pofile import read_po

from buraco_learn import check_meld, preset
from buraco_learn.cards import Card
from buraco_learn.extend import check_add, check_swap
from buraco_learn.i18n import POT, use
from buraco_learn.presets import PRESETS
from buraco_learn.problems import Problem, citation, explain, reason_words, verdict_reason
from buraco_learn.sources import RULE_TEXT, cite
from buraco_learn.vocabulary import BURRACO_WORDS

LANGS = ["it", "pt_BR"]
DECK = [Card.parse(rank + suit) for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] for suit in "SHDC"] + [Card.parse("JK")]
CONTEXTS: list[dict[str, object]] = [
    {},
    {"missing": [Card.parse("5H"), Card.parse("6H")], "bad": [Card.parse("9S")], "rank": 13, "suit": 1,
     "wild": Card.parse("JK"), "stands_for": Card.parse("8H"), "given": Card.parse("9C")},
    {"bad": [Card.parse("9S"), Card.parse("QD")], "rank": 1, "suit": 3, "wild": Card.parse("2D"), "stands_for": Card.parse("AH"),
     "given": Card.parse("KC"), "swap_in": True, "to_end": "upper"},
    {"wild": Card.parse("JK"), "stands_for": Card.parse("5S"), "swap_in": True},
]
#: English words that never belong in an Italian or Portuguese sentence
ENGLISH = re.compile(r"\b(the|and|meld|melds|wild|joker|cards?|cannot|run|set|only|this|one|place)\b", re.IGNORECASE)


def variants() -> list:  # type: ignore[type-arg]
    rules = [preset(name) for name in PRESETS]
    for name in ("italian", "aberto"):
        for options in ({"wild_swap": False}, {"wild_placement": "low-end"}, {"ace_to_ace": True}, {"max_wilds": 2}):
            rules.append(preset(name, **options))
    return rules


def english_pieces() -> list[str]:
    """The literal text of every English message, in pieces long enough to tell (12 characters or more)."""
    with POT.open("rb") as file:
        pot = read_po(file)
    pieces = set()
    for message in pot:
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            for literal, *_ in string.Formatter().parse(text):
                pieces.update(part.strip() for part in re.split(r"[;:()]", literal) if len(part.strip()) >= 12)
    return sorted(pieces)


PIECES = english_pieces()


def assert_translated(text: str, english: str, lang: str) -> None:
    assert text != english, (lang, english)
    unquoted = re.sub(r"\b\d{3} '[^']*'", "", text)  # a document's section, cited as written
    left = [piece for piece in PIECES if piece in unquoted]
    assert not left, (lang, text, left)
    assert not ENGLISH.search(unquoted.replace("buraco-learn", "")), (lang, text)


@pytest.mark.parametrize("lang", LANGS)
def test_every_problem_sentence_is_translated_for_several_inputs(lang: str) -> None:
    inputs = [[], [Card.parse("5H")], [Card.parse(c) for c in ["2H", "2S", "JK"]], [Card.parse(c) for c in ["7H", "9S", "JD", "7H", "7H"]],
              [Card.parse(c) for c in ["AH", "2H", "3H", "KH", "5H", "5H", "2C", "JK", "JK"]]]
    seen = set()
    for rules in variants():
        for problem in Problem:
            for cards in inputs:
                for context in CONTEXTS:
                    english = explain(problem, cards, rules, context)
                    with use(lang):
                        text = explain(problem, cards, rules, context)
                    assert_translated(text, english, lang)
                    assert text.endswith(").") and text.count("(") >= 1
                    seen.add(problem)
    assert seen == set(Problem)


@pytest.mark.parametrize("lang", LANGS)
def test_real_verdicts_are_answered_in_the_language(lang: str) -> None:
    rng = random.Random(18)
    problems = set()
    for rules in variants():
        for _ in range(60):
            cards = [rng.choice(DECK) for _ in range(rng.choice([2, 3, 4, 5, 7]))]
            verdict = check_meld(cards, rules)
            checks = [verdict]
            if verdict.legal and verdict.meld is not None:
                card = rng.choice(DECK)
                checks += [check_add(verdict.meld, [card], rules), check_swap(verdict.meld, [card], rules)]
            for each in checks:
                english = each.reason
                with use(lang):
                    text = verdict_reason(each)
                    assert list(each.problems) == list(each.problems)
                assert_translated(text, english, lang)
                problems.update(each.problems)
    assert len(problems) >= 12


def test_english_is_exactly_what_it_was() -> None:
    assert check_meld("2H 2S 2D").explanations == ("A meld cannot be made of wild cards alone: three 2s are not a set (002 'Melds').",)
    assert check_meld("KH AH 2H 3H").reason == (
        "illegal: A run cannot turn the corner from King through Ace to 2: K-A-2 is not a run (002 'Melds').")
    assert check_meld("JK 6D 7D").reason == (
        "legal dirty run JK 6♦ 7♦: the joker stands for 5♦ (002 'Melds': a wild at the end of a run sits at the lower end)")
    with use("en"):
        assert verdict_reason(check_meld("KS KD 2C")) == "legal dirty set K♠ K♦ 2♣: the 2♣ stands for a King"


def test_the_catalogue_english_of_a_verdict_is_the_code_own() -> None:
    """reason_words builds a verdict's answer from the messages: in English it is Verdict.reason, word for word,
    so the translators translate what the English learner reads."""
    rng = random.Random(7)
    kinds = set()
    for rules in variants():
        runs = [[Card.parse(rank + suit) for rank in ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"][:length]] for suit in "HS" for length in (3, 7, 12)]
        for cards in runs + [[rng.choice(DECK) for _ in range(rng.choice([3, 4, 7]))] for _ in range(80)]:
            if rng.random() < 0.5 and len(cards) > 3:
                cards[rng.randrange(len(cards))] = rng.choice([Card.parse("JK"), Card.parse("2C")])
            verdict = check_meld(cards, rules)
            assert reason_words(verdict) == verdict.reason
            kinds.add((verdict.legal, verdict.burraco))
    assert (True, None) in kinds and (False, None) in kinds and any(burraco for _, burraco in kinds)


def test_a_citation_is_the_document_own_in_english_and_explained_in_the_language() -> None:
    for rule in RULE_TEXT:
        for document in ("000", "001", "002", "003", "004"):
            source = cite(rule, document)
            assert citation(source) == source.short()
            for lang in LANGS:
                with use(lang):
                    text = citation(source)
                assert f"{source.document} '{source.section}'" in text
                assert (text == source.short()) == (not source.borrowed and not source.house)


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_preset_keeps_its_document_word_for_a_meld_of_seven(name: str) -> None:
    rules = preset(name)
    verdict = check_meld("3H 4H 5H 6H 7H 8H 9H", rules)
    word = BURRACO_WORDS[rules.source]
    assert word in verdict.reason
    for lang in LANGS:
        with use(lang):
            text = verdict_reason(verdict)
        assert word in text, (lang, text)
        assert ("pulit" in text) if lang == "it" else ("limp" in text), text


def test_the_players_words() -> None:
    with use("it"):
        assert "tre pinelle non fanno un tris" in check_meld("2H 2S 2D").explanations[0]
        assert "scala" in verdict_reason(check_meld("5H 6H 7H")) and "jolly" in verdict_reason(check_meld("JK 6D 7D"))
        assert "matta" in verdict_reason(check_meld("JK 2S 5H 6H"))
    with use("pt_BR"):
        assert "trinca" in check_meld("2H 2S 2D").explanations[0]
        assert "sequência" in verdict_reason(check_meld("5H 6H 7H"))
        assert "coringa" in verdict_reason(check_meld("JK 6D 7D"))
        assert "curinga" in verdict_reason(check_meld("JK 2S 5H 6H"))


def test_an_illegal_verdict_is_a_whole_sentence_in_each_language() -> None:
    verdict = check_meld("KH AH 2H 3H")
    assert verdict.reason == reason_words(verdict) == (
        "illegal: A run cannot turn the corner from King through Ace to 2: K-A-2 is not a run (002 'Melds').")
    with use("it"):
        assert verdict_reason(verdict) == ("Questa combinazione non è valida. Una scala non può girare dal re all'asso e ripartire dal 2: "
                                           "K-A-2 non è una scala (002 'Melds').")
    with use("pt_BR"):
        assert verdict_reason(verdict).startswith("Este jogo não é válido. ")
        assert verdict_reason(verdict).endswith("(002 'Melds').")
