"""Each ruleset's own words, decided in one place.

Every learner-facing text (a refusal, a meld's verdict, a score line, the table, the
coach) names things the way the ruleset's document does: what a meld of seven is
called, what the pot is called, and who owns the melds. Nothing else chooses these
words; :func:`vocabulary` is the one place.

- A meld of seven: "burraco" (000, 002), "canasta" (001, 004), "canastra" (003).
- The pot: "pozzetto" (002); "morto" (000, 001, 003: 000 calls it "the MORTO
  (pozzetto)" once and the morto everywhere else, headings included). 004 has no pot;
  a host who adds one has a "pot".
- Who: in a partnership game the melds, the pot and the score are "your side's"; in
  cut-throat (004, ``partnerships=False``) every player is alone, so it is "you" and
  "your melds", never a side or a team.

>>> from buraco_learn import preset
>>> words = vocabulary(preset("aberto"))
>>> words.burraco, words.pot, words.ours
('canasta', 'morto', "your side's")
>>> words = vocabulary(preset("cutthroat"))
>>> words.burraco, words.ours, words.we, words.we_have
('canasta', 'your', 'you', 'you have')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from buraco_learn.rules import Rules

#: What each document calls a meld of seven or more cards.
BURRACO_WORDS: Final = {"000": "burraco", "001": "canasta", "002": "burraco", "003": "canastra", "004": "canasta"}
#: What each document calls the pot (004 has none).
POT_WORDS: Final = {"000": "morto", "001": "morto", "002": "pozzetto", "003": "morto", "004": "pot"}


@dataclass(frozen=True)
class Vocabulary:
    """The words of one ruleset.

    ``burraco``: a meld of seven; ``pot``: the pot's name; ``alone``: every player
    plays for themselves (no sides to speak of). The other fields are the phrases built
    from them, so that no text has to choose between "your side's" and "your".
    """

    burraco: str
    pot: str
    alone: bool

    @property
    def ours(self) -> str:
        """``your side's`` (``your`` where everyone plays alone): whose melds these are."""
        return "your" if self.alone else "your side's"

    @property
    def we(self) -> str:
        """``your side`` (``you``): who must meet a condition."""
        return "you" if self.alone else "your side"

    @property
    def we_have(self) -> str:
        """``your side has`` (``you have``)."""
        return "you have" if self.alone else "your side has"

    @property
    def its(self) -> str:
        """``its`` (``your``): the possessive after :attr:`we`."""
        return "your" if self.alone else "its"

    @property
    def our_melds(self) -> str:
        """``your side's melds`` (``your melds``)."""
        return f"{self.ours} melds"

    @property
    def theirs(self) -> str:
        """``the opponents'`` (``an opponent's``): whose the other melds are."""
        return "an opponent's" if self.alone else "the opponents'"

    @property
    def them(self) -> str:
        """``the opponents`` (``your opponents``)."""
        return "your opponents" if self.alone else "the opponents"



def vocabulary(rules: Rules) -> Vocabulary:
    """The words of ``rules``: its document's names, and whether every player plays alone."""
    return Vocabulary(
        burraco=BURRACO_WORDS.get(rules.source, "burraco"),
        pot=POT_WORDS.get(rules.source, "pot"),
        alone=not rules.partnerships,
    )
