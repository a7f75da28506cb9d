"""The documents' worked examples (buraco_learn.examples): each replays legally, as scripted."""

from __future__ import annotations

import re

import pytest

from buraco_learn.cards import card_of_id
from buraco_learn.errors import BuracoError
from buraco_learn.examples import EXAMPLES, Example, Step, example
from buraco_learn.game.actions import Action
from buraco_learn.game.deal import deck_is_complete

CITATION = re.compile(r"\(00[0-4] '[^']+'\)")


@pytest.mark.parametrize("key", list(EXAMPLES))
def test_every_example_replays_as_scripted(key: str) -> None:
    item = EXAMPLES[key]
    assert item.key == key and item.document in item.title + item.document
    rules = item.ruleset()
    start = item.start()
    assert deck_is_complete(start.all_ids(), rules)
    applied = []
    for step, state, refusal in item.play():
        if step.illegal:
            assert refusal is not None and CITATION.search(refusal), refusal
            assert state.history == applied  # a refused step changes nothing
        else:
            assert refusal is None
            applied.append(state.history[-1])
            assert state.history[-1].canonical() == Action.parse(step.action).canonical()
        assert deck_is_complete(state.all_ids(), rules)


@pytest.mark.parametrize("key", list(EXAMPLES))
def test_every_caption_cites_its_document(key: str) -> None:
    item = EXAMPLES[key]
    for text in (item.intro, *(step.caption for step in item.steps), *([item.outro] if item.outro else [])):
        found = CITATION.findall(text)
        assert found, f"{key}: {text!r} cites nothing"
        assert all(f"({item.document} " in citation for citation in found), (key, found)


def test_the_pile_example_takes_the_whole_pile_and_melds_the_kings() -> None:
    state = EXAMPLES["pile-002"].final_state()
    assert [meld.meld.notation() for meld in state.melds] == ["KS KH KD"]
    assert sorted(card.notation() for card in state.hand_cards(0)) == ["5S", "8C", "9C"]
    assert [card_of_id(card).notation() for card in state.pile] == ["7C"]


def test_north_closes_scores_410_and_155() -> None:
    """002 'Scoring': "cards 120 − 10, clean burraco 200, closing 100 – total 410" and "95 − 40 + 100 = 155"."""
    state = EXAMPLES["north-closes-002"].final_state()
    assert state.over and state.end_reason == "closed" and state.closed_by == 0
    scores = state.score()
    ns, ew = scores["NS"], scores["EW"]
    assert (ns.melded, ns.in_hand, ns.burraco_bonus, ns.closing_bonus, ns.total) == (120, -10, 200, 100, 410)
    assert (ew.melded, ew.in_hand, ew.burraco_bonus, ew.closing_bonus, ew.total) == (95, -40, 100, 0, 155)
    assert "410" in EXAMPLES["north-closes-002"].outro and "155" in EXAMPLES["north-closes-002"].outro


def test_the_wild_swap_moves_the_joker_to_the_low_end() -> None:
    state = EXAMPLES["wild-swap-002"].final_state()
    assert state.melds[0].meld.notation() == "JK=4D 5D 6D 7D"


def test_the_pot_direct_and_after_discarding() -> None:
    direct = EXAMPLES["pot-direct-002"].final_state()
    assert 0 in direct.side_pot and direct.current == 1 and len(direct.hands[0]) == 11 - 3 - 1
    after = EXAMPLES["pot-after-discard-002"]
    states = [state.clone() for _, state, _ in after.play()]
    picked = states[2]
    assert picked.hands[0] == [] and len(picked.pending_pot[0]) == 11  # face down until North's next turn
    assert all(0 in state.pending_pot for state in states[2:8])
    assert states[8].current == 0 and len(states[8].hands[0]) == 11 and not states[8].pending_pot


def test_closing_is_refused_without_a_burraco_then_allowed() -> None:
    item = EXAMPLES["close-needs-burraco-002"]
    refusals = [refusal for step, _, refusal in item.play() if step.illegal]
    assert refusals and "burraco" in refusals[0] and "(002 'Closing')" in refusals[0]
    final = item.final_state()
    assert final.over and final.end_reason == "closed" and final.closed_by == 0
    assert any(meld.burraco(final.rules) == "clean" for meld in final.melds)


def test_a_broken_script_is_caught() -> None:
    item = EXAMPLES["pile-002"]
    broken = Example(item.key, item.title, item.document, item.rules, item.setup, item.intro,
                     (Step("discard 7C", "(002 'Playing a turn')"),))
    with pytest.raises(BuracoError, match="not as scripted"):
        broken.final_state()
    wrongly_illegal = Example(item.key, item.title, item.document, item.rules, item.setup, item.intro,
                              (Step("take", "(002 'Playing a turn')", illegal=True),))
    with pytest.raises(BuracoError, match="is legal"):
        wrongly_illegal.final_state()
    with pytest.raises(BuracoError, match="unknown example 'nope'"):
        example("nope")
