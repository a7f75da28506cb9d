"""What the lessons call, without a browser: the chooser, the quiz, the tryout, the done button, the landing page."""

from __future__ import annotations

from pathlib import Path

import pytest

from buraco_learn import check_meld, preset
from buraco_learn.app import lessonkit as kit
from buraco_learn.app import preheat
from buraco_learn.app.catalogue import discover
from buraco_learn.app.progress import DATA_ENV, DB_NAME, ProgressStore
from buraco_learn.rules import Rules


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ProgressStore:
    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    return ProgressStore(tmp_path / DB_NAME)


def clicked(button: object) -> None:
    button.click()  # type: ignore[attr-defined]


MELDS = ["8C 8D 8S", "3S 4S 5S 6S", "JH QH KD"]
COUNT = len(discover())  # lessons are being added: the landing page's figures are the catalogue's


def test_the_chooser_offers_every_preset_and_rerenders_its_views() -> None:
    chooser = kit.RulesetChooser()
    assert [value for _label, value in chooser.dropdown.options] == list(preset.__globals__["PRESET_NAMES"])
    seen: list[str] = []
    view = chooser.view(lambda rules: f"<p>{rules.name} deck {rules.deck_size}</p>")
    chooser.on_change(lambda rules: seen.append(rules.name))
    assert "italian deck 108" in view.value and "002" in chooser.note.value
    chooser.select("brazil-online")
    assert "brazil-online deck 104" in view.value and "003" in chooser.note.value
    assert seen == ["brazil-online"]
    with pytest.raises(ValueError, match="unknown ruleset preset"):
        chooser.select("canasta")


def test_a_view_that_fails_shows_a_sentence_not_a_traceback() -> None:
    chooser = kit.RulesetChooser()

    def render(rules: Rules) -> str:
        if rules.name == "cutthroat":
            raise ValueError("no pots to show in cut-throat")
        return "fine"

    view = chooser.view(render)
    chooser.select("cutthroat")
    assert "no pots to show in cut-throat" in view.value and 'role="alert"' in view.value
    chooser.select("italian")
    assert view.value.endswith("fine")


def test_the_quiz_answers_come_from_the_engine_under_the_chosen_rules() -> None:
    chooser = kit.RulesetChooser()
    quiz = kit.Quiz([kit.meld_question(cards) for cards in MELDS], chooser)
    for index, cards in enumerate(MELDS):
        assert quiz.correct_choice(index) == ("Legal" if check_meld(cards, preset("italian")).legal else "Not legal")
    chooser.select("aberto")
    assert quiz.correct_choice(0) == "Not legal"  # 001: runs only


def test_clicking_an_answer_gives_feedback_and_locks_the_question() -> None:
    quiz = kit.Quiz([kit.meld_question(cards) for cards in MELDS])
    picker = quiz._choices[2]
    assert picker.options == ("Legal", "Not legal") and picker.value is None
    assert picker.tooltips == ("Question 3: Legal", "Question 3: Not legal")
    picker.value = "Legal"  # what a click in the browser sends
    feedback = quiz.feedback_html(2)
    assert "Not quite: the answer is Not legal" in feedback and "002" in feedback
    assert picker.disabled and picker.button_style == "danger"
    assert quiz.answer(2, quiz.correct_choice(2)) is False  # already answered: the first answer stands
    assert (quiz.answered, quiz.score) == (1, 0)
    with pytest.raises(IndexError, match="no question 4"):
        quiz.answer(3, "Legal")


def test_finishing_the_quiz_records_the_score_and_offers_to_start_again(store: ProgressStore) -> None:
    page = kit.Page("melds", store=store)
    quiz = kit.Quiz([kit.meld_question(cards) for cards in MELDS], page=page)
    quiz.answer(0, quiz.correct_choice(0))
    quiz.answer(1, "Not legal")
    assert store.lesson("melds").quizzes == {}
    quiz.answer(2, quiz.correct_choice(2))
    assert "You got 2 of 3 right" in quiz.summary.value and "saved" in quiz.summary.value
    score = store.lesson("melds").quizzes["check"]
    assert (score.score, score.total) == (2, 3)
    assert quiz.again in quiz.widget.children
    clicked(quiz.again)
    assert quiz.answered == 0 and quiz.again not in quiz.widget.children


