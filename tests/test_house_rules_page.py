"""The house rules page (issue 15): every option in words with its sentence and bounds, saved rulesets offered
by every ruleset chooser and the card table, a saved ruleset that no longer validates told and not offered."""

from __future__ import annotations

import dataclasses
import html
import json
import os
import re
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import ipywidgets as widgets
import pytest

from buraco_learn import preset
from buraco_learn.app import lessonkit as kit
from buraco_learn.app.catalogue import EXTRA_PAGES, INDEX, LESSONS_ENV, discover, repository_lessons_dir
from buraco_learn.app.house_page import HouseRulesEditor, page_sentence, parse_pots
from buraco_learn.app.lesson import CHECKS_ENV
from buraco_learn.app.progress import DATA_ENV, DB_NAME, ProgressStore
from buraco_learn.house_rules import OPTION_LABELS, HouseRulesError, bounds_text, dumps, option_label
from buraco_learn.rules import Rules

LESSONS = repository_lessons_dir()
PAGE = LESSONS / "house_rules.ipynb"
#: The page's checks, run at its end (finish) when the tests name their folder.
CHECKS = Path(__file__).parent / "lesson_checks" / "house-rules.py"
IDENTIFIERS = [spec.name for spec in dataclasses.fields(Rules) if "_" in spec.name]
CLUB = preset("italian", name="Our club", semi_clean_bonus=150)


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ProgressStore:
    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    return ProgressStore(tmp_path / DB_NAME)


@pytest.fixture
def editor(store: ProgressStore) -> HouseRulesEditor:
    return HouseRulesEditor(store)


def texts(editor: HouseRulesEditor) -> str:
    """Everything the page shows in words: its HTML, labels and the dropdowns' choices."""
    shown: list[str] = []

    def walk(widget: object) -> None:
        for attribute in ("value", "description", "placeholder"):
            value = getattr(widget, attribute, None)
            if isinstance(value, str) and not isinstance(widget, widgets.Text | widgets.IntText):
                shown.append(re.sub(r'href="data:[^"]*"', "", value))
        for attribute in ("options", "titles"):
            for item in getattr(widget, attribute, ()) or ():
                shown.append(item[0] if isinstance(item, tuple) else str(item))
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(editor.widget)
    return "\n".join(shown)


def put(store: ProgressStore, name: str, data: str) -> None:
    with sqlite3.connect(store.path) as conn:
        conn.execute("INSERT OR REPLACE INTO rulesets (name, data, updated) VALUES (?, ?, '2026-01-01T00:00:00+00:00')",
                     (name, data))


# -- the page's controls --------------------------------------------------------------------------
def test_every_option_has_its_kind_of_control_its_words_sentence_and_bounds(editor: HouseRulesEditor) -> None:
    assert set(editor.controls) == set(OPTION_LABELS) - {"name", "base", "source"}
    based = preset(str(editor.base.value))
    for option, control in editor.controls.items():
        label = option_label(option, based)  # in the base preset's own words: "Cards in each pozzetto" under 002
        default = next(spec.default for spec in dataclasses.fields(Rules) if spec.name == option)
        spec = next(spec for spec in Rules.options() if spec.name == option)
        if isinstance(default, bool):
            assert isinstance(control, widgets.Checkbox) and control.description == label
        elif spec.choices:
            assert isinstance(control, widgets.Dropdown) and [value for _label, value in control.options] == list(spec.choices)
        elif option == "pot_sizes":
            assert isinstance(control, widgets.Text)
        else:
            assert isinstance(control, widgets.IntText)
        note = editor.notes[option][0].value
        assert html.escape(page_sentence(option)) in note, option
        assert html.escape(label) in note or isinstance(control, widgets.Checkbox), option
        if spec.low is not None:
            assert f"Allowed: {bounds_text(option)}." in note, option


def test_the_page_shows_words_never_option_identifiers(editor: HouseRulesEditor) -> None:
    editor.set_value("players", 9)
    editor.set_value("pile_take", "any-depth")
    shown = texts(editor)
    for identifier in IDENTIFIERS:
        assert not re.search(rf"\b{identifier}\b", shown), identifier
    assert "Traceback" not in shown and "/tmp" not in shown and str(editor.store.path) not in shown  # type: ignore[union-attr]
    assert "down to any card" in shown and "Bonus for a semi-clean burraco" in shown


