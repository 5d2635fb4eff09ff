// The lobby's form for a new table (templates/games/lobby.html): only the chosen game's fields are sent.
// A visitor without an account has no such form.
const form = document.querySelector(".create-table");

function sync() {
  const game = form.querySelector("input[name=game]:checked").value;
  form.querySelectorAll("[data-game]").forEach((el) => { el.disabled = el.dataset.game !== game; });
}

if (form) {
  form.addEventListener("change", sync);
  sync();
}
