"""The documents' worked examples as scripts: a starting position and captioned steps.

Each :class:`Example` is a position written in card notation (see
:func:`buraco_learn.game.position.position`) and a list of :class:`Step`: an action
in notation and a caption that cites the document. A step marked ``illegal`` is a
try the engine refuses on purpose, to teach the rule through its explanation; it
changes nothing. The lessons show them in :class:`buraco_learn.ui.Replayer`; the
tests replay every one (pure Python, no Jupyter).

002's pile example, step by step:

>>> pile = EXAMPLES["pile-002"]
>>> [step.action for step in pile.steps]
['take', 'meld KS KD KH', 'discard 7C']
>>> for step, after, refusal in pile.play():
...     print(step.action, "->", len(after.pile), "in the pile;", refusal or "legal")
take -> 0 in the pile; legal
meld KS KD KH -> 0 in the pile; legal
discard 7C -> 1 in the pile; legal
>>> {side: score.total for side, score in EXAMPLES["north-closes-002"].final_state().score().items()}
{'NS': 410, 'EW': 155}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from buraco_learn.errors import BuracoError
from buraco_learn.game.position import position
from buraco_learn.game.state import HandState
from buraco_learn.presets import preset
from buraco_learn.rules import Rules
from buraco_learn.sources import cite


def _c(rule: str, document: str) -> str:
    """The citation of a rule in parentheses: ``(002 'Playing a turn')``."""
    return f"({cite(rule, document).short()})"


@dataclass(frozen=True)
class Step:
    """One step of an example: an action in notation and what it shows (with its source).

    ``illegal``: the engine refuses this action on purpose; the state stays as it was
    and the replayer shows the engine's explanation under the caption.
    """

    action: str
    caption: str
    illegal: bool = False


@dataclass(frozen=True)
class Example:
    """A worked example from a rule document: a position, then captioned steps."""

    key: str
    title: str
    document: str
    rules: str
    setup: Mapping[str, Any]
    intro: str
    steps: tuple[Step, ...]
    outro: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)

    def ruleset(self) -> Rules:
        """The preset the example is played under."""
        return preset(self.rules, **dict(self.options))

    def start(self) -> HandState:
        """A fresh copy of the starting position."""
        return position(self.ruleset(), **dict(self.setup))

    def play(self) -> Iterator[tuple[Step, HandState, str | None]]:
        """Apply the steps to a fresh position: yields (step, state after it, the refusal).

        The state yielded is the live one (clone it to keep it). A legal step has no
        refusal; an ``illegal`` step yields the engine's explanation and the unchanged
        state. A step that does not behave as scripted raises :class:`BuracoError`.
        """
        state = self.start()
        for number, step in enumerate(self.steps, 1):
            refusal = state.explain_illegal(step.action)
            if step.illegal != (refusal is not None):
                what = "legal" if refusal is None else f"refused: {refusal}"
                raise BuracoError(f"example {self.key!r}, step {number} ({step.action!r}) is {what}, not as scripted")
            if refusal is None:
                state.apply(step.action)
            yield step, state, refusal

    def final_state(self) -> HandState:
        """The position after every step."""
        final: HandState | None = None
        for _, after, _ in self.play():
            final = after
        return final if final is not None else self.start()


def example(key: str) -> Example:
    """The example called ``key``; an unknown key raises naming the known ones."""
    try:
        return EXAMPLES[key]
    except KeyError:
        raise BuracoError(f"unknown example {key!r}: choose one of {', '.join(EXAMPLES)}") from None


_POT_NS: Final = "9S 9D 9C 3D 4D 5D KH QS 8C 10D JD"

_EXAMPLES: Final = (
    Example(
        key="pile-002",
        title="Taking the discard pile",
        document="002",
        rules="italian",
        setup={"hands": {"N": "KS KD 7C 8C"}, "pile": "9C KH 5S", "current": "N"},
        intro=f"The discard pile holds 9♣, K♥, 5♠. North holds K♠ K♦ (and two clubs) {_c('draw', '002')}.",
        steps=(
            Step("take", f"North takes the whole pile: 9♣ K♥ 5♠. You can't take just part of it {_c('draw', '002')}."),
            Step("meld KS KD KH", f"North lays out K♠ K♦ K♥ as a set {_c('set', '002')}."),
            Step("discard 7C", f"North discards the 7♣, ending the turn {_c('discard', '002')}."),
        ),
    ),
    Example(
        key="north-closes-002",
        title="North closes: the scoring example",
        document="002",
        rules="italian",
        setup={
            "hands": {"N": "10C", "E": "KH", "S": "7S 3D", "W": "JK"},
            "melds": {"NS": ["3H 4H 5H 6H 7H 8H 9H", "AS AH AD JK"], "EW": ["QS QS QH QH QD QC 2C", "4C 5C 6C"]},
            "pots": [None, None], "pots_taken": ["NS", "EW"], "current": "N", "phase": "play",
        },
        intro=(
            "Both sides have taken their pozzetto. North–South have a clean run 3♥ to 9♥ and three Aces with a joker; "
            "East–West a dirty burraco of six Queens and a 2, and a run 4♣ 5♣ 6♣. North holds one card "
            f"{_c('scoring', '002')}."
        ),
        steps=(
            Step("close 10C", f"North discards the last card and closes: the side has its pozzetto and a burraco {_c('close_conditions', '002')}."),
        ),
        outro=(
            "North–South: cards 120 − 10, clean burraco 200, closing 100 – total 410. "
            f"East–West: 95 − 40 + 100 = 155 {_c('scoring', '002')}."
        ),
    ),
    Example(
        key="wild-swap-002",
        title="Swapping a wild card for its natural card",
        document="002",
        rules="italian",
        setup={"hands": {"N": "4D 5D 9S KD"}, "melds": {"NS": ["JK=5D 6D 7D"]}, "current": "N", "phase": "play"},
        intro=f"North–South have the run joker 6♦ 7♦; the joker stands for the 5♦ {_c('wild_low_end', '002')}.",
        steps=(
            Step("swap m1 4D", f"The 4♦ cannot replace the joker: a wild card is swapped only for the card it represents {_c('swap', '002')}.",
                 illegal=True),
            Step("swap m1 5D", f"North puts in the 5♦; the joker moves to the lower end and now stands for the 4♦ {_c('swap', '002')}."),
            Step("discard 9S", f"North discards the 9♠ {_c('discard', '002')}."),
        ),
    ),
    Example(
        key="pot-direct-002",
        title="Picking up the pozzetto directly",
        document="002",
        rules="italian",
        setup={"hands": {"N": "5H 6H 7H"}, "pots": [_POT_NS, "auto"], "current": "N", "phase": "play"},
        intro=f"North has drawn and holds 5♥ 6♥ 7♥ {_c('pot', '002')}.",
        steps=(
            Step("meld 5H 6H 7H", f"North melds every card in hand without discarding {_c('pot', '002')}."),
            Step("pot", f"North picks up the pozzetto at once and goes on playing with it {_c('pot', '002')}."),
            Step("meld 9S 9D 9C", f"North melds more from the new cards {_c('pot', '002')}."),
            Step("discard KH", f"Then North discards, ending the turn {_c('discard', '002')}."),
        ),
    ),
    Example(
        key="pot-after-discard-002",
        title="Picking up the pozzetto after discarding",
        document="002",
        rules="italian",
        setup={
            "hands": {"N": "5H 6H 7H 9C", "E": "4S 8S", "S": "4D 8D", "W": "4C 8C"},
            "stock": "JS JD JC 10S", "pots": [_POT_NS, "auto"], "current": "N", "phase": "play",
        },
        intro=f"North has drawn and holds 5♥ 6♥ 7♥ 9♣ {_c('pot', '002')}.",
        steps=(
            Step("meld 5H 6H 7H", f"North melds all but one card {_c('pot', '002')}."),
            Step("discard 9C", f"…and discards the last one {_c('pot', '002')}."),
            Step("pot", f"North takes the pozzetto and leaves it face down until the partner has discarded {_c('pot', '002')}."),
            Step("draw", f"East draws {_c('draw', '002')}."),
            Step("discard JS", f"East discards {_c('discard', '002')}."),
            Step("draw", f"South, North's partner, draws {_c('draw', '002')}."),
            Step("discard JD", f"South has discarded: North's pozzetto waits for North's next turn {_c('pot', '002')}."),
            Step("draw", f"West draws {_c('draw', '002')}."),
            Step("discard JC", f"West discards. Now it is North's turn, and the pozzetto has become North's hand {_c('pot', '002')}."),
            Step("draw", f"North plays on with the eleven cards of the pozzetto {_c('draw', '002')}."),
        ),
    ),
    Example(
        key="close-needs-burraco-002",
        title="No closing without a burraco",
        document="002",
        rules="italian",
        setup={
            "hands": {"N": "8H KC", "E": "9H 2S", "S": "KD 4S", "W": "KS 5S"},
            "melds": {"NS": ["3H 4H 5H 6H 7H"]}, "pile": "4C", "stock": "JS JD JC",
            "pots": [None, "auto"], "pots_taken": ["NS"], "current": "N", "phase": "play",
        },
        intro=(
            "North–South have taken their pozzetto and have the run 3♥ to 7♥, five cards: no burraco yet. "
            f"North holds 8♥ K♣ {_c('close_conditions', '002')}."
        ),
        steps=(
            Step("add m1 8H", "North would keep only the K♣ to discard and close, but the side has no burraco, so North must keep "
                 f"two cards {_c('keep_two', '002')}.", illegal=True),
            Step("discard KC", f"North discards the K♣ instead and keeps the 8♥ {_c('discard', '002')}."),
            Step("draw", f"East draws {_c('draw', '002')}."),
            Step("discard 9H", f"East discards the 9♥ {_c('discard', '002')}."),
            Step("draw", f"South draws {_c('draw', '002')}."),
            Step("discard KD", f"South discards the K♦ {_c('discard', '002')}."),
            Step("draw", f"West draws {_c('draw', '002')}."),
            Step("discard KS", f"West discards the K♠ {_c('discard', '002')}."),
            Step("take", f"North takes the whole pile: 4♣ K♣ 9♥ K♦ K♠ {_c('draw', '002')}."),
            Step("add m1 8H 9H", f"3♥ to 9♥: seven cards, a clean burraco {_c('burraco', '002')}."),
            Step("meld KC KD KS", f"North melds the Kings and keeps one card {_c('keep_two', '002')}."),
            Step("close 4C", f"With the pozzetto taken and a burraco on the table, North discards the last card and closes {_c('close_conditions', '002')}."),
        ),
    ),
    Example(
        key="melds-002",
        title="Sets and runs",
        document="002",
        rules="italian",
        setup={"hands": {"N": "8C 8D 8S 3S 4S 5S 6S JH QH KD 9C 5D"}, "current": "N", "phase": "play"},
        intro=(f"North was dealt 11 cards and has drawn a twelfth: three 8s, 3♠ to 6♠, J♥ Q♥ K♦, 9♣ and 5♦ "
               f"{_c('set', '002')}."),
        steps=(
            Step("meld 8C 8D 8S", f"Three 8s: a set, cards of one rank {_c('set', '002')}."),
            Step("meld 3S 4S 5S 6S", f"3♠ 4♠ 5♠ 6♠: a run, cards of one suit in sequence {_c('run', '002')}."),
            Step("meld JH QH KD", f"J♥ Q♥ K♦ is no run: the K♦ is not a heart {_c('run', '002')}.", illegal=True),
            Step("discard KD", f"North keeps J♥ Q♥ for a run later and discards the K♦, ending the turn with four cards "
                               f"{_c('discard', '002')}."),
        ),
    ),
    Example(
        key="aces-002",
        title="The ace low, the ace high, never round the corner",
        document="002",
        rules="italian",
        setup={"hands": {"N": "AH 2H 3H QC KC AC KS AS 2S 3S 9D 6C"}, "current": "N", "phase": "play"},
        intro=f"North has drawn (twelve cards) and holds three runs' worth of cards with aces {_c('aces', '002')}.",
        steps=(
            Step("meld AH 2H 3H", f"A♥ 2♥ 3♥: the ace below the 2; the 2♥ in its own place is no wild card {_c('aces', '002')}."),
            Step("meld QC KC AC", f"Q♣ K♣ A♣: the ace above the King {_c('aces', '002')}."),
            Step("meld KS AS 2S 3S", f"K♠ A♠ 2♠ 3♠ goes round the corner: no run does {_c('aces', '002')}.", illegal=True),
            Step("meld AS 2S 3S", f"Without the K♠, A♠ 2♠ 3♠ is a run with the ace low: North melds it and keeps the K♠ "
                                  f"{_c('aces', '002')}."),
            Step("discard 9D", f"North discards the 9♦, keeping the K♠ and the 6♣ {_c('discard', '002')}."),
        ),
    ),
    Example(
        key="judge-002",
        title="Melds the engine refuses, and why",
        document="002",
        rules="italian",
        setup={"hands": {"N": "7S 8S 9S 10S 5D 5C 5H 2H JK KD QC 4C"}, "current": "N", "phase": "play"},
        intro=f"North has drawn (twelve cards). Some of these melds are legal and some are not {_c('run', '002')}.",
        steps=(
            Step("meld 7S 8S 10S", f"7♠ 8♠ 10♠ has a gap where the 9♠ belongs {_c('run', '002')}.", illegal=True),
            Step("meld 5D 5C 2H JK", f"Two wild cards in one meld: at most one is allowed {_c('one_wild', '002')}.", illegal=True),
            Step("meld 7S 8S 9S 10S", f"7♠ to 10♠: a clean run {_c('run', '002')}."),
            Step("meld 5D 5C 5H 2H", f"5♦ 5♣ 5♥ with the 2♥ as the wild card: a dirty set {_c('one_wild', '002')}."),
            Step("discard QC", f"North keeps the joker, the K♦ and the 4♣ and discards the Q♣ {_c('discard', '002')}."),
        ),
    ),
    Example(
        key="take-depth-004",
        title="Taking the pile down to the card you want",
        document="004",
        rules="cutthroat",
        setup={"hands": {"N": "5H 6H 9S KD"}, "pile": "7H 2C QS", "current": "N"},
        intro=f"The pile holds 7♥ 2♣ Q♠ (Q♠ on top). North holds 5♥ 6♥ 9♠ K♦ {_c('draw', '004')}.",
        steps=(
            Step("take", f"Under these rules North must say how deep to take {_c('draw', '004')}.", illegal=True),
            Step("take 3", f"North takes three cards, down to the 7♥ it went in for {_c('draw', '004')}."),
            Step("meld 5H 6H 7H", f"The card North went in for must be melded {_c('draw', '004')}."),
            Step("discard 9S", f"North discards the 9♠ {_c('discard', '004')}."),
        ),
    ),
    Example(
        key="fechado-top-003",
        title="Buraco Fechado: the top card only",
        document="003",
        rules="fechado",
        setup={"hands": {"N": "5H 6H 9S KD"}, "pile": "2C 9D 7H", "current": "N"},
        intro=f"In Buraco Fechado only the top card of the pile shows: the 7♥ {_c('fechado_top', '003')}.",
        steps=(
            Step("take", f"North takes the top card only {_c('fechado_top', '003')}."),
            Step("discard 9S", f"The card taken must be melded at once: no discarding first {_c('fechado_top', '003')}.", illegal=True),
            Step("meld 5H 6H 7H", f"North melds the 7♥ with the 5♥ and 6♥ {_c('fechado_top', '003')}."),
            Step("discard 9S", f"Now North may discard {_c('discard', '003')}."),
        ),
    ),
)

#: Every worked example by key, in teaching order.
EXAMPLES: Final[dict[str, Example]] = {item.key: item for item in _EXAMPLES}
