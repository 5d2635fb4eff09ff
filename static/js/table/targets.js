/* What a target or a command button sends: #board-targets, which the server renders for this seat
   (games/frames/board_targets.py), looked up for the selection, with the element's data-fields put in. */
import { fieldsOf, withFields } from "./fields.js";
import { liveRoot, parseJSON } from "./page.js";
import { hasSelection, selectedGroups, selection, selectionKey, token } from "./selection.js";

let board = { targets: {}, commands: {}, playable: [] };

export function loadTargets() {
  board = { targets: {}, commands: {}, playable: [], ...parseJSON(document.getElementById("board-targets")?.textContent, {}) };
}

export const isPlayable = (el) => board.playable.includes(token(el));
const entries = (el) => board.targets[el.dataset.target] || {};

const isButton = (el) => el.hasAttribute("data-command");

/* May anything be sent here now, whatever is selected? */
export const reachable = (el) => (isButton(el) ? el.dataset.command in board.commands : Object.keys(entries(el)).length > 0);

/* What a click sends now, or null: a data-command button's command whatever is selected, a target's
   for the selection. */
export function commandFor(el) {
  const all = entries(el);
  const command = isButton(el) ? board.commands[el.dataset.command] : all[selectionKey()] || (all["*"] && fill(all["*"]));
  return command ? withFields(command, fieldsOf(el)) : null;
}

const placeholder = (value) => (typeof value === "string" && value.startsWith("$") ? value.slice(1) : null);

/* A "*" template filled in: each "$group" value becomes the selected cards of that group ("$cards": of
   no group). It takes one card or more of the groups it names, none of any other, and no source. */
function fill(template) {
  const groups = selectedGroups();
  const named = Object.values(template).map(placeholder).filter(Boolean);
  const stray = Object.keys(groups).some((group) => !named.includes(group));
  if (selection.source || stray || !named.some((group) => group in groups)) return null;
  return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, placeholder(v) ? groups[placeholder(v)] || [] : v]));
}

/* Why a click on the target sends nothing, as a sentence. */
export function refusalHint(el) {
  const root = liveRoot();
  if (!root.classList.contains("can-act")) {
    return root.dataset.seat === "" ? "You are watching this table." : "Nothing can be played right now: wait for your turn.";
  }
  if (!hasSelection()) return "Select a card first, then choose where to play it.";
  const keys = Object.keys(entries(el));
  const oneCard = keys.length && !keys.some((key) => key === "*" || key.includes(" "));
  if (oneCard && selection.cards.length > 1) return "Select just one card for that.";
  return el.dataset.hint || "That is not a legal play right now.";
}
