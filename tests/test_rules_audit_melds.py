"""Rule audit (issue 15), melds: a 2 reaching its natural place, and the one meld checker.

Each test names the document and section whose rule it checks.
"""

from __future__ import annotations

import pytest

from buraco_learn import IllegalActionError, Meld, check_add, check_meld, check_swap, preset
from buraco_learn.game.position import position
from buraco_learn.melds import burraco_kind
from buraco_learn.scoring import SideInput, score_side

ITALIAN = preset("italian")
BUKHARO = preset("bukharo")


# -- 1. a 2 that reaches its natural place is not wild -------------------------------------

def test_002_melds_swap_puts_the_two_in_its_natural_place_where_it_is_not_wild() -> None:
    """002 'Melds': "A 2 sitting in its natural place in a run of its own suit (e.g. 2♠ 3♠ 4♠)
    is not wild" and the swapped wild "move[s] to the lower end": 2♦=3♦ … 9♦, swap the 3♦."""
    meld = check_meld("2D 4D 5D 6D 7D 8D 9D", ITALIAN).meld
    assert meld is not None and meld.notation() == "2D=3D 4D 5D 6D 7D 8D 9D"
    swapped = check_swap(meld, "3D", ITALIAN)
    assert swapped.legal and swapped.meld is not None
    assert swapped.meld.notation() == "2D 3D 4D 5D 6D 7D 8D 9D"
    assert swapped.clean and swapped.meld.clean
    assert burraco_kind(swapped.meld, ITALIAN) == "clean"
    assert "wild even in its own place" not in swapped.reason
    # the run holds no wild now, so it may take one (002 'Melds': "such a run may also hold a joker")
    joker = check_add(swapped.meld, "JK", ITALIAN)
    assert joker.legal, joker.reason
    # scored as a clean burraco: 200, not 100 (002 'Melds': clean 200, dirty 100)
    score = score_side(SideInput((swapped.meld,), (), "taken"), False, ITALIAN, "NS")
    assert score.burraco_bonus == 200


def test_002_melds_swap_in_play_scores_the_clean_burraco() -> None:
    """002 'Melds': the same in a hand: ``swap m1 3D`` leaves a clean burraco on the table."""
    state = position(ITALIAN, hands={"N": "3D KS KH 5C"}, melds={"NS": ["2D=3D 4D 5D 6D 7D 8D 9D"]}, phase="play")
    state.apply("swap m1 3D")
    assert state.melds[0].meld.notation() == "2D 3D 4D 5D 6D 7D 8D 9D"
    assert state.melds[0].meld.clean
    assert burraco_kind(state.melds[0].meld, ITALIAN) == "clean"


def test_000_melds_adding_the_three_brings_the_free_two_to_its_natural_place() -> None:
    """000 'Melds: sets and sequences': "A two of the correct suit used in its natural place
    (e.g. the 2 in A-2-3) does not count as wild": 4♦ … 9♦ 2♦=10♦, add the 3♦."""
    meld = Meld.parse("4D 5D 6D 7D 8D 9D 2D=10D", BUKHARO)
    added = check_add(meld, "3D", BUKHARO)
    assert added.legal and added.meld is not None
    assert added.meld.notation() == "2D 3D 4D 5D 6D 7D 8D 9D"
    assert added.clean and burraco_kind(added.meld, BUKHARO) == "clean"
    assert check_add(added.meld, "JK", BUKHARO).legal


def test_004_every_two_is_wild_even_in_its_own_place() -> None:
    """004 'The rules in full': "Every 2 is wild": the swapped 2♦ stays wild, and the
    sentence cites 004, the document that states it."""
    rules = preset("cutthroat")
    meld = check_meld("2D 4D 5D 6D 7D 8D 9D", rules).meld
    assert meld is not None
    swapped = check_swap(meld, "3D", rules)
    assert swapped.legal and swapped.meld is not None and not swapped.meld.clean
    assert "wild even in its own place (004 'The rules in full')" in swapped.reason


# -- 7. Meld.parse with '=': one checker, and a repr that parses back -----------------------

def test_002_melds_parse_refuses_a_wild_at_the_upper_end() -> None:
    """002 'Melds': "A wild card at the end of a run is placed at the lower end": the ordered
    notation 5♦ 6♦ 7♦ JK=8♦ is not a meld under 002, so nothing can be added to it."""
    with pytest.raises(IllegalActionError) as info:
        Meld.parse("5D 6D 7D JK=8D", ITALIAN)
    assert "lower end (002 'Melds')" in str(info.value)
    # 000 does not pin the wild (the preset's docstring says so): the same notation is a meld
    meld = Meld.parse("5D 6D 7D JK=8D", BUKHARO)
    assert meld.notation() == "5D 6D 7D JK=8D"
    # where the run starts at the ace there is no lower end (the preset's docstring)
    assert Meld.parse("AD 2D 3D JK=4D", ITALIAN).notation() == "AD 2D 3D JK=4D"


def test_parse_with_equals_uses_the_meld_solver() -> None:
    """002 'Melds' ("at most one wild card") and 002 'The cards': the written order is checked
    by the one meld solver, whose explanations the error carries."""
    with pytest.raises(IllegalActionError) as info:
        Meld.parse("JK=4D 5D 2S=6D 7D", ITALIAN)
    assert "at most one wild" in str(info.value) and "002 'Melds'" in str(info.value)
    with pytest.raises(IllegalActionError):
        Meld.parse("5D 6D JK=8D", ITALIAN)  # the joker stands for a card not in its place
    with pytest.raises(IllegalActionError):
        Meld.parse("9S 9H JK=9D", ITALIAN)  # a wild in a set is written without '='
    # a 2 of the suit written as a wild in its own place is natural (002 'Melds')
    assert Meld.parse("2D=2D 3D 4D 5D", ITALIAN).clean


def test_every_table_meld_notation_parses_back() -> None:
    """Additions and swaps (002 'Melds') give melds whose notation parses back to them."""
    for name in ("italian", "bukharo", "brazil-online", "cutthroat"):
        rules = preset(name)
        for start, extra in (("JK 6D 7D", "8D"), ("2S 6D 7D", "5D"), ("5D 6D 7D", "JK"), ("4D 5D 7D 2H", "8D")):
            verdict = check_meld(start, rules)
            if verdict.meld is None:
                continue
            added = check_add(verdict.meld, extra, rules)
            if added.meld is not None:
                assert Meld.parse(added.meld.notation(), rules) == added.meld, (name, added.meld)


def test_003_ace_to_ace_run_repr_names_its_ruleset() -> None:
    """003 'Players and cards': "It is allowed to form a 14-card sequence with Aces at both
    ends"; the meld's repr names brazil-online, so it evaluates back."""
    rules = preset("brazil-online")
    meld = check_meld("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD", rules).meld
    assert meld is not None and len(meld) == 14
    text = repr(meld)
    assert text == "Meld.parse('AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD', 'brazil-online')"
    assert eval(text, {"Meld": Meld}) == meld
    # an Italian meld keeps its short repr
    assert repr(check_meld("JK 6D 7D").meld) == "Meld.parse('JK=5D 6D 7D')"
    # a ruleset changed by a host is written as its preset call
    house = preset("italian", max_wilds=2)
    two_wilds = check_meld("JK 2S 6D 7D", house).meld
    assert two_wilds is not None
    assert eval(repr(two_wilds), {"Meld": Meld, "preset": preset}) == two_wilds
