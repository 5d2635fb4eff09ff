/* An optional short tone when the table comes to wait for this player: .table-page's
   data-turn-sound="on" (the user's choice on the profile page, off by default). Made with the Web
   Audio API, so there is no sound file. Browsers let a page make sound only after the user touched
   it, so the audio context is made at the first click or key. */
import { onTurnChange } from "./turn.js";

let audio = null;

function unlock() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!audio && Context) audio = new Context();
  audio?.resume?.();
}

/* Two soft notes, a fifth apart, a fifth of a second in all. */
export function chime() {
  if (!audio || audio.state !== "running") return false;
  const start = audio.currentTime;
  for (const [offset, frequency] of [[0, 660], [0.09, 990]]) {
    const tone = audio.createOscillator(), gain = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.15, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.12);
    tone.connect(gain).connect(audio.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.13);
  }
  return true;
}

export function watchTurnSound() {
  if (document.querySelector(".table-page")?.dataset.turnSound !== "on") return;
  onTurnChange((yourTurn) => yourTurn && chime());
  document.addEventListener("pointerdown", unlock, true);
  document.addEventListener("keydown", unlock, true);
}
