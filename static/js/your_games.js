/* The "Your games" socket every page of a logged-in player opens (the header's #your-games-link names it,
   games.live.consumers.YourGamesConsumer serves it). The server sends the header's badge, and on the
   Your games page (#your-games-list, asked for with ?list=1) the list, whenever a table the player sits
   at changes: each element it sends replaces the page's element of the same id. When a turn-based table
   newly awaits the player's move it sends {"your_move": {table, turn, name, url}}, and the page shows a
   notification if the player allowed them in this browser (the "Notify me" button,
   table_live/notify_button.js), except for the table this page shows, whose own page alerts already
   (table_live/turn_alert.js).

   A plain WebSocket, not htmx's ws extension: a table page's connection.js takes every socket that
   extension opens for the table's own. It answers the server's heartbeats as the table page does
   (games/live/heartbeats.py: a "pong" on connecting and to every "ping"), so the player counts as
   around while any page is open, and gives a silent socket up and reconnects with a growing wait. */
const link = document.getElementById("your-games-link");
const PING = "ping", PONG = "pong";
const LOGGED_OUT = 4401;  // the server's close code for a session that ended (games/live/consumers.py)
const SILENT_BEATS = 2.4;  // two pings missed, and a little
const FIRST_RETRY_MS = 500, LONGEST_RETRY_MS = 30000;

let socket = null, lastHeard = 0, retries = 0, closing = false;

function socketUrl() {
  const url = new URL(link.dataset.yourGames, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  if (document.getElementById("your-games-list")) url.search = "?list=1";
  return url.href;
}

/* Each element of ``html`` with an id replaces the page's element of that id. */
function swap(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  for (const fresh of template.content.children) {
    if (fresh.id) document.getElementById(fresh.id)?.replaceWith(fresh.cloneNode(true));
  }
}

function notify({ table, turn, name, url }) {
  if (window.Notification?.permission !== "granted") return;
  if (document.querySelector(".table-page")?.dataset.table === table) return;
  let notification;
  try {
    // One tag per turn: every open page of the room hears of it, and the browser shows it once.
    notification = new Notification(`Your move at ${name}`, { tag: `your-move:${table}:${turn}` });
  } catch {
    return;  // Chrome on Android shows notifications only through a service worker
  }
  notification.onclick = () => { window.focus(); window.location.assign(url); notification.close(); };
}

function heard(event) {
  lastHeard = Date.now();
  retries = 0;
  const message = String(event.data);
  if (message === PING) socket?.send(PONG);
  else if (message.startsWith("{")) {
    const data = JSON.parse(message);
    if (data.your_move) notify(data.your_move);
  } else swap(message);
}

/* Another try after a wait that grows with each failed one, with jitter so that the pages of a restarted
   server do not all come back in the same instant. */
function reconnectSoon() {
  const wait = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** retries++) * (0.6 + 0.4 * Math.random());
  setTimeout(connect, wait);
}

function connect() {
  if (closing) return;
  const opened = new WebSocket(socketUrl());
  socket = opened;
  opened.onopen = () => { lastHeard = Date.now(); opened.send(PONG); };
  opened.onmessage = heard;
  opened.onclose = (event) => {
    if (socket !== opened) return;
    socket = null;
    if (!closing && event.code !== LOGGED_OUT) reconnectSoon();
  };
}

/* No word from the server for a few beats: give this socket up, without waiting for its close (which may
   be long in coming on a lost network), and open another. */
function checkHeartbeat(beatMs) {
  if (socket?.readyState !== WebSocket.OPEN || Date.now() - lastHeard <= beatMs * SILENT_BEATS) return;
  const dead = socket;
  socket = null;
  dead.onmessage = null;
  try { dead.close(4000, "no heartbeat"); } catch { /* already closing */ }
  reconnectSoon();
}

if (link && window.WebSocket) {
  const beatMs = Number(link.dataset.heartbeatMs) || 2500;
  window.addEventListener("pagehide", () => { closing = true; socket?.close(); });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) { closing = false; connect(); }  // back from the browser's page cache
  });
  connect();
  setInterval(() => checkHeartbeat(beatMs), 1000);
}
