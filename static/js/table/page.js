/* The page around the board: #table-live, hints in #flash, invite links, details kept open. */
export const liveRoot = () => document.getElementById("table-live");
export const within = (selector) => [...(liveRoot()?.querySelectorAll(selector) || [])];
export const parseJSON = (text, fallback) => {
  try { return JSON.parse(text); } catch (e) { return fallback; }
};

/* A hint (why nothing happened) in #flash, for a few seconds. */
let hintTimer = null;
export function hint(text) {
  const p = Object.assign(document.createElement("p"), { className: "hint", textContent: text });
  document.getElementById("flash")?.replaceChildren(p);
  clearTimeout(hintTimer);
  hintTimer = setTimeout(() => p.remove(), 5000);
}
export const clearFlash = () => document.getElementById("flash")?.replaceChildren();

/* A refusal from the server stays a while, then goes (a click or Escape clears it sooner). */
export function timeRefusal() {
  const refusal = document.querySelector("#flash .refusal");
  if (refusal) setTimeout(() => refusal.remove(), 10000);
}

/* .invite-link[data-path] shows the whole address; a data-copy="#input" button copies an input's value
   (or selects it for the player to copy). */
export function fillInviteLinks() {
  for (const input of document.querySelectorAll(".invite-link[data-path]")) {
    if (input.value !== location.origin + input.dataset.path) input.value = location.origin + input.dataset.path;
  }
}

export function copyFrom(button) {
  const input = document.querySelector(button.dataset.copy);
  if (!input) return;
  const done = () => {
    const old = button.textContent;
    button.textContent = "Copied";
    setTimeout(() => { button.textContent = old; }, 1500);
  };
  navigator.clipboard?.writeText(input.value).then(done, () => input.select()) ?? input.select();
}

/* details[data-keep-open][id] stay open or closed as the player left them, across new #table-live. */
const keptOpen = {};
export function keepOpen({ target }) {
  if (target.matches?.("details[data-keep-open][id]")) keptOpen[target.id] = target.open;
}
export function restoreOpen() {
  for (const el of within("details[data-keep-open][id]")) if (el.id in keptOpen) el.open = keptOpen[el.id];
}
