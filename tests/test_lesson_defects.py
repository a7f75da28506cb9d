"""What a new learner met on lessons 1 to 11 (issue 14), each checked on the lesson itself.

Every test runs the lesson notebook's own code cells (not its check cell) in this process,
with the learner's data in a temporary directory, then reads what the page shows: the
widgets' HTML, the replayer's frames, the quiz's feedback after an answer.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest

from buraco_learn.app.catalogue import repository_lessons_dir
from buraco_learn.app.progress import DATA_ENV, DB_NAME, ProgressStore

LESSONS = repository_lessons_dir()
_NOTATION = re.compile(r"\b(?:meld|add|swap|discard|close|take)\s+(?:m\d+\s+)?(?:(?:[AKQJT2-9]|10)[SHDC]|JK)\b")
_CARD_CODE = re.compile(r"\b(?:[AKQJ2-9]|10)[SHDC]\b")


def notebook(number: str) -> Path:
    return next(LESSONS.glob(f"{number}_*.ipynb"))


def run_lesson(number: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, Any]:
    """Execute the lesson's code cells as the app does (every cell but the tests' check cell); its namespace."""
    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    cells = [cell for cell in json.loads(notebook(number).read_text(encoding="utf-8"))["cells"] if cell["cell_type"] == "code"]
    namespace: dict[str, Any] = {"__name__": f"lesson_{number}"}
    shown: list[Any] = []
    for cell in cells:
        source = "".join(cell["source"])
        if source.startswith("# Checks run by the tests"):
            continue
        tree = ast.parse(source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, f"lesson {number}", "exec"), namespace)  # the lesson's own code
        if last is not None:  # what the cell shows, as Voila would
            value = eval(compile(ast.Expression(last.value), f"lesson {number}", "eval"), namespace)
            if value is not None:
                shown.append(value)
    namespace["_shown"] = shown
    return namespace


def shown_of(lesson: dict[str, Any], kind: type) -> list[Any]:
    """The widgets of type ``kind`` the page shows (inside boxes too)."""
    found: list[Any] = []

    def visit(item: Any) -> None:
        if isinstance(item, kind):
            found.append(item)
        for child in getattr(item, "children", ()) or ():
            visit(child)

    for item in lesson["_shown"]:
        visit(item)
    return found


def page_texts(lesson: dict[str, Any]) -> list[str]:
    """Everything the page shows as text: HTML outputs, every widget's HTML, every replayer's frames."""
    from buraco_learn.ui import Replayer

    texts: list[str] = []

    def visit(item: Any) -> None:
        if isinstance(item, Replayer):
            for index in range(len(item.script)):
                frame = item.script.frame_view(index)
                texts.extend([frame["title"], frame["caption"], frame["action"], frame["refusal"]])
            return
        data = getattr(item, "data", None)
        if isinstance(data, str):
            texts.append(data)
        value = getattr(item, "value", None)
        if isinstance(value, str) and type(item).__name__ in ("HTML", "Label", "NavBar", "HTMLMath"):
            texts.append(value)
        for child in getattr(item, "children", ()) or ():
            visit(child)
        current = getattr(item, "current", None)
        if current is not None and hasattr(item, "build"):
            visit(current)

    for item in lesson["_shown"]:
        visit(item)
    return texts


def text_of(html_text: str) -> str:
    """What a learner reads in some HTML: tags, styles and pictures (SVG) removed, entities decoded."""
    import html

    without = re.sub(r"<style>.*?</style>|<svg.*?</svg>", " ", html_text, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", without))).strip()


def widget_texts(widget: Any) -> list[str]:
    """Every HTML value shown in a widget tree (HTML widgets, labels, button descriptions)."""
    found: list[str] = []
    value = getattr(widget, "value", None)
    if isinstance(value, str) and type(widget).__name__ in ("HTML", "Label", "NavBar", "HTMLMath"):
        found.append(value)
    description = getattr(widget, "description", None)
    if isinstance(description, str) and description:
        found.append(description)
    for child in getattr(widget, "children", ()) or ():
        found += widget_texts(child)
    return found


def clicked(button: Any) -> None:
    button.click()


# -- every page: a wrong answer says why, shows the right answer, and may be tried again ----------------
@pytest.mark.parametrize("number", ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10"])
def test_a_wrong_answer_says_why_shows_the_answer_and_can_be_tried_again(
        number: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    lesson = run_lesson(number, monkeypatch, tmp_path)
    quiz = lesson["lesson"]["check"]
    for index in range(len(quiz.questions)):
        right = quiz.correct_choice(index)
        wrong = next(choice for choice in quiz._choices[index].options if choice != right)
        assert quiz.answer(index, wrong) is False
        feedback = text_of(quiz.feedback_html(index))
        assert f"the answer is {right}" in feedback, feedback
        assert "The engine accepts it" not in feedback
        # the rule and its document: a citation such as 002 'Melds' (or a preset's value from its document)
        assert re.search(r"\b00[0-4]\b", feedback), f"question {index + 1} of lesson {number} says no document: {feedback}"
        retry = quiz._retries[index]
        assert retry is not None and retry in quiz.widget.children
        clicked(retry)
        assert not quiz._choices[index].disabled and quiz._choices[index].value is None
        quiz._choices[index].value = right  # the learner clicks the right answer
        assert "Right" in quiz.feedback_html(index) and quiz.solved == index + 1
    assert quiz.score == 0 and quiz.answered == len(quiz.questions)  # the first answers are the ones scored
    assert "0 of" in quiz.summary.value


def test_a_legal_meld_answered_not_legal_gets_the_rule_that_makes_it_legal(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Lesson 3: 2♣ 3♣ 4♣ is legal because the 2 sits in its own place; the feedback must say that."""
    lesson = run_lesson("03", monkeypatch, tmp_path)
    quiz = lesson["lesson"]["check"]
    index = [entry["meld"] for entry in lesson["lesson"].declared_fields("check")["questions"]].index("2C 3C 4C")
    assert quiz.answer(index, "Not legal") is False
    feedback = text_of(quiz.feedback_html(index))
    assert "own place" in feedback and "002 'Melds'" in feedback and "not wild" in feedback
    assert "legal clean run" not in feedback


