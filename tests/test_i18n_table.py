"""The card table speaks Italian and Brazilian Portuguese (issue 18); its English is unchanged.

A real hand is played at a table built under ``i18n.use("it")`` / ``use("pt_BR")``: dealt from a
seed, the learner's moves chosen by a bot and sent as the page sends them, an illegal move tried
(the refusal is shown), the hand played to its end with bots. At every step every text the table
syncs (status, log, labels, aria-labels, the cards' and melds' labels, the pile, stock and pot
descriptions, the result's lines; the coach's own texts are the coach's, checked by its tests) is
compared with the English catalogue: none is an English message that has a translation. The same
deal played in English syncs the same cards, ids and notations at every step: a translated table
shows nothing more than the English one (whose hidden information tests/test_ui_card_table_hidden.py
checks).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from buraco_learn import i18n, preset
from buraco_learn.bots import make_bot
from buraco_learn.game.actions import Action
from buraco_learn.i18n import use
from buraco_learn.ui import CardTable
from buraco_learn.ui.hints import bot_hint, normalise_hint

#: Keys whose strings are not words (ids, notation, codes the front end reads) or not the table's words
#: (the coach's hint, comment and review: the coach's messages; the ruleset's name: presets.TITLES).
NOT_WORDS = {"id", "key", "notation", "rank", "suit", "symbol", "text_code", "seat", "side", "phase", "current", "kind",
             "burraco", "state", "owner", "place", "role", "level", "take", "visible", "must_meld", "locale", "stands_for",
             "action", "verdict", "suggested", "tag", "meld", "pot_word", "burraco_word", "our_melds", "rules", "cards",
             "source", "hint", "comment", "review", "seats", "legal", "kinds", "controls", "name_code"}


def english_messages(lang: str) -> list[tuple[str, re.Pattern[str]]]:
    """Every English message of the catalogue that ``lang`` translates differently, as a pattern matching a
    whole text made from it (each placeholder any text)."""
    from babel.messages.pofile import read_po

    with i18n.po_path(lang).open("rb") as handle:
        po = read_po(handle, locale=lang)
    out = []
    for message in po:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for msgid in ids:
            if msgid in strings or not re.search(r"[A-Za-z]{3}", re.sub(r"\{\w+\}", "", msgid)):
                continue  # the same in both languages, or no English word in it
            parts = re.split(r"\{\w+\}", msgid)
            pattern = "(?s)" + "(.+)".join(re.escape(part) for part in parts)
            out.append((msgid, re.compile(pattern)))
    return out


def texts(value: Any, key: str = "") -> Iterator[tuple[str, str]]:
    """(key, text) for every word-bearing string of a synced value."""
    if isinstance(value, dict):
        for name, item in value.items():
            if name not in NOT_WORDS:
                yield from texts(item, str(name))
    elif isinstance(value, list):
        for item in value:
            yield from texts(item, key)
    elif isinstance(value, str) and re.search(r"[A-Za-z]{2}", value):
        yield key, value


def english_in(table: CardTable, messages: list[tuple[str, re.Pattern[str]]]) -> list[str]:
    """The table's texts that are an English message (whole, placeholders filled in)."""
    found = []
    for key, text in [*texts(table.table), ("error", table.error)]:
        for msgid, pattern in messages:
            if pattern.fullmatch(text):
                found.append(f"{key}: {text!r} is the English {msgid!r}")
    return found


def message(table: CardTable, content: dict[str, Any]) -> None:
    """What the page sends (base.py answers it as it answers the browser)."""
    table._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def intent_for(table: CardTable, action: Action) -> dict[str, Any]:
    free: dict[str, list[str]] = {}
    for card in table.table["hand"]:
        free.setdefault(card["notation"], []).append(card["id"])

    def pick(card: Any) -> str:
        return free[card.notation()].pop(0)

    kind = action.kind
    if kind in ("draw", "pot", "redraw"):
        return {"intent": kind}
    if kind == "take":
        return {"intent": "take", **({"depth": action.target} if action.target else {})}
    if kind == "meld":
        return {"intent": "meld", "groups": [[pick(card) for card in group] for group in action.groups]}
    if kind == "add":
        return {"intent": "add", "meld": action.target, "cards": [pick(card) for card in action.cards]}
    if kind == "swap":
        return {"intent": "swap", "meld": action.target, "card": pick(action.cards[0])}
    return {"intent": kind, **({"card": pick(action.cards[0])} if action.cards else {})}


