// buraco-learn replayer: the front end of buraco_learn.ui.Replayer.
//
// Draws one step of a worked example or a game record (the `frame` trait: every
// hand face up, the melds by side, the pile, the caption, the cards that moved) and
// steps with the buttons or the arrow keys (Home and End for the first and last).
// Python builds every frame; the browser only says which step to show.
// Joined after dom.js (its h()): anywidget loads the joined text as one string.

function cardNode(view, { extraLabel = "" } = {}) {
  const node = h("span", { class: "bl-card", role: "img", "data-id": view.id, "aria-label": view.label + extraLabel });
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

// Every word the replayer writes comes from Python in the learner's language (the frame's `texts`, its
// seats' and pots' texts); numbers are written as the frame's `locale` (the language's tag) writes them.
let locale = "en-GB";
const fmt = (n) => Number(n).toLocaleString(locale);
const signed = (n) => (n > 0 ? `+${fmt(n)}` : fmt(n));

function render({ model, el }) {
  const root = h("div", { class: "buraco-widget bl-table bl-replayer", "data-drawn": "0", tabindex: "0" });
  el.append(root);
  let draws = 0;
  let scheduled = false;

  const setTrait = (name, value) => {
    model.set(name, value);
    model.save_changes();
  };
  const go = (step) => {
    const last = model.get("steps");
    const next = Math.max(0, Math.min(last, step));
    if (next !== model.get("step")) setTrait("step", next);
  };
  const onKey = (event) => {
    const step = model.get("step");
    const keys = { ArrowRight: step + 1, ArrowDown: step + 1, ArrowLeft: step - 1, ArrowUp: step - 1, Home: 0, End: model.get("steps") };
    if (event.key in keys && !event.altKey && !event.ctrlKey && !event.metaKey) {
      if (event.target.tagName === "SELECT") return;
      event.preventDefault();
      go(keys[event.key]);
    }
  };
  root.addEventListener("keydown", onKey);

  const draw = () => {
    scheduled = false;
    const f = model.get("frame") || {};
    const T = f.texts || {};
    if (T.root) {
      root.setAttribute("aria-roledescription", T.role);
      root.setAttribute("aria-label", T.root);
    }
    if (!f.seats) return;
    locale = f.locale || "en-GB";
    const moved = new Set(f.moved || []);
    const error = model.get("error") || "";
    const focused = root.contains(document.activeElement) ? document.activeElement.dataset.key : undefined;
    const mark = (view) => {
      const node = cardNode(view, { extraLabel: moved.has(view.id) ? T.just_moved : "" });
      if (moved.has(view.id)) node.classList.add("bl-moved");
      return node;
    };
    root.classList.toggle("bl-four-colour", !!model.get("four_colour"));
    root.classList.toggle("bl-large", !!model.get("large"));
    root.replaceChildren();

    const toggles = [["four_colour", T.four_colour], ["large", T.large]].map(([name, label]) =>
      h("button", { type: "button", class: "bl-toggle", "data-key": `toggle-${name}`,
        "aria-pressed": model.get(name) ? "true" : "false", onclick: () => setTrait(name, !model.get(name)) }, label));
    root.append(h("div", { class: "bl-head" },
      h("p", { class: "bl-rules" }, h("strong", { class: "bl-title", text: f.title }), ` · ${f.rules}`),
      h("div", { class: "bl-toolbar", role: "group", "aria-label": T.display_options }, toggles)));

    const nav = h("div", { class: "bl-actions bl-nav", role: "toolbar", "aria-label": T.steps },
      h("button", { type: "button", class: "bl-action", "data-key": "first", disabled: f.step === 0, onclick: () => go(0) }, T.first),
      h("button", { type: "button", class: "bl-action", "data-key": "back", disabled: f.step === 0, onclick: () => go(f.step - 1) }, T.back),
      h("span", { class: "bl-step", role: "status", text: T.step }),
      h("button", { type: "button", class: "bl-action bl-primary", "data-key": "forward", disabled: f.step === f.steps, onclick: () => go(f.step + 1) }, T.forward),
      h("button", { type: "button", class: "bl-action", "data-key": "last", disabled: f.step === f.steps, onclick: () => go(f.steps) }, T.last));
    root.append(nav);
    root.append(h("div", { class: "bl-caption", "aria-live": "polite" },
      f.action ? h("p", { class: "bl-what", text: f.action }) : null,
      h("p", { class: "bl-caption-text", text: f.caption || "" }),
      f.refusal ? h("p", { class: "bl-refusal", text: T.refusal }) : null));

    const hands = h("div", { class: "bl-hands" }, f.seats.map((seat) => h("section", {
      class: `bl-seat${seat.current ? " bl-current" : ""}`, "data-seat": seat.seat,
      "aria-label": seat.label },
      h("p", { class: "bl-player-name" }, h("strong", { text: seat.name }), ` · ${seat.count_text}`,
        seat.current ? h("span", { class: "bl-turn-mark", text: ` ${T.to_play}` }) : null,
        seat.pending_text || ""),
      h("div", { class: "bl-cards" }, seat.cards.map(mark)))));
    const pile = f.pile || { cards: [], size: 0 };
    const centre = h("div", { class: "bl-centre" },
      h("span", { class: "bl-card bl-face-down bl-stock", role: "img", "aria-label": T.stock }),
      h("div", { class: `bl-cards bl-pile bl-pile-${pile.visible}`, role: "group",
        "aria-label": T.pile },
        pile.cards.map(mark)),
      h("ul", { class: "bl-pots", "aria-label": T.pots }, (f.pots || []).map((pot) => h("li", { text: pot.text }))));
    root.append(h("div", { class: "bl-felt bl-replay-felt" }, hands, centre));

    const melds = h("section", { class: "bl-melds", "aria-label": T.melds });
    for (const side of f.melds || []) {
      const list = h("div", { class: "bl-side-melds" });
      if (!side.melds.length) list.append(h("p", { class: "bl-none", text: T.no_melds }));
      for (const meld of side.melds) {
        list.append(h("div", { class: `bl-meld${meld.burraco ? ` bl-burraco bl-burraco-${meld.burraco}` : ""}`,
          role: "group", "aria-label": meld.label, "data-meld": meld.key },
          h("span", { class: "bl-meld-key", "aria-hidden": "true", text: meld.tag ? meld.tag_text || `meld ${meld.tag}` : meld.key }),
          h("div", { class: "bl-cards bl-meld-cards" }, meld.cards.map(mark))));
      }
      melds.append(h("div", { class: "bl-side" }, h("h4", { text: side.name }), list));
    }
    root.append(melds);

    const score = f.score || {};
    if (score.sides) {
      root.append(h("section", { class: "bl-result", role: "region", "aria-label": T.score },
        h("h3", { text: score.ending }),
        score.sides.map((side) => h("div", { class: "bl-result-side" },
          h("h4", { text: `${side.name}: ${signed(side.total)}` }),
          h("ul", { class: "bl-items" }, side.items.map((item) => h("li", {},
            h("span", { class: "bl-item-label", text: item.label }), " ",
            h("span", { class: "bl-points", text: signed(item.points) }),
            item.source ? h("span", { class: "bl-source", text: ` (${item.source})` }) : null)))))));
    }
    root.append(h("p", { class: "bl-error", role: "alert", hidden: !error, text: error }));

    draws += 1;
    root.dataset.drawn = String(draws);
    root.dataset.step = String(f.step);
    if (focused) {
      const again = root.querySelector(`[data-key="${CSS.escape(focused)}"]`);
      if (again && !again.disabled) again.focus();
      else root.focus();
    }
  };

  const schedule = () => {
    if (!scheduled) {
      scheduled = true;
      queueMicrotask(draw);
    }
  };
  const names = ["frame", "step", "steps", "error", "four_colour", "large"];
  for (const name of names) model.on(`change:${name}`, schedule);
  draw();
  return () => {
    for (const name of names) model.off(`change:${name}`, schedule);
    root.removeEventListener("keydown", onKey);
    root.remove();
  };
}

export default { render };
