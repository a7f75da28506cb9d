"""Rule audit (issue 15), turns: each scripted hand names the document and section it checks.

Every refusal is checked to leave the state exactly as it was.
"""

from __future__ import annotations

import pytest

from buraco_learn import IllegalActionError, preset
from buraco_learn.game import HandState
from buraco_learn.game.actions import Action
from buraco_learn.game.position import position
from buraco_learn.game.predicates import may_not_rediscard


def refused(state: HandState, action: str, *words: str) -> str:
    """Apply ``action`` expecting a refusal; check the message and that nothing changed."""
    before = state.omniscient_view()
    history = list(state.history)
    version = state.version
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    message = str(info.value)
    assert state.omniscient_view() == before, "an illegal action changed the state"
    assert state.history == history and state.version == version
    for word in words:
        assert word in message, message
    return message


# -- 5. forbid_rediscard_single: one predicate, every place ------------------------------

BURRACO = ["3S 4S 5S 6S 7S 8S 9S"]
CAN_CLOSE = {"melds": {"NS": BURRACO}, "pots": [None, "auto"], "pots_taken": ["NS"]}


def _decided(state: HandState, action: str, forbid: bool, *words: str) -> None:
    if forbid:
        refused(state, action, *words, "002 'Playing a turn'")
    else:
        state.apply(action)


@pytest.mark.parametrize("forbid", [True, False])
def test_002_playing_a_turn_rediscard_option_is_obeyed_by_every_check(forbid: bool) -> None:
    """002 'Playing a turn': "If the discard pile has only one card, you may not take it and
    discard that same card again" (option ``forbid_rediscard_single``). On, each of the five
    checks refuses; off, none does."""
    rules = preset("italian", forbid_rediscard_single=forbid)
    # 1. the discard
    state = position(rules, hands={"N": "5H 9S KD 4C"}, pile="7D")
    state.apply("take")
    _decided(state, "discard 7D", forbid, "may not discard it again")
    # 2. melding down to that card as the last one, 3. then closing with it
    state = position(rules, hands={"N": "5H 6H 7H"}, pile="7D", **CAN_CLOSE)  # type: ignore[arg-type]
    state.apply("take")
    _decided(state, "meld 5H 6H 7H", forbid, "your last card would be the 7♦")
    if not forbid:
        state.apply("close 7D")
        assert state.over and state.closed_by == 0
    # 4. melding so that only copies of that card are left (its twin from the other deck)
    state = position(rules, hands={"N": "5H 6H 7H 7D"}, pile="7D")
    state.apply("take")
    _decided(state, "meld 5H 6H 7H", forbid, "keep only the 7♦")
    if not forbid:
        state.apply("discard 7D")
    # 5. taking it when the hand holds nothing else to discard (only its twin)
    state = position(rules, hands={"N": "7D"}, pile="7D")
    _decided(state, "take", forbid, "neither meld nor discard")
    if not forbid:
        state.apply("discard 7D")


@pytest.mark.parametrize("forbid", [True, False])
def test_002_playing_a_turn_closing_discard_follows_the_option(forbid: bool) -> None:
    """002 'Playing a turn' and 'Closing': the closing discard of the card taken alone (a
    position set up in the play phase, the card marked as taken alone from the pile)."""
    rules = preset("italian", forbid_rediscard_single=forbid)
    state = position(rules, hands={"N": "7D"}, phase="play", **CAN_CLOSE)  # type: ignore[arg-type]
    state.took_single = state.hands[0][0]
    _decided(state, "close 7D", forbid, "may not discard it again")
    if not forbid:
        assert state.over


def test_002_003_the_twin_card_counts_as_that_same_card() -> None:
    """002 'Playing a turn' / 003 'Gameplay': the twin from the other deck is "that same card"
    (a choice written in the italian and brazil-online presets' docstrings)."""
    from buraco_learn import preset_doc

    for name in ("italian", "brazil-online"):
        rules = preset(name)
        state = position(rules, hands={"N": "5H 9S 7D 4C"}, pile="7D")
        state.apply("take")
        taken = state.took_single
        assert taken is not None
        assert len([card for card in state.hand_cards(0) if card.notation() == "7D"]) == 2
        refused(state, "discard 7D", "may not discard it again")
        state.apply("discard 9S")
        assert may_not_rediscard(rules, taken, 2 * 13 + 6)  # 7♦, either deck
        assert not may_not_rediscard(rules, taken, 2 * 13 + 5)  # 6♦
        assert not may_not_rediscard(rules, None, 2 * 13 + 6)
        assert "twin" in preset_doc(name)


