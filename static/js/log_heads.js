// Keeps, in this browser, the head of the table's log at each deal the page was shown, and warns when the
// server later shows another hash at one of those versions, or none: a log altered after this browser saw
// it (docs/fair-deals.md, "Threat model"). The heads come from data-deal-heads ({version of a deal: the
// log's hash at that version}): the log check's section (every deal, at page load) and the live frame
// (the deals among its latest moves, at every move). Nothing is sent anywhere.
const PREFIX = "cardroom-log-heads:";

function kept(table) {
  try {
    return JSON.parse(localStorage.getItem(PREFIX + table) || "{}");
  } catch {
    return {};
  }
}

// The versions at which ``shown`` gives another head than the one ``heads`` kept; with ``all``, also those
// ``shown`` lacks (the log check's section lists every deal; a live frame only the latest moves').
export function differences(heads, shown, all) {
  return Object.keys(heads).filter((version) => (all || version in shown) && shown[version] !== heads[version])
    .map(Number).sort((a, b) => a - b);
}

function warn(changed) {
  const warning = document.querySelector(".log-chain-kept");
  if (!warning || !changed.length) return;
  warning.textContent = `This browser kept another head of this table's log at event ${changed.join(", ")} than ` +
    "the server shows now: the log was changed after you saw it.";
  warning.hidden = false;
}

function keep(table, source, all) {
  if (!table || !source?.dataset.dealHeads) return;
  const shown = JSON.parse(source.dataset.dealHeads);
  const heads = kept(table);
  warn(differences(heads, shown, all));
  for (const [version, head] of Object.entries(shown)) {
    if (!(version in heads)) heads[version] = head;
  }
  try {
    localStorage.setItem(PREFIX + table, JSON.stringify(heads));
  } catch {
    // Storage full or refused: the page still checks, it keeps nothing new.
  }
}

const section = document.querySelector("[data-log-chain]");
const table = section?.dataset.logChain;
keep(table, document.getElementById("table-live"), false);
keep(table, section, true);
document.addEventListener("htmx:wsAfterMessage", () => keep(table, document.getElementById("table-live"), false));
