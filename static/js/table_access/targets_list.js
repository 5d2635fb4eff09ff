/* Where the selection can go, right after the hand: [data-target-list] (rendered beside the hand) gets one
   button for each place on the board the selection can be sent to now (a [data-target] button outside
   the actions, which come next anyway), named as the place is. Each is itself a data-target of the
   same name, so it sends what the place would. A keyboard player selects a card, presses Tab once and
   finds the places it can go, an opponent's stack as well as their own. */
import { isDragging } from "../table/drag.js";
import { commandFor } from "../table/targets.js";
import { within } from "../table/page.js";

/* The words a screen reader reads for ``el``: its text without what is hidden from screen readers. */
export function spokenName(el) {
  if (el.getAttribute("aria-label")) return el.getAttribute("aria-label");
  const copy = el.cloneNode(true);
  for (const hidden of copy.querySelectorAll("[aria-hidden=true]")) hidden.remove();
  return copy.textContent.replace(/\s+/g, " ").trim();
}

const places = () => within("button[data-target]").filter(
  (el) => !el.closest("[data-target-list], .actions") && !el.hidden && commandFor(el),
);

/* Left as it is during a drag: the list appearing would move the places the pointer is heading for. */
export function paintTargetsList() {
  if (isDragging()) return;
  for (const list of within("[data-target-list]")) {
    const wanted = places().map((el) => ({ target: el.dataset.target, fields: el.dataset.fields, hint: el.dataset.hint, name: spokenName(el) }));
    const shownNow = [...list.querySelectorAll("button")].map((b) => b.dataset.target).join(" ");
    list.hidden = wanted.length === 0;
    if (shownNow === wanted.map((w) => w.target).join(" ")) continue;  // unchanged: keep the buttons (and focus)
    list.querySelector("ul")?.replaceChildren(...wanted.map(({ target, fields, hint, name }) => {
      const button = Object.assign(document.createElement("button"), { type: "button", className: "small place", textContent: name });
      Object.assign(button.dataset, { target, focusKey: "to:" + target, ...(fields && { fields }), ...(hint && { hint }) });
      const item = document.createElement("li");
      item.append(button);
      return item;
    }));
  }
}
