/* Arrow keys within a row: a [data-roving] group (a hand, a row of stacks or piles) is one stop for Tab;
   inside it the arrow keys move focus to the next or previous control (Home, End: the first, the last),
   wrapping round. Only the control last focused in a group takes Tab (tabindex 0, the others -1). */
import { focusables } from "./focus.js";
import { within } from "../table/page.js";

const items = (group) => focusables(group).filter((el) => el.closest("[data-roving]") === group);
const NEXT = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

function makeCurrent(group, current) {
  for (const el of items(group)) el.tabIndex = el === current ? 0 : -1;
}

/* A new #table-live: each group's focused control, or its first, takes Tab. */
export function armRoving() {
  for (const group of within("[data-roving]")) {
    const all = items(group);
    makeCurrent(group, all.find((el) => el === document.activeElement) || all[0]);
  }
}

export function onRovingFocus(event) {
  const group = event.target.closest?.("[data-roving]");
  if (group && items(group).includes(event.target)) makeCurrent(group, event.target);
}

/* Returns whether the key moved focus. */
export function onRovingKey(event) {
  const group = event.target.closest?.("[data-roving]");
  if (!group || event.altKey || event.ctrlKey || event.metaKey) return false;
  const all = items(group);
  const at = all.indexOf(event.target);
  if (at < 0) return false;
  let to;
  if (event.key in NEXT) to = (at + NEXT[event.key] + all.length) % all.length;
  else if (event.key === "Home") to = 0;
  else if (event.key === "End") to = all.length - 1;
  else return false;
  event.preventDefault();
  all[to].focus();
  return true;
}
