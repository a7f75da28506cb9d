"""The lessons' pages in Italian and Brazilian Portuguese (issue 18), English untouched.

Built on real data under ``i18n.use("it")`` / ``use("pt_BR")``: the meld verdict pages (lessons 2-4)
under Italian Burraco and Buraco Brazil Online, the deck and the deal (lesson 1), the turn and closing
trials (lessons 5 and 8), the burraco gallery (lesson 6), the scoring exercise with a wrong and a right
answer and its score sheet (lesson 9), the replayer's steps of a whole hand, and the guided hand (lesson
12). Each contains no English message of the pages' modules (placeholders and markup aside) and reads
in the language; in English the same parts say what they always said.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from buraco_learn import preset
from buraco_learn.app import positions, scorehands, views
from buraco_learn.app.exercises import ScoringExercise
from buraco_learn.app.guided import SCRIPT, GuidedGame, GuidedHand, guided_start
from buraco_learn.i18n import use
from buraco_learn.ui.replay import Script
from buraco_learn.ui.replayer import Replayer
from buraco_learn.ui.score_sheet import ScoreSheet

ROOT = Path(__file__).resolve().parents[1]
#: The modules whose messages these pages show (the files this slice of issue 18 translated).
FILES = ["buraco_learn/app/views.py", "buraco_learn/app/positions.py", "buraco_learn/app/scorehands.py",
         "buraco_learn/app/exercises.py", "buraco_learn/app/guided.py", "buraco_learn/ui/score_sheet.py",
         "buraco_learn/ui/replay.py", "buraco_learn/ui/replayer.py", "buraco_learn/scoring.py",
         "buraco_learn/app/strategy.py", "buraco_learn/coach/explain.py", "buraco_learn/app/variants.py"]
LANGS = ["it", "pt_BR"]
#: A few words each language's pages always use.
NATIVE = {"it": re.compile(r"(?<!\w)(carte|regole|combinazione|valida|mano|punti|tallone|scarti|matte|giusto|il|la|le|di|è|e)(?!\w)"),
          "pt_BR": re.compile(r"(?<!\w)(cartas|regras|jogo|válido|mão|pontos|monte|lixo|curingas|certo|está|os|o|a|de|e)(?!\w)")}
#: Fragments of English messages that are also the translation (names, symbols) or the documents' own quotes.
SAME = {"Burraco", "burraco", "Buraco Brazil Online", "Italian Burraco"}
#: A document's section, cited as it is titled: "(002 'Playing a turn')".
SECTION = re.compile(r"\d{3} '[^']*'")


def _fragments() -> set[str]:
    """Every piece of English, four words or more, of the messages the pages' modules mark."""
    pieces: set[str] = set()
    for name in FILES:
        for _line, message, _comments, _context in extract_from_file(
                "python", str(ROOT / name), keywords={"_": None, "N_": None, "ngettext": (1, 2)}):
            for text in (message,) if isinstance(message, str) else message:
                text = SECTION.sub(" ", text)
                for piece in re.split(r"\{\w+\}|<[^>]+>|[()\":;,.!?✔✘ℹ«»▶◀→]", text):
                    piece = piece.strip(" '’-–")
                    if len(piece.split()) >= 4 and piece not in SAME:
                        pieces.add(piece)
    return pieces


FRAGMENTS = _fragments()


def _text(page: str) -> str:
    """What a reader reads: no pictures, no markup, no quotes of the rule documents (they stay English)."""
    page = re.sub(r"<svg.*?</svg>|<style>.*?</style>", " ", page, flags=re.S)
    page = html.unescape(re.sub(r"<[^>]+>", " ", page))
    page = re.sub(r'"[^"]*"', " ", page)  # a document's quoted sentence, with its citation
    page = SECTION.sub(" ", page)
    return re.sub(r"\s+", " ", page)


def _check(text: str, lang: str, *, words: bool = True) -> None:
    """No English message of the pages' in ``text``; and (``words``) some of the language's own words."""
    left = sorted(piece for piece in FRAGMENTS if piece in text)
    assert not left, f"{lang}: English left in {text[:300]!r}: {left}"
    assert not words or NATIVE[lang].search(text), f"{lang}: does not read in the language: {text[:300]!r}"


def test_the_messages_are_found() -> None:
    assert len(FRAGMENTS) > 100


