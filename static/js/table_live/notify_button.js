/* The "Notify me when it's my turn" button ([data-turn-notify], templates/_turn_notify.html): the
   browser asks the player whether this site may show notifications only when it is pressed, never
   on its own. Where the browser cannot show them, or the player has answered, a sentence says so
   instead of the button. The answer is kept by the browser, so the server stores nothing. A page
   showing the button loads this module; turn_alert.js shows the notifications. */
const STATES = {
  missing: "This browser cannot show notifications.",
  denied: "Notifications are blocked for this site in this browser (its site settings can allow them).",
  granted: "This browser shows a notification when your turn comes while the table's tab is hidden.",
};

const permission = () => (window.Notification ? Notification.permission : "missing");

function paint(box) {
  box.querySelector("button").hidden = permission() !== "default";
  box.querySelector("[data-turn-notify-state]").textContent = STATES[permission()] || "";
}

async function ask(box) {
  box.querySelector("[data-turn-notify-state]").setAttribute("role", "status");  // the answer is read out
  await Notification.requestPermission();
  paint(box);
}

for (const box of document.querySelectorAll("[data-turn-notify]")) {
  paint(box);
  box.querySelector("button").addEventListener("click", () => ask(box));
}
