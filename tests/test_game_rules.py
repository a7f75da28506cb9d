"""Scripted hands in card notation, one per rule a document states about a turn or a hand's end."""

from __future__ import annotations

import random

import pytest

from buraco_learn import IllegalActionError, preset
from buraco_learn.game import HandState, turnrules
from buraco_learn.game.deal import deck_is_complete
from buraco_learn.game.position import position

ITALIAN = preset("italian")


def refused(state: HandState, action: str, *words: str) -> str:
    """Apply ``action`` expecting a refusal; check the message and that nothing changed."""
    before = state.omniscient_view()
    history = list(state.history)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    message = str(info.value)
    assert state.omniscient_view() == before, "an illegal action changed the state"
    assert state.history == history
    for word in words:
        assert word in message, message
    assert "(" in message and ")" in message  # names its source
    return message


# -- 002 'Playing a turn' -------------------------------------------------------------

def test_pile_example_002() -> None:
    """The pile holds 9♣ K♥ 5♠; North holds K♠ K♦, takes the whole pile, melds K♠ K♦ K♥ and discards."""
    state = position(ITALIAN, hands={"N": "KS KD 7C 8C"}, pile="9C KH 5S")
    refused(state, "take 1", "whole pile")
    state.apply("take")
    assert not state.pile and len(state.hands[0]) == 7
    assert {card.notation() for card in state.view(1).known(0)} == {"9C", "KH", "5S"}
    state.apply("meld KS KD KH")
    state.apply("discard 7C")
    assert state.melds[0].meld.kind == "set" and state.pile and state.current == 1
    assert {card.notation() for card in state.view(1).known(0)} == {"9C", "5S"}


@pytest.mark.parametrize("rules", ["italian", "brazil-online"])
def test_single_card_pile_cannot_be_discarded_again(rules: str) -> None:
    """002 'Playing a turn' / 003 'Gameplay': a one-card pile taken may not be discarded again."""
    state = position(preset(rules), hands={"N": "5H 9S KD 4C"}, pile="7D")
    state.apply("take")
    message = refused(state, "discard 7D", "7♦", "may not discard it again")
    assert ("002" if rules == "italian" else "003") in message
    state.apply("discard 9S")


def test_draw_phase_and_play_phase_are_enforced() -> None:
    state = position(ITALIAN, hands={"N": "5H 9S KD 4C"}, pile="7D")
    refused(state, "discard 5H", "first draw")
    refused(state, "meld 5H 6H 7H", "first draw")
    state.apply("draw")
    refused(state, "take", "drawn already")
    refused(state, "pot", "pot")


def test_illegal_meld_explains_and_changes_nothing() -> None:
    state = position(ITALIAN, hands={"N": "5H 6H 8H 9S KD 4C"}, phase="play")
    refused(state, "meld 5H 6H 8H", "missing here: 7♥", "002")
    refused(state, "meld 5H 6H 7H", "you hold 0 7♥")


def test_one_set_per_rank_per_side_002() -> None:
    state = position(ITALIAN, hands={"N": "KS KH KD 5C 6C"}, melds={"NS": ["KC KC KH"]}, phase="play")
    refused(state, "meld KS KH KD", "has a set of Kings already", "002 'Melds'")
    bukharo = position(preset("bukharo"), hands={"N": "KS KH KD 5C 6C"}, melds={"NS": ["KC KC KH"]}, phase="play")
    bukharo.apply("meld KS KH KD")


def test_only_own_side_melds_002_but_anybodys_in_cutthroat_004() -> None:
    state = position(ITALIAN, hands={"N": "8H 9S KD 4C"}, melds={"EW": ["5H 6H 7H"]}, phase="play")
    refused(state, "add m1 8H", "belongs to the other side", "002 'Melds'")
    cut = position(preset("cutthroat"), hands={"N": "8H 9S KD 4C"}, melds={"E": ["5H 6H 7H"]}, phase="play")
    cut.apply("add m1 8H")
    assert cut.melds[0].meld.notation() == "5H 6H 7H 8H" and cut.side_names[cut.melds[0].side] == "E"


