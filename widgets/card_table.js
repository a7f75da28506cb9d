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

const PACES = [
  [0, "Instant"],
  [0.3, "Fast"],
  [0.8, "Normal"],
  [1.5, "Slow"],
  [3, "Very slow"],
];

// the pace choices, with the table's own pace among them when it is not one of the usual ones
const paces = (pace) => (PACES.some(([value]) => Math.abs(value - pace) < 1e-9)
  ? PACES : [...PACES, [pace, `${pace} s`]].sort((a, b) => a[0] - b[0]));

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
const LOST_TEXT = "The connection to the game was lost. Reload the page to continue; your game is saved.";

// A meld's short label as texts name it ("meld 3"): the trait's `tag` ("3"), else its key ("m3").
const meldTag = (meld) => (meld.tag ? `meld ${meld.tag}` : meld.key);

const fmt = (n) => Number(n).toLocaleString("en-GB");
const signed = (n) => (n > 0 ? `+${fmt(n)}` : fmt(n));
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

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

  const playerNode = (player) => {
    const role = player.role === "partner" ? "your partner" : "opponent";
    const bot = player.level ? `, ${player.level} bot` : "";
    const label = `${player.name}, ${role}${bot}: ${plural(player.count, "card")}`;
    const classes = `bl-player bl-${player.place}${player.current ? " bl-current" : ""}`;
    return h("section", { class: classes, "aria-label": label, "data-seat": player.seat },
      h("p", { class: "bl-player-name" },
        h("strong", { text: player.name }), ` · ${role}`, bot ? h("span", { class: "bl-role", text: bot }) : null,
        ` · ${plural(player.count, "card")}`,
        player.current ? h("span", { class: "bl-turn-mark", text: " ◀ to play" }) : null,
        player.pending_pot ? h("span", { class: "bl-pending", text: ` · pot waiting (${player.pending_pot})` }) : null),
      h("div", { class: "bl-cards bl-backs", role: "group", "aria-label": `${player.name}'s hand` },
        player.cards.map((view) => cardNode(view)),
        player.known.map((view) => cardNode(view, { extraLabel: ", known: taken from the pile" }))));
  };

  const draw = () => {
    scheduled = false;
    const t = model.get("table") || {};
    if (!t.hand) return;
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
        h("p", { text: LOST_TEXT }),
        h("button", { type: "button", class: "bl-action bl-primary", "data-key": "reload",
          onclick: () => window.location.reload() }, "Reload the page")));
    }

    // head: ruleset, score, display options
    const options = h("div", { class: "bl-toolbar", role: "group", "aria-label": "Display options" },
      h("button", { type: "button", class: "bl-toggle", "data-key": "toggle-four_colour",
        "aria-pressed": model.get("four_colour") ? "true" : "false",
        onclick: () => setTrait("four_colour", !model.get("four_colour")) }, "Four-colour deck"),
      h("button", { type: "button", class: "bl-toggle", "data-key": "toggle-large",
        "aria-pressed": model.get("large") ? "true" : "false",
        onclick: () => setTrait("large", !model.get("large")) }, "Large cards"),
      controls.allow_highlight ? h("button", { type: "button", class: "bl-toggle", "data-key": "toggle-highlight",
        "aria-pressed": model.get("highlight") ? "true" : "false",
        onclick: () => setTrait("highlight", !model.get("highlight")) }, "Show legal plays") : null,
      h("label", { class: "bl-pace" }, "Bot speed ",
        h("select", { "data-key": "pace", onchange: (event) => setTrait("pace", Number(event.target.value)) },
          paces(model.get("pace")).map(([value, text]) => h("option", { value, selected: Math.abs(model.get("pace") - value) < 1e-9, text })))));
    const scores = (t.scores || []).map((s) => `${s.name} ${fmt(s.total)}`).join(" · ");
    root.append(h("div", { class: "bl-head" },
      h("p", { class: "bl-rules" }, h("span", { text: t.rules }), h("span", { class: "bl-scoreline", text: scores ? ` · ${scores}` : "" })),
      options));

    // the other players around the centre: stock, pile, pots
    const byPlace = Object.fromEntries((t.players || []).map((p) => [p.place, p]));
    const pile = t.pile || { cards: [], size: 0 };
    const top = pile.cards.length ? pile.cards[pile.cards.length - 1] : null;
    const pileLabel = pile.size
      ? `Discard pile: ${plural(pile.size, "card")}${top && !top.face_down ? `, ${top.label} on top` : ""}${pile.visible === "top" ? "; only the top card shows" : ""}`
      : "Discard pile: empty";
    const depthMode = pile.take === "any-depth" && !!controls.take;
    const depths = new Set(pile.depths || []);
    const pileCards = pile.cards.map((view, index) => {
      const depth = pile.cards.length - index;
      if (!depthMode || view.face_down) return cardNode(view, { key: `pile-${view.id}` });
      const node = cardNode(view, { button: true, key: `pile-${view.id}`,
        extraLabel: `: take the top ${plural(depth, "card")}`, onclick: () => send("take", { depth }) });
      if (legal && depths.has(depth)) node.classList.add("bl-legal");
      return node;
    });
    const centre = h("section", { class: "bl-centre", "aria-label": "The middle of the table" },
      h("div", { class: "bl-stock-box" },
        h("span", { class: "bl-card bl-face-down bl-stock", role: "img", "aria-label": `Stock: ${plural(t.stock, "card")} face down` }),
        h("span", { class: "bl-count", "aria-hidden": "true", text: String(t.stock) })),
      h("div", { class: `bl-cards bl-pile bl-pile-${pile.visible}`, role: "group", "aria-label": pileLabel }, pileCards),
      h("ul", { class: "bl-pots", "aria-label": `The ${t.pot_word || "pot"}s` },
        (t.pots || []).map((pot) => h("li", { class: `bl-pot bl-pot-${pot.state}`, text: pot.label }))));
    root.append(h("div", { class: `bl-felt bl-players-${(t.players || []).length}` },
      byPlace.across ? playerNode(byPlace.across) : h("div", { class: "bl-across" }),
      byPlace.left ? playerNode(byPlace.left) : h("div", { class: "bl-left" }),
      centre,
      byPlace.right ? playerNode(byPlace.right) : h("div", { class: "bl-right" })));

    // melds, grouped by side
    const meldsBox = h("section", { class: "bl-melds", "aria-label": "Melds on the table" });
    const canPlay = !!controls.meld; // the learner's turn, play phase (Python's controls: the intents it offers now)
    for (const side of t.melds || []) {
      const title = side.title || side.name; // Python's words (cut-throat: "North (you)")
      const list = h("div", { class: "bl-side-melds" });
      if (!side.melds.length) list.append(h("p", { class: "bl-none", text: "No melds yet." }));
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
              "aria-label": `Add the selected cards to ${tag}`,
              onclick: () => send("add", { meld: meld.id, cards: [...selected] }) }, "Add"),
            ...(meld.has_wild ? [h("button", { type: "button", class: "bl-small", "data-key": `swap-${meld.key}`,
              disabled: selected.size !== 1, "aria-label": `Swap the selected card for the wild card in ${tag}`,
              onclick: () => send("swap", { meld: meld.id, card: [...selected][0] }) }, "Swap wild")] : []));
        }
        list.append(group);
      }
      meldsBox.append(h("div", { class: `bl-side${side.mine ? " bl-mine" : ""}` }, h("h4", { text: title }), list));
    }
    root.append(meldsBox);

    // the learner's hand
    const handBox = h("div", { class: "bl-cards bl-hand", role: "group",
      "aria-label": `Your hand: ${plural(t.hand.length, "card")}; Space selects, Alt+arrows move a card` });
    t.hand.forEach((view, index) => {
      const node = cardNode(view, { button: true, pressed: selected.has(view.id), key: `card-${view.id}`,
        extraLabel: view.fresh ? ", new" : "", onclick: () => toggle(view.id) });
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
      h("section", { class: "bl-hand-box", "aria-label": `Your hand (${t.you})` },
        h("h4", {}, `Your hand · ${t.you}`, t.pending_pot ? ` · your ${t.pot_word} waits face down (${t.pending_pot} cards)` : ""),
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
    dock.append(h("div", { class: "bl-actions", role: "toolbar", "aria-label": "Your actions" },
      action("draw", "Draw", !!controls.draw, () => send("draw"), "draw"),
      action("take", pile.take === "any-depth" ? "Take the whole pile" : pile.take === "top" ? "Take the top card" : "Take the pile",
        !!controls.take, () => send("take", pile.take === "any-depth" ? { depth: pile.size } : {}), "take"),
      t.redraw_rule ? action("redraw", "Throw back and redraw", !!controls.redraw, () => send("redraw"), "redraw") : null,
      action("meld", n ? `Meld ${plural(n, "card")}` : "Meld", canPlay && n > 0, () => send("meld", { cards: [...selected] }), "meld"),
      action("discard", "Discard", !!controls.discard && n === 1, () => send("discard", { card: first }), "discard"),
      action("close", "Close", !!controls.close && (n === 1 || t.hand.length === 0), () => send("close", n === 1 ? { card: first } : {}), "close"),
      (t.pots || []).length ? action("pot", `Pick up the ${t.pot_word || "pot"}`, !!controls.pot, () => send("pot"), "pot") : null,
      h("span", { class: "bl-gap" }),
      action("move-left", "Move left", n === 1, () => moveCard(first, -1)),
      action("move-right", "Move right", n === 1, () => moveCard(first, 1)),
      h("button", { type: "button", class: "bl-toggle", "data-key": "sort-suit", "aria-pressed": model.get("sort") === "suit" ? "true" : "false",
        onclick: () => setTrait("sort", "suit") }, "By suit"),
      h("button", { type: "button", class: "bl-toggle", "data-key": "sort-rank", "aria-pressed": model.get("sort") === "rank" ? "true" : "false",
        onclick: () => setTrait("sort", "rank") }, "By rank")));
    dock.append(h("div", { class: "bl-actions bl-help", role: "toolbar", "aria-label": "Help" },
      action("hint", hint.rung ? `Hint (${hint.rung === hint.of ? "again" : "more"})` : "Hint", !!controls.hint, () => send("hint")),
      controls.practice ? action("undo", "Undo", !!controls.undo, () => send("undo")) : null,
      action("hurry", "Play on now", !!controls.hurry, () => send("hurry")),
      h("button", { type: "button", class: "bl-toggle", "data-key": "toggle-comments",
        "aria-pressed": model.get("comments") ? "true" : "false",
        title: "After each of your moves the coach says whether it would have played the same, and why",
        onclick: () => setTrait("comments", !model.get("comments")) }, "Coach's comments")));

    const comment = t.comment || {};
    if (comment.text) {
      dock.append(h("p", { class: `bl-comment bl-verdict-${comment.verdict || "none"}`, role: "status", "aria-live": "polite", "data-action": comment.action },
        h("strong", { text: "Coach: " }), comment.text));
    }

    if (hint.text) {
      dock.append(h("p", { class: "bl-hint", role: "note", "aria-live": "polite", "data-action": hint.action },
        h("strong", { text: `Hint ${hint.rung} of ${hint.of}: ` }), hint.text));
    }
    if (over && result.sides) {
      const panel = h("section", { class: "bl-result", role: "region", "aria-label": "The hand's score" },
        h("h3", { tabindex: "-1", "data-key": "result", text: result.ending }));
      for (const side of result.sides) {
        panel.append(h("div", { class: `bl-result-side${side.mine ? " bl-mine" : ""}` },
          h("h4", { text: `${side.name}: ${signed(side.total)}` }),
          h("ul", { class: "bl-items" }, side.items.map((item) => h("li", {},
            h("span", { class: "bl-item-label", text: item.label }), " ",
            h("span", { class: "bl-points", text: signed(item.points) }),
            item.source ? h("span", { class: "bl-source", text: ` (${item.source})` }) : null)))));
      }
      if (result.totals && result.totals.length) {
        panel.append(h("p", { class: "bl-totals", text: `Match: ${result.totals.map((s) => `${s.name} ${fmt(s.total)}`).join(", ")}${result.counted ? "" : " (this replay does not count)"}` }));
      }
      if (result.winner) panel.append(h("p", { class: "bl-winner", text: `${result.winner} win the match.` }));
      const review = t.review || {};
      if (review.text) {
        panel.append(h("section", { class: "bl-review", "aria-label": "The coach's review" },
          h("h4", { text: "The coach's review" }),
          h("p", { class: "bl-review-text", tabindex: "-1", "data-key": "review-text", text: review.text })));
      }
      panel.append(h("div", { class: "bl-actions" },
        controls.replay ? h("button", { type: "button", class: "bl-action bl-primary", "data-key": "replay", onclick: () => send("replay") }, "Play the same deal again") : null,
        controls.next_hand ? h("button", { type: "button", class: "bl-action", "data-key": "next-hand", onclick: () => send("next_hand") }, "Next hand") : null,
        controls.review ? h("button", { type: "button", class: "bl-action", "data-key": "review", onclick: () => send("review") }, "Review my play with the coach") : null));
      root.append(panel);
    }

    // the hand's moves, newest last: scrolled to the newest unless the learner scrolled up to read
    const lines = t.log || [];
    if (lines.length) {
      if (lines.length < logLength) logFollow = true; // a new hand
      const list = h("ol", { class: "bl-log", tabindex: "0", "aria-label": "Moves this hand, newest last" },
        lines.map((line) => h("li", { text: line.text })));
      list.addEventListener("scroll", () => {
        logTop = list.scrollTop;
        logFollow = list.scrollHeight - list.scrollTop - list.clientHeight < 4;
      });
      root.append(h("section", { class: "bl-log-box", "aria-label": "Moves this hand" },
        h("h4", { text: "Moves this hand" }), list));
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
