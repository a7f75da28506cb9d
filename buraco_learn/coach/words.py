"""Small phrases of the coach's comments: points, what a move gives up, sentences.

>>> points_words(0.4), points_words(1.2), points_words(23.6)
('less than a point', 'about 1 point', 'about 24 points')
>>> sentence("the pile held cards your hand could use")
'The pile held cards your hand could use.'
"""

from __future__ import annotations

from buraco_learn.game.actions import Action

from ..bots.heuristics import Position
from .explain import card_words, cards_list, meld_words, opponent_melds_for, terms, tip


def points_words(points: float) -> str:
    """``about 24 points`` (never "about 0 points")."""
    rounded = round(points)
    if rounded < 1:
        return "less than a point"
    return f"about {rounded} point{'s' if rounded != 1 else ''}"


def sentence(text: str) -> str:
    """``text`` with a capital and a full stop."""
    text = text.strip()
    if not text:
        return ""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def risk_of(pos: Position, action: Action) -> str:
    """What the learner's action gives up, in one sentence (empty when nothing specific)."""
    rules = pos.rules
    t = pos.t
    words = terms(rules)
    if action.kind in ("discard", "close") and action.cards:
        code = action.cards[0].code
        card = card_words(code)
        if t.wild[code]:
            return f"Discarding {card} gives a wild card away ({tip('save_wilds', rules.source)})."
        if code in pos.opp_add:
            melds = opponent_melds_for(pos, code)
            where = meld_words(melds[0], rules, pos.side) if melds else f"one of {words.them}' melds"
            return f"{sentence(card)[:-1]} extends {where} ({tip('safe_discard', rules.source)})."
        if pos.card_use(code) > 12:
            return f"{sentence(card)[:-1]} belonged with other cards in your hand ({tip('keep_together', rules.source)})."
        return ""
    if action.kind == "take":
        return f"Taking the pile loads your hand ({tip('big_pile', rules.source)})."
    if action.kind in ("meld", "add", "swap"):
        codes = [card.code for group in action.groups for card in group] + [card.code for card in action.cards]
        if any(t.wild[code] for code in codes):
            return f"Your play spends a wild card on {cards_list(codes)} ({tip('save_wilds', rules.source)})."
        them = "them" if len(codes) > 1 else "it"
        verb = "Laying down" if action.kind == "meld" else "Adding"
        return f"{verb} {cards_list(codes)} now takes {them} out of your hand's plans ({tip('keep_together', rules.source)})."
    if action.kind == "draw" and pos.pile:
        return "The pile held cards your hand could use."
    return ""
