"""Other web pages against ``buraco-learn serve``, in headless Chromium (issue 16, items 2 and 3).

- A page of another site on this machine (another port of 127.0.0.1, in the same browser,
  so it holds the app's login cookie) tries the kernel's websocket and a "stop the kernel"
  form post: both refused, the learner's page keeps working.
- DNS rebinding: a name that resolves to 127.0.0.1 (Chromium's ``--host-resolver-rules``)
  opens the app's pages: refused with a sentence, no kernel, no lesson.
"""

from __future__ import annotations

import http.server
import json
import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import CHROMIUM_FLAGS, AppServer, Tab, free_port

pytestmark = pytest.mark.browser

EVIL = """<!doctype html><html><body><p>another site</p><script>
window.results = {};
const app = "http://127.0.0.1:APP_PORT";
const ws = new WebSocket("ws://127.0.0.1:APP_PORT/api/kernels/KERNEL/channels");
ws.onopen = () => { window.results.websocket = "open"; ws.close(); };
ws.onerror = () => { window.results.websocket = "refused"; };
fetch(app + "/voila/api/shutdown/KERNEL", {method: "POST", credentials: "include", mode: "no-cors",
      body: new URLSearchParams({_xsrf: "forged"})})
  .then(() => { window.results.shutdown = "sent"; }, () => { window.results.shutdown = "failed"; });
</script></body></html>"""


@pytest.fixture
def other_site() -> Iterator[dict[str, Any]]:
    """A plain web server on another port of this machine, serving whatever page the test puts in."""
    served: dict[str, Any] = {"page": ""}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = served["page"].encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    port = free_port()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    served["url"] = f"http://127.0.0.1:{port}/"
    yield served
    server.shutdown()
    server.server_close()


def kernel_of(page: Any) -> str:
    config = page.evaluate("() => document.getElementById('jupyter-config-data').textContent")
    return str(json.loads(config)["kernelId"])


def test_another_sites_page_cannot_use_the_kernel_or_stop_it(app: AppServer, in_browser: Any,
                                                            other_site: dict[str, Any]) -> None:
    def visit(tab: Tab) -> dict[str, Any]:
        page = tab.open(f"{app.url}voila/render/02_melds.ipynb")
        kernel = kernel_of(page)
        other_site["page"] = EVIL.replace("APP_PORT", str(app.port)).replace("KERNEL", kernel)
        evil = page.context.new_page()
        evil.goto(other_site["url"])
        evil.wait_for_function("() => window.results.websocket && window.results.shutdown", timeout=30_000)
        results = dict(evil.evaluate("() => window.results"))
        evil.close()
        # the learner's page still has its kernel and answers a click
        results["kernel_alive"] = page.evaluate(
            """async (id) => (await fetch('/api/kernels/' + id)).status""", kernel)
        return results

    results = in_browser(visit)
    assert results == {"websocket": "refused", "shutdown": "sent", "kernel_alive": 200}, results
    assert re.search(r"refused a request from the web page at 'http://127\.0\.0\.1:\d+'", app.log()), app.log()[-2000:]


def test_a_rebound_name_gets_a_refusal_not_the_lessons(app: AppServer, browser_thread: Any, chromium: str) -> None:
    def visit(browser: Any) -> tuple[int, str]:
        rebound = browser.browser_type.launch(
            executable_path=chromium, headless=True,
            args=[*CHROMIUM_FLAGS, "--host-resolver-rules=MAP rebind.evil.example 127.0.0.1"])
        try:
            page = rebound.new_page()
            response = page.goto(f"http://rebind.evil.example:{app.port}/voila/render/index.ipynb?token={app.token}")
            assert response is not None
            return response.status, page.inner_text("body")
        finally:
            rebound.close()

    status, text = browser_thread.run(visit)
    assert status == 403
    assert "This address is not the app's" in text and "kernel" not in text.lower()