def test_a_change_is_checked_at_once_and_named_in_words(editor: HouseRulesEditor) -> None:
    assert editor.rules == preset("italian") and "Playable" in editor.summary.value
    editor.set_value("players", 3)
    assert editor.rules.pot_sizes == (18, 11) and editor.controls["pot_sizes"].value == "18, 11"  # follows the preset
    editor.set_value("players", 9)
    assert editor.problem == "“Players at the table” must be from 2 to 6, not 9."
    assert 'role="alert"' in editor.summary.value and "Players at the table" in editor.summary.value
    with pytest.raises(HouseRulesError):
        editor.rules  # noqa: B018
    editor.set_value("players", 4)
    assert editor.rules.pot_sizes == (11, 11)
    editor.set_value("pot_sizes", (11, 11, 11))
    assert "one pot per side" in editor.problem
    editor.controls["pot_sizes"].value = "eleven"
    assert "“Cards in each pot” must be whole numbers" in editor.problem
    editor.controls["pot_sizes"].value = "11 11"
    editor.set_value("sets", False)
    editor.set_value("runs", False)
    assert "sets or runs" in editor.problem
    editor.set_value("runs", True)
    editor.set_value("target", 1005)
    assert editor.rules.target == 1005 and "changed" in editor.notes["target"][0].value
    assert "2 rules changed from Italian Burraco" in editor.summary.value


def test_changing_the_base_starts_again_from_it(editor: HouseRulesEditor) -> None:
    editor.set_value("target", 1005)
    editor.base.value = "cutthroat"
    assert editor.rules == preset("cutthroat") and editor.controls["target"].value == 3000
    assert editor.controls["partnerships"].value is False


def test_pots_as_a_host_types_them() -> None:
    assert parse_pots("18, 11") == (18, 11) and parse_pots("") == ()
    for bad in ("x", "1.5", "-3", "1" * 10, "1 " * 20):
        with pytest.raises(HouseRulesError):
            parse_pots(bad)


# -- saving, editing, deleting, files ------------------------------------------------------------
def test_save_needs_a_name_of_one_s_own_and_a_playable_ruleset(editor: HouseRulesEditor, store: ProgressStore) -> None:
    assert not editor.save() and "Give your house rules a name" in editor.status.value
    editor.name.value = "fechado"
    assert not editor.save() and "a name of their own, not a preset" in editor.status.value
    editor.name.value = "Our club"
    editor.set_value("players", 9)
    assert not editor.save() and "Players at the table" in editor.status.value
    assert store.rulesets() == []
    editor.set_value("players", 4)
    editor.set_value("semi_clean_bonus", 150)
    assert editor.save() and "Saved" in editor.status.value
    assert store.ruleset("Our club") == CLUB
    assert "Our club: Italian Burraco (002) with Bonus for a semi-clean burraco 150" in editor.saved_list.value
    assert editor.save() and "Saved again" in editor.status.value and len(store.rulesets()) == 1


def test_download_is_the_ruleset_file(editor: HouseRulesEditor) -> None:
    import base64

    editor.name.value = "Our club"
    editor.set_value("semi_clean_bonus", 150)
    match = re.search(r'download="our-club.json" href="data:application/json;base64,([^"]+)"', editor.download.value)
    assert match is not None and base64.b64decode(match.group(1)).decode() == dumps(CLUB)


def test_edit_and_delete_a_saved_ruleset(editor: HouseRulesEditor, store: ProgressStore) -> None:
    store.save_ruleset(preset("cutthroat", name="Fast game", target=1000))
    editor.refresh_saved()
    assert [value for _label, value in editor.saved_choice.options] == ["Fast game"]
    assert editor.edit("Fast game")
    assert editor.base.value == "cutthroat" and editor.name.value == "Fast game" and editor.controls["target"].value == 1000
    editor.set_value("target", 1500)
    assert editor.save() and store.ruleset("Fast game").target == 1500  # type: ignore[union-attr]
    assert editor.delete("Fast game") and store.rulesets() == [] and "None yet" in editor.saved_list.value
    assert not editor.edit("Fast game")


