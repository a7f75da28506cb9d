"""Pure rendering of a hand and a ruleset: the table from one player's view as SVG, the options as HTML.

Like :mod:`buraco_learn.render` (whose cards and melds it draws), nothing here imports
Jupyter; :class:`~buraco_learn.game.HandState`, :class:`~buraco_learn.game.view.PlayerView`
and :class:`~buraco_learn.rules.Rules` display themselves in a notebook through
``_repr_svg_`` / ``_repr_html_``, which call these functions.

The table is drawn from a :class:`~buraco_learn.game.view.PlayerView` only, never from
the state, so it can show no more than that seat may know: its own hand face up, the
other hands as face-down cards (and, in words, the cards they are known to hold, taken
from the pile in sight of everyone), the melds, the visible part of the discard pile,
and the stock and the pots as counts.

>>> import random
>>> from buraco_learn import preset
>>> from buraco_learn.game import HandState
>>> state = HandState.new(preset("italian"), random.Random(7), dealer=0)
>>> drawing = table(state)                       # the player to move: East
>>> drawing.startswith("<svg") and "East's view" in drawing
True
>>> "North's view" in table(state, seat="N")
True
>>> rules_html(preset("italian")).count('<tr class="option') == len(preset("italian").options())
True
"""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any, Final

from buraco_learn.cards import card_of_id
from buraco_learn.i18n import N_, _, language, ngettext
from buraco_learn.render import CARD_H, CARD_W, _card_group, meld_svg

if TYPE_CHECKING:
    from buraco_learn.game.state import HandState
    from buraco_learn.game.view import PlayerView
    from buraco_learn.rules import Rules

WIDTH: Final = 780
_SEAT_WORDS: Final = {"N": N_("North"), "E": N_("East"), "S": N_("South"), "W": N_("West")}
_SIDE_WORDS: Final = {"NS": ("N", "S"), "EW": ("E", "W")}
#: Whose turn, by the phase (each a whole message).
_TO_MOVE: Final = {"draw": N_("{seat} to draw"), "play": N_("{seat} to play"), "pot": N_("{seat} to pick up the pot")}
#: The pots' captions, by the pot's name.
_POT_TAKEN: Final = {"pozzetto": N_("pozzetto {number}: taken"), "morto": N_("morto {number}: taken"), "pot": N_("pot {number}: taken")}
_POT_TAKEN_BY: Final = {"pozzetto": N_("pozzetto {number}: taken by {side}"), "morto": N_("morto {number}: taken by {side}"),
                        "pot": N_("pot {number}: taken by {side}")}
_POT_SIZE: Final = {"pozzetto": N_("pozzetto {number}: {n}"), "morto": N_("morto {number}: {n}"), "pot": N_("pot {number}: {n}")}
_BACK_STEP: Final = 7  # px between face-down cards of another hand
_SMALL: Final = 0.6  # scale of other hands, the stock and the pots
_INK: Final = "#1a1a1a"


class SvgDrawing(str):
    """An SVG document as a string that also displays itself in a notebook."""

    def _repr_svg_(self) -> str:
        return str(self)


def seat_words(name: str) -> str:
    """``'N'`` -> ``'North'`` (in the learner's language); other seats (``P1``...) keep their names."""
    return _(_SEAT_WORDS[name]) if name in _SEAT_WORDS else name


def side_words(name: str) -> str:
    """``'NS'`` -> ``'North–South'``; a seat playing alone is named as its seat."""
    return "–".join(seat_words(seat) for seat in _SIDE_WORDS[name]) if name in _SIDE_WORDS else seat_words(name)


def _pot_hidden(pot: str, number: int, n: int) -> str:
    """A pot's face-down cards for screen readers, by the pot's name (one plural message per name)."""
    if pot == "pozzetto":
        return ngettext("pozzetto {number}: {n} face-down card", "pozzetto {number}: {n} face-down cards", n, number=number)
    if pot == "morto":
        return ngettext("morto {number}: {n} face-down card", "morto {number}: {n} face-down cards", n, number=number)
    return ngettext("pot {number}: {n} face-down card", "pot {number}: {n} face-down cards", n, number=number)


