"""Rule audit (issue 15), rulesets and scoring: a host's named ruleset, and scoring that
accepts what the game allows. Each test names the document it checks."""

from __future__ import annotations

import json

import pytest

from buraco_learn import InvalidRulesError, Meld, Rules, UnknownPresetError, check_meld, preset
from buraco_learn.game.record import dumps, load, rules_of, selfplay, verify_record

# -- 6. a host's ruleset carries a free name and the preset it is based on ---------------

def test_004_a_host_names_a_ruleset_of_their_own() -> None:
    """004 'The idea': "the host can change any of them": a ruleset made from a preset may be
    given any name; it keeps the preset it is based on, and its repr and JSON round-trip."""
    house = preset("italian").replace(name="house", semi_clean_bonus=150)
    assert (house.name, house.base, house.source) == ("house", "italian", "002")
    assert repr(house) == "preset('italian', name='house', semi_clean_bonus=150)"
    assert eval(repr(house), {"preset": preset}) == house
    assert Rules.from_json(house.to_json()) == house
    assert json.loads(house.to_json())["base"] == "italian"
    assert house.changed_options() == {"name": "house", "semi_clean_bonus": 150}
    # every preset, named by a host, round-trips the same way
    for name in ("bukharo", "aberto", "brazil-online", "fechado-stbl", "cutthroat"):
        rules = preset(name, name="family", target=1005)
        assert rules.base == name and rules.name == "family"
        assert Rules.from_dict(rules.to_dict()) == rules
        assert eval(repr(rules), {"preset": preset}) == rules


def test_a_preset_json_is_unchanged_and_still_reads() -> None:
    """The presets' JSON has no 'base' (records written before keep their bytes), and reads back."""
    for name in ("italian", "cutthroat", "fechado-sujo"):
        rules = preset(name)
        assert "base" not in rules.to_dict() and rules.base == name
        assert Rules.from_json(rules.to_json()) == rules
        assert repr(rules) == f"preset({name!r})"


def test_a_named_ruleset_refuses_what_cannot_be_resolved() -> None:
    """A saved ruleset that names no preset, or an unknown one, gets a clear error."""
    with pytest.raises(UnknownPresetError, match="need a 'base'"):
        Rules.from_dict({"name": "house"})
    with pytest.raises(UnknownPresetError):
        Rules.from_dict({"name": "house", "base": "canasta"})
    with pytest.raises(InvalidRulesError, match="'base' cannot be"):
        preset("italian", base="canasta")
    with pytest.raises(InvalidRulesError, match="must not be empty"):
        preset("italian").replace(name=" ")


def test_a_named_ruleset_plays_and_records() -> None:
    """A host's ruleset is used everywhere a preset is: a self-played hand records it, and
    the record replays under it; a meld made under it parses back from its repr."""
    house = preset("bukharo", name="house", target=1005)
    record = selfplay(house, hands=1, seed=3, levels=("random",))
    again = load(dumps(record))
    assert rules_of(again) == house
    verify_record(again)
    meld = check_meld("JK 2S 6D 7D", preset("italian", name="two-wilds", max_wilds=2)).meld
    assert meld is not None
    assert eval(repr(meld), {"Meld": Meld, "preset": preset}) == meld
