"""The landing page (index.ipynb, and its copies it/index.ipynb, pt_BR/index.ipynb): the checks run at its
finish("index") under nbval (tests/test_lessons.py), in the page's language."""
import html
import tempfile
from pathlib import Path

from buraco_learn import i18n
from buraco_learn.app import lessonkit as kit
from buraco_learn.app.catalogue import discover
from buraco_learn.app.progress import ProgressStore
from buraco_learn.i18n import _, ngettext

landing = kit.Landing(ProgressStore(Path(tempfile.mkdtemp()) / "progress.sqlite3"))
count = len(landing.lessons)
value = landing.table.value
assert all(html.escape(lesson.goal) in value for lesson in landing.lessons)
assert value.index(html.escape(_("Beginner path"))) < value.index(html.escape(_("Rulesets and variants")))


def progress(done: int, stars: int) -> str:
    return html.escape(_("{done} of {count} lessons done · {earned} of {most} stars", done=done, count=count,
                         earned=stars, most=3 * count))


landing.store.mark_done("cards")
landing.refresh()
second = next(lesson for lesson in landing.lessons if lesson.number == 2)
assert progress(1, 1) in landing.table.value
assert html.escape(_("Next: lesson {number} — {title} →", number=2, title=second.title)) in landing.table.value
landing.store.record_stars("cards", 2, 1)
landing.refresh()
stars = html.escape(ngettext("{stars} of {n} star", "{stars} of {n} stars", 3, stars=2))
assert 'data-lesson="cards" data-stars="2"' in landing.table.value and f'aria-label="{stars}"' in landing.table.value
landing.reset(None)
assert progress(0, 0) in landing.table.value


def texts(widget: object) -> str:
    """Every word a widget and its children show: HTML values, button and dropdown labels."""
    own = [str(getattr(widget, name, "")) for name in ("value", "description", "options")]
    return " ".join(own + [texts(child) for child in getattr(widget, "children", ())])


if i18n.language() != "en":  # the map and its controls in the page's language: none of their English words
    shown = texts(landing.widget)
    for words in ("Beginner path", "lessons done", "Not started", "Reset this lesson", "Start again", "How a lesson earns"):
        assert words not in shown, words
    english = {lesson.id: lesson.title for lesson in discover(language="en")}
    assert all(lesson.title != english[lesson.id] for lesson in landing.lessons if lesson.id != "bukharo")
