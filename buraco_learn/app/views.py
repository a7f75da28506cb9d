"""What the lessons show, as pure functions of a ruleset: ``view(rules) -> HTML``.

Every number and verdict is computed from the ruleset (the deck, the deal, the card
values, :func:`check_meld`'s verdicts), so a lesson re-rendered for another preset
stays right. A lesson passes these to :meth:`RulesetChooser.view
<buraco_learn.app.lessonkit.RulesetChooser.view>`. No Jupyter here.

>>> from buraco_learn import preset
>>> "108 cards" in deck_html(preset("italian")) and "104 cards" in deck_html(preset("brazil-online"))
True
>>> deal_counts(preset("italian"))
{'hands': 44, 'pots': 22, 'discard': 1, 'stock': 41}
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Sequence
from typing import Final

from buraco_learn.cards import Card, Rank, Suit, deck_cards, parse_cards, sort_cards
from buraco_learn.extend import check_add, check_swap
from buraco_learn.i18n import N_, _
from buraco_learn.melds import Meld, Verdict, check_meld
from buraco_learn.presets import ruleset_name
from buraco_learn.render import card_svg, cards_svg, meld_svg, verdict_html
from buraco_learn.rules import Rules
from buraco_learn.sources import DOCUMENTS, cite
from buraco_learn.ui.quizgen import meld_why, quote_rule
from buraco_learn.ui.table_view import meld_name


def option_doc(option: str) -> str:
    """The sentence (with its source) that declares a rules option."""
    for spec in Rules.options():
        if spec.name == option:
            return spec.doc
    raise ValueError(f"unknown rules option {option!r}")


def option_why(option: str) -> Callable[[Rules], str]:
    """An explanation for a question about ``option``: the rule in words and its value under the ruleset, with the document.

    >>> from buraco_learn import preset
    >>> option_why("clean_bonus")(preset("italian"))
    'The bonus for a burraco with no wild card. Under Italian Burraco (002 Burraco: full rules (Italian)): 200.'
    """
    from buraco_learn.app.pages import format_option, option_words

    def explain(rules: Rules) -> str:
        document = DOCUMENTS[rules.source]
        value = format_option(getattr(rules, option), option)
        return _("{rule} Under {ruleset} ({document} {title}): {value}.", rule=option_words(option),
                 ruleset=ruleset_name(rules), document=document.id, title=document.title, value=value)

    return explain


def ruleset_line(rules: Rules, after: str = ":", *, style: str = "") -> str:
    """The line that heads what the engine shows under ``rules``: the ruleset's name as players
    say it (never a preset's id) and its document, then ``after`` (HTML: ``", the engine says:"``).

    >>> from buraco_learn import preset
    >>> ruleset_line(preset("italian"))
    '<p class="ruleset-line">Under <strong>Italian Burraco</strong> (002 Burraco: full rules (Italian)):</p>'
    """
    document = DOCUMENTS[rules.source]
    name = ruleset_name(rules)
    line = _("Under <strong>{ruleset}</strong> ({document} {title}){after}", ruleset=html.escape(name),
             document=html.escape(document.id), title=html.escape(document.title), after=after)
    return f'{style}<p class="ruleset-line">{line}</p>'


#: A legal verdict's head, by (a new meld?, the word "clean" taught yet?, a wild card in it?); ``{meld}``
#: is the meld's name (:func:`~buraco_learn.ui.table_view.meld_name`).
_VERDICT_HEADS: Final = {
    (True, True, True): N_("Legal: a dirty {meld} (with a wild card)."),
    (True, True, False): N_("Legal: a clean {meld} (no wild card)."),
    (True, False, True): N_("Legal: a {meld}, with a wild card."),
    (True, False, False): N_("Legal: a {meld}, no wild card in it."),
    (False, True, True): N_("Allowed: the meld is now a dirty {meld} (with a wild card)."),
    (False, True, False): N_("Allowed: the meld is now a clean {meld} (no wild card)."),
    (False, False, True): N_("Allowed: the meld is now a {meld}, with a wild card."),
    (False, False, False): N_("Allowed: the meld is now a {meld}, no wild card in it."),
}


def meld_verdict_html(verdict: Verdict, *, clean_word: bool = True) -> str:
    """A meld's verdict for a lesson: legal or not, in words, and why, naming the rule and its document.

    ``clean_word=False`` says "no wild card" instead of "clean" (lesson 2 comes before the word is taught).
    """
    if not verdict.legal or verdict.meld is None:
        page = verdict_html(verdict)
        not_legal, illegal = _("Not legal"), html.escape(_("Illegal"))
        return page.replace("</strong> Illegal</p>", f"</strong> {not_legal}</p>").replace(
            f"</strong> {illegal}</p>", f"</strong> {not_legal}</p>")
    meld = verdict.meld
    wild = any(slot.wild for slot in meld.slots)
    head = _(_VERDICT_HEADS[(verdict.action == "meld", clean_word, wild)], meld=meld_name(meld))
    lines = meld_why(verdict)
    if verdict.action == "swap":
        lines.append(_("A wild card can be swapped only for the card it stands for, and then moves to the lower end {rule}.",
                       rule=quote_rule("swap", verdict.rules)))
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return (f'<div class="buraco-verdict legal">{meld_svg(meld, verdict.rules)}'
            f'<p class="verdict-reason"><strong>✔</strong> {html.escape(head)}</p><ul>{items}</ul></div>')


# -- lesson 1: the cards and the deal -------------------------------------------------------
def wild_count(rules: Rules) -> int:
    """How many cards of the deck are wild cards (a natural 2 still counts: it can be wild elsewhere).

    >>> from buraco_learn import preset
    >>> wild_count(preset("italian")), wild_count(preset("brazil-online"))
    (12, 8)
    """
    return sum(1 for card in deck_cards(rules.jokers) if rules.is_wild(card))


def _rule_line(rule: str, rules: Rules) -> str:
    citation = cite(rule, rules.source)
    return f'{citation.short()}: "{citation.quote}"'


def deck_sentence(rules: Rules) -> str:
    """How many cards the deck has under ``rules``, and why, with the rule's document.

    >>> from buraco_learn import preset
    >>> deck_sentence(preset("brazil-online"))[:46]
    '104 cards: two decks of 52 and no jokers (003 '
    """
    if rules.jokers:
        return _("{n} cards: two decks of 52 and 4 jokers ({rule}).", n=rules.deck_size, rule=_rule_line("deck", rules))
    return _("{n} cards: two decks of 52 and no jokers ({rule}).", n=rules.deck_size, rule=_rule_line("deck", rules))


def wild_sentence(rules: Rules) -> str:
    """Which cards are wild under ``rules``, counted, with the rule's document."""
    rule = _rule_line("wilds", rules)
    if rules.jokers:
        return _("{n} wild cards: the 4 jokers and the eight 2s ({rule}).", n=wild_count(rules), rule=rule)
    return _("{n} wild cards: the eight 2s (there are no jokers) ({rule}).", n=wild_count(rules), rule=rule)


#: Each suit's row of the deck, for a screen reader.
_SUIT_ROWS: Final = {Suit.SPADES: N_("spades"), Suit.HEARTS: N_("hearts"), Suit.DIAMONDS: N_("diamonds"), Suit.CLUBS: N_("clubs")}


def deck_html(rules: Rules) -> str:
    """The deck, one row per suit (each card is in it twice) and the jokers, wild cards marked."""
    deck = deck_cards(rules.jokers)
    rows = []
    for suit in Suit:
        cards = sort_cards([card for card in set(deck) if card.suit is suit], by="rank")
        label = html.escape(_(_SUIT_ROWS[suit]) if suit in _SUIT_ROWS else suit.name.lower())
        rows.append(f'<div class="deck-row" aria-label="{label}">{cards_svg(cards, scale=0.7, overlap=0.5)}</div>')
    jokers = [card for card in deck if card.is_joker]
    if jokers:
        label = html.escape(_("jokers"))
        rows.append(f'<div class="deck-row" aria-label="{label}">{cards_svg(jokers, scale=0.7, overlap=0.5)}</div>')
    natural = (
        _("A 2 in its own place in a run of its suit (A 2 3 of spades) is an ordinary 2, not a wild card.")
        if rules.natural_two else _("Every 2 is wild, even in its own place in a run.")
    )
    if rules.jokers:
        deck_line = _("<strong>{n} cards</strong>: two decks of 52 and 4 jokers, so every card but the jokers is there twice.",
                      n=rules.deck_size)
        wild_line = _("<strong>{n} wild cards</strong>: the jokers and the eight 2s. {natural}", n=wild_count(rules), natural=natural)
    else:
        deck_line = _("<strong>{n} cards</strong>: two decks of 52, no jokers, so every card but the jokers is there twice.",
                      n=rules.deck_size)
        wild_line = _("<strong>{n} wild cards</strong>: the eight 2s. {natural}", n=wild_count(rules), natural=natural)
    return (
        ruleset_line(rules)
        + f"<p>{deck_line}</p>"
        + "".join(rows)
        + f"<p>{wild_line}</p>"
        + f'<p class="source">{html.escape(_rule_line("deck", rules))}</p>'
    )


def values_html(rules: Rules) -> str:
    """What each card is worth, melded or left in hand."""
    ranks = ["JK"] if rules.jokers else []
    ranks += ["2S", "AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S"]
    cells = "".join(
        f'<td>{card_svg(card, scale=0.5)}<br>{rules.value(card)}</td>' for card in parse_cards(" ".join(ranks))
    )
    label = html.escape(_("Card values"))
    return (
        ruleset_line(rules)
        + f'<table class="buraco-values" aria-label="{label}"><tr>{cells}</tr></table>'
    )


def deal_counts(rules: Rules) -> dict[str, int]:
    """Where the cards go at the deal: hands, pots, the first discard and the stock."""
    hands = rules.players * rules.hand_size
    pots = sum(rules.pot_sizes)
    discard = int(rules.start_discard)
    return {"hands": hands, "pots": pots, "discard": discard, "stock": rules.deck_size - hands - pots - discard}


#: How the players get their cards, by the direction of the deal.
_DEALT: Final = {
    "clockwise": N_("<p>{players} players get <strong>{each} cards each</strong> ({cards} cards), dealt clockwise.</p>"),
    "counter-clockwise": N_("<p>{players} players get <strong>{each} cards each</strong> ({cards} cards), dealt counter-clockwise.</p>"),
}
#: Who starts and where play goes, by the direction of play.
_PLAY: Final = {
    "clockwise": N_("<p>The rest, <strong>{n} cards</strong>, is the face-down stock. "
                    "The player to the dealer's left starts, and play goes clockwise.</p>"),
    "counter-clockwise": N_("<p>The rest, <strong>{n} cards</strong>, is the face-down stock. "
                            "The player to the dealer's right starts, and play goes counter-clockwise.</p>"),
}


def deal_html(rules: Rules, seed: int = 2005) -> str:
    """An example deal (a seeded shuffle, for the picture) and the counts the rules fix."""
    deck = deck_cards(rules.jokers)
    random.Random(seed).shuffle(deck)
    hands = [deck[seat * rules.hand_size:(seat + 1) * rules.hand_size] for seat in range(rules.players)]
    counts = deal_counts(rules)
    rest = deck[counts["hands"]:]
    pots, start = [], 0
    for size in rules.pot_sizes:
        pots.append(rest[start:start + size])
        start += size
    discard = rest[start:start + counts["discard"]]
    parts = [
        ruleset_line(rules),
        _(_DEALT[rules.deal_direction], players=rules.players, each=rules.hand_size, cards=counts["hands"]),
        _("<p>Your hand in this example deal:</p>") + cards_svg(sort_cards(hands[0]), scale=0.8),
    ]
    if rules.pot_sizes:
        backs = "".join(card_svg(pot[0], scale=0.6, face_down=True) for pot in pots)
        if len(rules.pot_sizes) == 1:
            pots_line = _("<p><strong>1 pot (pozzetto, morto)</strong> of {size} cards wait face down, one per side: {backs}</p>",
                          size=rules.pot_sizes[0], backs=backs)
        else:
            if len(rules.pot_sizes) == 2:
                sizes = _("{first} and {second}", first=rules.pot_sizes[0], second=rules.pot_sizes[1])
            else:
                sizes = " and ".join(str(size) for size in rules.pot_sizes)
            pots_line = _("<p><strong>{n} pots (pozzetti, mortos)</strong> of {sizes} cards wait face down, one per side: {backs}</p>",
                          n=len(rules.pot_sizes), sizes=sizes, backs=backs)
        parts.append(pots_line)
    else:
        parts.append(_("<p><strong>No pots</strong>: every player for themselves, nobody gets a second hand.</p>"))
    if discard:
        parts.append(_("<p>One card goes face up to start the discard pile: {card}</p>", card=card_svg(discard[0], scale=0.6)))
    else:
        parts.append(_("<p>No card is turned up: the discard pile starts empty.</p>"))
    parts.append(_(_PLAY[rules.play_direction], n=counts["stock"]))
    return "".join(parts)


# -- lessons 2 to 4: melds ----------------------------------------------------------------------
def verdicts_html(rules: Rules, examples: Sequence[str], captions: Sequence[str] = (), *, clean_word: bool = True) -> str:
    """Each example's cards and :func:`check_meld`'s verdict under ``rules``, with the rule that decides it."""
    parts = [ruleset_line(rules), '<div class="buraco-examples">']
    for index, cards in enumerate(examples):
        caption = captions[index] if index < len(captions) else ""
        verdict = check_meld(cards, rules)
        heading = f"<p><strong>{html.escape(caption)}</strong></p>" if caption else ""
        parts.append(f'<div class="meld-example" data-cards="{html.escape(cards)}">{heading}'
                     f"{meld_verdict_html(verdict, clean_word=clean_word)}</div>")
    return "".join(parts) + "</div>"


def base_run(rules: Rules) -> Meld:
    """The dirty run lesson 3 builds on: a joker (a 2 where there are no jokers) standing for 5♦, then 6♦ 7♦.

    >>> from buraco_learn import preset
    >>> str(base_run(preset("italian"))), str(base_run(preset("brazil-online")))
    ('JK=5D 6D 7D', '2C=5D 6D 7D')
    """
    return Meld.parse("JK=5D 6D 7D" if rules.jokers else "2C=5D 6D 7D", rules)


def add_swap_html(rules: Rules, meld: str | None = None) -> str:
    """A dirty run (default :func:`base_run`), then: adding a card, adding a second wild, swapping the wild out."""
    base = Meld.parse(meld, rules) if meld else base_run(rules)
    second_wild = "2H" if base.suit is not Suit.HEARTS else "2S"
    natural = next((slot.stands_for for slot in base.slots if slot.wild and slot.stands_for is not None), None)
    steps: list[tuple[str, Verdict]] = [
        (_("The run on the table"), check_meld(list(base.cards), rules)),
        (_("Add a natural card at the top"), check_add(base, _next_card(base), rules)),
        (_("Add a second wild card"), check_add(base, second_wild, rules)),
    ]
    if natural is not None:
        steps.append((_("Put in the {card} the wild stands for", card=natural.unicode()), check_swap(base, natural, rules)))
    parts = [ruleset_line(rules), '<div class="buraco-examples">']
    for title, verdict in steps:
        parts.append(f'<div class="meld-example"><p><strong>{html.escape(title)}</strong></p>{meld_verdict_html(verdict)}</div>')
    return "".join(parts) + "</div>"


def _next_card(meld: Meld) -> Card:
    """The natural card just above a run's top (the ace above a King)."""
    top = max(slot.position or int(slot.rank) for slot in meld.slots)
    return Card(Rank.ACE if top >= 13 else Rank(top + 1), meld.suit)
