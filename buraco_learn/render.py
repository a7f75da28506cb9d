"""Pure rendering: cards, melds and verdicts as SVG and HTML strings.

Nothing here imports Jupyter; objects display themselves in a notebook through
``_repr_svg_`` / ``_repr_html_``, which call these functions. Elements carry
semantic classes (``card``, ``wild``, ``burraco-clean`` ...) and ``aria-label``s so
tests and screen readers can read them.

>>> from buraco_learn import Card
>>> svg = card_svg(Card.parse("QH"))
>>> 'class="card red"' in svg and 'aria-label="Queen of hearts"' in svg
True
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from buraco_learn.cards import Card, Suit
from buraco_learn.i18n import _

if TYPE_CHECKING:
    from buraco_learn.melds import Meld, Slot, Verdict
    from buraco_learn.rules import Rules

CARD_W = 60
CARD_H = 84
_TWO_COLOUR = {Suit.SPADES: "#1a1a1a", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#c8102e", Suit.CLUBS: "#1a1a1a"}
_FOUR_COLOUR = {Suit.SPADES: "#1a1a1a", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#1f5fbf", Suit.CLUBS: "#1e7b34"}


def suit_colour(suit: Suit | None, four_colour: bool = False) -> str:
    """The ink of a suit: two colours (red, black) or the four-colour deck."""
    if suit is None:
        return "#6b2fa3"
    return (_FOUR_COLOUR if four_colour else _TWO_COLOUR)[suit]


def _card_group(card: Card, x: float, y: float, *, four_colour: bool, label: str | None = None,
                classes: str = "", rotate: bool = False, face_down: bool = False) -> str:
    name = "face-down card" if face_down else (label or card.name())
    cls = "card face-down" if face_down else f"card {'red' if card.suit is not None and card.suit.is_red else 'black'}"
    if card.is_joker and not face_down:
        cls = "card joker"
    cls = f"{cls} {classes}".strip()
    transform = f"translate({x},{y})"
    if rotate:
        transform += f" rotate(90 {CARD_W / 2} {CARD_H / 2})"
    parts = [f'<g class="{cls}" role="img" aria-label="{html.escape(name)}" transform="{transform}">']
    if face_down:
        parts.append(f'<rect width="{CARD_W}" height="{CARD_H}" rx="6" fill="#2d4f8b" stroke="#183057"/>')
        parts.append(f'<rect x="5" y="5" width="{CARD_W - 10}" height="{CARD_H - 10}" rx="4" fill="none" stroke="#9fb6e0" stroke-dasharray="3 3"/>')
        parts.append("</g>")
        return "".join(parts)
    colour = suit_colour(card.suit, four_colour)
    parts.append(f'<rect width="{CARD_W}" height="{CARD_H}" rx="6" fill="#fff" stroke="#555"/>')
    if card.is_joker:
        parts.append(f'<text x="6" y="18" font-size="14" font-weight="bold" fill="{colour}">JK</text>')
        parts.append(f'<text x="{CARD_W / 2}" y="{CARD_H / 2 + 12}" font-size="32" text-anchor="middle" fill="{colour}">★</text>')
    else:
        rank = card.rank.letter if card.rank is not None else ""
        symbol = card.suit.symbol if card.suit is not None else ""
        parts.append(f'<text x="6" y="20" font-size="17" font-weight="bold" fill="{colour}">{rank}</text>')
        parts.append(f'<text x="6" y="36" font-size="15" fill="{colour}">{symbol}</text>')
        parts.append(f'<text x="{CARD_W / 2 + 6}" y="{CARD_H / 2 + 18}" font-size="30" text-anchor="middle" fill="{colour}">{symbol}</text>')
    parts.append("</g>")
    return "".join(parts)


def card_svg(card: Card, *, four_colour: bool = False, scale: float = 1.0, face_down: bool = False) -> str:
    """One card as a standalone SVG."""
    width, height = CARD_W * scale, CARD_H * scale
    body = _card_group(card, 0, 0, four_colour=four_colour, face_down=face_down)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="buraco-card" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {CARD_W} {CARD_H}">{body}</svg>'
    )


def cards_svg(cards: list[Card], *, four_colour: bool = False, scale: float = 1.0, overlap: float = 0.45) -> str:
    """A row of cards, overlapped like a hand."""
    step = CARD_W * (1 - overlap) if cards else 0
    width = (step * (len(cards) - 1) + CARD_W) if cards else CARD_W
    body = "".join(_card_group(card, i * step, 0, four_colour=four_colour) for i, card in enumerate(cards))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="buraco-cards" width="{width * scale:g}" height="{CARD_H * scale:g}" '
        f'viewBox="0 0 {width:g} {CARD_H}">{body}</svg>'
    )


def slot_label(slot: Slot) -> str:
    """A card in a meld in words for a screen reader, in the learner's language; a wild says what it stands for.

    >>> from buraco_learn import Meld
    >>> slot_label(Meld.parse("5D JK 7D").slots[1])
    'joker, wild, standing for 6 of diamonds'
    """
    if not slot.wild:
        return slot.card.name()
    stands = slot.stands_for
    if stands is not None:
        return _("{card}, wild, standing for {stands}", card=slot.card.name(), stands=stands.name())
    return _("{card}, wild, standing for a {rank}", card=slot.card.name(), rank=slot.rank.spoken())


def meld_svg(meld: Meld, rules: Rules | None = None, *, four_colour: bool = False, scale: float = 1.0) -> str:
    """A meld laid out in order; wild cards are labelled with what they stand for.

    A burraco is marked as 002 says: clean, the last two cards crosswise; dirty, the last card.
    """
    from buraco_learn.melds import burraco_kind, resolve_rules
    from buraco_learn.problems import burraco_phrase

    ruleset = resolve_rules(rules)
    kind = burraco_kind(meld, ruleset)
    crosswise = 0 if kind is None else (1 if kind in ("dirty", "semi-clean") else 2)
    step = CARD_W * 0.5
    count = len(meld.slots)
    width = step * (count - 1) + CARD_W + (CARD_H - CARD_W if crosswise else 0)
    parts = []
    for i, slot in enumerate(meld.slots):
        rotate = i >= count - crosswise
        label = slot_label(slot)
        classes = "wild" if slot.wild else "natural"
        parts.append(_card_group(slot.card, i * step, 12, four_colour=four_colour, label=label, classes=classes, rotate=rotate))
        if slot.wild:
            stands = slot.stands_for
            text = stands.unicode() if stands else slot.rank.letter
            parts.append(f'<text class="stands-for" x="{i * step + 4}" y="9" font-size="10" fill="#6b2fa3">={html.escape(text)}</text>')
    cls = f"buraco-meld {meld.kind}" + (f" burraco burraco-{kind}" if kind else "")
    shape = _("run of {n} cards", n=count) if meld.kind == "run" else _("set of {n} cards", n=count)
    aria = html.escape(_("{meld}, {burraco}", meld=shape, burraco=burraco_phrase(kind, ruleset) or _(kind)) if kind else shape)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" role="img" aria-label="{aria}" '
        f'width="{width * scale:g}" height="{(CARD_H + 12) * scale:g}" viewBox="0 0 {width:g} {CARD_H + 12}">{"".join(parts)}</svg>'
    )


def verdict_html(verdict: Verdict) -> str:
    """A verdict as HTML: the cards (arranged when legal) and the explanation."""
    ok = verdict.legal
    meld = verdict.meld
    picture = meld_svg(meld, verdict.rules) if meld is not None else cards_svg(list(verdict.cards))
    items = "".join(f"<li>{html.escape(text)}</li>" for text in verdict.explanations)
    head = html.escape(verdict.reason if ok else "Illegal")
    return (
        f'<div class="buraco-verdict {"legal" if ok else "illegal"}">{picture}'
        f'<p class="verdict-reason"><strong>{"✔" if ok else "✘"}</strong> {head}</p>'
        + (f"<ul>{items}</ul>" if items else "")
        + "</div>"
    )