def test_changing_the_rules_starts_the_quiz_again_and_closes_the_old_widgets() -> None:
    chooser = kit.RulesetChooser()
    quiz = kit.Quiz([kit.meld_question(cards) for cards in MELDS], chooser)
    quiz.answer(0, "Legal")
    assert quiz._choices[0].value == "Legal" and quiz._choices[0].disabled
    old = list(quiz._choices)
    chooser.select("cutthroat")
    assert quiz.answered == 0 and quiz.rules.name == "cutthroat"
    assert all(widget.comm is None for widget in old)  # closed: no leak of models per ruleset change
    assert quiz._choices[0].value is None and not quiz._choices[0].disabled


def test_a_score_that_cannot_be_saved_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("in the way")
    monkeypatch.setenv(DATA_ENV, str(blocker / "data"))
    page = kit.Page("aces")
    quiz = kit.Quiz([kit.meld_question("AS 2S 3S")], page=page)
    quiz.answer(0, "Legal")
    assert "Your score is not saved" in quiz.summary.value
    button = kit.DoneButton(page)
    assert button.button.disabled and "Progress cannot be kept here" in button.status.value


def test_number_and_preset_questions() -> None:
    deck = kit.number_question("How many cards?", lambda rules: rules.deck_size, lambda rules: "two decks", lambda rules: (104, 108, 110))
    assert deck.choices(preset("italian")) == ("104", "108", "110") and deck.answer(preset("fechado")) == "104"
    which = kit.preset_question("Which has no jokers?", "jokers", lambda rules: not rules.jokers, ["italian", "brazil-online"])
    assert which.answer(preset("italian")) == "Buraco Brazil Online"
    assert "Italian Burraco (002 Burraco: full rules (Italian)): yes · Buraco Brazil Online (003 Buraco Brazil Online): no" in which.explain(preset("italian"))
    with pytest.raises(ValueError, match="exactly one answer"):
        kit.preset_question("Which has jokers?", "jokers", lambda rules: rules.jokers, ["italian", "bukharo"])


def test_a_meld_question_with_bad_notation_fails_when_written() -> None:
    with pytest.raises(ValueError, match="invalid card notation"):
        kit.meld_question("7H 8X 9H")
    with pytest.raises(ValueError, match="at least one question"):
        kit.Quiz([])


def test_the_tryout_checks_what_is_typed() -> None:
    chooser = kit.RulesetChooser()
    tryout = kit.Tryout(chooser=chooser)
    assert "Legal: a dirty run of diamonds" in tryout.run("7D JK 6D")
    assert "invalid card notation" in tryout.run("7D 6X") and 'role="alert"' in tryout.result.value
    tryout.run("9S 9H 9D")
    assert "buraco-verdict legal" in tryout.result.value
    chooser.select("aberto")  # the verdict follows the ruleset
    assert "buraco-verdict illegal" in tryout.result.value
    assert tryout.run("") == ""


def test_the_done_button_marks_and_unmarks_the_lesson(store: ProgressStore) -> None:
    page = kit.Page("cards", store=store)
    button = kit.DoneButton(page)
    assert button.button.description == "I've done this lesson"
    clicked(button.button)
    assert store.is_done("cards")
    assert "Done on" in button.status.value and 'href="02_melds.ipynb"' in button.status.value
    assert button.button.description == "Mark as not done"
    assert button.toggle() is False and not store.is_done("cards")


