// buraco-learn meld quiz: the front end of buraco_learn.ui.MeldQuiz.
//
// It draws the question Python sends (the `question`, `feedback`, `score` and `error`
// traits) and reports what the learner does: a choice, a selection of cards, Check,
// Reveal, Next. Python decides what is right; nothing here knows the answer.
// Joined after dom.js (its h()): anywidget loads the joined text as one string.

// the display toggles (their labels come from Python, in the learner's language: question.texts)
const TOGGLES = ["four_colour", "large"];

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
  node.append(
    h("span", { class: "bl-rank", "aria-hidden": "true", text: view.rank }),
    h("span", { class: "bl-symbol", "aria-hidden": "true", text: view.symbol }),
  );
  if (view.stands_for) {
    node.append(h("span", { class: "bl-stands", "aria-hidden": "true", text: `=${view.stands_for}` }));
  }
  return node;
}

function render({ model, el }) {
  const root = h("div", { class: "buraco-widget bl-quiz", "data-drawn": "0" });
  el.append(root);
  let draws = 0;
  let scheduled = false;
  let lastQuestion = "";
  const channel = intentChannel(model); // one action at a time: Python answers each in order
  const send = channel.send;

  const setTrait = (name, value) => {
    model.set(name, value);
    model.save_changes();
  };

  const draw = () => {
    scheduled = false;
    const q = model.get("question") || {};
    const T = q.texts || {};
    const feedback = model.get("feedback") || {};
    const error = model.get("error") || "";
    const selected = new Set(model.get("selected") || []);
    const marks = q.marks || {};
    const highlight = new Set(q.highlight || []);
    const done = q.stage === "done";
    const questionKey = `${q.round}:${q.number}:${q.kind}`;
    const newQuestion = questionKey !== lastQuestion;
    lastQuestion = questionKey;
    const focused = root.contains(document.activeElement) ? document.activeElement.dataset.key : undefined;

    root.classList.toggle("bl-four-colour", !!model.get("four_colour"));
    root.classList.toggle("bl-large", !!model.get("large"));
    root.replaceChildren();

    const toolbar = h("div", { class: "bl-toolbar", role: "group", "aria-label": T.display_options || "" },
      TOGGLES.map((name) => h("button", {
        type: "button", class: "bl-toggle", "data-key": `toggle-${name}`,
        "aria-pressed": model.get(name) ? "true" : "false",
        onclick: () => setTrait(name, !model.get(name)),
      }, T[name] || "")));
    const status = h("p", { class: "bl-status" },
      h("span", { class: "bl-rules", text: q.rules || "" }),
      (q.round || 1) > 1 ? h("span", { class: "bl-round", text: T.round || "" }) : null,
      h("span", { class: "bl-number", text: T.question || "" }),
      // one counter: the round's own score (a round is one pass through the pool, no question twice)
      h("span", { class: "bl-score", text: T.score || "" }));
    root.append(h("div", { class: "bl-head" }, status, toolbar));

    root.append(h("p", { class: "bl-prompt", tabindex: "-1", "data-key": "prompt", text: q.prompt || "" }));

    if (q.meld && q.meld.length) {
      root.append(h("div", { class: "bl-cards bl-meld", role: "group", "aria-label": T.meld_on_table || "" },
        q.meld.map((view) => cardNode(view))));
    }
    if (q.cards && q.cards.length) {
      const selecting = q.stage === "select";
      const label = (q.kind === "build" ? T.your_cards : T.meld_to_judge) || "";
      root.append(h("div", { class: "bl-cards", role: "group", "aria-label": label },
        q.cards.map((view) => {
          const node = cardNode(view, {
            button: selecting,
            pressed: selecting ? selected.has(view.id) : undefined,
            key: `card-${view.id}`,
            onclick: () => {
              const next = new Set(model.get("selected") || []);
              if (next.has(view.id)) next.delete(view.id); else next.add(view.id);
              setTrait("selected", q.cards.map((c) => c.id).filter((id) => next.has(id)));
              schedule();
            },
          });
          if (selected.has(view.id)) node.classList.add("bl-selected");
          if (highlight.has(view.id)) node.classList.add("bl-highlight");
          return node;
        })));
    }

    if (q.choices && q.choices.length) {
      const group = h("div", { class: "bl-choices", role: "group", "aria-label": T.answers || "" });
      for (const choice of q.choices) {
        const mark = marks[choice.id];
        const suffix = mark === "right" ? T.right_answer || "" : mark === "wrong" ? T.wrong_answer || "" : "";
        const onclick = () => send("answer", { choice: choice.id });
        const node = choice.card
          ? cardNode(choice.card, { button: true, key: `choice-${choice.id}`, onclick, extraLabel: suffix })
          : h("button", { type: "button", class: "bl-choice", "data-key": `choice-${choice.id}`,
              "aria-label": choice.text + suffix, onclick }, choice.text);
        node.dataset.choice = choice.id;
        if (mark) node.classList.add(`bl-${mark}`);
        if (done) node.disabled = true;
        group.append(node);
      }
      if (q.choices.some((choice) => choice.card)) root.append(h("p", { class: "bl-choices-label", text: T.choose_card || "" }));
      root.append(group);
    }

    const actions = h("div", { class: "bl-actions" });
    if (q.stage === "select") {
      actions.append(h("button", { type: "button", class: "bl-action bl-primary", "data-key": "check",
        onclick: () => send("check", { cards: [...selected] }) }, (q.check_labels || [])[selected.size] || ""));
    }
    if (!done) {
      actions.append(h("button", { type: "button", class: "bl-action", "data-key": "reveal",
        onclick: () => send("reveal") }, T.reveal || ""));
    } else {
      if (q.can_retry) {
        actions.append(h("button", { type: "button", class: "bl-action", "data-key": "retry",
          onclick: () => send("retry") }, T.retry || ""));
      }
      actions.append(h("button", { type: "button", class: "bl-action bl-primary", "data-key": "next",
        onclick: () => send("next") }, T.next || ""));
    }
    actions.append(h("button", { type: "button", class: "bl-action bl-quiet", "data-key": "restart",
      onclick: () => send("restart") }, T.restart || ""));
    root.append(actions);

    const verdictClass = feedback.correct === true ? "bl-correct" : feedback.correct === false ? "bl-incorrect" : "";
    root.append(h("div", { class: `bl-feedback ${verdictClass}`.trim(), "aria-live": "polite" },
      feedback.title ? h("strong", { class: "bl-feedback-title", text: feedback.title }) : null,
      feedback.text ? h("span", { class: "bl-feedback-text", text: ` ${feedback.text}` }) : null));
    root.append(h("p", { class: "bl-error", role: "alert", hidden: !error, text: error }));

    draws += 1;
    root.dataset.drawn = String(draws);
    root.dataset.stage = q.stage || "";
    // keep the keyboard where it was; on a new question start at the prompt
    const target = newQuestion && draws > 1 ? "prompt" : focused;
    if (target) {
      const again = root.querySelector(`[data-key="${CSS.escape(target)}"]`);
      if (again && !again.disabled) again.focus();
      else if (done) root.querySelector('[data-key="next"]')?.focus();
    }
  };

  const schedule = () => {
    if (!scheduled) {
      scheduled = true;
      queueMicrotask(draw);
    }
  };
  const unlisten = listen(model, {
    redraw: ["question", "feedback", "score", "answered", "selected", "error", "four_colour", "large"],
    schedule,
    // Python has dealt with the last action once its answer changes the quiz (the reply follows)
    answers: ["question", "feedback", "error"],
    channel,
  });
  draw();
  return () => {
    unlisten();
    root.remove();
  };
}

export default { render };
