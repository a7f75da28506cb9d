"""A lesson's tasks declared as data: ``lessons/tasks/<lesson id>.toml``, read, checked and built here.

A lesson notebook holds no Python that makes a task. It names its blocks (:mod:`buraco_learn.app.lesson`)::

    lesson = begin("turn")         # the page, its navigation and progress
    lesson.show("turn")            # the block [turn] of lessons/tasks/turn.toml, as a widget
    lesson.end()                   # the recap, "I've done this lesson", the navigation (and the tests' checks)

Each top-level table of the file is one block, with a ``kind``:

- ``table``: a position on the card table (North to play), its ``task`` and ``goals`` (names of
  :data:`~buraco_learn.app.positions.GOALS`) ticked off as the learner plays; ``position`` is what
  :func:`~buraco_learn.game.position.position` takes (``hands``, ``melds``, ``pile``, ``pots``, ...; a pot
  already taken is ``"taken"``).
- ``quiz``: ``questions``, each one of ``meld`` (cards: legal or not?), ``burraco`` (cards: which
  kind?), ``trial`` (an action tried on a position: allowed or refused?), ``number`` (a number whose
  answer is a :data:`FACTS` entry) or ``preset`` (which of these rulesets ...?).
- ``cards``: ``steps`` on a hand of cards, each a ``title`` and a ``make`` (a generator of
  :data:`~buraco_learn.app.cardsteps.MAKERS`: a fresh hand for every try).
- ``strategy``: ``positions`` judged by the coach (:class:`~buraco_learn.app.strategy.Spot`).
- ``scoring``: the end of a hand to score (``seed`` picks the hand); ``guided-hand``: lesson 12's scripted
  first hand; ``game``: a hand against the bots with the coach; ``rounds``: the classroom's quiz rounds,
  under the page's ruleset chooser (as a quiz with ``follows_chooser = true``).
- ``variant-play``: a turn on the table under another ruleset, named from
  :data:`~buraco_learn.app.variants.PLAYS` (those positions are adjusted by code: the hand's very first turn);
  ``variant-quiz``: a variants lesson's questions (:data:`~buraco_learn.app.variants.MARKED`), each under its
  own preset and checked against 002's answer.

Every right answer comes from the engine under the block's ruleset, never from the file: the file
says what to ask, the engine says what is right and why. A mistake in a file is a
:class:`TaskDataError` naming the file, the block and the field, when the lesson is built.

>>> blocks = load("turn")
>>> sorted(blocks), blocks["turn"].kind
(['check', 'discard', 'turn'], 'table')
>>> [goal.label for goal in blocks["turn"].build().goals][:2]
['take the discard pile', 'lay out a new meld with a card from the pile']
>>> parse_blocks('[a]\\nkind = "table"\\ntask = "x"\\ngoals = ["flying"]\\n[a.position]\\n', "demo.toml")["a"].build()
Traceback (most recent call last):
...
buraco_learn.app.taskdata.TaskDataError: demo.toml, [a]: unknown goal 'flying' (known: ...)
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TypeGuard

from buraco_learn.errors import BuracoError
from buraco_learn.i18n import _
from buraco_learn.rules import Rules

#: The folder of the task files, inside the lessons folder.
TASKS_FOLDER: Final = "tasks"
KINDS: Final = ("table", "quiz", "cards", "strategy", "scoring", "guided-hand", "game", "rounds", "variant-play",
                   "variant-quiz")
#: A task file's top-level key for the lesson's three-line recap (lessons of the course have theirs in app/recaps.py).
RECAP_KEY: Final = "recap"
QUESTION_KINDS: Final = ("meld", "burraco", "trial", "number", "preset")
#: The fields of a task file that hold what the learner reads, by where they stand: a block's own fields, a quiz's
#: questions, a ``cards`` block's steps, a ``strategy`` block's positions, and the file's ``recap`` lines. The teacher
#: writes them in English; :func:`~buraco_learn.i18n.extract_tasks` puts them in the catalogue and the page shows each
#: through :func:`~buraco_learn.i18n._` (its translation, where the catalogue has one).
TEXT_KEYS: Final = {"block": ("task", "title"), "questions": ("trial", "why", "number", "preset", "prompt"),
                    "steps": ("title",), "positions": ("title", "why"), RECAP_KEY: ()}


def task_texts(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The learner's texts of a task file's ``data`` (as TOML reads it), each with where it stands
    (``[check] questions: why``), in the file's order: what the catalogue translates (:data:`TEXT_KEYS`)."""
    found: list[tuple[str, str]] = []

    def add(text: Any, where: str) -> None:
        if isinstance(text, str) and text.strip():
            found.append((text, where))

    for name, fields in data.items():
        if name == RECAP_KEY:
            for line in fields if isinstance(fields, list) else ():
                add(line, RECAP_KEY)
            continue
        if not isinstance(fields, dict):
            continue
        for key in TEXT_KEYS["block"]:
            add(fields.get(key), f"[{name}] {key}")
        for part in ("questions", "steps", "positions"):
            entries = fields.get(part)
            for entry in entries if isinstance(entries, list) else ():
                for key in TEXT_KEYS[part] if isinstance(entry, dict) else ():
                    add(entry.get(key), f"[{name}] {part}: {key}")
    return found


