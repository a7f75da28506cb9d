"""Hand scoring, score sheets and the match result, rule by rule, with the documents' examples.

Numbers in these tests are worked out by hand from the documents (shared/seeds/), never
taken from the code under test.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest

from buraco_learn import PRESET_NAMES, InvalidRecordError, Meld, parse_cards, preset
from buraco_learn.rules import Rules
from buraco_learn.scoring import (
    BurracoItem,
    ScoreItem,
    SideInput,
    SideScore,
    burraco_bonus,
    check_hand,
    format_breakdown,
    match_winner,
    parse_score_sheet,
    score_hand,
    score_side,
    source_of,
)

ITALIAN = preset("italian")

# 002 'Scoring', "North closes": the two sides as the example describes them.
NORTH_SOUTH = SideInput.of(["3H 4H 5H 6H 7H 8H 9H", "AS AH AD JK"], hands=["", "7H 3S"], pot="taken")
EAST_WEST = SideInput.of(["QS QS QH QH QD QC 2C", "4C 5C 6C"], hands=["KH", "JK"], pot="taken")

NORTH_CLOSES_SHEET: dict[str, Any] = {
    "closed_by": "North-South",
    "sides": {
        # card order inside a meld does not matter: check_meld arranges it
        "North-South": {"melds": [["9H", "3H", "5H", "4H", "7H", "6H", "8H"], ["JK", "AS", "AD", "AH"]], "hands": [[], ["7H", "3S"]], "pot": "taken"},
        "East-West": {"melds": [["2C", "QS", "QH", "QS", "QD", "QH", "QC"], ["6C", "5C", "4C"]], "hands": [["KH"], ["JK"]], "pot": "taken"},
    },
}

# an 11-card pozzetto worth 10+10+5*5+10*4 = 85 (not 100, so it cannot be mistaken for the penalty)
UNSEEN_POT = "KC KD 3D 4D 5D 6D 7D 8D 9D 10D JD"


def sheet(**sides: Any) -> dict[str, Any]:
    return {"closed_by": None, "sides": sides}


def side(melds: list[str], hands: list[str] | None = None, pot: Any = "taken") -> dict[str, Any]:
    data: dict[str, Any] = {"melds": [m.split() for m in melds], "hands": [h.split() for h in (hands or [])]}
    if pot is not None:
        data["pot"] = pot
    return data


# -- 002's worked example --------------------------------------------------------


def test_002_north_closes_through_the_api_410_and_155() -> None:
    """002 'Scoring': "cards 120 − 10, clean burraco 200, closing 100 – total 410" and "95 − 40 + 100 = 155"."""
    scores = score_hand({"North-South": NORTH_SOUTH, "East-West": EAST_WEST}, "North-South", ITALIAN)
    ns, ew = scores["North-South"], scores["East-West"]
    assert (ns.melded, ns.in_hand, ns.burraco_bonus, ns.closing_bonus, ns.pot, ns.total) == (120, -10, 200, 100, 0, 410)
    assert (ew.melded, ew.in_hand, ew.burraco_bonus, ew.closing_bonus, ew.pot, ew.total) == (95, -40, 100, 0, 0, 155)
    assert [(b.kind, b.bonus, len(b.meld)) for b in ns.burracos] == [("clean", 200, 7)]
    assert [(b.kind, b.bonus, len(b.meld)) for b in ew.burracos] == [("dirty", 100, 7)]
    assert ns.side == "North-South" and list(scores) == ["North-South", "East-West"]


def test_002_north_closes_meld_values_item_by_item() -> None:
    """002 'Scoring': the run is 5 × 5 + 10 + 10 = 45, the Aces with a joker 45 + 30 = 75, the Queens 60 + 20 = 80."""
    ns = score_side(NORTH_SOUTH, True, ITALIAN, "NS")
    ew = score_side(EAST_WEST, False, ITALIAN, "EW")
    assert [item.points for item in ns.items()] == [45, 75, -10, 200, 100]
    assert [item.points for item in ew.items()] == [80, 15, -10, -30, 100]
    assert sum(item.points for item in ns.items()) == ns.total
    assert ns.items()[3].label.startswith("clean burraco") and ns.items()[3].source == "002 'Melds'"
    assert ns.items()[4] == ScoreItem("closing", 100, "002 'Scoring'")
    assert all(item.source.startswith("002 '") for item in ns.items() + ew.items())


def test_002_north_closes_from_a_score_sheet() -> None:
    """002 'Scoring' example written as a JSON sheet (cards in any order) scores the same 410 and 155."""
    sides, closed_by = parse_score_sheet(copy.deepcopy(NORTH_CLOSES_SHEET), ITALIAN)
    assert closed_by == "North-South"
    scores = score_hand(sides, closed_by, ITALIAN)
    assert {name: score.total for name, score in scores.items()} == {"North-South": 410, "East-West": 155}
    assert str(sides["North-South"].melds[1]) == "AS AH AD JK"


def test_to_dict_shape() -> None:
    """The JSON breakdown carries the total, every part and the itemised lines with sources (002 'Scoring')."""
    data = score_side(NORTH_SOUTH, True, ITALIAN, "NS").to_dict()
    assert set(data) == {"total", "melded", "in_hand", "burraco_bonus", "burracos", "closing_bonus", "pot", "items"}
    assert data["total"] == 410
    assert data["burracos"] == [{"meld": "3H 4H 5H 6H 7H 8H 9H", "kind": "clean", "bonus": 200}]
    assert data["items"][0] == {"label": "meld 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥", "points": 45, "source": "002 'Scoring'"}


# -- the pot -----------------------------------------------------------------------


def test_pot_not_taken_costs_100_002() -> None:
    """002 'Tips for beginners' / 'Scoring': not taking the pozzetto costs 100."""
    ew = SideInput.of(["4C 5C 6C"], hands=["KH"], pot="not-taken")
    score = score_side(ew, False, ITALIAN)
    assert (score.melded, score.in_hand, score.pot, score.total) == (15, -10, -100, -95)
    assert score.items()[-1] == ScoreItem("pozzetto not taken", -100, "002 'Scoring'")


def test_morto_not_taken_000_is_called_morto_and_cites_000() -> None:
    """000 'Going out and scoring': "a team that never took its morto loses 100 points"."""
    score = score_side(SideInput.of(["4C 5C 6C"], pot="not-taken"), False, preset("bukharo"))
    assert score.pot == -100
    assert score.items()[-1] == ScoreItem("morto not taken", -100, "000 'Going out and scoring'")


def test_unseen_pot_subtracts_its_cards_instead_of_100_002() -> None:
    """002 'Scoring': "If a pozzetto was taken but not yet looked at when someone closes, its owners
    subtract the value of its cards instead of the 100"."""
    ew = SideInput.of(["4C 5C 6C"], hands=["KH"], pot=UNSEEN_POT)
    score = score_side(ew, False, ITALIAN)
    assert (score.pot, score.total) == (-85, 15 - 10 - 85)
    assert score.items()[-1].points == -85 and score.items()[-1].source == "002 'Scoring'"
    assert "taken but unseen" in score.items()[-1].label


