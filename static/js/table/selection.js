/* The player's selection: cards ([data-card], several), or one source ([data-source]). */
export const selection = { cards: [], source: null };
export const isCard = (el) => el.hasAttribute("data-card");
export const isSelectable = (el) => isCard(el) || el.hasAttribute("data-source");
export const hasSelection = () => selection.cards.length > 0 || selection.source !== null;
export const isSelected = (el) => selection.source === el || selection.cards.includes(el);

/* How #board-targets names a selected thing: a card's code ("9S"; "fake_up:9S" with data-group="fake_up"),
   a source's data-source. A selection's key is its tokens, sorted, space-separated. */
export const token = (el) => (isCard(el) ? (el.dataset.group ? el.dataset.group + ":" : "") + el.dataset.card : el.dataset.source);
export const selectionKey = () => (selection.source ? [selection.source] : selection.cards).map(token).sort().join(" ");

/* The selected cards' codes by group ("cards": those of no group), sorted. */
export function selectedGroups() {
  const groups = {};
  for (const el of selection.cards) (groups[el.dataset.group || "cards"] ||= []).push(el.dataset.card);
  return Object.fromEntries(Object.entries(groups).map(([group, codes]) => [group, codes.sort()]));
}

export const clearSelection = () => Object.assign(selection, { cards: [], source: null });

/* A card joins the selected cards or leaves them; a source replaces the selection or leaves it. */
export function toggle(el) {
  if (isSelected(el)) {
    selection.cards = selection.cards.filter((card) => card !== el);
    selection.source = selection.source === el ? null : selection.source;
  } else if (isCard(el)) {
    selection.cards.push(el);
    selection.source = null;
  } else {
    clearSelection();
    selection.source = el;
  }
}

/* Dragging makes the element the selection (a selected card keeps the other selected cards). */
export function grab(el) {
  if (isSelected(el)) return;
  clearSelection();
  toggle(el);
}

/* For [data-selection-status]: data-label names a source, or a card in place of its code. */
const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const cardLabel = (code) => (code === "JK" ? "Joker" : code.slice(0, -1) + (SUITS[code.slice(-1)] || code.slice(-1)));
export function statusText() {
  if (selection.source) return `Selected: ${selection.source.dataset.label || "1 item"}. Now choose where it goes.`;
  if (!selection.cards.length) return "";
  return `Selected: ${selection.cards.map((el) => el.dataset.label || cardLabel(el.dataset.card)).join(", ")}. Now choose where to play.`;
}
