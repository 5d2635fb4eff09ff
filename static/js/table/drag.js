/* Drag and drop, by mouse, touch or pen (pointer events): a .playable card or source (made draggable
   here) dropped on a target is a click there with it selected. A copy of it (.drag-ghost) follows the
   pointer; a target that takes the dragged selection gets .drag-over while it is under it. */
import { liveRoot, within } from "./page.js";
import { isSending } from "./send.js";

let hooks = null;  // from main.js: grab(el), takes(target, el), drop(target, el), repaint()
let drag = null;  // {el, id, x, y, started, ghost, dx, dy}
let noClickUntil = 0;

export const isDragging = () => Boolean(drag?.started);

/* The click a browser sends after a drag is no click. */
export function swallowsClick() {
  const swallow = Date.now() < noClickUntil;
  noClickUntil = 0;
  return swallow;
}

export function setDraggable(el, playable) {
  const can = playable && !el.disabled;
  if (can) el.setAttribute("draggable", "true");
  else el.removeAttribute("draggable");
  el.style.touchAction = can ? "none" : "";  // a touch on it drags it rather than scrolling the page
}

const inLive = (el) => (el && liveRoot()?.contains(el) ? el : null);
const draggableAt = (node) => {
  const el = inLive(node?.closest?.("[data-card],[data-source]"));
  return el?.getAttribute("draggable") === "true" && !isSending() ? el : null;
};
const targetUnder = (event) => inLive(document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-target]"));

function markOver(target) {
  for (const el of within(".drag-over")) el.classList.toggle("drag-over", el === target);
  target?.classList.add("drag-over");
}

function makeGhost(d) {
  const rect = d.el.getBoundingClientRect();
  const ghost = d.el.cloneNode(true);
  for (const node of [ghost, ...ghost.querySelectorAll("*")]) {
    ["id", "data-card", "data-source", "data-target", "data-command", "draggable", "aria-pressed"].forEach((a) => node.removeAttribute(a));
  }
  ghost.classList.add("drag-ghost");
  ghost.classList.remove("legal-target", "drag-over");
  ghost.setAttribute("aria-hidden", "true");
  Object.assign(ghost.style, { width: rect.width + "px", height: rect.height + "px" });
  Object.assign(d, { ghost, dx: d.x - rect.left, dy: d.y - rect.top });
  // Inside the board (its styles apply), which is never transformed: position: fixed holds.
  (d.el.closest(".board") || liveRoot()).appendChild(ghost);
}

export function cancelDrag() {
  drag?.ghost?.remove();
  drag = null;
  markOver(null);
}

const listeners = {
  dragstart(event) {
    if (draggableAt(event.target)) event.preventDefault();  // the browser's own drag: pointer events do it
  },
  pointerdown(event) {
    const el = event.isPrimary && event.button === 0 && draggableAt(event.target);
    if (el) drag = { el, id: event.pointerId, x: event.clientX, y: event.clientY, started: false };
  },
  pointermove(event) {
    if (drag?.id !== event.pointerId) return;
    if (!drag.started) {
      if (Math.abs(event.clientX - drag.x) + Math.abs(event.clientY - drag.y) < 10) return;
      drag.started = true;
      hooks.grab(drag.el);
      makeGhost(drag);
    }
    event.preventDefault();
    drag.ghost.style.transform = `translate(${event.clientX - drag.dx}px, ${event.clientY - drag.dy}px)`;
    const target = targetUnder(event);
    markOver(target && hooks.takes(target, drag.el) ? target : null);
  },
  pointerup(event) {
    if (drag?.id !== event.pointerId) return;
    const { el, started } = drag;
    cancelDrag();
    if (!started) return;  // a tap or a click: the click that follows selects as usual
    noClickUntil = Date.now() + 500;
    hooks.drop(targetUnder(event), el);
  },
  pointercancel(event) {
    if (drag?.id !== event.pointerId) return;
    cancelDrag();
    hooks.repaint();
  },
};

export function watchDrags(given) {
  hooks = given;
  for (const [name, listener] of Object.entries(listeners)) document.addEventListener(name, listener, { passive: false });
}
