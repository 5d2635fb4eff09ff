/* The last move's places on the board, outlined: #table-live lists them in data-last-places (data-place
   names, games.rendering.last_places), and every element of such a place gets .is-last-move. A list in
   the markup rather than a <style> drawn with each frame, which the Content-Security-Policy refuses. */
export function markLastMove(root) {
  const places = new Set((root.dataset.lastPlaces || "").split(" ").filter(Boolean));
  for (const el of root.querySelectorAll("[data-place]")) el.classList.toggle("is-last-move", places.has(el.dataset.place));
}
