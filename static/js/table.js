/*
 * Cardroom table script: clicks and keys on a game board become commands on the websocket.
 *
 * Generic for every game. A board describes what can be played with data attributes;
 * this script only knows "cards", "sources", "targets" and "commands", never a game's rules.
 * The server's list of legal commands (#legal-commands inside #table-live) decides what
 * lights up and what may be sent: only a command that is in that list is ever sent.
 *
 * Data attributes a board may use (JSON values are single-quoted in the HTML):
 *
 *   data-card="QH"            A card the player can select (toggle; several may be selected).
 *                             Gets .playable when some legal command names it ("card" or "cards").
 *   data-source='{"from":1}'  Something to select as the origin of a command (one at a time).
 *                             Its keys are merged into a target's command. Gets .playable when
 *                             some legal command contains all its keys and values.
 *                             Selecting a source clears the selected cards, and the other way round.
 *   data-target='{"type":"spank","seat":2,"stack":3}'
 *                             A place to play the selection to: a partial command, or a JSON list
 *                             of partial commands (alternatives, e.g. move here or place here).
 *   data-needs="card"         What a target merges in, space-separated alternatives:
 *                               card   -> "card": the one selected card's code
 *                               cards  -> "cards": the selected cards' codes (sorted)
 *                               source -> the selected source's keys
 *                             Without data-needs the target's command is sent as it is.
 *                             Clicking sends the first merged command that is legal; an element
 *                             that is both a source and a target is used as a target only when
 *                             that gives a legal command, otherwise it is (de)selected as a source.
 *                             Gets .legal-target while the current selection makes it legal.
 *   data-command='{"type":"end_turn"}'
 *                             A button that sends this command as it is; disabled unless legal.
 *   data-when-legal           On a data-command or data-target element: shown only while some legal
 *                             command contains all of its (partial) command's keys (render it with
 *                             the hidden attribute so it never flashes up).
 *   data-hint="..."           On a target: the hint shown when the selection cannot be played there.
 *   data-hint-select="..."    On a card or source: the hint shown when it cannot be used now.
 *   data-label="..."          On a source: how the selection status names it ("your stack 2").
 *   data-clear-selection      A button that clears the selection (Escape does the same).
 *   data-selection-status     An element that gets a short text about the current selection.
 *   .invite-link[data-path]   An input that is filled with location.origin + data-path.
 *   data-copy="#selector"     A button that copies the value of the input it names.
 *
 * #table-live itself gets .can-act (the legal list is not empty), .has-selection and aria-busy
 * (a command is on its way). Commands go through #command-form (ws-send), with #table-live's
 * data-version as expected_version; the legal command from the list is what is sent.
 *
 * Selected elements get .selected and aria-pressed="true". After every new #table-live the
 * selection is cleared. Hints (nothing legal to do with a click) go to #flash as
 * <p class="hint">. #connection shows the websocket's state.
 */
