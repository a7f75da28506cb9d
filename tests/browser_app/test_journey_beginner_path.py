"""The whole beginner path as a learner walks it (issue 14), in headless Chromium against ``buraco-learn serve``.

One learner, one server, one desktop viewport (1366x900), lessons 1 to 9 then 12 in the path's order
(:func:`~buraco_learn.app.catalogue.discover`, track "beginner"). In each lesson every task is answered
wrong once, then right, by clicking and typing only:

- **a question** (lessons 1-9 and 12): a choice the lesson's own question object says is wrong (the
  lesson's cells are run in this process, :func:`tests.test_lesson_defects.run_lesson`, and its
  :class:`~buraco_learn.app.lessonkit.Quiz`'s ``answer(rules)`` is the right one); the page must say
  "Not quite", name the right answer and give the question's own reason with its rule document; then
  "Try again" (or "Try another": the same point on other cards, the same answer) and the right choice;
- **a task on the cards** (lessons 2-4): a card of the hand that the engine judges wrong
  (:func:`~buraco_learn.app.cardtasks.judge` on the hand the page shows, read from the cards' spoken
  names); the page must give a reason and mark cards that the engine accepts; then "Try another" deals a
  fresh hand, and the pick of :func:`~buraco_learn.app.cardtasks.solve` on it is right;
- **a turn on the card table** (lessons 5-8): a turn that the position's own goals
  (their ``table`` blocks in lessons/tasks/*.toml) say misses one (draw if need be, then discard at once);
  the page must list the goal missed; then "Start again" and a turn searched for with the engine over
  the legal moves until every goal is met;
- **a hand to score** (lesson 9): totals that are not the engine's, then the engine's
  (:class:`~buraco_learn.app.exercises.ScoringExercise`'s own scores);
- **the guided hand** (lesson 12): one move that is not the step's (a discard where the step lays a
  meld), refused, then every step as the panel asks (:mod:`buraco_learn.app.guided`);
- **a hand against the bots** (lesson 12, "a hand played"): a free hand has no wrong answer, so the learner
  does what a learner does: deals, draws and discards until the hand is over.

Then the recap ("What you learned", every line of :data:`~buraco_learn.app.recaps.RECAPS`), "I've done
this lesson", and the stars shown must be :func:`~buraco_learn.app.stars.stars_for` the mistakes made (one
per task, but none for the free hand). At the end the landing page's map shows every beginner lesson done
with those stars. Every page, after every task, must show no action notation or card codes, no option
identifier (the snake_case names of :meth:`Rules.options <buraco_learn.rules.Rules.options>`), no file path
and no error text (:func:`~tests.browser_app.test_app_browser.assert_no_error_output`). A phone (390x844)
screenshot of each lesson's end goes to ``$BURACO_SCREENSHOTS`` when it is set.

What it does not do: the phone is only photographed (its layout is checked by the other journeys); the
typing boxes ("Try your own") and the replayers are not tasks and are left alone; with every task answered
wrong once each lesson earns 1 star, so 2 and 3 stars are left to ``test_journey_stars.py``; a score line
that names a meld by its cards with their suits ("meld 5♠ 6♠ 7♠ +65", lesson 7's table of what the
pozzetto is worth) is not counted as notation.
"""

from __future__ import annotations

import dataclasses
import os
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest

from buraco_learn.app import lessonkit as kit
from buraco_learn.app.cardtasks import CardTask, judge, solve
from buraco_learn.app.catalogue import LessonInfo, discover, repository_lessons_dir
from buraco_learn.app.exercises import ScoringExercise, TableExercise
from buraco_learn.app.guided import STEPS
from buraco_learn.app.lesson import Lesson
from buraco_learn.app.positions import Exercise
from buraco_learn.app.recaps import RECAPS
from buraco_learn.app.stars import stars_for, stars_label
from buraco_learn.cards import Card
from buraco_learn.game.actions import Action
from buraco_learn.melds import check_meld
from buraco_learn.rules import Rules
from buraco_learn.ui.table_view import side_word
from tests.test_lesson_defects import run_lesson, text_of

