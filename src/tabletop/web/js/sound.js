// @ts-check
// Sound effects at the table: a card laid down, a die rolling, a peg knocked in, a ball pushed, a bat
// thrown, and a short chime when a game ends. Each is synthesised here with the Web Audio API rather
// than played from recorded files: the project ships no binary assets it did not make, the effects
// cost a few hundred bytes of code instead of kilobytes of WAV, and each can be tuned in one place.
//
// Which effects a log entry makes is the game's decision: its folder's visitor (js/games/<game>/visitor.js,
// on js/visitor.js) says the effects of each new entry's events as it reads it, once; the table plays
// those of the entries a state added as the state is shown, at the table's pace. Nothing plays for the
// state already on screen when the page loads, nor for entries read again (an undo, a hot seat's other
// view, a reconnection's log). Sound is separate from motion (`prefers-reduced-motion` does not silence
// it): the mute toggle is the control, remembered in localStorage — on by default for a seated player,
// off for a spectator.

import { h, s } from "./dom.js";
import { t } from "./i18n.js";

/** The effects a game's hook may ask for. */
export const EFFECTS = ["card", "die", "peg", "ball", "bat", "chime"];
const AT_ONCE = 3;  // at most this many effects for one state (a burst of moves shown at once)
const KEY = "tabletop.sound";  // "on" | "off": the player's choice, for every table

function storage() {
  try {
    return globalThis.localStorage || null;
  } catch {
    return null;  // storage refused (a private window): the defaults
  }
}

/** Sound's default before anyone chooses: on for a player at the table, off for a spectator. */
export function soundDefault(spectator) {
  return !spectator;
}

/** Whether sound is on: the choice remembered, else the default for a spectator or a seat. */
export function soundOn(spectator, store = storage()) {
  let value = null;
  try {
    value = store ? store.getItem(KEY) : null;
  } catch { /* nothing remembered */ }
  if (value === "on") return true;
  if (value === "off") return false;
  return soundDefault(spectator);
}

/** Remember the player's choice (for every table, seated or watching). */
export function chooseSound(on, store = storage()) {
  try {
    if (store) store.setItem(KEY, on ? "on" : "off");
  } catch { /* not remembered: still used now */ }
}

/**
 * The effects to play when `state` replaces `previous` on screen: those the visitor said for the log
 * entries new in it (`news`: known names, each once, at most AT_ONCE), and the chime when the game has
 * just ended. None at page load.
 * @param {import("./contract.js").Told[]} news
 */
export function effectsFor(news, previous, state) {
  if (!previous || !state || previous.table !== state.table) return [];
  const asked = (news || []).flatMap((told) => told.sounds || []);
  const effects = [...new Set(asked)].filter((name) => EFFECTS.includes(name) && name !== "chime");
  if (previous.status === "playing" && state.status === "over") effects.push("chime");  // not when abandoned
  return effects.slice(0, AT_ONCE);
}

// ------------------------------------------------------------------ synthesis

let noiseBuffer = null;

function noise(audio) {  // one second of white noise, made once, shared by every effect
  if (!noiseBuffer || noiseBuffer.sampleRate !== audio.sampleRate) {
    noiseBuffer = audio.createBuffer(1, audio.sampleRate, audio.sampleRate);
    const data = noiseBuffer.getChannelData(0);
    for (let i = 0; i < data.length; i += 1) data[i] = Math.random() * 2 - 1;
  }
  return noiseBuffer;
}

/** A burst of filtered noise: `type` filter at `freq`, `gain` peak, decaying over `length` s. */
function hiss(audio, out, at, { type = "bandpass", freq = 2000, q = 1, gain = 0.5, length = 0.08, sweep = null }) {
  const source = audio.createBufferSource();
  source.buffer = noise(audio);
  const filter = audio.createBiquadFilter();
  filter.type = type;
  filter.frequency.setValueAtTime(freq, at);
  if (sweep) filter.frequency.exponentialRampToValueAtTime(sweep, at + length);
  filter.Q.value = q;
  const env = audio.createGain();
  env.gain.setValueAtTime(0.0001, at);
  env.gain.exponentialRampToValueAtTime(gain, at + Math.min(0.01, length / 4));
  env.gain.exponentialRampToValueAtTime(0.0001, at + length);
  source.connect(filter).connect(env).connect(out);
  source.start(at, Math.random() * 0.5, length + 0.05);
}

