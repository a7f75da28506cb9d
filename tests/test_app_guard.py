"""What ``buraco-learn serve`` lets in (issue 16, items 2 and 3), decided without a server.

The same objects answer every request of the real server (``tests/test_app_http.py``
probes it over HTTP, ``tests/browser_app`` in Chromium).
"""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from buraco_learn.app.guard import (
    KEY_FILE,
    HostPolicy,
    KernelLedger,
    KernelState,
    ServerKey,
    is_loopback,
    sign_in_path,
    split_host,
)

POLICY = HostPolicy.of(8866, ["teacher-laptop.local"])


@pytest.mark.parametrize("host", ["127.0.0.1:8866", "127.0.0.1", "localhost:8866", "LOCALHOST", "[::1]:8866",
                                  "127.1.2.3:8866", "teacher-laptop.local:8866"])
def test_loopback_and_allowed_hosts_are_answered(host: str) -> None:
    assert POLICY.allows_host(host)


@pytest.mark.parametrize("host", ["rebind.evil.example:8866", "evil.example", "192.168.1.5:8866", "10.0.0.1",
                                  "localhost.evil.example", "127.0.0.1.evil.example", "", ":8866", "[::1",
                                  "[::1]x", "127.0.0.1:99999999", "0.0.0.0:8866", "teacher-laptop.local.evil"])
def test_any_other_host_is_refused(host: str) -> None:
    assert not POLICY.allows_host(host)


@pytest.mark.parametrize(("origin", "allowed"), [
    ("http://127.0.0.1:8866", True), ("http://localhost:8866", True), ("http://[::1]:8866", True),
    ("http://teacher-laptop.local:8866", True),
    ("http://127.0.0.1:8867", False),  # another server on this machine (another app's page)
    ("http://rebind.evil.example:8866", False), ("https://evil.example", False), ("null", False),
    ("file://", False), ("http://127.0.0.1", False), ("http://127.0.0.1:notaport", False), ("", False),
])
def test_only_the_servers_own_pages_are_an_allowed_origin(origin: str, allowed: bool) -> None:
    assert POLICY.allows_origin(origin) is allowed


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
@example(":²").via("a digit to str.isdigit that int() refuses (found by this test)")
@example("[::1]:²")
def test_any_host_header_gets_an_answer_and_only_loopback_or_allowed_names_pass(host: str) -> None:
    name, _port = split_host(host)
    assert POLICY.allows_host(host) == (bool(name) and (is_loopback(name) or name == "teacher-laptop.local"))
    POLICY.allows_origin(host)  # never raises


def test_the_key_is_kept_owner_only_and_survives_a_restart(tmp_path: Path) -> None:
    first = ServerKey.load(tmp_path)
    path = tmp_path / KEY_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert ServerKey.load(tmp_path) == first
    assert len(first.token) >= 24 and len(first.cookie_secret) == 32
    assert first.token not in repr(first)


@pytest.mark.parametrize("content", ["", "{", "[]", '{"token": 5, "cookie_secret": "00"}', '{"token": "short", "cookie_secret": "' + "00" * 32 + '"}',
                                     '{"token": "' + "a" * 30 + '", "cookie_secret": "zz"}', "x" * 10_000])
def test_a_damaged_key_file_is_replaced_by_a_new_key(tmp_path: Path, content: str) -> None:
    (tmp_path / KEY_FILE).write_text(content)
    key = ServerKey.load(tmp_path)
    assert json.loads((tmp_path / KEY_FILE).read_text())["token"] == key.token
    assert ServerKey.load(tmp_path) == key


def test_signing_in_names_no_page() -> None:
    assert sign_in_path("k").startswith("login?") and "render" not in sign_in_path("k")


# -- kernels --------------------------------------------------------------------------------------
IDLE, BUSY, CONNECTED = KernelState(0, False), KernelState(0, True), KernelState(1, False)


def test_a_kernel_whose_page_never_connects_goes_within_a_minute() -> None:
    ledger = KernelLedger(grace=45)
    ledger.opened("k", "ann", now=0)
    assert ledger.sweep({"k": BUSY}, now=40) == []  # still rendering its page
    assert ledger.sweep({"k": IDLE}, now=80) == []  # idle since 40
    assert ledger.sweep({"k": IDLE}, now=85) == ["k"]


def test_a_connected_kernel_is_never_culled_by_the_ledger_even_after_its_page_leaves() -> None:
    ledger = KernelLedger(grace=45)
    ledger.opened("k", "ann", now=0)
    assert ledger.sweep({"k": CONNECTED}, now=5) == []
    assert ledger.sweep({"k": IDLE}, now=500) == []  # Jupyter's idle culling is for those


def test_pooled_and_unknown_kernels_are_not_the_ledgers() -> None:
    ledger = KernelLedger(grace=1)
    assert ledger.sweep({"pool": KernelState(0, False, pooled=True), "other": IDLE}, now=100) == []


def test_a_stopped_kernel_is_forgotten() -> None:
    ledger = KernelLedger()
    ledger.opened("k", "ann", now=0)
    ledger.sweep({}, now=1)
    assert "k" not in ledger.owners and not ledger.waiting({})


def test_one_browser_holds_a_bounded_number_of_kernels() -> None:
    ledger = KernelLedger(per_client=3)
    for number in range(3):
        ledger.opened(f"k{number}", "ann", now=number)
    all_connected = {f"k{number}": CONNECTED for number in range(3)}
    refused = ledger.admit("ann", all_connected)
    assert not refused.allowed and refused.status == 429 and "Close one of them" in refused.reason
    assert ledger.admit("bob", all_connected).allowed  # another browser is not held back
    one_left = {**all_connected, "k1": IDLE}
    assert ledger.admit("ann", one_left).stop == ("k1",)  # the one without a page goes first


def test_pages_being_started_count_against_the_limits() -> None:
    ledger = KernelLedger(per_client=2, max_opening=3)
    ledger.reserve("ann")
    ledger.reserve("ann")
    assert ledger.admit("ann", {}).status == 429
    ledger.release("ann")
    assert ledger.admit("ann", {}).allowed
    ledger.reserve("bob")
    ledger.reserve("cy")
    busy = ledger.admit("dee", {})
    assert busy.status == 503 and "Wait a minute" in busy.reason


def test_a_page_still_loading_its_scripts_keeps_its_kernel_and_a_plain_get_does_not() -> None:
    """A class of 30 loads slowly: while the browser keeps asking for the page's scripts its kernel waits;
    a plain GET (nothing more asked for) loses its kernel within a minute (measured: 20 of 30 were lost before)."""
    ledger = KernelLedger(grace=45)
    ledger.opened("loading", "ann", now=0)
    ledger.opened("plain", "bob", now=0)
    for second in range(5, 100, 5):
        ledger.active("ann", now=second)  # a script, a style, a theme ...
        culled = ledger.sweep({"loading": IDLE, "plain": IDLE}, now=second)
        assert "loading" not in culled
        if culled:
            assert culled == ["plain"] and second <= 60
            break
    else:
        pytest.fail("the plain GET's kernel was never culled")
