"""House rules (issue 15): a host's named ruleset read from a file, every bad file refused in one line naming the option."""

from __future__ import annotations

import dataclasses
import json
import os
import re
from pathlib import Path

import pytest

from buraco_learn import preset
from buraco_learn.errors import BuracoError, InvalidRulesError
from buraco_learn.house_rules import (
    MAX_BYTES,
    OPTION_LABELS,
    SECTIONS,
    HouseRulesError,
    bounds_text,
    build,
    describe,
    dumps,
    is_file_reference,
    load,
    loads,
    option_label,
    option_sentence,
    resolve,
    save,
)
from buraco_learn.presets import PRESET_NAMES
from buraco_learn.rules import Rules

CLUB = preset("italian", name="Our club", semi_clean_bonus=150, target=1005)


def refusal(text: str | bytes) -> HouseRulesError:
    with pytest.raises(HouseRulesError) as caught:
        loads(text)
    error = caught.value
    assert isinstance(error, InvalidRulesError) and isinstance(error, BuracoError) and isinstance(error, ValueError)
    assert "\n" not in str(error) and "\n" not in error.words and len(str(error)) <= 401
    assert "Traceback" not in str(error)
    return error


def club_with(**changes: object) -> str:
    data = json.loads(dumps(CLUB))
    data.update(changes)
    return json.dumps(data)


