"""The landing page's map of the path: every lesson in order, its stars, and what to do next.

Like the map of stages in lichess Learn: a line of numbered stops per track (the beginner
path on Italian Burraco first, then strategy, then the other rulesets and variants, then the
classroom's page: :data:`~buraco_learn.app.catalogue.TRACKS`), each lesson's title (a link)
and goal, its stars drawn ``★★☆`` with the number in words for screen readers
(``aria-label="2 of 3 stars"``), the lessons done marked with ✔, and one clear link to the
next lesson: the first one not done along the beginner path, then strategy, then variants
(never the classroom's quiz, which a teacher runs). The summary counts every lesson on the
map; each track's heading counts its own. Pure functions returning HTML (no Jupyter); the
layout wraps, so it reads on a phone as on a desktop.

>>> from buraco_learn.app.catalogue import discover
>>> from buraco_learn.app.progress import LessonProgress
>>> lessons = discover()
>>> page = map_html(lessons, {"cards": LessonProgress("cards", "2026-01-01T00:00:00+00:00", best_stars=2)})
>>> f"1 of {len(lessons)} lessons done" in page and "Next: lesson 2 — Melds: sets and runs" in page
True
>>> 'aria-label="2 of 3 stars"' in page and "★★☆" in page
True
>>> page.index("Beginner path") < page.index("Rulesets and variants") < page.index("Classroom")
True
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Final

from buraco_learn.app.catalogue import PATH_TRACKS, TRACKS, LessonInfo, path_order
from buraco_learn.app.progress import LessonProgress
from buraco_learn.app.stars import FEW_MISTAKES, MOST, stars_label, stars_text
from buraco_learn.i18n import N_, _, language, ngettext

#: The stars as drawn everywhere (the map, the end of a lesson): gold, a little larger than the text.
STARS_STYLE: Final = """<style>.lesson-stars{color:#bf8700;font-size:125%;letter-spacing:.08em;line-height:1}</style>"""

MAP_STYLE: Final = STARS_STYLE + """<style>
.buraco-map-page{max-width:52em}
.buraco-summary{margin:.2em 0 .4em;font-size:105%}
.buraco-next{display:inline-block;margin:.2em 0 .5em;padding:.45em .9em;border-radius:6px;background:#0b57d0;
  color:#fff!important;font-weight:bold;text-decoration:none}
.buraco-next:hover{background:#0842a0;text-decoration:none}
ul.buraco-stars-key{list-style:none;display:flex;flex-wrap:wrap;gap:.2em 1.4em;margin:.3em 0 .9em;padding:0;
  color:#555;font-size:90%;line-height:1.5}
ul.buraco-stars-key li{margin:0;white-space:nowrap}
ul.buraco-stars-key .lesson-stars{font-size:105%;margin-right:.3em}
.buraco-track{margin:0 0 1.1em}
.buraco-track h3.track-title{margin:.6em 0 .1em;font-size:115%;display:flex;flex-wrap:wrap;align-items:baseline;gap:.2em .7em}
.buraco-track .track-count{font-size:80%;font-weight:normal;color:#57606a}
.buraco-track p.track-words{margin:0 0 .4em;color:#444;font-size:92%}
ol.buraco-map{list-style:none;margin:0;padding:0}
ol.buraco-map li.lesson{position:relative;display:flex;gap:.8em;align-items:flex-start;padding:.45em 0 .7em;margin:0}
ol.buraco-map li.lesson:not(:last-child)::before{content:"";position:absolute;left:1.05em;top:2.4em;bottom:-.2em;
  border-left:3px solid #d0d7de}
ol.buraco-map li.map-done:not(:last-child)::before{border-left-color:#1e7b34}
ol.buraco-map .map-stop{flex:0 0 2.1em;height:2.1em;border-radius:50%;display:flex;align-items:center;
  justify-content:center;font-weight:bold;background:#fff;border:3px solid #afb8c1;color:#57606a;box-sizing:border-box;
  position:relative;z-index:1}
ol.buraco-map li.map-done .map-stop{background:#1e7b34;border-color:#1e7b34;color:#fff}
ol.buraco-map li.map-next .map-stop{background:#0b57d0;border-color:#0b57d0;color:#fff;box-shadow:0 0 0 4px #c9dcff}
ol.buraco-map .map-body{flex:1 1 auto;min-width:0}
ol.buraco-map .map-head{display:grid;grid-template-columns:minmax(0,1fr) auto;align-items:baseline;gap:.1em .8em;
  line-height:1.3}
ol.buraco-map .lesson-link{font-weight:bold;color:#0b57d0;text-decoration:none;font-size:105%}
ol.buraco-map .lesson-link:hover{text-decoration:underline}
ol.buraco-map .lesson-language{font-weight:normal;font-size:80%;color:#57606a;white-space:nowrap}
ol.buraco-map .map-state{white-space:nowrap;display:flex;gap:.5em;align-items:baseline}
ol.buraco-map li:not(.map-done) .lesson-stars{color:#afb8c1}
ol.buraco-map .lesson-progress{font-size:88%;color:#57606a}
ol.buraco-map .lesson-progress.lesson-done{color:#1e7b34;font-weight:bold}
ol.buraco-map .lesson-progress.lesson-next{color:#0b57d0;font-weight:bold}
ol.buraco-map .goal{color:#444;font-size:92%;line-height:1.4;margin-top:.15em;overflow-wrap:anywhere}
</style>"""


def next_lesson(lessons: Sequence[LessonInfo], progress: Mapping[str, LessonProgress]) -> LessonInfo | None:
    """The first lesson not done along the path (beginner, then strategy, then variants), or None when all are done."""
    for lesson in path_order(lessons):
        entry = progress.get(lesson.id)
        if lesson.track in PATH_TRACKS and (entry is None or not entry.done):
            return lesson
    return None


def state_words(lesson: LessonInfo, entry: LessonProgress | None, upcoming: LessonInfo | None) -> tuple[str, str]:
    """A lesson's place on the path in words: (text, css class).

    >>> from pathlib import Path
    >>> info = LessonInfo(2, "melds", "Melds", "Tell sets from runs.", "ready", Path("02_melds.ipynb"))
    >>> state_words(info, None, info), state_words(info, None, None)
    (('Next', 'lesson-next'), ('Not started', 'lesson-new'))
    >>> state_words(info, LessonProgress("melds", "2026-01-01T00:00:00+00:00"), None)
    ('✔ Done', 'lesson-done')
    """
    if entry is not None and entry.done:
        return _("✔ Done"), "lesson-done"
    if upcoming is not None and upcoming.id == lesson.id:
        return _("Next"), "lesson-next"
    if not lesson.ready:
        return _("Still being written"), "lesson-outline"
    if entry is not None and entry.started:
        return _("Started"), "lesson-started"
    return _("Not started"), "lesson-new"


def stars_html(stars: int) -> str:
    """The stars drawn, with their number in words for screen readers."""
    return f'<span class="lesson-stars" role="img" aria-label="{stars_label(stars)}">{stars_text(stars)}</span>'


#: A line under each track's heading, in a newcomer's words.
TRACK_WORDS: Final = {
    "beginner": N_("Italian Burraco, from the cards to a whole hand."),
    "strategy": N_("Play better: what to keep, what to throw, when to go out."),
    "variants": N_("The other rulesets: only what differs from Italian Burraco. Lesson 10's table compares them all."),
    "classroom": N_("A meld quiz a teacher runs with a class."),
}


def _stop(lesson: LessonInfo, entry: LessonProgress | None, upcoming: LessonInfo | None) -> str:
    stars = entry.stars if entry is not None else 0
    words, css = state_words(lesson, entry, upcoming)
    where = "map-done" if css == "lesson-done" else ("map-next" if css == "lesson-next" else "map-todo")
    current = ' aria-current="step"' if css == "lesson-next" else ""
    return (
        f'<li class="lesson {where}" data-lesson="{html.escape(lesson.id)}" data-stars="{stars}"{current}>'
        f'<span class="map-stop" aria-hidden="true">{"✔" if where == "map-done" else lesson.number}</span>'
        f'<div class="map-body"><div class="map-head">'
        f'<a class="lesson-link" href="{html.escape(lesson.link)}">'
        f'<span class="lesson-number">{lesson.number}.</span> {html.escape(lesson.title)}{_in_english(lesson)}</a>'
        f'<span class="map-state">{stars_html(stars)}<span class="lesson-progress {css}">{words}</span></span></div>'
        f'<div class="goal">{html.escape(lesson.goal)}</div></div></li>'
    )


def _in_english(lesson: LessonInfo) -> str:
    """A mark on a lesson whose page is not yet written in the map's language (it opens in English)."""
    if lesson.language == language():
        return ""
    said = _("(in English for now)")
    return f' <span class="lesson-language" lang="en">{html.escape(said)}</span>'


def _done(lessons: Sequence[LessonInfo], progress: Mapping[str, LessonProgress]) -> tuple[int, int]:
    """How many of ``lessons`` are done, and their stars."""
    entries = [entry for lesson in lessons if (entry := progress.get(lesson.id)) is not None]
    return sum(1 for entry in entries if entry.done), sum(entry.stars for entry in entries)


def map_html(lessons: Sequence[LessonInfo], progress: Mapping[str, LessonProgress]) -> str:
    """The landing page's path: a summary with the next lesson, a key to the stars, and every lesson, track by track."""
    ordered = path_order(lessons)
    upcoming = next_lesson(ordered, progress)
    tracks = []
    for track, english_title in TRACKS.items():
        title = _(english_title)
        members = [lesson for lesson in ordered if lesson.track == track]
        if not members:
            continue
        done, _stars = _done(members, progress)
        stops = "".join(_stop(lesson, progress.get(lesson.id), upcoming) for lesson in members)
        track_count = _("{done} of {count} done", done=done, count=len(members))
        words = _(TRACK_WORDS[track])
        in_order = _("{track}: its lessons in order", track=title)
        tracks.append(
            f'<section class="buraco-track" data-track="{track}" aria-labelledby="track-{track}">'
            f'<h3 class="track-title" id="track-{track}">{html.escape(title)}'
            f' <span class="track-count">{html.escape(track_count)}</span></h3>'
            f'<p class="track-words">{html.escape(words)}</p>'
            f'<ol class="buraco-map" aria-label="{html.escape(in_order)}">{stops}</ol></section>'
        )
    done, earned = _done(ordered, progress)
    count = _("{done} of {count} lessons done · {earned} of {most} stars", done=done, count=len(ordered),
              earned=earned, most=MOST * len(ordered))
    if upcoming is None:
        everything = done == len(ordered)
        summary = (_("You have done all {count} lessons. {progress}.", count=len(ordered), progress=count) if everything
                   else _("You have done the whole path. {progress}.", progress=count))
        summary = f'<p class="buraco-summary">{html.escape(summary)}</p>'
        onward = ""
    else:
        summary = f'<p class="buraco-summary">{html.escape(count)}.</p>'
        following = _("Next: lesson {number} — {title} →", number=upcoming.number, title=upcoming.title)
        onward = f'<a class="buraco-next continue" href="{html.escape(upcoming.link)}">{html.escape(following)}</a>'
    wrong = ngettext("at most {n} wrong answer", "at most {n} wrong answers", FEW_MISTAKES)
    how, done_words, right = _("How a lesson earns its stars"), _("lesson done"), _("no wrong answer")
    key = (f'<ul class="buraco-stars-key" aria-label="{html.escape(how)}">'
           f'<li>{stars_html(1)}{html.escape(done_words)}</li>'
           f"<li>{stars_html(2)}{html.escape(wrong)}</li><li>{stars_html(3)}{html.escape(right)}</li></ul>")
    return f'{MAP_STYLE}<div class="buraco-map-page">{summary}{onward}{key}{"".join(tracks)}</div>'
