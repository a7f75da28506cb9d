"""Rich reprs (issue 17, item 2): the table as SVG from one seat, the rules as an HTML table of options.

The table is checked against the true state, not the view it is drawn from: every card
drawn face up is one that seat may see (its hand, the melds, the visible pile), no more
copies of any card than those, and the other hands, the stock and the pots only as counts.
"""

from __future__ import annotations

import html
import random
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from buraco_learn import PRESET_NAMES, preset
from buraco_learn.cards import card_of_id
from buraco_learn.game import HandState
from buraco_learn.render_table import SvgDrawing, rules_html, seat_words, table, view_svg

SVG = "{http://www.w3.org/2000/svg}"


def played(name: str, seed: int, actions: int) -> HandState:
    """A hand of preset ``name`` after up to ``actions`` random legal actions."""
    rng = random.Random(seed)
    state = HandState.new(preset(name), rng, dealer=0)
    for _ in range(actions):
        if state.over:
            break
        state.apply(rng.choice(list(state.legal_actions)))
    return state


def face_up_cards(svg: str) -> Counter[str]:
    """The names of every card drawn face up (a wild card's label starts with its own name)."""
    root = ET.fromstring(svg)
    names: Counter[str] = Counter()
    for group in root.iter(f"{SVG}g"):
        classes = group.get("class", "").split()
        if "card" in classes and "face-down" not in classes:
            names[group.get("aria-label", "").split(",")[0]] += 1
    return names


def visible_from(state: HandState, seat: int) -> Counter[str]:
    """What ``seat`` may see face up, from the true state: its hand, every meld, the pile's visible part."""
    ids = list(state.hands[seat]) + [card_id for meld in state.melds for card_id in meld.ids]
    ids += state.pile if state.rules.pile_visible == "all" else state.pile[-1:]
    return Counter(card_of_id(card_id).name() for card_id in ids)


CASES = [(name, seed, actions) for name in PRESET_NAMES for seed, actions in ((1, 0), (2, 9), (3, 40))]
CASES += [("italian", 8, 5000), ("cutthroat", 8, 5000)]  # to the end of the hand


@pytest.mark.parametrize(("name", "seed", "actions"), CASES)
def test_the_table_shows_one_seat_what_it_may_see_and_nothing_hidden(name: str, seed: int, actions: int) -> None:
    state = played(name, seed, actions)
    for seat in range(state.players):
        svg = table(state, seat)
        root = ET.fromstring(svg)  # well-formed
        assert root.tag == f"{SVG}svg" and root.get("class") == "buraco-table"
        assert f"{seat_words(state.seat_names[seat])}'s view" in svg
        shown = face_up_cards(svg)
        allowed = visible_from(state, seat)
        extra = shown - allowed
        assert not extra, f"{name}: cards drawn face up that seat {seat} may not see: {dict(extra)}"
        assert shown == allowed, "everything it may see is drawn"
        own = Counter(card_of_id(card_id).name() for card_id in state.hands[seat])
        hand = next(group for group in root.iter(f"{SVG}g") if "own" in group.get("class", "").split())
        assert face_up_cards(ET.tostring(hand, encoding="unicode")) == own
        for other in range(state.players):
            if other == seat:
                continue
            (backs,) = [group for group in root.iter(f"{SVG}g")
                        if group.get("class", "").split()[:2] == ["hand", "hidden"] and f"seat-{state.seat_names[other]}" in group.get("class", "")]
            assert face_up_cards(ET.tostring(backs, encoding="unicode")) == Counter()
            assert len([g for g in backs if "face-down" in g.get("class", "")]) == len(state.hands[other])
            known = " ".join(card_of_id(card_id).unicode() for card_id in state.known[other])
            texts = [text.text or "" for text in root.iter(f"{SVG}text") if text.get("class") == "known"]
            if known:
                assert f"known to hold: {known}" in texts
        for stock_or_pot in (g for g in root.iter(f"{SVG}g") if g.get("class") in ("stock", "pot")):
            assert face_up_cards(ET.tostring(stock_or_pot, encoding="unicode")) == Counter()
        assert f"stock: {len(state.stock)}" in svg


def test_hand_state_shows_the_player_to_move_unless_asked() -> None:
    state = played("italian", 5, 6)
    mover = state.current
    assert state._repr_svg_() == table(state) == view_svg(state.view(mover))
    assert f"{seat_words(state.seat_names[mover])}'s view" in state._repr_svg_()
    other = (mover + 1) % state.players
    assert table(state, seat=state.seat_names[other]) == table(state, other) == table(state, seat_words(state.seat_names[other]))
    assert table(state, other) != table(state)
    with pytest.raises(ValueError, match="no seat 'X'"):
        table(state, "X")


def test_a_player_view_draws_itself_and_only_from_its_own_seat() -> None:
    state = played("aberto", 4, 12)
    view = state.view(2)
    assert view._repr_svg_() == table(view) == table(state, 2)
    assert isinstance(table(view), SvgDrawing) and table(view)._repr_svg_() == table(view)
    with pytest.raises(ValueError, match="own"):
        table(view, seat=0)


def test_top_only_pile_shows_only_its_top_card() -> None:
    state = played("fechado", 6, 30)
    assert state.rules.pile_visible == "top" and len(state.pile) > 1
    svg = table(state, 0)
    root = ET.fromstring(svg)
    (pile,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "pile"]
    assert face_up_cards(ET.tostring(pile, encoding="unicode")) == Counter([card_of_id(state.pile[-1]).name()])
    assert f"discard pile: {len(state.pile)} ({len(state.pile) - 1} under the top unseen)" in svg


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_rules_list_every_option_with_its_sentence(name: str) -> None:
    rules = preset(name)
    page = rules._repr_html_()
    root = ET.fromstring(f"<div>{page}</div>")  # well-formed (XHTML)
    rows = root.findall(".//tbody/tr")
    options = rules.options()
    assert [row.get("data-option") for row in rows] == [spec.name for spec in options]
    for row, spec in zip(rows, options):
        sentence = row.find("td[@class='sentence']")
        assert sentence is not None and sentence.text == spec.doc
        assert row.find("th/code").text == spec.name  # type: ignore[union-attr]
    assert html.escape(rules.name) in page and page == rules_html(rules)


def test_changed_options_are_marked_and_show_their_value() -> None:
    rules = preset("italian", semi_clean_bonus=150)
    root = ET.fromstring(f"<div>{rules._repr_html_()}</div>")
    changed = [row.get("data-option") for row in root.findall(".//tbody/tr") if "changed" in row.get("class", "")]
    assert changed == ["semi_clean_bonus"]
    (row,) = [row for row in root.findall(".//tbody/tr") if row.get("data-option") == "semi_clean_bonus"]
    assert row.find("td[@class='value']").text == "150"  # type: ignore[union-attr]
    (players,) = [row for row in root.findall(".//tbody/tr") if row.get("data-option") == "players"]
    assert players.find("td[@class='allowed']").text == "2 to 6"  # type: ignore[union-attr]
    assert "1 changed" in (root.find(".//caption").text or "")  # type: ignore[union-attr]