# -- good files --------------------------------------------------------------------------------
def test_a_saved_ruleset_loads_back_equal(tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    save(CLUB, path)
    assert load(path) == CLUB and load(str(path)) == CLUB
    assert json.loads(path.read_text())["base"] == "italian" and path.read_text().endswith("}\n")
    assert Rules.from_json(path.read_text()) == CLUB


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_preset_as_json_loads_as_itself(name: str) -> None:
    assert loads(preset(name).to_json()) == preset(name)
    house = preset(name, name=f"House {name}", target=1500)
    assert loads(dumps(house)) == house and house.base == name


def test_a_file_with_some_options_takes_the_rest_from_its_base_as_option_does() -> None:
    rules = loads('{"name": "Three of us", "base": "italian", "players": 3}')
    assert rules == preset("italian", name="Three of us", players=3) and rules.pot_sizes == (18, 11)
    assert loads('{"base": "cutthroat", "name": "Fast", "target": 500}').partnerships is False
    assert loads('{"name": "fechado"}') == preset("fechado")
    assert loads('  {"name": "  Our   club ", "base": "italian"}  ').name == "Our club"


def test_changes_on_top_of_a_file_keep_the_file_s_own(tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    save(CLUB, path)
    rules = resolve(str(path), {"players": 3})
    assert rules.name == "Our club" and rules.semi_clean_bonus == 150 and rules.pot_sizes == (18, 11)
    assert resolve("italian") == preset("italian") and resolve("italian", {"target": 1005}).target == 1005


def test_file_references_and_preset_names() -> None:
    assert is_file_reference("club.json") and is_file_reference("CLUB.JSON") and is_file_reference("dir/club")
    assert not is_file_reference("italian") and not is_file_reference("brazil-online")


# -- bad files: each names what is wrong -------------------------------------------------------
@pytest.mark.parametrize(("text", "option", "words"), [
    (club_with(players=9), "players", "between 2 and 6"),
    (club_with(players="four"), "players", "must be a whole number"),
    (club_with(players=4.0), "players", "must be a whole number"),
    (club_with(jokers=1), "jokers", "must be true or false"),
    (club_with(target=True), "target", "must be a whole number"),
    (club_with(pile_take="half"), "pile_take", "choose one of"),
    (club_with(semi_clean_bonus=-5), "semi_clean_bonus", "between 0 and 5000"),
    (club_with(wilds_per_meld=2), "wilds_per_meld", "unknown rules option 'wilds_per_meld'"),
    (club_with(pot_sizes="11"), "pot_sizes", "list of card counts"),
    (club_with(pot_sizes=[11, True]), "pot_sizes", "list of card counts"),
    (club_with(pot_sizes=[11] * 40), "pot_sizes", "at most 6 pots"),
    (club_with(pot_sizes=[11, 11, 11]), "pot_sizes", "one pot per side"),
    (club_with(pot_sizes=[], close_needs_pot=True), "close_needs_pot", "no pots"),
    (club_with(hand_size=20, players=6, partnerships=False, pot_sizes=[], close_needs_pot=False), "hand_size", "the deal needs"),
    (club_with(sets=False, runs=False), "runs", "neither sets nor runs"),
    (club_with(players=6), "players", "partnership play"),
    (club_with(base="canasta"), "base", "based on one of the presets"),
    (club_with(base=["italian"]), "base", "based on one of the presets"),
    (club_with(name=""), "name", "must not be empty"),
    (club_with(name="x" * 61), "name", "at most 60 characters"),
    (club_with(name="a\u0000b"), "name", "control character"),
    (club_with(name=7), "name", "must be a string"),
    (club_with(source="009"), "source", "choose one of"),
    (club_with(players=int("9" * 300)), "players", "between 2 and 6"),
    (club_with(players={"deep": [[[1]]]}), "players", "must be a whole number"),
    ('{"name": "Our club", "players": 3}', "base", "'base' is missing"),
    ('{"name": "Our club", "base": "italian", "target": 1, "target": 2}', "target", "given twice"),
])
def test_a_bad_option_is_named(text: str, option: str, words: str) -> None:
    error = refusal(text)
    assert error.option == option, str(error)
    assert words in str(error), str(error)
    if "_" in option and option in OPTION_LABELS:
        assert option not in error.words, error.words  # a page reads words, not the identifier
    assert error.words.strip() and "Traceback" not in error.words


@pytest.mark.parametrize(("text", "words"), [
    ("", "not valid JSON"),
    ("{", "not valid JSON"),
    ("[1, 2]", "must be a JSON object of options, not a list"),
    ("null", "must be a JSON object"),
    ('"italian"', "must be a JSON object"),
    ('{"name": "Our club", "base": "italian", "target": NaN}', "NaN is not a number"),
    ("[" * 50_000 + "]" * 50_000, "too large"),
    ("[" * 30_000 + "]" * 30_000, "nested too deeply"),
    ('{"target": ' + "9" * 5000 + "}", "thousands of digits"),
    (" " * (MAX_BYTES + 1), "too large"),
    (b"\xff\xfe\x00", "not UTF-8"),
    (b"{" + b" " * MAX_BYTES + b"}", "too large"),
])
def test_a_file_that_is_not_a_ruleset_is_refused_in_one_line(text: str | bytes, words: str) -> None:
    error = refusal(text)
    assert words in str(error), str(error)
    assert error.option is None


def test_files_that_cannot_be_read(tmp_path: Path) -> None:
    for path, words in ((tmp_path / "missing.json", "no such file"), (tmp_path, "it is a folder"),
                        (f"{tmp_path}/a\0b.json", "not a file name")):
        with pytest.raises(HouseRulesError, match=words):
            load(path)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (10 * MAX_BYTES))
    with pytest.raises(HouseRulesError, match="too large"):
        load(big)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(HouseRulesError, match="not UTF-8"):
        load(binary)
    with pytest.raises(HouseRulesError, match="cannot write"):
        save(CLUB, tmp_path / "no-such-dir" / "club.json")
    if os.name == "posix" and os.geteuid() != 0:
        locked = tmp_path / "locked.json"
        locked.write_text(dumps(CLUB))
        locked.chmod(0)
        with pytest.raises(HouseRulesError, match="Permission denied"):
            load(locked)


def test_build_checks_each_option_then_the_whole() -> None:
    assert build("italian", {"name": "Short", "target": 1005}).target == 1005
    with pytest.raises(HouseRulesError) as caught:
        build("italian", {"min_meld_cards": 4, "max_wilds": 0, "min_naturals": 3})
    assert caught.value.option == "min_naturals" and "“Fewest natural cards in a meld”" in caught.value.words


# -- the words a page shows -------------------------------------------------------------------------
def test_every_option_has_words_and_a_section() -> None:
    fields = [spec.name for spec in dataclasses.fields(Rules)]
    assert set(OPTION_LABELS) == set(fields)
    in_sections = [option for _title, options in SECTIONS for option in options]
    assert sorted(in_sections) == sorted(set(fields) - {"name", "base", "source"})
    for option in fields:
        assert "_" not in option_sentence(option), option_sentence(option)
        assert option_label(option)[0].isupper()
    assert bounds_text("target") == "from 1 to 100000" and bounds_text("jokers") == ""
    assert "pot" in bounds_text("pot_sizes")


def test_describe_names_the_base_and_the_changes() -> None:
    assert describe(CLUB) == "Our club: italian (002) with Bonus for a semi-clean burraco 150, Points to win the match 1005"
    assert describe(preset("italian", name="Plain")) == "Plain: italian (002), unchanged"


def test_one_table_of_option_words_covers_every_option() -> None:
    """Issue 15: the words for the rules options live in one table (house_rules.OPTION_TEXTS),
    read by the house rules page and by the rules tables (app.pages imports it); every option
    of the Rules declaration has its entry, and every coded value its words."""
    from buraco_learn.app import pages
    from buraco_learn.house_rules import CHOICE_LABELS, OPTION_LABELS, OPTION_TEXTS

    specs = {spec.name: spec for spec in Rules.options()}
    assert set(OPTION_TEXTS) == set(specs)
    for name, spec in specs.items():
        if spec.choices and name != "source":
            assert set(OPTION_TEXTS[name].choices) == set(spec.choices), name
            assert set(OPTION_TEXTS[name].cells) <= set(spec.choices), name
    assert {name: words.label for name, words in OPTION_TEXTS.items()} == OPTION_LABELS
    assert all(CHOICE_LABELS[name] == dict(OPTION_TEXTS[name].choices) for name in CHOICE_LABELS)
    assert pages.OPTION_WORDS["sets"] == ("Sets", OPTION_TEXTS["sets"].sentence)
    # a yes under "No throwing back a one-card pile" must mean the rule holds
    assert "forbidden" in pages.option_words("forbid_rediscard_single")


#: Rulesets whose options are each within bounds but do not go together (Rules' own checks refuse them).
TOGETHER = [("italian", {"players": 5}, "players"), ("italian", {"pot_sizes": [11]}, "pot_sizes"),
            ("cutthroat", {"close_needs_pot": True}, "close_needs_pot"), ("italian", {"hand_size": 20, "pot_sizes": [13, 13]}, "hand_size"),
            ("italian", {"max_wilds": 0, "min_naturals": 2}, "min_naturals"), ("italian", {"sets": False, "runs": False}, "runs"),
            ("cutthroat", {"pile_visible": "top"}, "pile_take")]


@pytest.mark.parametrize("lang", ["en", "it", "pt_BR"])
@pytest.mark.parametrize(("base", "changes", "option"), TOGETHER)
def test_options_that_do_not_go_together_are_refused_in_the_learners_language(lang: str, base: str, changes: dict[str, object],
                                                                               option: str) -> None:
    """The house rules page shows ``words``: the option it is about by its label, never an identifier, in the language."""
    from buraco_learn.i18n import use

    with use(lang):
        with pytest.raises(HouseRulesError) as caught:
            build(base, changes)
        label = option_label(option)
    assert caught.value.option == option
    words = caught.value.words
    assert not re.search(r"\b[a-z]+_[a-z_]+\b|any-depth|'all'", words), words  # no option's identifier, no code
    if lang != "en":
        english = build_words_in_english(base, changes)
        assert words != english and not any(piece in words for piece in re.split(r"“[^”]*”|\d{3} '[^']*'|[:,.()]", english) if len(piece.split()) >= 4)
    if option in ("pot_sizes", "close_needs_pot", "min_naturals", "pile_take") and "pot per side" not in words:
        assert label in words or option == "pot_sizes", words


def build_words_in_english(base: str, changes: dict[str, object]) -> str:
    try:
        build(base, changes)
    except HouseRulesError as error:
        return error.words
    raise AssertionError("not refused")
