"""The ruleset object and the presets."""

from __future__ import annotations

import dataclasses
import json

import pytest

from buraco_learn import PRESET_NAMES, InvalidRulesError, Rules, UnknownPresetError, preset, preset_doc
from buraco_learn.sources import DOCUMENTS, RULE_TEXT, cite


def test_exact_preset_names() -> None:
    assert PRESET_NAMES == (
        "italian", "bukharo", "aberto", "brazil-online", "aberto-sujo", "fechado", "fechado-stbl", "fechado-sujo", "cutthroat",
    )


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_preset_json_round_trip(name: str) -> None:
    rules = preset(name)
    assert rules.name == name
    assert Rules.from_json(rules.to_json()) == rules
    assert Rules.from_dict(json.loads(rules.to_json())) == rules
    assert eval(repr(rules), {"preset": preset}) == rules


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_preset_docstring_records_choices(name: str) -> None:
    doc = preset_doc(name)
    assert preset(name).source in doc or "003" in doc
    assert len(doc) > 100


def test_every_option_documented_with_source() -> None:
    for spec in Rules.options():
        assert any(number in spec.doc for number in DOCUMENTS) or "every document" in spec.doc or spec.name == "name", spec.name


def test_unknown_preset_and_option_raise() -> None:
    with pytest.raises(UnknownPresetError, match="'canasta'"):
        preset("canasta")
    with pytest.raises(UnknownPresetError, match="did you mean 'italian'"):
        preset("itallian")
    with pytest.raises(InvalidRulesError, match="unknown rules option 'jokerz'"):
        preset("italian", jokerz=False)
    with pytest.raises(InvalidRulesError, match="unknown rules option"):
        Rules.from_dict({"name": "italian", "colour": "red"})
    with pytest.raises(UnknownPresetError):
        Rules.from_dict({"name": "nope"})


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"max_wilds": "one"}, "must be int"),
        ({"play_direction": "sideways"}, "choose one of"),
        ({"target": 0}, "between"),
        ({"pot_sizes": [11]}, "one pot per side"),
        ({"players": 6}, "partnership play"),
        ({"hand_size": 20, "pot_sizes": [20, 20]}, "leaves fewer than 3"),
        ({"sets": False, "runs": False}, "neither sets nor runs"),
        ({"jokers": 1}, "must be bool"),
    ],
)
def test_bad_values_raise(changes: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidRulesError, match=message):
        preset("italian", **changes)


def test_frozen() -> None:
    rules = preset("italian")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 5  # type: ignore[misc]


def test_document_facts_in_presets() -> None:
    italian, bukharo, aberto, online, cut = (preset(n) for n in ("italian", "bukharo", "aberto", "brazil-online", "cutthroat"))
    assert (italian.target, bukharo.target, aberto.target, cut.target) == (2005, 2000, 3000, 3000)
    assert not bukharo.target_inclusive and italian.target_inclusive
    assert (aberto.value_joker, aberto.value_two, italian.value_joker, italian.value_two) == (20, 10, 30, 20)
    assert not aberto.sets and aberto.first_turn_redraw and aberto.opening_minimum == 75 and not aberto.start_discard
    assert online.deck_size == 104 and online.play_direction == "counter-clockwise"
    assert (online.royal_bonus, online.ace_to_ace_bonus) == (500, 1000)
    assert preset("fechado").pile_visible == "top" and preset("fechado").must_meld_pile_card
    assert not preset("fechado-stbl").sets and preset("fechado").sets
    assert preset("fechado-sujo").close_needs_burraco == "any" and preset("fechado").close_needs_burraco == "clean"
    assert preset("aberto-sujo").value_joker == 30 and not preset("aberto-sujo").close_by_melding
    assert cut.sides == ((0,), (1,), (2,), (3,)) and cut.pot_sizes == () and cut.add_to_any_meld
    assert (cut.max_set_cards, cut.distinct_suit_sets, cut.min_naturals, cut.natural_two) == (4, True, 2, False)
    assert preset("italian", players=3).pot_sizes == (18, 11)
    assert preset("italian", players=2).sides == ((0,), (1,))
    assert preset("italian", semi_clean_bonus=150).semi_clean_bonus == 150


def test_card_values() -> None:
    from buraco_learn import Card

    cut = preset("cutthroat")
    assert [cut.value(Card.parse(c)) for c in ("JK", "2S", "7S", "10S", "KS", "AS")] == [20, 2, 7, 10, 10, 15]
    online = preset("brazil-online")
    assert [online.value(Card.parse(c)) for c in ("2S", "7S", "8S", "AS")] == [10, 5, 10, 15]


def test_citations_exist_for_every_rule_and_document() -> None:
    for rule in RULE_TEXT:
        for number in DOCUMENTS:
            citation = cite(rule, number)
            assert citation.document in DOCUMENTS
            assert citation.quote
            assert str(citation)
    assert cite("one_set_per_rank", "000").borrowed
    assert not cite("one_wild", "003").borrowed


def test_the_rules_know_no_preset_and_modules_import_at_the_top() -> None:
    """Issue 15: the import circles go. rules.py imports nothing of the presets (the registry,
    presets.py, registers them with it); melds.py re-exports nothing at its bottom."""
    import ast
    from pathlib import Path

    package = Path(__file__).resolve().parent.parent / "buraco_learn"
    rules_tree = ast.parse((package / "rules.py").read_text())
    imported = {node.module for node in ast.walk(rules_tree) if isinstance(node, ast.ImportFrom)}
    assert not {module for module in imported if module and module.endswith("presets")}
    melds_tree = ast.parse((package / "melds.py").read_text())
    first_code = next(index for index, node in enumerate(melds_tree.body) if not isinstance(node, (ast.Expr, ast.Import, ast.ImportFrom)))
    late = [node for node in melds_tree.body[first_code:] if isinstance(node, (ast.Import, ast.ImportFrom))]
    assert late == []
    from buraco_learn.rules import preset_names

    assert preset_names() == PRESET_NAMES
