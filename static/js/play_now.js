// Play now's waiting page (templates/games/play_now.html): leaving the page leaves the queue. The server
// answers a closed page's leave with nothing, and refuses it quietly once the player was seated (the page
// then goes to the table). The "Leave the queue" button sends its own form instead.
const form = document.querySelector("form.play-now-leave");
let leaving = false;

if (form) {
  form.addEventListener("submit", () => { leaving = true; });
  window.addEventListener("pagehide", () => {
    if (leaving) return;
    const data = new FormData(form);
    data.append("page_closed", "1");
    navigator.sendBeacon(form.action, data);
  });
  // Back to this page from the browser's cache: the queue was left on the way out, so ask the server again.
  window.addEventListener("pageshow", (event) => { if (event.persisted) window.location.reload(); });
}
