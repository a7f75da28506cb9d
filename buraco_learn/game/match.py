"""A match: hands dealt in turn until a side reaches the preset's target.

Running totals are kept per *team*: a partnership (``NS``, ``EW``) or a single
player (cut-throat, two players, and the three-player variant of 002, where each
player is credited their side's score of every hand, partnered or not).

>>> from buraco_learn import preset
>>> match = Match(preset("italian"), seed=4)
>>> match.dealer in range(4), match.teams
(True, ['NS', 'EW'])
>>> state = match.new_hand()
>>> state.over
False
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from buraco_learn.game.deal import Deal, deal_hand, first_dealer, next_seat, seat_names
from buraco_learn.game.state import HandState
from buraco_learn.rules import Rules


@dataclass
class HandResult:
    """One finished hand: its deal, actions, how it ended and its score."""

    deal: Deal
    actions: list[str]
    end: str
    closed_by: str | None
    score: dict[str, dict[str, Any]]
    team_points: dict[str, int]
    totals: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal.to_dict(),
            "actions": self.actions,
            "end": self.end,
            "closed_by": self.closed_by,
            "score": self.score,
            "team_points": self.team_points,
            "totals": self.totals,
        }


@dataclass
class Match:
    """Hands in sequence: the first dealer is drawn for, then the deal passes on."""

    rules: Rules
    seed: int
    rng: random.Random = field(init=False)
    dealer: int = field(init=False)
    dealer_draws: list[tuple[int, str]] = field(init=False)
    teams: list[str] = field(init=False)
    totals: dict[str, int] = field(init=False)
    hands: list[HandResult] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.dealer, self.dealer_draws = first_dealer(self.rules, self.rng)
        names = seat_names(self.rules.players)
        self.teams = ["".join(names[seat] for seat in seats) for seats in self.rules.sides]
        self.totals = dict.fromkeys(self.teams, 0)

    @property
    def team_of_seat(self) -> list[str]:
        names = seat_names(self.rules.players)
        out = [""] * self.rules.players
        for seats in self.rules.sides:
            for seat in seats:
                out[seat] = "".join(names[other] for other in seats)
        return out

    def new_hand(self) -> HandState:
        """Deal the next hand (the match's generator is the only source of chance)."""
        deal = deal_hand(self.rules, self.rng, self.dealer)
        return HandState.from_deal(self.rules, deal, scores=self._side_scores())

    def _side_scores(self) -> dict[int, int]:
        team = self.team_of_seat
        return {side: self.totals[team[seats[0]]] for side, seats in enumerate(self.rules.sides)}

    def finish_hand(self, state: HandState) -> HandResult:
        """Score a finished hand, add it to the totals and pass the deal on."""
        if not state.over:
            raise ValueError("the hand is not over yet")
        scores = state.score()
        team = self.team_of_seat
        points = dict.fromkeys(self.teams, 0)
        credited: set[str] = set()
        for seat in range(state.players):
            side_name = state.side_names[state.side_of[seat]]
            if team[seat] in credited:
                continue
            credited.add(team[seat])
            points[team[seat]] += scores[side_name].total
        for name, value in points.items():
            self.totals[name] += value
        closed = state.seat_names[state.closed_by] if state.closed_by is not None else None
        result = HandResult(
            deal=state.deal,
            actions=[action.notation() for action in state.history],
            end=state.end_reason or "",
            closed_by=closed,
            score={name: score.to_dict() for name, score in scores.items()},
            team_points=points,
            totals=dict(self.totals),
        )
        self.hands.append(result)
        self.dealer = next_seat(self.dealer, self.rules)
        return result

    @property
    def winner(self) -> str | None:
        """The winning team once a team has reached the target (002's tie rule: level leaders play on)."""
        from buraco_learn.scoring import match_winner

        return match_winner(self.totals, self.rules)
