/* Partial frames (games/frames/parts.py): after a move the socket sends only the parts of #table-live that
   changed since its last frame. This htmx extension ("table-parts", on the socket's element) keeps the parts
   it was sent and joins them into the whole #table-live again before htmx swaps it in, so the page and its
   scripts always see whole frames. A frame that does not build on what the page holds (a gap) is swapped
   nowhere, and the page asks the socket once for the whole table (ASK_WHOLE). */
const HEADER = /^<!--parts (\d+) (\d+|whole)((?: [^\s<>]+)*)-->/;
const SEGMENT = /<!--p ([^\s<>]+)-->/;
const ASK_WHOLE = "whole";  // games.frames.parts.ASK_WHOLE

let api = null;
let version = null;  // of the last frame joined, as the server wrote it
let order = [];
let texts = new Map();
let asked = false;  // the whole table was asked for and has not come yet

function askWhole(socketElement) {
  if (!asked) api.getInternalData(socketElement).webSocket?.send(ASK_WHOLE, socketElement);
  asked = true;
  return "";
}

/* The order the frame names: names, and "first~last" for a stretch kept from the last order. */
function unrun(old, tokens) {
  const where = new Map(old.map((name, number) => [name, number]));
  return tokens.flatMap((token) => {
    const [first, last] = token.split("~");
    return last === undefined ? [first] : old.slice(where.get(first), where.get(last) + 1);
  });
}

htmx.defineExtension("table-parts", {
  init(internalApi) { api = internalApi; },
  transformResponse(text, xhr, element) {
    const header = HEADER.exec(text);
    if (!header) return text;
    const [, drawn, base, names] = header;
    if (base === "whole") { texts = new Map(); asked = false; }
    else if (base !== version) return askWhole(element);
    if (names) order = unrun(order, names.trim().split(" "));
    const pieces = text.slice(header[0].length).split(SEGMENT);
    for (let i = 1; i < pieces.length; i += 2) texts.set(pieces[i], pieces[i + 1]);
    if (order.some((name) => !texts.has(name))) return askWhole(element);
    texts = new Map(order.map((name) => [name, texts.get(name)]));  // the socket sends again any it drops
    version = drawn;
    return [...texts.values()].join("");
  },
});
