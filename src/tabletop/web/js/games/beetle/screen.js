// @ts-check
// Beetle's screen: every player's beetle drawn part by part from the view's sheets, each with its
// player's last roll (kept until that player rolls again, so a roll is never gone before it is read),
// the shared die (rolling when a new face comes up, its caption saying what it drew), the roll-off's
// rounds and who started and why (kept for the whole game), all told from the entries' events, and each
// seat's exact chance of winning from the server, in the reader's number format.
// With motion (the table's pace, not instant, no reduced motion) the die tumbles and lands on the face
// rolled, its caption coming as it lands; the part drawn then glows on its sheet, and the roll-off's
// decision glows for the pace. Motion is laid over the same drawing a motionless screen makes.

import { h, s, fill, keepFocus } from "../../dom.js";
import { lang, t } from "../../i18n.js";
import { api } from "../../api.js";
import { askLatest } from "../../latest.js";
import { dieSvg, tumble } from "../shared/die.js";
import { highlight, motionTime, refiller, settle } from "../shared/motion.js";
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

/** The roll-off's rounds from the entries' events (B6, B11): each round's faces by seat, and how it
 * ended — `{faces: [[seat, face]…], tie: {members, face} | null, starts: {seat, face} | null}`. */
export function rolloffRounds(entries) {
  const rounds = [];
  let round = null;
  for (const entry of entries || []) {
    for (const e of entry.events || []) {
      if (e.kind === "rolloff_rolled") {
        if (!round) rounds.push(round = { faces: [], tie: null, starts: null });
        round.faces.push([e.seat, e.face]);
      } else if (e.kind === "rolloff_tie" && round) {
        round.tie = { members: e.members || [], face: e.face };
        round = null;
      } else if (e.kind === "starts" && round) {
        round.starts = { seat: e.seat, face: e.face };
        round = null;
      }
    }
  }
  return rounds;
}

/** Each seat's latest roll from the entries' events: `{face, part, lost, rolloff, index}` by seat. */
export function lastRolls(entries) {
  const rolls = new Map();
  (entries || []).forEach((entry, index) => {
    const events = entry.events || [];
    const face = events.find((e) => e.kind === "rolled" || e.kind === "rolloff_rolled");
    if (!face) return;
    const drawn = events.find((e) => e.kind === "part_drawn");
    rolls.set(face.seat, { face: face.face, part: drawn ? drawn.part : null, rolloff: face.kind === "rolloff_rolled",
      lost: events.some((e) => e.kind === "nothing_drawn"), index });
  });
  return rolls;
}

/** A share (0…1) as a percentage in the reader's locale: 33.3% (ro: 33,3 %). */
export function percent(share) {
  return new Intl.NumberFormat(lang(), { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 })
    .format(share);
}

