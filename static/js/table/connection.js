/* #connection: the websocket's state in words, as htmx's ws extension reports it. */
const CLOSED = {
  1008: "This page sent too many messages too fast, so the table closed it. Reload the page.",
  1009: "This page sent a message too large for the table. Reload the page.",
  4401: "You are logged out. Reload the page to log in again.",
  4404: "This table does not exist or is private.",
};
const RETRIED = [1006, 1011, 1012, 1013];

function show(kind, text) {
  const el = document.getElementById("connection");
  if (el) Object.assign(el, { className: "connection is-" + kind, textContent: text });
}

/* ``onClose``: the socket closed (a command on its way gets no answer). */
export function watchConnection(onClose) {
  let everOpen = false, unloading = false;
  const on = (name, listener) => document.addEventListener("htmx:" + name, listener);
  window.addEventListener("beforeunload", () => { unloading = true; });
  on("wsConnecting", () => show(everOpen ? "reconnecting" : "connecting", everOpen ? "Reconnecting\u2026" : "Connecting\u2026"));
  on("wsOpen", () => { everOpen = true; show("live", "Live"); });
  on("wsError", () => everOpen || show("reconnecting", "Cannot reach the table. Retrying\u2026"));
  on("wsClose", (event) => {
    if (unloading) return;
    const code = event.detail?.event?.code;
    if (CLOSED[code]) show("closed", CLOSED[code]);
    else if (RETRIED.includes(code)) show("reconnecting", "Connection lost. Reconnecting\u2026");
    else show("closed", "Disconnected. Reload the page to reconnect.");
    onClose();
  });
}
