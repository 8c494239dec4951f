// @ts-check
// Small helpers for building the page: elements and SVG from plain data, no framework.

const SVG_NS = "http://www.w3.org/2000/svg";

/** An HTML element: h("button", {class: "x", onclick: f, style: {width: "3em"}}, "text", child…). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** An SVG element, same calling convention as h(). */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "text") {
      el.textContent = value;
    } else if (key === "html") {
      el.innerHTML = value;
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "style") {
      setStyle(el, value);
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

/**
 * Styles computed by a script go through the CSSOM ({color: "#c00", "--seat-colour": c}, custom
 * properties too): the server's Content Security Policy refuses `style` attributes, which a string
 * would have to become.
 */
function setStyle(el, style) {
  if (typeof style !== "object") throw new TypeError(`style takes an object of properties, not ${JSON.stringify(style)}`);
  for (const [name, value] of Object.entries(style)) {
    if (value !== null && value !== undefined && value !== false) el.style.setProperty(name, String(value));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace everything inside `el` with `children`. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A promise resolved after `ms` milliseconds (for short animations). */
export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** True when the user asked the system for less motion. */
export function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Say `text` to screen readers through the page's polite live region (#announcer); repeats are said again. */
export function announce(text) {
  const region = document.getElementById("announcer");
  if (!region || !text) return;
  region.textContent = region.textContent === text ? `${text}\u00a0` : text;
}

// What identifies a focusable element across re-renders, most specific first.
const FOCUS_KEYS = ["data-focus", "data-card", "data-legal", "data-cell", "data-action", "id"];
// Keys whose element may be gone for good after a move (a card played, a hole used): another of
// the same kind takes the focus instead.
const SAME_KIND = new Set(["data-card", "data-legal", "data-cell"]);
let lostFocus = null;  // {root, key}: the focus a re-render took away, to be given back when it can

function focusKeyOf(el) {
  for (const name of FOCUS_KEYS) {
    const value = el.getAttribute && el.getAttribute(name);
    if (value) return [name, value];
  }
  return null;
}

function focusable(el) {
  return el.tabIndex >= 0 && !el.disabled && !el.closest("[hidden]");
}

function hasFocus() {
  const active = document.activeElement;
  return Boolean(active && active !== document.body && active.isConnected);
}

/**
 * Run `render`, which rebuilds part of `root`, without losing the keyboard focus: the element
 * that had it (or lost it to an earlier re-render) is found again by its key — the same card,
 * hole or action — or else one of the same kind, or else the screen's [data-primary] control.
 */
export function keepFocus(root, render) {
  const active = document.activeElement;
  let key = null;
  if (active && active !== document.body && root.contains(active)) key = focusKeyOf(active);
  else if (hasFocus()) lostFocus = null;  // the user has moved on
  else if (lostFocus && lostFocus.root === root) key = lostFocus.key;
  render();
  if (!key || (hasFocus() && root.contains(document.activeElement))) return;
  if (hasFocus()) return;
  const [name, value] = key;
  const all = [...root.querySelectorAll(`[${name}]`)].filter(focusable);
  const target = all.find((el) => el.getAttribute(name) === value)
    || (SAME_KIND.has(name) ? all[0] : null)
    || [...root.querySelectorAll("[data-primary]")].find(focusable);
  if (target) {
    target.focus({ preventScroll: true });
    lostFocus = null;
  } else {
    lostFocus = { root, key };
  }
}