def test_a_saved_ruleset_that_no_longer_validates_is_told_in_words(editor: HouseRulesEditor, store: ProgressStore) -> None:
    put(store, "Old club", dumps(CLUB.replace(name="Old club")).replace('"players": 4', '"players": 9'))
    put(store, "Older club", dumps(CLUB.replace(name="Older club"))[:-2] + ', "wilds_per_meld": 2}')
    editor.refresh_saved()
    listed = editor.saved_list.value
    assert "Old club" in listed and "“Players at the table” must be from 2 to 6, not 9." in listed
    assert "This version of the lessons has no rule called “wilds per meld”." in listed
    assert not editor.edit("Old club") and "cannot be edited" in editor.saved_message.value
    assert editor.delete("Old club") and "Old club" not in editor.saved_list.value


def test_open_a_ruleset_file(editor: HouseRulesEditor, store: ProgressStore) -> None:
    assert editor.open_file(dumps(CLUB).encode(), "club.json")
    assert editor.rules == CLUB and editor.name.value == "Our club" and store.rulesets() == []  # not saved yet
    for content, words in ((b"{", "not JSON"), (b"[1]", "not a ruleset"), (b"\xff", "not text"),
                           (b" " * 100_000, "too large"),
                           (dumps(CLUB).replace('"jokers": true', '"jokers": 3').encode(), "“Jokers in the deck” must be yes or no")):
        assert not editor.open_file(content, "bad.json")
        assert words in editor.saved_message.value and 'role="alert"' in editor.saved_message.value, editor.saved_message.value
    editor.upload.value = ({"name": "club.json", "type": "application/json", "size": 10,
                            "content": memoryview(dumps(CLUB.replace(target=1005)).encode()), "last_modified": datetime.now(UTC)},)
    assert editor.rules.target == 1005 and editor.upload.value == ()


def test_without_a_store_the_page_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "file"))
    editor = HouseRulesEditor()
    assert editor.store is None and editor.save_button.disabled and not editor.save()
    assert "cannot be kept here" in editor.saved_list.value and str(tmp_path) not in editor.saved_list.value


# -- where the saved rulesets are offered ---------------------------------------------------------
def test_the_chooser_offers_saved_rulesets_and_not_those_that_no_longer_validate(store: ProgressStore) -> None:
    store.save_ruleset(CLUB)
    put(store, "Old club", dumps(CLUB.replace(name="Old club")).replace('"players": 4', '"players": 9'))
    chooser = kit.RulesetChooser()
    assert chooser.house_names == ["Our club"]
    assert [label for label, _value in chooser.dropdown.options][-1] == "Our club (house rules, Italian Burraco)"
    assert "Your house rules “Old club” are not offered: “Players at the table” must be from 2 to 6" in chooser.note.value
    seen: list[str] = []
    view = chooser.view(lambda rules: f"<p>{rules.name} {rules.semi_clean_bonus}</p>")
    chooser.on_change(lambda rules: seen.append(rules.name))
    chooser.select("Our club")
    assert chooser.name == "Our club" and chooser.rules == CLUB and "Our club 150" in view.value and seen == ["Our club"]
    assert "house rules based on Italian Burraco" in chooser.note.value and "Bonus for a semi-clean burraco: 150" in chooser.note.value
    chooser.select("aberto")
    assert chooser.rules == preset("aberto")
    with pytest.raises(ValueError, match="unknown ruleset preset"):
        chooser.select("Old club")
    assert kit.RulesetChooser(house=False).house_names == [] and kit.RulesetChooser(store=store).house_names == ["Our club"]


def test_the_chooser_reads_the_store_again_when_the_page_is_opened(store: ProgressStore) -> None:
    chooser = kit.RulesetChooser()
    seen: list[int] = []
    chooser.on_change(lambda rules: seen.append(rules.semi_clean_bonus))
    store.save_ruleset(CLUB)
    kit.page_opened()  # (not in a preheated kernel: refreshes at once)
    assert chooser.house_names == ["Our club"] and seen == []
    chooser.select("Our club")
    store.save_ruleset(CLUB.replace(semi_clean_bonus=100))
    chooser.refresh()
    assert chooser.rules.semi_clean_bonus == 100 and seen == [150, 100]
    store.delete_ruleset("Our club")
    chooser.refresh()
    assert chooser.dropdown.value == "italian" and seen == [150, 100, 0]


