/* Countdowns: [data-deadline-ms] (a moment, epoch ms by the server's clock, which #table-live's
   data-now-ms tells) shows the whole seconds left, ticking, never below 0: .is-urgent for the last
   3 seconds, .is-done at 0. */
import { within } from "./page.js";

let offset = 0, ticker = null;  // offset: the server's clock minus this computer's, in ms

export const secondsLeft = (dueMs) => Math.max(0, Math.ceil((dueMs - Date.now() - offset) / 1000));

function tick() {
  const clocks = within("[data-deadline-ms]");
  for (const el of clocks) {
    const left = secondsLeft(Number(el.dataset.deadlineMs));
    if (!isFinite(left)) continue;
    if (el.textContent !== String(left)) el.textContent = left;
    el.classList.toggle("is-urgent", left > 0 && left <= 3);
    el.classList.toggle("is-done", left === 0);
  }
  if (!clocks.length) ticker = clearInterval(ticker);
}

export function armClocks(root) {
  const now = Number(root.dataset.nowMs);
  if (now > 0) offset = now - Date.now();
  tick();
  if (within("[data-deadline-ms]").length && !ticker) ticker = setInterval(tick, 250);
}