def test_swap_in_play_002() -> None:
    state = position(ITALIAN, hands={"N": "5D 9S KD 4C"}, melds={"NS": ["JK=5D 6D 7D"]}, phase="play")
    refused(state, "add m1 5D", "stands for 5♦")
    state.apply("swap m1 5D")
    assert state.melds[0].meld.notation() == "JK=4D 5D 6D 7D"


# -- the pot ------------------------------------------------------------------------

def test_pot_picked_up_directly_after_melding_every_card_002() -> None:
    state = position(ITALIAN, hands={"N": "5H 6H 7H"}, phase="play")
    state.apply("meld 5H 6H 7H")
    assert state.phase == "pot"
    refused(state, "discard 5H", "pick up your pozzetto")
    state.apply("pot")
    assert state.phase == "play" and len(state.hands[0]) == 11 and state.current == 0
    assert 0 in state.side_pot
    assert deck_is_complete(state.all_ids(), ITALIAN)


def test_pot_picked_up_after_discarding_is_used_next_turn_002() -> None:
    state = position(ITALIAN, hands={"N": "5H 6H 7H 9C"}, phase="play")
    state.apply("meld 5H 6H 7H")
    state.apply("discard 9C")
    assert state.phase == "pot"
    state.apply("pot")
    assert state.current == 1 and state.hands[0] == [] and len(state.pending_pot[0]) == 11
    view = state.view(0)
    assert view.hand == () and "pending_pots" in view.to_dict()
    for seat in (1, 2, 3):
        state.apply("draw")
        state.apply(f"discard {state.hand_cards(seat)[0].notation()}")
    assert state.current == 0 and len(state.hands[0]) == 11 and 0 not in state.pending_pot


def test_wild_may_be_discarded_to_reach_the_pot_002() -> None:
    state = position(ITALIAN, hands={"N": "5H 6H 7H JK"}, phase="play")
    state.apply("meld 5H 6H 7H")
    state.apply("discard JK")
    assert state.phase == "pot"


def test_unseen_pot_counts_its_cards_002() -> None:
    """A pot taken after discarding and not yet seen when the hand ends costs its cards instead of 100."""
    state = position(ITALIAN, hands={"N": "5H 6H 7H 9C"}, stock="2S 3S 4S", phase="play")
    state.stock = state.stock[-3:]  # three cards left in the stock
    state.apply("meld 5H 6H 7H")
    state.apply("discard 9C")
    state.apply("pot")
    state.apply("draw")  # E draws the third-last card: the hand ends after E's discard
    assert state.last_turn
    state.apply(f"discard {state.hand_cards(1)[0].notation()}")
    assert state.over and state.end_reason == "stock"
    score = state.score()["NS"]
    pot_cards = state.pending_pot[0]
    from buraco_learn.cards import card_of_id

    assert score.pot == -sum(ITALIAN.value(card_of_id(card_id)) for card_id in pot_cards)


# -- closing ------------------------------------------------------------------------

BURRACO = "3H 4H 5H 6H 7H 8H 9H"


def test_close_refused_without_the_pot() -> None:
    state = position(ITALIAN, hands={"N": "KC"}, melds={"NS": [BURRACO]}, phase="play")
    refused(state, "close KC", "pick up its pozzetto", "002 'Closing'")


def test_close_refused_without_a_burraco() -> None:
    state = position(ITALIAN, hands={"N": "KC"}, melds={"NS": ["3H 4H 5H"]}, pots=[None, "auto"], pots_taken=["NS"], phase="play")
    refused(state, "close KC", "needs a burraco", "002 'Closing'")
    refused(state, "discard KC", "cannot close")


