"""Rule audit (issue 15): the undocumented choices the audit met, each checked in play and
written in its preset's docstring, with the document it reads."""

from __future__ import annotations

import pytest

from buraco_learn import IllegalActionError, preset, preset_doc
from buraco_learn.game.position import position

CUTTHROAT = preset("cutthroat")


def test_004_cards_added_to_another_players_meld_score_for_its_owner() -> None:
    """004 'The rules in full': "You may add to anybody's melds" and "Your melds count for
    you": E adds 8♥ 9♥ to N's run; the run, and its new cards, score for N."""
    state = position(CUTTHROAT, hands={"E": "8H 9H KD 4C QS"}, melds={"N": ["5H 6H 7H"]}, current="E", phase="play")
    before = state.score()
    state.apply("add m1 8H 9H")
    assert state.melds[0].side == 0 and state.melds[0].meld.notation() == "5H 6H 7H 8H 9H"
    after = state.score()
    assert after["N"].melded == before["N"].melded + 8 + 9  # pip values (004)
    assert after["E"].melded == before["E"].melded == 0
    assert "score for its owner" in preset_doc("cutthroat")


def test_004_the_clean_seven_to_go_out_must_be_the_players_own() -> None:
    """004 'The rules in full': "You need a clean meld of 7 — no wild card — before you can go
    out": E's clean seven does not let N go out, even after N adds to it."""
    state = position(CUTTHROAT, hands={"N": "10S KD"}, melds={"E": ["3S 4S 5S 6S 7S 8S 9S"]}, current="N", phase="play")
    assert state.may_close(0) is not None and "004 'The rules in full'" in (state.may_close(0) or "")
    assert state.may_close(1) is None
    before = state.omniscient_view()
    with pytest.raises(IllegalActionError, match="cannot close yet"):
        state.apply("add m1 10S")  # adding to E's seven would leave N one card to go out with
    assert state.omniscient_view() == before
    state = position(CUTTHROAT, hands={"N": "10S KD 4C"}, melds={"E": ["3S 4S 5S 6S 7S 8S 9S"]}, current="N", phase="play")
    state.apply("add m1 10S")
    assert state.may_close(0) is not None  # E's meld, now holding N's 10♠, is still E's
    own = position(CUTTHROAT, hands={"N": "10S KD"}, melds={"N": ["3S 4S 5S 6S 7S 8S 9S"]}, current="N", phase="play")
    own.apply("add m1 10S")
    own.apply("close KD")
    assert own.over and own.closed_by == 0
    assert "player's own meld" in preset_doc("cutthroat")


def test_002_variants_three_players_no_pozzetto_taken_charges_each_player() -> None:
    """002 'Variants' (three players) and 002 'Scoring': a hand that ends with no pozzetto
    taken charges the penalty, -100, to each of the three players."""
    rules = preset("italian", players=3)
    state = position(rules, hands={"P1": "5C 9D"}, current="P1")
    state.stock = state.stock[-3:]  # the third-last card is the next draw (002 'Closing')
    state.apply("draw")
    state.apply("discard 9D")
    assert state.over and state.end_reason == "stock"
    score = state.score()
    assert sorted(score) == ["P1", "P2", "P3"]
    assert all(side.pot == -rules.pot_penalty == -100 for side in score.values())
    assert "each of the three players" in preset_doc("italian")
