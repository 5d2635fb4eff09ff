/* The table page's script: clicks, drags and keys on a board become commands on the websocket. It
   knows no game: the server renders what each place sends for each selection (#board-targets); this
   keeps the selection, lights up what it may be sent to, and sends it. The data attributes a board
   uses are described once, in README.md beside this file. */
import { announceNews } from "../table_access/announce.js";
import { isChatFrame, watchChat } from "../table_live/chat.js";
import { armClocks } from "./clocks.js";
import { watchConnection } from "../table_live/connection.js";
import { cancelDrag, isDragging, setDraggable, swallowsClick, watchDrags } from "./drag.js";
import { fieldsOf, withFields } from "./fields.js";
import { rememberFocus, restoreFocus } from "../table_access/focus.js";
import { onJump, paintJumps } from "../table_access/jump.js";
import { markLastMove } from "../table_live/last_move.js";
import { afterBoard, beforeBoard } from "../table_live/motion.js";
import { clearFlash, copyFrom, fillInviteLinks, hint, keepOpen, liveRoot, parseJSON, restoreOpen, timeRefusal, within } from "./page.js";
import { armRoving, onRovingFocus, onRovingKey } from "../table_access/roving.js";
import { answered, isSending, send } from "./send.js";
import { clearSelection, grab, hasSelection, isCard, isSelectable, isSelected, selection, statusText, toggle } from "./selection.js";
import { commandFor, isPlayable, loadTargets, reachable, refusalHint } from "./targets.js";
import { paintTargetsList } from "../table_access/targets_list.js";
import { noteTurn } from "../table_live/turn.js";
import { watchTurnAlert } from "../table_live/turn_alert.js";
import { watchTurnSound } from "../table_live/turn_sound.js";

let live = null;  // the #table-live the selection belongs to

function paint() {
  const root = liveRoot();
  if (!root) return;
  const busy = isSending();
  paintTargetsList();
  for (const el of within("[data-card],[data-source]")) {
    el.classList.toggle("playable", isPlayable(el));
    el.classList.toggle("selected", isSelected(el));
    if (el.tagName === "BUTTON") el.setAttribute("aria-pressed", String(isSelected(el)));
    setDraggable(el, isPlayable(el));
  }
  for (const el of within("[data-target],[data-command]")) {
    const command = commandFor(el);
    el.classList.toggle("legal-target", Boolean(command));
    if (el.hasAttribute("data-when-legal")) el.hidden = !reachable(el);
    if (el.hasAttribute("data-command")) el.disabled = !command || busy;
    // A target nothing can be sent to is disabled: only a control says so (a region's buttons stay usable).
    else if (!isSelectable(el) && (el.tagName === "BUTTON" || el.role)) el.setAttribute("aria-disabled", String(!reachable(el)));
  }
  for (const el of within("form[data-compose] [type=submit], form[data-compose] button:not([type])")) el.disabled = busy;
  for (const el of within("[data-clear-selection]")) el.hidden = !hasSelection();
  for (const el of within("[data-selection-status]")) el.textContent = statusText();
  root.classList.toggle("has-selection", hasSelection());
  root.classList.toggle("dragging", isDragging());
  root.setAttribute("aria-busy", String(busy));
  paintJumps();
}

const sendCommand = (command) => send(command, () => { clearSelection(); clearFlash(); paint(); });

/* A new #table-live arrived (or the page loaded): read what it offers, start afresh. */
function refresh() {
  const root = liveRoot();
  if (!root) return;
  if (root !== live) {
    live = root;
    clearSelection();
    cancelDrag();
    answered();
    loadTargets();
    armClocks(root);
    markLastMove(root);
    restoreOpen();
    announceNews();
  }
  fillInviteLinks();
  paint();
  armRoving();
  restoreFocus();
}

/* Clicking a selectable element the selection cannot be sent to: does it change the selection? */
const switchesTo = (el) => (isCard(el) ? selection.cards.length > 0 : selection.source !== null || isPlayable(el));

