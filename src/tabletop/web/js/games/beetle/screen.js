// Beetle's screen: every player's beetle drawn part by part from the view's sheets, the shared die
// (rolling when a new face comes up, its caption saying what it drew — and at the roll-off's end,
// from the latest entry's events, who starts or who roll again), and each seat's exact chance of
// winning from the server.

import { h, s, fill, keepFocus } from "../../dom.js";
import { t } from "../../i18n.js";
import { api } from "../../api.js";
import { dieSvg } from "../shared/die.js";
import { eventText, partObject } from "./log.js";

/** What the latest face did, from its entry's events (the roll-off's end: who starts, or a tie). */
function lastOutcome(entries, ctx) {
  for (let i = (entries || []).length - 1; i >= 0; i -= 1) {
    const events = entries[i].events || [];
    const face = events.find((e) => e.action && (e.kind === "rolled" || e.kind === "rolloff_rolled"));
    if (face) {
      const decided = events.find((e) => e.kind === "starts" || e.kind === "rolloff_tie");
      return decided ? eventText(decided, ctx) : null;
    }
  }
  return null;
}

/** The beetle of one sheet: only the parts drawn so far. */
function beetleSvg(sheet, parts, fresh, label) {
  const count = (name) => sheet[name] || 0;
  const stroke = { stroke: "#2b2b2b", "stroke-width": 2.5, fill: "none", "stroke-linecap": "round" };
  const cls = (name) => (fresh === name ? "part-new" : null);
  const items = [];
  const legMax = (parts.find((p) => p.name === "leg") || { count: 6 }).count;
  const rows = Math.max(1, Math.ceil(legMax / 2));
  for (let i = 0; i < count("leg"); i += 1) {
    const side = i % 2 === 0 ? -1 : 1;
    const row = Math.floor(i / 2);
    const y = rows === 1 ? 70 : 56 + (row * 30) / (rows - 1);
    const x0 = 50 + side * 15;
    const bend = (row - (rows - 1) / 2) * 7;
    items.push(s("path", { ...stroke, d: `M${x0} ${y} l${side * 14} ${bend - 4} l${side * 6} ${bend}`,
      class: i === count("leg") - 1 ? cls("leg") : null, "data-part": "leg" }));
  }
  if (count("tail")) {
    items.push(s("path", { ...stroke, d: "M50 95 q4 8 -2 14 q-4 4 0 8", class: cls("tail"), "data-part": "tail" }));
  }
  for (let i = 0; i < count("wing"); i += 1) {
    const side = i === 0 ? -1 : 1;
    items.push(s("ellipse", { cx: 50 + side * 12, cy: 66, rx: 13, ry: 24, fill: "#9ad0f5", "fill-opacity": 0.6,
      stroke: "#2b6a94", "stroke-width": 1.5, transform: `rotate(${side * 18} ${50 + side * 12} 66)`, class: cls("wing"),
      "data-part": "wing" }));
  }
  if (count("body")) {
    items.push(s("g", { class: cls("body"), "data-part": "body" },
      s("ellipse", { cx: 50, cy: 70, rx: 17, ry: 26, fill: "#3b7d3a", stroke: "#2b2b2b", "stroke-width": 2.5 }),
      s("path", { d: "M50 46 L50 95", stroke: "#1e3f1e", "stroke-width": 1.5 })));
  }
  for (let i = 0; i < count("antenna"); i += 1) {
    const side = i === 0 ? -1 : 1;
    items.push(s("path", { ...stroke, d: `M${50 + side * 4} 27 q${side * 4} -12 ${side * 13} -15`, class: cls("antenna"),
      "data-part": "antenna" }));
    items.push(s("circle", { cx: 50 + side * 17, cy: 12, r: 2, fill: "#2b2b2b" }));
  }
  if (count("head")) {
    items.push(s("circle", { cx: 50, cy: 36, r: 11, fill: "#6a4c2f", stroke: "#2b2b2b", "stroke-width": 2.5,
      class: cls("head"), "data-part": "head" }));
  }
  for (let i = 0; i < count("eye"); i += 1) {
    const x = i === 0 ? 45 : 55;
    items.push(s("g", { class: cls("eye"), "data-part": "eye" },
      s("circle", { cx: x, cy: 34, r: 3.2, fill: "#fff" }), s("circle", { cx: x, cy: 34.5, r: 1.4, fill: "#000" })));
  }
  const known = new Set(["body", "head", "leg", "eye", "antenna", "tail", "wing"]);
  const others = parts.filter((p) => !known.has(p.name) && count(p.name));
  others.forEach((p, k) => items.push(s("text", { x: 50, y: 124 + k * 9, "text-anchor": "middle", "font-size": 8 },
    `${p.name} ×${count(p.name)}`)));
  return s("svg", { viewBox: `0 0 100 ${125 + others.length * 9}`, class: "fit beetle", role: "img", "aria-label": label },
    s("rect", { x: 1, y: 1, width: 98, height: 123 + others.length * 9, rx: 6, fill: "#fbf8ef", stroke: "#e2dccb" }),
    items);
}