def test_the_landing_page_shows_progress_and_resets(store: ProgressStore) -> None:
    store.mark_done("cards")
    store.record_quiz("aces", 3, 6)
    landing = kit.Landing(store)
    assert f"1 of {COUNT} lessons done" in landing.table.value and "Started" in landing.table.value  # aces: a quiz tried
    where = landing.widget.children[2].children[-1].value
    assert "Your progress is saved" in where and str(store.path) not in where
    landing.choose.value = "aces"
    clicked(landing.reset_one)
    assert "Forgot lesson 4 · Aces high and low" in landing.message.value
    assert "Started" not in landing.table.value and store.is_done("cards")
    clicked(landing.reset_all)
    assert landing.confirm_box.layout.display == "flex"
    clicked(landing.cancel)
    assert landing.confirm_box.layout.display == "none" and store.is_done("cards")
    clicked(landing.reset_all)
    clicked(landing.confirm)
    assert store.all() == {} and f"0 of {COUNT} lessons done" in landing.table.value


def test_page_nav_and_the_app_switch() -> None:
    page = kit.Page("wild-cards")
    nav = page.nav()
    assert 'href="02_melds.ipynb"' in nav.value and 'href="04_aces.ipynb"' in nav.value
    assert repr(nav) == f"NavBar(lesson 3 of {COUNT}: home index.ipynb, previous 02_melds.ipynb, next 04_aces.ipynb)"
    assert repr(kit.Page("cards").nav()).endswith("home index.ipynb, next 02_melds.ipynb)")
    assert repr(page) == "Page('wild-cards')"



def test_check_cells_run_outside_the_app_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VOILA_BASE_URL", raising=False)
    monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)
    assert kit.checking() and not kit.in_app()
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    assert kit.in_app() and not kit.checking()


def test_a_preheated_page_waits_for_its_request_then_shows_the_latest_progress(
        store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kit, "_ON_OPENED", [])
    requests: list[str] = []

    def opened() -> bytes:
        requests.append("opened")
        monkeypatch.setenv(preheat.PREHEAT_ENV, "False")
        return b"{}"

    monkeypatch.setattr(preheat, "wait_for_request", opened)
    monkeypatch.setenv(preheat.PREHEAT_ENV, "True")
    button = kit.DoneButton(kit.Page("cards", store=store))
    landing = kit.Landing(store)
    assert button.button.description == "I've done this lesson" and f"0 of {COUNT} lessons done" in landing.table.value
    store.mark_done("cards")  # in another tab, after this kernel ran its cells ahead
    kit.page_opened()
    assert requests == ["opened"]
    assert "Done on" in button.status.value and f"1 of {COUNT} lessons done" in landing.table.value
    kit.page_opened()  # once opened, it never waits again
    assert requests == ["opened"]


def test_outside_a_preheated_kernel_the_page_does_not_wait(store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kit, "_ON_OPENED", [])
    monkeypatch.delenv(preheat.PREHEAT_ENV, raising=False)
    monkeypatch.setattr(preheat, "wait_for_request", lambda: pytest.fail("waited for a request"))
    landing = kit.Landing(store)
    store.mark_done("cards")
    kit.page_opened()
    assert f"1 of {COUNT} lessons done" in landing.table.value


def test_a_refresh_that_fails_leaves_the_page_as_it_was(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(kit, "_ON_OPENED", [])
    monkeypatch.delenv(preheat.PREHEAT_ENV, raising=False)
    shown: list[str] = []

    def broken() -> None:
        raise kit.ProgressError("the disk is gone")

    kit.on_opened(broken)
    kit.on_opened(lambda: shown.append("refreshed"))
    kit.page_opened()
    assert shown == ["refreshed"] and "the disk is gone" in caplog.text


def test_the_tryout_button_wraps_under_its_box_on_a_narrow_screen() -> None:
    tryout = kit.Tryout()
    row = tryout.widget.children[0]
    assert row.children == (tryout.text, tryout.button) and row.layout.flex_flow == "row wrap"  # not cut off at 390 px