from .conftest import AppServer, BrowserThread, Tab, _with_tab
from .test_app_browser import assert_no_error_output, landing_rows
from .test_journey_cards import BY_NAME, hand_of
from .test_journey_guided_hand import Guided
from .test_journey_play_the_coach import Learner
from .test_lessons_browser import TABLE, expect, play_to_the_end

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
PATH = [lesson for lesson in discover(repository_lessons_dir()) if lesson.track == "beginner"]
#: the snake_case names of the rules' options: a learner reads words, never these
OPTIONS = re.compile(r"\b(?:" + "|".join(sorted((spec.name for spec in Rules.options() if "_" in spec.name),
                                                key=len, reverse=True)) + r")\b")
#: action notation and card codes, as the other journeys' NOTATION, but a score line's cards drawn with their suits
#: ("meld 5♠ 6♠ 7♠ +65" in a breakdown of points) are not notation a learner types, nor "JK" on a joker's face
NOTATION = re.compile(r"\b(?:meld|add|swap|discard|close|take) (?:m\d+|(?:10|[2-9AJQK])[SHDC]|JK)\b|\bm\d+\b"
                      r"|\b(?:10|[2-9AJQKT])[SHDC]\b|write '|illegal action|not a legal action")
PATHS = re.compile(r"(?:^|[\s(])(?:/|~/|\.\./)[\w.-]+/[\w./-]+|\b\w+\.(?:py|ipynb|sqlite3?|json|db)\b|\\\w+\\")
ERRORS = re.compile(r"Traceback|\w+Error\b|\bException\b|went wrong|\bNone\b|undefined|NaN")
QUIZ_BUTTON = 'button[title="Question {number}: {choice}"]'
RETRY_BUTTON = 'button[title^="Answer question {number} again"]'


def check_page(tab: Tab, where: str) -> None:
    """What the whole page shows: no notation, no option identifier, no path, no error text."""
    text = str(tab.page.inner_text("#rendered_cells"))
    for name, pattern in (("notation", NOTATION), ("an option identifier", OPTIONS), ("a file path", PATHS),
                          ("error text", ERRORS)):
        found = pattern.search(text)
        if found:
            at = found.start()
            raise AssertionError(f"{where}: the page shows {name}, {found.group(0)!r}: …{text[max(0, at - 160):at + 80]}…")
    assert_no_error_output(tab)


def objects(lesson: dict[str, Any], kind: type) -> list[Any]:
    """The lesson's objects of ``kind`` (its quiz, its tasks on the cards, its table exercise ...): what its cells
    made and what its ``lesson.show`` built from the task file, in the page's order."""
    values = list(lesson.values())
    for value in list(values):
        if isinstance(value, Lesson):
            values.extend(value.shown.values())
    return list({id(value): value for value in values if isinstance(value, kind)}.values())


# -- the right and wrong answers, from the engine ------------------------------------------------------
def table_cards(picker: Any) -> list[Card]:
    cards = picker.locator(".bl-table-cards .bl-card")
    return [BY_NAME[str(cards.nth(i).get_attribute("aria-label")).split(",")[0]] for i in range(cards.count())]


def shown_task(template: CardTask, hand: list[Card], table: list[Card]) -> CardTask:
    """The task the page shows: the step's own goal and action (``template``), on the hand and table read from the page."""
    meld = None
    if template.table is not None:
        meld = check_meld(table, template.rules).meld
        assert meld is not None, f"the table shows {table}, not a meld"
    return dataclasses.replace(template, hand=tuple(hand), table=meld)


def wrong_pick(task: CardTask) -> int:
    """A card of the hand that the engine says is not an answer to ``task`` (its place)."""
    return next(place for place, card in enumerate(task.hand) if not judge(task, [card]).right)


def replay(exercise: Exercise, actions: list[Action]) -> Any:
    state = exercise.start()
    for action in actions:
        state.apply(action)
    return state


def ends(action: Action) -> bool:
    return action.kind in ("discard", "close")


def turn_for(exercise: Exercise, *, right: bool, depth: int = 5) -> list[Action]:
    """A first turn on the position, from its legal moves: every goal met (``right``), or one missed.

    Depth first, the moves that meet most goals first; a wrong turn ends as soon as it can.
    """
    def search(actions: list[Action]) -> list[Action] | None:
        state = replay(exercise, actions)
        if actions and ends(actions[-1]):
            met = all(goal.met for goal in exercise.check(state, actions))
            return actions if met == right else None
        if len(actions) >= depth or state.over:
            return None
        moves = []
        for action in state.view(0).legal:
            after = [*actions, action]
            count = sum(goal.met for goal in exercise.check(replay(exercise, after), after))
            moves.append(((int(not ends(action)), -count) if not right else (-count, int(ends(action))), action))
        for _, action in sorted(moves, key=lambda item: item[0]):
            found = search([*actions, action])
            if found is not None:
                return found
        return None

    found = search([])
    assert found is not None, f"no {'right' if right else 'wrong'} turn found for {exercise.key!r}"
    return found


