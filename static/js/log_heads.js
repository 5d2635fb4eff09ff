// Keeps, in this browser, the head of the table's log at each deal the page was shown (data-deal-heads:
// {version of a deal: the log's hash at that version}), and warns when the server later shows another
// hash at one of those versions, or none: a log altered after this browser saw it (docs/fair-deals.md,
// "Threat model"). Nothing is sent anywhere.
const PREFIX = "cardroom-log-heads:";

function keptHeads(table) {
  try {
    return JSON.parse(localStorage.getItem(PREFIX + table) || "{}");
  } catch {
    return {};
  }
}

export function differences(kept, shown) {
  return Object.keys(kept).filter((version) => shown[version] !== kept[version]).map(Number).sort((a, b) => a - b);
}

function check(section) {
  const table = section.dataset.logChain;
  const shown = JSON.parse(section.dataset.dealHeads || "{}");
  const kept = keptHeads(table);
  const changed = differences(kept, shown);
  if (changed.length) {
    const warning = section.querySelector(".log-chain-kept");
    warning.textContent = `This browser kept another head of the log at event ${changed.join(", ")} than the server shows now: ` +
      "the log was changed after you saw it.";
    warning.hidden = false;
  }
  for (const [version, head] of Object.entries(shown)) {
    if (!(version in kept)) kept[version] = head;
  }
  try {
    localStorage.setItem(PREFIX + table, JSON.stringify(kept));
  } catch {
    // Storage full or refused: the page still shows the check, it keeps nothing new.
  }
}

document.querySelectorAll("[data-log-chain]").forEach(check);
