"""Progress on Binder (issue 17, item 3): where the app runs, the words the landing page says about
progress there, and the progress file a learner downloads and loads back (hostile input: checked)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from buraco_learn.app import lessonkit as kit
from buraco_learn.app.progress import ProgressStore
from buraco_learn.app.progressfile import ProgressFileError, export_progress, import_progress
from buraco_learn.app.where import BINDER_ENV, BINDER_WORDS, LOCAL_WORDS, on_binder


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(tmp_path / "progress.sqlite3")


def test_binder_is_known_by_any_of_binderhubs_variables_and_a_plain_jupyterhub_is_not() -> None:
    assert not on_binder({})
    assert not on_binder({"JUPYTERHUB_SERVICE_PREFIX": "/user/ana/", "JUPYTERHUB_USER": "ana"})
    for name in BINDER_ENV:
        assert on_binder({name: "x"}), name


def test_the_landing_page_says_where_progress_lasts(store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in BINDER_ENV:
        monkeypatch.delenv(name, raising=False)
    local = kit.Landing(store)
    assert local.session is None
    assert LOCAL_WORDS in repr_html(local)
    monkeypatch.setenv("BINDER_LAUNCH_HOST", "https://mybinder.org/")
    binder = kit.Landing(store)
    page = repr_html(binder)
    assert BINDER_WORDS in page and "only for this session" in page and LOCAL_WORDS not in page
    assert binder.session is not None
    assert "Download my progress" in binder.session.download.value
    assert binder.session.upload.description == "Load my progress"


def repr_html(landing: kit.Landing) -> str:
    """Every HTML widget's text under the landing page's widget."""
    found, todo = [], [landing.widget]
    while todo:
        widget = todo.pop()
        todo.extend(getattr(widget, "children", ()))
        if isinstance(getattr(widget, "value", None), str):
            found.append(widget.value)
    return "\n".join(found)


def test_a_downloaded_file_loads_back_into_a_new_session_and_redraws_the_map(
        store: ProgressStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store.mark_done("cards")
    store.record_stars("cards", 2, mistakes=1)
    store.record_quiz("melds", 3, 5)
    store.record_quiz("melds", 5, 5)
    monkeypatch.setenv("BINDER_REQUEST", "v2/gh/buraco-learn/buraco-learn/HEAD")
    fresh = kit.Landing(ProgressStore(tmp_path / "new" / "progress.sqlite3"))
    assert f"0 of {len(fresh.lessons)} lessons done" in fresh.table.value
    assert fresh.session is not None
    browser_sends(fresh, {"name": "p.json", "type": "application/json", "size": 1,
                          "content": memoryview(export_progress(store))})
    assert "Loaded your progress: 1 lesson done, 1 quiz." in fresh.session.message.value
    assert f"1 of {len(fresh.lessons)} lessons done" in fresh.table.value and 'data-lesson="cards" data-stars="2"' in fresh.table.value
    quiz = fresh.store.lesson("melds").quizzes["check"]  # type: ignore[union-attr]
    assert (quiz.score, quiz.best_score, quiz.attempts) == (5, 5, 2)
    assert fresh.session.upload.value == ()


def browser_sends(landing: kit.Landing, upload: dict[str, object]) -> None:
    """What the upload box's observer gets when the browser sends a file (as the widget's value)."""
    assert landing.session is not None
    landing.session._uploaded({"name": "value", "new": (upload,)})


def test_loading_merges_keeping_the_best_and_the_earliest(store: ProgressStore, tmp_path: Path) -> None:
    store.mark_done("cards")
    store.record_stars("cards", 3, mistakes=0)
    store.record_quiz("melds", 4, 5)
    other = ProgressStore(tmp_path / "other.sqlite3")
    other.record_stars("cards", 1)
    other.record_quiz("melds", 1, 5)
    file = json.loads(export_progress(store))
    file["lessons"][0]["done_at"] = "2020-01-01T00:00:00+00:00"
    import_progress(other, json.dumps(file).encode())
    cards, melds = other.lesson("cards"), other.lesson("melds").quizzes["check"]
    assert cards.done_at == "2020-01-01T00:00:00+00:00" and cards.stars == 3 and cards.fewest_mistakes == 0
    assert melds.best_score == 4 and melds.attempts == 1


GOOD = {"format": "buraco-learn-progress", "version": 1, "lessons": [{"lesson": "cards", "done_at": "2026-01-01T00:00:00+00:00"}]}


@pytest.mark.parametrize(("content", "words"), [
    (b"", "not JSON"),
    (b"\xff\xfe", "not JSON"),
    (b"[" * 100_000, "not JSON"),
    (b" " * 1_000_001, "larger than"),
    (json.dumps({"format": "other"}).encode(), "not downloaded from buraco-learn"),
    (json.dumps({**GOOD, "version": 3}).encode(), "version"),
    (json.dumps({**GOOD, "version": True}).encode(), "version"),
    (json.dumps({**GOOD, "games": []}).encode(), "games"),
    (json.dumps({**GOOD, "lessons": {"cards": 1}}).encode(), "must be a list"),
    (json.dumps({**GOOD, "lessons": [{"lesson": "cards"}] * 1001}).encode(), "more than 1000"),
    (json.dumps({**GOOD, "lessons": [{"lesson": "cards", "done_at": "yesterday"}]}).encode(), "date and time"),
    (json.dumps({**GOOD, "lessons": [{"lesson": "cards", "done_at": "2026-01-01T00:00:00"}]}).encode(), "time zone"),
    (json.dumps({**GOOD, "lessons": [{"lesson": "x" * 121, "done_at": "2026-01-01T00:00:00+00:00"}]}).encode(), "name"),
    (json.dumps({**GOOD, "lessons": [{"lesson": "a\u0000b", "done_at": "2026-01-01T00:00:00+00:00"}]}).encode(), "name"),
    (json.dumps({**GOOD, "lessons": [{"lesson": "cards", "done_at": "2026-01-01T00:00:00+00:00", "x": 1}]}).encode(),
     "must hold only"),
    (json.dumps({**GOOD, "stars": [{"lesson": "cards", "stars": 4}]}).encode(), "'stars' must be a whole number"),
    (json.dumps({**GOOD, "stars": [{"lesson": "cards", "stars": True}]}).encode(), "'stars' must be a whole number"),
    (json.dumps({**GOOD, "stars": [{"lesson": "cards", "stars": 2, "mistakes": -1}]}).encode(), "'mistakes'"),
    (json.dumps({**GOOD, "quizzes": [{"lesson": "melds", "quiz": "check", "score": 6, "total": 5, "best_score": 1,
                                      "best_total": 5, "attempts": 1, "updated": "2026-01-01T00:00:00+00:00"}]}).encode(),
     "'score' must be a whole number from 0 to 5"),
    (json.dumps({**GOOD, "quizzes": [{"lesson": "melds", "quiz": "check", "score": 1, "total": 5, "best_score": 1,
                                      "best_total": 0, "attempts": 1, "updated": "2026-01-01T00:00:00+00:00"}]}).encode(),
     "'best_total'"),
])
def test_a_bad_file_says_why_and_changes_nothing(store: ProgressStore, content: bytes, words: str) -> None:
    store.mark_done("aces")
    before = store.all()
    with pytest.raises(ProgressFileError, match="This is not a progress file buraco-learn can load") as caught:
        import_progress(store, content)
    assert words in str(caught.value)
    assert store.all() == before


def test_a_bad_upload_is_told_on_the_page(store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BINDER_LAUNCH_HOST", "https://mybinder.org/")
    landing = kit.Landing(store)
    assert landing.session is not None
    browser_sends(landing, {"name": "p.json", "content": memoryview(b"<script>alert(1)</script>")})
    message = landing.session.message.value
    assert 'role="alert"' in message and "not JSON" in message and "<script>" not in message
    browser_sends(landing, {"name": "p.json"})  # a browser that sent no content
    assert "not JSON" in landing.session.message.value
    assert store.all() == {}