def test_unseen_pot_costs_the_penalty_when_the_option_is_off() -> None:
    """The option's sentence: a pot taken but unseen "costs its owners its cards' value instead of
    the penalty" (002 'Scoring': "its owners subtract the value of its cards instead of the 100").
    Off (a house rule), it costs the penalty instead; before issue 15 it moved the cards' value
    to the hand, so the score did not change at all when the option was flipped."""
    rules = preset("italian", unseen_pot_counts_cards=False)
    score = score_side(SideInput.of(["4C 5C 6C"], hands=["KH"], pot=UNSEEN_POT), False, rules)
    assert (score.pot, score.in_hand, score.total) == (-100, -10, 15 - 10 - 100)
    assert "the penalty" in score.items()[-1].label
    on = score_side(SideInput.of(["4C 5C 6C"], hands=["KH"], pot=UNSEEN_POT), False, preset("italian"))
    assert on.total != score.total


def test_pot_taken_or_none_costs_nothing() -> None:
    assert score_side(SideInput.of(["4C 5C 6C"], pot="taken"), False, ITALIAN).pot == 0
    cutthroat = preset("cutthroat")
    assert score_side(SideInput.of(["4C 5C 6C"], pot="none"), False, cutthroat).pot == 0


def test_unseen_pot_from_a_sheet() -> None:
    """002 'Scoring': a sheet's {"unseen": [...]} is the pozzetto taken but unseen."""
    data = sheet(EW=side(["4C 5C 6C"], ["KH"], pot={"unseen": UNSEEN_POT.split()}))
    sides, _ = parse_score_sheet(data, ITALIAN)
    assert score_hand(sides, None, ITALIAN)["EW"].pot == -85


