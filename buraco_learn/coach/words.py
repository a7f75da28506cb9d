"""Small phrases of the coach's comments: points, what a move gives up, sentences.

>>> points_words(0.4), points_words(1.2), points_words(23.6)
('less than a point', 'about 1 point', 'about 24 points')
>>> sentence("the pile held cards your hand could use")
'The pile held cards your hand could use.'
"""

from __future__ import annotations

from buraco_learn.extend import check_add
from buraco_learn.game.actions import Action
from buraco_learn.i18n import _, ngettext, number
from buraco_learn.melds import check_meld

from ..bots.heuristics import Position
from .explain import card_word, cards_list, meld_words, opponent_melds_for, tip


def points_words(points: float) -> str:
    """``about 24 points`` (never "about 0 points")."""
    rounded = round(points)
    if rounded < 1:
        return _("less than a point")
    return ngettext("about {points} point", "about {points} points", rounded, points=number(rounded))


def sentence(text: str) -> str:
    """``text`` with a capital and a full stop."""
    text = text.strip()
    if not text:
        return ""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def spends_wild(pos: Position, action: Action) -> bool:
    """Whether ``action`` lays a card down as a wild (a 2 in its natural place is no wild:
    002 and 000 'Melds'), judged by the arrangement the meld takes.

    >>> import random
    >>> from buraco_learn import preset
    >>> from buraco_learn.game import HandState
    >>> pos = Position.from_state(HandState.new(preset("italian"), random.Random(1)), 0)
    >>> spends_wild(pos, Action.parse("meld AS 2S 3S")), spends_wild(pos, Action.parse("meld AS 2H 3S"))
    (False, True)
    """
    rules = pos.rules
    if action.kind == "meld":
        melds = [check_meld(group, rules).meld for group in action.groups]
        return any(slot.wild for meld in melds if meld is not None for slot in meld.slots)
    if action.kind == "add":
        target = pos.meld_by_id(action.target)
        if target is None:
            return False
        after = check_add(target.meld, action.cards, rules).meld
        wilds = sum(slot.wild for slot in target.meld.slots)
        return after is not None and sum(slot.wild for slot in after.slots) > wilds
    return False


def risk_of(pos: Position, action: Action) -> str:
    """What the learner's action gives up, in one sentence (empty when nothing specific)."""
    rules = pos.rules
    t = pos.t
    alone = not rules.partnerships
    if action.kind in ("discard", "close") and action.cards:
        code = action.cards[0].code
        card = card_word(code)
        if t.wild[code]:
            return _("Discarding the {card} gives a wild card away ({source}).", card=card, source=tip("save_wilds", rules.source))
        if code in pos.opp_add:
            melds = opponent_melds_for(pos, code)
            source = tip("safe_discard", rules.source)
            if melds:
                return _("The {card} extends {meld} ({source}).", card=card, meld=meld_words(melds[0], rules, pos.side), source=source)
            if alone:
                return _("The {card} extends one of your opponents' melds ({source}).", card=card, source=source)
            return _("The {card} extends one of the opponents' melds ({source}).", card=card, source=source)
        if pos.card_use(code) > 12:
            return _("The {card} belonged with other cards in your hand ({source}).", card=card, source=tip("keep_together", rules.source))
        return ""
    if action.kind == "take":
        return _("Taking the pile loads your hand ({source}).", source=tip("big_pile", rules.source))
    if action.kind in ("meld", "add", "swap"):
        codes = [card.code for group in action.groups for card in group] + [card.code for card in action.cards]
        if spends_wild(pos, action):
            return _("Your play spends a wild card on {cards} ({source}).", cards=cards_list(codes), source=tip("save_wilds", rules.source))
        source = tip("keep_together", rules.source)
        if action.kind == "meld":
            return ngettext("Laying down {cards} now takes it out of your hand's plans ({source}).",
                            "Laying down {cards} now takes them out of your hand's plans ({source}).",
                            len(codes), cards=cards_list(codes), source=source)
        return ngettext("Adding {cards} now takes it out of your hand's plans ({source}).",
                        "Adding {cards} now takes them out of your hand's plans ({source}).",
                        len(codes), cards=cards_list(codes), source=source)
    if action.kind == "draw" and pos.pile:
        return _("The pile held cards your hand could use.")
    return ""
