/* Focus kept across redraws: every new #table-live replaces the old one, and with it the focused control.
   As focus moves (and before a frame is swapped in), the focused control's key is remembered (see
   baseKey), with the keys of the controls after and before it; after the swap the control with the same
   key is focused, or else the nearest one after it that is still there (then before it). A control
   inside [data-focus-fallback="#part"] (the actions, the list of places) that is gone sends focus to
   that part's current control instead (the hand's, where the next move starts). */
import { liveRoot } from "../table/page.js";

const FOCUSABLE = "button, a[href], input, select, textarea, summary, [tabindex]";
const NEARBY = 40;  // how many controls either side are remembered as successors

const shown = (el) => !el.disabled && !el.closest("[hidden]") && el.getClientRects().length > 0;
export const focusables = (root) => [...(root?.querySelectorAll(FOCUSABLE) || [])].filter(shown);

/* A key naming a control the same way in the next #table-live: its id, what it selects or sends, a
   field's name, else its text; repeated keys (two 9S in a hand) are told apart by their order. */
function baseKey(el) {
  if (el.dataset.focusKey) return "key:" + el.dataset.focusKey;
  if (el.id) return "#" + el.id;
  if (el.hasAttribute("data-card")) return `card:${el.dataset.group || ""}:${el.dataset.card}`;
  for (const name of ["source", "target", "command", "jump"]) if (el.dataset[name]) return `${name}:${el.dataset[name]}`;
  if (el.name) return `field:${el.name}:${el.type === "radio" || el.type === "checkbox" ? el.value : ""}`;
  return `${el.tagName}:${(el.getAttribute("aria-label") || el.textContent).trim().slice(0, 60)}`;
}

function keysOf(elements) {
  const seen = {};
  return elements.map((el) => {
    const key = baseKey(el);
    seen[key] = (seen[key] || 0) + 1;
    return `${key}|${seen[key]}`;
  });
}

let remembered = null;  // the last control focused in #table-live, as keys (see rememberFocus)

/* Notes the focused control (called as focus moves, and before a frame is swapped in). A control that
   loses focus by being disabled or replaced is still the one remembered. */
export function rememberFocus() {
  const root = liveRoot(), active = document.activeElement;
  if (!root || !active || active === document.body || !root.contains(active)) return;
  const all = focusables(root);
  const at = all.indexOf(active);
  const fallback = active.closest("[data-focus-fallback]")?.dataset.focusFallback;
  if (at < 0) {
    remembered = { keys: keysOf([active]), fallback };  // focused but no visible control: e.g. #table-live
    return;
  }
  const keys = keysOf(all);
  remembered = { keys: [keys[at], ...keys.slice(at + 1, at + 1 + NEARBY), ...keys.slice(Math.max(0, at - NEARBY), at).reverse()], fallback };
}

const lost = (el) => !el || el === document.body || !document.contains(el) || el.disabled || el.closest("[hidden]");

/* After a swap: put focus back where it was if the swap took it away (focus elsewhere is left alone). */
export function restoreFocus() {
  const root = liveRoot(), wanted = remembered;
  if (!root || !wanted || !lost(document.activeElement)) return;
  const all = focusables(root);
  const keys = keysOf(all);
  const at = (key) => all[keys.indexOf(key)];
  const group = wanted.fallback && focusables(root.querySelector(wanted.fallback));
  const fallback = group && (group.find((el) => el.tabIndex === 0) || group[0]);
  (at(wanted.keys[0]) || fallback || wanted.keys.slice(1).map(at).find(Boolean) || root).focus();
}
