// buraco-learn score sheet: the front end of buraco_learn.ui.ScoreSheet.
//
// Draws the table of hands, one hand's itemised breakdown, and an inline SVG chart of
// both sides' running totals against the target. Python adds the points up; the only
// thing the browser reports is which hand's breakdown is open (`open_hand`).
// Joined after dom.js (its h()): anywidget loads the joined text as one string.

const SVG = "http://www.w3.org/2000/svg";
const LINE_STYLES = [
  { colour: "#1f5fbf", dash: "", marker: "circle" },
  { colour: "#c8102e", dash: "6 4", marker: "square" },
  { colour: "#1e7b34", dash: "2 3", marker: "circle" },
  { colour: "#6b2fa3", dash: "8 3 2 3", marker: "square" },
];
// Every word the sheet writes comes from Python in the learner's language (`labels`:
// buraco_learn.ui.score_sheet.static_labels and the texts that count the hands); numbers are
// written as `locale` (the language's tag) writes them.
const TOGGLES = ["four_colour", "large"];

function s(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== "") node.setAttribute(key, String(value));
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

const SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const suits = (notation) => notation.replace(/(10|[2-9AJQKT])([SHDC])(?![A-Za-z0-9])/g, (_, rank, suit) => rank + SYMBOLS[suit]);
let locale = "en-GB";
const fmt = (n) => Number(n).toLocaleString(locale);
const signed = (n) => (n > 0 ? `+${fmt(n)}` : fmt(n));

function chart(sides, running, target, words) {
  const W = 360, H = 180, L = 48, R = 12, T = 12, B = 28;
  const values = running.flatMap((row) => sides.map((side) => row[side.key]));
  const top = Math.max(target, ...values, 1) * 1.05;
  const bottom = Math.min(0, ...values);
  const hands = Math.max(running.length, 1);
  const x = (i) => L + ((W - L - R) * i) / hands;
  const y = (v) => T + ((H - T - B) * (top - v)) / (top - bottom || 1);
  const svg = s("svg", { class: "bl-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": words.chart || "" });
  svg.append(s("line", { class: "bl-axis", x1: L, y1: y(bottom), x2: W - R, y2: y(bottom) }));
  svg.append(s("line", { class: "bl-axis", x1: L, y1: T, x2: L, y2: H - B }));
  if (bottom < 0) svg.append(s("line", { class: "bl-zero", x1: L, y1: y(0), x2: W - R, y2: y(0) }));
  svg.append(s("line", { class: "bl-target", x1: L, y1: y(target), x2: W - R, y2: y(target) }));
  svg.append(s("text", { class: "bl-target-label", x: W - R, y: y(target) - 4, "text-anchor": "end" }, words.target || ""));
  const ticks = [];
  for (const v of [0, target, bottom]) {
    if (ticks.every((t) => Math.abs(y(t) - y(v)) >= 12)) ticks.push(v); // no labels on top of each other
  }
  for (const v of ticks) {
    svg.append(s("text", { class: "bl-tick", x: L - 4, y: y(v) + 4, "text-anchor": "end" }, fmt(v)));
  }
  for (let i = 0; i <= running.length; i += Math.max(1, Math.ceil(running.length / 10))) {
    svg.append(s("text", { class: "bl-tick", x: x(i), y: H - B + 16, "text-anchor": "middle" }, String(i)));
  }
  sides.forEach((side, index) => {
    const style = LINE_STYLES[index % LINE_STYLES.length];
    const points = [[x(0), y(0)], ...running.map((row, i) => [x(i + 1), y(row[side.key])])];
    svg.append(s("polyline", {
      class: "bl-line", points: points.map((p) => p.join(",")).join(" "),
      stroke: style.colour, "stroke-dasharray": style.dash, fill: "none",
    }));
    for (const [px, py] of points.slice(1)) {
      svg.append(style.marker === "circle"
        ? s("circle", { cx: px, cy: py, r: 3.5, fill: style.colour })
        : s("rect", { x: px - 3.5, y: py - 3.5, width: 7, height: 7, fill: style.colour }));
    }
  });
  const legend = h("ul", { class: "bl-legend" }, sides.map((side, index) => {
    const style = LINE_STYLES[index % LINE_STYLES.length];
    const key = s("svg", { width: 28, height: 10, "aria-hidden": "true" });
    key.append(s("line", { x1: 0, y1: 5, x2: 28, y2: 5, stroke: style.colour, "stroke-width": 2.5, "stroke-dasharray": style.dash }));
    return h("li", {}, key, ` ${side.name}`);
  }));
  return h("figure", { class: "bl-figure" }, svg, legend);
}