def table(subject: HandState | PlayerView, seat: int | str | None = None, *, four_colour: bool = False) -> SvgDrawing:
    """The table as SVG from one seat's view: a state's player to move unless ``seat`` says otherwise.

    ``subject`` is a :class:`~buraco_learn.game.HandState` (its ``view(seat)`` is drawn) or a
    :class:`~buraco_learn.game.view.PlayerView` (drawn as it is; ``seat`` must be its own or None).
    """
    from buraco_learn.game.view import PlayerView

    if isinstance(subject, PlayerView):
        if seat is not None and _seat_index(subject.seat_names, seat) != subject.seat:
            raise ValueError(f"a view is {subject.seat_names[subject.seat]}'s own: it cannot be drawn from seat {seat!r}")
        return view_svg(subject, four_colour=four_colour)
    index = subject.current if seat is None else _seat_index(subject.seat_names, seat)
    return view_svg(subject.view(index, with_legal=False), four_colour=four_colour)


def _seat_index(names: tuple[str, ...] | list[str], seat: int | str) -> int:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return seat
    if isinstance(seat, str):
        wanted = seat.strip().upper()
        for index, name in enumerate(names):
            if wanted in (name.upper(), seat_words(name).upper()):
                return index
    raise ValueError(f"no seat {seat!r} at this table (its seats: {', '.join(names)})")


def _text(x: float, y: float, words: str, *, size: int = 13, weight: str = "normal", cls: str = "", anchor: str = "start") -> str:
    klass = f' class="{cls}"' if cls else ""
    return (f'<text{klass} x="{x:g}" y="{y:g}" font-size="{size}" font-weight="{weight}" text-anchor="{anchor}" '
            f'fill="{_INK}" font-family="sans-serif">{html.escape(words, quote=False)}</text>')


def _backs(x: float, y: float, count: int, label: str, cls: str) -> tuple[str, float]:
    """``count`` face-down cards, small and overlapped, under one aria-label; returns (svg, width)."""
    shown = max(count, 1)
    width = (_BACK_STEP * (shown - 1) + CARD_W) * _SMALL
    cards = "".join(_card_group(card_of_id(0), i * _BACK_STEP, 0, four_colour=False, face_down=True) for i in range(count))
    if count == 0:
        cards = f'<rect width="{CARD_W}" height="{CARD_H}" rx="6" fill="none" stroke="#999" stroke-dasharray="4 3"/>'
    return (f'<g class="{cls}" role="img" aria-label="{html.escape(label)}" transform="translate({x:g},{y:g}) scale({_SMALL})">'
            f"{cards}</g>", width)


