/* Countdowns: [data-deadline-ms] (a moment, epoch ms by the server's clock, which #table-live's
   data-now-ms tells) shows the whole seconds left, ticking, never below 0: .is-urgent for the last
   3 seconds, .is-done at 0. A turn-based table's ([data-clock="words"]), days away, says it as
   games/frames/clock_words.py does: to the hour from a day on, to the minute from a minute on. */
import { within } from "./page.js";

let offset = 0, ticker = null;  // offset: the server's clock minus this computer's, in ms

export const secondsLeft = (dueMs) => Math.max(0, Math.ceil((dueMs - Date.now() - offset) / 1000));

const pair = (big, bigUnit, small, smallUnit) => `${big} ${bigUnit}` + (small ? ` ${small} ${smallUnit}` : "");

export function inWords(seconds) {  // "1 d 4 h", "3 h 12 min", "12 min", "45 s": rounded up, as a countdown
  const minutes = Math.ceil(seconds / 60), hours = Math.ceil(seconds / 3600);
  if (seconds < 60) return `${seconds} s`;
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 1440) return pair(Math.floor(minutes / 60), "h", minutes % 60, "min");
  return pair(Math.floor(hours / 24), "d", hours % 24, "h");
}

function tick() {
  const clocks = within("[data-deadline-ms]");
  for (const el of clocks) {
    const left = secondsLeft(Number(el.dataset.deadlineMs));
    if (!isFinite(left)) continue;
    const shown = el.dataset.clock === "words" ? inWords(left) : String(left);
    if (el.textContent !== shown) el.textContent = shown;
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
