/* The table's websocket: its state in #connection, heartbeats, and reconnecting quickly.

   The server pings an idle page every beat (.table-page's data-heartbeat-ms; games/live/heartbeats.py)
   and the page answers each ping with a pong (and sends one on connecting, which is how it takes
   part). A page that hears nothing at all from the server for SILENT_BEATS beats gives the socket up
   and reconnects, so a silent network loss is noticed within seconds. Reconnecting waits a quarter
   of a second at first, doubling up to three seconds. While the socket is not live the board is
   inert (nothing on it can be clicked, focused or dragged), the chat box is disabled and a banner
   says so; the board is usable again once the server has sent the table anew. */
import { liveRoot } from "../table/page.js";

const CLOSED = {
  4401: "You are logged out. Reload the page to log in again.",
  4404: "This table does not exist or is private.",
  4413: "This page sent a message too large for the table. Reload the page.",
  4429: "This page sent too many messages too fast, so the table closed it. Reload the page.",
};  // the server's close codes (games/live/consumers.py, the README's table)
const RETRIED = [1006, 1011, 1012, 1013];  // htmx's ws extension reconnects after these by itself
const SILENT = 4408;  // the server stopped hearing from this page and closed the socket
const PING = "ping", PONG = "pong";
const SILENT_BEATS = 2.4;  // two pings missed, and a little
const FIRST_RETRY_MS = 250, LONGEST_RETRY_MS = 3000;

/* The wait before a reconnection attempt (after ``retries`` failed ones), with jitter so that the
   pages of a restarted server do not all come back in the same instant. */
export const retryDelay = (retries) =>
  Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** retries) * (0.6 + 0.4 * Math.random());

let socket = null;   // the current WebSocket (htmx's ws extension makes it, through htmx.createWebSocket)
let wrapper = null;  // the extension's handle on it, to reconnect
let lastHeard = 0, usable = false, everOpen = false, unloading = false;
let lost = () => {};

const page = () => document.querySelector(".table-page");
export const isLive = () => usable;

const lostText = () => (navigator.onLine === false
  ? "You are offline. Reconnecting when the network is back\u2026" : "Connection lost. Reconnecting\u2026");

function show(kind, text) {
  const el = document.getElementById("connection");
  if (el) Object.assign(el, { className: "connection is-" + kind, textContent: text });
}

/* The board and the chat box take input only while the socket is live and the table shown is current. */
function setUsable(yes) {
  usable = yes;
  page()?.classList.toggle("is-offline", !yes);
  const root = liveRoot();
  if (root) root.inert = !yes;
  for (const fieldset of document.querySelectorAll(".chat-form fieldset")) fieldset.disabled = !yes;
}

function offline(kind, text) {
  const was = usable;
  show(kind, text);
  setUsable(false);
  if (was) lost();
}

/* Give the current socket up (no word from the server) and open another after a short wait. */
function giveUp(text) {
  const dead = socket;
  socket = null;
  if (dead) {
    dead.onclose = dead.onerror = null;  // its close may take long to come: the extension must not act on it
    try { dead.close(4000, "no heartbeat"); } catch (e) { /* already closing */ }
  }
  offline("reconnecting", text);
  setTimeout(() => wrapper?.reconnect(), retryDelay(0));
}

function checkHeartbeat(beatMs) {
  if (socket?.readyState === WebSocket.OPEN && Date.now() - lastHeard > beatMs * SILENT_BEATS) {
    giveUp("Connection lost: the table stopped answering. Reconnecting\u2026");
  }
}

/* ``onLost``: the socket stopped being live (a command on its way gets no answer). */
export function watchConnection(onLost) {
  lost = onLost;
  const beatMs = Number(page()?.dataset.heartbeatMs) || 2500;
  if (window.htmx) {
    window.htmx.config.wsReconnectDelay = retryDelay;
    window.htmx.createWebSocket = (url) => {
      socket = new WebSocket(url, []);
      socket.binaryType = window.htmx.config.wsBinaryType;
      return socket;
    };
  }
  const on = (name, listener) => document.addEventListener("htmx:" + name, listener);
  window.addEventListener("beforeunload", () => { unloading = true; });
  window.addEventListener("offline", () => socket?.readyState === WebSocket.OPEN && giveUp(lostText()));
  on("wsConnecting", () => everOpen || show("connecting", "Connecting\u2026"));
  on("wsOpen", (event) => {
    wrapper = event.detail.socketWrapper;
    lastHeard = Date.now();
    socket?.send(PONG);  // this page answers heartbeats
    // Back after a loss, the banner stays until the table is shown anew.
    show(everOpen ? "reconnecting" : "connecting", "Connected. Catching up with the table\u2026");
    everOpen = true;
  });
  on("wsBeforeMessage", (event) => {
    lastHeard = Date.now();
    if (event.detail.message === PING) {
      event.preventDefault();  // not HTML: nothing to swap, and no answer to a command
      socket?.send(PONG);
    }
  });
  on("wsAfterMessage", (event) => {
    if (!usable && String(event.detail.message).includes('id="table-live"')) {
      setUsable(true);
      show("live", "Live");
    }
  });
  on("wsError", () => everOpen || show("reconnecting", "Cannot reach the table. Retrying\u2026"));
  on("wsClose", (event) => {
    const closed = event.detail?.event;
    if (unloading || (closed?.target && closed.target !== socket)) return;
    const code = closed?.code;
    if (code === SILENT) {
      offline("reconnecting", lostText());
      setTimeout(() => wrapper?.reconnect(), retryDelay(0));
    } else if (CLOSED[code]) offline("closed", CLOSED[code]);
    else if (RETRIED.includes(code)) offline("reconnecting", lostText());
    else offline("closed", "Disconnected. Reload the page to reconnect.");
  });
  setUsable(false);
  setInterval(() => checkHeartbeat(beatMs), 1000);
  document.addEventListener("visibilitychange", () => document.hidden || checkHeartbeat(beatMs));
}