# -- a learner on the page -------------------------------------------------------------------------------
class Walk:
    """The learner: answers the tasks of the lesson open in ``tab``; counts the wrong answers given."""

    def __init__(self, tab: Tab, lesson: LessonInfo) -> None:
        self.tab = tab
        self.page = tab.page
        self.lesson = lesson
        self.mistakes = 0
        self.tasks = 0

    def where(self, what: str) -> str:
        return f"lesson {self.lesson.number} ({self.lesson.title}), {what}"

    def quiz(self, quiz: kit.Quiz) -> None:
        rules = quiz.rules
        for index, question in enumerate(quiz.questions):
            number = index + 1
            right = question.answer(rules)
            wrong = next(choice for choice in question.choices(rules) if choice != right)
            reason = text_of(question.explain(rules))
            button = self.page.locator(QUIZ_BUTTON.format(number=number, choice=wrong))
            button.scroll_into_view_if_needed()
            button.click()
            said = self.page.locator(".buraco-feedback.wrong[role=status]").filter(
                has_text=f"Not quite: the answer is {right} (you said {wrong})")
            expect()(said).to_have_count(1)
            shown = re.sub(r"\s+", " ", self.page.locator(".widget-html-content").filter(has=said).first.inner_text())
            squeezed = re.sub(r"\s", "", reason)[:60]  # the words of the question's own reason (spaces aside)
            assert squeezed in re.sub(r"\s", "", shown), f"{self.where(f'question {number}')}: the reason {reason!r} is not in {shown!r}"
            assert re.search(r"\b00[0-4]\b", shown), f"{self.where(f'question {number}')}: no rule document in {shown!r}"
            self.mistakes += 1
            check_page(self.tab, self.where(f"question {number} answered wrong"))
            self.page.locator(RETRY_BUTTON.format(number=number)).click()
            again = self.page.locator(QUIZ_BUTTON.format(number=number, choice=right))
            expect()(again).to_be_enabled()
            again.click()
            expect()(self.page.locator(".buraco-feedback.right[role=status]").filter(has_text="Right this time")).to_have_count(
                number)
            self.tasks += 1
        expect()(self.page.get_by_text(re.compile(rf"You got 0 of {len(quiz.questions)} right at the first try"))).to_be_visible()
        check_page(self.tab, self.where("its questions answered"))

    def discard_task(self, picker: Any, index: int, count: int) -> None:
        """A "which card may you not discard?" task (lesson 5): the card refused is read from the page as a learner
        reads it (the card taken alone from the pile, shown above the hand; or the one wild card, when the side can
        close), a wrong pick first, then a fresh hand answered right; the marked card must be the one refused."""
        def refused(hand: list[tuple[str, Card]]) -> int:
            cards = [card for _, card in hand]
            shown = table_cards(picker)
            if len(shown) == 1 and shown[0] in cards:
                return cards.index(shown[0])
            wilds = [place for place, card in enumerate(cards) if card.is_joker or card.is_two]
            assert len(wilds) == 1, f"{self.where(f'task {index + 1}')}: which card is refused? {cards}, {shown}"
            return wilds[0]

        expect()(picker.locator(".bl-prompt")).to_contain_text(f"Task {index + 1} of {count}")
        hand = hand_of(picker)
        answer = refused(hand)
        wrong = next(place for place in range(len(hand)) if place != answer)
        picker.locator(f'.bl-hand .bl-card[data-id="{hand[wrong][0]}"]').click()
        picker.locator('.bl-actions button[data-key="check"]').click()
        feedback = picker.locator(".bl-feedback.bl-incorrect")
        expect()(feedback).to_contain_text("may not discard")
        assert "(002 " in feedback.inner_text(), feedback.inner_text()
        marked = picker.locator(".bl-hand .bl-card.bl-answer")
        expect()(marked).to_have_count(1)
        assert marked.first.get_attribute("data-id") == hand[answer][0], "the card marked is not the one refused"
        self.mistakes += 1
        check_page(self.tab, self.where(f"task {index + 1} on the cards answered wrong"))
        picker.locator('.bl-actions button[data-key="another"]').click()
        expect()(picker).to_have_attribute("data-stage", "pick")
        hand = hand_of(picker)
        picker.locator(f'.bl-hand .bl-card[data-id="{hand[refused(hand)][0]}"]').click()
        picker.locator('.bl-actions button[data-key="check"]').click()
        expect()(picker.locator(".bl-feedback.bl-correct")).to_contain_text("Right!")
        expect()(picker.locator(".bl-step-done")).to_have_count(index + 1)
        self.tasks += 1
        check_page(self.tab, self.where(f"task {index + 1} on the cards answered right"))
        if index + 1 < count:
            picker.locator('.bl-actions button[data-key="next"]').click()

    def card_tasks(self, tasks: kit.CardTasks) -> None:
        picker = self.page.locator(".bl-picker")
        expect()(picker).to_be_visible(timeout=60_000)
        rules = tasks.run.rules
        steps = tasks.run.steps
        for index, step in enumerate(steps):
            template = step.variant(random.Random(index), rules)
            expect()(picker.locator(".bl-prompt")).to_contain_text(f"Task {index + 1} of {len(steps)}")
            expect()(picker).to_have_attribute("data-stage", "pick")
            if template.action == "discard-refused":
                self.discard_task(picker, index, len(steps))
                continue
            # wrong: a card the engine refuses
            hand = hand_of(picker)
            task = shown_task(template, [card for _, card in hand], table_cards(picker))
            place = wrong_pick(task)
            picker.locator(f'.bl-hand .bl-card[data-id="{hand[place][0]}"]').click()
            picker.locator('.bl-actions button[data-key="check"]').click()
            feedback = picker.locator(".bl-feedback.bl-incorrect")
            expect()(feedback).to_contain_text("one right answer")
            assert re.search(r"\S{3,}.*\S{3,}", feedback.inner_text().split("The cards marked")[0]), feedback.inner_text()
            marked = picker.locator(".bl-hand .bl-card.bl-answer")
            expect()(marked).not_to_have_count(0)
            answer = [BY_NAME[str(marked.nth(i).get_attribute("aria-label")).split(",")[0]] for i in range(marked.count())]
            assert judge(task, answer).right, f"{self.where(f'task {index + 1}')}: the cards marked, {answer}, are not right"
            self.mistakes += 1
            check_page(self.tab, self.where(f"task {index + 1} on the cards answered wrong"))
            # right: a fresh hand, solved by the engine
            old = [card for _, card in hand]
            picker.locator('.bl-actions button[data-key="another"]').click()
            expect()(picker).to_have_attribute("data-stage", "pick")
            expect()(picker.locator(".bl-hand .bl-card.bl-answer")).to_have_count(0)
            hand = hand_of(picker)
            assert [card for _, card in hand] != old, "the same hand again"
            task = shown_task(template, [card for _, card in hand], table_cards(picker))
            places = solve(task)
            assert places is not None, f"{self.where(f'task {index + 1}')}: the engine finds no answer in {task.hand}"
            for place in places:
                picker.locator(f'.bl-hand .bl-card[data-id="{hand[place][0]}"]').click()
            picker.locator('.bl-actions button[data-key="check"]').click()
            expect()(picker.locator(".bl-feedback.bl-correct")).to_contain_text("Right!")
            expect()(picker.locator(".bl-step-done")).to_have_count(index + 1)
            self.tasks += 1
            check_page(self.tab, self.where(f"task {index + 1} on the cards answered right"))
            if index + 1 < len(steps):
                picker.locator('.bl-actions button[data-key="next"]').click()

    def table_turn(self, exercise: TableExercise) -> None:
        position = exercise.exercise
        learner = Learner(self.tab)
        table = self.page.locator(TABLE)
        expect()(table).to_have_attribute("data-turn", "you", timeout=60_000)
        status = self.page.get_by_role("list", name="Your goals")
        for attempt, right in ((1, False), (2, True)):
            learner.settled()
            for action in turn_for(position, right=right):
                if ends(action) and not all(card.code in {held.code for held in learner.hand().values()} for card in action.cards):
                    action = Action(action.kind, cards=(next(iter(learner.hand().values())),))  # a card the page dealt
                learner.play(action)
                refused = learner.refused()
                assert not refused, f"{self.where(f'turn {attempt}')}: {action} was refused: {refused}"
            if right:
                expect()(self.page.get_by_text("Well done: every goal met.")).to_be_visible()
                self.tasks += 1
            else:
                missed = self.page.get_by_text(re.compile(r"Your turn is over, but not every goal was met \(missing: ")).first
                expect()(missed).to_be_visible()
                expect()(status.locator("li.unmet")).not_to_have_count(0)
                self.mistakes += 1
            check_page(self.tab, self.where(f"the turn on the table, {'right' if right else 'wrong'}"))
            if not right:
                self.page.get_by_role("button", name="Start again").click()
                expect()(status.locator("li.met")).to_have_count(0)
                expect()(self.page.locator(TABLE)).to_have_attribute("data-turn", "you", timeout=60_000)

    def scoring(self, scoring: ScoringExercise) -> None:
        scores = {side: score.total for side, score in scoring.scores.items()}
        fields = {side: self.page.get_by_role("spinbutton", name=side_word(side)) for side in scores}
        for right in (False, True):
            for side, field in fields.items():
                field.fill(str(scores[side] + (0 if right else 10)))
                field.press("Tab")
            self.page.get_by_role("button", name="Check my numbers").click()
            if right:
                expect()(self.page.get_by_text("Every total is right")).to_be_visible()
                self.tasks += 1
            else:
                expect()(self.page.get_by_text(re.compile("Not -?[0-9,]+: the engine makes it")).first).to_be_visible()
                self.mistakes += 1
            check_page(self.tab, self.where(f"the hand scored {'right' if right else 'wrong'}"))

    def guided_hand(self) -> None:
        guided = Guided(self.tab)
        expect()(guided.table).to_be_visible(timeout=120_000)
        guided.table.get_by_label("Bot speed").select_option(label="Instant")
        refused = False
        for number, step in enumerate(STEPS, start=1):
            guided.wait_for_step(number)
            expect()(guided.panel).to_contain_text(step.why)
            if not refused and step.parsed.kind == "meld":  # wrong: a discard where the step lays a meld
                before = guided.table.get_attribute("data-order")
                card = step.parsed.groups[0][0]
                key = next(key for key, held in guided.hand().items() if held.code == card.code)
                guided.table.locator(f'button[data-key="card-{key}"]').click()
                guided.click("discard")
                expect()(guided.table.locator(".bl-error")).to_contain_text("Not yet:")
                assert guided.table.get_attribute("data-order") == before, "a refused move changed the hand"
                check_page(self.tab, self.where(f"the guided hand's step {number}, refused"))
                guided.table.locator(f'button[data-key="card-{key}"]').click()  # unselect it
                expect()(guided.table.locator(f'button[data-key="card-{key}"]')).to_have_attribute("aria-pressed", "false")
                refused = True
                self.mistakes += 1
            guided.do(number)
        self.page.wait_for_function("""() => (document.querySelector(".bl-guided .bl-table") || {dataset: {}}).dataset.phase === "over" """,
                                    timeout=60_000)
        expect()(guided.panel).to_contain_text("Steps that needed another try: 1.")
        assert refused
        self.tasks += 1
        check_page(self.tab, self.where("the guided hand played"))

    def free_hand(self) -> None:
        self.page.get_by_role("button", name="Deal a new game").click()
        table = self.page.locator(TABLE)
        expect()(table).to_be_visible()
        table.get_by_label("Bot speed").select_option(label="Instant")
        play_to_the_end(self.page)
        expect()(table.get_by_role("region", name="The hand's score")).to_contain_text("(002 'Scoring')")
        self.tasks += 1
        check_page(self.tab, self.where("a hand played to the end"))

    def finish(self, shots: Path | None) -> int:
        """The recap, "I've done this lesson" and the stars it shows; the stars."""
        page = self.page
        recap = page.get_by_role("region", name="What you learned")
        recap.scroll_into_view_if_needed()
        expect()(recap).to_be_visible()
        for line in RECAPS[self.lesson.id]:
            expect()(recap).to_contain_text(line)
        page.get_by_role("button", name="I've done this lesson").click()
        stars = stars_for(True, self.mistakes)
        expect()(page.get_by_role("img", name=stars_label(stars))).to_be_visible()
        check_page(self.tab, self.where("done"))
        if shots is not None:
            page.set_viewport_size(PHONE)
            recap.scroll_into_view_if_needed()
            page.screenshot(path=str(shots / f"beginner-{self.lesson.number:02d}-{self.lesson.id}-phone-390x844.png"))
            page.set_viewport_size(DESKTOP)
        return stars