const refuse = (text) => { hint(text); paint(); };

function onClick(event) {
  if (swallowsClick()) return event.preventDefault();
  if (onJump(event)) return;
  if (event.target.matches?.(".invite-link")) return event.target.select();  // the whole address, to copy
  const el = event.target.closest("[data-card],[data-source],[data-target],[data-command],[data-clear-selection],[data-copy]");
  if (el?.hasAttribute("data-copy")) return copyFrom(el);
  if (!el || !liveRoot()?.contains(el)) return;
  event.preventDefault();
  if (el.disabled || isSending()) return;
  if (el.hasAttribute("data-command")) {
    const command = commandFor(el);
    if (!command) hint(el.dataset.hint || "That is not possible right now.");
    else if (!el.dataset.confirm || window.confirm(el.dataset.confirm)) sendCommand(command);
    return;
  }
  clearFlash();
  if (el.hasAttribute("data-clear-selection") || !liveRoot().classList.contains("can-act")) {
    clearSelection();
    return el.hasAttribute("data-clear-selection") ? paint() : refuse(refusalHint(el));
  }
  const command = el.hasAttribute("data-target") && commandFor(el);
  if (command) return sendCommand(command);
  if (el.hasAttribute("data-target") && (!isSelectable(el) || (hasSelection() && !isSelected(el) && !switchesTo(el)))) {
    return refuse(refusalHint(el));  // nothing to send here with this selection: say why, keep it
  }
  if (!isSelected(el) && !isPlayable(el)) {
    return refuse(el.dataset.hintSelect || (isCard(el) ? "That card cannot be played now." : "That cannot be used now."));
  }
  toggle(el);
  paint();
}

function onKey(event) {
  if (onRovingKey(event)) return;
  if (event.key !== "Escape" || (!hasSelection() && !document.querySelector("#flash > *"))) return;
  clearSelection(); clearFlash(); paint();
}

function onSubmit(event) {
  const form = event.target;
  if (!form.matches?.("form[data-compose]") || !liveRoot()?.contains(form)) return;
  event.preventDefault();
  if (isSending()) return;
  const command = withFields(parseJSON(form.dataset.compose, {}), fieldsOf(form));
  if (command) sendCommand(command);
  else hint(form.dataset.hint || "That is not possible right now.");
}

/* A drop is a click on the target with the dragged element selected: send, or say why not. */
function drop(target, el) {
  if (!target || target === el || isSending()) return paint();
  const command = commandFor(target);
  return command ? sendCommand(command) : refuse(refusalHint(target));
}

watchDrags({
  grab: (el) => { grab(el); clearFlash(); paint(); }, takes: (target, el) => target !== el && commandFor(target), drop, repaint: paint,
});
watchConnection(() => { answered(); paint(); });
watchChat();
watchTurnSound();
watchTurnAlert();
noteTurn();
const isTableFrame = (event) => String(event.detail.message).includes('id="table-live"');
const fieldChanged = (event) => liveRoot()?.contains(event.target) && paint();  // what a field allows may change
const listeners = {
  "htmx:wsBeforeMessage": (event) => { rememberFocus(); if (isTableFrame(event)) beforeBoard(liveRoot(), isSending()); },
  "htmx:wsAfterMessage": (event) => {
    if (isChatFrame(event.detail.message)) return;  // chat is no answer to a command
    answered(); timeRefusal(); refresh();
    if (isTableFrame(event)) { afterBoard(liveRoot()); noteTurn(); }
  },
  "htmx:oobAfterSwap": refresh, "htmx:load": refresh, click: onClick, keydown: onKey, submit: onSubmit,
  input: fieldChanged, change: fieldChanged, focusin: (event) => { onRovingFocus(event); rememberFocus(); },
};
for (const [name, listener] of Object.entries(listeners)) document.addEventListener(name, listener);
document.addEventListener("toggle", keepOpen, true);  // toggle does not bubble
refresh();
