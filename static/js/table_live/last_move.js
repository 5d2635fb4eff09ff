/* The last move's places outlined: .is-last-move on each [data-place] #table-live's data-last-places names
   (a list in the markup: a <style> drawn with each frame is what the Content-Security-Policy refuses). */
export function markLastMove(root) {
  const places = new Set((root.dataset.lastPlaces || "").split(" ").filter(Boolean));
  for (const el of root.querySelectorAll("[data-place]")) el.classList.toggle("is-last-move", places.has(el.dataset.place));
}
