"""One preset per rule document, by name: the registry of rulesets.

Each preset is registered with :func:`buraco_learn.rules.register_preset`, so that a
ruleset can be based on it (``base``) and filled in from it (:meth:`Rules.from_dict`);
:mod:`buraco_learn.rules` itself knows no preset. A name, a ruleset or ``None``
becomes a ruleset through :func:`resolve_rules`.

>>> from buraco_learn import preset, PRESET_NAMES
>>> PRESET_NAMES
('italian', 'bukharo', 'aberto', 'brazil-online', 'aberto-sujo', 'fechado', 'fechado-stbl', 'fechado-sujo', 'cutthroat')
>>> preset("italian", players=3).pot_sizes
(18, 11)
>>> preset("canasta")
Traceback (most recent call last):
...
buraco_learn.errors.UnknownPresetError: unknown ruleset preset 'canasta': choose one of italian, bukharo, aberto, brazil-online, aberto-sujo, fechado, fechado-stbl, fechado-sujo, cutthroat

Each preset's docstring records what its document says, and every choice made
where the document is silent or contradicts itself, with the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from buraco_learn.i18n import N_, _
from buraco_learn.rules import Rules, preset_maker, register_preset


def italian(**options: Any) -> Rules:
    """Italian Burraco, document 002 (the reference ruleset; :class:`Rules` defaults).

    Variants of 002 are options: ``semi_clean_bonus=150`` (the semi-clean burraco),
    ``players=2`` (head to head, a pozzetto of 11 each) and ``players=3`` (pozzetti of
    18 and 11: the first to empty their hand takes the 18 and plays alone, the other
    two become partners and share the 11).

    Choices where 002 is silent:

    - Swapping a wild moves it to the lower end (002); when the run already starts at
      an ace, there is no lower end, so the wild moves to the upper end.
    - A meld or add that would leave a player unable to end the turn legally is
      refused. 002 states this as "keep at least two cards"; the same reasoning refuses
      melding down to a single wild that could not be discarded to close.
    - The stalemate counts four consecutive turns, each taking a one-card pile and
      discarding another card; it applies to four players only, as 002 says "all four".
    - The first dealer is chosen by drawing cards, lowest deals, aces low, jokers high,
      ties draw again (002 'Setup'); the deal then passes in the direction of play.
    - "You may not take it and discard that same card again" (002 'Playing a turn'): the
      twin card from the other deck counts as that same card. The rule is about the card
      the other players saw taken, and two identical cards cannot be told apart once
      they are in a hand; discarding the twin would undo the take just the same.
    - Three players (002 'Variants'): until the first player empties their hand, every
      player is a side of their own, and either pozzetto could still become theirs. A
      hand that ends with no pozzetto taken (the stock runs out, nobody emptied their
      hand) charges the pozzetto penalty, -100, to each of the three players: 002
      'Scoring' charges it to whoever "never took" one, and "not taking it costs 100"
      (002 'Tips for beginners') is true of each of them. Before that split, the pair's
      two players may each have melded a set of the same rank; the pair keeps both
      (002 'Melds' limits a side's own melding: one set per rank, made by one side).
    """
    players = options.get("players", 4)
    if players == 3 and "pot_sizes" not in options:
        options["pot_sizes"] = (18, 11)
    base: dict[str, Any] = dict(name="italian", base="italian", source="002")
    base.update(options)
    return Rules().replace(**base)


def bukharo(**options: Any) -> Rules:
    """Bukharo (Buraco / Burraco) as a card portal teaches it, document 000.

    000 states: 108 cards, jokers and 2s wild (one per meld, a natural 2 is not wild),
    11 cards each and two mortos of 11, one card up to start the pile, draw one or
    take the whole pile, clean burraco 200, dirty 100, going out 100, morto penalty
    100, no minimum first meld, the hand ends after the turn that draws the
    third-to-last stock card, the match goes to the first team to pass 2000.

    Choices where 000 is silent:

    - "Pass 2000" is read as more than 2000 (``target_inclusive=False``).
    - Sets: 000 does not limit a side to one set per rank, so neither does this preset.
    - Wilds at the end of a run are not pinned to the low end (``wild_placement='free'``);
      a wild may be swapped for the card it stands for (as in 002).
    - Picking up the morto directly or after discarding works as in 002; a morto taken
      after discarding and still unseen at the end counts its cards against the side.
    - The stalemate rule and the keep-a-card rule follow 002 (so a hand cannot loop forever).
    - The rule against discarding the one card just taken from a one-card pile follows 002.
    """
    base = dict(
        name="bukharo", base="bukharo", source="000", target=2000, target_inclusive=False,
        one_set_per_rank=False, wild_placement="free",
    )
    base.update(options)
    return Rules().replace(**base)


def aberto(**options: Any) -> Rules:
    """Brazilian open Buraco (Buraco Aberto), document 001.

    001 states: runs only (no sets), 108 cards, jokers 20, 2s 10, aces 15; the player
    to the dealer's right cuts, makes two mortos of 11 and takes the first turn; no
    starting discard; on the first turn the drawn card may be discarded for another;
    the pile is spread and taken whole; 75 card points to open once the team has
    1,500; direct or after-discard morto pickup; closing needs the morto and a clean
    canasta and a final discard; an ace may sit at both ends of a long run; to 3,000.

    Choices where 001 is silent:

    - Play is counter-clockwise: the player to the dealer's right starts, so play
      moves to the right (as in 003); cards are dealt the same way.
    - "Play ends because the stock and both mortos have been used": an unused morto
      becomes the stock when the stock runs out (as 003 says), and the hand ends when
      neither is left.
    - Two aces in one run only as the full 14-card A-to-A run ("a long sequence").
    - The closing discard may not be a wild (as 000, 002 and 003 say), and a one-card
      pile cannot be taken and the same card discarded (as 002 and 003 say).
    - A morto taken after discarding and still unseen when the hand ends counts its
      cards against the team, as in 002 'Scoring'.
    - The first meld "or group of melds" that must reach 75: the melds laid down in
      the player's first meld action of the hand (an action may lay several melds).
    - Wilds at the end of a run are not pinned to the low end; a wild may be swapped.
    - The stalemate rule of 002 applies (four turns of taking a one-card pile).
    """
    base = dict(
        name="aberto", base="aberto", source="001", sets=False, one_set_per_rank=False,
        play_direction="counter-clockwise", deal_direction="counter-clockwise",
        start_discard=False, first_turn_redraw=True, opening_minimum=75,
        opening_minimum_from=1500, stock_end="pots-become-stock",
        close_needs_burraco="clean", ace_to_ace=True, wild_placement="free",
        value_joker=20, value_two=10, target=3000,
    )
    base.update(options)
    return Rules().replace(**base)


def brazil_online(**options: Any) -> Rules:
    """Buraco on a Brazilian online site, document 003, in its default mode (Aberto).

    003 states: no jokers (104 cards, the 2s the only wilds), a 14-card run with aces
    at both ends is allowed, 2s are 10 points, dealing clockwise, two mortos of 11, no
    starting discard, play counter-clockwise, draw one or take the whole pile, no
    re-discarding the one card taken, no wild discard to close, an unused morto
    becomes the stock when the stock runs out and the hand ends when none is left;
    closing needs the morto and a clean canastra, and the final card may be melded
    or discarded; scoring as Italian Burraco plus royal canastra 500 and ace-to-ace
    1000. In the Aberto modes the whole pile is visible; sets are not allowed in
    Aberto.

    Choices where 003 is silent or contradicts itself:

    - Jokers: the document says "There are no Jokers" and also "Jokers are 30 points
      in Aberto sujo and 20 points in all other modes". The deck has no jokers in
      every mode; the joker values are kept (``value_joker``) so that a host who adds
      jokers (``jokers=True``) scores them as the document says.
    - The match target is not stated: 3,000, the Brazilian target of 001 and 002.
    - The player after the dealer in the direction of play (to the dealer's right)
      starts.
    - The royal (13) and ace-to-ace (14) bonuses replace the clean canastra bonus.
    - "The hand ends only when a player goes out, or when the stock pile is
      exhausted": there is no stalemate rule.
    - When the stock runs out and both mortos are unused, the first side's morto
      (in seat order) becomes the stock first; a side whose morto became the stock
      never took it and loses the penalty.
    - Wilds at the end of a run are not pinned to the low end; a wild may be swapped.
    - A 2 in its own place in a run of its suit is a natural card, not a wild one (as
      000, 001 and 002 say; 003 names the 2s only as the wildcards).
    - "Not allowed to discard the same card" (003 'Gameplay'): the twin card from the
      other deck counts as the same card, as in 002 (see :func:`italian`).
    - "A player can meld, lay off or discard the final card" (003 'Scoring'): laying a
      card off is not discarding it, so a wild, or the card taken alone from the pile,
      may be kept as the last card when a meld of the team could take it; one that no
      meld could take would have to be discarded, so the meld leaving it is refused.
    """
    base = dict(
        name="brazil-online", base="brazil-online", source="003", jokers=False, sets=False,
        one_set_per_rank=False, play_direction="counter-clockwise",
        start_discard=False, stock_end="pots-become-stock", stalemate=False,
        close_needs_burraco="clean", close_by_melding=True, ace_to_ace=True,
        wild_placement="free", value_joker=20, value_two=10,
        royal_bonus=500, ace_to_ace_bonus=1000, target=3000,
    )
    base.update(options)
    return Rules().replace(**base)


def aberto_sujo(**options: Any) -> Rules:
    """003's "Aberto sujo" mode: as :func:`brazil_online`, but sets are allowed, a dirty
    canastra is enough to go out, the final card must be discarded to go out, and
    jokers (if a host adds them) are 30 points.

    Choice: "Sets are not allowed in Aberto and Fechado STBL variants" is read as
    naming those two modes only, so Aberto sujo allows sets.
    """
    base = dict(name="aberto-sujo", base="aberto-sujo", sets=True, close_needs_burraco="any", close_by_melding=False, value_joker=30)
    base.update(options)
    return brazil_online(**base)


def fechado(**options: Any) -> Rules:
    """003's "Fechado" mode: as :func:`brazil_online`, but only the top card of the
    discard pile is visible, taking the pile takes that top card, which must be
    melded in the same turn, and sets are allowed.

    Choice: 003 says only the top card is visible and "it is mandatory to play
    immediately the top card from the discard pile"; buraco-learn reads this, as the
    project's issue 3 does, as taking only the top card (``pile_take='top'``). A host
    who plays the whole closed pile can set ``pile_take='whole'``; the top card must
    still be melded, in the same turn.

    Choice: "mandatory to play immediately" is read as: the turn's first meld, addition
    or swap must use the card taken (``pile_take='top'``); with any other ``pile_take``
    the card need only be melded before the discard, as 004 reads its own rule.
    """
    base = dict(name="fechado", base="fechado", sets=True, pile_take="top", pile_visible="top", must_meld_pile_card=True)
    base.update(options)
    return brazil_online(**base)


def fechado_stbl(**options: Any) -> Rules:
    """003's "Fechado STBL" mode: as :func:`fechado`, but without sets (003: "Sets are
    not allowed in Aberto and Fechado STBL variants")."""
    base = dict(name="fechado-stbl", base="fechado-stbl", sets=False)
    base.update(options)
    return fechado(**base)


def fechado_sujo(**options: Any) -> Rules:
    """003's "Fechado sujo" mode: as :func:`fechado`, but a dirty canastra is enough to
    go out (003: "In Aberto sujo and Fechado sujo players are allowed to go out with
    dirty canastra")."""
    base = dict(name="fechado-sujo", base="fechado-sujo", close_needs_burraco="any")
    base.update(options)
    return fechado(**base)


def cutthroat(**options: Any) -> Rules:
    """Cut-throat Buraco, document 004: every player for themselves.

    004 states: 108 cards, every 2 wild, jokers wild, one wild per meld, every meld
    needs 2 real cards, sets of at most four with no identical cards, runs with the
    ace at either end but never turning the corner, 11 cards each, no minimum to open,
    add to anybody's melds, a swap for a joker, take any depth of the discard pile
    and meld the card you went in for, go out by discarding your last card after a
    clean meld of 7, 100 for going out, canasta 200 clean / 100 dirty, pip values
    (pictures 10, aces 15, jokers 20), to 3000. "The host can change any of them": every
    option can be changed with ``preset("cutthroat", option=value)``.

    Choices where 004 is silent or contradicts itself:

    - Four players (the partnership table, each playing alone); 2 to 6 are allowed.
    - No pots (004 has none), so closing needs no pot and nobody pays a pot penalty.
    - "Every 2 is wild": a 2 is wild even in its natural place, so A♠ 2♠ 3♠ is a dirty run.
    - Drawing: "from the face-down stock, or the top of the discard pile" against "You
      may take any depth of the discard pile": any depth (the rules in full), the
      deepest card taken must be melded in the same turn. "Melding the card you went in
      for" does not say it comes first: other melds, additions and swaps may come before
      it, as long as it can still be melded this turn (a meld that would leave it
      unmeldable is refused, so no turn is left without a legal way on); the discard
      must wait until it is melded.
    - A 2 melded or held counts its pips (2), as "pip value for the numbers" says.
    - The hand starts with one card face up on the discard pile (as 000 and 002), play
      is clockwise, and the hand ends after the turn that draws the last stock card.
    - Swapping works for any wild, not only a joker; the wild stays on the table.
    - The closing discard may not be a wild (as 000, 002, 003).
    - A card taken alone from the pile (which must then be melded), or its twin, may not
      be discarded that turn, as in 002 'Playing a turn'.
    - The stalemate rule of 002 applies with four players, so a hand cannot loop forever.
    - "You may add to anybody's melds" and "Your melds count for you": a meld stays its
      owner's, the player who laid it; cards another player adds to it become part of it
      and score for its owner, not for who added them (the document counts melds, never
      cards by who played them, and an addition cannot be taken back out of a meld).
    - "You need a clean meld of 7 — no wild card — before you can go out": the clean
      seven must be the player's own meld. "You" in a game where every player is for
      themselves is the one player; another player's clean seven, even one this player
      added cards to, does not let them go out (as the partnership documents require
      the side's own burraco).
    """
    base = dict(
        name="cutthroat", base="cutthroat", source="004", partnerships=False, pot_sizes=(),
        close_needs_pot=False, close_needs_burraco="clean", natural_two=False,
        one_set_per_rank=False, max_set_cards=4, distinct_suit_sets=True,
        add_to_any_meld=True, pile_take="any-depth", must_meld_pile_card=True,
        wild_placement="free", stock_end="empty", pip_values=True,
        value_joker=20, value_two=2, pot_penalty=0, target=3000,
    )
    base.update(options)
    return Rules().replace(**base)


PRESETS: Final[dict[str, Callable[..., Rules]]] = {
    "italian": italian,
    "bukharo": bukharo,
    "aberto": aberto,
    "brazil-online": brazil_online,
    "aberto-sujo": aberto_sujo,
    "fechado": fechado,
    "fechado-stbl": fechado_stbl,
    "fechado-sujo": fechado_sujo,
    "cutthroat": cutthroat,
}
PRESET_NAMES: Final = tuple(PRESETS)
for _name, _make in PRESETS.items():
    register_preset(_name, _make)  # the rules may be based on these, and only these


#: Each preset's name as players say it (a heading, a chooser, a sentence: never the preset's id).
TITLES: Final = {
    "italian": N_("Italian Burraco"),
    "bukharo": "Bukharo",
    "aberto": N_("Brazilian open Buraco"),
    "brazil-online": N_("Buraco Brazil Online"),
    "aberto-sujo": N_("Buraco Aberto sujo"),
    "fechado": N_("Buraco Fechado"),
    "fechado-stbl": N_("Buraco Fechado STBL"),
    "fechado-sujo": N_("Buraco Fechado sujo"),
    "cutthroat": N_("Cut-throat Buraco"),
}


def ruleset_name(rules: Rules) -> str:
    """A ruleset's name as players say it: ``'Italian Burraco'`` for ``italian``; a host's own name as it is.

    >>> from buraco_learn import preset
    >>> ruleset_name(preset("brazil-online")), ruleset_name(preset("italian").replace(name="Nonna's rules"))
    ('Buraco Brazil Online', "Nonna's rules")
    """
    title = TITLES.get(rules.name)
    return rules.name if title is None else _(title)  # in the current language ("Burraco all'italiana")


def preset(name: str, /, **options: Any) -> Rules:
    """The ruleset called ``name``, with ``options`` changed (validated).

    >>> preset("brazil-online").deck_size
    104
    >>> preset("fechado").pile_take
    'top'
    """
    return preset_maker(name)(**options)


def resolve_rules(rules: Rules | str | None) -> Rules:
    """A ruleset given as itself, as a preset's name, or as ``None`` (Italian, 002).

    >>> resolve_rules("fechado").name, resolve_rules(None).name
    ('fechado', 'italian')
    """
    if rules is None:
        return preset("italian")
    if isinstance(rules, str):
        return preset(rules)
    return rules


def preset_doc(name: str) -> str:
    """The docstring of preset ``name``: what its document says and the choices made."""
    preset(name)
    return (PRESETS[name].__doc__ or "").strip()
