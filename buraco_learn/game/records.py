"""The fields of a :class:`~buraco_learn.game.state.HandState`, declared once, in four records.

Each field is declared in exactly one record, with its type and two words: how a copy of it
is made (``copy``) and what a player's view shows of it (``view``). :meth:`HandState.clone`,
:func:`~buraco_learn.game.view.make_view` and :meth:`HandState.resample` are written over
:data:`FIELDS`, so a field added to a record is copied, viewed and sampled without editing them.

``copy``: :data:`SAME` (immutable: an int, a string, a tuple, the frozen :class:`TableMeld` and
:class:`Action`, the rules; shared), :data:`LIST` and :data:`DICT` (a new container of the
same immutable items), :data:`LISTS` (a list of lists or None, each list copied) and
:data:`DICT_OF_LISTS` (each list copied). A copy shares no list or dict with its original.

``view``: :data:`PUBLIC` (everyone sees it: kept in the view's ``public`` pairs, frozen),
:data:`HIDDEN` (the view shows only what its seat may know of it, and a sampled world deals
it again: :func:`~buraco_learn.game.view.make_view` and :meth:`HandState.resample` say how,
field by field), or the name of the :class:`~buraco_learn.game.view.PlayerView` attribute
that holds it, frozen (lists become tuples, dicts their sorted items).

The records are stacked by single inheritance (``HandState`` < :class:`OutcomeRecord` <
:class:`TurnRecord` < :class:`CardsRecord` < :class:`SeatsRecord`) rather than held as
separate objects: the engine reads ``state.hands`` and ``state.phase`` millions of times,
and a plain attribute is what is fastest both as Python and compiled with mypyc (which
compiles single inheritance of classes only).

>>> [name for name, _copy, _view in FIELDS][:4]
['rules', '_deal', 'players', 'dealer']
>>> [name for name, _copy, view in FIELDS if view == PUBLIC][:3]
['players', 'dealer', 'three_way']
>>> freeze(LISTS, [[1, 2], None]), thaw(LISTS, ((1, 2), None))
(((1, 2), None), [[1, 2], None])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from buraco_learn.game.actions import Action
from buraco_learn.game.deal import Deal
from buraco_learn.game.table import TableMeld
from buraco_learn.rules import Rules

#: how a field is copied
SAME = "same"
LIST = "list"
DICT = "dict"
LISTS = "lists"
DICT_OF_LISTS = "dict of lists"
#: what a view shows of a field (or the name of the PlayerView attribute holding it)
PUBLIC = "public"
HIDDEN = "hidden"


def spec(copy: str, view: str) -> dict[str, str]:
    """A field's metadata: how it is copied and what a view shows of it."""
    return {"copy": copy, "view": view}


@dataclass(init=False, eq=False, repr=False, kw_only=True)
class SeatsRecord:
    """Who plays and on which side (the sides change once, when the three-player variant splits)."""

    rules: Rules = field(metadata=spec(SAME, "rules"))
    _deal: Deal | None = field(metadata=spec(SAME, HIDDEN))  # None in a world sampled from a view
    players: int = field(metadata=spec(SAME, PUBLIC))
    dealer: int = field(metadata=spec(SAME, PUBLIC))
    seat_names: tuple[str, ...] = field(metadata=spec(SAME, "seat_names"))
    side_of: list[int] = field(metadata=spec(LIST, "side_of"))
    side_names: list[str] = field(metadata=spec(LIST, "side_names"))
    three_way: bool = field(metadata=spec(SAME, PUBLIC))


@dataclass(init=False, eq=False, repr=False, kw_only=True)
class CardsRecord(SeatsRecord):
    """Where the cards are: card ids; the stock's and the pile's top card is the last."""

    hands: list[list[int]] = field(metadata=spec(LISTS, HIDDEN))
    stock: list[int] = field(metadata=spec(LIST, HIDDEN))
    pile: list[int] = field(metadata=spec(LIST, HIDDEN))
    pots: list[list[int] | None] = field(metadata=spec(LISTS, HIDDEN))  # None: picked up
    pending_pot: dict[int, list[int]] = field(metadata=spec(DICT_OF_LISTS, HIDDEN))
    known: list[list[int]] = field(metadata=spec(LISTS, "known_ids"))  # taken from the pile, still held
    melds: list[TableMeld] = field(metadata=spec(LIST, "melds"))


