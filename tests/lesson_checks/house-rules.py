"""The house rules page (house_rules.ipynb): the checks run at its finish("house-rules") under nbval (tests/test_lessons.py)."""
import html
import tempfile
from pathlib import Path

from buraco_learn import preset
from buraco_learn.app import exercises
from buraco_learn.app import lessonkit as kit
from buraco_learn.app.house_page import HouseRulesEditor
from buraco_learn.app.progress import ProgressStore
from buraco_learn.house_rules import option_label
from buraco_learn.i18n import _
from buraco_learn.presets import ruleset_name

store = ProgressStore(Path(tempfile.mkdtemp()) / "progress.sqlite3")
check = HouseRulesEditor(store)
# in the page's language: the words the page itself would say
assert check.rules == preset("italian") and html.escape(_("Give your rules a name to save them.")) in check.summary.value
check.set_value("players", 3)
assert check.rules.pot_sizes == (18, 11)  # what the preset does for three players follows
check.set_value("players", 9)
too_many = _("{label} must be from {low} to {high}, not {value}.", label=f"“{option_label('players')}”", low=2, high=6, value=9)
assert html.escape(too_many) in check.summary.value and "players" not in check.problem
check.set_value("players", 4)
check.set_value("semi_clean_bonus", 150)
check.name.value = "Our club"
assert check.save() and store.ruleset("Our club") == preset("italian", name="Our club", semi_clean_bonus=150)
assert "Our club" in check.saved_list.value
chooser = kit.RulesetChooser(store=store)
chooser.select("Our club")
based = _("house rules based on {base}, {document}; changed: {changes}", base=ruleset_name(preset("italian")), document="",
          changes="").split(",")[0]
assert chooser.rules.semi_clean_bonus == 150 and html.escape(based) in chooser.note.value
assert check.delete("Our club") and store.rulesets() == []

# a saved house ruleset is dealt on the card table below the editor
house_table = kit.RulesetChooser(store=store)
check.name.value = "Table test"
check.set_value("semi_clean_bonus", 150)
assert check.save()
house_table.refresh()
house_table.select("Table test")
game = exercises.GameRoom(chooser=house_table, slot="house-play-check")
played = game.new_game(seed=3)
assert played is not None and played.rules.semi_clean_bonus == 150 and played.rules.name == "Table test"
