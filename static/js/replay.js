// The replay page (templates/games/_replay_live.html): steps without reloading the page. Each step is a
// URL (?step=n&as=...) pushed onto the browser's history, so the back button walks back through steps
// and any step can be shared. Keys: ArrowLeft / ArrowRight one step, Home / End the first and last.
// Without this script the links and the slider's form still work, one page load a step.

let latest = 0; // the newest request: an older answer arriving late is dropped

const live = () => document.getElementById("replay-live");

function urlOfStep(step) {
  const url = new URL(window.location.href);
  url.searchParams.set("step", String(step));
  url.searchParams.set("as", live().dataset.as);
  return url.toString();
}

async function show(url, push) {
  const request = ++latest;
  let page;
  try {
    const response = await fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" });
    if (!response.ok) throw new Error(String(response.status));
    page = new DOMParser().parseFromString(await response.text(), "text/html");
  } catch {
    window.location.assign(url); // let the server's page say what went wrong
    return;
  }
  const fresh = page.getElementById("replay-live");
  if (request !== latest || !fresh) return;
  const focused = document.activeElement && document.activeElement.id;
  live().replaceWith(fresh);
  document.title = page.title;
  if (push) window.history.pushState({ replay: true }, "", url);
  const again = focused && document.getElementById(focused);
  if (again) again.focus();
}

function goTo(step) {
  const current = Number(live().dataset.step);
  const target = Math.max(0, Math.min(Number(live().dataset.last), step));
  if (target !== current) show(urlOfStep(target), true);
}

document.addEventListener("click", (event) => {
  const link = event.target.closest("#replay-live a[data-replay-link]");
  if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  show(link.href, true);
});

document.addEventListener("input", (event) => {
  if (event.target.id === "replay-step") document.getElementById("replay-step-output").value = event.target.value;
});

document.addEventListener("change", (event) => {
  if (event.target.id === "replay-step") goTo(Number(event.target.value));
});

const KEYS = {
  ArrowLeft: (step) => step - 1,
  ArrowRight: (step) => step + 1,
  Home: () => 0,
  End: (step, last) => last,
};

document.addEventListener("keydown", (event) => {
  const move = KEYS[event.key];
  if (!move || !live() || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const field = event.target.closest && event.target.closest("input, select, textarea, [contenteditable]");
  if (field && field.id !== "replay-step") return;
  event.preventDefault();
  goTo(move(Number(live().dataset.step), Number(live().dataset.last)));
});

window.addEventListener("popstate", () => show(window.location.href, false));
