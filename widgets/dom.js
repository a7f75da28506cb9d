// buraco-learn's shared DOM helper, joined before every widget's own module (buraco_learn/ui/base.py
// MODULE_PARTS: anywidget loads one string per widget, so the shared code is joined, not imported).
//
// h(tag, attrs, ...children): an element; attrs "class" and "text" set those, "onX" adds a listener
// for X, true sets an empty attribute, false/null/undefined leave it out; children are nodes or text.
// intentChannel(model): one intent at a time to Python, each with the id its reply names.
// listen(model, {redraw, schedule, answers, channel}): the model's events wired; returns their undoing.
// fill(template, params): a text Python sent with {named} placeholders, filled in (the words stay Python's).

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child !== undefined && child !== null && child !== false) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return node;
}

function fill(template, params = {}) {
  return String(template).replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// One intent at a time to Python (buraco_learn/ui/base.py `intent`): send() drops a click while the
// last intent waits for its reply (5 s at most); the reply, or a trait Python changes in answer, settles it.
function intentChannel(model) {
  let pending = null; // the id of the intent waiting for Python's reply
  let timer = null;
  const settle = () => {
    pending = null;
    clearTimeout(timer);
  };
  const send = (intent, args = {}) => {
    if (pending !== null) return; // Python answers each in order
    pending = `${intent}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    clearTimeout(timer);
    timer = setTimeout(() => { pending = null; }, 5000);
    model.send({ intent, id: pending, ...args });
  };
  const onMessage = (msg) => {
    if (msg && msg.type === "reply" && msg.id === pending) settle();
  };
  return { send, settle, onMessage, stop: () => clearTimeout(timer) };
}

// A widget's model events: a change of any `redraw` trait schedules a drawing, a change of an `answers`
// trait (Python has dealt with the last intent) settles `channel`, whose replies arrive as custom messages.
// Returns the function that undoes it all (a view's cleanup).
function listen(model, { redraw, schedule, answers, channel }) {
  for (const name of redraw) model.on(`change:${name}`, schedule);
  for (const name of answers) model.on(`change:${name}`, channel.settle);
  model.on("msg:custom", channel.onMessage);
  return () => {
    for (const name of redraw) model.off(`change:${name}`, schedule);
    for (const name of answers) model.off(`change:${name}`, channel.settle);
    model.off("msg:custom", channel.onMessage);
    channel.stop();
  };
}
