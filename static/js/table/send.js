/* Sending a command through #command-form (htmx's ws-send), with #table-live's data-version as the
   expected version: one at a time, until the server answers (or 6 seconds pass). The form has no
   fields: its hx-vals is the message, {"command": {...}, "expected_version": n}, which htmx sends as
   one JSON object (with its HEADERS beside), the same body as the REST API's commands. */
import { liveRoot } from "./page.js";

let sending = false, timer = null;

export const isSending = () => sending;
export function answered() {
  sending = false;
  clearTimeout(timer);
}

/* ``repaint``: called at once, and again if the wait for an answer gives up. */
export function send(command, repaint) {
  const form = document.getElementById("command-form");
  if (!form || !liveRoot() || !window.htmx || sending) return;
  form.setAttribute("hx-vals", JSON.stringify({ command, expected_version: Number(liveRoot().dataset.version) }));
  sending = true;
  repaint();
  timer = setTimeout(() => { sending = false; repaint(); }, 6000);
  window.htmx.trigger(form, "submit");
}
