"""The turn rules' refusals in Italian and Brazilian Portuguese (issue 18), English untouched.

Real illegal actions on real hands of several presets (002 with its pozzetto, the morto
presets 001 and 003, cut-throat 004 with no sides) are refused in the learner's language
with the preset's own words; the action's notation and the document's section are quoted
as written; in English every refusal is the sentence the code has always written.
"""

from __future__ import annotations

import random
import re
import string

import pytest
from babel.messages.pofile import read_po

from buraco_learn import preset
from buraco_learn.cards import Card, card_of_id
from buraco_learn.errors import IllegalActionError
from buraco_learn.game import turnrules
from buraco_learn.game.phases import OVER
from buraco_learn.game.state import HandState
from buraco_learn.i18n import POT, use
from buraco_learn.vocabulary import vocabulary

LANGS = ["it", "pt_BR"]
#: the learner's words for the side and the pot, per language
SIDE = {"it": "la tua coppia", "pt_BR": "sua dupla"}
ENGLISH = re.compile(r"\b(the|and|meld|melds|wild|cards?|cannot|you|your|side|pile|stock|draw|discard|close|only|this)\b",
                     re.IGNORECASE)


def english_pieces() -> list[str]:
    """The literal text of every English message, in pieces long enough to tell (12 characters or more)."""
    with POT.open("rb") as file:
        pot = read_po(file)
    pieces: set[str] = set()
    for message in pot:
        texts: tuple[str, ...] = tuple(message.id) if isinstance(message.id, tuple) else (str(message.id),)
        for text in texts:
            for literal, *_ in string.Formatter().parse(text):
                pieces.update(part.strip() for part in re.split(r"[;:(),]", literal) if len(part.strip()) >= 12)
    return sorted(pieces)


PIECES = english_pieces()


#: a quotation: the action's notation, a document's section (not an Italian apostrophe: l'ultima, di')
QUOTED = re.compile(r"(?<![^\W\d_])'[^']*'(?![^\W\d_])")


def assert_translated(text: str, english: str, lang: str) -> None:
    assert text != english, (lang, english)
    unquoted = QUOTED.sub("", text).replace("buraco-learn", "")  # the action's notation, a document's section
    left = [piece for piece in PIECES if piece in unquoted]
    assert not left, (lang, text, left)
    assert not ENGLISH.search(unquoted), (lang, text)
    assert QUOTED.findall(english) == QUOTED.findall(text), (lang, english, text)  # the notation and the sources, as written


def fresh(name: str, seed: int = 1) -> HandState:
    return HandState.new(preset(name), random.Random(seed))


def refusals(state: HandState, lang: str, actions: list[str]) -> dict[str, str]:
    with use(lang):
        return {action: state.explain_illegal(action) or "" for action in actions}


def test_english_refusals_are_exactly_what_they_were() -> None:
    italian = fresh("italian")
    assert italian.explain_illegal("discard 7D") == (
        "illegal action 'discard 7D': first draw a card from the stock or take the discard pile (002 'Playing a turn')")
    assert italian.explain_illegal("pot") == (
        "illegal action 'pot': the pozzetto is picked up only by a player who has just emptied their hand (002 'The pozzetti')")
    assert italian.may_close(0) == "your side must pick up its pozzetto before it can close (002 'Closing')"
    aberto = fresh("aberto")
    assert aberto.may_close(0) == "your side must pick up its morto before it can close (001 'How to play')"
    cutthroat = fresh("cutthroat")
    assert cutthroat.explain_illegal("pot") == ("illegal action 'pot': there is no pot to pick up in this game: "
                                                "the first player to empty their hand ends it (004 'The idea')")
    assert cutthroat.may_close(0) == "you need a clean canasta (no wild card) on the table before you can close (004 'The rules in full')"
    italian.apply("draw")
    assert italian.explain_illegal("draw") == (
        "illegal action 'draw': you have drawn already; now meld, add or discard (002 'Playing a turn')")
    with use("en"):
        assert italian.explain_illegal("take") == (
            "illegal action 'take': you have drawn already; now meld, add or discard (002 'Playing a turn')")


@pytest.mark.parametrize(("name", "pot"), [("italian", "pozzetto"), ("bukharo", "morto"), ("aberto", "morto"),
                                           ("brazil-online", "morto"), ("fechado", "morto")])
def test_the_pot_keeps_the_document_word_in_every_language(name: str, pot: str) -> None:
    state = fresh(name)
    assert vocabulary(state.rules).pot == pot
    article = {"it": f"il {pot}", "pt_BR": f"o {pot}"}
    for lang in LANGS:
        english = state.explain_illegal("pot") or ""
        said = refusals(state, lang, ["pot", "discard 7D"])
        assert said["pot"].startswith({"it": "mossa non consentita 'pot': ", "pt_BR": "jogada não permitida 'pot': "}[lang])
        assert article[lang] in said["pot"], said
        assert_translated(said["pot"], english, lang)
        with use(lang):
            closing = state.may_close(0) or ""
        assert closing.startswith(SIDE[lang].capitalize()) or closing.startswith(SIDE[lang]), closing
        assert article[lang] in closing and "(" + state.rules.source in closing, closing
        assert_translated(closing, state.may_close(0) or "", lang)


