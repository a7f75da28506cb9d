"""The landing page's map (stars, what to do next), each lesson's recap, and the stars a visit earns (issue 14)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from buraco_learn import preset
from buraco_learn.app import exercises as ex
from buraco_learn.app import lessonkit as kit
from buraco_learn.app.catalogue import LessonInfo, discover
from buraco_learn.app.lessonmap import map_html, next_lesson
from buraco_learn.app.progress import DATA_ENV, DB_NAME, LessonProgress, ProgressStore
from buraco_learn.app.recaps import RECAPS, recap
from buraco_learn.app.scorehands import deal_hand_end
from buraco_learn.app.taskdata import load

LESSONS = discover()
COUNT = len(LESSONS)  # lessons are being added: every figure is the catalogue's
DONE = "2026-01-01T00:00:00+00:00"
#: what a newcomer must never read: card or action notation, option names, file paths, code
NOTATION = re.compile(r"\b(?:10|[2-9AJQKT])[SHDC]\b|\bJK\b|\b[a-z]+_[a-z_]+\b|\.ipynb|\.py\b|/\w+/|[{}]|\bm\d\b")


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ProgressStore:
    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    return ProgressStore(tmp_path / DB_NAME)


def stops(page: str) -> dict[str, str]:
    return dict(re.findall(r'<li class="lesson [^"]*" data-lesson="([^"]+)"(.*?)</li>', page))


def visible_text(page: str) -> str:
    page = re.sub(r"<style>.*?</style>", "", page, flags=re.S)
    return re.sub(r"<[^>]+>", " ", page)


# -- the map ------------------------------------------------------------------------------------
def test_the_map_lists_every_lesson_in_order_with_link_goal_and_stars() -> None:
    page = map_html(LESSONS, {})
    found = stops(page)
    assert list(found) == [lesson.id for lesson in LESSONS]
    for lesson in LESSONS:
        assert f'href="{lesson.filename}"' in found[lesson.id] and lesson.title in found[lesson.id]
        assert 'aria-label="0 of 3 stars"' in found[lesson.id] and "☆☆☆" in found[lesson.id]
    assert f"0 of {COUNT} lessons done · 0 of {3 * COUNT} stars" in page
    assert "Next: lesson 1 — The cards and the deal" in page and 'aria-current="step"' in found["cards"]


def test_lessons_done_show_their_stars_and_next_points_to_the_first_not_done() -> None:
    progress = {"cards": LessonProgress("cards", DONE, best_stars=3), "melds": LessonProgress("melds", DONE, best_stars=2),
                "aces": LessonProgress("aces", DONE)}  # done before stars were kept: one star
    page = map_html(LESSONS, progress)
    found = stops(page)
    assert 'aria-label="3 of 3 stars">★★★' in found["cards"] and "✔ Done" in found["cards"]
    assert 'aria-label="2 of 3 stars">★★☆' in found["melds"] and "map-done" in page
    assert 'aria-label="1 of 3 stars">★☆☆' in found["aces"]
    assert "Next" in found["wild-cards"] and 'aria-current="step"' in found["wild-cards"]
    assert "Not started" in found["turn"]
    assert f"3 of {COUNT} lessons done · 6 of {3 * COUNT} stars" in page
    assert 'href="03_wild_cards.ipynb">Next: lesson 3 — Wild cards →' in page


def test_when_every_lesson_is_done_the_map_says_so() -> None:
    everything = {lesson.id: LessonProgress(lesson.id, DONE, best_stars=3) for lesson in LESSONS}
    assert next_lesson(LESSONS, everything) is None
    page = map_html(LESSONS, everything)
    assert f"You have done all {COUNT} lessons." in page and f"{3 * COUNT} of {3 * COUNT} stars" in page and "Next: lesson" not in page


def test_a_lesson_marked_not_done_shows_no_stars_but_keeps_them() -> None:
    page = map_html(LESSONS, {"cards": LessonProgress("cards", None, best_stars=3)})
    assert 'aria-label="0 of 3 stars"' in stops(page)["cards"] and "Next: lesson 1" in page


def info(number: int, track: str) -> LessonInfo:
    return LessonInfo(number, f"l{number}", f"Title {number}", f"Goal {number}.", "ready", Path(f"{number:02d}_l.ipynb"), track)


#: a catalogue with every track, as the issue lays it out (1-9 and 12 the beginner path; 10 the rulesets' reference)
PATH = [info(number, "beginner") for number in (1, 2, 3, 4, 5, 6, 7, 8, 9, 12)] + [
    info(13, "strategy"), info(14, "strategy"), info(10, "variants"), info(16, "variants"), info(11, "classroom")]


def tracks(page: str) -> list[tuple[str, list[str]]]:
    sections = re.findall(r'<section class="buraco-track" data-track="([a-z]+)"(.*?)</section>', page)
    return [(track, list(stops(body))) for track, body in sections]


def test_the_map_shows_the_tracks_in_order_each_with_its_lessons() -> None:
    page = map_html(list(reversed(PATH)), {})  # in any order given: the path's order shown
    assert tracks(page) == [
        ("beginner", [f"l{n}" for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 12)]), ("strategy", ["l13", "l14"]),
        ("variants", ["l10", "l16"]), ("classroom", ["l11"])]
    headings = re.findall(r'<h3 class="track-title"[^>]*>([^<]+)<span class="track-count">([^<]+)</span>', page)
    assert headings == [("Beginner path ", "0 of 10 done"), ("Strategy ", "0 of 2 done"),
                        ("Rulesets and variants ", "0 of 2 done"), ("Classroom ", "0 of 1 done")]
    assert "Lesson 10's table compares them all" in html.unescape(visible_text(page))
    assert f"0 of {len(PATH)} lessons done · 0 of {3 * len(PATH)} stars" in page


def test_the_real_map_starts_with_the_beginner_path_and_ends_with_the_classroom() -> None:
    found = tracks(map_html(LESSONS, {}))
    numbers = {lesson.id: lesson.number for lesson in LESSONS}
    assert found[0][0] == "beginner" and [numbers[i] for i in found[0][1]] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 12]
    assert found[-1][0] == "classroom" and [numbers[i] for i in found[-1][1]] == [11]
    assert next(numbers[i] for i in dict(found)["variants"]) == 10  # the rulesets' reference opens the variants
    assert [track for track, _ in found] == [track for track in ("beginner", "strategy", "variants", "classroom")
                                             if any(lesson.track == track for lesson in LESSONS)]


def test_what_to_do_next_follows_beginner_then_strategy_then_variants_never_the_classroom() -> None:
    progress: dict[str, LessonProgress] = {}
    order = []
    while (upcoming := next_lesson(PATH, progress)) is not None:
        order.append(upcoming.number)
        progress[upcoming.id] = LessonProgress(upcoming.id, DONE, best_stars=2)
    assert order == [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 14, 10, 16]
    page = map_html(PATH, progress)
    assert "You have done the whole path." in page and "Next: lesson" not in page
    assert f"{len(PATH) - 1} of {len(PATH)} lessons done" in page and "0 of 1 done" in page  # the classroom's lesson
    progress["l11"] = LessonProgress("l11", DONE, best_stars=3)
    assert f"You have done all {len(PATH)} lessons." in map_html(PATH, progress)
    nine_done = {lesson.id: LessonProgress(lesson.id, DONE) for lesson in PATH if lesson.number <= 9}
    page = map_html(PATH, nine_done)
    assert "Next: lesson 12 — Title 12 →" in page and "9 of 10 done" in page
    assert 'aria-current="step"' in stops(page)["l12"]


def test_the_map_escapes_and_shows_no_notation() -> None:
    odd = LessonInfo(1, "odd", "Odd <b>title</b>", 'Goal & "quotes".', "ready", Path("01_odd.ipynb"))
    page = map_html([odd], {})
    assert "Odd &lt;b&gt;title&lt;/b&gt;" in page and "<b>title</b>" not in page
    text = visible_text(map_html(LESSONS, {"cards": LessonProgress("cards", DONE, best_stars=2)}))
    assert not NOTATION.search(text), NOTATION.search(text)


# -- the recaps -----------------------------------------------------------------------------------
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_has_a_three_line_recap_in_plain_words(lesson: LessonInfo) -> None:
    lines = recap(lesson.id)
    assert lines is not None, f"add the recap of lesson {lesson.number} to buraco_learn/app/recaps.py"
    assert len(lines) == 3
    for line in lines:
        assert line[0].isupper() and line.endswith(".") and len(line) <= 110, line
        assert not NOTATION.search(line) and not re.search(r"(?<![\d,])00\d\b", line), line


def test_no_recap_for_a_lesson_that_is_not_in_the_catalogue() -> None:
    assert set(RECAPS) == {lesson.id for lesson in LESSONS}


def test_the_end_of_a_lesson_shows_its_recap_above_the_done_button(store: ProgressStore) -> None:
    end = kit.Page("turn", store=store).done_button()
    recap_widget, button_box = end.children
    assert "What you learned" in recap_widget.value
    assert all(html.escape(line) in recap_widget.value for line in RECAPS["turn"])
    assert button_box.children[0].description == "I've done this lesson"


# -- the stars a visit earns ------------------------------------------------------------------------
def quiz_page(store: ProgressStore) -> tuple[kit.Page, kit.Quiz, kit.DoneButton]:
    page = kit.Page("melds", store=store)
    quiz = kit.Quiz([kit.meld_question(cards) for cards in ("8C 8D 8S", "JH QH KD", "3S 4S 5S")], page=page)
    return page, quiz, kit.DoneButton(page)


def test_every_answer_right_at_once_then_done_is_three_stars(store: ProgressStore) -> None:
    page, quiz, button = quiz_page(store)
    for index in range(3):
        assert quiz.answer(index, quiz.correct_choice(index))
    assert (page.mistakes, page.finished, page.tasks) == (0, True, 3)
    button.toggle()
    assert store.lesson("melds").stars == 3 and store.lesson("melds").fewest_mistakes == 0
    assert 'aria-label="3 of 3 stars"' in button.status.value and "Next: lesson 3 — Wild cards" in button.status.value


def test_a_wrong_answer_then_right_is_two_stars_and_the_best_is_kept(store: ProgressStore, tmp_path: Path) -> None:
    page, quiz, button = quiz_page(store)
    assert quiz.answer(1, "Legal") is False  # JH QH KD: two suits
    quiz.retry(1)
    assert quiz.answer(1, "Not legal") is True
    assert quiz.answer(0, "Legal") and quiz.answer(2, "Legal")
    button.toggle()
    assert (page.mistakes, store.lesson("melds").stars) == (1, 2)
    assert "For the third star" in button.status.value
    # a later visit with more mistakes takes no star away
    again, quiz, _button = quiz_page(store)
    for _ in range(3):
        quiz.answer(0, "Not legal")
        quiz.retry(0)
    assert again.mistakes == 3 and store.lesson("melds").stars == 2


def test_done_with_tasks_left_is_one_star_and_finishing_them_later_adds_stars(store: ProgressStore) -> None:
    page, quiz, button = quiz_page(store)
    quiz.answer(0, "Legal")
    button.toggle()
    assert store.lesson("melds").stars == 1 and not page.finished
    quiz.answer(1, "Not legal")
    quiz.answer(2, "Legal")  # the lesson is done already: the answers earn the stars at once
    assert store.lesson("melds").stars == 3
    assert 'aria-label="3 of 3 stars"' in button.status.value


def test_a_table_exercise_with_a_goal_missed_is_a_mistake(store: ProgressStore) -> None:
    page = kit.Page("pot", store=store)
    exercise = ex.TableExercise(load("pot")["pot"].build(), page, autoplay=False)
    exercise.play("discard 9S")  # the turn ends without the pot picked up
    assert page.mistakes == 1 and not page.finished and page.tasks == 1
    exercise.restart()
    for action in ("meld 5H 6H 7H", "meld 9C 9D 9S", "pot"):
        exercise.play(action)
    exercise.play(f"discard {exercise.state.hand_cards(exercise.state.current)[0]}")
    assert page.mistakes == 1 and page.finished


def test_scoring_numbers_typed_wrong_are_mistakes(store: ProgressStore) -> None:
    page = kit.Page("scoring", store=store)
    scoring = ex.ScoringExercise(page=page)
    right = {side: score.total for side, score in deal_hand_end(preset("italian"), 1).scores().items()}
    assert scoring.answer({side: total + 10 for side, total in right.items()}) is False
    assert scoring.answer(right) is True
    assert (page.mistakes, page.finished) == (1, True)


def test_the_meld_quiz_counts_each_question_missed_and_a_round_passes_it(store: ProgressStore) -> None:
    page = kit.Page("meld-quiz", store=store)
    rounds = ex.QuizRounds(page=page, round=10, seed=3)
    for _ in range(rounds.round):
        rounds.quiz.reveal()  # shown, not answered: a mistake
        rounds.quiz.next_question()
    assert rounds.rounds == [0] and (page.mistakes, page.finished) == (10, True)
    assert page.visit_stars() == 1


def test_a_hand_played_to_the_end_is_the_play_lessons_task(store: ProgressStore) -> None:
    from buraco_learn.bots import make_bot

    page = kit.Page("play", store=store)
    room = ex.GameRoom(page, pace=0)
    assert (page.tasks, page.finished) == (1, False)
    table = room.new_game(seed=5)
    table.set_state({"comments": False})
    learner, table.autoplay = make_bot("random", table.rules, seed=3), False  # the learner plays like a random bot
    table.advance()
    while not table.state.over:
        table.play(learner.act(table.game.view())) if table.game.learner_turn else table.advance()
    assert page.finished and page.mistakes == 0 and page.visit_stars() == 3
    table.close()
