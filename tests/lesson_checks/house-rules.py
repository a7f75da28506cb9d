"""The house rules page (house_rules.ipynb): the checks run at its finish("house-rules") under nbval (tests/test_lessons.py)."""
import tempfile
from pathlib import Path

from buraco_learn import preset
from buraco_learn.app import exercises
from buraco_learn.app import lessonkit as kit
from buraco_learn.app.house_page import HouseRulesEditor
from buraco_learn.app.progress import ProgressStore

store = ProgressStore(Path(tempfile.mkdtemp()) / "progress.sqlite3")
check = HouseRulesEditor(store)
assert check.rules == preset("italian") and "Playable" in check.summary.value
check.set_value("players", 3)
assert check.rules.pot_sizes == (18, 11)  # what the preset does for three players follows
check.set_value("players", 9)
assert "“Players at the table” must be from 2 to 6" in check.summary.value and "players" not in check.problem
check.set_value("players", 4)
check.set_value("semi_clean_bonus", 150)
check.name.value = "Our club"
assert check.save() and store.ruleset("Our club") == preset("italian", name="Our club", semi_clean_bonus=150)
assert "Our club" in check.saved_list.value
chooser = kit.RulesetChooser(store=store)
chooser.select("Our club")
assert chooser.rules.semi_clean_bonus == 150 and "house rules based on Italian Burraco" in chooser.note.value
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
