/* Whose turn it is, as the turn banner says: it is lit (#turn-banner.your-turn) only on this player's
   turn. Every new #table-live is noted here, and the turn's alerts (the tone, the tab's title and
   icon, a notification) hear when the turn comes or passes. */
import { liveRoot } from "../table/page.js";

const listeners = [];
let wasYourTurn = null;

export const isYourTurn = () => Boolean(liveRoot()?.querySelector("#turn-banner.your-turn"));
export const onTurnChange = (listener) => listeners.push(listener);

/* Called at load and for every new #table-live: a change since the last one is told to the listeners. */
export function noteTurn() {
  const now = isYourTurn();
  if (wasYourTurn !== null && now !== wasYourTurn) for (const listener of listeners) listener(now);
  wasYourTurn = now;
}
