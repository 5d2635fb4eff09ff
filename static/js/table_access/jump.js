/* Jump links (a[data-jump="#hand"]): focus lands in that part of the board, on the control of it that takes
   Tab (a row's current control), else its first control, else the part itself. A link to a part this
   board does not have now is hidden. */
import { focusables } from "./focus.js";
import { within } from "../table/page.js";

export function paintJumps() {
  for (const link of within("a[data-jump]")) {
    const part = document.querySelector(link.dataset.jump);
    link.hidden = !part || part.closest("[hidden]") !== null;
  }
}

/* Returns whether the click was a jump. */
export function onJump(event) {
  const link = event.target.closest?.("a[data-jump]");
  const part = link && document.querySelector(link.dataset.jump);
  if (!part) return false;
  event.preventDefault();
  const controls = focusables(part);
  const to = controls.find((el) => el.tabIndex === 0 && el.closest("[data-roving]")) || controls[0];
  if (to) return to.focus() || true;
  if (!part.hasAttribute("tabindex")) part.tabIndex = -1;
  part.focus();
  return true;
}
