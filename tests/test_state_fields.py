"""HandState's fields cannot be forgotten (issue 15): a clone and a world resampled from a view
set every field a dealt hand has, and a clone equals its original in each of them."""

from __future__ import annotations

import random

from buraco_learn import PRESET_NAMES, preset
from buraco_learn.game import HandState
from buraco_learn.game.playout import random_step


def _fields(state: HandState) -> dict[str, object]:
    """Every attribute of ``state``: its ``__dict__`` in the Python sources, the attributes
    mypyc declares for the compiled class."""
    names = getattr(type(state), "__mypyc_attrs__", None)
    if names is None:
        names = tuple(vars(state))
    out = {}
    for name in names:
        if name.startswith("__"):
            continue
        try:
            out[name] = getattr(state, name)
        except AttributeError:  # an attribute never set: the test below names it
            out[name] = AttributeError
    return out


def test_clone_and_resample_set_every_field() -> None:
    for name in PRESET_NAMES:
        state = HandState.new(preset(name), random.Random(3))
        rng = random.Random(4)
        for _ in range(25):
            if state.over:
                break
            random_step(state, rng)
        fields = _fields(state)
        assert len(fields) > 30 and AttributeError not in fields.values()
        clone = _fields(state.clone())
        assert clone == fields, [key for key in fields if clone.get(key) != fields[key]]
        world = _fields(HandState.resample(state.view(state.current), random.Random(5)))
        missing = [key for key, value in world.items() if value is AttributeError and key != "_deal"]
        assert missing == [] and set(world) == set(fields)
        hidden = {"hands", "stock", "pile", "pots", "pending_pot", "_deal", "version"}
        assert {key: value for key, value in world.items() if key not in hidden} == {
            key: value for key, value in fields.items() if key not in hidden}
