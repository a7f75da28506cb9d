"""The whole hand and the whole match: actions, the state machine, views, records.

>>> import random
>>> from buraco_learn import preset
>>> from buraco_learn.game import HandState
>>> state = HandState.new(preset("italian"), random.Random(5))
>>> state.apply("draw")
>>> state.phase
'play'
"""

from buraco_learn.game.actions import Action
from buraco_learn.game.deal import Deal, deal_hand, first_dealer, next_seat, seat_names
from buraco_learn.game.legal import LegalActions
from buraco_learn.game.state import HandState
from buraco_learn.game.table import TableMeld

__all__ = [
    "Action",
    "Deal",
    "HandState",
    "LegalActions",
    "TableMeld",
    "deal_hand",
    "first_dealer",
    "next_seat",
    "seat_names",
]