/** The beetle of one sheet: only the parts drawn so far. */
function beetleSvg(sheet, parts, label) {
  const count = (name) => sheet[name] || 0;
  const stroke = { stroke: "#2b2b2b", "stroke-width": 2.5, fill: "none", "stroke-linecap": "round" };
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
      "data-part": "leg" }));
  }
  if (count("tail")) {
    items.push(s("path", { ...stroke, d: "M50 95 q4 8 -2 14 q-4 4 0 8", "data-part": "tail" }));
  }
  for (let i = 0; i < count("wing"); i += 1) {
    const side = i === 0 ? -1 : 1;
    items.push(s("ellipse", { cx: 50 + side * 12, cy: 66, rx: 13, ry: 24, fill: "#9ad0f5", "fill-opacity": 0.6,
      stroke: "#2b6a94", "stroke-width": 1.5, transform: `rotate(${side * 18} ${50 + side * 12} 66)`,
      "data-part": "wing" }));
  }
  if (count("body")) {
    items.push(s("g", { "data-part": "body" },
      s("ellipse", { cx: 50, cy: 70, rx: 17, ry: 26, fill: "#3b7d3a", stroke: "#2b2b2b", "stroke-width": 2.5 }),
      s("path", { d: "M50 46 L50 95", stroke: "#1e3f1e", "stroke-width": 1.5 })));
  }
  for (let i = 0; i < count("antenna"); i += 1) {
    const side = i === 0 ? -1 : 1;
    items.push(s("path", { ...stroke, d: `M${50 + side * 4} 27 q${side * 4} -12 ${side * 13} -15`, "data-part": "antenna" }));
    items.push(s("circle", { cx: 50 + side * 17, cy: 12, r: 2, fill: "#2b2b2b" }));
  }
  if (count("head")) {
    items.push(s("circle", { cx: 50, cy: 36, r: 11, fill: "#6a4c2f", stroke: "#2b2b2b", "stroke-width": 2.5,
      "data-part": "head" }));
  }
  for (let i = 0; i < count("eye"); i += 1) {
    const x = i === 0 ? 45 : 55;
    items.push(s("g", { "data-part": "eye" },
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
  const rolloffBox = h("div", { class: "rolloff-result", "data-testid": "rolloff", hidden: true });
  const dieBox = h("div", { class: "die-box" }, dieSlot, h("div", { class: "die-text" }, rolloff, caption, rollSlot),
    rolloffBox);
  const beetles = h("div", { class: "beetles", "data-testid": "beetles" });
  fill(root, dieBox, beetles);
  const refill = refiller();  // a part redrawn only when what it shows changed (its motion runs on)
  let lastMove = -1;
  let odds = null;
  let oddsMove = -1;
  let message = null;

  // the odds of the move on screen, asked by its number (a paced screen shows a move after the server made
  // it, and the odds of the server's latest move would tell a roll not yet shown), one request at a time
  const oddsAsker = askLatest((move) => api.odds(ctx.tableId, move), (move, data, error) => {
    odds = error || !data ? null : data.win;
    if (odds) oddsMove = move;
    drawOdds();  // only the odds: the die and the sheets may still be moving
  });

  function draw() {
    keepFocus(root, render);  // the odds arrive on their own: the Roll button keeps the focus
  }

  function render() {
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
    const label = roll ? t("beetle.die", { face: roll.face }) : t("beetle.roll");
    refill(dieSlot, JSON.stringify([roll ? roll.face : 1, label, message.move]), () => dieSvg(roll ? roll.face : 1, label));
    rolloff.textContent = t("beetle.rolloff");
    rolloff.hidden = view.phase !== "roll-off";
    if (caption.textContent !== text) caption.textContent = text;
    fill(rollSlot, canRoll ? h("button", { type: "button", class: "primary big-button", "data-action": "roll",
      "data-primary": true, onclick: () => ctx.act("roll") }, t("beetle.roll")) : null);
    drawRolloff();
    const rolls = lastRolls(message.entries);
    const sheetsKey = JSON.stringify([lang(), view.sheets, view.finished, view.to_move, [...rolls.entries()],
      view.sheets.map((_, seat) => ctx.seatName(seat)), parts]);
    if (!refill(beetles, sheetsKey, () => view.sheets.map((sheet, seat) => {
      const have = Object.values(sheet).reduce((a, b) => a + b, 0);
      const done = view.finished.includes(seat);
      const name = ctx.seatName(seat);
      return h("div", { class: `beetle-sheet${view.to_move === seat ? " to-move" : ""}${done ? " finished" : ""}`,
        "data-seat": seat },
      h("div", { class: "name" }, name, done ? ` ✓ ${t("beetle.done")}` : ""),
      beetleSvg(sheet, parts, `${name}: ${t("beetle.parts", { have, total })}`),
      h("div", { class: "hint" }, t("beetle.parts", { have, total })),
      sheetRoll(rolls.get(seat)),
      oddsNode(seat));
    }))) drawOdds();
  }

  /** A seat's chance of winning (the latest odds, until the next ones arrive): the sheet's last part. */
  function oddsNode(seat) {
    const chance = odds ? odds[seat] : null;
    if (chance === null || chance === undefined) return null;
    return h("div", { class: "odds", "data-odds": chance, "data-move": oddsMove },
      h("div", { class: "hint" }, `${t("beetle.odds")}: ${percent(chance)}`),
      h("div", { class: "odds-bar", role: "meter", "aria-valuemin": 0, "aria-valuemax": 100,
        "aria-valuenow": Math.round(chance * 100), "aria-label": `${t("beetle.odds")} ${ctx.seatName(seat)}` },
      h("span", { style: { width: `${(chance * 100).toFixed(1)}%` } })));
  }

  /** New odds on each sheet, as render would draw them, leaving the rest (and its motion) alone. */
  function drawOdds() {
    for (const sheet of beetles.querySelectorAll(".beetle-sheet[data-seat]")) {
      const old = sheet.querySelector(":scope > .odds");
      const fresh = oddsNode(Number(sheet.dataset.seat));
      if (old && fresh) old.replaceWith(fresh);
      else if (old) old.remove();
      else if (fresh) sheet.append(fresh);
    }
  }

  /** A sheet's last roll: it stays until that player rolls again. */
  function sheetRoll(last) {
    if (!last) return h("div", { class: "sheet-roll empty", "data-testid": "sheet-roll" });
    const text = last.rolloff ? t("beetle.sheet.rolloff")
      : last.part ? t("beetle.sheet.drew", { part: partObject(last.part) }) : t("beetle.sheet.lost");
    const die = dieSvg(last.face, "");  // the face is said in words beside it, for screen readers
    die.setAttribute("aria-hidden", "true");
    die.removeAttribute("role");
    return h("div", { class: `sheet-roll${last.lost ? " lost" : ""}`, "data-testid": "sheet-roll", "data-face": last.face,
      "data-index": last.index, title: t("beetle.sheet.last", { face: last.face }) },
    die, h("span", { class: "sr-only" }, `${t("beetle.sheet.last", { face: last.face })}: `), h("span", {}, text));
  }

  /** The roll-off, round by round, and who starts and why: kept on screen for the whole game (B6). */
  function drawRolloff() {
    const rounds = rolloffRounds(message.entries);
    if (!rounds.length) {
      rolloffBox.hidden = true;
      refill(rolloffBox, "", () => []);
      return;
    }
    const faces = (round) => round.faces.map(([seat, face]) => `${ctx.seatName(seat)} ${face}`).join(" · ");
    const ending = (round) => {
      if (round.starts) return h("strong", { "data-testid": "starts" }, t("beetle.rolloff.starts", { name: ctx.seatName(round.starts.seat),
        face: round.starts.face }));
      if (round.tie) return t("beetle.rolloff.tie", { face: round.tie.face,
        names: round.tie.members.map((seat) => ctx.seatName(seat)).join(", ") });
      return t("beetle.rolloff.rolling");
    };
    refill(rolloffBox, JSON.stringify([lang(), rounds, Object.keys(message.seats || {}).map((seat) => ctx.seatName(Number(seat)))]),
      () => [h("h3", {}, t("beetle.rolloff.title")),
        h("ol", {}, rounds.map((round) => h("li", {}, h("span", { class: "faces" }, faces(round)), " — ", ending(round))))]);
    rolloffBox.hidden = false;
  }

  /** The motion of a new face (B5, B6): the die tumbles onto it and its caption comes as it lands;
   * then the part drawn glows on its sheet, with the sheet's roll, and a roll-off's decision glows. */
  function animate(roll, decided, duration) {
    const die = dieSlot.querySelector("svg.die");
    if (!die || !roll) return;
    stopTumble = tumble(die, roll.face, duration);
    caption.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 150, delay: duration, fill: "backwards" });
    const sheet = beetles.querySelector(`.beetle-sheet[data-seat="${roll.seat}"]`);
    const after = { delay: duration, fill: "backwards" };
    if (sheet) {
      const mark = sheet.querySelector("[data-testid=sheet-roll]");
      if (mark) mark.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 150, ...after });
      const drawn = roll.part && !roll.rolloff ? [...sheet.querySelectorAll(`[data-part="${roll.part}"]`)].pop() : null;
      if (drawn) highlight(drawn, Math.max(duration, 500), { delay: duration });  // once the die has landed
    }
    const starts = decided ? rolloffBox.querySelector("[data-testid=starts]") : null;
    if (starts) {
      starts.animate([{ backgroundColor: "rgba(255, 214, 102, 0)" }, { backgroundColor: "rgba(255, 214, 102, 0.9)", offset: 0.3 },
        { backgroundColor: "rgba(255, 214, 102, 0)" }], { duration: duration * 3, delay: duration });
    }
  }

  let stopTumble = () => {};

  return {
    update(msg, { motion = false, paced = false, news = [] } = {}) {
      const moved = msg.move !== lastMove;
      if (moved) {  // what still moves has its final state drawn already
        stopTumble();
        settle(root);
      }
      message = msg;
      draw();
      const roll = msg.view.last_roll;
      // what the new log entries did, as the visitor read them (visitor.js): a face shown, a roll-off decided
      const motions = news.flatMap((told) => told.motions);
      if (motion && moved && roll && motions.some((m) => m.kind === "face")) {
        animate(roll, motions.some((m) => m.kind === "starts"), motionTime(ctx, paced, 650));
      }
      lastMove = msg.move;
      if (moved && oddsMove !== msg.move) oddsAsker.want(msg.move);
    },
    destroy() {
      stopTumble();
      oddsAsker.stop();
    },
  };
}