@pytest.mark.parametrize("rules", ["aberto", "brazil-online", "cutthroat"])
def test_close_needs_a_clean_burraco(rules: str) -> None:
    ruleset = preset(rules)
    side = "N" if rules == "cutthroat" else "NS"
    pots = None if rules == "cutthroat" else [None, "auto"]
    taken = [] if rules == "cutthroat" else [side]
    state = position(ruleset, hands={"N": "KC"}, melds={side: ["3H 4H 5H 2C=6H 7H 8H 9H"]}, pots=pots, pots_taken=taken, phase="play")
    word = {"aberto": "canasta", "brazil-online": "canastra", "cutthroat": "canasta"}[rules]  # each document's word
    refused(state, "close KC", f"clean {word} (no wild card)")
    clean = position(ruleset, hands={"N": "KC"}, melds={side: [BURRACO]}, pots=pots, pots_taken=taken, phase="play")
    clean.apply("close KC")
    assert clean.over and clean.end_reason == "closed" and clean.closed_by == 0


def test_no_wild_discard_to_close_002() -> None:
    state = position(ITALIAN, hands={"N": "JK"}, melds={"NS": [BURRACO]}, pots=[None, "auto"], pots_taken=["NS"], phase="play")
    refused(state, "close JK", "may not be a wild card", "002 'Closing'")


def test_never_close_by_melding_every_card_002_but_allowed_in_003() -> None:
    state = position(ITALIAN, hands={"N": "10H JH"}, melds={"NS": [BURRACO]}, pots=[None, "auto"], pots_taken=["NS"], phase="play")
    refused(state, "add m1 10H JH", "never close by melding every card", "002")
    online = preset("brazil-online")
    state = position(online, hands={"N": "10H JH"}, melds={"NS": [BURRACO]}, pots=[None, "auto"], pots_taken=["NS"], phase="play")
    state.apply("add m1 10H JH")
    assert state.phase == "play" and state.hands[0] == []
    assert [action.notation() for action in state.legal_actions] == ["close"]
    state.apply("close")
    assert state.over and state.closed_by == 0
    sujo = preset("aberto-sujo")
    state = position(sujo, hands={"N": "10H JH"}, melds={"NS": [BURRACO]}, pots=[None, "auto"], pots_taken=["NS"], phase="play")
    refused(state, "add m1 10H JH", "final discard")


def test_keep_two_cards_with_pot_taken_and_no_burraco_002() -> None:
    state = position(ITALIAN, hands={"N": "3C 4C 5C 9S"}, melds={"NS": ["3H 4H 5H"]}, pots=[None, "auto"], pots_taken=["NS"], phase="play")
    refused(state, "meld 3C 4C 5C", "keep at least two cards", "002 'Closing'")
    ok = position(ITALIAN, hands={"N": "3C 4C 5C 9S KD"}, melds={"NS": ["3H 4H 5H"]}, pots=[None, "auto"], pots_taken=["NS"], phase="play")
    ok.apply("meld 3C 4C 5C")


def test_north_closes_002_scores_410_and_155() -> None:
    """002 'Scoring': North closes; N-S 410, E-W 155."""
    state = position(
        ITALIAN,
        hands={"N": "10C", "E": "KH", "S": "7S 3D", "W": "JK"},
        melds={"NS": [BURRACO, "AS AH AD JK"], "EW": ["QS QS QH QH QD QC 2C", "4C 5C 6C"]},
        pots=[None, None], pots_taken=["NS", "EW"], phase="play",
    )
    state.apply("close 10C")
    scores = state.score()
    assert (scores["NS"].total, scores["EW"].total) == (410, 155)
    assert (scores["NS"].melded, scores["NS"].in_hand, scores["NS"].burraco_bonus, scores["NS"].closing_bonus) == (120, -10, 200, 100)
    assert (scores["EW"].melded, scores["EW"].in_hand, scores["EW"].burraco_bonus) == (95, -40, 100)


# -- how a hand ends ------------------------------------------------------------------

