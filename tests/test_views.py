"""Hidden information: a view shows one seat's hand and what is public, nothing else."""

from __future__ import annotations

import json
import random

from buraco_learn import preset
from buraco_learn.cards import card_of_id
from buraco_learn.game import HandState
from buraco_learn.game.position import position
from buraco_learn.game.view import PlayerView, leaks


def test_view_has_no_other_hand_no_pot_no_stock() -> None:
    state = HandState.new(preset("italian"), random.Random(4))
    view = state.view(0)
    data = json.dumps(view.to_dict())
    assert "stock_top_first" not in data and "pots_cards" not in data and '"hands"' not in data
    others = {card_id for seat in (1, 2, 3) for card_id in state.hands[seat]}
    pots = {card_id for pot in state.pots if pot for card_id in pot}
    shown_ids = {card["id"] for card in view.to_dict()["hand"]} | {card["id"] for card in view.to_dict()["pile"]}
    assert not shown_ids & (others | pots | set(state.stock))
    assert view.hand_counts == (11, 11, 11, 11) and view.stock_size == 41
    assert not leaks(view, state)


def test_known_cards_are_the_ones_taken_from_the_pile() -> None:
    state = position(preset("italian"), hands={"N": "KS KD 7C 8C"}, pile="9C KH 5S")
    state.apply("take")
    east = state.view(1)
    assert sorted(card.notation() for card in east.known(0)) == ["5S", "9C", "KH"]
    assert "7C" not in json.dumps(east.to_dict())
    state.apply("meld KS KD KH")
    assert sorted(card.notation() for card in state.view(1).known(0)) == ["5S", "9C"]


def test_closed_pile_shows_only_its_top_003() -> None:
    state = position(preset("fechado"), hands={"N": "5H 6H 9S KD"}, pile="2C 9D 7H")
    view = state.view(2)
    assert [card.notation() for card in view.pile] == ["7H"] and view.pile_size == 3
    assert "9D" not in json.dumps(view.to_dict())
    assert not leaks(view, state)
    open_view = position(preset("brazil-online"), hands={"N": "5H"}, pile="2C 9D 7H").view(2)
    assert [card.notation() for card in open_view.pile] == ["2C", "9D", "7H"]


def test_drawn_card_is_seen_only_by_its_player() -> None:
    state = HandState.new(preset("italian"), random.Random(6))
    seat = state.current
    state.apply("draw")
    assert state.view(seat).drawn_id is not None
    assert all(state.view(other).drawn_id is None for other in range(4) if other != seat)


def test_sampled_world_is_consistent_with_the_view() -> None:
    state = HandState.new(preset("aberto"), random.Random(7))
    for _ in range(30):
        if state.over:
            break
        view = state.view(state.current)
        world = view.sample_world(random.Random(1))
        assert world.hands[state.current] == state.hands[state.current]
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert [a.notation() for a in world.legal_actions] == [a.notation() for a in state.legal_actions]
        assert sorted(world.all_ids()) == sorted(state.all_ids())
        state.apply(state.legal_actions[0])


def test_views_are_not_states() -> None:
    state = HandState.new(preset("italian"), random.Random(8))
    view = state.view(0)
    assert isinstance(view, PlayerView)
    assert not any(isinstance(value, HandState) for value in vars(view).values())


def test_omniscient_view_is_explicit() -> None:
    state = HandState.new(preset("italian"), random.Random(9))
    full = state.omniscient_view()
    assert full["omniscient"] is True and len(full["stock_top_first"]) == 41
    assert full["hands"]["N"] == [card_of_id(i).notation() for i in state.hands[0]]


def test_the_state_resamples_a_world_from_a_view() -> None:
    """HandState.resample(view, rng) (issue 15, as OpenSpiel's resample_from_infostate): every
    public field and the seat's own knowledge kept, the unseen cards dealt again; the view's
    sample_world is the same world from the same seed."""
    from buraco_learn.game.playout import random_step

    for name in ("italian", "fechado", "cutthroat"):
        state = HandState.new(preset(name), random.Random(11))
        rng = random.Random(12)
        for _ in range(40):
            if state.over:
                break
            seat = (state.current + 1) % state.players
            view = state.view(seat)
            world = HandState.resample(view, random.Random(5))
            again = view.sample_world(random.Random(5))
            assert world.omniscient_view() == again.omniscient_view()
            assert world.view(seat).to_dict() == view.to_dict()
            assert world.hands[seat] == state.hands[seat]
            assert sorted(world.all_ids()) == sorted(state.all_ids())
            assert not leaks(world.view(seat), world)
            random_step(state, rng)