# -- 4. what is not an action is refused with the engine's own error --------------------

@pytest.mark.parametrize("junk", [None, 42, b"draw", ["draw"], 3.5, {"kind": "draw"}])
def test_apply_and_is_legal_refuse_what_is_not_an_action(junk: object) -> None:
    """apply / is_legal / explain_illegal raise InvalidNotationError (a BuracoError, as
    ``Action.parse(None)`` does) for anything that is neither an Action nor its notation,
    and leave the state exactly as it was (style: an illegal action changes nothing)."""
    from buraco_learn.errors import BuracoError, InvalidNotationError

    state = position(preset("italian"), hands={"N": "5H 9S KD 4C"}, pile="7D")
    before, version = state.omniscient_view(), state.version
    for call in (state.apply, state.is_legal, state.explain_illegal):
        with pytest.raises(InvalidNotationError) as info:
            call(junk)
        assert isinstance(info.value, BuracoError) and repr(junk) in str(info.value)
    assert state.omniscient_view() == before and state.version == version and not state.history
    state.apply("draw")  # the state still plays on


# -- 3. 004: the card taken from the pile may be melded later in the same turn -----------

def test_004_the_card_went_in_for_may_be_melded_later_in_the_turn() -> None:
    """004 'The rules in full': "You may take any depth of the discard pile, melding the card
    you went in for" (the cutthroat docstring: "in the same turn"), not necessarily first."""
    rules = preset("cutthroat")
    state = position(rules, hands={"N": "5H 6H KS KH KD 4C 9D"}, pile="9C 7H")
    state.apply("take 1")
    state.apply("meld KS KH KD")  # another meld first
    refused(state, "discard 4C", "meld the 7♥", "004 'The rules in full'")
    state.apply("meld 5H 6H 7H")  # then the card went in for
    assert state.must_meld is None
    state.apply("discard 4C")
    assert state.current == 1


def test_004_a_meld_that_leaves_the_card_unmeldable_is_refused() -> None:
    """004 'The rules in full': the card went in for must be melded this turn, so a meld that
    uses the cards it needs (or leaves too few) is refused and changes nothing."""
    state = position(preset("cutthroat"), hands={"N": "5H 6H KS KH KD 4C"}, pile="9C 7H")
    state.apply("take 1")
    refused(state, "meld KS KH KD", "no longer meld the 7♥", "004 'The rules in full'")
    state.apply("meld 5H 6H 7H")


def test_003_fechado_the_top_card_is_played_immediately() -> None:
    """003 'Different variants': "It is mandatory to play immediately the top card from the
    discard pile": under the Fechado modes the first meld must use it."""
    for name in ("fechado", "fechado-stbl", "fechado-sujo"):
        state = position(preset(name), hands={"N": "5H 6H KS KH KD 4C 9D 8H"}, pile="9C 7H")
        state.apply("take")
        refused(state, "meld KS KH KD", "must be melded first", "003 'Different variants'")
        state.apply("meld 5H 6H 7H")


# -- 2. 003: the final card may be laid off ------------------------------------------

CANASTRA = {"melds": {"NS": ["3S 4S 5S 6S 7S 8S 9S"]}, "pots": [None, "auto"], "pots_taken": ["NS"]}


@pytest.mark.parametrize("name", ["brazil-online", "fechado-sujo", "fechado"])
def test_003_scoring_a_wild_kept_as_the_final_card_may_be_laid_off(name: str) -> None:
    """003 'Scoring': "A player can meld, lay off or discard the final card." Keeping the 2♠
    as the last card is no closing discard: it is laid off on the new run, then the hand closes."""
    state = position(preset(name), hands={"N": "5H 6H 7H 2S"}, phase="play", **CANASTRA)  # type: ignore[arg-type]
    state.apply("meld 5H 6H 7H")
    refused(state, "close 2S", "may not be a wild card", "003 'Gameplay'")  # discarding it is still forbidden
    state.apply("add m2 2S")
    assert not state.hands[0]
    state.apply("close")
    assert state.over and state.end_reason == "closed" and state.closed_by == 0