def view_svg(view: PlayerView, *, four_colour: bool = False) -> SvgDrawing:
    """The table as ``view``'s seat sees it, as one SVG document (see the module docstring for what it shows)."""
    from buraco_learn.vocabulary import vocabulary

    words = vocabulary(view.rules)
    names = view.seat_names
    me = view.seat
    parts: list[str] = []
    y = 22.0
    phase = view.phase
    english = language() == "en"
    if phase == "over":
        to_move = _("the hand is over")
    elif english or phase not in _TO_MOVE:
        to_move = f"{seat_words(names[view.current])} to {phase}"
    else:
        to_move = _(_TO_MOVE[phase], seat=seat_words(names[view.current]))
    parts.append(_text(8, y, _("{seat}'s view", seat=seat_words(names[me])), size=16, weight="bold", cls="title"))
    parts.append(_text(WIDTH - 8, y, _("{rules} · turn {turn} · {to_move}", rules=view.rules.name, turn=view.get("turn"), to_move=to_move),
                       anchor="end", cls="status"))
    y += 14

    # the other hands: face down, counted; known cards in words
    step_of_play = 1 if view.rules.play_direction == "clockwise" else -1
    others = [(me + step_of_play * k) % len(names) for k in range(1, len(names))]  # the next to play first
    column = (WIDTH - 16) / max(len(others), 1)
    for place, seat in enumerate(others):
        x = 8 + place * column
        partner = view.side_of[seat] == view.side_of[me] and not words.alone
        count = view.hand_counts[seat]
        who = seat_words(names[seat])
        title = (ngettext("{seat} (partner): {n} card", "{seat} (partner): {n} cards", count, seat=who) if partner
                 else ngettext("{seat} (opponent): {n} card", "{seat} (opponent): {n} cards", count, seat=who))
        parts.append(_text(x, y + 14, title, cls=f"seat seat-{names[seat]}"))
        hidden_label = (f"{who}'s hand: {count} face-down cards" if english
                        else ngettext("{seat}'s hand: {n} face-down card", "{seat}'s hand: {n} face-down cards", count, seat=who))
        backs, _width = _backs(x, y + 22, count, hidden_label, f"hand hidden seat-{names[seat]}")
        parts.append(backs)
        known = view.known(seat)
        if known:
            parts.append(_text(x, y + 22 + CARD_H * _SMALL + 14, _("known to hold: {cards}", cards=" ".join(card.unicode() for card in known)),
                               size=11, cls="known"))
    y += 22 + CARD_H * _SMALL + 24

    # stock, pile, pots
    parts.append(_text(8, y + 12, _("stock: {n}", n=view.stock_size), cls="stock-label"))
    stock_label = (f"stock: {view.stock_size} face-down cards" if english
                   else ngettext("stock: {n} face-down card", "stock: {n} face-down cards", view.stock_size))
    backs, _width = _backs(8, y + 18, min(view.stock_size, 1), stock_label, "stock")
    parts.append(backs)
    pile_x = 8 + CARD_W * _SMALL + 40
    pile = view.pile_ids
    hidden = view.pile_size - len(pile)
    pile_label = (_("discard pile: {n} ({hidden} under the top unseen)", n=view.pile_size, hidden=hidden) if hidden
                  else _("discard pile: {n}", n=view.pile_size))
    parts.append(_text(pile_x, y + 12, pile_label, cls="pile-label"))
    step = min(CARD_W * 0.5, 300 / max(len(pile), 1))
    pile_cards = "".join(_card_group(card_of_id(card_id), i * step, 0, four_colour=four_colour) for i, card_id in enumerate(pile))
    parts.append(f'<g class="pile" role="group" aria-label="{html.escape(pile_label)}" transform="translate({pile_x:g},{y + 18:g})">{pile_cards}</g>')
    pot_x = pile_x + 340.0
    for index, (size, owner) in enumerate(zip(view.pot_sizes, view.pot_owner)):
        pot = words.pot if words.pot in _POT_SIZE else "pot"
        if size is None:
            if english:
                state_words = f"{words.pot} {index + 1}: taken" + (f" by {side_words(view.side_names[owner])}" if owner is not None else "")
            elif owner is not None:
                state_words = _(_POT_TAKEN_BY[pot], number=index + 1, side=side_words(view.side_names[owner]))
            else:
                state_words = _(_POT_TAKEN[pot], number=index + 1)
            parts.append(_text(pot_x, y + 12, state_words, size=11, cls="pot taken"))
            pot_x += 130
            continue
        caption = f"{words.pot} {index + 1}: {size}" if english else _(_POT_SIZE[pot], number=index + 1, n=size)
        label = f"{words.pot} {index + 1}: {size} face-down cards" if english else _pot_hidden(pot, index + 1, size)
        parts.append(_text(pot_x, y + 12, caption, size=11, cls="pot-label"))
        backs, _width = _backs(pot_x, y + 18, 1, label, "pot")
        parts.append(backs)
        pot_x += 90
    y += 18 + CARD_H + 18

    # the melds, side by side, yours first
    sides = sorted(set(view.side_of), key=lambda side: (side != view.my_side, side))
    for side in sides:
        melds = [meld for meld in view.melds if meld.side == side]
        score = dict(view.scores).get(side)
        name = side_words(view.side_names[side])
        heading = (_("{side}'s melds · score {score}", side=name, score=score) if score is not None
                   else _("{side}'s melds", side=name))
        parts.append(_text(8, y + 14, heading, weight="bold", cls=f"side side-{view.side_names[side]}"))
        y += 22
        if not melds:
            parts.append(_text(8, y + 12, _("none yet"), size=11, cls="no-melds"))
            y += 22
            continue
        x, row_height = 8.0, 0.0
        for meld in melds:
            picture = meld_svg(meld.meld, view.rules, four_colour=four_colour, scale=0.7)
            width = float(re.search(r'width="([0-9.]+)"', picture).group(1))  # type: ignore[union-attr]
            height = float(re.search(r'height="([0-9.]+)"', picture).group(1))  # type: ignore[union-attr]
            if x + width > WIDTH - 8 and x > 8:
                x, y = 8.0, y + row_height + 8
                row_height = 0.0
            parts.append(f'<g class="meld m{meld.id}" transform="translate({x:g},{y:g})">{picture}</g>')
            x += width + 14
            row_height = max(row_height, height)
        y += row_height + 10

    # this seat's hand, face up
    hand = view.hand_ids
    parts.append(_text(8, y + 14, ngettext("{seat}'s hand: {n} card", "{seat}'s hand: {n} cards", len(hand), seat=seat_words(names[me])),
                       weight="bold", cls="own-hand-label"))
    y += 22
    step = min(CARD_W * 0.55, (WIDTH - 16 - CARD_W) / max(len(hand) - 1, 1))
    cards = "".join(_card_group(card_of_id(card_id), 8 + i * step, 0, four_colour=four_colour) for i, card_id in enumerate(hand))
    own = html.escape(_("{seat}'s hand", seat=seat_words(names[me])))
    parts.append(f'<g class="hand own" role="group" aria-label="{own}" '
                 f'transform="translate(0,{y:g})">{cards}</g>')
    y += CARD_H + 10
    aria = _("The table from {seat}'s seat: {to_move}", seat=seat_words(names[me]), to_move=to_move)
    return SvgDrawing(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="buraco-table" role="img" aria-label="{html.escape(aria)}" '
        f'width="{WIDTH}" height="{y:g}" viewBox="0 0 {WIDTH} {y:g}">'
        f'<rect class="felt" width="{WIDTH}" height="{y:g}" rx="8" fill="#e8f1ea"/>{"".join(parts)}</svg>'
    )


