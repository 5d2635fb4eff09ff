/* Disputing a ruling without leaving the table (templates/reviews/_dispute_dialog.html). A ruling's
   "Dispute" link in the live table opens #dispute-dialog, which is outside #table-live: the frames the
   match goes on sending replace the link, never the dialog or what the player typed in it. The form is
   filed through the REST endpoint (reviews.filing, as the filing page does), so the page and its
   websocket stay; the refusal's sentence, or the confirmation, is shown in the dialog. Without this
   script the link opens the filing page. */
const dialog = document.getElementById("dispute-dialog");
const form = dialog?.querySelector("form");

const part = (name) => form.querySelector(`[data-dispute-${name}]`);

/* What the dialog says: the refusal (kept with the text, to be put right) or the confirmation. */
function say({ refusal = "", filed = "" }) {
  part("refusal").textContent = refusal;
  part("filed").textContent = filed;
  for (const el of form.querySelectorAll("[data-dispute-fields]")) el.hidden = Boolean(filed);
}

/* Opens the dialog for the ruling of ``link``; reopened for the same ruling, it still holds what was typed. */
function open(link) {
  const ruling = link.closest("[data-ruling-version]");
  const version = ruling.dataset.rulingVersion;
  if (form.elements.version.value !== version) {
    form.elements.version.value = version;
    form.elements.text.value = "";
    say({});
  }
  part("sentence").textContent = ruling.querySelector(".dispute-sentence")?.textContent.trim() || "";
  dialog.showModal();
  (part("filed").textContent ? form.querySelector("[data-dispute-close]") : form.elements.text).focus();
}

function onClick(event) {
  const link = event.target.closest?.("#table-live a.dispute-link[href]");
  if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  open(link);
}

let filing = false;

async function onSubmit(event) {
  event.preventDefault();
  if (filing) return;
  filing = true;
  form.setAttribute("aria-busy", "true");
  try {
    const response = await fetch(dialog.dataset.filingUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json", Accept: "application/json",
        "X-CSRFToken": form.elements.csrfmiddlewaretoken.value,
      },
      body: JSON.stringify({ version: Number(form.elements.version.value), text: form.elements.text.value }),
    });
    const body = await response.json().catch(() => ({}));
    if (response.ok) {
      form.elements.text.value = "";
      say({ filed: "Your dispute is filed; staff will review it." });
      form.querySelector("[data-dispute-close]").focus();
    } else {
      say({ refusal: body.detail || `The dispute was not filed (the server answered ${response.status}).` });
      form.elements.text.focus();
    }
  } catch {
    say({ refusal: "The dispute could not be sent: check the connection, then file it again." });
  } finally {
    filing = false;
    form.removeAttribute("aria-busy");
  }
}

/* Focus goes back to the ruling's link, or, once it is disputed (the link gone), to the live table. */
function onClose() {
  const version = form.elements.version.value;
  const root = document.getElementById("table-live");
  (root?.querySelector(`[data-ruling-version="${version}"] a.dispute-link`) || root)?.focus();
}

if (dialog) {
  document.addEventListener("click", onClick);
  form.addEventListener("submit", onSubmit);
  form.elements.text.addEventListener("input", () => { part("refusal").textContent = ""; });  // being put right
  form.querySelector("[data-dispute-close]").addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", onClose);
}