# -- burraco bonuses -------------------------------------------------------------------


def test_semi_clean_150_with_the_002_variant() -> None:
    """002 'Variants': seven natural cards in a row plus a wild, 8+ cards, is semipulito and scores 150."""
    meld = "3H 4H 5H 6H 7H 8H 9H JK"
    semi = preset("italian", semi_clean_bonus=150)
    score = score_side(SideInput.of([meld], rules=semi), False, semi)
    assert [(b.kind, b.bonus) for b in score.burracos] == [("semi-clean", 150)]
    assert score.items()[-1].source == "002 'Variants'"
    assert score.total == 45 + 30 + 150
    plain = score_side(SideInput.of([meld]), False, ITALIAN)  # without the variant it is dirty: 100
    assert [(b.kind, b.bonus) for b in plain.burracos] == [("dirty", 100)]


def test_royal_500_and_ace_to_ace_1000_under_003() -> None:
    """003 'Scoring': "Royal canastra (natural 13-card sequence): 500 points; Ace-to-Ace canastra (natural 14-card
    sequence): 1000 points"; 2s count 10 (003 'Players and cards')."""
    rules = preset("brazil-online")
    royal = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"  # 15 + 10 + 5 * 5 + 6 * 10 = 110
    ace_to_ace = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"  # 110 + 15 = 125
    score = score_side(SideInput.of([royal, ace_to_ace], rules=rules), True, rules)
    assert [(b.kind, b.bonus) for b in score.burracos] == [("royal", 500), ("ace-to-ace", 1000)]
    assert score.melded == 110 + 125
    assert score.total == 235 + 1500 + 100
    assert {item.source for item in score.items() if "canastra" in item.label} == {"003 'Scoring'"}
    assert burraco_bonus("royal", preset("italian")) == 0  # no royal bonus in 002


def test_a_clean_13_card_run_is_only_clean_under_002() -> None:
    """002 scores any clean burraco 200, however long (002 'Melds')."""
    score = score_side(SideInput.of(["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"]), False, ITALIAN)
    assert [(b.kind, b.bonus) for b in score.burracos] == [("clean", 200)]
    assert score.melded == 15 + 20 + 25 + 60  # a natural 2 counts its own 20 (002)


def test_dirty_13_card_run_is_not_royal_003() -> None:
    """003: a royal canastra is a *natural* 13-card sequence; with a wild 2 it is a dirty canastra (100)."""
    rules = preset("brazil-online")
    score = score_side(SideInput.of(["2C 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"], rules=rules), False, rules)
    assert [(b.kind, b.bonus) for b in score.burracos] == [("dirty", 100)]


# -- card values per document ------------------------------------------------------------


def test_aberto_card_values_jokers_20_twos_10_001() -> None:
    """001 'What you need': jokers 20, twos and 8 to King 10, aces 15, 3 to 7 five."""
    rules = preset("aberto")
    ns = SideInput.of(["JK 6H 7H", "2S 5S 6S", "AD KD QD"], hands=["JK 2C 8C 3C"], pot="taken", rules=rules)
    score = score_side(ns, False, rules)
    assert score.melded == (20 + 5 + 5) + (10 + 5 + 5) + (15 + 10 + 10)
    assert score.in_hand == -(20 + 10 + 10 + 5)
    assert score.items()[0].source == "001 'How you win'"


def test_cutthroat_pip_values_no_pot_004() -> None:
    """004 'Going out and scoring': "pip value for the numbers, 10 for a picture card, 15 for an ace, 20 for a joker";
    going out earns 100; a canasta of 7 is 200 clean; no pots."""
    rules = preset("cutthroat")
    me = SideInput.of(["3H 4H 5H 6H 7H 8H 9H", "AS 2S 3S"], hands=[], pot="none", rules=rules)
    score = score_side(me, True, rules, "Ann")
    assert score.melded == (3 + 4 + 5 + 6 + 7 + 8 + 9) + (15 + 2 + 3)
    assert (score.burraco_bonus, score.closing_bonus, score.pot) == (200, 100, 0)
    assert score.total == 42 + 20 + 300
    other = score_side(SideInput.of([], hands=["JK 7C KD"], pot="none"), False, rules, "Bob")
    assert other.total == -(20 + 7 + 10)
    assert other.items()[0].source == "004 'Going out and scoring'"
    assert score.items()[2].label.startswith("clean canasta")


