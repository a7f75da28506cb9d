"""The meld solver's results have the shapes its types declare (:data:`buraco_learn.meldcore.Solution`).

mypy checks the callers against :data:`~buraco_learn.meldcore.Illegal`,
:data:`~buraco_learn.meldcore.SetSolution` and :data:`~buraco_learn.meldcore.RunSolution`;
these tests check that what :func:`~buraco_learn.meldcore.solve` returns at run time is one
of them, item by item, and that the items mean what their comments say.
"""

from __future__ import annotations

from typing import Literal, get_args, get_origin

from hypothesis import given
from hypothesis import strategies as st

from buraco_learn import PRESET_NAMES, preset
from buraco_learn import meldcore as core

RULES = {name: preset(name).meld_rules for name in PRESET_NAMES}
KINDS = {core.ILLEGAL: core.Illegal, core.SET: core.SetSolution, core.RUN: core.RunSolution}
groups = st.lists(st.integers(0, 52), min_size=0, max_size=9)
# mostly one suit or one rank, so that many groups are legal sets and runs
near_melds = st.one_of(
    st.tuples(st.integers(0, 3), st.lists(st.integers(0, 12), min_size=3, max_size=8), st.lists(st.sampled_from([1, 14, 27, 40, 52]), max_size=2))
    .map(lambda drawn: [drawn[0] * 13 + rank for rank in drawn[1]] + drawn[2]),
    st.tuples(st.integers(0, 12), st.lists(st.integers(0, 3), min_size=3, max_size=6), st.lists(st.sampled_from([1, 14, 27, 40, 52]), max_size=2))
    .map(lambda drawn: [suit * 13 + drawn[0] for suit in drawn[1]] + drawn[2]),
)


def assert_conforms(value: object, alias: object) -> None:
    """``value`` is a tuple of exactly the alias's items: each literal equal, each ``bool`` a bool, each ``int`` an int."""
    items = get_args(alias)
    assert type(value) is tuple and len(value) == len(items), (value, alias)
    for item, declared in zip(value, items, strict=True):
        if get_origin(declared) is Literal:
            assert type(item) is int and item == get_args(declared)[0], (value, alias)
        else:
            assert type(item) is declared, (item, declared, value)


def check_shape(codes: list[int], name: str) -> core.Solution:
    mr = RULES[name]
    solution = core.solve(codes, mr)
    once, twice, over, jokers = core.to_vector(codes)
    if not over:  # without a third copy, the vector alone gives the count of cards
        assert core.solve_vector(once, twice, jokers, mr) == solution
    assert solution[0] in KINDS
    assert_conforms(solution, KINDS[solution[0]])
    if solution[0] == core.ILLEGAL:
        assert solution[1] != 0  # a failure always names at least one problem
    elif solution[0] == core.SET:
        _, clean, rank, naturals, wilds = solution
        assert 1 <= rank <= 13 and naturals + wilds == len(codes) and clean == (wilds == 0)
        assert core.ordered_codes(solution, codes, mr.twos_wild) == sorted(codes, key=lambda code: (core.is_wild_code(code, mr.twos_wild), code))
    else:
        _, clean, suit, low, high, natural_mask, natural_two = solution
        assert 0 <= suit <= 3 and 1 <= low <= high <= 14 and high - low + 1 == len(codes)
        assert natural_mask and not natural_mask & ~(((1 << (high + 1)) - 1) ^ ((1 << low) - 1))
        assert natural_two in (0, 1) and clean == (natural_mask.bit_count() == len(codes))
        assert sorted(core.ordered_codes(solution, codes, mr.twos_wild)) == sorted(codes)
    return solution


@given(groups, st.sampled_from(PRESET_NAMES))
def test_any_group_gives_a_result_of_its_declared_shape(codes: list[int], name: str) -> None:
    check_shape(codes, name)


@given(near_melds, st.sampled_from(PRESET_NAMES))
def test_near_melds_give_results_of_their_declared_shape(codes: list[int], name: str) -> None:
    check_shape(codes, name)


def test_each_kind_is_met() -> None:
    """The three kinds, on groups whose answer is known (002 'Melds' under italian)."""
    spade = 0  # 5♠ 6♠ 7♠ are codes 4, 5, 6
    assert check_shape([spade + 4, spade + 5, spade + 6], "italian") == (core.RUN, True, 0, 5, 7, 0b11100000, 0)
    assert check_shape([52, 18, 19], "italian") == (core.RUN, False, 1, 5, 7, 0b11000000, 0)  # JK 6♥ 7♥
    assert check_shape([6, 19, 32, 52], "italian") == (core.SET, False, 7, 3, 1)  # 7♠ 7♥ 7♦ JK
    assert check_shape([4, 5], "italian") == (core.ILLEGAL, core.P_TOO_FEW_CARDS)
    assert check_shape([], "italian") == (core.ILLEGAL, core.P_EMPTY)
