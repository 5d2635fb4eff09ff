/* The table chat (#chat, games/tables/chat.py): clears the box once a message is sent, keeps the latest line
   in sight, and hides the lines of the users this browser's user muted. Mutes are kept in this
   browser (localStorage, per user): hiding someone's lines is nobody's business but the reader's. */
export const CHAT_MARK = "<!--chat-->";  // games.tables.chat.FRAME_MARK: a chat frame, never a command's answer
export const isChatFrame = (message) => String(message ?? "").startsWith(CHAT_MARK);

const chatBox = () => document.getElementById("chat");
const storageKey = () => "cardroom.chat.muted." + (chatBox()?.dataset.me || "anonymous");

/* {user id: display name} of the muted users. */
function muted() {
  try { return JSON.parse(localStorage.getItem(storageKey())) || {}; } catch (e) { return {}; }
}
function setMuted(users) {
  try { localStorage.setItem(storageKey(), JSON.stringify(users)); } catch (e) { /* private mode: for this page only */ }
  mutedHere = users;
}
let mutedHere = null;

function unmuteButton(id, name) {
  const button = Object.assign(document.createElement("button"), { type: "button", className: "link", textContent: "unmute" });
  button.setAttribute("aria-label", "Unmute " + name);
  button.dataset.unmute = id;
  return button;
}

export function paintChat() {
  const chat = chatBox();
  if (!chat) return;
  mutedHere ??= muted();
  for (const line of chat.querySelectorAll(".chat-line")) {
    line.hidden = line.dataset.user in mutedHere;
    const mute = line.querySelector("[data-mute]");
    if (mute) mute.hidden = !chat.dataset.me || line.dataset.user === chat.dataset.me;
  }
  for (const time of chat.querySelectorAll("time[datetime]:not([data-local])")) {
    const at = new Date(time.getAttribute("datetime"));  // shown in this computer's time zone
    if (isNaN(at)) continue;
    time.textContent = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    time.title = at.toLocaleString();
    time.dataset.local = "";
  }
  const list = chat.querySelector("[data-chat-muted]");
  const names = Object.entries(mutedHere);
  list.hidden = names.length === 0;
  list.replaceChildren(...(names.length ? [document.createTextNode("Muted: ")] : []), ...names.flatMap(([id, name], i) => [
    ...(i ? [document.createTextNode(", ")] : []),
    document.createTextNode(name + " "),
    unmuteButton(id, name),
  ]));
  const log = document.getElementById("chat-log");
  if (log) log.scrollTop = log.scrollHeight;
}

function onClick(event) {
  const button = event.target.closest?.("#chat [data-mute], #chat [data-unmute]");
  if (!button) return;
  const users = { ...(mutedHere ?? muted()) };
  if (button.dataset.mute) users[button.dataset.mute] = button.dataset.name;
  else delete users[button.dataset.unmute];
  setMuted(users);
  paintChat();
}

export function watchChat() {
  document.addEventListener("click", onClick);
  document.addEventListener("htmx:wsAfterSend", (event) => {
    if (event.target.id !== "chat-form") return;
    event.target.reset();
    document.getElementById("chat-status")?.replaceChildren();
  });
  document.addEventListener("htmx:wsAfterMessage", (event) => isChatFrame(event.detail.message) && paintChat());
  paintChat();
}