def test_003_scoring_a_wild_that_could_not_be_laid_off_is_still_refused() -> None:
    """003 'Gameplay' ("If they are closing, discarding a wildcard is forbidden") and 'Scoring':
    a last wild that no meld of the team can take could only be discarded, so the meld
    that would leave it is refused (the keep-a-card choice in the presets' docstrings)."""
    full = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"  # the 14-card run takes nothing more
    state = position(preset("brazil-online"), hands={"N": "5H 6H 2H 2C"}, phase="play",
                     melds={"NS": [full]}, pots=[None, "auto"], pots_taken=["NS"])
    refused(state, "meld 5H 6H 2H", "may not close by discarding a wild card", "003 'Gameplay'")


def test_003_scoring_the_card_taken_alone_may_be_laid_off_as_the_final_card() -> None:
    """003 'Gameplay' forbids discarding the one card taken; 003 'Scoring' lets the final
    card be laid off: the 7♦ taken alone is kept, then laid off on 8♦ 9♦ 10♦."""
    melds = {"NS": ["3S 4S 5S 6S 7S 8S 9S", "8D 9D 10D"]}
    state = position(preset("brazil-online"), hands={"N": "5H 6H 7H"}, pile="7D", melds=melds, pots=[None, "auto"], pots_taken=["NS"])
    state.apply("take")
    state.apply("meld 5H 6H 7H")
    refused(state, "close 7D", "alone from the pile", "003 'Gameplay'")
    state.apply("add m2 7D")
    state.apply("close")
    assert state.over and state.closed_by == 0
    # where it could not be laid off, the meld is refused as before
    state = position(preset("brazil-online"), hands={"N": "5H 6H 7H"}, pile="KC", melds=melds, pots=[None, "auto"], pots_taken=["NS"])
    state.apply("take")
    refused(state, "meld 5H 6H 7H", "alone from the pile")


@pytest.mark.parametrize("name", ["aberto-sujo", "italian", "bukharo"])
def test_final_card_must_be_discarded_where_the_document_says_so(name: str) -> None:
    """003 'Different variants' ("In Aberto sujo mode it is mandatory for players to discard
    their final card in order to go out"), 002 and 000 'Closing': the last card is a
    discard, so a wild kept as the last card is refused."""
    rules = preset(name)
    state = position(rules, hands={"N": "5H 6H 7H 2S"}, phase="play", **CANASTRA)  # type: ignore[arg-type]
    refused(state, "meld 5H 6H 7H", "may not close by discarding a wild card")


def test_003_a_wild_whose_lay_off_would_spoil_the_only_clean_canastra_is_not_kept() -> None:
    """003 'Scoring' and 'Gameplay': the final card may be laid off only where that lay-off
    then closes the hand. Under fechado (a clean canastra needed), a 2♥ that could only go on
    the side's one clean canastra would make it dirty, so it could neither be laid off nor
    discarded: the play that would leave it as the last card is refused, and no position
    without a legal action is reached (found by the 300-hand review test, hand 221)."""
    clean = "6S 6S 6H 6H 6D 6C 6C"
    state = position(preset("fechado"), hands={"N": "10H 10C 2H"}, phase="play",
                     melds={"NS": [clean, "10S 10D 2D"]}, pots=[None, "auto"], pots_taken=["NS"])
    refused(state, "add m2 10H 10C", "may not close by discarding a wild card", "003 'Gameplay'")
    assert list(state.legal_actions), "the position must leave the player a legal action"


def test_003_a_card_that_moves_an_end_wild_is_among_the_legal_actions() -> None:
    """Where an end wild moves as the run grows ('free' placement, 003), the K♠ may join
    2♥=5♠ 6♠ … J♠ with the wild moving up to the Q♠: the legal actions must list it (they
    did not, and a player holding only that K♠, taken alone from the pile, was left with
    no legal action)."""
    state = position(preset("brazil-online"), hands={"N": "KS 4H 9H"}, phase="play",
                     melds={"NS": ["2H=5S 6S 7S 8S 9S 10S JS"]})
    add = Action.parse("add m1 KS")
    assert state.is_legal(add) and add in list(state.legal_actions)
    state.apply(add)
    assert state.melds[0].meld.notation() == "6S 7S 8S 9S 10S JS 2H=QS KS"
