// The replay page (templates/games/replay.html): steps without reloading the page. A step asks the server
// for the parts one step changes (?part=step: the board with its move, and the chat) and puts them in
// place; the move list's mark, the controls and the URL follow (the URL is pushed onto the browser's
// history, so Back walks back through steps and any step can be shared). The next step is asked for
// while this one is read, so stepping on shows at once. Perspectives and the bot's choice swap the
// page's middle (#replay-main) in place, keeping the step.
// Keys: ArrowLeft / ArrowRight one step, Home / End the first and last, Space plays and pauses.
// Without this script the links and the slider's form still work, one page load a step.

const KEPT = 40; // step parts kept in this page, the latest asked for

let latest = 0; // the newest request: an older answer arriving late is dropped
let forward = true; // the way the reader is going: the next step that way is asked for ahead
let playing = null; // the autoplay's timer while it runs
const kept = new Map(); // the URL of a step's parts -> the promise of its HTML

const live = () => document.getElementById("replay-live");
const where = () => ({
  step: Number(live().dataset.step),
  last: Number(live().dataset.last),
  as: live().dataset.as,
  bot: live().dataset.bot === "1",
});

function urlOf(step, part) {
  const { as, bot } = where();
  const url = new URL(window.location.pathname, window.location.origin);
  url.searchParams.set("step", String(step));
  url.searchParams.set("as", as);
  if (bot) url.searchParams.set("bot", "1");
  if (part) url.searchParams.set("part", "step");
  return url.toString();
}

function partsOf(step) {
  const url = urlOf(step, true);
  if (!kept.has(url)) {
    const asked = fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" }).then((response) => {
      if (!response.ok) throw new Error(String(response.status));
      return response.text();
    });
    asked.catch(() => kept.delete(url));
    kept.set(url, asked);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value);
  }
  return kept.get(url);
}

// Ahead of the reader: only in a finished game. Staff looking into a game in play have each step they are
// sent written to the staff log, so they are sent only the steps they ask for.
const mayAskAhead = () => live().dataset.ahead === "1";

function askAhead(step) {
  if (!mayAskAhead()) return;
  const { last } = where();
  const next = forward ? step + 1 : step - 1;
  if (next >= 0 && next <= last) partsOf(next).catch(() => {});
}

// Put each element of ``html`` in place of the element of the page with its id.
function putInPlace(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  for (const fresh of Array.from(template.content.children)) {
    const old = fresh.id && document.getElementById(fresh.id);
    if (old) old.replaceWith(fresh);
  }
}

async function showStep(step, push) {
  const request = ++latest;
  const started = performance.now();
  let html;
  try {
    html = await partsOf(step);
  } catch {
    window.location.assign(urlOf(step, false)); // let the server's page say what went wrong
    return;
  }
  if (request !== latest) return;
  performance.measure("replay-step-fetch", { start: started, detail: { step } });
  const focused = document.activeElement && document.activeElement.id;
  putInPlace(html);
  followStep(push);
  const again = focused && document.getElementById(focused);
  if (again) again.focus();
  requestAnimationFrame(() => performance.measure("replay-step", { start: started, detail: { step } }));
  askAhead(step);
}

// The controls, the list's mark, the title, the URL and the read-out, after the step changed.
function followStep(push) {
  const { step, last } = where();
  const targets = { first: 0, back: step - 1, forward: step + 1, last };
  for (const [name, target] of Object.entries(targets)) {
    const link = document.getElementById(`replay-${name}`);
    if (!link) continue;
    const moves = target >= 0 && target <= last && target !== step;
    link.href = moves ? urlOf(target, false) : "#";
    link.dataset.replayStep = String(target);
    link.classList.toggle("is-disabled", !moves);
    if (moves) link.removeAttribute("aria-disabled");
    else link.setAttribute("aria-disabled", "true");
  }
  for (const link of document.querySelectorAll("a[data-replay-page]")) {
    const url = new URL(link.href);
    url.searchParams.set("step", String(step)); // another perspective, or the bot, at this step
    link.href = url.toString();
  }
  const slider = document.getElementById("replay-step");
  if (slider) slider.value = String(step);
  const output = document.getElementById("replay-step-output");
  if (output) output.value = String(step);
  markInList(step);
  document.title = live().dataset.title;
  const announce = document.getElementById("replay-announce");
  if (announce) announce.textContent = document.getElementById("replay-move").textContent;
  const url = urlOf(step, false);
  if (push === "push") window.history.pushState({ replay: true }, "", url);
  else if (push === "replace") window.history.replaceState({ replay: true }, "", url);
}