def test_cutthroat_sheet_without_pot() -> None:
    """004 has no pots: a side is one player and 'pot' is left out of the sheet."""
    rules = preset("cutthroat")
    data = {
        "closed_by": "Ann",
        "sides": {
            "Ann": side(["3H 4H 5H 6H 7H 8H 9H"], [""], pot=None),
            "Bob": side(["9S 9H 9D"], ["JK 7C"], pot=None),
            "Cid": side([], ["KD QD"], pot=None),
        },
    }
    sides, closed_by = parse_score_sheet(data, rules)
    totals = {name: score.total for name, score in score_hand(sides, closed_by, rules).items()}
    assert totals == {"Ann": 42 + 200 + 100, "Bob": 27 - 27, "Cid": -20}


def test_negative_totals_are_allowed_002() -> None:
    """002 'Scoring': "A side's score can be negative"."""
    score = score_side(SideInput.of([], hands=["JK JK AS", "KH"], pot="not-taken"), False, ITALIAN)
    assert score.total == -(30 + 30 + 15 + 10) - 100
    assert score.melded == 0 and score.burracos == ()


def test_score_hand_rejects_an_unknown_closing_side() -> None:
    with pytest.raises(InvalidRecordError, match="closed_by 'Nobody'"):
        score_hand({"NS": NORTH_SOUTH}, "Nobody", ITALIAN)


def test_side_input_rejects_a_bad_pot_word() -> None:
    with pytest.raises(InvalidRecordError, match="invalid pot 'maybe'"):
        SideInput((), (), "maybe")


def test_side_score_parts_must_add_up() -> None:
    with pytest.raises(ValueError, match="do not add up"):
        SideScore("NS", 10, 0, (), 0, 0, 0, 11)
    with pytest.raises(ValueError, match="only cost points"):
        SideScore("NS", 10, 5, (), 0, 0, 0, 15)
    meld = Meld.parse("3H 4H 5H 6H 7H 8H 9H")
    plain = SideScore("NS", 45, 0, (BurracoItem(meld, "clean", 200),), 200, 0, 0, 245)
    assert [item.points for item in plain.items()] == [45, 200]  # made without score_side: the parts


def test_format_breakdown_lists_every_line_with_its_source() -> None:
    text = format_breakdown(score_hand({"North-South": NORTH_SOUTH, "East-West": EAST_WEST}, "North-South", ITALIAN))
    assert "North-South (closed the hand)" in text
    assert "+200  clean burraco 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥  (002 'Melds')" in text
    assert text.endswith("Totals: North-South 410, East-West 155")


def test_source_of_falls_back_to_002_where_the_document_is_silent() -> None:
    assert source_of("burraco", "000") == "000 'The burraco and the morto (pot)'"
    assert source_of("pot_penalty", "004") == "004 is silent; buraco-learn follows 002 'Scoring'"


# -- score sheet validation -------------------------------------------------------------------


def _rejects(data: object, rules: Rules, *fragments: str) -> str:
    with pytest.raises(InvalidRecordError) as caught:
        parse_score_sheet(data, rules)
    message = str(caught.value)
    assert "\n" not in message
    for fragment in fragments:
        assert fragment in message, message
    return message


