/* What the other players did, shown briefly: when a new #table-live arrives that is not the answer to
   this page's own command, every card that is on the board both before and after but elsewhere
   slides from where it was to where it is, and every card that was not on the board before (played
   from a hand nobody sees) slides in from the seat that was to move, or is lit up if there is no
   such seat. It knows no game: it compares the cards' faces in the two boards. With reduced motion
   asked for, cards are only lit up. */
const MOVED = "just-moved", LIT_MS = 1600, SLIDE_MS = 380, MOST = 8, FAR = 60;  // FAR: px, more than a nudge

let before = null;  // {faces: {face: [rect, ...]}, from: rect of the seat to move}

const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

/* A card's face, whatever its size: "9♠" and its colour; a card back has none. */
function face(el) {
  const corner = el.querySelector(".corner");
  return corner ? corner.textContent.trim() + (el.classList.contains("red") ? "r" : "") : null;
}

function cardsOf(root) {
  const found = new Map();
  for (const el of root.querySelectorAll(".card")) {
    const key = face(el);
    if (!key) continue;
    if (!found.has(key)) found.set(key, []);
    found.get(key).push(el);
  }
  return found;
}

const center = (rect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });

/* Before a new board is swapped in: remember where each face is (``own``: this page's command, not shown). */
export function beforeBoard(root, own) {
  if (own || !root) { before = null; return; }
  const faces = new Map();
  for (const [key, els] of cardsOf(root)) faces.set(key, els.map((el) => el.getBoundingClientRect()));
  const mover = root.querySelector(".to-move:not(.my-area)");
  before = { faces, from: mover ? mover.getBoundingClientRect() : null };
}

function slide(el, from) {
  const to = center(el.getBoundingClientRect()), start = center(from);
  const dx = start.x - to.x, dy = start.y - to.y;
  el.animate?.([{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 20 }, { transform: "none", zIndex: 20 }],
    { duration: SLIDE_MS, easing: "cubic-bezier(.2,.7,.3,1)" });
}

function light(el) {
  el.classList.add(MOVED);
  setTimeout(() => el.classList.remove(MOVED), LIT_MS);
}

const distance = (a, b) => Math.hypot(center(a).x - center(b).x, center(a).y - center(b).y);

/* After the new board is in: slide what moved, light what moved far or arrived. */
export function afterBoard(root) {
  const was = before;
  before = null;
  if (!was || !root || was.faces.size === 0) return;  // the first board of a game: nothing "happened"
  const still = reducedMotion();
  let lit = 0;
  for (const [key, els] of cardsOf(root)) {
    const old = was.faces.get(key) || [];
    els.forEach((el, i) => {
      const from = i < old.length ? old[i] : was.from;
      const arrived = i >= old.length;
      const moved = from ? distance(from, el.getBoundingClientRect()) : 0;
      if (!arrived && moved < 4) return;
      if ((arrived || moved > FAR) && lit < MOST) { light(el); lit += 1; }
      if (from && !still) slide(el, from);
    });
  }
}