(function () {
  "use strict";

  var state = {
    legal: [],          // the legal commands, as sent by the server
    legalKeys: {},      // canonical form -> legal command
    cards: [],          // selected data-card elements, in the order they were selected
    source: null,       // the selected data-source element
    live: null,         // the #table-live element the selection belongs to
    sending: false,
    sendTimer: null
  };

  var SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

  // ---- helpers --------------------------------------------------------------------------

  function parseJSON(text, fallback) {
    if (text == null || text === "") return fallback;
    try { return JSON.parse(text); } catch (e) { return fallback; }
  }

  function isObject(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value);
  }

  /* A canonical string for a command: keys sorted, lists of plain values sorted (multisets). */
  function canonical(value) {
    if (Array.isArray(value)) {
      var items = value.map(canonical);
      var plain = value.every(function (v) { return !isObject(v) && !Array.isArray(v); });
      if (plain) items.sort();
      return "[" + items.join(",") + "]";
    }
    if (isObject(value)) {
      return "{" + Object.keys(value).sort().map(function (k) {
        return JSON.stringify(k) + ":" + canonical(value[k]);
      }).join(",") + "}";
    }
    return JSON.stringify(value);
  }

  /* Does the legal command contain every key/value of the partial one? */
  function contains(command, partial) {
    return Object.keys(partial).every(function (k) {
      return k in command && canonical(command[k]) === canonical(partial[k]);
    });
  }

  function legalMatch(command) {
    return state.legalKeys[canonical(command)] || null;
  }

  function someLegalContains(partial) {
    return state.legal.some(function (c) { return contains(c, partial); });
  }

  function cardLabel(code) {
    var m = /^(.+?)([SHDC])$/.exec(code || "");
    if (code === "JK") return "Joker";
    return m ? m[1] + SUITS[m[2]] : String(code);
  }

  function merge(a, b) {
    var out = {};
    Object.keys(a).forEach(function (k) { out[k] = a[k]; });
    Object.keys(b).forEach(function (k) { out[k] = b[k]; });
    return out;
  }

  function liveRoot() { return document.getElementById("table-live"); }

  function within(selector) {
    var root = liveRoot();
    return root ? Array.prototype.slice.call(root.querySelectorAll(selector)) : [];
  }

  function targetsOf(el) {
    var value = parseJSON(el.getAttribute("data-target"), null);
    if (Array.isArray(value)) return value.filter(isObject);
    return isObject(value) ? [value] : [];
  }

  function needsOf(el) {
    return (el.getAttribute("data-needs") || "").split(/\s+/).filter(Boolean);
  }

  // ---- flash and status -----------------------------------------------------------------

  function hint(text) {
    var flash = document.getElementById("flash");
    if (!flash) return;
    flash.innerHTML = "";
    var p = document.createElement("p");
    p.className = "hint";
    p.textContent = text;
    flash.appendChild(p);
    clearTimeout(state.hintTimer);
    state.hintTimer = setTimeout(function () {
      if (p.parentNode === flash) flash.removeChild(p);
    }, 5000);
  }

  function clearFlash() {
    var flash = document.getElementById("flash");
    if (flash) flash.innerHTML = "";
  }

  function selectedCodes() {
    return state.cards.map(function (el) { return el.getAttribute("data-card"); });
  }

  function statusText() {
    if (state.cards.length) {
      return "Selected: " + selectedCodes().map(cardLabel).join(" ") + ". Now choose where to play.";
    }
    if (state.source) {
      var label = state.source.getAttribute("data-label") || "1 item";
      return "Selected: " + label + ". Now choose where it goes.";
    }
    return "";
  }

  // ---- what the selection gives ---------------------------------------------------------

  /* Every command a target could make from the current selection (legal or not). */
  function candidates(el) {
    var partials = targetsOf(el);
    var needs = needsOf(el);
    var codes = selectedCodes();
    var out = [];
    if (!needs.length) return partials.slice();
    needs.forEach(function (need) {
      var extra = null;
      if (need === "card" && codes.length === 1) extra = { card: codes[0] };
      else if (need === "cards" && codes.length >= 1) extra = { cards: codes.slice().sort() };
      else if (need === "source" && state.source && state.source !== el) {
        extra = parseJSON(state.source.getAttribute("data-source"), null);
      }
      if (!isObject(extra)) return;
      partials.forEach(function (p) { out.push(merge(p, extra)); });
    });
    return out;
  }

  function legalFor(el) {
    var list = candidates(el);
    for (var i = 0; i < list.length; i++) {
      var found = legalMatch(list[i]);
      if (found) return found;
    }
    return null;
  }

  function hasSelection() {
    return state.cards.length > 0 || state.source !== null;
  }

  /* Why a target click gives nothing to send, as a sentence. */
  function refusalHint(el) {
    var needs = needsOf(el);
    var codes = selectedCodes();
    if (!state.legal.length) {
      var root = liveRoot();
      return root && root.dataset.seat === "" ? "You are watching this table." : "Nothing can be played right now: wait for your turn.";
    }
    if (needs.length && !hasSelection()) {
      if (needs.indexOf("card") >= 0 || needs.indexOf("cards") >= 0) return "Select a card first, then choose where to play it.";
      return "Select what to move first.";
    }
    if (needs.length === 1 && needs[0] === "card" && codes.length > 1) return "Select just one card for that.";
    return el.getAttribute("data-hint") || "That is not a legal play right now.";
  }

  // ---- painting -------------------------------------------------------------------------

  function paint() {
    var root = liveRoot();
    if (!root) return;
    var selecting = hasSelection();

    within("[data-card]").forEach(function (el) {
      var code = el.getAttribute("data-card");
      var playable = state.legal.some(function (c) {
        return c.card === code || (Array.isArray(c.cards) && c.cards.indexOf(code) >= 0);
      });
      var selected = state.cards.indexOf(el) >= 0;
      el.classList.toggle("playable", playable);
      el.classList.toggle("selected", selected);
      if (el.tagName === "BUTTON") el.setAttribute("aria-pressed", selected ? "true" : "false");
    });

    within("[data-source]").forEach(function (el) {
      var partial = parseJSON(el.getAttribute("data-source"), null);
      var selected = state.source === el;
      el.classList.toggle("playable", isObject(partial) && someLegalContains(partial));
      el.classList.toggle("selected", selected);
      if (el.tagName === "BUTTON") el.setAttribute("aria-pressed", selected ? "true" : "false");
    });

    within("[data-target]").forEach(function (el) {
      var legal = !!legalFor(el);
      var needs = needsOf(el).length > 0;
      // A target that needs a selection lights up only once something is selected.
      el.classList.toggle("legal-target", legal && (!needs || selecting));
      if (el.hasAttribute("data-when-legal")) {
        el.hidden = !targetsOf(el).some(someLegalContains);
      }
      if (!el.hasAttribute("data-source") && !el.hasAttribute("data-card")) {
        // Disabled only when no selection at all could make it legal.
        el.setAttribute("aria-disabled", targetsOf(el).some(someLegalContains) ? "false" : "true");
      }
    });

    within("[data-command]").forEach(function (el) {
      var command = parseJSON(el.getAttribute("data-command"), null);
      var legal = isObject(command) && !!legalMatch(command);
      if (el.hasAttribute("data-when-legal")) el.hidden = !(isObject(command) && someLegalContains(command));
      el.disabled = !legal || state.sending;
      el.classList.toggle("legal-target", legal);
    });

    within("[data-clear-selection]").forEach(function (el) { el.hidden = !selecting; });
    within("[data-selection-status]").forEach(function (el) { el.textContent = statusText(); });

    root.classList.toggle("has-selection", selecting);
    root.classList.toggle("can-act", state.legal.length > 0);
    root.setAttribute("aria-busy", state.sending ? "true" : "false");
  }

  function clearSelection() {
    state.cards = [];
    state.source = null;
  }

  /* A new #table-live arrived (or the page loaded): read the legal list, start afresh. */
  function refresh() {
    var root = liveRoot();
    if (!root) return;
    if (root !== state.live) {
      state.live = root;
      clearSelection();
      state.sending = false;
      clearTimeout(state.sendTimer);
      var script = document.getElementById("legal-commands");
      var legal = parseJSON(script ? script.textContent : "[]", []);
      state.legal = Array.isArray(legal) ? legal.filter(isObject) : [];
      state.legalKeys = {};
      state.legal.forEach(function (c) { state.legalKeys[canonical(c)] = c; });
    }
    fillInviteLinks();
    paint();
  }

  // ---- sending ---------------------------------------------------------------------------

  function send(command) {
    var form = document.getElementById("command-form");
    var root = liveRoot();
    if (!form || !root || !window.htmx) return;
    if (state.sending) return;
    form.querySelector("[name=command]").value = JSON.stringify(command);
    form.querySelector("[name=expected_version]").value = root.dataset.version;
    state.sending = true;
    clearSelection();
    clearFlash();
    paint();
    // The server answers with a new table (or a refusal); if nothing comes, allow another try.
    clearTimeout(state.sendTimer);
    state.sendTimer = setTimeout(function () { state.sending = false; paint(); }, 6000);
    window.htmx.trigger(form, "submit");
  }

  // ---- clicks and keys -------------------------------------------------------------------

  function toggleCard(el) {
    var i = state.cards.indexOf(el);
    if (i >= 0) state.cards.splice(i, 1);
    else {
      state.cards.push(el);
      state.source = null;
    }
  }

  function toggleSource(el) {
    if (state.source === el) state.source = null;
    else {
      state.source = el;
      state.cards = [];
    }
  }

  function onClick(event) {
    var root = liveRoot();
    var el = event.target.closest("[data-card],[data-source],[data-target],[data-command],[data-clear-selection],[data-copy]");
    if (!el) return;
    if (el.hasAttribute("data-copy")) {
      copyFrom(el);
      return;
    }
    if (!root || !root.contains(el)) return;
    event.preventDefault();
    if (el.disabled || state.sending) return;

    if (el.hasAttribute("data-clear-selection")) {
      clearSelection();
      clearFlash();
      paint();
      return;
    }
    if (el.hasAttribute("data-command")) {
      var command = parseJSON(el.getAttribute("data-command"), null);
      var found = isObject(command) && legalMatch(command);
      if (found) send(found);
      else hint(el.getAttribute("data-hint") || "That is not possible right now.");
      return;
    }
    clearFlash();
    if (!state.legal.length) {
      // Not this seat's turn (or a spectator): nothing to select or play.
      clearSelection();
      hint(refusalHint(el));
      paint();
      return;
    }
    if (el.hasAttribute("data-target")) {
      var legal = legalFor(el);
      var needs = needsOf(el).length > 0;
      if (legal && (!needs || hasSelection())) {
        send(legal);
        return;
      }
      if (!selectable(el) || (hasSelection() && !isSelected(el) && !switchesTo(el))) {
        // Nothing legal to do here with this selection: say why, keep the selection.
        hint(refusalHint(el));
        paint();
        return;
      }
    }
    if (!isSelected(el) && !el.classList.contains("playable")) {
      // Selecting something no legal command can use would only mislead.
      hint(el.getAttribute("data-hint-select") ||
           (el.hasAttribute("data-card") ? "That card cannot be played now." : "That cannot be used now."));
      paint();
      return;
    }
    if (el.hasAttribute("data-card")) toggleCard(el);
    else if (el.hasAttribute("data-source")) toggleSource(el);
    paint();
  }

  function selectable(el) {
    return el.hasAttribute("data-card") || el.hasAttribute("data-source");
  }

  function isSelected(el) {
    return state.source === el || state.cards.indexOf(el) >= 0;
  }

  /* Clicking a selectable element that is no legal target: does it replace the selection? */
  function switchesTo(el) {
    if (el.hasAttribute("data-card")) return state.cards.length > 0;  // add to the selected cards
    if (state.source) return true;                                   // another source instead
    var partial = parseJSON(el.getAttribute("data-source"), null);
    return isObject(partial) && someLegalContains(partial);           // a usable source instead of cards
  }

  function onKey(event) {
    if (event.key === "Escape" && (hasSelection() || document.querySelector("#flash > *"))) {
      clearSelection();
      clearFlash();
      paint();
    }
  }

  // ---- invite links ----------------------------------------------------------------------

  function fillInviteLinks() {
    document.querySelectorAll(".invite-link[data-path]").forEach(function (input) {
      var full = location.origin + input.getAttribute("data-path");
      if (input.value !== full) input.value = full;
    });
  }

  function copyFrom(button) {
    var input = document.querySelector(button.getAttribute("data-copy"));
    if (!input) return;
    var done = function () {
      var old = button.textContent;
      button.textContent = "Copied";
      setTimeout(function () { button.textContent = old; }, 1500);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, function () { input.select(); });
    } else {
      input.select();
      try { document.execCommand("copy"); done(); } catch (e) { /* selected for the user to copy */ }
    }
  }

  // ---- connection state ------------------------------------------------------------------

  var CLOSE_REASONS = {
    4401: "You are logged out. Reload the page to log in again.",
    4404: "This table does not exist or is private."
  };

  function connection(kind, text) {
    var el = document.getElementById("connection");
    if (!el) return;
    el.className = "connection is-" + kind;
    el.textContent = text;
  }

  var everOpen = false;
  var unloading = false;
  window.addEventListener("beforeunload", function () { unloading = true; });

  document.addEventListener("htmx:wsConnecting", function () {
    connection(everOpen ? "reconnecting" : "connecting", everOpen ? "Reconnecting\u2026" : "Connecting\u2026");
  });
  document.addEventListener("htmx:wsOpen", function () {
    everOpen = true;
    connection("live", "Live");
  });
  document.addEventListener("htmx:wsClose", function (event) {
    if (unloading) return;
    var code = event.detail && event.detail.event ? event.detail.event.code : 0;
    state.sending = false;
    if (CLOSE_REASONS[code]) connection("closed", CLOSE_REASONS[code]);
    else if ([1006, 1011, 1012, 1013].indexOf(code) >= 0) connection("reconnecting", "Connection lost. Reconnecting\u2026");
    else connection("closed", "Disconnected. Reload the page to reconnect.");
    paint();
  });
  document.addEventListener("htmx:wsError", function () {
    if (!everOpen) connection("reconnecting", "Cannot reach the table. Retrying\u2026");
  });

  // ---- wiring ----------------------------------------------------------------------------

  document.addEventListener("htmx:wsAfterMessage", function () {
    state.sending = false;
    clearTimeout(state.sendTimer);
    // A refusal from the server stays a while, then goes (a click or Escape clears it sooner).
    var refusal = document.querySelector("#flash .refusal:not([data-timed])");
    if (refusal) {
      refusal.setAttribute("data-timed", "");
      setTimeout(function () { if (refusal.parentNode) refusal.parentNode.removeChild(refusal); }, 10000);
    }
    refresh();
    paint();
  });
  document.addEventListener("htmx:oobAfterSwap", refresh);
  document.addEventListener("htmx:load", refresh);
  document.addEventListener("click", onClick);
  document.addEventListener("keydown", onKey);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", refresh);
  else refresh();

  // For other scripts and tests.
  window.cardroomTable = { refresh: refresh, canonical: canonical, send: send, state: state };
})();
