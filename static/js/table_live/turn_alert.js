/* While it is this player's turn and the tab is hidden, the tab says so: its title starts with
   "● Your turn · " and its icon gets a mark (.table-page's data-turn-icon). When the turn comes while
   the tab is hidden, a notification says so too, if the player allowed them in this browser
   (notify_button.js); clicking it brings the tab back. All of it goes when the tab is seen again or
   the turn passes. */
import { isYourTurn, onTurnChange } from "./turn.js";

const MARK = "\u25cf Your turn \u00b7 ";
let plainIcon = null, notification = null;

const page = () => document.querySelector(".table-page");
const icon = () => document.querySelector("link[rel~=icon]");
const alerting = () => document.visibilityState === "hidden" && isYourTurn();
const plainTitle = () => (document.title.startsWith(MARK) ? document.title.slice(MARK.length) : document.title);

function paint() {
  const on = alerting();
  document.title = on ? MARK + plainTitle() : plainTitle();
  if (icon() && page()?.dataset.turnIcon) icon().setAttribute("href", on ? page().dataset.turnIcon : plainIcon);
  if (!on) notification?.close();
}

function notify() {
  if (!alerting() || window.Notification?.permission !== "granted") return;
  try {
    notification = new Notification("Your turn", { body: plainTitle(), tag: `turn:${page()?.dataset.table}` });
  } catch {
    return;  // Chrome on Android shows notifications only through a service worker
  }
  notification.onclick = () => { window.focus(); notification.close(); };
}

export function watchTurnAlert() {
  plainIcon = icon()?.getAttribute("href");
  onTurnChange((yourTurn) => { paint(); if (yourTurn) notify(); });
  document.addEventListener("visibilitychange", paint);
}
