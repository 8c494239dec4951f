// @ts-check
// Motion for the game screens (cards, dice, pegs, balls sliding along their lines), with the Web
// Animations API: a screen draws its new state exactly as it would without motion, then animates from
// where things were (FLIP: measure before, draw, measure after, animate the transform back to nothing).
// No animation fills forwards or leaves a style behind, so once they end — or are cancelled by the next
// state — the page is exactly the instant render.
// Durations stay within the table's pace (js/pacing.js); `motion` false (instant pace, or
// `prefers-reduced-motion`) means none at all.

import { fill } from "../../dom.js";
import { paceOf, speedFor } from "../../pacing.js";

/** How long a state's motion may take (ms): most of the pace when others moved, a short beat for
 * one's own move (shown at once), never more than `most`. */
export function motionTime(ctx, paced, most = 700) {
  const pace = paceOf(ctx && ctx.speed ? ctx.speed() : ctx && ctx.tableId ? speedFor(ctx.tableId) : "normal");
  return Math.max(0, Math.min(most, paced ? pace * 0.75 : Math.min(pace, 450)));
}

/** Every element's box under `root` matching `selector`, by the value of its `key` attribute. */
export function boxes(root, selector, key) {
  const found = new Map();
  for (const el of root.querySelectorAll(selector)) {
    const name = el.getAttribute(key);
    if (name && !found.has(name)) found.set(name, el.getBoundingClientRect());
  }
  return found;
}

/** Stop what is still moving under `root`: its final state is already drawn. */
export function settle(root) {
  if (typeof root.getAnimations !== "function") return;
  for (const animation of root.getAnimations({ subtree: true })) animation.cancel();
}

/**
 * Move `el` from `offset` [dx, dy] away, `scale` times its size and at `opacity`, to where it is drawn.
 * The offset is in the units of its transform: CSS pixels for a box; for an SVG shape, its picture's
 * own units when `origin` ("x y" in those units) is given — the shape then scales about that point
 * (transform-box: view-box, held by the animation itself: nothing is left behind). `above` lifts it over
 * its neighbours while it moves.
 */
export function slideFrom(el, [dx, dy], duration, { delay = 0, scale = 1, opacity = 1, origin = null, above = false,
  easing = "cubic-bezier(0.2, 0.7, 0.3, 1)" } = {}) {
  if (!duration || typeof el.animate !== "function") return null;
  const end = getComputedStyle(el).transform;
  const rest = end && end !== "none" ? end : "none";
  const held = { ...(above ? { zIndex: 50 } : {}), ...(origin ? { transformBox: "view-box", transformOrigin: origin } : {}) };
  const fade = opacity === 1 ? [{}, {}] : [{ opacity }, { opacity: getComputedStyle(el).opacity }];
  return el.animate([
    { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, ...fade[0], ...held },
    { transform: rest, ...fade[1], ...held },
  ], { duration, delay, easing, fill: "backwards" });
}

/** Fly `el` from the box `from` (a DOMRect seen before the redraw) to where it stands now. */
export function flyFrom(el, from, duration, { delay = 0 } = {}) {
  if (!from || !duration || typeof el.animate !== "function") return null;
  const to = el.getBoundingClientRect();
  if (!to.width || !to.height) return null;
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const scale = Math.min(3, Math.max(0.2, from.width / to.width));
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(scale - 1) < 0.02) return null;
  return slideFrom(el, [dx, dy], duration, { delay, scale, above: true });
}

/** A card turning over: edge-on first, then its face. */
export function turnOver(el, duration) {
  if (!duration || typeof el.animate !== "function") return null;
  return el.animate([
    { transform: "perspective(400px) rotateY(90deg) translateY(-6px)" },
    { transform: "perspective(400px) rotateY(0deg) translateY(0)" },
  ], { duration, easing: "ease-out", fill: "backwards" });
}

/** `items` appearing one after the other across `duration` (the show's counts, said at the pace). */
export function oneByOne(items, duration, { start = 0 } = {}) {
  const list = [...items].filter((el) => typeof el.animate === "function");
  if (!list.length || !duration) return [];
  const each = duration / list.length;
  return list.map((el, i) => el.animate([
    { opacity: 0, transform: "translateY(-0.3rem)" },
    { opacity: 1, transform: "none" },
  ], { duration: Math.max(80, each), delay: start + i * each, easing: "ease-out", fill: "backwards" }));
}

/** Something new (a part just drawn) appearing with a short glow, after `delay` ms. */
export function highlight(el, duration, { delay = 0 } = {}) {
  if (!duration || typeof el.animate !== "function") return null;
  return el.animate([
    { filter: "drop-shadow(0 0 0 rgba(255, 176, 0, 0))", opacity: 0 },
    { filter: "drop-shadow(0 0 6px rgba(255, 176, 0, 1))", opacity: 1, offset: 0.45 },
    { filter: "drop-shadow(0 0 0 rgba(255, 176, 0, 0))", opacity: 1 },
  ], { duration, delay, easing: "ease-out", fill: "backwards" });
}

/**
 * A redraw that keeps what has not changed: `refill(el, key, build)` fills `el` with `build()` only when
 * `key` (what the part is drawn from, as text) differs from the last time. The table redraws a screen
 * for reasons of its own (a state starts waiting, a clock): a part still in flight is not cut short.
 */
export function refiller() {
  const keys = new WeakMap();
  return (el, key, build) => {
    if (keys.get(el) === key) return false;
    keys.set(el, key);
    fill(el, ...[].concat(build()));
    return true;
  };
}