class TaskDataError(BuracoError):
    """A lesson's task file is wrong: the message names the file, the block and the field."""


@dataclass(frozen=True)
class Block:
    """One block of a task file: its ``name``, ``kind`` and fields, as written."""

    source: str
    name: str
    kind: str
    fields: Mapping[str, Any]

    def fail(self, problem: str) -> TaskDataError:
        return TaskDataError(f"{self.source}, [{self.name}]: {problem}")

    def get(self, key: str, default: Any = None, kind: type | tuple[type, ...] | None = None) -> Any:
        value = self.fields.get(key, default)
        if kind is not None and key in self.fields and not isinstance(value, kind):
            raise self.fail(f"{key} must be {_kind_words(kind)}, not {value!r}")
        return value

    def need(self, key: str, kind: type | tuple[type, ...] = str) -> Any:
        if key not in self.fields:
            raise self.fail(f"{key} is missing")
        return self.get(key, kind=kind)

    def only(self, *allowed: str) -> None:
        unknown = sorted(set(self.fields) - {"kind", *allowed})
        if unknown:
            raise self.fail(f"unknown field {unknown[0]!r} (a {self.kind} block has {', '.join(sorted(allowed))})")

    def build(self) -> Any:
        """What the block declares, built: an Exercise, a list of Questions, card steps or strategy spots."""
        return _BUILDERS[self.kind](self)


def _known(value: Any, names: Any) -> TypeGuard[str]:
    """Whether ``value`` is a name among ``names`` (a file may hold a list or a table where a name belongs)."""
    return isinstance(value, str) and value in names


def _kind_words(kind: type | tuple[type, ...]) -> str:
    names = {str: "text", int: "a whole number", bool: "true or false", list: "a list", dict: "a table"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(each, each.__name__) for each in kinds)


def task_file(lesson: str, folder: Path | None = None) -> Path:
    """Where the tasks of ``lesson`` (its id) are declared: ``<lessons folder>/tasks/<id>.toml``."""
    from buraco_learn.app.catalogue import lessons_dir

    return (folder or lessons_dir()) / TASKS_FOLDER / f"{lesson}.toml"


