"""``buraco-learn serve`` without a browser: Voila's command line, ports, lessons, progress reset, the app class."""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from buraco_learn.app.catalogue import LANDING, LESSONS_ENV, repository_lessons_dir
from buraco_learn.app.progress import DATA_ENV, DB_NAME, ProgressStore
from buraco_learn.app.server import DEFAULT_PORT, HOST, IOPUB_TIMEOUT_S, NODELAY_CLASS, ServeOptions, port_is_free, voila_argv
from buraco_learn.cli import CliError, build_parser, main
from buraco_learn.cli.serve_cmd import options_from_args, server_key

LESSONS = repository_lessons_dir()


@pytest.fixture(autouse=True)
def _environment_restored() -> Iterator[None]:
    """``serve`` points its own environment (inherited by kernels) at the data and lessons: undo that."""
    saved = {name: os.environ.get(name) for name in (DATA_ENV, LESSONS_ENV)}
    handler = signal.getsignal(signal.SIGTERM)
    yield
    signal.signal(signal.SIGTERM, handler)  # Voila's initialize() installs its own
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    monkeypatch.delenv(LESSONS_ENV, raising=False)
    return tmp_path


@pytest.fixture
def busy_port() -> Iterator[int]:
    with socket.socket() as listener:
        listener.bind((HOST, 0))
        listener.listen()
        yield listener.getsockname()[1]


def parse(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["serve", *argv])


# -- Voila's command line ---------------------------------------------------------------------
def test_voila_serves_the_lessons_on_localhost_with_no_code_shown() -> None:
    argv = voila_argv(ServeOptions(lessons=LESSONS))
    assert argv[0] == str(LESSONS)
    for expected in (f"--port={DEFAULT_PORT}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", "--classic-tree",
                     "--VoilaConfiguration.strip_sources=True", "--VoilaConfiguration.show_tracebacks=False",
                     f"--Voila.kernel_websocket_connection_class={NODELAY_CLASS}"):
        assert expected in argv
    assert "--no-browser" not in argv
    assert not any("0.0.0.0" in arg or "token" in arg for arg in argv)


def test_idle_kernels_are_culled_connected_or_not() -> None:
    argv = voila_argv(ServeOptions(idle_timeout=1200, cull_interval=30))
    assert "--MappingKernelManager.cull_idle_timeout=1200" in argv
    assert "--MappingKernelManager.cull_interval=30" in argv
    assert "--MappingKernelManager.cull_connected=True" in argv


def test_options_switch_the_browser_logging_and_nagle() -> None:
    argv = voila_argv(ServeOptions(open_browser=False, nodelay=False, verbose=True))
    assert "--no-browser" in argv and "--Voila.log_level=INFO" in argv
    assert not any("kernel_websocket_connection_class" in arg for arg in argv)


def test_a_kernel_is_kept_ready_per_notebook_unless_asked_not_to() -> None:
    argv = voila_argv(ServeOptions())
    assert "--preheat_kernel=True" in argv and "--pool_size=1" in argv
    assert f"--VoilaKernelManager.fill_delay={ServeOptions.fill_delay}" in argv
    assert not any("preheat" in arg or "pool_size" in arg for arg in voila_argv(ServeOptions(preheat=False)))
    assert options_from_args(parse("--port", "0"), LESSONS).preheat
    assert not options_from_args(parse("--port", "0", "--no-preheat"), LESSONS).preheat


def test_the_nodelay_class_is_importable_by_name() -> None:
    from traitlets.utils.importstring import import_item

    from buraco_learn.app.voila_app import NoDelayConnection

    assert import_item(NODELAY_CLASS) is NoDelayConnection


def test_the_app_sends_home_to_the_landing_page_and_sets_the_xsrf_cookie_on_pages() -> None:
    from tornado.web import RedirectHandler
    from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]

    from buraco_learn.app.voila_app import BuracoVoila, GuardedHandler, LessonPageHandler

    app = BuracoVoila()
    app.initialize(voila_argv(ServeOptions(lessons=LESSONS, open_browser=False)))
    assert app.root_dir == str(LESSONS) and app.ip == HOST
    assert app.tornado_settings["ws_ping_timeout"] == 90_000  # 30 s raced the 30 s pings: connections dropped at random
    assert app.kernel_websocket_connection_class.__name__ == "NoDelayConnection"
    app.init_settings()
    handlers = app.init_handlers()
    assert handlers[0][0] == "/" and issubclass(handlers[0][1], RedirectHandler)
    # the landing page in the learner's language (test_app_http), from the lessons served
    assert handlers[0][2] == {"url": f"/{LANDING}", "base": "/", "lessons": LESSONS}
    classes = [handler[1] for handler in handlers]
    assert all(issubclass(handler, GuardedHandler) for handler in classes)  # the host and origin checks everywhere
    assert any(issubclass(handler, LessonPageHandler) for handler in classes)
    assert TornadoVoilaHandler not in classes
    settings = app.tornado_settings
    assert settings["allow_remote_access"] is False and settings["buraco_host_policy"].allows_host("localhost")
    assert app.voila_configuration.strip_sources and not app.voila_configuration.show_tracebacks
    # the executor that runs a page's cells waits for all their output (4 s lost a class's quiz cells)
    import nbformat
    from voila.execute import VoilaExecutor  # type: ignore[import-untyped]

    assert VoilaExecutor(nbformat.v4.new_notebook(), config=app.config).iopub_timeout == IOPUB_TIMEOUT_S


