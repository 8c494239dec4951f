// @ts-check
// The app's icons as inline SVG. Media glyphs such as ⏮ ⏭ ⏯ come from whatever fonts the system has,
// and where it has none (a headless browser, many phones) they are empty boxes; a path always draws.
// Each icon is 24×24, filled with the text colour (so it follows the theme and the button's state)
// and sized to the text (1.25em). With a label it is an image with that name for screen readers;
// without one it is decoration beside a text that names the control (aria-hidden).

import { s } from "./dom.js";

/** The paths of each icon on a 24×24 grid. */
export const ICONS = {
  first: "M4 5h2.2v14H4z M13.5 5v14L6.6 12z M21 5v14l-6.9-7z",  // ⏮ to the start
  back: "M5.5 5h2.5v14H5.5z M19 5v14L9 12z",  // |◀ one step back
  play: "M7 4.5v15l12.5-7.5z",  // ▶
  pause: "M6 5h4v14H6z M14 5h4v14h-4z",  // ⏸
  forward: "M5 5v14l10-7z M16 5h2.5v14H16z",  // ▶| one step forward
  last: "M3 5v14l6.9-7z M10.5 5v14l6.9-7z M17.8 5H20v14h-2.2z",  // ⏭ to the end
  turn: "M8 5v14l11-7z",  // ▶ the seat to move
  clock: "M9 1.5h6v2H9z M12 5a8.5 8.5 0 1 0 0 17a8.5 8.5 0 0 0 0-17z m0 2a6.5 6.5 0 1 1 0 13a6.5 6.5 0 0 1 0-13z"
    + " M11 9h2v5h-2z",  // ⏱ the time left to move
};

/** An inline SVG icon; `label` names it for screen readers (else it is hidden from them). */
export function icon(name, { label = null, className = "" } = {}) {
  const d = ICONS[name];
  if (!d) throw new RangeError(`no icon ${name}; icons: ${Object.keys(ICONS).join(", ")}`);
  const named = label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" };
  return s("svg", { class: `icon ${className}`.trim(), viewBox: "0 0 24 24", focusable: "false", "data-icon": name,
    ...named }, s("path", { d, fill: "currentColor", "fill-rule": "evenodd" }));
}
