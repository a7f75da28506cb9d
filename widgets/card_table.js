// buraco-learn card table: the front end of buraco_learn.ui.CardTable.
//
// It draws the learner's view that Python sends (the `table` trait: the hand, the
// melds by side, the pile, the other players as face-down cards, the stock, the
// pots, the score, the status, the hand's moves, the hint and the hand's result)
// and reports what the learner wants: a selection, an order of the hand, a pace, and
// intents (draw, take, meld, add, swap, discard, pot, close, hint, undo ...). Python
// decides every rule; nothing here knows a hidden card.
// When the kernel is gone (restarted, stopped, the connection dropped) the table says so
// and offers to reload, instead of ignoring clicks: see `watchConnection`.
// anywidget loads one string: Python joins `connection.js` (kernelOf, watchConnection) before
// this file (buraco_learn.ui.base.static_module), so both define nothing twice.

// Every word the table writes comes from Python, in the learner's language: the things it draws carry
// their own texts, and `table.labels` holds the rest (buraco_learn.ui.table_view.table_labels); numbers
// are written as `table.locale` (the language's tag) writes them.

// the pace choices (Python's names), with the table's own pace among them when it is not one of the usual ones
const paces = (L, pace, tag) => {
  const usual = L.paces || [];
  return usual.some(([value]) => Math.abs(value - pace) < 1e-9)
    ? usual : [...usual, [pace, fill(L.pace_seconds || "{pace}", { pace: Number(pace).toLocaleString(tag) })]].sort((a, b) => a[0] - b[0]);
};

// One card: a button when it can be chosen, otherwise an image with a label.
function cardNode(view, { button = false, pressed, key, onclick, extraLabel = "" } = {}) {
  const attrs = {
    class: "bl-card",
    "data-id": view.id,
    "data-key": key,
    "aria-label": view.label + extraLabel,
  };
  if (button) {
    attrs.type = "button";
    attrs.onclick = onclick;
    if (pressed !== undefined) attrs["aria-pressed"] = pressed ? "true" : "false";
  } else {
    attrs.role = "img";
  }
  const node = h(button ? "button" : "span", attrs);
  if (view.face_down) {
    node.classList.add("bl-face-down");
    return node;
  }
  node.classList.add(`bl-suit-${view.suit || "J"}`);
  if (view.wild) node.classList.add("bl-wild");
  if (view.crosswise) node.classList.add("bl-crosswise");
  node.append(
    h("span", { class: "bl-rank", "aria-hidden": "true", text: view.rank }),
    h("span", { class: "bl-symbol", "aria-hidden": "true", text: view.symbol }),
  );
  if (view.stands_for) {
    node.append(h("span", { class: "bl-stands", "aria-hidden": "true", text: `=${view.stands_for}` }));
  }
  return node;
}

// How long an intent may go unanswered while the kernel is not known to be working on it.
const REPLY_WAIT_MS = 10000;

// A meld's short label as texts name it ("meld 3", in the learner's language): Python's `tag_text`, else its key ("m3").
const meldTag = (meld) => (meld.tag ? meld.tag_text || meld.tag : meld.key);

const signed = (n, tag) => (n > 0 ? `+${Number(n).toLocaleString(tag)}` : Number(n).toLocaleString(tag));