def test_a_page_loads_only_the_front_end_extensions_the_lessons_use() -> None:
    from buraco_learn.app.server import FRONT_END_EXTENSIONS

    argv = voila_argv(ServeOptions(lessons=LESSONS, open_browser=False))
    assert [arg.split("=", 1)[1] for arg in argv if arg.startswith("--VoilaConfiguration.extension_allowlist=")] \
        == list(FRONT_END_EXTENSIONS) == ["@voila-dashboards/widgets-manager8", "@jupyter-widgets/jupyterlab-manager", "anywidget"]


def test_ready_pages_name_the_lessons_notebook_and_reach_voilas_pools() -> None:
    options = options_from_args(parse("--port", "0", "--ready", "2=30", "--ready", "cards=5", "--ready", "2=20"), LESSONS)
    assert options.ready == (("02_melds.ipynb", 20), ("01_cards_and_deal.ipynb", 5))  # the last word for a lesson counts
    [pools] = [arg.split("=", 1)[1] for arg in voila_argv(options) if arg.startswith("--VoilaKernelManager.kernel_pools_config=")]
    # the pages' copies in other languages are not kept ready (pool 0): they start a kernel when opened
    copies = {name: size for name, size in json.loads(pools).items() if "/" in name}
    assert copies and all(size == {"pool_size": 0} for size in copies.values())
    assert {name: size for name, size in json.loads(pools).items() if "/" not in name} == {
        "default": {"pool_size": 1}, "02_melds.ipynb": {"pool_size": 20}, "01_cards_and_deal.ipynb": {"pool_size": 5}}


# -- ports --------------------------------------------------------------------------------------
def test_port_zero_picks_a_free_port(data: Path) -> None:
    options = options_from_args(parse("--port", "0", "--no-browser"), LESSONS)
    assert options.port > 0 and port_is_free(options.port) and not options.open_browser
    assert options.url == f"http://127.0.0.1:{options.port}/"


def test_a_port_in_use_is_a_one_line_error(busy_port: int) -> None:
    assert not port_is_free(busy_port)
    with pytest.raises(CliError, match=f"port {busy_port} is already in use"):
        options_from_args(parse("--port", str(busy_port)), LESSONS)


@pytest.mark.parametrize(("argv", "message"), [
    (("--port", "70000"), "invalid --port 70000"),
    (("--port", "-1"), "invalid --port -1"),
    (("--idle-timeout", "5"), "invalid --idle-timeout 5"),
    (("--allow-host", "evil.example/x"), "invalid --allow-host 'evil.example/x'"),
    (("--allow-host", ""), "invalid --allow-host ''"),
    (("--allow-host", "a" * 300), "invalid --allow-host"),
    (("--ready", "2"), "invalid --ready '2': write LESSON=PAGES"),
    (("--ready", "2=x"), "invalid --ready '2=x': write LESSON=PAGES"),
    (("--ready", "2=" + "9" * 5000), "invalid --ready '2=9999"),
    (("--ready", "99=30"), "invalid --ready '99=30': .*lesson"),
    (("--ready", "2=0"), "invalid --ready '2=0': between 1 and 60 pages"),
    (("--ready", "2=40", "--ready", "3=40"), "invalid --ready: 80 pages in all; at most 60"),
    (("--ready", "2=30", "--no-preheat"), "--ready keeps pages ready ahead, which --no-preheat turns off"),
])
def test_bad_options(argv: tuple[str, ...], message: str) -> None:
    with pytest.raises(CliError, match=message):
        options_from_args(parse(*argv), LESSONS)


