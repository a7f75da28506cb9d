// buraco-learn static site: the Notebook app's page shown as a lesson (written into DIR by build-site).
// - runs every cell once the kernel is ready, with a plain "getting ready" note until it is done;
// - the lessons' links ("02_melds.ipynb") open that lesson's page (the Notebook app wants ?path=);
// - no "leave page?" prompt and no notebook keyboard shortcuts (a learner is not editing a notebook).
(function () {
  "use strict";
  var params = new URLSearchParams(window.location.search);
  var current = params.get("path") || "index.ipynb";
  var folder = current.indexOf("/") >= 0 ? current.slice(0, current.lastIndexOf("/") + 1) : "";
  window.buracoSite = { state: "loading", started: Date.now(), ready: null, error: null };

  function lessonTarget(href) {
    if (!href || href.charAt(0) === "#" || /^[a-z]+:/i.test(href) && !/^https?:/i.test(href)) return null;
    var url;
    try { url = new URL(href, window.location.href); } catch (e) { return null; }
    if (url.origin !== window.location.origin || !/\.ipynb$/.test(url.pathname)) return null;
    var name = decodeURIComponent(url.pathname);
    var files = name.indexOf("/files/");
    if (files >= 0) {
      name = name.slice(files + 7);
    } else if (/^[^/]+\.ipynb$/.test(href.split(/[?#]/)[0])) {
      name = folder + href.split(/[?#]/)[0];   // a relative link, as the lessons write them
    } else {
      name = name.slice(name.lastIndexOf("/") + 1);
    }
    return "index.html?path=" + encodeURIComponent(name) + url.hash;
  }

  document.addEventListener("click", function (event) {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    var link = event.target && event.target.closest ? event.target.closest("a[href]") : null;
    if (!link) return;
    var target = lessonTarget(link.getAttribute("href"));
    if (!target) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    window.location.assign(target);
  }, true);

  // links opened another way (middle click, new tab) get the page's address too
  new MutationObserver(function () {
    var links = document.querySelectorAll('a[href$=".ipynb"]:not([data-buraco-site])');
    for (var i = 0; i < links.length; i++) {
      var target = lessonTarget(links[i].getAttribute("href"));
      links[i].setAttribute("data-buraco-site", "1");
      if (target) links[i].setAttribute("href", target);
    }
  }).observe(document.documentElement, { childList: true, subtree: true });

  window.addEventListener("beforeunload", function (event) { event.stopImmediatePropagation(); }, true);

  function editable(node) {
    return node && node.closest && node.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']");
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.body.addEventListener("keydown", function (event) {
      if (!editable(event.target)) event.stopPropagation();   // JupyterLab's shortcuts listen on the document
    });
    document.body.addEventListener("dblclick", function (event) {
      if (event.target && event.target.closest && event.target.closest(".jp-MarkdownCell")) event.stopPropagation();
    }, true);
    var note = document.createElement("div");
    note.id = "buraco-site-loading";
    note.setAttribute("role", "status");
    note.innerHTML = '<div class="buraco-site-box"><div class="buraco-site-spinner"></div>' +
      '<p>Getting the lesson ready…</p><p class="buraco-site-small">Everything runs in your browser: ' +
      'the first visit takes a little while.</p></div>';
    document.body.appendChild(note);
  });

  function sleep(ms) { return new Promise(function (resolve) { setTimeout(resolve, ms); }); }

  function finish(state, error) {
    window.buracoSite.state = state;
    window.buracoSite.ready = Date.now() - window.buracoSite.started;
    window.buracoSite.error = error || null;
    document.body.classList.add("buraco-site-" + state);
    var note = document.getElementById("buraco-site-loading");
    if (note && state === "ready") note.remove();
    if (note && state !== "ready") {
      note.querySelector("p").textContent = "This page could not start in your browser. Reload the page to try again.";
      var small = note.querySelector(".buraco-site-small");
      if (small) small.textContent = "";
    }
  }

  async function run() {
    while (!window.jupyterapp) await sleep(50);
    var app = window.jupyterapp;
    await app.restored;
    var panel = null;
    while (!panel) {
      var widget = app.shell.currentWidget;
      if (widget && widget.sessionContext && widget.content && widget.context) panel = widget;
      else await sleep(50);
    }
    await panel.context.ready;
    await panel.sessionContext.ready;
    while (!panel.sessionContext.session || !panel.sessionContext.session.kernel) await sleep(50);
    var kernel = panel.sessionContext.session.kernel;
    while (kernel.connectionStatus !== "connected" || kernel.status === "starting" || kernel.status === "unknown") {
      await sleep(50);
    }
    // keep the learner's page from ever counting as an edited notebook
    panel.context.model.contentChanged.connect(function () { panel.context.model.dirty = false; });
    await app.commands.execute("notebook:run-all-cells");
    var cells = panel.content.model.cells, idleSince = null;
    for (;;) {
      var left = 0;
      for (var i = 0; i < cells.length; i++) {
        var cell = cells.get(i);
        if (cell.type === "code" && cell.executionCount === null) left++;
      }
      var idle = kernel.status === "idle";
      idleSince = idle ? idleSince || Date.now() : null;
      if (idle && (left === 0 || Date.now() - idleSince > 2000)) break;   // a failed cell stops the run
      await sleep(50);
    }
    panel.context.model.dirty = false;
    var failed = document.querySelector(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']");
    if (failed && /Traceback|Error/.test(failed.textContent || "")) console.error("buraco-learn:", failed.textContent);
    finish("ready");
  }

  run().catch(function (error) { console.error("buraco-learn: the page did not start", error); finish("failed", String(error)); });
})();