def parse_blocks(text: str, source: str) -> dict[str, Block]:
    """The blocks of a task file's ``text`` (``source`` names it in errors); each checked for its kind."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TaskDataError(f"{source}: not a TOML file ({error})") from None
    blocks: dict[str, Block] = {}
    for name, fields in data.items():
        if name == RECAP_KEY:
            _check_recap(fields, source)
            continue
        if not isinstance(fields, dict):
            raise TaskDataError(f"{source}: {name!r} must be a block ([{name}] with its fields)")
        kind = fields.get("kind")
        if not _known(kind, KINDS):
            raise TaskDataError(f"{source}, [{name}]: kind must be one of {', '.join(KINDS)}, not {kind!r}")
        blocks[name] = Block(source, name, kind, fields)
    return blocks


def _check_recap(lines: Any, source: str) -> None:
    if not (isinstance(lines, list) and len(lines) == 3 and all(isinstance(line, str) and line.strip() for line in lines)):
        raise TaskDataError(f"{source}: recap must be three lines of text, what the learner takes away")


def recap_lines(lesson: str, folder: Path | None = None) -> tuple[str, ...] | None:
    """The three-line recap a task file declares (``recap = [...]`` before its blocks), or None."""
    path = task_file(lesson, folder)
    if not path.is_file():
        return None
    try:
        lines = tomllib.loads(path.read_text(encoding="utf-8")).get(RECAP_KEY)
    except tomllib.TOMLDecodeError:
        return None  # load() says what is wrong with the file
    return None if lines is None else tuple(_(line) for line in lines)


def load(lesson: str, folder: Path | None = None) -> dict[str, Block]:
    """The blocks declared for ``lesson`` (none when it has no task file)."""
    path = task_file(lesson, folder)
    if not path.is_file():
        return {}
    return parse_blocks(path.read_text(encoding="utf-8"), f"{TASKS_FOLDER}/{path.name}")


# -- the kinds -------------------------------------------------------------------------------------
def _ruleset(block: Block, default: str = "italian") -> str:
    from buraco_learn.presets import PRESET_NAMES

    name = block.get("rules", default, str)
    if not _known(name, PRESET_NAMES):
        raise block.fail(f"rules {name!r} is no preset (known: {', '.join(PRESET_NAMES)})")
    return str(name)


def _check_cards(block: Block, text: Any, where: str) -> str:
    from buraco_learn.cards import parse_cards

    if not isinstance(text, str):
        raise block.fail(f"{where} must be cards written as text, such as \"7H 8H 9H\", not {text!r}")
    try:
        parse_cards(text)
    except ValueError as error:
        raise block.fail(f"{where}: {error}") from None
    return text


def _check_position(block: Block, where: str, position: Any) -> None:
    """A position's cards, each field of the shape :func:`~buraco_learn.game.position.position` takes
    (checked before the engine sets it up: a task file is read as untrusted input)."""
    if not isinstance(position, dict) or not isinstance(position.get("hands"), dict) or "N" not in position["hands"]:
        raise block.fail(f"{where} must be a table with North's hand, such as {{ hands = {{ N = \"7H 8H\" }} }}")
    for seat, cards in position["hands"].items():
        _check_cards(block, cards, f"{where}, the hand of {seat}")
    melds = position.get("melds", {})
    if not isinstance(melds, dict) or not all(isinstance(side, list) for side in melds.values()):
        raise block.fail(f"{where}: melds must be a table of sides, such as {{ NS = [\"4H 5H 6H\"] }}")
    for side, side_melds in melds.items():
        for meld in side_melds:
            _check_cards(block, meld, f"{where}, the melds of {side}")
    for key in ("pile", "stock"):
        if key in position:
            _check_cards(block, position[key], f"{where}, {key}")
    pots = position.get("pots", [])
    if not isinstance(pots, list) or not all(isinstance(pot, str) for pot in pots):
        raise block.fail(f"{where}: pots must be a list, each pot's cards or \"auto\" or \"taken\", such as [\"taken\", \"auto\"]")
    for key in ("current", "phase", "dealer"):
        if key in position and not isinstance(position[key], str):
            raise block.fail(f"{where}: {key} must be text, such as \"N\" or \"play\", not {position[key]!r}")
    taken = position.get("pots_taken", [])
    if not isinstance(taken, list) or not all(isinstance(side, str) for side in taken):
        raise block.fail(f"{where}: pots_taken must be a list of sides, such as [\"NS\"]")


def _setup(position: Mapping[str, Any]) -> dict[str, Any]:
    """A ``position`` table as :func:`~buraco_learn.game.position.position` takes it: TOML has no None, so a pot
    already taken is written ``"taken"``."""
    setup = dict(position)
    if isinstance(setup.get("pots"), list):
        setup["pots"] = [None if pot == "taken" else pot for pot in setup["pots"]]
    return setup


def _table(block: Block) -> Any:
    from buraco_learn.app.positions import COMMENTS, GOALS, Exercise

    block.only("rules", "key", "task", "goals", "comment", "position")
    position = block.need("position", dict)
    goals = []
    for name in block.need("goals", list):
        if not _known(name, GOALS):
            raise block.fail(f"unknown goal {name!r} (known: {', '.join(GOALS)})")
        goals.append(GOALS[name])
    comment = block.get("comment", "", str)
    if comment and not _known(comment, COMMENTS):
        raise block.fail(f"unknown comment {comment!r} (known: {', '.join(COMMENTS)})")
    _check_position(block, "position", position)
    exercise = Exercise(block.get("key", block.name, str), _ruleset(block), _setup(position), _(block.need("task")), tuple(goals),
                        *([COMMENTS[comment]] if comment else []))
    try:
        exercise.start()
    except (ValueError, TypeError) as error:  # the engine's own reason: a card twice, a wrong seat, ...
        raise block.fail(f"position: {error}") from None
    return exercise


def _quiz(block: Block) -> list[Any]:
    block.only("rules", "name", "title", "fresh", "clean_word", "follows_chooser", "questions")
    for key, default, kind in (("name", "check", str), ("title", "", str), ("fresh", False, bool), ("clean_word", True, bool),
                               ("follows_chooser", False, bool)):
        block.get(key, default, kind)  # the types checked now, not when a learner clicks
    questions = block.need("questions", list)
    if not questions:
        raise block.fail("questions is empty: a quiz needs at least one")
    return [_question(block, number, entry) for number, entry in enumerate(questions, 1)]


def _question(block: Block, number: int, entry: Any) -> Any:
    where = f"question {number}"
    if not isinstance(entry, dict):
        raise block.fail(f"{where} must be a table ({{ meld = \"7H 8H 9H\" }} or [[{block.name}.questions]])")
    kinds = [kind for kind in QUESTION_KINDS if kind in entry]
    if len(kinds) != 1:
        raise block.fail(f"{where} must have exactly one of {', '.join(QUESTION_KINDS)}, not {sorted(entry)}")
    return _QUESTIONS[kinds[0]](block, where, entry)


def _allowed(block: Block, where: str, entry: Mapping[str, Any], *allowed: str) -> None:
    unknown = sorted(set(entry) - set(allowed))
    if unknown:
        raise block.fail(f"{where}: unknown field {unknown[0]!r} (this question has {', '.join(allowed)})")


def _meld_question(block: Block, where: str, entry: Mapping[str, Any]) -> Any:
    from buraco_learn.app.lessonkit import meld_question

    _allowed(block, where, entry, "meld", "prompt", "clean_word")
    cards = _check_cards(block, entry["meld"], where)
    clean_word = entry.get("clean_word", block.get("clean_word", True, bool))
    prompt = _(entry["prompt"]) if "prompt" in entry else _("Is this a legal meld?")
    return meld_question(cards, prompt, clean_word=bool(clean_word))


def _burraco_question(block: Block, where: str, entry: Mapping[str, Any]) -> Any:
    from buraco_learn.app.exercises import burraco_question

    _allowed(block, where, entry, "burraco", "prompt")
    prompt = _(entry["prompt"]) if "prompt" in entry else _("What is this meld?")
    return burraco_question(_check_cards(block, entry["burraco"], where), prompt)


_TRIAL_FIELDS: Final = ("trial", "hand", "melds", "pile", "pot", "phase", "before", "action", "why", "rule")


def trial_of(block: Block, where: str, entry: Mapping[str, Any]) -> Any:
    """The :class:`~buraco_learn.app.positions.Trial` a ``trial`` entry declares (North to play)."""
    from buraco_learn.app.positions import Trial, scripted
    from buraco_learn.game.actions import Action
    from buraco_learn.sources import RULE_TEXT

    _allowed(block, where, entry, *_TRIAL_FIELDS)
    hand = _check_cards(block, entry.get("hand"), f"{where}, hand")
    melds = entry.get("melds", [])
    if not isinstance(melds, list):
        raise block.fail(f"{where}: melds must be a list of melds, such as [\"3H 4H 5H\"]")
    melds = [_check_cards(block, meld, f"{where}, melds") for meld in melds]
    pile = entry.get("pile", "")
    if pile != "":
        _check_cards(block, pile, f"{where}, pile")
    pot, phase = entry.get("pot", "available"), entry.get("phase", "play")
    if not _known(pot, ("available", "taken")):
        raise block.fail(f"{where}: pot must be \"available\" or \"taken\", not {pot!r}")
    if not _known(phase, ("draw", "play")):
        raise block.fail(f"{where}: phase must be \"draw\" (before the draw) or \"play\", not {phase!r}")
    before = entry.get("before", [])
    if not isinstance(before, list):
        raise block.fail(f"{where}: before must be a list of moves, such as [\"take\"]")
    for action in [*before, entry.get("action")]:
        try:
            Action.parse(action)
        except ValueError as error:
            raise block.fail(f"{where}: {error}") from None
    rule = entry.get("rule", "")
    if rule and not _known(rule, RULE_TEXT):
        raise block.fail(f"{where}: rule {rule!r} is not a rule the documents state (known: {', '.join(sorted(RULE_TEXT))})")

    def build(rules: Rules) -> Any:
        return scripted(rules, hand, melds, pile=pile, pot=pot, phase=phase)

    why = entry.get("why", "")
    return Trial(_(str(entry["trial"])), build, str(entry["action"]), before=tuple(before), why=_(why) if why else "", rule=rule)


def _trial_question(block: Block, where: str, entry: Mapping[str, Any]) -> Any:
    from buraco_learn.app.exercises import trial_question
    from buraco_learn.app.positions import run_trial
    from buraco_learn.presets import preset

    trial = trial_of(block, where, entry)
    try:
        result = run_trial(trial, preset(_ruleset(block)))
    except BuracoError as error:
        raise block.fail(f"{where}: the moves before it are refused: {error}") from None
    if result.state is None:
        raise block.fail(f"{where}: the moves before it are refused: {result.reason}")
    return trial_question(trial)


def _fact(block: Block, where: str, entry: Mapping[str, Any]) -> tuple[Callable[[Rules], int], Callable[[Rules], str]]:
    name = entry.get("answer")
    if not _known(name, FACTS):
        raise block.fail(f"{where}: answer must be one of {', '.join(FACTS)}, not {name!r}")
    fact = FACTS[name]
    for key in fact.needs:
        if key not in entry:
            raise block.fail(f"{where}: the answer {name!r} needs {key}")
    if "card" in fact.needs:
        _check_cards(block, entry["card"], f"{where}, card")
    if "cards" in fact.needs:
        _check_cards(block, entry["cards"], f"{where}, cards")
    if "option" in fact.needs and not _known(entry["option"], {spec.name for spec in Rules.options()}):
        raise block.fail(f"{where}: option {entry['option']!r} is no rules option")
    return (lambda rules: fact.value(rules, entry)), (lambda rules: fact.why(rules, entry))


def _number_question(block: Block, where: str, entry: Mapping[str, Any]) -> Any:
    from buraco_learn.app.lessonkit import number_question

    _allowed(block, where, entry, "number", "answer", "choices", "card", "cards", "option")
    value, why = _fact(block, where, entry)
    choices = entry.get("choices", [])
    if not isinstance(choices, list) or len(choices) < 2 or not all(isinstance(choice, int) for choice in choices):
        raise block.fail(f"{where}: choices must be two or more whole numbers (the answer is added if missing)")
    return number_question(str(entry["number"]), value, why, lambda rules: tuple(choices))


def _preset_question(block: Block, where: str, entry: Mapping[str, Any]) -> Any:
    from buraco_learn.app.lessonkit import preset_question
    from buraco_learn.presets import PRESET_NAMES

    _allowed(block, where, entry, "preset", "option", "when", "among")
    option = entry.get("option")
    if not _known(option, {spec.name for spec in Rules.options()}):
        raise block.fail(f"{where}: option {option!r} is no rules option")
    among = entry.get("among", [])
    if not isinstance(among, list) or len(among) < 2 or not all(_known(name, PRESET_NAMES) for name in among):
        raise block.fail(f"{where}: among must name two or more presets ({', '.join(PRESET_NAMES)})")
    if "when" not in entry:
        raise block.fail(f"{where}: when is missing (the value of {option} that only the answer has)")
    wanted = entry["when"]
    wanted = tuple(wanted) if isinstance(wanted, list) else wanted
    try:
        return preset_question(_(str(entry["preset"])), option, lambda rules: getattr(rules, option) == wanted, among)
    except ValueError as error:
        raise block.fail(f"{where}: {error}") from None


_QUESTIONS: Final[dict[str, Callable[[Block, str, Mapping[str, Any]], Any]]] = {
    "meld": _meld_question, "burraco": _burraco_question, "trial": _trial_question,
    "number": _number_question, "preset": _preset_question,
}


def _cards(block: Block) -> list[Any]:
    from buraco_learn.app.cardsteps import MAKERS
    from buraco_learn.app.cardtasks import Step

    block.only("rules", "name", "steps")
    _ruleset(block)
    steps = []
    for number, entry in enumerate(block.need("steps", list), 1):
        if not isinstance(entry, dict) or set(entry) != {"title", "make"}:
            raise block.fail(f"step {number} must have a title and a make, such as {{ title = \"A set\", make = \"set\" }}")
        if not _known(entry["make"], MAKERS):
            raise block.fail(f"step {number}: unknown make {entry['make']!r} (known: {', '.join(MAKERS)})")
        steps.append(Step(_(str(entry["title"])), MAKERS[entry["make"]]))
    if not steps:
        raise block.fail("steps is empty")
    return steps


_SPOT_FIELDS: Final = ("key", "title", "position", "expect", "traps", "why")


def _check_spot(block: Block, where: str, entry: Mapping[str, Any]) -> None:
    """A strategy position's fields, each of the shape the coach's table needs (before the engine sets it up)."""
    for key in ("key", "title", "expect", "why"):
        if not isinstance(entry[key], str) or not entry[key].strip():
            raise block.fail(f"{where}: {key} must be text")
    _check_position(block, where, entry["position"])
    if not isinstance(entry["traps"], list) or not all(isinstance(trap, str) for trap in entry["traps"]):
        raise block.fail(f"{where}: traps must be a list of moves, such as [\"draw\"]")
    variants = entry.get("variants", ["HSDC"])
    if not isinstance(variants, list) or not variants or not all(
            isinstance(suits, str) and sorted(suits) == sorted("HSDC") for suits in variants):
        raise block.fail(f"{where}: variants must list the suits H, S, D and C in other orders, such as [\"SHCD\"]")


def _strategy(block: Block) -> list[Any]:
    from buraco_learn.app.strategy import Spot

    block.only("positions")
    spots = []
    for number, entry in enumerate(block.need("positions", list), 1):
        where = f"position {number}"
        if not isinstance(entry, dict) or not set(_SPOT_FIELDS) <= set(entry) <= {*_SPOT_FIELDS, "variants"}:
            raise block.fail(f"{where} must have {', '.join(_SPOT_FIELDS)} (and may have variants)")
        _check_spot(block, where, entry)
        spot = Spot(str(entry["key"]), _(str(entry["title"])), _setup(entry["position"]), str(entry["expect"]),
                    tuple(entry["traps"]), _(str(entry["why"])), *([tuple(entry["variants"])] if "variants" in entry else []))
        try:
            spot.state(), spot.trap_actions(), spot.named_cards()
        except (ValueError, TypeError, KeyError) as error:  # the engine's own reason: a card twice, a wrong seat, ...
            raise block.fail(f"{where}: {error}") from None
        spots.append(spot)
    return spots


def _scoring(block: Block) -> dict[str, Any]:
    block.only("name", "seed")
    return {"quiz": block.get("name", "score a hand", str), "seed": block.get("seed", 1, int)}


def _plain(block: Block) -> dict[str, Any]:
    block.only()
    return {}


def _variant_play(block: Block) -> Any:
    from buraco_learn.app.variants import PLAYS

    block.only("play")
    name = block.need("play")
    if not _known(name, PLAYS):
        raise block.fail(f"unknown play {name!r} (known: {', '.join(PLAYS)})")
    return PLAYS[name].exercise.in_language()


def _variant_quiz(block: Block) -> Any:
    from buraco_learn.app.variants import MARKED, questions

    block.only("lesson", "rules", "name")
    name = block.need("lesson")
    if not _known(name, MARKED):
        raise block.fail(f"unknown variants lesson {name!r} (known: {', '.join(MARKED)})")
    return questions(name)


_BUILDERS: Final[dict[str, Callable[[Block], Any]]] = {
    "table": _table, "quiz": _quiz, "cards": _cards, "strategy": _strategy, "scoring": _scoring,
    "guided-hand": _plain, "game": _plain, "rounds": _plain, "variant-play": _variant_play,
    "variant-quiz": _variant_quiz,
}


# -- the facts a number question may ask -------------------------------------------------------------
@dataclass(frozen=True)
class Fact:
    """A number the engine knows under a ruleset, and why (with the document); ``needs``: the entry's fields it reads."""

    value: Callable[[Rules, Mapping[str, Any]], int]
    why: Callable[[Rules, Mapping[str, Any]], str]
    needs: tuple[str, ...] = ()