function markInList(step) {
  const list = document.getElementById("replay-moves");
  if (!list) return;
  for (const marked of list.querySelectorAll('[aria-current="step"]')) marked.removeAttribute("aria-current");
  const item = list.querySelector(`li[data-step="${step}"]`);
  if (!item) return;
  item.setAttribute("aria-current", "step");
  // In view inside the list only (scrolling the window would move a phone's board away), a third of the
  // way down when it has to move, so the moves before it show too.
  const top = item.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
  if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight)
    list.scrollTop = top - list.clientHeight / 3;
}

function goTo(step, push = "push") {
  const { step: now, last } = where();
  const target = Math.max(0, Math.min(last, step));
  if (target === now) return;
  forward = target > now;
  showStep(target, push);
}

// A perspective, or the bot's choice switched: the page's middle and chat from the whole page, in place.
async function showPage(url, push) {
  const request = ++latest;
  pause();
  let page;
  try {
    const response = await fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" });
    if (!response.ok) throw new Error(String(response.status));
    page = new DOMParser().parseFromString(await response.text(), "text/html");
  } catch {
    window.location.assign(url);
    return;
  }
  if (request !== latest) return;
  const focused = document.activeElement && document.activeElement.id;
  for (const id of ["replay-main", "replay-chat"]) {
    const fresh = page.getElementById(id);
    if (fresh) document.getElementById(id).replaceWith(document.adoptNode(fresh));
  }
  kept.clear();
  showScriptParts();
  followStep(push ? "push" : null);
  const again = focused && document.getElementById(focused);
  if (again) again.focus();
}

// --- autoplay -------------------------------------------------------------------------------------------
function play() {
  const button = document.getElementById("replay-play");
  if (where().step >= where().last) goTo(0, "replace");
  forward = true;
  button.setAttribute("aria-pressed", "true");
  button.textContent = "Pause";
  const tick = () => {
    const { step, last } = where();
    if (step >= last) return pause();
    showStep(step + 1, "replace");
    playing = setTimeout(tick, Number(document.getElementById("replay-speed").value));
  };
  playing = setTimeout(tick, Number(document.getElementById("replay-speed").value));
}

function pause() {
  if (playing === null) return;
  clearTimeout(playing);
  playing = null;
  const button = document.getElementById("replay-play");
  if (button) {
    button.setAttribute("aria-pressed", "false");
    button.textContent = "Play";
  }
  window.history.pushState({ replay: true }, "", urlOf(where().step, false)); // where it stopped, in the history
}

const togglePlay = () => (playing === null ? play() : pause());

// --- jumps ----------------------------------------------------------------------------------------------
function listed() {
  return Array.from(document.querySelectorAll("#replay-moves li[data-step]")).map((item) => item.dataset);
}

// The step a jump by a round, a trick or a turn (``kind``) goes to, ``by`` -1 or 1: the start of the next
// one, or of this one (of the one before, when at its start already).
function chapterStep(kind, by) {
  const items = listed();
  const key = (item) => (kind === "round" ? item.round : `${item.round}:${item.section}`);
  const at = items.findIndex((item) => Number(item.step) === where().step);
  const starts = items.filter((item, index) => index > 0 && key(item) !== key(items[index - 1]) && item.step !== "0");
  const ahead = starts.find((item) => Number(item.step) > where().step);
  const behind = starts.filter((item) => Number(item.step) < where().step).pop();
  if (by > 0) return ahead ? Number(ahead.step) : where().last;
  return behind && at > 0 ? Number(behind.step) : 0;
}