export function beetleScreen(root, ctx) {
  // the caption stays in the page between rolls, so screen readers hear each new one (a live region)
  const dieSlot = h("div", { class: "die-slot" });
  const rolloff = h("p", { class: "hint", hidden: true });
  const caption = h("p", { "aria-live": "polite", "data-testid": "roll-caption" });
  const rollSlot = h("div");
  const dieBox = h("div", { class: "die-box" }, dieSlot, h("div", {}, rolloff, caption, rollSlot));
  const beetles = h("div", { class: "beetles", "data-testid": "beetles" });
  fill(root, dieBox, beetles);
  let lastMove = -1;
  let odds = null;
  let oddsMove = -1;
  let message = null;

  async function fetchOdds(move) {
    try {
      const data = ctx.replay ? await api.odds(ctx.tableId, move) : await api.odds(ctx.tableId);
      if (message && message.move === move) {
        odds = data.win;
        oddsMove = move;
        draw(false);
      }
    } catch {
      odds = null;
    }
  }

  function draw(animate) {
    keepFocus(root, () => render(animate));  // the odds arrive on their own: the Roll button keeps the focus
  }

  function render(animate) {
    const view = message.view;
    const parts = view.parts.parts;
    const total = parts.reduce((sum, p) => sum + p.count, 0);
    const roll = view.last_roll;
    const canRoll = message.legal.includes("roll");
    let text = "";
    if (roll) {
      text = t("beetle.rolled", { name: ctx.seatName(roll.seat), face: roll.face });
      if (!roll.rolloff) {
        text += " " + (roll.part ? t("beetle.drew", { part: partObject(roll.part) }) : t("beetle.lost"));
      }
      const outcome = roll.rolloff ? lastOutcome(message.entries, ctx) : null;
      if (outcome) text += ` — ${outcome}`;
    }
    const die = dieSvg(roll ? roll.face : 1, roll ? t("beetle.die", { face: roll.face }) : t("beetle.roll"));
    if (animate && roll) die.classList.add("rolling");
    fill(dieSlot, die);
    rolloff.textContent = t("beetle.rolloff");
    rolloff.hidden = view.phase !== "roll-off";
    if (caption.textContent !== text) caption.textContent = text;
    fill(rollSlot, canRoll ? h("button", { type: "button", class: "primary big-button", "data-action": "roll",
      "data-primary": true, onclick: () => ctx.act("roll") }, t("beetle.roll")) : null);
    const fresh = animate && roll && !roll.rolloff ? roll.part : null;
    fill(beetles, view.sheets.map((sheet, seat) => {
      const have = Object.values(sheet).reduce((a, b) => a + b, 0);
      const done = view.finished.includes(seat);
      const name = ctx.seatName(seat);
      const chance = odds ? odds[seat] : null;  // the latest odds, until the next ones arrive
      return h("div", { class: `beetle-sheet${view.to_move === seat ? " to-move" : ""}${done ? " finished" : ""}`,
        "data-seat": seat },
      h("div", { class: "name" }, name, done ? ` ✓ ${t("beetle.done")}` : ""),
      beetleSvg(sheet, parts, roll && roll.seat === seat ? fresh : null,
        `${name}: ${t("beetle.parts", { have, total })}`),
      h("div", { class: "hint" }, t("beetle.parts", { have, total })),
      chance === null || chance === undefined ? null : h("div", { class: "odds", "data-odds": chance,
        "data-move": oddsMove },
        h("div", { class: "hint" }, `${t("beetle.odds")}: ${(chance * 100).toFixed(1)}%`),
        h("div", { class: "odds-bar", role: "meter", "aria-valuemin": 0, "aria-valuemax": 100,
          "aria-valuenow": Math.round(chance * 100), "aria-label": `${t("beetle.odds")} ${name}` },
        h("span", { style: `width:${(chance * 100).toFixed(1)}%` }))));
    }));
  }

  return {
    update(msg) {
      message = msg;
      const moved = msg.move !== lastMove;
      draw(moved && lastMove !== -1);
      lastMove = msg.move;
      if (moved && oddsMove !== msg.move) fetchOdds(msg.move);
    },
    destroy() {},
  };
}