def _deal(part: str) -> Callable[[Rules, Mapping[str, Any]], int]:
    from buraco_learn.app.views import deal_counts

    return lambda rules, entry: deal_counts(rules)[part]


def _stock_why(rules: Rules, entry: Mapping[str, Any]) -> str:
    from buraco_learn.app.views import deal_counts, option_doc
    from buraco_learn.sources import cite

    counts = deal_counts(rules)
    return (f"{rules.deck_size} cards − {counts['hands']} in the hands − {counts['pots']} in the pots − "
            f"{counts['discard']} turned up = {counts['stock']} ({cite('deck', rules.source).short()}, "
            f"and the deal: {option_doc('pot_sizes')})")


def _hand_why(rules: Rules, entry: Mapping[str, Any]) -> str:
    from buraco_learn.sources import DOCUMENTS

    document = DOCUMENTS[rules.source]
    return f"Each player is dealt {rules.hand_size} cards: all five rule documents agree, {document.id} {document.title} among them."


def _pots_why(rules: Rules, entry: Mapping[str, Any]) -> str:
    from buraco_learn.app.views import deal_counts, option_doc

    return f"{deal_counts(rules)['pots']} cards in the pots ({option_doc('pot_sizes')})"


def _card_value(rules: Rules, entry: Mapping[str, Any]) -> int:
    from buraco_learn.cards import Card

    return rules.value(Card.parse(entry["card"]))


