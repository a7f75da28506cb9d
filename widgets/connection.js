// buraco-learn: watching the connection between a widget and its kernel (shared).
//
// Joined in front of a widget's own module by buraco_learn.ui.base.static_module (anywidget
// loads one string per widget), so every widget that must tell a learner that the page can
// no longer answer uses this one copy: the card table and the page's connection notice.

// How long a dropped websocket may take to come back before the table calls it lost.
const RECONNECT_WAIT_MS = 4000;

// The kernel behind the widget, where the widget manager has one (Voila, JupyterLab):
// its status ('idle', 'busy', 'restarting', 'dead' ...) and its websocket's state.
function kernelOf(model) {
  try {
    const kernel = model.widget_manager && model.widget_manager.kernel;
    return kernel && kernel.statusChanged && kernel.connectionStatusChanged ? kernel : null;
  } catch (error) {
    return null;
  }
}

// Calls `onLost(reason)` once the game cannot answer any more: the kernel died or restarted
// (a new kernel knows nothing of this table), or the websocket stayed down. Returns a cleanup.
function watchConnection(model, kernel, onLost) {
  const stops = [];
  const closed = () => onLost("closed");
  model.on("comm:close", closed);
  stops.push(() => model.off("comm:close", closed));
  if (kernel) {
    const gone = (status) => status === "dead" || status === "restarting" || status === "autorestarting";
    const onStatus = (_, status) => { if (gone(status)) onLost(status); };
    kernel.statusChanged.connect(onStatus);
    stops.push(() => kernel.statusChanged.disconnect(onStatus));
    let timer = null;
    const onConnection = (_, status) => {
      clearTimeout(timer);
      if (status === "disconnected") onLost("disconnected");
      else if (status === "connecting") {
        timer = setTimeout(() => { if (kernel.connectionStatus !== "connected") onLost("no connection"); }, RECONNECT_WAIT_MS);
      }
    };
    kernel.connectionStatusChanged.connect(onConnection);
    stops.push(() => { clearTimeout(timer); kernel.connectionStatusChanged.disconnect(onConnection); });
    if (gone(kernel.status) || kernel.connectionStatus === "disconnected") queueMicrotask(() => onLost(kernel.status));
  }
  return () => stops.forEach((stop) => stop());
}

