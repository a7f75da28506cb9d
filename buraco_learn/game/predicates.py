"""The turn rules' questions, each answered in one place (issue 15: no rule is decided twice).

Which codes are wild, which melds a side may add to, whether a card may be discarded
again, what a take of the pile moves and what the player sees of it, whether a side
meets the closing conditions, whether its first meld must reach the opening minimum.
The turn rules (:mod:`buraco_learn.game.turnrules`), the legal-action generator, the
playout, the views, the bots, the coach and the scoring ask these functions and never
decide the same thing themselves. Each takes the rules and plain values (card codes,
physical ids, melds), never a whole state, so that a state, a player's view and a bot's
picture of the hand ask them alike.

>>> from buraco_learn import preset
>>> rules = preset("italian")
>>> is_wild(rules, 52), is_wild(rules, 1), is_wild(rules, 2)  # the joker, a 2 of clubs, a 3
(True, True, False)
>>> take_depths(preset("cutthroat"), 3), take_depths(rules, 3)
([1, 2, 3], [None])
>>> taken_from_pile(preset("fechado"), [4, 5, 6], None)
[6]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from buraco_learn.cards import code_of_id
from buraco_learn.meldcore import is_wild_code
from buraco_learn.rules import Rules

if TYPE_CHECKING:
    from buraco_learn.game.table import TableMeld
    from buraco_learn.melds import Meld

_CODE = tuple(code_of_id(card_id) for card_id in range(108))
#: what :func:`close_shortfall` answers when the pot is missing, or the burraco
POT = "pot"
BURRACO = "burraco"


# -- the cards ---------------------------------------------------------------------
def is_wild(rules: Rules, code: int) -> bool:
    """Whether card ``code`` is wild under ``rules``: a joker, or a 2 under ``twos_wild``
    (every document). A 2 may still sit naturally in its own run (:func:`natural_two_in_run`).
    :meth:`Rules.is_wild` (for a :class:`~buraco_learn.cards.Card`) asks the same
    :func:`~buraco_learn.meldcore.is_wild_code`."""
    return is_wild_code(code, rules.twos_wild)


def wild_flags(rules: Rules) -> tuple[bool, ...]:
    """:func:`is_wild` for every code 0..52, as a table (made once per ruleset:
    :attr:`Rules.wild_flags`).

    >>> from buraco_learn import preset
    >>> sum(wild_flags(preset("italian"))), sum(wild_flags(preset("italian", twos_wild=False)))
    (5, 1)
    """
    return rules.wild_flags


def wild_codes_in(rules: Rules, codes: Iterable[int]) -> list[int]:
    """The wild codes among ``codes``, sorted, each once."""
    held = codes if isinstance(codes, (dict, set, frozenset)) else set(codes)
    return [code for code in rules.wild_codes if code in held]


def natural_two_in_run(rules: Rules) -> bool:
    """Whether a 2 may stand as itself in its suit's run: always where 2s are not wild,
    and under ``natural_two`` where they are (000, 001, 002 'Melds'; never in 004)."""
    return not rules.twos_wild or rules.natural_two


# -- whose melds -------------------------------------------------------------------
def may_add_to(rules: Rules, side: int, meld: TableMeld) -> bool:
    """Whether a player of ``side`` may add to ``meld`` (or swap its wild): their own side's
    melds (002 'Melds'), or anybody's under ``add_to_any_meld`` (004 'The rules in full')."""
    return bool(rules.add_to_any_meld) or meld.side == side


def melds_to_add_to(rules: Rules, side: int, melds: Sequence[TableMeld]) -> Sequence[TableMeld]:
    """The melds of ``melds`` that :func:`may_add_to` accepts for ``side``, found together."""
    if rules.add_to_any_meld:
        return melds
    return [meld for meld in melds if meld.side == side]


# -- the pile ----------------------------------------------------------------------
def take_depths(rules: Rules, pile_size: int) -> list[int | None]:
    """The takes of a pile of ``pile_size`` cards a player may ask for, as their depth:
    ``None`` (the whole pile, 002 'Playing a turn'; or its top card, 003 Fechado), or every
    depth from the top down (004, ``pile_take='any-depth'``). Nothing from an empty pile."""
    if not pile_size:
        return []
    if rules.pile_take == "any-depth":
        return list(range(1, pile_size + 1))
    return [None]