def test_third_last_card_ends_the_hand_000_002() -> None:
    for rules in ("italian", "bukharo"):
        state = position(preset(rules), hands={"N": "5H 9S"}, stock="2S 3S 4S", pots=[None, None])
        state.stock = state.stock[-3:]  # exactly three cards left
        state.apply("draw")
        assert state.last_turn and state.phase == "play"
        state.apply("discard 9S")
        assert state.over and state.end_reason == "stock"


def test_unused_morto_becomes_the_stock_003() -> None:
    online = preset("brazil-online")
    state = position(online, hands={"N": "5H 9S"}, stock="2S")
    state.stock = state.stock[-1:]  # the last card of the stock
    state.apply("draw")
    assert len(state.stock) == 11 and state.pots[0] is None and state.pots[1] is not None
    assert not state.last_turn
    state.apply("discard 9S")
    assert not state.over and 0 not in state.side_pot  # N-S never took the morto that became the stock


def test_hand_ends_when_stock_and_mortos_are_used_003() -> None:
    online = preset("brazil-online")
    state = position(online, hands={"N": "5H 9S"}, stock="2S", pots=[None, None], pots_taken=["NS", "EW"])
    state.stock = state.stock[-1:]
    state.apply("draw")
    assert state.last_turn
    state.apply("discard 9S")
    assert state.over and state.end_reason == "stock"


def test_stalemate_after_four_single_card_exchanges_002() -> None:
    state = position(ITALIAN, hands={"N": "5H 9S", "E": "6D 8C", "S": "4C QD", "W": "7S 10H"}, pile="KC")
    for _ in range(4):
        seat = state.current
        state.apply("take")
        keep = state.hand_cards(seat)
        state.apply(f"discard {keep[0].notation()}")
    assert state.over and state.end_reason == "stalemate"


def test_stalemate_counts_only_unbroken_runs() -> None:
    state = position(ITALIAN, hands={"N": "5H 9S", "E": "6D 8C", "S": "4C QD", "W": "7S 10H"}, pile="KC")
    for step in range(4):
        seat = state.current
        state.apply("draw" if step == 2 else "take")
        state.apply(f"discard {state.hand_cards(seat)[0].notation()}")
    assert not state.over


# -- variants of the turn -------------------------------------------------------------

def test_opening_minimum_of_75_from_1500_points_001() -> None:
    aberto = preset("aberto")
    hand = {"N": "3H 4H 5H 8C 9C 10C JC QC KC AC 2D"}
    state = position(aberto, hands=hand, phase="play", scores={"NS": 1500})
    refused(state, "meld 3H 4H 5H", "at least 75", "001")
    refused(state, "meld 9C 10C JC QC KC AC", "these make 65")
    state.apply("meld 8C 9C 10C JC QC KC AC")  # 6 × 10 + 15 = 75
    assert state.opened[0]
    state.apply("meld 3H 4H 5H")  # once open, no minimum
    low = position(aberto, hands=hand, phase="play", scores={"NS": 1490})
    low.apply("meld 3H 4H 5H")


def test_a_group_of_melds_may_reach_the_opening_minimum_together_001() -> None:
    aberto = preset("aberto")
    state = position(aberto, hands={"N": "JD QD KD AD 9C 10C JC QC 5S"}, phase="play", scores={"NS": 2000})
    refused(state, "meld JD QD KD AD", "these make 45")
    assert "meld JD QD KD AD | 9C 10C JC QC" in state.legal_actions.notations()
    state.apply("meld JD QD KD AD | 9C 10C JC QC")  # 45 + 40 = 85
    assert state.opened[0] and len(state.melds) == 2


def test_first_turn_redraw_001() -> None:
    aberto = preset("aberto")
    state = HandState.new(aberto, random.Random(11), dealer=0)
    assert not state.pile  # 001: start with no discard pile
    state.apply("draw")
    drawn = state.drawn
    state.apply("redraw")
    assert state.pile == [drawn] and state.drawn != drawn
    refused(state, "redraw", "only the opening player")