def shape(value: Any) -> Any:
    """What a synced value shows of the cards: every id and notation, in place, without the words."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()
                if key in ("id", "notation", "face_down", "stands_for", "ids", "cards", "hand", "players", "melds", "pile",
                           "known", "pots", "size", "count", "stock", "depths", "legal", "kinds")}
    if isinstance(value, list):
        return [shape(item) for item in value]
    return value


def play_hand(lang: str, rules: str, seed: int) -> Iterator[tuple[str, CardTable]]:
    """A whole hand at a table built in ``lang``: yields (where, table) after each step."""
    with use(lang):
        table = CardTable(rules, seed=seed, bots="beginner", pace=0, highlight=True, autoplay=False,
                          hint_source=lambda view, rung: normalise_hint(bot_hint(view, rung), rung))
    me = make_bot("beginner", table.rules, seed=seed)
    yield "built", table
    for step in range(300):
        table.advance()
        yield f"bots, step {step}", table
        if table.state.over:
            return
        # an illegal move, as the page sends it: the pot before emptying the hand (or a discard before drawing)
        illegal = {"intent": "pot"} if table.state.phase != "pot" else {"intent": "draw"}
        message(table, {**illegal, "id": f"x{step}"})
        assert table.error, "the illegal move was not refused"
        yield f"refused, step {step}", table
        if table.state.phase == "draw" and step % 3 == 0:
            hand = [card["id"] for card in table.table["hand"]]
            message(table, {"intent": "discard", "card": hand[0], "id": f"d{step}"})  # before drawing: refused
            yield f"discard before drawing, step {step}", table
        message(table, intent_for(table, me.act(table.game.view())))
        assert table.error == "", table.error
        yield f"played, step {step}", table
        while table.game.learner_turn:
            message(table, intent_for(table, me.act(table.game.view())))
            assert table.error == "", table.error
            yield f"played on, step {step}", table
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("lang", ["it", "pt_BR"])
@pytest.mark.parametrize(("rules", "seed"), [("italian", 7), ("aberto", 3), ("cutthroat", 4)])
def test_a_whole_hand_at_the_table_in_another_language_has_no_english_message(lang: str, rules: str, seed: int) -> None:
    messages = english_messages(lang)
    assert len(messages) > 300
    english = play_hand("en", rules, seed)
    seen_refusal = seen_result = False
    for (where, table), (_where, mirror) in zip(play_hand(lang, rules, seed), english, strict=True):
        found = english_in(table, messages)
        assert not found, f"{lang}, {rules}, {where}: " + "; ".join(found[:5])
        # the same cards, ids and notations as the English table: nothing more is shown
        assert json.dumps(shape(table.table), sort_keys=True) == json.dumps(shape(mirror.table), sort_keys=True), where
        for card in (item for player in table.table["players"] for item in player["cards"]):
            assert set(card) == {"id", "face_down", "label"}, card
        seen_refusal = seen_refusal or bool(table.error)
        seen_result = seen_result or bool(table.table["result"])
        if table.error:
            assert table.error != mirror.error and "(00" in table.error, (table.error, mirror.error)
    assert seen_refusal and seen_result
    result = table.table["result"]
    assert result["ending"] and result["totals_text"] and all(side["items"] for side in result["sides"])
    message(table, {"intent": "draw", "id": "late"})  # after the hand: refused, how it ended in words, not the engine's code
    assert table.error and not re.search(r"\((?:closed|stock|stalemate)\)", table.error), table.error
    assert not english_in(table, messages)


def test_the_italian_table_in_its_own_words() -> None:
    with use("it"):
        table = CardTable("italian", seed=7, bots="beginner", pace=0, autoplay=False)
        table.advance()
        labels = table.table["labels"]
        assert table.table["status"] == "Tocca a te: pesca dal tallone o raccogli gli scarti."
        assert (labels["draw"], labels["take"], labels["discard"], labels["close"], labels["pot"]) == (
            "Pesca", "Raccogli gli scarti", "Scarta", "Chiudi", "Prendi il pozzetto")
        assert labels["meld_n"][3] == "Cala 3 carte" and labels["meld_n"][1] == "Cala 1 carta"
        assert labels["stock"].startswith("Tallone: ") and table.table["locale"] == "it-IT"
        assert [player["name"] for player in table.table["players"]] == ["Est", "Sud", "Ovest"]
        assert table.table["players"][1]["role_text"] == "il tuo compagno"
        table.draw()
        assert table.table["log"][-1]["text"] == "Hai pescato dal tallone."
        assert table.table["status"] == "Cala, attacca alle combinazioni della tua coppia, o scarta per finire il turno."
        with pytest.raises(Exception, match="Cala"):
            table.meld([])  # nothing selected
    # the table keeps its language: an intent answered while the kernel's language is English
    message(table, {"intent": "undo", "id": "u"})
    assert table.table["status"].startswith("Tocca a te") and table.table["labels"]["draw"] == "Pesca"


def test_the_portuguese_table_in_its_own_words() -> None:
    with use("pt_BR"):
        table = CardTable("aberto", seed=3, bots="beginner", pace=0, autoplay=False)
        table.advance()
        labels = table.table["labels"]
        assert table.table["status"] == "Sua vez: compre do monte ou pegue o lixo."
        assert (labels["draw"], labels["discard"], labels["close"], labels["pot"]) == ("Comprar", "Descartar", "Bater", "Pegar o morto")
        assert labels["pots"] == "Os mortos" and table.table["locale"] == "pt-BR"
        table.draw()
        assert table.table["log"][-1]["text"] == "Você comprou do monte."


def test_the_english_table_says_what_it_always_said() -> None:
    table = CardTable("italian", seed=7, bots="beginner", pace=0, autoplay=False)
    table.advance()
    labels = table.table["labels"]
    hand = len(table.table["hand"])
    assert labels["hand"] == f"Your hand: {hand} cards; Space selects, Alt+arrows move a card"
    assert (labels["draw"], labels["take"], labels["pot"], labels["pots"]) == ("Draw", "Take the pile", "Pick up the pozzetto", "The pozzettos")
    assert labels["meld_n"][:3] == ["Meld", "Meld 1 card", "Meld 2 cards"] and labels["paces"][0] == [0.0, "Instant"]
    assert labels["stock"] == f"Stock: {table.table['stock']} cards face down" and table.table["locale"] == "en-GB"
    east = table.table["players"][0]
    assert east["label"] == f"East, opponent, beginner bot: {east['count']} cards" and east["hand_label"] == "East's hand"
    assert table.table["status"] == "Your turn: draw from the stock or take the discard pile."
    table.draw()
    assert table.table["log"][-1]["text"] == "You drew from the stock."


@pytest.mark.parametrize("lang", ["it", "pt_BR"])
def test_the_tables_drawing_in_another_language(lang: str) -> None:
    """The SVG a view draws of itself (render_table.view_svg): its captions and aria-labels translated."""
    import html
    import random

    from buraco_learn.game import HandState
    from buraco_learn.render_table import table as drawing

    messages = english_messages(lang)
    state = HandState.new(preset("italian"), random.Random(7), dealer=0)
    state.apply(Action.draw())
    with use(lang):
        svg = drawing(state)
        words = [html.unescape(caption or label) for caption, label in re.findall(r'>([^<>]+)</text>|aria-label="([^"]+)"', svg)]
        # each card's own label is buraco_learn/render.py's (a face-down card's is still English there)
        english = [text for text in words if text != "face-down card" and any(pattern.fullmatch(text) for _msgid, pattern in messages)]
    assert not english, english
    assert ("Il tavolo visto da Est" if lang == "it" else "A mesa vista por Leste") in svg
    assert "East's view" in drawing(state)  # English as it was