VERDICT_EXAMPLES = ["5H 6H 7H", "JK 6H 7H", "2C 6H 7H", "QS QD QC", "QS QD 2C", "2C 3C 4C", "5H 6H 8H", "2C 2D 2H"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", ["italian", "brazil-online"])
def test_verdict_and_deal_pages(lang: str, ruleset: str) -> None:
    rules = preset(ruleset)
    with use(lang):
        pages = [views.verdicts_html(rules, VERDICT_EXAMPLES), views.verdicts_html(rules, VERDICT_EXAMPLES, clean_word=False),
                 views.add_swap_html(rules), views.deck_html(rules), views.deal_html(rules), views.values_html(rules),
                 views.deck_sentence(rules), views.wild_sentence(rules)]
    for page in pages:
        text = _text(page)
        # the "why" lines of a legal meld (buraco_learn.ui.quizgen.meld_why) belong to another slice
        text = re.sub(r"It is a (run|set):.*?(?=Valida|Válido|Consentito|Permitido|$)", " ", text)
        text = re.sub(r"The [^ ]+ (stands for|is wild|is its wild|sits in).*?(?=\s[A-Z][a-z]+:|$)", " ", text)
        _check(text, lang)
    with use(lang):
        legal = views.verdicts_html(rules, ["2C 6H 7H"])
    assert {"it": "Valida:", "pt_BR": "Válido:"}[lang] in legal


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", ["italian", "brazil-online"])
def test_trials_and_burraco_gallery(lang: str, ruleset: str) -> None:
    rules = preset(ruleset)
    with use(lang):
        pages = [positions.trials_html(positions.TURN_TRIALS, rules), positions.trials_html(positions.CLOSING_TRIALS, rules),
                 positions.burraco_gallery_html(rules)]
    for page in pages:
        _check(_text(page), lang)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", ["italian", "brazil-online"])
def test_a_hand_to_score_and_its_breakdown(lang: str, ruleset: str) -> None:
    rules = preset(ruleset)
    end = scorehands.deal_hand_end(rules, seed=4)
    scores = end.scores()
    side = end.closed_by
    assert side is not None
    score = scores[side]
    with use(lang):
        wrong = scorehands.score_feedback(score, score.total - score.closing_bonus)
        right = scorehands.score_feedback(score, score.total)
        pages = [scorehands.hand_end_html(end), *(scorehands.breakdown_html(name, each) for name, each in scores.items()),
                 wrong.text + " " + wrong.hint, right.text]
        names = scorehands.scores_text(scores)
    assert not wrong.right and wrong.hint and right.right
    for page in pages:
        _check(_text(page), lang)
    _check(names, lang, words=False)  # the sides' names and their totals


@pytest.mark.parametrize("lang", LANGS)
def test_the_scoring_exercise_wrong_then_right(lang: str) -> None:
    with use(lang):
        exercise = ScoringExercise()
        totals = {name: score.total for name, score in exercise.scores.items()}
        assert not exercise.answer({name: total + 5 for name, total in totals.items()})
        wrong = exercise.feedback.value
        assert exercise.answer(totals)
        right = exercise.feedback.value
        sheet = exercise.sheet
    for page in (wrong, right, exercise.picture.value, sheet.status):
        _check(_text(page), lang)
    assert {"it": "Riprova", "pt_BR": "Tente de novo"}[lang] in wrong
    labels = " ".join(str(value) for value in sheet.labels.values() if isinstance(value, str))
    _check(labels, lang)
    assert sheet.locale == {"it": "it-IT", "pt_BR": "pt-BR"}[lang]
    for hand in sheet.hands:
        for result in hand.values():
            _check(" ".join(item["label"] for item in result["items"]) + " punti pontos", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_score_sheet_counts_in_the_language(lang: str) -> None:
    with use(lang):
        sheet = ScoreSheet({"ns": "Nord–Sud", "ew": "Est–Ovest"}, target=2005)
        empty = sheet.status
        sheet.add_hand({"ns": {"total": 1410}, "ew": {"total": -120}})
    assert "2.005" in empty and "1.530" in sheet.status
    for text in (empty, sheet.status, str(sheet.labels["caption"]), str(sheet.labels["chart"])):
        _check(text, lang)
    sheet.add_hand({"ns": {"total": 95}, "ew": {"total": 640}})  # a hand added later, in English code: still the sheet's language
    _check(sheet.status, lang)


def _guided_hand() -> Iterator[str]:
    return iter(move.action for move in SCRIPT)


@pytest.mark.parametrize("lang", LANGS)
def test_the_replayer_steps_through_a_hand(lang: str) -> None:
    with use(lang):
        script = Script.from_hand(guided_start(), list(_guided_hand()))
        replayer = Replayer(script)
    frames = []
    for step in (0, 1, 5, replayer.steps):  # stepped from English code: the replayer keeps its language
        replayer.go(step)
        frames.append(replayer.frame)
    for frame in frames:
        words = [frame["caption"], frame["title"], *(str(text) for text in frame["texts"].values()),
                 *(seat["label"] for seat in frame["seats"]), *(pot["text"] for pot in frame["pots"])]
        _check(_text(" | ".join(words)), lang)
    assert frames[0]["locale"] == {"it": "it-IT", "pt_BR": "pt-BR"}[lang]
    assert {"it": "Mossa 1:", "pt_BR": "Lance 1:"}[lang] in frames[1]["caption"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_worked_example_in_the_replayer(lang: str) -> None:
    with use(lang):
        replayer = Replayer("pile-002")
    replayer.go(replayer.steps)
    texts = replayer.frame["texts"]
    _check(" | ".join(str(text) for text in texts.values()), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_guided_hand(lang: str) -> None:
    with use(lang):
        hand = GuidedHand(autoplay=False)
        first = hand.panel.value
        game = hand.game
        status = game.step_text()
    _check(_text(first), lang)
    _check(status, lang)
    hand.play("draw")  # played from English code: the hand keeps its language
    hand.advance()
    _check(_text(hand.panel.value), lang)
    with use(lang):
        game2 = GuidedGame()
    try:
        game2.act("take")
    except Exception as error:  # the step's refusal, in the language
        _check(str(error), lang)
    else:  # pragma: no cover
        pytest.fail("a move off the script is refused")


def test_english_is_unchanged() -> None:
    rules = preset("italian")
    end = scorehands.deal_hand_end(rules, seed=4)
    scores = end.scores()
    side = end.closed_by
    assert side is not None
    score = scores[side]
    wrong = scorehands.score_feedback(score, score.total - score.closing_bonus)
    assert wrong.text == f"✘ Not {score.total - score.closing_bonus:,}: the engine makes it {score.total:,}."
    assert wrong.hint.startswith("Your number is the total without one line: ")
    assert views.ruleset_line(rules) == ('<p class="ruleset-line">Under <strong>Italian Burraco</strong> '
                                         "(002 Burraco: full rules (Italian)):</p>")
    assert "Legal: a dirty run of hearts (with a wild card)." in views.verdicts_html(rules, ["JK 6H 7H"])
    assert "<p>4 players get <strong>11 cards each</strong> (44 cards), dealt clockwise.</p>" in views.deal_html(rules)
    sheet = ScoreSheet({"ns": "North–South", "ew": "East–West"}, target=2005)
    sheet.add_hand({"ns": {"total": 410}, "ew": {"total": -120}})
    assert sheet.status == "North–South lead by 530; 1,595 to go to 2,005."
    assert sheet.labels["caption"] == "Score sheet: 1 hand, target 2,005"
    frame = Replayer(Script.from_hand(guided_start(), list(_guided_hand()))).frame
    assert frame["texts"]["step"] == f"Step 0 of {len(frame['seats']) and frame['steps']}" and frame["texts"]["stock"].startswith("Stock: ")
    assert Script.from_hand(guided_start(), list(_guided_hand())).frames[1].caption == "Move 1: North drew from the stock."


@pytest.mark.parametrize("lang", LANGS)
def test_a_strategy_position_wrong_then_right(lang: str) -> None:
    from buraco_learn.app import strategy

    with use(lang):
        tasks = strategy.StrategyTasks("safe-discards")
        head, task = str(tasks.head.value), str(tasks.task.value)
    tasks.play_wrong()  # played from English code: the lesson keeps its language
    wrong = str(tasks.feedback.value)
    tasks.try_again()
    tasks.coach_line()
    right = str(tasks.feedback.value)
    for page in (head, task, wrong, right):  # the moves in words too: the coach's phrasing, translated
        _check(_text(page), lang)
    assert {"it": "Non è la scelta dell'allenatore", "pt_BR": "Não é a escolha do treinador"}[lang] in wrong
    assert {"it": "L'allenatore è d'accordo", "pt_BR": "O treinador concorda"}[lang] in html.unescape(right)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lesson", ["bukharo", "aberto", "brazil-online", "cutthroat"])
def test_a_variants_lesson_its_turns_questions_and_comparison(lang: str, lesson: str) -> None:
    """Lessons 16 to 19: each turn's task and goals, each question (its position, choices, why after a wrong
    answer) and the comparison under two other rulesets read in the language; a refused try's reason too."""
    from buraco_learn.app import variants as v
    from buraco_learn.app.exercises import TableExercise

    texts: list[str] = []
    with use(lang):
        for play in v.PLAYS.values():
            if play.exercise.rules in v.FAMILIES[lesson]:
                table = TableExercise(play.exercise.in_language(), autoplay=False)
                texts += [str(table.task.value), *(label for label, _met in table.goals())]
        for marked in v.MARKED[lesson]:
            question, rules = marked.shown(), preset(marked.rules)
            texts += [question.prompt(rules), question.explain(rules), " ".join(question.choices(rules)), marked.heading()]
            assert marked.answer_under(marked.rules) == marked.marked() in question.choices(rules)
        texts += [v.compare_html(lesson, preset("italian")), v.compare_html(lesson, preset("cutthroat"))]
        refused = v.MARKED["aberto"][1].question.explain(preset("aberto"))
    for text in texts:
        _check(_text(text), lang, words=False)
    assert _text("".join(texts)) and NATIVE[lang].search(_text(" ".join(texts)))
    assert refused.startswith({"it": "<p>Rifiutato: ", "pt_BR": "<p>Recusado: "}[lang]), refused
