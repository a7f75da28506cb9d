"""HandState's fields are declared once, in records (issue 15): every attribute a state has is
declared in exactly one record; a clone and a world resampled from a view are written over the
records, so they have every field, equal to the original's where they may be, and share no list
or dict with it."""

from __future__ import annotations

import random
from typing import Any

from buraco_learn import PRESET_NAMES, preset
from buraco_learn.game import HandState
from buraco_learn.game.playout import random_step
from buraco_learn.game.records import FIELDS, HIDDEN, PUBLIC, RECORDS, own_fields
from buraco_learn.game.view import PUBLIC_FIELDS, PlayerView


def _attributes(state: HandState) -> set[str]:
    """Every attribute ``state`` has: its ``__dict__`` as Python, the attributes mypyc declares compiled."""
    names = getattr(type(state), "__mypyc_attrs__", None)
    return {name for name in (vars(state) if names is None else names) if not name.startswith("__")}


def _states() -> list[HandState]:
    """A state of every preset, a few turns in, and one played to its end."""
    out = []
    for name in PRESET_NAMES:
        for steps in (0, 40, 10_000):
            state = HandState.new(preset(name), random.Random(3))
            rng = random.Random(4)
            for _ in range(steps):
                if state.over:
                    break
                random_step(state, rng)
            out.append(state)
    return out


def _containers(value: Any) -> list[Any]:
    """Every list and dict in ``value``, nested ones too."""
    found = []
    if isinstance(value, (list, dict)):
        found.append(value)
    items = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else ()
    for item in items:
        found += _containers(item)
    return found


def test_every_attribute_is_declared_in_exactly_one_record() -> None:
    declared = [name for record in RECORDS for name in own_fields(record)]
    assert len(declared) == len(set(declared)) and all(own_fields(record) for record in RECORDS)
    assert declared == [name for name, _copy, _view in FIELDS]
    for state in _states()[:3]:
        assert _attributes(state) == set(declared)
    assert issubclass(HandState, RECORDS[-1])


def test_a_clone_has_every_field_equal_and_shares_no_list_or_dict() -> None:
    for state in _states():
        clone = state.clone()
        assert _attributes(clone) == _attributes(state)
        for name, _copy, _view in FIELDS:
            assert getattr(clone, name) == getattr(state, name), name
            mine = {id(item) for item in _containers(getattr(state, name))}
            assert not mine & {id(item) for item in _containers(getattr(clone, name))}, name
        before = [(name, repr(getattr(state, name))) for name, _copy, _view in FIELDS]
        for name, _copy, _view in FIELDS:  # mutate every list and dict of the clone
            for item in _containers(getattr(clone, name)):
                if isinstance(item, list):
                    item.append(None)
                else:
                    item[-999] = None
        assert [(name, repr(getattr(state, name))) for name, _copy, _view in FIELDS] == before


def test_a_clone_plays_on_as_its_original() -> None:
    for state in _states():
        clone = state.clone()
        one, two = random.Random(9), random.Random(9)
        for _ in range(60):
            if state.over:
                break
            random_step(state, one)
            random_step(clone, two)
        assert [getattr(clone, name) for name, _c, _v in FIELDS if name != "_deal"] == [
            getattr(state, name) for name, _c, _v in FIELDS if name != "_deal"]


def test_a_resampled_world_has_every_field_and_the_view_of_it_is_the_same() -> None:
    for state in _states():
        for seat in range(state.players):
            view = state.view(seat)
            world = HandState.resample(view, random.Random(5))
            assert _attributes(world) == _attributes(state)
            for name, _copy, where in FIELDS:
                if where != HIDDEN:
                    assert getattr(world, name) == getattr(state, name), name
                    mine = {id(item) for item in _containers(getattr(state, name))}
                    assert not mine & {id(item) for item in _containers(getattr(world, name))}, name
            assert sorted(world.all_ids()) == sorted(state.all_ids())
            again = world.view(seat)
            assert again == view, [key for key in vars(view) if getattr(again, key) != getattr(view, key)]


def test_the_view_holds_every_field_that_is_not_hidden() -> None:
    attributes = set(PlayerView.__dataclass_fields__)
    for name, _copy, where in FIELDS:
        assert where in (PUBLIC, HIDDEN) or where in attributes, (name, where)
    assert tuple(name for name, _copy, where in FIELDS if where == PUBLIC) == PUBLIC_FIELDS
    state = _states()[1]
    assert [name for name, _value in state.view(0).public] == list(PUBLIC_FIELDS)