def taken_from_pile(rules: Rules, pile: Sequence[int], depth: int | None) -> list[int]:
    """The cards (ids or codes, top card last) that a take of ``depth`` moves from ``pile``,
    deepest first (the card 'went in for' first): its top card (``pile_take='top'``), the
    top ``depth`` cards (``'any-depth'``), or all of it (``'whole'``; also an any-depth take
    with no depth, which the turn rules refuse before asking)."""
    if rules.pile_take == "top":
        return list(pile[-1:])
    if rules.pile_take == "any-depth" and depth is not None:
        return list(pile[-depth:])
    return list(pile)


def seen_of_pile(rules: Rules, pile: list[int]) -> list[int]:
    """The cards of ``pile`` (top card last) that the players see, and so know of once someone
    takes them: all of it, or only its top card (option ``pile_visible``; 003 'Different
    variants': "For all Fechado variants only the top card in the pile (the one placed last)
    is visible")."""
    return pile if rules.pile_visible == "all" else pile[-1:]


def pile_card_to_meld(rules: Rules, taken: list[int]) -> int:
    """The card of a take (``taken``, deepest first) that ``must_meld_pile_card`` asks to meld:
    the deepest, "the card you went in for", where the player chooses the depth (004 'The
    rules in full', ``pile_take='any-depth'``); otherwise the top card (003 'Different
    variants': "It is mandatory to play immediately the top card from the discard pile",
    also when a host has the whole closed pile taken, as the ``fechado`` preset says)."""
    return taken[0] if rules.pile_take == "any-depth" else taken[-1]


def pile_card_first(rules: Rules) -> bool:
    """Whether the pile card that must be melded (``must_meld_pile_card``) must be melded by
    the turn's first meld action: 003 Fechado, "It is mandatory to play immediately the top
    card" (``pile_take='top'``). Otherwise (004, "melding the card you went in for") it may
    be melded later in the same turn, before the discard."""
    return rules.must_meld_pile_card and rules.pile_take == "top"


def pile_card_rule(rules: Rules) -> str:
    """The citation key of the rule that the pile card must be melded: 003's Fechado
    sentence where only the top card is taken, the draw rule (004) otherwise."""
    return "fechado_top" if rules.pile_take == "top" else "draw"


def may_not_rediscard(rules: Rules, taken_alone: int | None, code: int) -> bool:
    """Whether a card of ``code`` may not be discarded by who took ``taken_alone`` (a physical
    id, None when no one-card pile was taken) alone from the pile (002 'Playing a turn',
    003 'Gameplay'; option ``forbid_rediscard_single``).

    The twin from the other deck is "that same card": the rule speaks of the card a
    player sees, and two identical cards cannot be told apart on the table.
    """
    return taken_alone is not None and bool(rules.forbid_rediscard_single) and _CODE[taken_alone] == code


# -- opening and closing -----------------------------------------------------------
def opening_minimum_applies(rules: Rules, opened: bool, score: int) -> bool:
    """Whether a side's next meld must reach the opening minimum: it has not melded this
    hand and its match score has reached ``opening_minimum_from`` (001 'Opening')."""
    return bool(rules.opening_minimum) and not opened and score >= rules.opening_minimum_from


def closing_burraco(rules: Rules, meld: Meld) -> bool:
    """Whether ``meld`` is a burraco that lets its side close under ``close_needs_burraco``:
    any burraco (002 'Closing'), or a clean one (001, 003, 004)."""
    if len(meld) < rules.burraco_length:
        return False
    return rules.close_needs_burraco != "clean" or meld.clean


def close_shortfall(rules: Rules, pot_taken: bool, melds: Iterable[Meld]) -> str | None:
    """What a side lacks to close, with ``melds`` its melds on the table: :data:`POT` (it must
    have taken its pot first, ``close_needs_pot``), :data:`BURRACO` (the burraco
    ``close_needs_burraco`` asks for), or None when it may close. The state's sentence
    (:meth:`HandState.may_close`), the bots and the scoring's check of a sheet ask this."""
    if rules.close_needs_pot and not pot_taken:
        return POT
    if rules.close_needs_burraco == "none":
        return None
    if any(closing_burraco(rules, meld) for meld in melds):
        return None
    return BURRACO


def may_close_on(rules: Rules, code: int) -> bool:
    """Whether card ``code`` may be the final discard that closes: not a wild card unless
    ``close_discard_wild`` (000, 002 'Closing', 003 'Gameplay')."""
    return bool(rules.close_discard_wild) or not is_wild(rules, code)