def _option_why(rules: Rules, entry: Mapping[str, Any]) -> str:
    from buraco_learn.app.views import option_why

    return option_why(entry["option"])(rules)


def _points(rules: Rules, entry: Mapping[str, Any]) -> int:
    from buraco_learn.cards import parse_cards

    return sum(rules.value(card) for card in parse_cards(entry["cards"]))


def _points_why(rules: Rules, entry: Mapping[str, Any]) -> str:
    from buraco_learn.cards import parse_cards
    from buraco_learn.sources import cite

    cards = parse_cards(entry["cards"])
    return ("Each card at its value: " + ", ".join(f"{card.unicode()} {rules.value(card)}" for card in cards)
            + f" ({cite('scoring', rules.source).short()}).")


def _views(name: str) -> Callable[[Rules, Mapping[str, Any]], Any]:
    def call(rules: Rules, entry: Mapping[str, Any]) -> Any:
        from buraco_learn.app import views

        return getattr(views, name)(rules)

    return call


#: What a ``number`` question may ask, by the name its ``answer`` gives.
FACTS: Final[dict[str, Fact]] = {
    "deck-size": Fact(lambda rules, entry: rules.deck_size, _views("deck_sentence")),
    "wild-cards": Fact(_views("wild_count"), _views("wild_sentence")),
    "hand-size": Fact(lambda rules, entry: rules.hand_size, _hand_why),
    "stock-after-deal": Fact(_deal("stock"), _stock_why),
    "pot-cards": Fact(_deal("pots"), _pots_why),
    "option": Fact(lambda rules, entry: int(getattr(rules, entry["option"])), _option_why, ("option",)),
    "card-value": Fact(_card_value, _option_why, ("card", "option")),
    "card-points": Fact(_points, _points_why, ("cards",)),
}


