// @ts-check
// A move typed in notation, checked here as the terminal checks it: for a position with thousands of
// legal moves (a throw grid of positions × aims × powers × spins), too many for buttons or a list
// box. The table's generic list offers it, and a game screen that owns its moves may offer it beside
// its own controls. Any case and spacing is read; a move that is not legal is refused before anything
// is sent, with an example of one that is.

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";

/** A sentence whose placeholder (a NUL) is a move in notation, shown as code: the words around it are
 * the reader's language, the move is what is typed. */
function notationText(text, move) {
  const [before, after = ""] = text.split("\u0000");
  return [before, h("code", { class: "notation" }, move), after];
}

/** The form: a text field, Play, and a hint saying how many moves there are (or why a typed one is refused). */
export function typedMove(legal, act) {
  const known = new Set(legal.map((action) => action.toLowerCase()));
  const hint = h("p", { class: "hint", "aria-live": "polite" });
  const say = (key, params) => fill(hint, notationText(t(key, { ...params, example: "\u0000" }), legal[0]));
  say("table.typeHint", { n: legal.length });  // a count: its plural form and figures are t()'s
  const input = h("input", { type: "text", class: "action-text", "aria-label": t("table.typeMove"),
    placeholder: legal[0], autocomplete: "off", spellcheck: "false" });
  return h("form", { class: "inline action-typed", onsubmit: (e) => {
    e.preventDefault();
    const text = input.value.trim().replace(/\s+/g, " ");
    if (known.has(text.toLowerCase())) act(legal.find((action) => action.toLowerCase() === text.toLowerCase()));
    else say("table.typeUnknown", { text });
  } }, input, h("button", { type: "submit", class: "primary" }, t("table.play")), hint);
}
