/*
 * Cardroom table script: clicks and keys on a game board become commands on the websocket.
 *
 * Generic for every game. A board describes what can be played with data attributes;
 * this script only knows "cards", "sources", "targets" and "commands", never a game's rules.
 * The server's list of legal commands (#legal-commands inside #table-live) decides what
 * lights up and what may be sent: only a command that is in that list is ever sent (the
 * exceptions: a data-compose form, and the data-optional keys of a target or command, see below).
 *
 * Data attributes a board may use (JSON values are single-quoted in the HTML):
 *
 *   data-card="QH"            A card the player can select (toggle; several may be selected).
 *                             Gets .playable when some legal command names it ("card" or "cards",
 *                             at any depth: {"discard":{"card":"QH"}} names QH too).
 *   data-group="fake_up"      On a data-card: the selection group it belongs to (without it, "cards").
 *                             The player selects cards of every group together (one selection);
 *                             a target reads each group through its own placeholder (below:
 *                             "$cards" the plain cards, "$fake_up" the cards of the group
 *                             "fake_up"). Such a card gets .playable when some legal command names it
 *                             under its group's key, at any depth ({"fake_up":["9C"]} names 9C).
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
 *                               source -> the selected source's keys (they override the target's,
 *                                         e.g. a target {"from":"hand"} and a source {"from":"win"})
 *                             Without data-needs the target's command is sent as it is.
 *                             Placeholders: the string "$card" anywhere in a target's partial command
 *                             (nested objects and lists too) is replaced by the one selected card's
 *                             code, "$cards" by the selected cards' codes (sorted); such a partial
 *                             needs that selection (no data-needs is required for it), e.g.
 *                             data-target='{"type":"end_turn","discard":{"card":"$card","pile":2}}'.
 *                             With data-group cards, "$cards" means the selected cards of no group and
 *                             "$name" (any other word) the selected cards of the group "name", each
 *                             sorted and possibly empty: the partial needs one selected card or more
 *                             among the groups it names, and none of any group it does not name, e.g.
 *                             '{"type":"play","cards":"$cards","fake_up":"$fake_up"}' sends
 *                             "cards": [] when only "fake_up" cards are selected. ("$card" is the
 *                             plain cards' one card.) So any string "$word" is a placeholder.
 *                             For data-when-legal a placeholder matches any value.
 *                             Commands are matched against the legal list canonically: keys in any
 *                             order, lists of plain values as multisets, so "$cards" (sorted by code)
 *                             matches a legal list in the game's own order (e.g. Spite's rank order);
 *                             the legal list's own command is what is sent.
 *                             Clicking sends the first merged command that is legal; an element
 *                             that is both a source and a target is used as a target only when
 *                             that gives a legal command, otherwise it is (de)selected as a source.
 *                             Gets .legal-target while the current selection makes it legal.
 *   data-command='{"type":"end_turn"}'
 *                             A button that sends this command as it is; disabled unless legal.
 *                             A JSON list gives alternatives (the first legal one is sent).
 *   <form data-compose='{"type":"end_turn","fills":[]}'>
 *                             A form that composes a command: its JSON, then every named field
 *                             (input, select, textarea; unchecked boxes and empty values are left
 *                             out) set at its dotted path: name="discard.pile" sets
 *                             command.discard.pile, a number segment is a list index
 *                             (name="fills.2" -> command.fills[2]); lists are closed up in index
 *                             order (gaps removed). A field with data-json has its value parsed as
 *                             JSON ("2" -> 2, '{"card":"7H","pile":0}' -> an object). Submitting
 *                             (a submit button, Enter) sends the command: the legal command it
 *                             equals if the list holds it, otherwise the command as composed,
 *                             provided some legal command has the same "type" (a server may leave
 *                             out of the list the commands it cannot enumerate, e.g. every way to
 *                             fill four piles; the server judges and refuses what is wrong).
 *                             With data-when-legal the form is shown only while its type is legal;
 *                             its submit buttons are disabled while it is not.
 *   data-when-legal           On a data-command or data-target element (or a data-compose form,
 *                             above): shown only while some legal
 *                             command contains all of its (partial) command's keys (render it with
 *                             the hidden attribute so it never flashes up).
 *   data-optional="announce"  On a data-target or data-command: keys of its command(s) (space-separated)
 *                             that the legal list leaves out, e.g. an optional announcement the server
 *                             cannot list for every play. The command counts as legal when it is legal
 *                             without those keys (for data-when-legal, .legal-target, disabling too);
 *                             what is sent is that legal command with those keys put back, e.g.
 *                             data-target='{"type":"play","cards":"$cards","announce":"lower"}'
 *                             data-optional="announce" sends the legal {"type":"play","cards":[...]}
 *                             plus "announce":"lower". The server judges the extra keys.
 *   data-omit-empty="fake_up"  On a data-target: keys of its command (space-separated, top level) that
 *                             are left out when a placeholder fills them with an empty list (for a
 *                             server that lists {"cards":[...]} without "fake_up" when it is empty).
 *                             For data-when-legal and aria-disabled these keys may be missing.
 *   data-fields="#extras"     On a data-target or data-command: a selector (inside #table-live) of an
 *                             element, e.g. a <fieldset>, whose named fields are put into the command
 *                             before it is matched and sent, by the rules of a data-compose form
 *                             (dotted paths, data-json, unchecked boxes and empty values left out):
 *                             a checkbox name="come_at_me" value="true" data-json adds "come_at_me":true
 *                             (name it in data-optional when the legal list leaves that key out), a
 *                             number input name="bounty_claim" data-json adds the number the player
 *                             typed (matched against the legal list like any other key). Changing a
 *                             field repaints (.legal-target and disabling follow it). Use an element
 *                             that is no <form>, or Enter in a field would submit that form.
 *   data-unlisted="play pass" On a data-target: while the legal list holds a command of one of these types,
 *                             the command the selection makes here is sent even when the list does not
 *                             hold it (the server judges it: in Spite's table mode a misplay is the
 *                             player's to make and the others' to call, and the list holds only the bare
 *                             {"type": "play"}). Such a target lights up for any selection it can take,
 *                             and every card of a group it reads is .playable, so the board does not tell
 *                             the player which of their plays are legal. On a data-command the same: its
 *                             (first) command is sent as it is, and it is enabled (and shown, with
 *                             data-when-legal) while the list holds a command of one of these types.
 *   data-accepts="7S 7H 7D 7C"
 *                             On a target: the only card codes it takes (space-separated); while a
 *                             selected card is not among them the target gives nothing (not legal).
 *   data-confirm="..."        On a data-command: a question the player must confirm before it is sent.
 *   data-hint="..."           On a target: the hint shown when the selection cannot be played there.
 *   data-hint-select="..."    On a card or source: the hint shown when it cannot be used now.
 *   data-label="..."          On a source: how the selection status names it ("your stack 2"); on a
 *                             card, the same in place of its code ("9C, fake joker").
 *   data-deadline-ms="1767225600000"
 *                             A countdown (a table's deadline, epoch milliseconds by the server's clock):
 *                             its text is kept at the whole seconds left (never below 0), ticking
 *                             while any is on the page, with .is-urgent for the last 3 seconds and
 *                             .is-done at 0. #table-live's data-now-ms (the server's clock when it
 *                             rendered) corrects for this computer's clock.
 *   details[data-keep-open]   (with an id) stays open or closed as the player left it when a new
 *                             #table-live replaces it.
 *   data-clear-selection      A button that clears the selection (Escape does the same).
 *   data-selection-status     An element that gets a short text about the current selection.
 *   .invite-link[data-path]   An input that is filled with location.origin + data-path.
 *   data-copy="#selector"     A button that copies the value of the input it names.
 *
 * Drag and drop: a .playable data-card or data-source can be dragged (HTML5 drag with a mouse,
 * pointer events for touch and pen; this script sets draggable="true" and touch-action: none on
 * exactly those elements, so boards add nothing) onto a data-target: that selects it (a dragged card that is
 * already selected keeps the other selected cards) and clicks the target. While a drag is over a
 * target the selection can be played on, the target gets .drag-over; a touch drag shows a copy of
 * the element (.drag-ghost) under the finger. Clicking stays the main path (and the keyboard one).
 *
 * #host-commands (a JSON list beside #legal-commands, for the table's host) holds commands that may be
 * sent as well; they light nothing up and do not count for .can-act.
 *
 * #table-live itself gets .can-act (the legal list is not empty), .has-selection, .dragging and
 * aria-busy (a command is on its way). Commands go through #command-form (ws-send), with
 * #table-live's data-version as expected_version; the legal command from the list is what is sent
 * (the exceptions: a data-compose form, and data-optional keys put back, see above).
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
    sendTimer: null,
    drag: null,         // a touch/pen drag: {el, pointerId, x, y, started, ghost, over}
    dragging: null,     // the element of an HTML5 (mouse) drag under way
    noClickUntil: 0,    // a touch drag just ended: ignore the click the browser sends after it
    clockOffset: 0,     // the server's clock minus this computer's, in ms (from data-now-ms)
    ticker: null,       // the interval that ticks the countdowns while there are any
    keptOpen: {}        // details[data-keep-open] id -> open, as the player left it
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

  /* Does the legal command contain every key/value of the partial one? (Placeholders fit anything.) */
  function contains(command, partial) {
    return Object.keys(partial).every(function (k) {
      return k in command && fits(command[k], partial[k]);
    });
  }

  // ---- placeholders ("$card", "$cards", "$group") in a target's partial command -------------

  var PLACEHOLDER = /^\$([A-Za-z_][A-Za-z0-9_]*)$/;

  function isPlaceholder(value) {
    return typeof value === "string" && PLACEHOLDER.test(value);
  }

  /* The selection group a placeholder reads: "$card" and "$cards" the plain cards, "$name" the group. */
  function placeholderGroup(value) {
    var name = PLACEHOLDER.exec(value)[1];
    return name === "card" ? "cards" : name;
  }

  /* The groups the placeholders of a value read, as keys of ``into``. */
  function groupsNamed(value, into) {
    if (isPlaceholder(value)) into[placeholderGroup(value)] = true;
    else if (Array.isArray(value)) value.forEach(function (v) { groupsNamed(v, into); });
    else if (isObject(value)) Object.keys(value).forEach(function (k) { groupsNamed(value[k], into); });
    return into;
  }

  function hasPlaceholder(value) {
    if (isPlaceholder(value)) return true;
    if (Array.isArray(value)) return value.some(hasPlaceholder);
    if (isObject(value)) return Object.keys(value).some(function (k) { return hasPlaceholder(value[k]); });
    return false;
  }

  /* A value equals a pattern, where a placeholder in the pattern stands for any value. */
  function fits(value, pattern) {
    if (isPlaceholder(pattern)) return value !== undefined;
    if (!hasPlaceholder(pattern)) return canonical(value) === canonical(pattern);
    if (Array.isArray(pattern)) {
      return Array.isArray(value) && value.length === pattern.length &&
        pattern.every(function (p, i) { return fits(value[i], p); });
    }
    if (isObject(pattern)) {
      var keys = Object.keys(pattern);
      return isObject(value) && Object.keys(value).length === keys.length &&
        keys.every(function (k) { return k in value && fits(value[k], pattern[k]); });
    }
    return false;
  }

  /* The partial with its placeholders replaced from the selected cards (``groups``: group -> codes);
     undefined if it cannot be: nothing selected in the groups it names, or something selected
     in a group it does not name, or "$card" without exactly one plain card. */
  function fillPlaceholders(partial, groups) {
    var named = Object.keys(groupsNamed(partial, {}));
    if (named.length) {
      var used = 0, stray = false;
      Object.keys(groups).forEach(function (group) {
        if (named.indexOf(group) >= 0) used += groups[group].length;
        else if (groups[group].length) stray = true;
      });
      if (!used || stray) return undefined;
    }
    return fillValue(partial, groups);
  }

  function fillValue(value, groups) {
    if (value === "$card") return (groups.cards || []).length === 1 ? groups.cards[0] : undefined;
    if (isPlaceholder(value)) return (groups[placeholderGroup(value)] || []).slice().sort();
    var out, missing = false;
    if (Array.isArray(value)) {
      out = value.map(function (v) {
        var f = fillValue(v, groups);
        if (f === undefined) missing = true;
        return f;
      });
      return missing ? undefined : out;
    }
    if (isObject(value)) {
      out = {};
      Object.keys(value).forEach(function (k) {
        out[k] = fillValue(value[k], groups);
        if (out[k] === undefined) missing = true;
      });
      return missing ? undefined : out;
    }
    return value;
  }

  /* Does the command name the card anywhere ("card": code, or "cards": [..., code, ...]; for a card of
     a data-group, that group's key: "fake_up": code or [..., code, ...])? */
  function namesCard(command, code, group) {
    group = group || "cards";
    if (Array.isArray(command)) return command.some(function (v) { return namesCard(v, code, group); });
    if (!isObject(command)) return false;
    return Object.keys(command).some(function (k) {
      var v = command[k];
      var named = group === "cards" ? (k === "card" || k === "cards") : k === group;
      if (named && (v === code || (Array.isArray(v) && v.indexOf(code) >= 0))) return true;
      return (isObject(v) || Array.isArray(v)) && namesCard(v, code, group);
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

  /* Does the target do anything only with a selection (data-needs, or a placeholder)? */
  function requiresSelection(el) {
    return needsOf(el).length > 0 || targetsOf(el).some(hasPlaceholder);
  }

  /* A data-command's commands: one object, or a JSON list of alternatives. */
  function commandsOf(el) {
    var value = parseJSON(el.getAttribute("data-command"), null);
    if (Array.isArray(value)) return value.filter(isObject);
    return isObject(value) ? [value] : [];
  }

  /* A data-command's commands as they are to be sent: with its data-fields put in. */
  function commandsFor(el) {
    return withFields(el, commandsOf(el));
  }

  // ---- fields (data-fields; the fields of a data-compose form) ----------------------------

  /* Put each named field's value into the command (a fresh copy) at its dotted path. */
  function putFields(command, fields) {
    command = JSON.parse(JSON.stringify(command));
    Array.prototype.forEach.call(fields, function (field) {
      var tag = field.tagName;
      if (!field.name || field.disabled || (tag !== "INPUT" && tag !== "SELECT" && tag !== "TEXTAREA")) return;
      if (tag === "INPUT" && /^(submit|button|reset|image|file)$/.test(field.type)) return;
      if ((field.type === "checkbox" || field.type === "radio") && !field.checked) return;
      if (field.value === "") return;
      var value = field.hasAttribute("data-json") ? parseJSON(field.value, field.value) : field.value;
      setPath(command, field.name.split("."), value);
    });
    return closeGaps(command);
  }

  /* The commands with the fields of the element's data-fields put in (as they are without one). */
  function withFields(el, commands) {
    var selector = el.getAttribute("data-fields");
    var root = liveRoot();
    var box = selector && root ? root.querySelector(selector) : null;
    if (!box) return commands;
    var fields = box.querySelectorAll("input, select, textarea");
    return commands.map(function (c) { return putFields(c, fields); });
  }

  /* The keys of a target's command that are left out when they are filled with an empty list. */
  function omitEmptyOf(el) {
    return (el.getAttribute("data-omit-empty") || "").split(/\s+/).filter(Boolean);
  }

  function firstLegal(commands) {
    for (var i = 0; i < commands.length; i++) {
      var found = legalMatch(commands[i]);
      if (found) return found;
    }
    return null;
  }

  // ---- optional keys (data-optional) and accepted cards (data-accepts) ----------------------

  /* The keys of an element's command(s) that the legal list leaves out (data-optional). */
  function optionalOf(el) {
    return (el.getAttribute("data-optional") || "").split(/\s+/).filter(Boolean);
  }

  /* The command without the given keys. */
  function without(command, keys) {
    if (!keys.length) return command;
    var out = {};
    Object.keys(command).forEach(function (k) { if (keys.indexOf(k) < 0) out[k] = command[k]; });
    return out;
  }

  /* The element's commands as the legal list would hold them (its optional keys left out, and the
     keys it leaves out when empty: a partial that must be contained may not insist on them). */
  function listable(el, commands) {
    var keys = optionalOf(el).concat(omitEmptyOf(el));
    return commands.map(function (c) { return without(c, keys); });
  }

  /* The first of the element's commands that is legal (optional keys aside), as it is to be sent:
     the legal command, with the element's optional keys put back. */
  function firstLegalOf(el, commands) {
    var keys = optionalOf(el);
    if (!keys.length) return firstLegal(commands);
    for (var i = 0; i < commands.length; i++) {
      var found = legalMatch(without(commands[i], keys));
      if (!found) continue;
      var extra = {};
      keys.forEach(function (k) { if (k in commands[i]) extra[k] = commands[i][k]; });
      return merge(found, extra);
    }
    return null;
  }

  /* Does the target take every selected card (data-accepts; without it, any card)? */
  function acceptsSelection(el) {
    if (!el.hasAttribute("data-accepts")) return true;
    var accepted = el.getAttribute("data-accepts").split(/\s+/).filter(Boolean);
    return selectedCodes().every(function (code) { return accepted.indexOf(code) >= 0; });
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

  /* The selection group of a data-card ("cards" without data-group). */
  function groupOf(el) {
    return el.getAttribute("data-group") || "cards";
  }

  /* The selected cards' codes by group, in the order they were selected: {"cards": [...], ...}. */
  function selectedGroups() {
    var groups = {};
    state.cards.forEach(function (el) {
      var group = groupOf(el);
      (groups[group] = groups[group] || []).push(el.getAttribute("data-card"));
    });
    return groups;
  }

  function statusText() {
    if (state.cards.length) {
      var labels = state.cards.map(function (el) {
        return el.getAttribute("data-label") || cardLabel(el.getAttribute("data-card"));
      });
      return "Selected: " + labels.join(", ") + ". Now choose where to play.";
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
    var groups = selectedGroups();
    if (!acceptsSelection(el)) return [];
    var omit = omitEmptyOf(el);
    var partials = targetsOf(el).map(function (p) { return fillPlaceholders(p, groups); })
      .filter(function (p) { return p !== undefined; })
      .map(function (p) {
        return without(p, omit.filter(function (k) { return Array.isArray(p[k]) && !p[k].length; }));
      });
    var needs = needsOf(el);
    var out = [];
    if (!needs.length) return withFields(el, partials);
    // data-needs takes the plain cards only: a card of another group selected gives nothing.
    var codes = groups.cards || [];
    var plainOnly = codes.length === state.cards.length;
    needs.forEach(function (need) {
      var extra = null;
      if (need === "card" && codes.length === 1 && plainOnly) extra = { card: codes[0] };
      else if (need === "cards" && codes.length >= 1 && plainOnly) extra = { cards: codes.slice().sort() };
      else if (need === "source" && state.source && state.source !== el) {
        extra = parseJSON(state.source.getAttribute("data-source"), null);
      }
      if (!isObject(extra)) return;
      partials.forEach(function (p) { out.push(merge(p, extra)); });
    });
    return withFields(el, out);
  }

  function legalFor(el) {
    return firstLegalOf(el, candidates(el));
  }

  // ---- unlisted commands (data-unlisted) ------------------------------------------------

  /* May the target send a command the legal list does not hold (a command of its types is listed)? */
  function unlistedAllowed(el) {
    var types = (el.getAttribute("data-unlisted") || "").split(/\s+/).filter(Boolean);
    return types.length > 0 && state.legal.some(function (c) { return types.indexOf(c.type) >= 0; });
  }

  /* What a click on the target sends: the legal command, else (data-unlisted) the command as made. */
  function sendableFor(el) {
    var legal = legalFor(el);
    if (legal || !unlistedAllowed(el)) return legal;
    var made = candidates(el);
    return made.length ? made[0] : null;
  }

  /* What a click on a data-command sends: the legal command, else (data-unlisted) its own command. */
  function sendableCommand(el) {
    var commands = commandsFor(el);
    var legal = firstLegalOf(el, commands);
    if (legal || !unlistedAllowed(el)) return legal;
    return commands.length ? commands[0] : null;
  }

  /* Can a card of this group be played unlisted (some data-unlisted target reads the group)? */
  function freeGroup(group) {
    return within("[data-target][data-unlisted]").some(function (el) {
      if (!unlistedAllowed(el)) return false;
      if (group === "cards" && needsOf(el).some(function (n) { return n === "card" || n === "cards"; })) return true;
      return targetsOf(el).some(function (t) { return group in groupsNamed(t, {}); });
    });
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
    if (requiresSelection(el) && !hasSelection()) {
      if (needs.indexOf("card") >= 0 || needs.indexOf("cards") >= 0 || targetsOf(el).some(hasPlaceholder)) {
        return "Select a card first, then choose where to play it.";
      }
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

    var free = {};
    within("[data-card]").forEach(function (el) {
      var code = el.getAttribute("data-card");
      var group = groupOf(el);
      if (!(group in free)) free[group] = freeGroup(group);
      var playable = free[group] || state.legal.some(function (c) { return namesCard(c, code, group); });
      var selected = state.cards.indexOf(el) >= 0;
      el.classList.toggle("playable", playable);
      el.classList.toggle("selected", selected);
      if (el.tagName === "BUTTON") el.setAttribute("aria-pressed", selected ? "true" : "false");
      draggableIf(el, playable);
    });

    within("[data-source]").forEach(function (el) {
      var partial = parseJSON(el.getAttribute("data-source"), null);
      var selected = state.source === el;
      var playable = isObject(partial) && someLegalContains(partial);
      el.classList.toggle("playable", playable);
      el.classList.toggle("selected", selected);
      if (el.tagName === "BUTTON") el.setAttribute("aria-pressed", selected ? "true" : "false");
      draggableIf(el, playable);
    });

    within("[data-target]").forEach(function (el) {
      var legal = !!sendableFor(el);
      var needs = requiresSelection(el);
      // A target that needs a selection lights up only once something is selected.
      el.classList.toggle("legal-target", legal && (!needs || selecting));
      var reachable = listable(el, targetsOf(el)).some(someLegalContains) || unlistedAllowed(el);
      if (el.hasAttribute("data-when-legal")) el.hidden = !reachable;
      if (!el.hasAttribute("data-source") && !el.hasAttribute("data-card")) {
        // Disabled only when no selection at all could make it legal. Only a control says so: on a
        // region (a trick) it would disable every button inside it (Spite's "Misplay!") for assistive
        // technology and browser automation alike.
        if (el.tagName === "BUTTON" || el.hasAttribute("role")) el.setAttribute("aria-disabled", reachable ? "false" : "true");
        else el.removeAttribute("aria-disabled");
      }
    });

    within("[data-command]").forEach(function (el) {
      var commands = commandsOf(el);
      var legal = !!sendableCommand(el);
      if (el.hasAttribute("data-when-legal")) {
        el.hidden = !(listable(el, commands).some(someLegalContains) || unlistedAllowed(el));
      }
      el.disabled = !legal || state.sending;
      el.classList.toggle("legal-target", legal);
    });

    within("form[data-compose]").forEach(function (form) {
      var legal = composeTypeLegal(form);
      if (form.hasAttribute("data-when-legal")) form.hidden = !legal;
      Array.prototype.forEach.call(form.querySelectorAll("button[type=submit], button:not([type]), input[type=submit]"), function (b) {
        b.disabled = !legal || state.sending;
      });
    });

    within("[data-clear-selection]").forEach(function (el) { el.hidden = !selecting; });
    within("[data-selection-status]").forEach(function (el) { el.textContent = statusText(); });

    root.classList.toggle("has-selection", selecting);
    root.classList.toggle("dragging", state.dragging || !!(state.drag && state.drag.started));
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
      endPointerDrag();
      state.dragging = null;
      state.sending = false;
      clearTimeout(state.sendTimer);
      var script = document.getElementById("legal-commands");
      var legal = parseJSON(script ? script.textContent : "[]", []);
      state.legal = Array.isArray(legal) ? legal.filter(isObject) : [];
      state.legalKeys = {};
      state.legal.forEach(function (c) { state.legalKeys[canonical(c)] = c; });
      // The host's commands may be sent too, but they make nothing playable and are not "acting".
      var host = document.getElementById("host-commands");
      var hostCommands = parseJSON(host ? host.textContent : "[]", []);
      (Array.isArray(hostCommands) ? hostCommands.filter(isObject) : []).forEach(function (c) {
        state.legalKeys[canonical(c)] = c;
      });
      armDeadlines(root);
      restoreOpen();
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
    if (Date.now() < state.noClickUntil) {
      // The click a touch drag leaves behind on the dragged element.
      state.noClickUntil = 0;
      event.preventDefault();
      return;
    }
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
      var found = sendableCommand(el);
      if (found && el.hasAttribute("data-confirm") && !window.confirm(el.getAttribute("data-confirm"))) return;
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
      var legal = sendableFor(el);
      var needs = requiresSelection(el);
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

  // ---- composed commands (data-compose forms) ---------------------------------------------

  /* Set value at the dotted path (keys), making objects, or lists before a number key. */
  function setPath(target, keys, value) {
    var obj = target;
    for (var i = 0; i < keys.length - 1; i++) {
      var key = keys[i];
      if (obj[key] === null || typeof obj[key] !== "object") obj[key] = /^\d+$/.test(keys[i + 1]) ? [] : {};
      obj = obj[key];
    }
    obj[keys[keys.length - 1]] = value;
  }

  /* Lists closed up in index order (the gaps left by empty fields removed), all the way down. */
  function closeGaps(value) {
    if (Array.isArray(value)) {
      var out = [];
      for (var i = 0; i < value.length; i++) if (i in value && value[i] !== undefined) out.push(closeGaps(value[i]));
      return out;
    }
    if (isObject(value)) {
      var obj = {};
      Object.keys(value).forEach(function (k) { obj[k] = closeGaps(value[k]); });
      return obj;
    }
    return value;
  }

  function composeCommand(form) {
    var command = parseJSON(form.getAttribute("data-compose"), null);
    if (!isObject(command)) return null;
    return putFields(command, form.elements);
  }

  /* A composed command may be sent while some legal command has its type. */
  function composeTypeLegal(form) {
    var base = parseJSON(form.getAttribute("data-compose"), null);
    return isObject(base) && "type" in base && someLegalContains({ type: base.type });
  }

  function onSubmit(event) {
    var form = event.target;
    var root = liveRoot();
    if (!form.matches || !form.matches("form[data-compose]") || !root || !root.contains(form)) return;
    event.preventDefault();
    if (state.sending) return;
    var command = composeCommand(form);
    var found = command && legalMatch(command);
    if (found) send(found);
    else if (command && composeTypeLegal(form)) send(command);
    else hint(form.getAttribute("data-hint") || "That is not possible right now.");
  }

  /* A field changed (a data-fields box, say): what is legal with it may have changed. */
  function onFieldChange(event) {
    var root = liveRoot();
    var field = event.target;
    if (!root || !field || !field.matches || !field.matches("input, select, textarea") || !root.contains(field)) return;
    paint();
  }

  // ---- drag and drop -----------------------------------------------------------------------

  var DRAGGABLE = "[data-card],[data-source]";

  function draggableIf(el, playable) {
    var can = playable && !el.disabled;
    if (can) el.setAttribute("draggable", "true");
    else el.removeAttribute("draggable");
    // A touch on something that can be dragged drags it rather than scrolling the page.
    el.style.touchAction = can ? "none" : "";
  }

  function draggableAt(node) {
    var root = liveRoot();
    var el = node && node.closest ? node.closest(DRAGGABLE) : null;
    if (!el || !root || !root.contains(el) || state.sending) return null;
    return el.getAttribute("draggable") === "true" ? el : null;
  }

  function dropTargetAt(node) {
    var root = liveRoot();
    var el = node && node.closest ? node.closest("[data-target]") : null;
    return el && root && root.contains(el) ? el : null;
  }

  /* Dragging el makes it the selection (a selected card keeps the other selected cards). */
  function beginDrag(el) {
    if (el.hasAttribute("data-card")) {
      if (state.cards.indexOf(el) < 0) {
        state.cards = [el];
        state.source = null;
      }
    } else {
      state.source = el;
      state.cards = [];
    }
    clearFlash();
    paint();
  }

  function markOver(target) {
    within(".drag-over").forEach(function (el) { if (el !== target) el.classList.remove("drag-over"); });
    if (target) target.classList.add("drag-over");
  }

  function overTarget(target, dragged) {
    return target && target !== dragged && sendableFor(target) ? target : null;
  }

  /* A drop on a target is a click on it: play there, or say why not (the selection stays). */
  function dropOn(target, dragged) {
    markOver(null);
    if (!target || target === dragged || state.sending) {
      paint();
      return;
    }
    var legal = sendableFor(target);
    if (legal) send(legal);
    else {
      hint(refusalHint(target));
      paint();
    }
  }

  // HTML5 drag and drop (a mouse).
  function onDragStart(event) {
    var el = draggableAt(event.target);
    if (!el) return;
    state.dragging = el;
    beginDrag(el);
    if (event.dataTransfer) {
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", el.getAttribute("data-card") || el.getAttribute("data-label") || "");
    }
  }

  function onDragOver(event) {
    if (!state.dragging) return;
    var target = dropTargetAt(event.target);
    if (target && target !== state.dragging) event.preventDefault();  // a drop here is handled
    markOver(overTarget(target, state.dragging));
  }

  function onDrop(event) {
    var dragged = state.dragging;
    if (!dragged) return;
    event.preventDefault();
    state.dragging = null;
    dropOn(dropTargetAt(event.target), dragged);
  }

  function onDragEnd() {
    if (!state.dragging) return;
    state.dragging = null;
    markOver(null);
    paint();
  }

  // Pointer events (touch and pen; the browser's own drag and drop does not serve them).
  function onPointerDown(event) {
    if (event.pointerType === "mouse" || !event.isPrimary) return;
    var el = draggableAt(event.target);
    if (!el) return;
    state.drag = { el: el, pointerId: event.pointerId, x: event.clientX, y: event.clientY, started: false, ghost: null };
  }

  function makeGhost(d) {
    var rect = d.el.getBoundingClientRect();
    var ghost = d.el.cloneNode(true);
    [ghost].concat(Array.prototype.slice.call(ghost.querySelectorAll("*"))).forEach(function (node) {
      ["id", "data-card", "data-source", "data-target", "data-command", "draggable", "aria-pressed"].forEach(function (a) {
        node.removeAttribute(a);
      });
    });
    ghost.classList.add("drag-ghost");
    ghost.classList.remove("legal-target", "drag-over");
    ghost.setAttribute("aria-hidden", "true");
    ghost.style.width = rect.width + "px";
    ghost.style.height = rect.height + "px";
    d.dx = d.x - rect.left;
    d.dy = d.y - rect.top;
    // Inside the board (its styles apply), which is never transformed: position: fixed holds.
    (d.el.closest(".board") || liveRoot() || document.body).appendChild(ghost);
    return ghost;
  }

  function onPointerMove(event) {
    var d = state.drag;
    if (!d || event.pointerId !== d.pointerId) return;
    if (!d.started) {
      if (Math.abs(event.clientX - d.x) + Math.abs(event.clientY - d.y) < 10) return;
      d.started = true;
      beginDrag(d.el);
      d.ghost = makeGhost(d);
    }
    event.preventDefault();
    d.ghost.style.transform = "translate(" + (event.clientX - d.dx) + "px, " + (event.clientY - d.dy) + "px)";
    markOver(overTarget(dropTargetAt(document.elementFromPoint(event.clientX, event.clientY)), d.el));
  }

  function endPointerDrag() {
    var d = state.drag;
    state.drag = null;
    if (d && d.ghost && d.ghost.parentNode) d.ghost.parentNode.removeChild(d.ghost);
    markOver(null);
    return d;
  }

  function onPointerUp(event) {
    var d = state.drag;
    if (!d || event.pointerId !== d.pointerId) return;
    endPointerDrag();
    if (!d.started) return;  // a tap: the click that follows selects as usual
    state.noClickUntil = Date.now() + 500;
    dropOn(dropTargetAt(document.elementFromPoint(event.clientX, event.clientY)), d.el);
  }

  function onPointerCancel(event) {
    if (!state.drag || event.pointerId !== state.drag.pointerId) return;
    endPointerDrag();
    paint();
  }

  // ---- countdowns (data-deadline-ms) -----------------------------------------------------

  /* The server's clock now, as well as this page knows it. */
  function serverNow() {
    return Date.now() + state.clockOffset;
  }

  /* Whole seconds left until the deadline, rounded up, never below 0. */
  function secondsLeft(dueMs) {
    return Math.max(0, Math.ceil((dueMs - serverNow()) / 1000));
  }

  function tickDeadlines() {
    var clocks = within("[data-deadline-ms]");
    clocks.forEach(function (el) {
      var due = Number(el.getAttribute("data-deadline-ms"));
      if (!isFinite(due)) return;
      var left = secondsLeft(due);
      var text = String(left);
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("is-urgent", left > 0 && left <= 3);
      el.classList.toggle("is-done", left === 0);
    });
    if (!clocks.length && state.ticker) {
      clearInterval(state.ticker);
      state.ticker = null;
    }
  }

  /* A new #table-live: learn the server's clock from it and tick its countdowns (if any). */
  function armDeadlines(root) {
    var now = Number(root.getAttribute("data-now-ms"));
    if (root.hasAttribute("data-now-ms") && isFinite(now) && now > 0) state.clockOffset = now - Date.now();
    tickDeadlines();
    if (within("[data-deadline-ms]").length && !state.ticker) state.ticker = setInterval(tickDeadlines, 250);
  }

  // ---- details kept open across swaps (details[data-keep-open]) --------------------------

  function onToggle(event) {
    var el = event.target;
    if (el && el.matches && el.matches("details[data-keep-open][id]")) state.keptOpen[el.id] = el.open;
  }

  function restoreOpen() {
    within("details[data-keep-open][id]").forEach(function (el) {
      if (el.id in state.keptOpen && el.open !== state.keptOpen[el.id]) el.open = state.keptOpen[el.id];
    });
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
    1008: "This page sent too many messages too fast, so the table closed it. Reload the page.",
    1009: "This page sent a message too large for the table. Reload the page.",
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
  document.addEventListener("submit", onSubmit);
  document.addEventListener("input", onFieldChange);
  document.addEventListener("change", onFieldChange);
  document.addEventListener("dragstart", onDragStart);
  document.addEventListener("dragover", onDragOver);
  document.addEventListener("drop", onDrop);
  document.addEventListener("dragend", onDragEnd);
  document.addEventListener("pointerdown", onPointerDown);
  document.addEventListener("pointermove", onPointerMove, { passive: false });
  document.addEventListener("pointerup", onPointerUp);
  document.addEventListener("pointercancel", onPointerCancel);
  document.addEventListener("toggle", onToggle, true);  // toggle does not bubble
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", refresh);
  else refresh();

  // For other scripts and tests.
  window.cardroomTable = {
    refresh: refresh, canonical: canonical, send: send, state: state, composeCommand: composeCommand,
    secondsLeft: secondsLeft
  };
})();