function render({ model, el }) {
  const root = h("div", { class: "buraco-widget bl-table", "data-drawn": "0", "data-version": "0" });
  el.append(root);
  let draws = 0;
  let scheduled = false;
  let pending = null; // the id of the intent waiting for Python's answer
  let pendingTimer = null;
  let dragged = null;
  let lost = ""; // why the game cannot answer any more ('' while it can)
  let logFollow = true; // the log keeps its newest line in view until the learner scrolls up
  let logTop = 0;
  let logLength = 0;
  const kernel = kernelOf(model);

  const showLost = () => {
    const button = root.querySelector('[data-key="reload"]');
    if (!button) return;
    const box = button.closest(".bl-lost");
    box.classList.remove("bl-flash");
    void box.offsetWidth; // restart the animation
    box.classList.add("bl-flash");
    box.scrollIntoView({ block: "nearest" });
    button.focus();
  };
  const markLost = (why) => {
    if (lost) return;
    lost = String(why || "lost");
    pending = null;
    root.removeAttribute("aria-busy");
    clearTimeout(pendingTimer);
    draw();
  };
  const stopWatching = watchConnection(model, kernel, markLost);

  // Python answers every intent that has an id; the kernel going idle after our message
  // without that answer means the kernel no longer knows this table.
  const unanswered = (id) => {
    if (pending !== id) return;
    if (kernel && kernel.status === "busy") { // still thinking (the coach can take seconds)
      pendingTimer = setTimeout(() => unanswered(id), REPLY_WAIT_MS);
    } else if (kernel) markLost("no reply");
    else settle(); // nothing to ask: let the learner try again
  };
  const send = (intent, args = {}) => {
    if (lost) { showLost(); return; }
    if (pending !== null) return; // one action at a time: Python answers each in order
    const id = `${intent}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    pending = id;
    root.setAttribute("aria-busy", "true"); // until Python answers (tests and screen readers wait on it)
    clearTimeout(pendingTimer);
    pendingTimer = setTimeout(() => unanswered(id), REPLY_WAIT_MS);
    const callbacks = { iopub: { status: (msg) => {
      if (msg && msg.content && msg.content.execution_state === "idle") {
        setTimeout(() => { if (pending === id) unanswered(id); }, 1500);
      }
    } } };
    try {
      model.send({ intent, id, ...args }, callbacks);
    } catch (error) { // the comm is gone
      markLost("send failed");
    }
  };
  const settle = () => {
    pending = null;
    root.removeAttribute("aria-busy");
    clearTimeout(pendingTimer);
  };
  const onMessage = (msg) => {
    if (msg && msg.type === "reply" && msg.id === pending) settle();
  };
  const setTrait = (name, value) => {
    if (lost) { showLost(); return; }
    try {
      model.set(name, value);
      model.save_changes();
    } catch (error) {
      markLost("save failed");
    }
  };
  const order = () => ((model.get("table") || {}).hand || []).map((card) => card.id);
  const selection = () => model.get("selected") || [];
  const toggle = (id) => {
    if (lost) { showLost(); return; }
    const now = new Set(selection());
    if (now.has(id)) now.delete(id); else now.add(id);
    setTrait("selected", order().filter((key) => now.has(key)));
    schedule();
  };
  // move a card of the hand one place (keyboard) or before another card (drag)
  const moveCard = (id, delta) => {
    const ids = order();
    const from = ids.indexOf(id);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= ids.length) return;
    ids.splice(from, 1);
    ids.splice(to, 0, id);
    setTrait("hand_order", ids);
  };
  const dropBefore = (id, target) => {
    const ids = order().filter((key) => key !== id);
    const at = target === null ? ids.length : ids.indexOf(target);
    ids.splice(at < 0 ? ids.length : at, 0, id);
    setTrait("hand_order", ids);
  };

  const playerNode = (player, L) => {
    const bot = player.bot_text || "";
    const classes = `bl-player bl-${player.place}${player.current ? " bl-current" : ""}`;
    return h("section", { class: classes, "aria-label": player.label, "data-seat": player.seat },
      h("p", { class: "bl-player-name" },
        h("strong", { text: player.name }), ` · ${player.role_text}`, bot ? h("span", { class: "bl-role", text: bot }) : null,
        ` · ${player.count_text}`,
        player.current ? h("span", { class: "bl-turn-mark", text: L.to_play }) : null,
        player.pending_text ? h("span", { class: "bl-pending", text: player.pending_text }) : null),
      h("div", { class: "bl-cards bl-backs", role: "group", "aria-label": player.hand_label },
        player.cards.map((view) => cardNode(view)),
        player.known.map((view) => cardNode(view, { extraLabel: L.known }))));
  };

  const draw = () => {
    scheduled = false;
    const t = model.get("table") || {};
    if (!t.hand) return;
    const L = t.labels || {};
    const tag = t.locale || undefined;
    const error = model.get("error") || "";
    const selected = new Set(selection());
    const legal = t.legal || null;
    const controls = t.controls || {};
    const hint = t.hint || {};
    const hinted = new Set(hint.ids || []);
    const result = t.result || {};
    const over = t.phase === "over";
    const mine = t.your_turn;
    const focused = root.contains(document.activeElement) ? document.activeElement.dataset.key : undefined;

    root.classList.toggle("bl-four-colour", !!model.get("four_colour"));
    root.classList.toggle("bl-large", !!model.get("large"));
    root.classList.toggle("bl-is-lost", !!lost);
    root.dataset.connection = lost ? "lost" : "live";
    root.replaceChildren();

    if (lost) {
      root.append(h("div", { class: "bl-lost", role: "alert" },
        h("p", { text: L.lost }),
        h("button", { type: "button", class: "bl-action bl-primary", "data-key": "reload",
          onclick: () => window.location.reload() }, L.reload)));
    }

    // head: ruleset, score, display options
    const options = h("div", { class: "bl-toolbar", role: "group", "aria-label": L.display_options },
      h("button", { type: "button", class: "bl-toggle", "data-key": "toggle-four_colour",
        "aria-pressed": model.get("four_colour") ? "true" : "false",
        onclick: () => setTrait("four_colour", !model.get("four_colour")) }, L.four_colour),
      h("button", { type: "button", class: "bl-toggle", "data-key": "toggle-large",
        "aria-pressed": model.get("large") ? "true" : "false",
        onclick: () => setTrait("large", !model.get("large")) }, L.large),
      controls.allow_highlight ? h("button", { type: "button", class: "bl-toggle", "data-key": "toggle-highlight",
        "aria-pressed": model.get("highlight") ? "true" : "false",
        onclick: () => setTrait("highlight", !model.get("highlight")) }, L.show_legal) : null,
      h("label", { class: "bl-pace" }, L.bot_speed,
        h("select", { "data-key": "pace", onchange: (event) => setTrait("pace", Number(event.target.value)) },
          paces(L, model.get("pace"), tag).map(([value, text]) => h("option", { value, selected: Math.abs(model.get("pace") - value) < 1e-9, text })))));
    const scores = t.scoreline || "";
    root.append(h("div", { class: "bl-head" },
      h("p", { class: "bl-rules" }, h("span", { text: t.rules }), h("span", { class: "bl-scoreline", text: scores ? ` · ${scores}` : "" })),
      options));

    // the other players around the centre: stock, pile, pots
    const byPlace = Object.fromEntries((t.players || []).map((p) => [p.place, p]));
    const pile = t.pile || { cards: [], size: 0 };
    const top = pile.cards.length ? pile.cards[pile.cards.length - 1] : null;
    const pileLabel = pile.label || L.pile || "";
    const depthMode = pile.take === "any-depth" && !!controls.take;
    const depths = new Set(pile.depths || []);
    const pileCards = pile.cards.map((view, index) => {
      const depth = pile.cards.length - index;
      if (!depthMode || view.face_down) return cardNode(view, { key: `pile-${view.id}` });
      const node = cardNode(view, { button: true, key: `pile-${view.id}`,
        extraLabel: (L.take_depth || [])[depth] || "", onclick: () => send("take", { depth }) });
      if (legal && depths.has(depth)) node.classList.add("bl-legal");
      return node;
    });
    const centre = h("section", { class: "bl-centre", "aria-label": L.middle },
      h("div", { class: "bl-stock-box" },
        h("span", { class: "bl-card bl-face-down bl-stock", role: "img", "aria-label": L.stock }),
        h("span", { class: "bl-count", "aria-hidden": "true", text: String(t.stock) })),
      h("div", { class: `bl-cards bl-pile bl-pile-${pile.visible}`, role: "group", "aria-label": pileLabel }, pileCards),
      h("ul", { class: "bl-pots", "aria-label": L.pots },
        (t.pots || []).map((pot) => h("li", { class: `bl-pot bl-pot-${pot.state}`, text: pot.label }))));
    root.append(h("div", { class: `bl-felt bl-players-${(t.players || []).length}` },
      byPlace.across ? playerNode(byPlace.across, L) : h("div", { class: "bl-across" }),
      byPlace.left ? playerNode(byPlace.left, L) : h("div", { class: "bl-left" }),
      centre,
      byPlace.right ? playerNode(byPlace.right, L) : h("div", { class: "bl-right" })));

    // melds, grouped by side
    const meldsBox = h("section", { class: "bl-melds", "aria-label": L.melds });
    const canPlay = !!controls.meld; // the learner's turn, play phase (Python's controls: the intents it offers now)
    for (const side of t.melds || []) {
      const title = side.title || side.name; // Python's words (cut-throat: "North (you)")
      const list = h("div", { class: "bl-side-melds" });
      if (!side.melds.length) list.append(h("p", { class: "bl-none", text: L.no_melds }));
      for (const meld of side.melds) {
        const tag = meldTag(meld);
        const group = h("div", { class: `bl-meld${meld.burraco ? ` bl-burraco bl-burraco-${meld.burraco}` : ""}`,
          role: "group", "aria-label": meld.label || tag, "data-meld": meld.key, "data-tag": tag });
        const top = h("div", { class: "bl-meld-top" }, h("span", { class: "bl-meld-tag", "aria-hidden": "true", text: tag }));
        group.append(top, h("div", { class: "bl-cards bl-meld-cards" }, meld.cards.map((view) => cardNode(view))));
        if (legal && meld.can_add) group.classList.add("bl-legal");
        if (canPlay && (side.mine || t.add_any)) {
          top.append(
            h("button", { type: "button", class: "bl-small", "data-key": `add-${meld.key}`, disabled: !selected.size,
              "aria-label": meld.add_label,
              onclick: () => send("add", { meld: meld.id, cards: [...selected] }) }, L.add),
            ...(meld.has_wild ? [h("button", { type: "button", class: "bl-small", "data-key": `swap-${meld.key}`,
              disabled: selected.size !== 1, "aria-label": meld.swap_label,
              onclick: () => send("swap", { meld: meld.id, card: [...selected][0] }) }, L.swap)] : []));
        }
        list.append(group);
      }
      meldsBox.append(h("div", { class: `bl-side${side.mine ? " bl-mine" : ""}` }, h("h4", { text: title }), list));
    }
    root.append(meldsBox);

    // the learner's hand
    const handBox = h("div", { class: "bl-cards bl-hand", role: "group",
      "aria-label": L.hand });
    t.hand.forEach((view, index) => {
      const node = cardNode(view, { button: true, pressed: selected.has(view.id), key: `card-${view.id}`,
        extraLabel: view.fresh ? L.new : "", onclick: () => toggle(view.id) });
      node.draggable = true;
      node.addEventListener("dragstart", (event) => { dragged = view.id; event.dataTransfer.setData("text/plain", view.id); });
      node.addEventListener("dragover", (event) => event.preventDefault());
      node.addEventListener("drop", (event) => { event.preventDefault(); if (dragged && dragged !== view.id) dropBefore(dragged, view.id); dragged = null; });
      node.addEventListener("keydown", (event) => {
        if (event.altKey && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
          event.preventDefault();
          moveCard(view.id, event.key === "ArrowLeft" ? -1 : 1);
        } else if (!event.altKey && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
          event.preventDefault();
          const next = t.hand[index + (event.key === "ArrowLeft" ? -1 : 1)];
          if (next) root.querySelector(`[data-key="card-${CSS.escape(next.id)}"]`)?.focus();
        }
      });
      if (selected.has(view.id)) node.classList.add("bl-selected");
      if (view.fresh) node.classList.add("bl-fresh");
      if (view.must_meld) node.classList.add("bl-must");
      if (view.legal) node.classList.add("bl-legal");
      if (hinted.has(view.id)) node.classList.add("bl-hinted");
      handBox.append(node);
    });
    handBox.addEventListener("dragover", (event) => event.preventDefault());
    handBox.addEventListener("drop", (event) => { event.preventDefault(); if (dragged) dropBefore(dragged, null); dragged = null; });
    const dock = h("div", { class: "bl-dock" },
      h("p", { class: "bl-status", role: "status", "aria-live": "polite", text: lost ? "" : t.status || "" }),
      h("p", { class: "bl-error", role: "alert", hidden: !error, text: error }),
      h("section", { class: "bl-hand-box", "aria-label": L.hand_box },
        h("h4", {}, L.hand_title, L.pot_waits ? ` · ${L.pot_waits}` : ""),
        handBox));
    root.append(dock);

    // actions: enabled by phase (an illegal try is explained by the engine); legal ones marked when asked
    const kinds = new Set(legal ? legal.kinds : []);
    const n = selected.size;
    const action = (key, text, enabled, onclick, kind) => {
      const node = h("button", { type: "button", class: "bl-action", "data-key": key, disabled: !enabled, onclick }, text);
      if (legal && kind && kinds.has(kind) && enabled) node.classList.add("bl-legal");
      return node;
    };
    const first = [...selected][0];
    dock.append(h("div", { class: "bl-actions", role: "toolbar", "aria-label": L.actions },
      action("draw", L.draw, !!controls.draw, () => send("draw"), "draw"),
      action("take", L.take, !!controls.take, () => send("take", pile.take === "any-depth" ? { depth: pile.size } : {}), "take"),
      t.redraw_rule ? action("redraw", L.redraw, !!controls.redraw, () => send("redraw"), "redraw") : null,
      action("meld", (L.meld_n || [])[n] || L.meld, canPlay && n > 0, () => send("meld", { cards: [...selected] }), "meld"),
      action("discard", L.discard, !!controls.discard && n === 1, () => send("discard", { card: first }), "discard"),
      action("close", L.close, !!controls.close && (n === 1 || t.hand.length === 0), () => send("close", n === 1 ? { card: first } : {}), "close"),
      (t.pots || []).length ? action("pot", L.pot, !!controls.pot, () => send("pot"), "pot") : null,
      h("span", { class: "bl-gap" }),
      action("move-left", L.move_left, n === 1, () => moveCard(first, -1)),
      action("move-right", L.move_right, n === 1, () => moveCard(first, 1)),
      h("button", { type: "button", class: "bl-toggle", "data-key": "sort-suit", "aria-pressed": model.get("sort") === "suit" ? "true" : "false",
        onclick: () => setTrait("sort", "suit") }, L.by_suit),
      h("button", { type: "button", class: "bl-toggle", "data-key": "sort-rank", "aria-pressed": model.get("sort") === "rank" ? "true" : "false",
        onclick: () => setTrait("sort", "rank") }, L.by_rank)));
    dock.append(h("div", { class: "bl-actions bl-help", role: "toolbar", "aria-label": L.help },
      action("hint", hint.rung ? (hint.rung === hint.of ? L.hint_again : L.hint_more) : L.hint, !!controls.hint, () => send("hint")),
      controls.practice ? action("undo", L.undo, !!controls.undo, () => send("undo")) : null,
      action("hurry", L.hurry, !!controls.hurry, () => send("hurry")),
      h("button", { type: "button", class: "bl-toggle", "data-key": "toggle-comments",
        "aria-pressed": model.get("comments") ? "true" : "false",
        title: L.comments_title,
        onclick: () => setTrait("comments", !model.get("comments")) }, L.comments)));

    const comment = t.comment || {};
    if (comment.text) {
      dock.append(h("p", { class: `bl-comment bl-verdict-${comment.verdict || "none"}`, role: "status", "aria-live": "polite", "data-action": comment.action },
        h("strong", { text: L.coach }), comment.text));
    }

    if (hint.text) {
      dock.append(h("p", { class: "bl-hint", role: "note", "aria-live": "polite", "data-action": hint.action },
        h("strong", { text: hint.heading || "" }), hint.text));
    }
    if (over && result.sides) {
      const panel = h("section", { class: "bl-result", role: "region", "aria-label": L.score },
        h("h3", { tabindex: "-1", "data-key": "result", text: result.ending }));
      for (const side of result.sides) {
        panel.append(h("div", { class: `bl-result-side${side.mine ? " bl-mine" : ""}` },
          h("h4", { text: `${side.name}: ${signed(side.total, tag)}` }),
          h("ul", { class: "bl-items" }, side.items.map((item) => h("li", {},
            h("span", { class: "bl-item-label", text: item.label }), " ",
            h("span", { class: "bl-points", text: signed(item.points, tag) }),
            item.source ? h("span", { class: "bl-source", text: ` (${item.source})` }) : null)))));
      }
      if (result.totals_text) panel.append(h("p", { class: "bl-totals", text: result.totals_text }));
      if (result.winner_text) panel.append(h("p", { class: "bl-winner", text: result.winner_text }));
      const review = t.review || {};
      if (review.text) {
        panel.append(h("section", { class: "bl-review", "aria-label": L.review_title },
          h("h4", { text: L.review_title }),
          h("p", { class: "bl-review-text", tabindex: "-1", "data-key": "review-text", text: review.text })));
      }
      panel.append(h("div", { class: "bl-actions" },
        controls.replay ? h("button", { type: "button", class: "bl-action bl-primary", "data-key": "replay", onclick: () => send("replay") }, L.replay) : null,
        controls.next_hand ? h("button", { type: "button", class: "bl-action", "data-key": "next-hand", onclick: () => send("next_hand") }, L.next_hand) : null,
        controls.review ? h("button", { type: "button", class: "bl-action", "data-key": "review", onclick: () => send("review") }, L.review) : null));
      root.append(panel);
    }

    // the hand's moves, newest last: scrolled to the newest unless the learner scrolled up to read
    const lines = t.log || [];
    if (lines.length) {
      if (lines.length < logLength) logFollow = true; // a new hand
      const list = h("ol", { class: "bl-log", tabindex: "0", "aria-label": L.log },
        lines.map((line) => h("li", { text: line.text })));
      list.addEventListener("scroll", () => {
        logTop = list.scrollTop;
        logFollow = list.scrollHeight - list.scrollTop - list.clientHeight < 4;
      });
      root.append(h("section", { class: "bl-log-box", "aria-label": L.log_title },
        h("h4", { text: L.log_title }), list));
      list.scrollTop = logFollow ? list.scrollHeight : logTop;
    }
    logLength = lines.length;

    draws += 1;
    root.dataset.drawn = String(draws);
    root.dataset.version = String(t.version || 0);
    root.dataset.phase = t.phase || "";
    root.dataset.turn = mine ? "you" : t.current || "";
    root.dataset.order = t.hand.map((card) => card.id).join(" ");
    root.dataset.choices = String(t.choices || 0);
    if (lost) {
      if (focused) root.querySelector('[data-key="reload"]')?.focus();
      return;
    }
    let target = focused;
    if (focused === "review" && (t.review || {}).text) target = "review-text";
    if (over && !root.dataset.shownResult) target = "result";
    root.dataset.shownResult = over ? "1" : "";
    if (target) {
      const again = root.querySelector(`[data-key="${CSS.escape(target)}"]`);
      if (again && !again.disabled) again.focus();
      else {
        // the control is gone or disabled (a card left the hand, the turn passed): stay in the table
        const fallback = root.querySelector(".bl-hand .bl-fresh") || root.querySelector(".bl-hand button.bl-card")
          || root.querySelector('[data-key="hint"]:not([disabled])') || root.querySelector('[data-key="toggle-four_colour"]');
        fallback?.focus();
      }
    }
  };

  const schedule = () => {
    if (!scheduled) {
      scheduled = true;
      queueMicrotask(draw);
    }
  };
  // its own intent channel (it marks the table busy and notices a lost connection); the wiring is shared
  const unlisten = listen(model, {
    redraw: ["table", "selected", "sort", "hand_order", "pace", "highlight", "comments", "error", "four_colour", "large"],
    schedule,
    answers: ["table", "error"],
    channel: { settle, onMessage, stop: () => clearTimeout(pendingTimer) },
  });
  draw();
  return () => {
    unlisten();
    stopWatching();
    root.remove();
  };
}

export default { render };
