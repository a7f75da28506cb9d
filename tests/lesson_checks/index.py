"""The landing page (index.ipynb): the checks run at its finish("index") under nbval (tests/test_lessons.py)."""
import html
import tempfile
from pathlib import Path

from buraco_learn.app import lessonkit as kit
from buraco_learn.app.progress import ProgressStore

landing = kit.Landing(ProgressStore(Path(tempfile.mkdtemp()) / "progress.sqlite3"))
assert all(html.escape(lesson.goal) in landing.table.value for lesson in landing.lessons)
assert landing.table.value.index("Beginner path") < landing.table.value.index("Rulesets and variants")
landing.store.mark_done("cards")
landing.refresh()
assert f"1 of {len(landing.lessons)} lessons done" in landing.table.value and "Next: lesson 2 — Melds: sets and runs" in landing.table.value
landing.store.record_stars("cards", 2, 1)
landing.refresh()
assert 'data-lesson="cards" data-stars="2"' in landing.table.value and 'aria-label="2 of 3 stars"' in landing.table.value
landing.reset(None)
assert f"0 of {len(landing.lessons)} lessons done" in landing.table.value
