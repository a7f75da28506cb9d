"""The phases of a hand: the state machine's states.

``draw``: the player draws from the stock or takes the pile. ``play``: meld, add,
swap, then discard or close. ``pot``: the player has emptied their hand and picks
up the pot. ``over``: the hand has ended (closed, stock, stalemate).
"""

from typing import Final

DRAW_PHASE: Final = "draw"
PLAY: Final = "play"
POT_PHASE: Final = "pot"
OVER: Final = "over"
PHASES: Final = (DRAW_PHASE, PLAY, POT_PHASE, OVER)