def trials(lesson: str, block: str, folder: Path | None = None) -> list[Any]:
    """The :class:`~buraco_learn.app.positions.Trial` s of a ``quiz`` block's ``trial`` questions, in order.

    >>> [trial.title for trial in trials("turn", "check")][2]
    'Drawing, then taking the pile too'
    """
    found = load(lesson, folder).get(block)
    if found is None or found.kind != "quiz":
        raise TaskDataError(f"{TASKS_FOLDER}/{lesson}.toml has no quiz block [{block}]")
    return [trial_of(found, f"question {number}", entry)
            for number, entry in enumerate(found.need("questions", list), 1) if "trial" in entry]


def shown(block: Block, page: Any) -> Any:
    """The block as the page shows it: the exercise, quiz, card tasks or strategy tasks, its tasks counted by ``page``."""
    from buraco_learn.app import exercises

    built = block.build()
    if block.kind in ("table", "variant-play"):
        return exercises.TableExercise(built, page)
    if block.kind in ("quiz", "variant-quiz"):
        from buraco_learn.app.lessonkit import Quiz

        return Quiz(built, getattr(page, "chooser", None) if block.get("follows_chooser", False) else None, page=page,
                    quiz=block.get("name", "check"), rules=_ruleset(block), title=_(block.get("title", "")) if block.get("title") else "",
                    fresh=bool(block.get("fresh", False)))
    if block.kind == "scoring":
        return exercises.ScoringExercise(page=page, **built)
    if block.kind == "game":
        return exercises.GameRoom(page)
    if block.kind == "rounds":
        return exercises.QuizRounds(page.chooser, page)
    if block.kind == "guided-hand":
        from buraco_learn.app.guided import GuidedHand

        return GuidedHand(page)
    if block.kind == "cards":
        from buraco_learn.app.lessonkit import CardTasks

        return CardTasks(built, page=page, quiz=block.get("name", "cards"), rules=_ruleset(block))
    from buraco_learn.app.strategy import StrategyTasks

    return StrategyTasks(page.info.id if page is not None else block.name, page, spots=built)

