"""``binder/``: what Binder (repo2docker) needs to build the environment and open into the app."""

from __future__ import annotations

import json
import re
from pathlib import Path

from traitlets.utils.importstring import import_item

BINDER = Path(__file__).resolve().parent.parent / "binder"


def lines(name: str) -> list[str]:
    return [line.strip() for line in (BINDER / name).read_text().splitlines() if line.strip() and not line.startswith("#")]


def test_requirements_install_this_package_with_the_app_held_to_the_lock() -> None:
    requirements = lines("requirements.txt")
    assert ".[app]" in requirements
    assert "-c ../requirements-lock.txt" in requirements
    assert (BINDER.parent / "requirements-lock.txt").is_file()


def test_runtime_is_python_311() -> None:
    assert lines("runtime.txt") == ["python-3.11"]


def test_post_build_stops_on_error_and_configures_a_server_that_can_start() -> None:
    text = (BINDER / "postBuild").read_text()
    assert text.startswith("#!/bin/bash\n") and "\nset -e\n" in text
    config = json.loads(re.search(r"<<'JSON'\n(.*?)\nJSON", text, re.S).group(1))  # type: ignore[union-attr]
    assert config["MappingKernelManager"]["cull_idle_timeout"] > 0
    import_item(config["ServerApp"]["kernel_websocket_connection_class"])
    # the lessons' own server extension (a page left stops its kernel), and the landing page as home
    assert config["ServerApp"]["jpserver_extensions"] == {"voila.server_extension": True, "buraco_learn.app.binder": True}
    import_item("buraco_learn.app.binder._load_jupyter_server_extension")
    assert config["ServerApp"]["default_url"] == "/voila/render/lessons/index.ipynb"
    from buraco_learn.app.server import FRONT_END_EXTENSIONS

    assert config["VoilaConfiguration"] == {"strip_sources": True, "show_tracebacks": False,
                                            "extension_allowlist": list(FRONT_END_EXTENSIONS)}  # the same as serve's


def test_start_points_the_kernels_at_the_lessons_and_hands_over() -> None:
    text = (BINDER / "start").read_text()
    assert text.startswith("#!/bin/bash\n") and "BURACO_LEARN_LESSONS" in text
    assert text.rstrip().endswith('exec "$@"')


def test_scripts_are_executable() -> None:
    for name in ("postBuild", "start"):
        assert (BINDER / name).stat().st_mode & 0o111, name


def test_the_readme_badge_and_link_open_the_landing_page_on_binder() -> None:
    from urllib.parse import parse_qs, urlsplit

    readme = (BINDER.parent / "README.md").read_text()
    links = re.findall(r"\((https://mybinder\.org/v2/gh/[^)\s]+)\)", readme)
    assert len(links) >= 2 and "[![Binder](https://mybinder.org/badge_logo.svg)](" in readme  # the badge and a line
    for link in links:
        parts = urlsplit(link)
        # the repository pyproject.toml's [project.urls] name (a placeholder until the project has its address)
        assert parts.path == "/v2/gh/buraco-learn/buraco-learn/HEAD"
        assert parse_qs(parts.query)["urlpath"] == ["voila/render/lessons/index.ipynb"]
    assert (BINDER.parent / "lessons" / "index.ipynb").is_file()
