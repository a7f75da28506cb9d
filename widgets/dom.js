// buraco-learn's shared DOM helper, joined before every widget's own module (buraco_learn/ui/base.py
// MODULE_PARTS: anywidget loads one string per widget, so the shared code is joined, not imported).
//
// h(tag, attrs, ...children): an element; attrs "class" and "text" set those, "onX" adds a listener
// for X, true sets an empty attribute, false/null/undefined leave it out; children are nodes or text.

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
