"""Melds on the table: which side owns each, and the physical cards it holds."""

from __future__ import annotations

from dataclasses import dataclass

from buraco_learn.melds import Meld, burraco_kind
from buraco_learn.rules import Rules


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table: its number (``m1``, ``m2``, ... in the order laid), the side
    that owns it, its arrangement and the physical card ids in that order."""

    id: int
    side: int
    meld: Meld
    ids: tuple[int, ...]

    def burraco(self, rules: Rules) -> str | None:
        return burraco_kind(self.meld, rules)

    def to_dict(self, side_names: tuple[str, ...] | list[str], rules: Rules) -> dict[str, object]:
        return {
            "id": self.id,
            "side": side_names[self.side],
            "kind": self.meld.kind,
            "meld": self.meld.notation(),
            "cards": [slot.card.notation() for slot in self.meld.slots],
            "card_ids": list(self.ids),
            "wild": [slot.wild for slot in self.meld.slots],
            "stands_for": [
                (slot.stands_for.notation() if slot.stands_for else slot.rank.letter) if slot.wild else None
                for slot in self.meld.slots
            ],
            "burraco": self.burraco(rules),
        }


def order_ids(meld: Meld, pool: list[int], codes_of: dict[int, int]) -> tuple[int, ...]:
    """Physical ids of ``pool`` laid out in the order of ``meld``'s slots."""
    left = list(pool)
    out = []
    for slot in meld.slots:
        code = slot.card.code
        for index, card_id in enumerate(left):
            if codes_of[card_id] == code:
                out.append(left.pop(index))
                break
        else:  # pragma: no cover - callers pass exactly the meld's cards
            raise ValueError(f"card {slot.card} of meld {meld} is not among the ids given")
    return tuple(out)