function nextMoveOf(seat) {
  const found = listed().find((item) => Number(item.step) > where().step && item.seat === String(seat));
  return found ? Number(found.step) : null;
}

function showScriptParts() {
  for (const part of document.querySelectorAll("[data-replay-script]")) part.hidden = false;
}

// --- input ----------------------------------------------------------------------------------------------
function plainClick(event) {
  return event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
}

document.addEventListener("click", (event) => {
  if (!live()) return;
  if (!event.target.closest(".replay-autoplay")) pause();
  const pageLink = event.target.closest("a[data-replay-page]");
  if (pageLink && plainClick(event)) {
    event.preventDefault();
    showPage(pageLink.href, true);
    return;
  }
  const stepLink = event.target.closest("a[data-replay-step], #replay-moves a[href]");
  if (stepLink && plainClick(event)) {
    event.preventDefault();
    if (stepLink.getAttribute("aria-disabled") === "true") return;
    goTo(stepOfLink(stepLink));
    return;
  }
  if (event.target.closest("#replay-play")) togglePlay();
  const jump = event.target.closest("[data-jump]");
  if (jump) goTo(chapterStep(jump.dataset.jump, Number(jump.dataset.by)));
  if (event.target.closest("#replay-next-of")) {
    const step = nextMoveOf(document.getElementById("replay-player").value);
    if (step !== null) goTo(step);
  }
});

// A move pointed at in the list is asked for before it is clicked (a pointer rests on a link a while
// before the click; a finger touches down before it lifts), so that the jump waits for less or nothing.
const HOVER_MS = 60;
let pointedAt = null;

function stepOfLink(link) {
  return Number(link.dataset.replayStep ?? new URL(link.href).searchParams.get("step"));
}

document.addEventListener("pointerover", (event) => {
  const link = event.target.closest && event.target.closest("#replay-moves a[href], a[data-replay-step]");
  clearTimeout(pointedAt);
  if (!link || link.getAttribute("aria-disabled") === "true" || !mayAskAhead()) return;
  const ask = () => partsOf(stepOfLink(link)).catch(() => {});
  if (event.pointerType === "touch") ask();
  else pointedAt = setTimeout(ask, HOVER_MS);
});

document.addEventListener("input", (event) => {
  if (event.target.id === "replay-step") document.getElementById("replay-step-output").value = event.target.value;
});

document.addEventListener("change", (event) => {
  if (event.target.id === "replay-step") goTo(Number(event.target.value));
});

const KEYS = {
  ArrowLeft: (step) => step - 1,
  ArrowRight: (step) => step + 1,
  Home: () => 0,
  End: (step, last) => last,
};

document.addEventListener("keydown", (event) => {
  if (!live() || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest && event.target.closest(".replay-autoplay")) {
    if (event.key !== " " && event.key !== "Enter") pause(); // Space and Enter work its button
    return;
  }
  const field = event.target.closest && event.target.closest("input, select, textarea, button, [contenteditable]");
  if (event.key === " " && !field) {
    event.preventDefault();
    togglePlay();
    return;
  }
  pause();
  const move = KEYS[event.key];
  if (!move || event.shiftKey || (field && field.id !== "replay-step")) return;
  event.preventDefault();
  goTo(move(where().step, where().last));
});

window.addEventListener("popstate", () => {
  if (!live()) return;
  pause();
  const url = new URL(window.location.href);
  const same = url.searchParams.get("as") === where().as && (url.searchParams.get("bot") === "1") === where().bot;
  if (same) showStep(Number(url.searchParams.get("step") || 0), null);
  else showPage(url.toString(), false);
});

showScriptParts();
if (live()) {
  window.history.replaceState({ replay: true }, "", window.location.href);
  markInList(where().step);
  askAhead(where().step);
}