function breakdown(sides, hand, number, L) {
  return h("div", { class: "bl-breakdown", id: `bl-hand-${number}`, role: "region", "aria-label": fill(L.hand_detail || "", { n: number }) },
    sides.map((side) => {
      const r = hand[side.key];
      const items = r.items.length
        ? r.items.map((item) => h("li", {},
            h("span", { class: "bl-item-label", text: item.label }), " ",
            h("span", { class: "bl-points", text: signed(item.points) }),
            item.source ? h("span", { class: "bl-source", text: ` (${item.source})` }) : null))
        : [
            [L.cards_melded, r.melded], [L.cards_in_hand, r.in_hand], [L.burraco_bonuses, r.burraco_bonus],
            [L.closing, r.closing_bonus], [L.pot, r.pot],
          ].filter(([, n]) => n).map(([label, n]) => h("li", {}, `${label} `, h("span", { class: "bl-points", text: signed(n) })));
      const burracos = r.burracos.map((b) => h("li", {}, `${(L.kinds || {})[b.kind] || `${b.kind} burraco`} `,
        h("span", { class: "bl-meld-text", title: b.meld, text: suits(b.meld) }), " ",
        h("span", { class: "bl-points", text: signed(b.bonus) })));
      return h("section", { class: "bl-side" },
        h("h4", {}, `${side.name}: ${signed(r.total)}`),
        h("ul", { class: "bl-items" }, items),
        burracos.length ? h("p", { class: "bl-burraco-head", text: L.burracos }) : null,
        burracos.length ? h("ul", { class: "bl-burracos" }, burracos) : null);
    }));
}

function render({ model, el }) {
  const root = h("div", { class: "buraco-widget bl-scores", "data-drawn": "0" });
  el.append(root);
  let draws = 0;
  let scheduled = false;

  const setTrait = (name, value) => {
    model.set(name, value);
    model.save_changes();
  };

  const draw = () => {
    scheduled = false;
    const sides = model.get("sides") || [];
    const hands = model.get("hands") || [];
    const running = model.get("running") || []; // Python sends the hands and their totals in one message
    const target = model.get("target");
    const open = model.get("open_hand");
    const error = model.get("error") || "";
    const L = model.get("labels") || {};
    locale = model.get("locale") || "en-GB";
    const focused = root.contains(document.activeElement) ? document.activeElement.dataset.key : undefined;
    root.classList.toggle("bl-four-colour", !!model.get("four_colour"));
    root.classList.toggle("bl-large", !!model.get("large"));
    root.replaceChildren();

    root.append(h("div", { class: "bl-head" },
      h("p", { class: "bl-status", role: "status", text: model.get("status") || "" }),
      h("div", { class: "bl-toolbar", role: "group", "aria-label": L.display_options },
        TOGGLES.map((name) => h("button", {
          type: "button", class: "bl-toggle", "data-key": `toggle-${name}`,
          "aria-pressed": model.get(name) ? "true" : "false", onclick: () => setTrait(name, !model.get(name)),
        }, L[name])))));

    const head = h("tr", {}, h("th", { scope: "col", text: L.hand_column }),
      sides.flatMap((side) => [h("th", { scope: "col", text: side.name }), h("th", { scope: "col", text: L.total_column })]));
    const rows = hands.map((hand, index) => {
      const isOpen = open === index;
      const toggle = h("button", {
        type: "button", class: "bl-open", "data-key": `hand-${index}`, "aria-expanded": isOpen ? "true" : "false",
        "aria-controls": `bl-hand-${index + 1}`, onclick: () => setTrait("open_hand", isOpen ? -1 : index),
      }, fill(L.hand_button || "", { n: index + 1 }));
      return h("tr", { class: isOpen ? "bl-open-row" : "" }, h("th", { scope: "row" }, toggle),
        sides.flatMap((side) => [
          h("td", { class: "bl-num", text: signed(hand[side.key].total) }),
          h("td", { class: "bl-num bl-running", text: fmt(running[index][side.key]) }),
        ]));
    });
    root.append(h("table", { class: "bl-table" },
      h("caption", { text: L.caption || "" }),
      h("thead", {}, head), h("tbody", {}, rows)));
    if (open >= 0 && open < hands.length) root.append(breakdown(sides, hands[open], open + 1, L));
    root.append(chart(sides, running, target, L));
    root.append(h("p", { class: "bl-error", role: "alert", hidden: !error, text: error }));

    draws += 1;
    root.dataset.drawn = String(draws);
    if (focused) root.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus();
  };

  const schedule = () => {
    if (!scheduled) {
      scheduled = true;
      queueMicrotask(draw);
    }
  };
  const names = ["sides", "hands", "running", "target", "status", "open_hand", "error", "four_colour", "large", "labels", "locale"];
  for (const name of names) model.on(`change:${name}`, schedule);
  draw();
  return () => {
    for (const name of names) model.off(`change:${name}`, schedule);
    root.remove();
  };
}

export default { render };