def test_a_meld_of_seven_keeps_the_document_word_when_closing() -> None:
    expected = {
        ("cutthroat", "it"): "ti serve in tavola una canasta pulita, senza matte, prima di poter chiudere (004 'The rules in full')",
        ("cutthroat", "pt_BR"): "você precisa ter na mesa uma canasta limpa, sem curinga, antes de poder bater (004 'The rules in full')",
    }
    for (name, lang), text in expected.items():
        with use(lang):
            assert fresh(name).may_close(0) == text
    for words in turnrules.CLOSE_NEEDS_BURRACO:
        clean, word, alone = words
        english = turnrules.CLOSE_NEEDS_BURRACO[words]
        for lang in LANGS:
            with use(lang):
                from buraco_learn.i18n import _

                text = _(english)
            assert word in text and (("pulit" in text) if lang == "it" else ("limp" in text)) == (clean == "clean"), text
            assert (SIDE[lang] in text) != alone, text
            assert " (" not in text  # the refusals that quote it cut it at its source's bracket
            assert_translated(text, english, lang)


def test_cut_throat_speaks_to_one_player_in_every_language() -> None:
    state = fresh("cutthroat")
    for lang in LANGS:
        said = refusals(state, lang, ["pot", "discard 7D", "meld 5H 6H 7H"])
        for text in said.values():
            assert SIDE[lang] not in text and "coppia" not in text and "dupla" not in text, text
        assert ("pozzetto" if lang == "it" else "morto") in said["pot"]  # no pot here, said in the players' word


@pytest.mark.parametrize(("name", "options", "english_start"), [
    ("aberto", {}, "your side has 1500 points, so its first meld(s) must total at least 75 card points; these make "),
    ("cutthroat", {"opening_minimum": 75}, "you have 1500 points, so your first meld(s) must total at least 75 card points; these make "),
])
def test_the_opening_minimum_on_real_hands(name: str, options: dict[str, object], english_start: str) -> None:
    """001's opening minimum (75 card points for a side's first meld once it has 1500), a side's or one player's."""
    found = 0
    for seed in range(40):
        rules = preset(name, **options)
        state = HandState.new(rules, random.Random(seed), scores=dict.fromkeys(range(4), 1500))
        state.apply("draw")
        for cards in _runs(state):
            action = "meld " + " ".join(cards)
            english = state.explain_illegal(action) or ""
            if "card points" not in english:
                continue
            assert english.startswith(f"illegal action {action!r}: {english_start}"), english
            found += 1
            for lang in LANGS:
                with use(lang):
                    text = state.explain_illegal(action) or ""
                assert_translated(text, english, lang)
                assert "1500" in text and "75" in text, text
                assert (SIDE[lang] in text) == rules.partnerships, text
    assert found >= 5


def _sets(state: HandState) -> list[list[str]]:
    """The natural cards of the current hand, three or more of a rank."""
    by_rank: dict[int, list[str]] = {}
    for card_id in state.hands[state.current]:
        card = card_of_id(card_id)
        if not card.is_joker and not card.is_two:
            by_rank.setdefault(card.code % 13, []).append(str(card))
    return [cards for cards in by_rank.values() if len(cards) >= 3]


def _runs(state: HandState) -> list[list[str]]:
    """Three natural cards of one suit in sequence in the current hand (3 to K)."""
    codes = {card_of_id(card_id).code for card_id in state.hands[state.current]}
    runs = []
    for code in sorted(codes):
        rank = code % 13  # 0 is the ace, 1 the 2
        if 2 <= rank <= 10 and code + 1 in codes and code + 2 in codes:
            runs.append([str(Card.from_code(code + step)) for step in range(3)])
    return runs


def _candidates(state: HandState, rng: random.Random) -> list[str]:
    hand = [str(card_of_id(card_id)) for card_id in state.hands[state.current]]
    actions = ["draw", "take", "take 3", "take 0", "take 99", "pot", "redraw", "close", "discard JK"]
    if hand:
        actions += [f"discard {rng.choice(hand)}", f"close {rng.choice(hand)}", "meld " + " ".join(rng.sample(hand, min(3, len(hand)))),
                    f"add m99 {rng.choice(hand)}"]
        actions += ["meld " + " ".join(cards) for cards in _sets(state)]
        for meld in state.melds:
            actions += [f"add m{meld.id} {rng.choice(hand)}", f"swap m{meld.id} {rng.choice(hand)}"]
        if len(hand) >= 6:
            actions.append("meld " + " ".join(hand[:3]) + " | " + " ".join(hand[3:6]))
    return actions


@pytest.mark.parametrize("name", ["italian", "aberto", "brazil-online", "fechado", "cutthroat"])
def test_real_refusals_in_random_play_are_in_the_language(name: str) -> None:
    """Random legal play; at each turn, many actions tried: every refusal is translated and keeps the
    preset's words; none says the other language's or English words."""
    rng = random.Random(name)
    pot = vocabulary(preset(name)).pot
    kinds = set()
    for seed in range(3):
        state = fresh(name, seed)
        for _step in range(160):
            if state.phase == OVER:
                break
            for action in _candidates(state, rng):
                try:
                    english = state.explain_illegal(action)
                except (IllegalActionError, ValueError):
                    continue  # not an action at all
                if english is None:
                    continue
                kinds.add(re.sub(r"\d+|[AJQK]?[♠♥♦♣]", "", QUOTED.sub("", english))[:60])
                for lang in LANGS:
                    with use(lang):
                        text = state.explain_illegal(action) or ""
                    assert_translated(text, english, lang)
                    if pot in english and pot != "pot":
                        assert pot in text, (lang, text)
                    if "burraco" in english or "canast" in english:
                        assert vocabulary(state.rules).burraco in text, (lang, text)
            legal = list(state.legal_actions)
            state.apply(rng.choice(legal))
    assert len(kinds) >= 8, kinds