@pytest.mark.parametrize(
    ("data", "fragments"),
    [
        ([1, 2], ("expected a JSON object, not list", '"closed_by"')),
        ({"sides": {}}, ("no 'closed_by'",)),
        ({"closed_by": None}, ("no 'sides'",)),
        ({"closed_by": None, "sides": {}, "rules": "italian"}, ("unknown key 'rules'",)),
        ({"closed_by": None, "sides": []}, ("'sides' must be an object",)),
        ({"closed_by": 3, "sides": {"A": side([])}}, ("'closed_by' must be a side's name or null",)),
        (sheet(A=["melds"]), ("side 'A' must be an object",)),
        (sheet(A={"melds": [], "pot": "taken"}), ("side 'A' has no 'hands'",)),
        (sheet(A={"meld": [], "hands": [], "pot": "taken"}), ("side 'A' has no 'melds'",)),
        (sheet(A={"melds": [], "hands": [], "pot": "taken", "hand": []}), ("unknown key 'hand'", "did you mean 'hands'")),
        (sheet(A={"melds": "5H 6H 7H", "hands": [], "pot": "taken"}), ("side 'A' 'melds' must be a list of card lists",)),
        (sheet(A={"melds": ["5H 6H 7H"], "hands": [], "pot": "taken"}), ("side 'A' meld 1 must be a list of cards",)),
        (sheet(A={"melds": [["5H", 6, "7H"]], "hands": [], "pot": "taken"}), ("side 'A' meld 1", "invalid card notation 6")),
        (sheet(A=side(["5H 6H 7X"])), ("side 'A' meld 1", "'7X'")),
        (sheet(A=side([], ["KH 11H"])), ("side 'A' hand 1", "'11H'")),
        (sheet(A=side(["4C 5C 6C"], pot={"unseen": ["XX"]})), ("side 'A' unseen pot", "'XX'")),
        (sheet(A=side(["KH AH 2H 3H"])), ("side 'A' meld 1 (KH AH 2H 3H) is illegal", "K-A-2", "(002 'Melds')")),
        (sheet(A=side(["2S 2H 2D"])), ("three 2s are not a set", "002 'Melds'")),
        (sheet(A=side(["4C 5C 6C"], pot="maybe")), ("'pot' must be \"taken\", \"not-taken\"",)),
        (sheet(A=side(["4C 5C 6C"], pot={"seen": []})), ("'pot' must be",)),
    ],
)
def test_malformed_sheets_are_rejected_with_what_and_why(data: object, fragments: tuple[str, ...]) -> None:
    """Every malformed sheet raises InvalidRecordError naming the place and the reason."""
    _rejects(data, ITALIAN, "invalid score sheet", *fragments)


def test_more_copies_than_the_deck_holds_002() -> None:
    """002 'Overview': two 52-card decks and 4 jokers, so three 7♥ on one sheet cannot be."""
    data = sheet(NS=side(["5H 6H 7H"], ["7H"]), EW=side(["7H 8H 9H"]))
    _rejects(data, ITALIAN, "3 copies of 7♥", "side 'NS' meld 1", "side 'EW' meld 1", "2 of each card", "002 'Overview'")
    jokers = sheet(NS=side(["JK 6H 7H", "JK 9S 10S"], ["JK"]), EW=side(["JK 4C 5C"], ["JK"]))
    _rejects(jokers, ITALIAN, "5 jokers (", "only 4 jokers")


def test_a_joker_under_brazil_online_003() -> None:
    """003 'Players and cards': "There are no Jokers"."""
    rules = preset("brazil-online")
    _rejects(sheet(NS=side(["5H 6H 7H"], ["JK"])), rules, "a joker (side 'NS' hand 1)", "no jokers", "003 'Players and cards'")
    _rejects(sheet(NS=side(["JK 6H 7H"])), rules, "side 'NS' meld 1", "illegal")


def test_closed_by_must_be_a_side() -> None:
    data = copy.deepcopy(NORTH_CLOSES_SHEET)
    data["closed_by"] = "North"
    _rejects(data, ITALIAN, "closed_by 'North' is not a side", "'North-South', 'East-West'")


def test_two_sets_of_one_rank_for_one_side_002() -> None:
    """002 'Melds': "Your side may have only one set of each rank"; 000 does not say so (bukharo allows it)."""
    data = sheet(NS=side(["KS KH KD", "KS KC JK"]))
    _rejects(data, ITALIAN, "side 'NS' has two sets of Kings", "002 'Melds'", "only one set of each rank")
    sides, _ = parse_score_sheet(data, preset("bukharo"))
    assert len(sides["NS"].melds) == 2
    other_sides = sheet(NS=side(["KS KH KD"]), EW=side(["KS KC JK"]))
    assert set(parse_score_sheet(other_sides, ITALIAN)[0]) == {"NS", "EW"}  # one set each is fine


def test_closing_without_the_pot_002() -> None:
    """002 'Closing': a side closes only when it "has taken its pozzetto"."""
    data = copy.deepcopy(NORTH_CLOSES_SHEET)
    data["sides"]["North-South"]["pot"] = "not-taken"
    _rejects(data, ITALIAN, "side 'North-South' closed but never took its pozzetto", "002 'Closing'")
    data["sides"]["North-South"]["pot"] = {"unseen": UNSEEN_POT.split()}  # taken, unseen: it may close
    sides, closed_by = parse_score_sheet(data, ITALIAN)
    assert score_hand(sides, closed_by, ITALIAN)["North-South"].total == 410 - 85