# -- rules ----------------------------------------------------------------------------------------

def _allowed(choices: tuple[Any, ...], low: int | None, high: int | None, default: Any) -> str:
    if choices:
        return ", ".join(map(str, choices))
    if low is not None or high is not None:
        return f"{'' if low is None else low} to {'' if high is None else high}".strip()
    if isinstance(default, bool):
        return "yes, no"
    return ""


def rules_html(rules: Rules) -> str:
    """Every option of ``rules`` as one HTML table: its value here, the declared default, what it may be, its sentence
    (which names its source document).

    Rows whose value differs from the preset the ruleset is based on carry the class ``changed``.
    """
    from buraco_learn.house_rules import choice_label, option_label

    changed = rules.changed_options()
    rows = []
    for spec in rules.options():
        value = getattr(rules, spec.name)
        cls = "option changed" if spec.name in changed and spec.name != "name" else "option"
        rows.append(
            f'<tr class="{cls}" data-option="{spec.name}">'
            f'<th scope="row" style="text-align:left"><code>{html.escape(spec.name)}</code><br/>'
            f'<small>{html.escape(option_label(spec.name))}</small></th>'
            f'<td class="value">{html.escape(choice_label(spec.name, value))}</td>'
            f'<td class="default">{html.escape(choice_label(spec.name, spec.default))}</td>'
            f'<td class="allowed">{html.escape(_allowed(spec.choices, spec.low, spec.high, spec.default))}</td>'
            f'<td class="sentence" style="text-align:left">{html.escape(spec.doc, quote=False)}</td></tr>'
        )
    changes = len([name for name in changed if name != "name"])
    caption = (f"{html.escape(rules.name)}: {len(rows)} options, following {html.escape(rules.source)}"
               f" (preset {html.escape(rules.base)}" + (f", {changes} changed, marked ✎" if changes else "") + ")")
    style = "<style>.buraco-rules tr.changed td.value::before { content: '✎ '; }</style>"
    return (
        f'{style}<table class="buraco-rules"><caption>{caption}</caption>'
        "<thead><tr><th>option</th><th>value</th><th>default</th><th>may be</th><th>the rule (and its document)</th></tr></thead>"
        f'<tbody>{"".join(rows)}</tbody></table>'
    )
