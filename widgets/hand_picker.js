// buraco-learn hand picker: the front end of buraco_learn.ui.HandPicker.
//
// It draws the task Python sends (the `task`, `feedback`, `selected` and `error` traits):
// the lesson's steps, the cards on the table, the learner's hand as buttons. It reports what
// the learner does: the cards selected, and the intents check, another and next. Python judges
// every pick with the engine; nothing here knows the answer until Python marks it after a miss.
// Joined after dom.js (its h()): anywidget loads the joined text as one string.

// Every word comes from Python, in the learner's language (the `labels` trait: picker_labels in hand_picker.py).
const TOGGLES = ["four_colour", "large"];

// One card, drawn as every buraco-learn widget draws it (buraco.css): a button when it can be picked.
function cardNode(view, { button = false, pressed, key, onclick, extraLabel = "", disabled = false } = {}) {
  const attrs = { class: "bl-card", "data-id": view.id, "data-key": key, "aria-label": view.label + extraLabel };
  if (button) {
    attrs.type = "button";
    attrs.onclick = onclick;
    attrs["aria-pressed"] = pressed ? "true" : "false";
    if (disabled) attrs["aria-disabled"] = "true";
  } else {
    attrs.role = "img";
  }
  const node = h(button ? "button" : "span", attrs);
  node.classList.add(`bl-suit-${view.suit || "J"}`);
  if (view.wild) node.classList.add("bl-wild");
  node.append(
    h("span", { class: "bl-rank", "aria-hidden": "true", text: view.rank }),
    h("span", { class: "bl-symbol", "aria-hidden": "true", text: view.symbol }),
  );
  if (view.stands_for) node.append(h("span", { class: "bl-stands", "aria-hidden": "true", text: `=${view.stands_for}` }));
  return node;
}

