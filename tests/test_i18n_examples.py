"""The worked examples the replayer shows, in Italian and Portuguese (issue 18): every title, intro, caption and
ending in the page's language, the documents' citations as written."""

from __future__ import annotations

import re

import pytest

from buraco_learn.examples import EXAMPLES
from buraco_learn.i18n import use
from buraco_learn.ui.replay import Script

CITATION = re.compile(r"\((\d{3}) '[^']+'\)")


@pytest.mark.parametrize("language", ["it", "pt_BR"])
@pytest.mark.parametrize("key", list(EXAMPLES))
def test_a_worked_example_reads_in_the_language_with_its_citations(key: str, language: str) -> None:
    english = Script.from_example(EXAMPLES[key])
    with use(language):
        script = Script.from_example(EXAMPLES[key])
    assert script.title != english.title
    assert len(script.frames) == len(english.frames)
    for theirs, ours in zip(english.frames, script.frames, strict=True):
        assert (ours.caption != theirs.caption) or not theirs.caption
        assert CITATION.findall(ours.caption) == CITATION.findall(theirs.caption)
    seats = ("North", "South", "East", "West")
    assert not any(seat in frame.caption for frame in script.frames for seat in seats)