/** A short tone: `wave` from `freq` (gliding to `to`), `gain` peak, decaying over `length` s. */
function tone(audio, out, at, { wave = "sine", freq = 440, to = null, gain = 0.3, length = 0.1 }) {
  const osc = audio.createOscillator();
  osc.type = wave;
  osc.frequency.setValueAtTime(freq, at);
  if (to) osc.frequency.exponentialRampToValueAtTime(to, at + length);
  const env = audio.createGain();
  env.gain.setValueAtTime(0.0001, at);
  env.gain.exponentialRampToValueAtTime(gain, at + 0.005);
  env.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(env).connect(out);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/** How each effect is made (times in seconds from `at`). */
export const RECIPES = {
  card(audio, out, at) {  // a card slid and laid down: a soft swish, then a papery snap
    hiss(audio, out, at, { freq: 1200, sweep: 3500, q: 0.8, gain: 0.25, length: 0.09 });
    hiss(audio, out, at + 0.07, { type: "highpass", freq: 2500, gain: 0.35, length: 0.035 });
  },
  die(audio, out, at) {  // a wooden die bouncing to rest: clicks closer together and softer
    [0, 0.07, 0.125, 0.165, 0.19].forEach((delay, i) => {
      const gain = 0.45 * 0.72 ** i;
      tone(audio, out, at + delay, { wave: "triangle", freq: 1400 + 500 * Math.random(), gain, length: 0.03 });
      hiss(audio, out, at + delay, { type: "highpass", freq: 3000, gain: gain / 2, length: 0.02 });
    });
  },
  peg(audio, out, at) {  // a peg pushed into a wooden board: a hollow knock
    tone(audio, out, at, { freq: 950, to: 520, gain: 0.5, length: 0.07 });
    tone(audio, out, at, { wave: "triangle", freq: 1900, to: 1200, gain: 0.12, length: 0.03 });
  },
  ball(audio, out, at) {  // a ball pushed in and rolling against the others: a click and a rumble
    tone(audio, out, at, { freq: 2600, to: 2200, gain: 0.25, length: 0.04 });
    hiss(audio, out, at + 0.01, { type: "lowpass", freq: 500, q: 2, gain: 0.3, length: 0.22 });
    tone(audio, out, at + 0.16, { freq: 2300, gain: 0.12, length: 0.03 });
  },
  bat(audio, out, at) {  // a bat spinning through the air, then striking wood
    hiss(audio, out, at, { freq: 400, sweep: 1600, q: 3, gain: 0.2, length: 0.16 });
    hiss(audio, out, at + 0.16, { type: "highpass", freq: 1200, gain: 0.5, length: 0.05 });
    tone(audio, out, at + 0.16, { wave: "triangle", freq: 320, to: 180, gain: 0.4, length: 0.12 });
  },
  chime(audio, out, at) {  // the game is over: three rising notes
    [523.25, 659.25, 783.99].forEach((freq, i) => {
      tone(audio, out, at + i * 0.13, { freq, gain: 0.22, length: 0.7 });
      tone(audio, out, at + i * 0.13, { freq: freq * 2, gain: 0.04, length: 0.4 });
    });
  },
};

/** A speaker drawn in SVG (no emoji font needed): with sound waves when on, crossed out when off. */
function speaker(on) {
  const stroke = { fill: "none", stroke: "currentColor", "stroke-width": 1.6, "stroke-linecap": "round" };
  return s("svg", { class: "sound-icon", viewBox: "0 0 20 20", width: 16, height: 16, "aria-hidden": "true" },
    s("path", { d: "M3 7.5h3l4-3.5v12l-4-3.5H3z", fill: "currentColor" }),
    on ? [s("path", { d: "M13 7.2a4 4 0 0 1 0 5.6", ...stroke }), s("path", { d: "M15.3 5a7 7 0 0 1 0 10", ...stroke })]
      : [s("path", { d: "M13 7.5l5 5M18 7.5l-5 5", ...stroke })]);
}

/**
 * The table's sound: plays effects unless muted, and offers the mute toggle. The audio context is
 * made on the first effect after the player touched the page (browsers allow sound only then).
 * `played` counts the effects played (tests read it from the toggle's data-played).
 */
export class Sound {
  constructor({ spectator = false } = {}) {
    this.spectator = spectator;
    this.on = soundOn(spectator);
    this.audio = null;
    this.played = 0;
    this.last = "";
    this.toggle = h("button", { type: "button", class: "small sound-toggle", "data-testid": "sound",
      onclick: () => this.set(!this.on) });
    this.label();
  }

  /** A spectator who took a seat (or the reverse): the default changes unless a choice was made. */
  seated(seated) {
    this.spectator = !seated;
    this.on = soundOn(this.spectator);
    this.label();
  }

  set(on) {
    this.on = on;
    chooseSound(on);
    this.label();
    if (on) this.context();
  }

  label() {
    // the visible words are the name ("Sound off") and say the state; the title says what a press does
    this.toggle.replaceChildren(speaker(this.on), " ", this.on ? t("sound.on") : t("sound.off"));
    this.toggle.title = this.on ? t("sound.mute") : t("sound.unmute");
    this.toggle.dataset.on = String(this.on);
  }

  context() {
    const Audio = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (!Audio) return null;
    const activation = globalThis.navigator && globalThis.navigator.userActivation;
    if (!this.audio && activation && !activation.hasBeenActive) return null;  // browsers refuse sound before a touch
    if (!this.audio) this.audio = new Audio();
    if (this.audio.state === "suspended") this.audio.resume().catch(() => {});
    return this.audio;
  }

  /** Play `effects` (names of EFFECTS), one after another, unless muted. */
  play(effects) {
    if (!this.on || !effects.length) return;
    const audio = this.context();
    effects.forEach((name, i) => {
      this.played += 1;
      this.last = name;
      if (audio && RECIPES[name]) {
        const out = audio.createGain();
        out.gain.value = 0.8;
        out.connect(audio.destination);
        RECIPES[name](audio, out, audio.currentTime + 0.01 + i * 0.12);
      }
    });
    this.toggle.dataset.played = String(this.played);
    this.toggle.dataset.last = this.last;
  }

  destroy() {
    if (this.audio) this.audio.close().catch(() => {});
    this.audio = null;
  }
}