function render({ model, el }) {
  const root = h("div", { class: "buraco-widget bl-picker", "data-drawn": "0" });
  el.append(root);
  let draws = 0;
  let scheduled = false;
  let lastTask = "";
  const channel = intentChannel(model);
  const send = channel.send;

  const draw = () => {
    scheduled = false;
    const t = model.get("task") || {};
    const labels = model.get("labels") || {};
    const say = (key) => labels[key] ?? "";
    const feedback = model.get("feedback") || {};
    const error = model.get("error") || "";
    const selected = new Set(model.get("selected") || []);
    const answer = new Set(t.answer || []);
    const picked = new Set(t.picked || []);
    const picking = t.stage === "pick";
    const taskKey = `${t.step}:${(t.hand || []).map((c) => c.notation).join(" ")}:${(t.table || []).map((c) => c.notation).join(" ")}`;
    const newTask = taskKey !== lastTask;
    lastTask = taskKey;
    const focused = root.contains(document.activeElement) ? document.activeElement.dataset.key : undefined;

    root.classList.toggle("bl-four-colour", !!model.get("four_colour"));
    root.classList.toggle("bl-large", !!model.get("large"));
    root.dataset.stage = t.stage || "";
    root.replaceChildren();

    const steps = h("ol", { class: "bl-steps", "aria-label": say("task_of") },
      (t.titles || []).map((title, index) => {
        const done = (t.passed || [])[index];
        const current = index + 1 === t.step;
        return h("li", { class: `bl-step${done ? " bl-step-done" : ""}${current ? " bl-step-now" : ""}`,
          "aria-current": current ? "step" : undefined },
          h("span", { class: "bl-step-mark", "aria-hidden": "true", text: done ? "✔" : String(index + 1) }),
          h("span", { class: "bl-step-title", text: title + (done ? say("passed") : "") }));
      }));
    const toolbar = h("div", { class: "bl-toolbar", role: "group", "aria-label": say("display_options") },
      TOGGLES.map((name) => h("button", {
        type: "button", class: "bl-toggle", "data-key": `toggle-${name}`,
        "aria-pressed": model.get(name) ? "true" : "false",
        onclick: () => { model.set(name, !model.get(name)); model.save_changes(); },
      }, say(name))));
    root.append(h("div", { class: "bl-head" }, steps, toolbar));

    root.append(h("p", { class: "bl-prompt", tabindex: "-1", "data-key": "prompt" },
      h("span", { class: "bl-task-number", text: say("task_number") }), t.prompt || ""));

    if (t.table && t.table.length) {
      root.append(h("p", { class: "bl-label", text: t.table_label || say("on_table") }));
      root.append(h("div", { class: "bl-cards bl-table-cards", role: "group", "aria-label": t.table_label || say("on_table") },
        t.table.map((view) => cardNode(view))));
    }

    root.append(h("p", { class: "bl-label", text: picking ? (t.pick_one ? say("pick_one") : say("pick_many")) : say("hand") }));
    root.append(h("div", { class: "bl-cards bl-hand", role: "group", "aria-label": say("hand") },
      (t.hand || []).map((view) => {
        let suffix = "";
        if (!picking && answer.has(view.id)) suffix += say("answer_card");
        if (!picking && picked.has(view.id) && t.stage === "wrong") suffix += say("your_pick");
        const node = cardNode(view, {
          button: true, key: `card-${view.id}`, pressed: picking ? selected.has(view.id) : picked.has(view.id),
          extraLabel: suffix, disabled: !picking,
          onclick: () => {
            if (!picking) return;
            let next = new Set(model.get("selected") || []);
            if (next.has(view.id)) next.delete(view.id);
            else if (t.pick_one) next = new Set([view.id]);
            else next.add(view.id);
            model.set("selected", (t.hand || []).map((c) => c.id).filter((id) => next.has(id)));
            model.save_changes();
            schedule();
          },
        });
        if (picking && selected.has(view.id)) node.classList.add("bl-selected");
        if (!picking && answer.has(view.id)) node.classList.add("bl-answer");
        if (t.stage === "wrong" && picked.has(view.id)) node.classList.add("bl-missed");
        if (t.stage === "right" && picked.has(view.id)) node.classList.add("bl-answer");
        return node;
      })));

    const actions = h("div", { class: "bl-actions" });
    if (picking) {
      const count = selected.size;
      actions.append(h("button", { type: "button", class: "bl-action bl-primary", "data-key": "check",
        "aria-disabled": count ? undefined : "true",
        onclick: () => { if (count) send("check", { cards: [...selected] }); } },
        `${t.button || say("check")}${t.pick_one ? "" : ((labels.check_n || [])[count] ?? "")}`));
    } else if (t.stage === "wrong") {
      actions.append(h("button", { type: "button", class: "bl-action bl-primary", "data-key": "another",
        onclick: () => send("another") }, say("another")));
    } else if (t.stage === "right" && !t.last) {
      actions.append(h("button", { type: "button", class: "bl-action bl-primary", "data-key": "next",
        onclick: () => send("next") }, say("next")));
    }
    root.append(actions);

    const verdictClass = feedback.correct === true ? "bl-correct" : feedback.correct === false ? "bl-incorrect" : "";
    const finished = t.stage === "right" && t.last && t.finished;
    root.append(h("div", { class: `bl-feedback ${verdictClass}`.trim(), role: "status", "aria-live": "polite" },
      feedback.title ? h("strong", { class: "bl-feedback-title", text: feedback.title }) : null,
      feedback.text ? h("span", { class: "bl-feedback-text", text: ` ${feedback.text}` }) : null,
      finished ? h("p", { class: "bl-all-done", text: say("all_done") }) : null));
    root.append(h("p", { class: "bl-error", role: "alert", hidden: !error, text: error }));

    draws += 1;
    root.dataset.drawn = String(draws);
    const target = newTask && draws > 1 ? "prompt" : focused;
    if (target) {
      const again = root.querySelector(`[data-key="${CSS.escape(target)}"]`);
      if (again) again.focus();
    }
    if (!picking && focused && focused.startsWith("check")) root.querySelector('[data-key="another"], [data-key="next"]')?.focus();
  };

  const schedule = () => {
    if (!scheduled) { scheduled = true; queueMicrotask(draw); }
  };
  const unlisten = listen(model, {
    redraw: ["task", "feedback", "selected", "error", "four_colour", "large", "labels"],
    schedule,
    answers: ["task", "feedback", "error"],
    channel,
  });
  draw();
  return () => {
    unlisten();
    root.remove();
  };
}

export default { render };