# -- lesson 5: the question and its answer agree with the turn's phase ----------------------------------
def test_lesson_5_discarding_a_wild_card_is_asked_after_the_draw(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    lesson = run_lesson("05", monkeypatch, tmp_path)
    quiz = lesson["lesson"]["check"]
    shown = text_of(" ".join(page_texts(lesson)))
    assert "Discard before you draw" in shown and "Refused" in shown  # the trials the page shows, under 002
    for index, question in enumerate(quiz.questions):
        prompt = text_of(question.prompt(quiz.rules))
        # every question says where in the turn you are
        assert "already done this" in prompt or "You have drawn this turn" in prompt or "not drawn yet" in prompt, prompt
        if "discard" in prompt.split("You try to")[-1] and quiz.correct_choice(index) == "Allowed":
            assert "draw" in prompt.split("You try to")[0] or "take the discard pile" in prompt, prompt
    wild = next(i for i, q in enumerate(quiz.questions) if "2♣" in text_of(q.prompt(quiz.rules)).split("You try to")[-1])
    assert "draw from the stock" in text_of(quiz.questions[wild].prompt(quiz.rules))
    assert quiz.correct_choice(wild) == "Allowed"


# -- lesson 8: a question names a meld the learner can see -----------------------------------------------
def test_lesson_8_the_melds_a_question_names_are_labelled(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    lesson = run_lesson("08", monkeypatch, tmp_path)
    quiz = lesson["lesson"]["check"]
    named = 0
    for question in quiz.questions:
        prompt = question.prompt(quiz.rules)
        words = text_of(prompt)
        assert not re.search(r"\bm\d\b", words), words
        # the move names a meld by what it is (the coach's words), and the position shows it so labelled
        for name in re.findall(r"to your side's ((?:run|set) of \w+)", words.split("You try to")[-1]):
            named += 1
            assert re.search(rf"meld \d+: {name}\b", words), f"the question names a {name}, which is not labelled: {words}"
    assert named >= 1


# -- lesson 9: a right answer after retries passes the task -------------------------------------------
def test_lesson_9_a_right_second_try_is_recorded_as_passed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    lesson = run_lesson("09", monkeypatch, tmp_path)
    scoring = lesson["lesson"]["scoring"]
    right = {side: score.total for side, score in scoring.scores.items()}
    assert scoring.answer({side: total + 10 for side, total in right.items()}) is False
    assert scoring.answer(right) is True
    quiz = ProgressStore(tmp_path / DB_NAME).lesson("scoring").quizzes["score a hand"]
    assert (quiz.score, quiz.total) == (1, 1)
    from buraco_learn.app.catalogue import find
    from buraco_learn.app.pages import progress_text

    progress = ProgressStore(tmp_path / DB_NAME).lesson("scoring")
    assert "score a hand 1/1" in progress_text(find("scoring"), progress)[0]


# -- every page: learner words only -------------------------------------------------------------------
OPTION_NAMES = ("min_meld_cards", "one_set_per_rank", "max_set_cards", "wild_placement", "semi_clean_bonus", "pile_take",
                "close_needs_burraco", "0 for no limit", "'low-end'", "'free'", ":class:", ":func:", "``", "Traceback",
                "illegal action", "never typed by hand", "generated from the presets", "/work/", ".py")


@pytest.mark.parametrize("number", ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11"])
def test_the_page_shows_learner_words_only(number: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    lesson = run_lesson(number, monkeypatch, tmp_path)
    markdown = ["".join(cell["source"]) for cell in json.loads(notebook(number).read_text(encoding="utf-8"))["cells"]
                if cell["cell_type"] == "markdown"]
    texts = [text_of(text) for text in page_texts(lesson)] + markdown
    assert len(texts) > 5
    for text in texts:
        for word in OPTION_NAMES:
            assert word not in text, f"lesson {number} shows {word!r}: {text[:300]}"
        assert not _NOTATION.search(text), f"lesson {number} shows notation: {_NOTATION.search(text)} in {text[:300]}"


# -- lesson 1 -------------------------------------------------------------------------------------
def test_lesson_1_the_deck_fact_is_italian_burracos(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    lesson = run_lesson("01", monkeypatch, tmp_path)
    quiz = lesson["lesson"]["check"]
    assert "chooser" not in lesson and quiz.rules.name == "italian"  # the beginner path teaches 002 alone
    deck = text_of(" ".join(page_texts(lesson)))
    assert "108 cards" in deck and "false:" not in deck and "104 cards" not in deck
    quiz.answer(0, next(choice for choice in quiz._choices[0].options if choice != quiz.correct_choice(0)))
    feedback = text_of(quiz.feedback_html(0))
    assert "108 cards" in feedback and "104 cards" not in feedback and "false" not in feedback, feedback


def test_lesson_1_the_replay_shows_every_first_turn(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from buraco_learn.ui import Replayer

    lesson = run_lesson("01", monkeypatch, tmp_path)
    replayers = shown_of(lesson, Replayer)
    assert len(replayers) == 1
    script = replayers[0].script
    assert script.rules.name == "italian"
    final = script.frames[-1].state
    ended = [action for action in final.history if action.kind in ("discard", "close")]
    assert len(ended) == script.rules.players == 4, f"{len(ended)} turns shown of the 4 promised"
    # every player has had a turn: each seat drew and discarded once
    assert sorted({script.frames[i].action.split(" ")[0] for i in range(1, len(script.frames) - 1)}) == sorted(
        {frame["name"] for frame in script.frame_view(0)["seats"]})


# -- lesson 2 -------------------------------------------------------------------------------------
def test_lesson_2_says_no_clean_before_lesson_6_teaches_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    lesson = run_lesson("02", monkeypatch, tmp_path)
    texts = [text_of(text) for text in page_texts(lesson)]
    quiz = lesson["lesson"]["check"]
    for index in range(len(quiz.questions)):
        quiz.answer(index, quiz.correct_choice(index))
        texts.append(text_of(quiz.feedback_html(index)))
    from buraco_learn.app import lessonkit as kit

    texts.append(text_of(kit.Tryout(clean_word=False).run("5C 6C 7C")))
    assert any("Legal" in text for text in texts)
    assert not [text for text in texts if re.search(r"\bclean\b|\bdirty\b", text)]


def test_the_rules_table_is_in_words() -> None:
    """Lessons 2 and 3 showed it with option names; the beginner path shows none now, the variants track does."""
    from buraco_learn.app.pages import rules_table_html

    words = text_of(rules_table_html(options=["min_meld_cards", "one_set_per_rank", "max_set_cards"]))
    assert "Cards in a new meld, at least" in words and "One set per rank" in words and "no limit" in words
    assert "min_meld_cards" not in words and "one_set_per_rank" not in words and "0 for no limit" not in words


def test_lesson_2_the_replay_is_in_words_and_north_holds_what_a_drawn_hand_holds(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from buraco_learn.ui import Replayer

    lesson = run_lesson("02", monkeypatch, tmp_path)
    replayer = shown_of(lesson, Replayer)[0]
    script = replayer.script
    start = script.frames[0]
    assert "has drawn" in start.caption and start.state.phase == "play"
    north = len(start.state.hands[0])
    assert north == start.state.rules.hand_size + 1, f"North has drawn but holds {north} cards"
    refused = [script.frame_view(i) for i in range(len(script)) if script.frames[i].refusal]
    assert refused and all("illegal action" not in frame["refusal"] and not _CARD_CODE.search(frame["refusal"])
                           for frame in refused)
    assert all(not _NOTATION.search(script.frame_view(i)["action"]) for i in range(len(script)))


# -- lesson 3: option values in words ----------------------------------------------------------------
def test_option_values_in_the_rules_table_are_words() -> None:
    from buraco_learn.app.pages import rules_table_html

    table = text_of(rules_table_html(options=["wild_placement"]))
    assert "at the lower end, fixed" in table and "at either end" in table
    assert "low-end" not in table and re.search(r"\bfree\b", table) is None


# -- lesson 4: the replay leaves nothing meldable unremarked ----------------------------------------------
def test_lesson_4_the_replay_melds_the_ace_low_run_it_had(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from itertools import combinations

    from buraco_learn import check_meld
    from buraco_learn.cards import card_of_id
    from buraco_learn.ui import Replayer

    lesson = run_lesson("04", monkeypatch, tmp_path)
    replayer = shown_of(lesson, Replayer)[0]
    final = replayer.script.frames[-1].state
    hand = [card_of_id(card) for card in final.hands[0]]
    meldable = [combo for size in range(3, len(hand) + 1) for combo in combinations(hand, size)
                if check_meld(list(combo), final.rules).legal]
    assert not meldable, f"North ends holding {meldable[0]}, a meld nobody remarks on"
    assert any("A♠ 2♠ 3♠" in frame.caption and frame.refusal == "" and frame.moved for frame in replayer.script.frames)


# -- lesson 6: a dirty burraco made instead of the clean one ------------------------------------------------
def test_lesson_6_a_dirty_burraco_instead_of_the_clean_one_is_explained(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    lesson = run_lesson("06", monkeypatch, tmp_path)
    exercise = lesson["lesson"]["burraco"]
    exercise.autoplay = False
    exercise.restart()
    exercise.play("add m1 8H 2C")
    status = text_of(exercise.status.value)
    assert "dirty burraco" in status and "not the clean one the task asks for" in status
    assert "Start again" in status and exercise.again in exercise.widget.children
    clicked(exercise.again)
    exercise.play("add m1 8H 9H")
    exercise.play("discard KD")
    assert "Well done" in exercise.status.value


# -- lesson 10: the rulesets' choices in words -------------------------------------------------------
def test_lesson_10_shows_no_docstring_markup(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    lesson = run_lesson("10", monkeypatch, tmp_path)
    documents = next(text for text in page_texts(lesson) if "preset-doc" in text)
    words = text_of(documents)
    assert "Choices where 002 is silent" in words and "“A semi-clean burraco scores: 150”" in words
    for raw in (":class:", ":func:", "``", "semi_clean_bonus", "Rules`", "issue 3", "pile_take"):
        assert raw not in words
    markdown = " ".join("".join(cell["source"]) for cell in json.loads(notebook("10").read_text())["cells"])
    assert "never typed by hand" not in markdown and "generated from the presets" not in markdown


# -- lesson 11: one counter, one round length, no repeats, a correct reset -------------------------------
def test_lesson_11_rounds_count_once_never_repeat_and_start_again_cleanly(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    lesson = run_lesson("11", monkeypatch, tmp_path)
    rounds = lesson["lesson"]["rounds"]
    markdown = " ".join("".join(cell["source"]) for cell in json.loads(notebook("11").read_text())["cells"])
    assert "A round is ten questions" in markdown and rounds.round == 10
    quiz = rounds.quiz
    for played_round in (1, 2):
        keys = []
        for number in range(1, 11):
            view = quiz.question
            assert (view["number"], view["pool_size"], view["round"]) == (number, 10, played_round), view
            assert view["round_answered"] == number - 1
            keys.append(quiz.session.question.key)
            quiz.reveal()
            status = text_of(rounds.status.value)
            assert "answered in this round" not in status  # the widget's counter is the only one
            if number < 10:
                quiz.next_question()
        assert len(set(keys)) == 10, "a question came twice in one round"
        assert f"Round {played_round}: 0 of 10 right at the first try" in text_of(rounds.status.value)
        quiz.next_question()
    assert quiz.question["number"] == 1 and quiz.question["round"] == 3
    quiz.restart()  # the widget's "Start again"
    status = text_of(rounds.status.value)
    assert "-" not in status and "Round 1:" not in status
    assert (quiz.question["number"], quiz.question["round"], quiz.question["round_answered"]) == (1, 1, 0)
    for _ in range(10):
        quiz.reveal()
        if quiz.question["number"] < 10:
            quiz.next_question()
    assert "Round 1: 0 of 10" in text_of(rounds.status.value)


def test_lesson_11_a_wrong_answer_shows_why_and_the_answer_and_can_be_tried_again(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    lesson = run_lesson("11", monkeypatch, tmp_path)
    quiz = lesson["lesson"]["rounds"].quiz
    for _ in range(12):  # to a "legal or not" question
        if quiz.session.question.kind == "legal":
            break
        quiz.reveal()
        quiz.next_question()
    question = quiz.session.question
    assert question.kind == "legal"
    before = (quiz.score, quiz.answered)
    quiz.answer("illegal" if question.legal else "legal")  # the wrong verdict
    feedback = quiz.feedback
    assert feedback["correct"] is False and feedback["answer"]  # the right answer is shown
    assert re.search(r"\b00[0-4]\b", feedback["text"]), feedback  # why: the rule and its document
    assert quiz.question["can_retry"] and (quiz.score, quiz.answered) == (before[0], before[1] + 1)
    quiz.retry()
    assert quiz.question["stage"] == "verdict" and not quiz.question["can_retry"]
    quiz.answer("legal" if question.legal else "illegal")
    if quiz.question["stage"] == "reason":
        quiz.answer(question.correct[0])
    assert quiz.feedback["correct"] is True and "Right this time" in quiz.feedback["title"]
    assert (quiz.score, quiz.answered) == (before[0], before[1] + 1)  # the first answer is the one scored


@pytest.mark.parametrize("number", ["01", "02", "03", "04", "05", "06", "07", "08", "09", "12"])
def test_a_beginner_lesson_teaches_italian_burraco_alone(number: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The beginner path (issue 14): no ruleset to choose; what the page shows and asks is 002's."""
    from buraco_learn.ui import Replayer

    sources = "".join("".join(cell["source"]) for cell in json.loads(notebook(number).read_text())["cells"])
    assert "RulesetChooser" not in sources and "rules_table_html" not in sources
    assert "Choose a ruleset" not in sources and "ruleset chosen above" not in sources
    lesson = run_lesson(number, monkeypatch, tmp_path)
    for replayer in shown_of(lesson, Replayer):
        assert replayer.script.rules.name == "italian"
    quiz = lesson["lesson"].shown.get("check")
    assert quiz is None or quiz.rules.name == "italian"
    assert getattr(lesson["lesson"], "_chooser", None) is None  # no block follows a chooser


@pytest.mark.parametrize("number", ["02", "03", "04"])
def test_what_the_page_says_follows_the_ruleset_does(number: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A replay that stays Italian when the ruleset changes is said to be Italian; the rest follows the chooser
    (where the lesson still has one: the beginner path teaches Italian Burraco alone)."""
    from buraco_learn.ui import Replayer

    lesson = run_lesson(number, monkeypatch, tmp_path)
    markdown = " ".join("".join(cell["source"]) for cell in json.loads(notebook(number).read_text())["cells"]
                        if cell["cell_type"] == "markdown")
    chooser = getattr(lesson["lesson"], "_chooser", None)
    if chooser is None:
        assert "whichever ruleset you choose" not in markdown and "Choose a ruleset" not in markdown
        assert all(replayer.script.rules.name == "italian" for replayer in shown_of(lesson, Replayer))
        return
    chooser.select("brazil-online")
    fixed = [replayer for replayer in shown_of(lesson, Replayer) if replayer.script.rules.name != "brazil-online"]
    assert fixed, f"lesson {number}: its worked example stays Italian"
    assert "everything on\nthis page follows your choice" not in markdown
    assert "whichever ruleset you choose" in markdown