def test_closing_without_a_burraco_002() -> None:
    """002 'Closing': "your side has at least one burraco on the table"."""
    data = sheet(NS=side(["3H 4H 5H 6H 7H 8H"], ["", "7C"]))
    data["closed_by"] = "NS"
    _rejects(data, ITALIAN, "closed without a burraco", "002 'Closing'")


def test_closing_needs_a_clean_canasta_001() -> None:
    """001 'How to play': closing needs "at least one clean canasta"; a dirty one is enough under 002."""
    data = sheet(NS=side(["JK 4H 5H 6H 7H 8H 9H"], [""]))
    data["closed_by"] = "NS"
    _rejects(data, preset("aberto"), "closed without a clean canasta", "001 'How to play'")
    assert parse_score_sheet(data, ITALIAN)[1] == "NS"


def test_the_closer_has_no_cards_left_002() -> None:
    """002 'Closing': who closes melds and discards every card, so one hand of the closing side is empty."""
    data = copy.deepcopy(NORTH_CLOSES_SHEET)
    data["sides"]["North-South"]["hands"] = [["2D"], ["7H", "3S"]]
    _rejects(data, ITALIAN, "every one of its players still holds cards")
    data["sides"]["North-South"]["hands"] = [["7H", "3S"]]  # only South's hand written down: fine
    assert parse_score_sheet(data, ITALIAN)[1] == "North-South"


def test_pot_missing_when_the_rules_have_pots_002() -> None:
    """002 'Setup': each side has a pozzetto, so the sheet must say what became of it."""
    _rejects(sheet(NS=side(["4C 5C 6C"], pot=None)), ITALIAN, "side 'NS' has no 'pot'", "pozzetto", "002 'Setup'")
    _rejects(sheet(NS=side(["4C 5C 6C"], pot="none")), ITALIAN, "has no 'pot'")
    _rejects(sheet(NS=side(["4C 5C 6C"], pot=None)), preset("aberto"), "morto", "001 'Set it up'")


def test_pot_given_when_the_rules_have_none_004() -> None:
    """004 has no pots: a pot on a cut-throat sheet is an error (probably the wrong --rules)."""
    rules = preset("cutthroat")
    for pot in ("taken", "not-taken", {"unseen": ["4D"]}):
        _rejects(sheet(Ann=side(["4C 5C 6C"], pot=pot)), rules, "side 'Ann' has pot", "no pots", "004 has none")
    assert parse_score_sheet(sheet(Ann=side(["4C 5C 6C"], pot="none")), rules)[0]["Ann"].pot == "none"


def test_an_unseen_pot_holds_all_its_cards_002() -> None:
    """002 'Setup': a pozzetto is 11 cards; one taken but unseen still holds all 11 (18 or 11 with three players)."""
    _rejects(sheet(NS=side(["4C 5C 6C"], pot={"unseen": ["4D", "5D"]})), ITALIAN, "unseen pozzetto of 2 cards", "11")
    three = preset("italian", players=3)
    pot18 = ["AC", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "AS", "3S", "4S", "5S", "6S"]
    sides, _ = parse_score_sheet(sheet(Solo=side(["4C 5C 6C"], pot={"unseen": pot18})), three)
    assert len(sides["Solo"].unseen_pot) == 18
    _rejects(sheet(NS=side(["4C 5C 6C"], pot={"unseen": []})), ITALIAN, "unseen pozzetto of 0 cards", "11")


def test_too_many_sides_for_the_table() -> None:
    data = sheet(A=side(["4C 5C 6C"]), B=side(["4D 5D 6D"]), C=side(["4S 5S 6S"]))
    _rejects(data, ITALIAN, "3 sides", "has 2")


def test_check_hand_accepts_the_engine_s_own_sides() -> None:
    check_hand({"North-South": NORTH_SOUTH, "East-West": EAST_WEST}, "North-South", ITALIAN)
    with pytest.raises(InvalidRecordError, match="no sides"):
        check_hand({}, None, ITALIAN)


def test_invalid_sheets_never_change_the_input() -> None:
    data = copy.deepcopy(NORTH_CLOSES_SHEET)
    data["sides"]["East-West"]["hands"] = [["KH"], ["JK"], ["7H", "7H"]]
    before = copy.deepcopy(data)
    _rejects(data, ITALIAN, "copies of 7♥")
    assert data == before


