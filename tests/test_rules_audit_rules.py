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


# -- 8. scoring accepts what the game allows: the three-player split -----------------------

def _three_player_split() -> object:
    """002 'Variants' (three players): P2 and P3 each meld a set of Kings while everyone plays
    alone; P1 empties their hand first and takes the 18, so P2 and P3 become partners."""
    from buraco_learn.game.position import position

    rules = preset("italian", players=3)
    state = position(rules, hands={"P1": "5H 6H 7H 9C"}, melds={"P2": ["KS KH KD"], "P3": ["KC KH KD"]},
                     current="P1", phase="play")
    state.apply("meld 5H 6H 7H")
    state.apply("discard 9C")
    state.apply("pot")
    return state


def _sheet(state: object) -> dict[str, object]:
    from buraco_learn.cards import card_of_id
    from buraco_learn.game import HandState

    assert isinstance(state, HandState)
    sides: dict[str, dict[str, object]] = {}
    for side, name in enumerate(state.side_names):
        sides[name] = {
            "melds": [[card.notation() for card in meld.meld.cards] for meld in state.side_melds(side)],
            "hands": [[card.notation() for card in state.hand_cards(seat)] for seat in state.side_seats(side)],
            "pot": "taken" if side in state.side_pot else "not-taken",
        }
        pending = [state.pending_pot[seat] for seat in state.side_seats(side) if seat in state.pending_pot]
        if pending:  # taken after discarding, not yet seen (002 'The pozzetti')
            sides[name]["pot"] = {"unseen": [card_of_id(card_id).notation() for card_id in pending[0]]}
    return {"closed_by": None, "sides": sides}


def test_002_variants_three_players_the_pair_keeps_two_sets_of_kings(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """002 'Variants': "the other two become partners": the pair may hold the two sets of Kings
    its players made alone, and `buraco-learn score` accepts the sheet the game writes."""
    from buraco_learn.cli import main
    from buraco_learn.game import HandState
    from buraco_learn.scoring import parse_score_sheet, score_hand

    state = _three_player_split()
    assert isinstance(state, HandState)
    assert state.side_names == ["P1", "P2P3"]
    kings = [meld for meld in state.side_melds(1) if meld.meld.kind == "set"]
    assert len(kings) == 2
    rules = state.rules
    sides, closed = parse_score_sheet(_sheet(state), rules)
    assert {name: score.total for name, score in score_hand(sides, closed, rules).items()} == {
        name: score.total for name, score in state.score().items()
    }
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(_sheet(state)))
    assert main(["score", "--rules", "italian", "--option", "players=3", "--json", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["P2P3"]["total"] == state.score()["P2P3"].total


def test_002_melds_one_set_per_rank_still_holds_elsewhere() -> None:
    """002 'Melds': "Your side may have only one set of each rank": a four-player side, the solo
    player of the three-player game, and a pair with a third set are still refused."""
    from buraco_learn.errors import InvalidRecordError
    from buraco_learn.scoring import parse_score_sheet

    two_sets = {"melds": [["KS", "KH", "KD"], ["KC", "KH", "KD"]], "hands": [[], ["5C"]], "pot": "taken"}
    with pytest.raises(InvalidRecordError, match="only one set of each rank"):
        parse_score_sheet({"closed_by": None, "sides": {"NS": two_sets}}, preset("italian"))
    solo = dict(two_sets, hands=[["5C"]])
    with pytest.raises(InvalidRecordError, match="only one set of each rank"):
        parse_score_sheet({"closed_by": None, "sides": {"P1": solo}}, preset("italian", players=3))
    three = dict(two_sets, melds=[["KS", "KH", "KD"], ["KC", "KH", "KD"], ["KS", "KC", "JK"]])
    with pytest.raises(InvalidRecordError, match="3 sets of Kings"):
        parse_score_sheet({"closed_by": None, "sides": {"P2P3": three}}, preset("italian", players=3))