def walk_lesson(tab: Tab, url: str, lesson: LessonInfo, found: dict[str, Any], shots: Path | None) -> dict[str, int]:
    tab.open(f"{url}voila/render/{lesson.filename}")
    tab.page.get_by_role("button", name="I've done this lesson").wait_for(timeout=120_000)
    walk = Walk(tab, lesson)
    check_page(tab, walk.where("opened"))
    for tasks in objects(found, kit.CardTasks):
        walk.card_tasks(tasks)
    for exercise in objects(found, TableExercise):
        walk.table_turn(exercise)
    if lesson.id == "play":
        walk.guided_hand()
    for quiz in objects(found, kit.Quiz):
        walk.quiz(quiz)
    for scoring in objects(found, ScoringExercise):
        walk.scoring(scoring)
    if lesson.id == "play":
        walk.free_hand()
    stars = walk.finish(shots)
    return {"stars": stars, "mistakes": walk.mistakes, "tasks": walk.tasks}


def test_the_beginner_path_every_task_wrong_then_right(fresh_app: AppServer, browser_thread: BrowserThread,
                                                       monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert [lesson.number for lesson in PATH] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 12]
    lessons: dict[str, dict[str, Any]] = {}
    for lesson in PATH:  # each lesson's own task objects, its data in a directory of its own
        where = tmp_path / "lessons" / lesson.id
        where.mkdir(parents=True)
        lessons[lesson.id] = run_lesson(f"{lesson.number:02d}", monkeypatch, where)
        kit._ON_OPENED.clear()  # the app's refresh hooks of a page opened here, not in the browser
    monkeypatch.undo()
    tasks = {lesson_id: sum(page.tasks for page in objects(found, kit.Page)) for lesson_id, found in lessons.items()}
    shots = Path(os.environ["BURACO_SCREENSHOTS"]) if os.environ.get("BURACO_SCREENSHOTS") else None
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)

    def journey(tab: Tab) -> dict[str, Any]:
        started = time.monotonic()
        tab.page.set_viewport_size(DESKTOP)
        outcome: dict[str, Any] = {}
        for lesson in PATH:
            begun = time.monotonic()
            outcome[lesson.id] = walk_lesson(tab, fresh_app.url, lesson, lessons[lesson.id], shots)
            outcome[lesson.id]["seconds"] = round(time.monotonic() - begun)
        tab.open(fresh_app.url)
        rows = landing_rows(tab)
        for lesson in PATH:
            stop = tab.page.locator(f'ol.buraco-map li[data-lesson="{lesson.id}"]')
            stars = outcome[lesson.id]["stars"]
            assert "✔ Done" in rows[lesson.id], rows[lesson.id]
            expect()(stop).to_have_attribute("data-stars", str(stars))
            expect()(stop.get_by_role("img", name=stars_label(stars))).to_be_visible()
        check_page(tab, "the landing page at the end")
        outcome["seconds"] = round(time.monotonic() - started)
        return outcome

    try:
        outcome = browser_thread.run(_with_tab(journey), timeout=3000)
    except AssertionError as error:
        log = fresh_app.log()
        problem = log[log.rfind("Traceback"):][:3000] if "Traceback" in log else "(no traceback in the server's log)"
        raise AssertionError(f"{error}\n--- the server's last traceback:\n{problem}") from None
    print(f"\nthe beginner path, every task wrong then right: {outcome['seconds']} s; {outcome}")
    for lesson in PATH:
        walked = outcome[lesson.id]
        assert walked["tasks"] == tasks[lesson.id], f"{lesson.label}: {walked['tasks']} tasks walked of {tasks[lesson.id]}"
        free = 1 if lesson.id == "play" else 0  # the hand against the bots has no wrong answer
        assert walked["mistakes"] == tasks[lesson.id] - free
        assert walked["stars"] == stars_for(True, walked["mistakes"])
