"""What each lesson taught, in three short lines: the recap at its end ("What you learned").

One entry per lesson, by its catalogue id (the ``id`` of its notebook's metadata); the
lesson kit draws it above "I've done this lesson" (:meth:`~buraco_learn.app.lessonkit.Page.done_button`).
Plain words for a newcomer: no card notation, no rule-document numbers, no option names.
A new lesson adds its three lines here; a test holds every lesson of the catalogue to it.

>>> recap("melds")[0]
'A meld is three or more cards laid face up for your side.'
>>> recap("no-such-lesson") is None
True
>>> print(recap_html("turn"))  # doctest: +ELLIPSIS
<style>...</style><section class="buraco-recap" aria-label="What you learned"><h3>What you learned</h3><ul><li>Each turn...</ul></section>
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Final

from buraco_learn.i18n import N_, _

#: The three lines of each lesson, by lesson id.
RECAPS: Final[dict[str, tuple[str, str, str]]] = {
    "cards": (
        N_("Burraco is played with two decks of cards and four jokers: 108 cards."),
        N_("The jokers and the 2s are wild: they stand in for a card you do not have."),
        N_("Each player is dealt 11 cards, and each side has a second hand of 11, the pot, face down for later."),
    ),
    "melds": (
        N_("A meld is three or more cards laid face up for your side."),
        N_("A set is cards of one rank, such as three 10s; a run is cards of one suit in a row, such as 7♥ 8♥ 9♥."),
        N_("You and your partner may add cards to your side's melds later."),
    ),
    "wild-cards": (
        N_("A meld holds at most one wild card, and is never made of wild cards alone."),
        N_("A 2 in its own place in a run of its suit, as in A♠ 2♠ 3♠, is an ordinary card."),
        N_("A wild card in a run can be swapped for the very card it stands for."),
    ),
    "aces": (
        N_("The ace goes below the 2, as in A 2 3, or above the King, as in Q K A."),
        N_("A run never turns the corner: K A 2 is not a run."),
        N_("One run holds one ace: never an ace at both ends."),
    ),
    "turn": (
        N_("Each turn, first draw the top card of the stock or take the whole discard pile."),
        N_("Then lay out new melds and add to your side's melds, if you like."),
        N_("End your turn by discarding one card face up on the pile."),
    ),
    "burraco": (
        N_("A burraco is a meld of seven cards or more."),
        N_("A clean burraco, with no wild card, scores 200; a dirty one, with a wild card, scores 100."),
        N_("Your side needs a burraco before it may close the hand."),
    ),
    "pot": (
        N_("The first player of your side to use up every card picks up your side's pot."),
        N_("Pick it up directly by melding every card, or after discarding your last card."),
        N_("A side that never takes its pot loses 100 points."),
    ),
    "closing": (
        N_("To close, your side must have taken its pot and have a burraco on the table."),
        N_("You close by melding all but one card and discarding the last one."),
        N_("The card that closes the hand may never be a wild card."),
    ),
    "scoring": (
        N_("Your side scores the cards it melded, minus the cards still in its hands."),
        N_("Add 200 or 100 for each burraco and 100 for closing; a pot never taken costs 100."),
        N_("Add up the hands: once a side reaches 2,005 points, the side with more wins."),
    ),
    "rulesets": (
        N_("The five rulesets agree on most of the game: melds, turns, the burraco of seven cards."),
        N_("They differ on details such as jokers, sets, how much of the pile you take and how to close."),
        N_("Every answer in these lessons names the rule document it comes from."),
    ),
    "meld-quiz": (
        N_("You can tell a legal meld from one that is not, on sight, and say why."),
        N_("You can build a legal meld from the cards in front of you."),
        N_("You can find the card that completes a burraco."),
    ),
    "play": (
        N_("You can play a whole hand beside your partner, against two opponents."),
        N_("Hint gives the coach's idea first, then the cards, then the move itself."),
        N_("After the hand, the coach's review shows the choices that cost you the most."),
    ),
    "take-the-pile": (
        N_("Take the discard pile when its cards make new melds with yours or fit your side's melds."),
        N_("A wild card in the pile makes it worth taking."),
        N_("When your hand is nearly empty, draw instead: a pile you cannot use keeps you from your pozzetto."),
    ),
    "safe-discards": (
        N_("East plays after you and may take the whole pile, so discard a card East and West cannot use."),
        N_("A card that fits their melds is dangerous, above all one that makes their burraco."),
        N_("Keep your wild cards: never throw one away."),
    ),
    "pot-or-close": (
        N_("Meld everything you can: emptying your hand first brings your side its pozzetto."),
        N_("Once your side has its pozzetto and a burraco, close as soon as you can."),
        N_("Closing scores 100, and the other side pays for every card still in their hands."),
    ),
    "bukharo": (
        N_("Bukharo plays like Italian Burraco, and its pot is called the morto."),
        N_("A side may lay out a second set of one rank, and a wild card at the end of a run may move up."),
        N_("The match is won by passing 2,000 points: exactly 2,000 is not enough."),
    ),
    "aberto": (
        N_("Buraco Aberto melds runs only, no sets, and a hand starts with no discard pile."),
        N_("On the first turn you may throw the card back and draw again; from 1,500 points, open with 75 or more."),
        N_("To close, your side needs its morto and a clean canasta; a joker left in hand costs 20."),
    ),
    "brazil-online": (
        N_("The Brazilian site plays without jokers; a run from ace to ace is a canastra worth 1,000."),
        N_("When the stock runs out a morto becomes the stock, and you may go out by melding your last cards."),
        N_("In the Fechado modes you see and take only the top card of the pile, and meld it at once."),
    ),
    "cutthroat": (
        N_("In cut-throat you play alone: no partner, no pot, and you may add to anybody's melds."),
        N_("You may take the pile down to the card you want, and you meld that card in the same turn."),
        N_("A set holds four different cards at most, every 2 is wild, and a 7 left in hand costs 7."),
    ),
}

HEADING: Final = N_("What you learned")
RECAP_STYLE: Final = """<style>
.buraco-recap{border-left:4px solid #1e7b34;background:#f3faf4;border-radius:0 6px 6px 0;padding:.5em 1em .6em;margin:.8em 0 .6em}
.buraco-recap h3{margin:.1em 0 .35em;font-size:110%}
.buraco-recap ul{margin:0;padding-left:1.2em}
.buraco-recap li{margin:.2em 0;line-height:1.45}
</style>"""


def recap(lesson: str) -> tuple[str, str, str] | None:
    """The three lines of ``lesson`` (its catalogue id), in the learner's language, or None when it has none yet."""
    lines = RECAPS.get(lesson)
    return None if lines is None else (_(lines[0]), _(lines[1]), _(lines[2]))


def recap_html(lesson: str) -> str:
    """The recap as the lesson shows it (empty for a lesson without one)."""
    lines = recap(lesson)
    return "" if lines is None else lines_html(lines)


def lines_html(lines: Sequence[str]) -> str:
    """Three recap lines drawn as every lesson's recap ("What you learned")."""
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    heading = html.escape(_(HEADING))
    return f'{RECAP_STYLE}<section class="buraco-recap" aria-label="{heading}"><h3>{heading}</h3><ul>{items}</ul></section>'