# -- the match ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "totals", "winner"),
    [
        ("italian", {"NS": 2005, "EW": 1990}, "NS"),  # 002: "reaches 2005 or more"
        ("italian", {"NS": 2004, "EW": 1990}, None),
        ("italian", {"NS": 2010, "EW": 2300}, "EW"),  # both past: the side with more points
        ("italian", {"NS": 2100, "EW": 2100}, None),  # level: play another hand
        ("italian", {"NS": 2005, "EW": 2005}, None),
        ("italian", {"NS": 1500, "EW": 1500}, None),
        ("bukharo", {"NS": 2000, "EW": 1990}, None),  # 000: "pass 2000", exactly 2000 is not enough
        ("bukharo", {"NS": 2001, "EW": 1990}, "NS"),
        ("aberto", {"NS": 3000, "EW": 2990}, "NS"),  # 001: "reaches or passes 3,000"
        ("cutthroat", {"Ann": 3050, "Bob": 3050, "Cid": 3100, "Dee": 0}, "Cid"),
        ("cutthroat", {"Ann": 3100, "Bob": 3100, "Cid": 2900}, None),
        ("italian", {}, None),
    ],
)
def test_match_winner(name: str, totals: dict[str, int], winner: str | None) -> None:
    """002 'Winning the game': "When a side reaches 2005 or more, the side with more points wins (if they are level,
    play another hand)"; 000 'Objective': "pass 2000"."""
    assert match_winner(totals, preset(name)) == winner


def test_match_winner_follows_a_custom_target() -> None:
    """002 'Winning the game': "Shorter games are played to 1005 or 505"."""
    rules = preset("italian", target=505)
    assert match_winner({"NS": 505, "EW": 410}, rules) == "NS"
    assert match_winner({"NS": 504, "EW": 410}, rules) is None
    assert match_winner({"NS": -50, "EW": 410}, dataclasses.replace(rules, target=400)) == "EW"


def test_card_list_helper_parses_cards() -> None:
    assert SideInput.of([], hands=["7H 3S"]).hands == (parse_cards("7H 3S"),)


def test_side_input_rejects_values_that_are_not_melds_or_cards() -> None:
    """The engine passes Meld and Card values; text must go through SideInput.of or the sheet."""
    with pytest.raises(InvalidRecordError, match="expected Meld values"):
        SideInput(("5H 6H 7H",), (), "taken")  # type: ignore[arg-type]
    with pytest.raises(InvalidRecordError, match="hold Card values"):
        SideInput((), (("7H",),), "taken")  # type: ignore[arg-type]
    side = SideInput([Meld.parse("5H 6H 7H")], [list(parse_cards("KH"))], list(parse_cards(UNSEEN_POT)))  # type: ignore[arg-type]
    assert isinstance(side.melds, tuple) and side.hands == (parse_cards("KH"),) and len(side.unseen_pot) == 11


def test_score_reads_the_state_through_score_inputs() -> None:
    """HandState.score scores exactly what HandState.score_inputs hands the scoring (issue 15:
    the option flips' sheet check reads the same inputs), and the closer's hand counts as empty."""
    import random

    from buraco_learn.game import HandState
    from buraco_learn.game.playout import random_playout

    for name in PRESET_NAMES:
        state = HandState.new(preset(name), random.Random(7))
        random_playout(state, random.Random(8))
        sides, closed = state.score_inputs(state.closed_by)
        assert closed == (None if state.closed_by is None else state.side_names[state.side_of[state.closed_by]])
        assert {key: value.to_dict() for key, value in score_hand(sides, closed, state.rules).items()} == {
            key: value.to_dict() for key, value in state.score().items()}
        seat = state.current
        hands = state.score_inputs(seat)[0][state.side_names[state.side_of[seat]]].hands
        assert () in hands


def test_target_rule_in_one_place() -> None:
    from buraco_learn.scoring import points_to_target, target_reached

    for name in PRESET_NAMES:
        rules = preset(name)
        for total in (rules.target - 1, rules.target, rules.target + 1):
            assert (match_winner({"a": total, "b": 0}, rules) == "a") is target_reached(total, rules.target, rules.target_inclusive)
            need = points_to_target(total, rules.target, rules.target_inclusive)
            assert target_reached(total + need, rules.target, rules.target_inclusive)
            assert not target_reached(total + need - 1, rules.target, rules.target_inclusive)
