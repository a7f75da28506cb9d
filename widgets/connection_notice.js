// buraco-learn connection notice: the front end of buraco_learn.ui.ConnectionNotice.
//
// Invisible while the page's kernel answers. When it cannot any more (the kernel was
// stopped after a long pause, restarted, or the connection stayed down) it says so at
// the top of the page, in words, with a button that reloads the page: every lesson
// keeps its progress, so a reload loses nothing. `watchConnection` comes from
// connection.js, joined in front of this file.

function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "buraco-widget bl-connection";
  box.hidden = true;
  box.setAttribute("role", "alert");
  const text = document.createElement("p");
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = "Reload the page";
  button.addEventListener("click", () => window.location.reload());
  box.append(text, button);
  el.append(box);
  const stop = watchConnection(model, kernelOf(model), () => {
    text.textContent = model.get("text");
    box.hidden = false;
    box.dataset.lost = "1";
    // Out of the page's panels (which may contain fixed boxes) to span the top of the window.
    if (document.body && box.parentNode !== document.body) document.body.append(box);
  });
  return () => { stop(); box.remove(); };
}

export default { render };