def test_fechado_takes_the_top_card_which_must_be_melded_003() -> None:
    fechado = preset("fechado")
    state = position(fechado, hands={"N": "5H 6H 9S KD"}, pile="2C 9D 7H")
    view = state.view(0)
    assert [card.notation() for card in view.pile] == ["7H"] and view.pile_size == 3
    state.apply("take")
    assert state.pile and len(state.pile) == 2 and state.must_meld is not None
    refused(state, "discard 9S", "7♥")
    state.apply("meld 5H 6H 7H")
    state.apply("discard 9S")


def test_fechado_refuses_a_top_card_that_cannot_be_melded() -> None:
    state = position(preset("fechado"), hands={"N": "5H 6D 9S KD"}, pile="7C")
    refused(state, "take", "could not meld")


def test_cutthroat_takes_any_depth_and_melds_the_deepest_004() -> None:
    cut = preset("cutthroat")
    state = position(cut, hands={"N": "5H 6H 9S KD"}, pile="7H 2C QS")
    refused(state, "take", "how many cards")
    state.apply("take 3")
    assert len(state.hands[0]) == 7 and not state.pile
    refused(state, "meld 2C QS KD", "are neither")  # not a meld (a meld without the 7♥ may come first: test_rules_audit_turns)
    refused(state, "discard 9S", "7♥")
    state.apply("meld 5H 6H 7H")
    state.apply("discard 9S")


def test_counter_clockwise_play_003() -> None:
    online = preset("brazil-online")
    state = HandState.new(online, random.Random(2), dealer=0)
    assert state.current == 3  # the player to the dealer's right starts
    state.apply("draw")
    state.apply(f"discard {state.hand_cards(3)[0].notation()}")
    assert state.current == 2


@pytest.mark.parametrize(
    ("name", "stock", "pile"),
    [("italian", 41, 1), ("bukharo", 41, 1), ("aberto", 42, 0), ("brazil-online", 38, 0), ("fechado", 38, 0), ("cutthroat", 63, 1)],
)
def test_deal_sizes(name: str, stock: int, pile: int) -> None:
    state = HandState.new(preset(name), random.Random(0), dealer=1)
    assert len(state.stock) == stock and len(state.pile) == pile
    assert all(len(hand) == 11 for hand in state.hands)
    assert deck_is_complete(state.all_ids(), preset(name))


def test_three_players_18_card_pozzetto_002() -> None:
    three = preset("italian", players=3)
    state = HandState.new(three, random.Random(4), dealer=0)
    assert [len(pot or []) for pot in state.pots] == [18, 11] and state.side_names == ["P1", "P2", "P3"]
    state = position(three, hands={"P1": "5H 6H 7H"}, current="P1", phase="play")
    state.apply("meld 5H 6H 7H")
    state.apply("pot")
    assert len(state.hands[0]) == 18
    assert state.side_names == ["P1", "P2P3"] and state.side_of == [0, 1, 1]


@pytest.mark.parametrize("name", ["cutthroat", "fechado"])
def test_quick_meld_filter_never_refuses_a_meldable_card(name: str) -> None:
    """The quick necessary condition before the full check of 'can this pile card be melded'."""
    from buraco_learn.game.playout import random_action

    rules = preset(name)
    rng = random.Random(5)
    checked = meldable = 0
    for hand_number in range(6):
        state = HandState.new(rules, rng, dealer=hand_number % 4)
        while not state.over and checked < 400:
            if state.phase == "draw" and state.pile:
                seat = state.current
                for depth in range(1, len(state.pile) + 1) if rules.pile_take == "any-depth" else [None]:
                    taken = state._taken_ids(depth)
                    quick = turnrules._can_meld_with(state, taken[0], taken)
                    full = turnrules._can_meld_with(state, taken[0], taken, quick=False)
                    assert quick == full, (state.seat_names[seat], depth)
                    checked += 1
                    meldable += full
            state.apply(random_action(state, rng))
    assert checked > 50
    assert 0 < meldable < checked  # both answers were met
