"""One notion of "this action": the same cards in any order are the same action, everywhere.

Property tests over random positions of every preset, from the state and from every
seat's view: every listed legal action, with its cards (and its groups) in every order,
is ``in`` the state's and the view's legal actions, is legal to both, compares and
hashes equal, and applies to exactly the same result. Issue 13 found the post-hand
review failing because ``a in view.legal`` depended on the order of a meld's cards.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from buraco_learn import preset
from buraco_learn.game.actions import Action
from buraco_learn.game.state import HandState
from buraco_learn.presets import PRESET_NAMES


def _orders(action: Action, rng: random.Random, limit: int = 24) -> list[Action]:
    """``action`` written in other orders: every order of a short meld, a sample of a long one."""

    def shuffles(cards: tuple[object, ...]) -> list[tuple[object, ...]]:
        if len(cards) <= 4:
            return list(itertools.permutations(cards))
        out = []
        for _ in range(limit):
            copy = list(cards)
            rng.shuffle(copy)
            out.append(tuple(copy))
        return out

    if action.kind == "meld":
        variants = []
        for groups in itertools.permutations(action.groups):
            for _ in range(3):
                variants.append(Action("meld", groups=tuple(tuple(rng.sample(group, len(group))) for group in groups)))
        for order in shuffles(action.groups[0]):
            variants.append(Action("meld", groups=(tuple(order), *action.groups[1:])))  # type: ignore[arg-type]
        return variants[:limit * 2]
    if action.kind == "add":
        return [Action("add", cards=tuple(order), target=action.target) for order in shuffles(action.cards)][:limit]  # type: ignore[arg-type]
    return [Action(action.kind, cards=action.cards, groups=action.groups, target=action.target)]


def _result(state: HandState) -> dict[str, object]:
    """Everything about ``state``, its history as actions (kept as written, compared as actions)."""
    facts = state.omniscient_view()
    facts["history"] = [Action.parse(text) for text in facts["history"]]
    return facts


def _position(name: str, seed: int, steps: int) -> HandState:
    rules = preset(name)
    rng = random.Random(seed)
    state = HandState.new(rules, random.Random(seed), dealer=seed % rules.players)
    for _ in range(steps):
        if state.over:
            break
        legal = list(state.legal_actions)
        # favour melds and additions so that positions with many melds on the table come up
        plays = [action for action in legal if action.kind in ("meld", "add", "swap")]
        state.apply(rng.choice(plays) if plays and rng.random() < 0.6 else rng.choice(legal))
    return state


@pytest.mark.parametrize("name", PRESET_NAMES)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 160))
def test_every_order_of_a_legal_action_is_the_same_legal_action(name: str, seed: int, steps: int) -> None:
    state = _position(name, seed, steps)
    if state.over:
        return
    rng = random.Random(seed)
    legal = list(state.legal_actions)
    views = [state.view(seat) for seat in range(state.rules.players)]
    mover = views[state.current]
    assert set(legal) == set(mover.legal)
    for action in legal:
        after = state.clone()
        after.apply(action)
        expected = _result(after)
        for other in _orders(action, rng):
            assert other == action and hash(other) == hash(action)
            assert other in state.legal_actions, other
            assert other in mover.legal, other
            assert state.is_legal(other) and mover.is_legal(other), other
            for view in views:
                if view is not mover:
                    assert other not in view.legal and not view.is_legal(other)
            moved = state.clone()
            moved.apply(other)
            assert _result(moved) == expected, (action, other)


def test_order_is_kept_for_display_and_identity_ignores_it() -> None:
    one, two = Action.parse("meld AH QH 2C"), Action.parse("meld QH 2C AH")
    assert one == two and hash(one) == hash(two) and len({one, two}) == 1
    assert str(one) == "meld AH QH 2C" and str(two) == "meld QH 2C AH"
    assert one in (two,) and [two].index(one) == 0
    assert Action.parse("meld 5H 6H 7H | KS KD KH") == Action.parse("meld KH KS KD | 6H 7H 5H")
    assert Action.parse("meld 5H 6H 7H") != Action.parse("meld 5H 6H 7H 8H")
    assert Action.parse("meld 5H 5H 7H") != Action.parse("meld 5H 7H 7H")  # a multiset, not a set
    assert Action.parse("add m1 8H 9H") == Action.parse("add m1 9H 8H") != Action.parse("add m2 8H 9H")
    assert Action.parse("take 2") != Action.parse("take") and Action.parse("discard 7C") != Action.parse("close 7C")
    assert Action.parse("draw") != "draw"


def test_a_high_ace_or_inner_wild_meld_from_the_learner_is_in_the_views_legal_actions() -> None:
    """The case of issue 13: a meld the learner made with a high ace or a wild inside a run."""
    met = 0
    for seed in range(60):
        state = _position("italian", seed, 0)
        rng = random.Random(seed)
        while not state.over and met < 40:
            view = state.view(state.current)
            for action in view.legal:
                if action.kind == "meld" and len(action.groups[0]) >= 3:
                    reordered = Action("meld", groups=(tuple(reversed(action.groups[0])),))
                    assert reordered in view.legal and view.is_legal(reordered)
                    met += 1
            state.apply(rng.choice(list(state.legal_actions)))
        if met >= 40:
            break
    assert met >= 40


def test_the_same_decision_after_the_same_cards_in_another_order_gets_the_same_search() -> None:
    """The bots' and the coach's seed (and the coach's cache) know a position by its actions' identity."""
    from buraco_learn.bots.strong import view_key

    for seed in range(200):
        state = _position("italian", seed, 0)
        rng = random.Random(seed)
        while not state.over:
            melds = [action for action in state.legal_actions if action.kind == "meld"]
            if melds:
                one, two = state.clone(), state.clone()
                one.apply(melds[0])
                two.apply(Action("meld", groups=(tuple(reversed(melds[0].groups[0])),)))
                assert one.history != [] and str(one.history[-1]) != str(two.history[-1])
                assert view_key(one.view(one.current)) == view_key(two.view(two.current))
                return
            state.apply(rng.choice(list(state.legal_actions)))
    raise AssertionError("no meld came up")
