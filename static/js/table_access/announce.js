/* What happened, read out: #announcer (outside #table-live, so it outlives every redraw) is a polite live
   region; each new #table-live adds to it what the server marked as news:

   - [data-announce="key"]: read once per key (a move log line, a ruling, a countdown started): the
     keys of the first #table-live are only noted, so opening the page reads out nothing old;
     a line with data-announce-version is read only if newer than the first #table-live's data-version;
   - [data-announce-channel="name"]: read when its words differ from the last #table-live's for that
     name ("Your turn", "Bob's turn", "Game over").

   The words are data-announce-text, else the element's text without what is hidden from screen readers.

   A clock that concerns the viewer ([data-announce-clock="Your turn"] around a [data-deadline-ms]) is
   read out as it runs low: "Your turn: 10 seconds left", then 5 (each once, and only if the page saw it
   above that). */
import { secondsLeft } from "../table/clocks.js";
import { liveRoot, within } from "../table/page.js";
import { spokenName } from "./targets_list.js";

const KEPT = 6;  // lines kept in #announcer (older ones go, so it never grows)
let seen = null;  // the keys read (or noted) so far
let since = Infinity;  // lines with a data-announce-version no newer than this are old news
const channels = {};

const words = (el) => el.dataset.announceText || spokenName(el);

export function say(text) {
  const region = document.getElementById("announcer");
  if (!region || !text) return;
  region.append(Object.assign(document.createElement("p"), { textContent: text }));
  while (region.children.length > KEPT) region.firstElementChild.remove();
}

/* A new #table-live arrived (or the page loaded). */
export function announceNews() {
  const first = seen === null;
  if (first) since = Number(liveRoot()?.dataset.version) || 0;
  seen ||= new Set();
  const lines = [];
  for (const el of within("[data-announce]")) {
    const old = first || Number(el.dataset.announceVersion) <= since;
    if (!seen.has(el.dataset.announce) && !old) lines.push(words(el));
    seen.add(el.dataset.announce);
  }
  for (const el of within("[data-announce-channel]")) {
    const name = el.dataset.announceChannel, text = words(el);
    if (name in channels && channels[name] !== text) lines.push(text);
    channels[name] = text;
  }
  for (const line of lines) say(line);
  watchClocks();
}

const WARN_AT = [10, 5];
const warned = new Set();  // "due:seconds" said, or passed before the page saw that clock above it
const highest = new Map();  // due -> the most seconds left the page saw on that clock
let ticker = null;

function tickClocks() {
  const clocks = within("[data-announce-clock]");
  for (const el of clocks) {
    const due = el.querySelector("[data-deadline-ms]")?.dataset.deadlineMs;
    if (!due) continue;
    const left = secondsLeft(Number(due));
    highest.set(due, Math.max(highest.get(due) ?? 0, left));
    for (const at of WARN_AT) {
      const key = `${due}:${at}`;
      if (warned.has(key) || left > at) continue;
      warned.add(key);
      if (left > 0 && highest.get(due) > at) say(`${el.dataset.announceClock}: ${left} second${left === 1 ? "" : "s"} left`);
    }
  }
  if (!clocks.length) ticker = clearInterval(ticker);
}

function watchClocks() {
  tickClocks();
  if (within("[data-announce-clock]").length && !ticker) ticker = setInterval(tickClocks, 500);
}