def test_the_card_table_deals_a_house_ruleset(store: ProgressStore) -> None:
    from buraco_learn.app import exercises as ex

    store.save_ruleset(CLUB)
    store.save_ruleset(preset("cutthroat", name="Three of us", players=3))
    page = kit.Page("play", store)
    chooser = kit.RulesetChooser()
    room = ex.GameRoom(page, chooser)
    chooser.select("Our club")
    table = room.new_game(seed=5)
    assert table.rules == CLUB and "you are North" in room.status.value
    table.advance()
    table.draw()
    table.discard(table.hand_order[-1])
    table.advance()
    assert room.resume().rules == CLUB
    assert "Our club rules" in (room._offer() or room.status.value)
    chooser.select("Three of us")
    table = room.new_game(seed=5)
    assert table.rules.players == 3 and "you sit first of 3 players" in room.status.value


# -- the page in the app -------------------------------------------------------------------------
def test_the_page_is_not_a_lesson_and_the_landing_page_links_to_it() -> None:
    assert PAGE.name in EXTRA_PAGES and PAGE.is_file()
    assert PAGE.name not in [lesson.filename for lesson in discover(LESSONS)] and all(info.path.parent == LESSONS for info in discover(LESSONS))
    index = json.loads((LESSONS / INDEX).read_text())
    links = "".join("".join(cell["source"]) for cell in index["cells"] if cell["cell_type"] == "markdown")
    assert f"]({PAGE.name})" in links
    cells = [cell for cell in json.loads(PAGE.read_text())["cells"] if cell["cell_type"] == "code"]
    assert all(cell["outputs"] == [] for cell in cells)
    sources = ["".join(cell["source"]) for cell in cells]
    assert sources[-1] == 'from buraco_learn.app.lesson import finish\n\nfinish("house-rules")'  # the wait, then the checks
    assert not any("assert " in source or "checking()" in source for source in sources) and CHECKS.is_file()


def test_the_page_notebook_runs_under_nbval(tmp_path: Path) -> None:
    env = {**os.environ, DATA_ENV: str(tmp_path / "data"), CHECKS_ENV: str(CHECKS.parent), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    for name in (LESSONS_ENV, "VOILA_KERNEL_ID", "VOILA_BASE_URL"):
        env.pop(name, None)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "nbval", "--nbval-lax", "--nbval-cell-timeout=120", "-p", "no:cacheprovider",
         "-q", "--rootdir", str(tmp_path), "-c", os.devnull, str(PAGE)],
        env=env, capture_output=True, text=True, timeout=600, cwd=tmp_path,
    )
    code_cells = sum(cell["cell_type"] == "code" for cell in json.loads(PAGE.read_text())["cells"])
    assert result.returncode == 0 and f"{code_cells} passed" in result.stdout, result.stdout[-3000:] + result.stderr[-2000:]
    assert not (tmp_path / "data" / DB_NAME).exists() or ProgressStore(tmp_path / "data" / DB_NAME).rulesets() == []


@pytest.mark.parametrize("lang", ["en", "it", "pt_BR"])
def test_the_options_are_named_in_the_base_presets_own_words_in_every_language(lang: str, tmp_path: Path) -> None:
    """Issue 18: 002's burraco and pozzetto, 001's canasta and morto, 003's canastra, whatever the page's language."""
    from buraco_learn.i18n import use

    with use(lang):
        page = HouseRulesEditor(store=ProgressStore(tmp_path / "progress.json"))
        def label(option: str) -> str:
            return page.notes[option][0].value.split('data-option-label="')[1].split('"')[0]

        italian = {option: label(option) for option in ("clean_bonus", "pot_sizes")}
        close_italian = page.controls["close_needs_pot"].description
        page.base.value = "aberto"
        aberto = {option: label(option) for option in ("clean_bonus", "pot_sizes")}
        close_aberto = page.controls["close_needs_pot"].description
        page.base.value = "brazil-online"
        brazil = label("clean_bonus")
    assert "burraco" in italian["clean_bonus"] and "canast" not in italian["clean_bonus"]
    assert "pozzetto" in italian["pot_sizes"] and "pozzetto" in close_italian
    assert "canasta" in aberto["clean_bonus"] and "burraco" not in aberto["clean_bonus"]
    assert "morto" in aberto["pot_sizes"] and "morto" in close_aberto
    assert "canastra" in brazil


def test_a_changed_option_names_the_preset_as_players_say_it(editor: HouseRulesEditor) -> None:
    editor.set_value("target", 3005)
    note = editor.notes["target"][0].value
    assert "changed (Italian Burraco: 2005)" in html.unescape(note) and "(italian:" not in note
