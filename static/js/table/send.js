/* Sending a command through #command-form (htmx's ws-send), with #table-live's data-version as the
   expected version: one at a time, until the server answers (or 6 seconds pass). */
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
  form.elements.command.value = JSON.stringify(command);
  form.elements.expected_version.value = liveRoot().dataset.version;
  sending = true;
  repaint();
  timer = setTimeout(() => { sending = false; repaint(); }, 6000);
  window.htmx.trigger(form, "submit");
}