@dataclass(init=False, eq=False, repr=False, kw_only=True)
class TurnRecord(CardsRecord):
    """Whose turn it is and what they have done in it."""

    current: int = field(metadata=spec(SAME, PUBLIC))
    phase: str = field(metadata=spec(SAME, PUBLIC))
    turn: int = field(metadata=spec(SAME, PUBLIC))
    first_turn: bool = field(metadata=spec(SAME, PUBLIC))
    drawn: int | None = field(metadata=spec(SAME, HIDDEN))  # only its drawer sees it
    took_single: int | None = field(metadata=spec(SAME, "took_single_id"))
    must_meld: int | None = field(metadata=spec(SAME, "must_meld_id"))
    acted: bool = field(metadata=spec(SAME, PUBLIC))
    last_turn: bool = field(metadata=spec(SAME, PUBLIC))
    stalemate_run: int = field(metadata=spec(SAME, PUBLIC))
    took_one_card_pile: bool = field(metadata=spec(SAME, PUBLIC))
    redrawn: bool = field(metadata=spec(SAME, PUBLIC))
    pot_after_discard: bool = field(metadata=spec(SAME, PUBLIC))


@dataclass(init=False, eq=False, repr=False, kw_only=True)
class OutcomeRecord(TurnRecord):
    """What the hand has come to: pots taken, sides opened, scores, its record of actions."""

    scores: dict[int, int] = field(metadata=spec(DICT, "scores"))  # match totals before this hand
    side_pot: dict[int, int] = field(metadata=spec(DICT, "side_pot"))
    pot_owner: list[int | None] = field(metadata=spec(LIST, "pot_owner"))
    opened: list[bool] = field(metadata=spec(LIST, "opened"))
    end_reason: str | None = field(metadata=spec(SAME, PUBLIC))
    closed_by: int | None = field(metadata=spec(SAME, PUBLIC))
    history: list[Action] = field(metadata=spec(LIST, "history"))
    version: int = field(metadata=spec(SAME, HIDDEN))  # actions applied to this state object


#: the records, in the order they stack
RECORDS: tuple[type, ...] = (SeatsRecord, CardsRecord, TurnRecord, OutcomeRecord)


def own_fields(record: type) -> tuple[str, ...]:
    """The fields ``record`` itself declares (not those of the records below it)."""
    below = {item.name for base in record.__mro__[1:] if base in RECORDS for item in fields(base)}
    return tuple(item.name for item in fields(record) if item.name not in below)


#: every field of a hand's state: (name, copy, view), in the records' order
FIELDS: tuple[tuple[str, str, str], ...] = tuple(
    (item.name, str(item.metadata["copy"]), str(item.metadata["view"])) for item in fields(OutcomeRecord))


#: how each kind of field is copied, as an expression of the field's value ``{}``
_COPY_CODE = {
    SAME: "{}",
    LIST: "list({})",
    DICT: "dict({})",
    LISTS: "[None if item is None else list(item) for item in {}]",
    DICT_OF_LISTS: "{{key: list(item) for key, item in {}.items()}}",
}


def _copier() -> Callable[[Any, Any], None]:
    """``copy_fields(source, target)``: every field of ``source`` copied onto ``target`` as
    :data:`FIELDS` says, written out as straight-line code once, at import (as
    :mod:`dataclasses` writes ``__init__``). A loop of ``getattr`` and ``setattr`` over the
    fields takes twice as long in Python, the engine as ``pip install`` gives it."""
    lines = ["def copy_fields(source, target):"]
    lines += [f"    target.{name} = {_COPY_CODE[copy].format('source.' + name)}" for name, copy, _view in FIELDS]
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)  # the code above, made of FIELDS only
    function: Callable[[Any, Any], None] = namespace["copy_fields"]
    return function


#: what :meth:`HandState.clone` runs: ``copy_fields(source, target)``
copy_fields = _copier()


def freeze(copy: str, value: Any) -> Any:
    """``value`` (a field copied as ``copy``) as a view holds it: lists as tuples, dicts as sorted items."""
    if copy == LIST:
        return tuple(value)
    if copy == LISTS:
        return tuple(None if item is None else tuple(item) for item in value)
    if copy == DICT:
        return tuple(sorted(value.items()))
    if copy == DICT_OF_LISTS:
        return tuple(sorted((key, tuple(item)) for key, item in value.items()))
    return value


def thaw(copy: str, value: Any) -> Any:
    """The field again, from what :func:`freeze` made of it (new lists and dicts)."""
    if copy == LIST:
        return list(value)
    if copy == LISTS:
        return [None if item is None else list(item) for item in value]
    if copy == DICT:
        return dict(value)
    if copy == DICT_OF_LISTS:
        return {key: list(item) for key, item in value}
    return value
