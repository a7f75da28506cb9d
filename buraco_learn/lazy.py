"""A value worked out on first use and kept on the object: :func:`functools.cached_property`
without the lock that Python 3.11 takes on every first use (a meld's properties are first asked
for many thousand times a second in random play; Python 3.12 dropped the lock).

>>> class Meld:
...     @cached_value
...     def size(self) -> int:
...         print("worked out")
...         return 3
>>> meld = Meld()
>>> meld.size
worked out
3
>>> meld.size
3
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class cached_value(Generic[T]):
    """Like :func:`functools.cached_property`: the first use calls the function and stores its
    value in the instance's ``__dict__``, where later uses find it without calling anything."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached_value[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> T | cached_value[T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value


class PerRules(Generic[T]):
    """Values kept per ruleset, made by ``make`` on first use: found by the ruleset's identity (each
    entry keeps its rules alive, so that no other takes its id) and shared by equal rulesets (each
    ``preset("italian")`` is a new object). Bounded: it starts again when it holds many rulesets.

    >>> store = PerRules(dict)
    >>> store.get("italian") is store.get("italian"), store.get("italian") is store.get("brazil")
    (True, False)
    """

    def __init__(self, make: Callable[[], T]) -> None:
        self._make = make
        self._by_id: dict[int, tuple[object, T]] = {}
        self._by_value: dict[object, T] = {}

    def get(self, rules: object) -> T:
        known = self._by_id.get(id(rules))
        if known is not None and known[0] is rules:
            return known[1]
        if len(self._by_id) >= 256:
            self._by_id.clear()
        if len(self._by_value) >= 64:
            self._by_value.clear()
        value = self._by_value.get(rules)
        if value is None:
            value = self._by_value[rules] = self._make()
        self._by_id[id(rules)] = (rules, value)
        return value