def test_serve_reports_a_busy_port_on_stderr_without_a_traceback(data: Path, busy_port: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--no-browser", "--port", str(busy_port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"buraco-learn serve: port {busy_port} is already in use") and "Traceback" not in err


def test_the_default_port_is_8866() -> None:
    assert parse().port == DEFAULT_PORT == 8866


# -- lessons and progress -------------------------------------------------------------------------
def test_reset_progress_of_one_lesson_by_number_or_id(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = ProgressStore(data / DB_NAME)
    for lesson in ("cards", "melds", "aces"):
        store.mark_done(lesson)
    assert main(["serve", "--reset-progress", "2"]) == 0
    assert "forgot the progress of lesson 2 · Melds: sets and runs" in capsys.readouterr().out
    assert main(["serve", "--reset-progress", "aces"]) == 0
    assert set(store.all()) == {"cards"}
    assert main(["serve", "--reset-progress"]) == 0
    assert f"forgot all progress in {data / DB_NAME}" in capsys.readouterr().out
    assert store.all() == {}


def test_reset_progress_of_an_unknown_lesson_names_the_choices(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--reset-progress", "canasta"]) == 2
    err = capsys.readouterr().err
    assert "there is no lesson 'canasta': choose one of 1 (cards), 2 (melds)" in err


def test_data_and_lessons_options_reach_the_kernels_through_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv(DATA_ENV, raising=False)
    monkeypatch.delenv(LESSONS_ENV, raising=False)
    classroom = tmp_path / "classroom"
    assert main(["serve", "--data", str(classroom), "--lessons", str(LESSONS), "--reset-progress"]) == 0
    assert os.environ[DATA_ENV] == str(classroom.resolve()) and os.environ[LESSONS_ENV] == str(LESSONS.resolve())
    assert (classroom / DB_NAME).is_file()


def test_a_missing_lessons_directory_is_a_one_line_error(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--lessons", str(tmp_path / "absent"), "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert "is not a directory" in err and "Traceback" not in err


def test_an_unusable_data_directory_is_a_one_line_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv(LESSONS_ENV, raising=False)
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    assert main(["serve", "--data", str(blocker), "--reset-progress"]) == 2
    assert "cannot create the data directory" in capsys.readouterr().err


def test_serve_is_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--help"]) == 0  # argparse's exit is main's status
    out = capsys.readouterr().out
    for option in ("--port", "--no-browser", "--reset-progress", "--data", "--lessons", "--idle-timeout"):
        assert option in out
    assert "--tcp-delay" not in out


# -- the measuring script (its browser run is manual: python -m buraco_learn.app.measure) ------------
def test_the_baseline_is_a_valid_one_cell_notebook() -> None:
    import nbformat

    from buraco_learn.app.measure import empty_notebook

    notebook = nbformat.from_dict(empty_notebook())
    nbformat.validate(notebook)
    assert [cell.cell_type for cell in notebook.cells] == ["code"]


def test_the_report_gives_ratios_to_the_empty_notebook() -> None:
    from buraco_learn.app.measure import EMPTY, PageFigures, Report, format_report

    report = Report({
        EMPTY: PageFigures(EMPTY, [1.0, 1.2], [2.0, 2.2, 2.1], [2.0, 2.3, 2.1], [70.0], [55.0]),
        "02_melds.ipynb": PageFigures("02_melds.ipynb", [1.1, 1.3], [2.3, 2.3, 2.4], [2.5, 2.5, 2.6], [75.0], [58.0]),
    }, session_mb=80.0, server_rss_mb=120.0, click_ms_nodelay=[6.0, 7.0], click_ms_nagle=[45.0, 50.0])
    assert round(report.ratio("02_melds.ipynb"), 3) == round(2.3 / 2.1, 3)
    text = format_report(report)
    assert "lessons / empty (shown): median 1.10" in text and "TCP_NODELAY off: median 47.5 ms" in text


# -- the key and the hosts ---------------------------------------------------------------------------
def test_allowed_hosts_reach_the_server_and_the_printed_url_carries_the_key() -> None:
    options = options_from_args(parse("--port", "0", "--allow-host", "Teacher-Laptop.local."), LESSONS)
    assert options.allowed_hosts == ("teacher-laptop.local",)
    keyed = ServeOptions(port=9000, token="abc")
    assert keyed.url == "http://127.0.0.1:9000/?token=abc" and keyed.address == "http://127.0.0.1:9000/"
    assert "abc" not in repr(keyed) and not any("abc" in arg for arg in voila_argv(keyed))  # no secret on a command line


def test_the_key_is_kept_until_a_new_one_is_asked_for(tmp_path: Path) -> None:
    first = server_key(tmp_path)
    assert server_key(tmp_path) == first
    renewed = server_key(tmp_path, renew=True)
    assert renewed != first and server_key(tmp_path) == renewed


def test_a_key_that_cannot_be_kept_is_a_one_line_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(CliError, match="the app's key cannot be kept in"):
        server_key(blocker / "data")


def test_shutting_down_waits_for_kernels_still_starting_and_forgives_ones_already_gone() -> None:
    """At Ctrl-C a kernel kept ready may still be starting: jupyter_client lists it, jupyter_server refused to
    stop a kernel not yet in its mapping (HTTP 404) and the whole shutdown ended in a traceback (seen in CI)."""
    import asyncio

    from buraco_learn.app.voila_app import LoggedKernelManager

    async def scenario() -> list[str]:
        manager = LoggedKernelManager()
        stopped: list[str] = []

        async def starting() -> None:  # a start that finishes while the server stops
            await asyncio.sleep(0.05)
            manager._pending_kernels.pop("still-starting", None)

        async def shutdown_kernel(kernel_id: str, now: bool = False) -> None:
            stopped.append(kernel_id)
            raise KeyError(kernel_id)  # stopped meanwhile by another path: no error at shutdown

        manager.shutdown_kernel = shutdown_kernel
        manager._pending_kernels["still-starting"] = asyncio.ensure_future(starting())
        manager.list_kernel_ids = lambda: ["running"]
        await manager.shutdown_all()
        assert not manager._pending_kernels, "the start was waited for"
        return stopped

    assert asyncio.run(scenario()) == ["running"]
