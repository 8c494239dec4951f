// Cribbage's screen: the hand as cards (select the discards and lay them away; click a card to
// play it), the pegging piles with the running count, the pegboard whose two pegs per side
// leapfrog (animated), the starter and crib, the show's itemised counts, and the match score.

import { h, s, fill } from "../dom.js";
import { t } from "../i18n.js";

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RED = { D: true, H: true };
const SIDE_COLOURS = ["#d55e00", "#0072b2", "#009e73"];

/** One card as an SVG picture (face down when `text` is null). */
export function cardSvg(text) {
  if (!text) {
    return s("svg", { viewBox: "0 0 60 84", role: "img", "aria-label": "card face down" },
      s("rect", { class: "face", x: 1.5, y: 1.5, width: 57, height: 81, rx: 6, fill: "#2f5d8a", stroke: "#1b3553", "stroke-width": 1.5 }),
      s("rect", { x: 7, y: 7, width: 46, height: 70, rx: 4, fill: "none", stroke: "#8fb3d9", "stroke-dasharray": "3 3" }));
  }
  const rank = text.slice(0, -1);
  const suit = text.slice(-1);
  const colour = RED[suit] ? "#c0392b" : "#1f2328";
  const shown = rank === "T" ? "10" : rank;
  return s("svg", { viewBox: "0 0 60 84", role: "img", "aria-label": `${shown}${SUITS[suit]}` },
    s("rect", { class: "face", x: 1.5, y: 1.5, width: 57, height: 81, rx: 6, fill: "#fff", stroke: "#555", "stroke-width": 1.5 }),
    s("text", { x: 6, y: 20, "font-size": 17, "font-weight": 700, fill: colour, "font-family": "serif" }, shown),
    s("text", { x: 6, y: 37, "font-size": 16, fill: colour }, SUITS[suit]),
    s("text", { x: 30, y: 64, "font-size": 30, "text-anchor": "middle", fill: colour }, SUITS[suit]));
}

function cardButton(text, { selected = false, playable = false, onclick = null, small = false } = {}) {
  const attrs = { class: `card${selected ? " selected" : ""}${playable ? " playable" : ""}`, "data-card": text || "back" };
  if (!onclick) return h("span", { ...attrs, class: `${attrs.class}${small ? " small" : ""}` }, cardSvg(text));
  return h("button", { ...attrs, type: "button", "aria-pressed": selected ? "true" : "false", onclick,
    "aria-label": text ? `${text}` : "card" }, cardSvg(text));
}

function cardsRow(cards, small = false) {
  return h("div", { class: `cards${small ? " small" : ""}` }, cards.map((c) => cardButton(c)));
}

/** The pegboard: each side a track of 60 holes in two rows of 30 (twice round to 121), two pegs each. */
class Pegboard {
  constructor() {
    this.svg = s("svg", { viewBox: "0 0 640 10", class: "fit pegboard", role: "img" });
    this.pegs = [];  // per side: [{el, at}, {el, at}]
    this.sides = 0;
  }

  hole(side, position) {
    // position 0: start (left of the track); 1..60 round the track; 61.. round again
    const top = 14 + side * 62;
    if (position <= 0) return [12, top + 12];
    const p = (position - 1) % 60;
    const row = p < 30 ? 0 : 1;
    const col = row === 0 ? p : 59 - p;
    return [40 + col * 19, top + row * 24];
  }

  build(sides, target) {
    this.sides = sides;
    this.target = target;
    const height = 14 + sides * 62;
    this.svg.setAttribute("viewBox", `0 0 640 ${height}`);
    const holes = [];
    for (let side = 0; side < sides; side += 1) {
      const top = 14 + side * 62;
      holes.push(s("rect", { x: 2, y: top - 12, width: 636, height: 48, rx: 10, fill: "#c89b63", stroke: "#7a5428" }));
      for (let p = 1; p <= 60; p += 1) {
        const [x, y] = this.hole(side, p);
        holes.push(s("circle", { cx: x, cy: y, r: p % 5 === 0 ? 3 : 2.3, fill: "#5a3a18" }));
      }
      holes.push(s("text", { x: 628, y: top + 16, "text-anchor": "end", "font-size": 10, fill: "#3a2410" }, ""));
    }
    fill(this.svg, holes);
    this.labels = [...this.svg.querySelectorAll("text")];
    this.pegs = [];
    for (let side = 0; side < sides; side += 1) {
      const make = () => {
        const el = s("circle", { r: 6, fill: SIDE_COLOURS[side], stroke: "#111", "stroke-width": 1.5, class: "peg",
          style: "transition: transform 0.6s ease-in-out" });
        this.svg.append(el);
        return { el, at: 0 };
      };
      this.pegs.push([make(), make()]);
    }
    this.place(true);
  }

  place() {
    for (const pair of this.pegs) {
      for (const [k, peg] of pair.entries()) {
        const [x, y] = this.hole(this.pegs.indexOf(pair), peg.at);
        const dx = peg.at <= 0 ? k * 10 : 0;
        peg.el.style.transform = `translate(${x + dx}px, ${y}px)`;
      }
    }
  }

  /** Move to the view's pegs; the rear peg leapfrogs to the new front hole. */
  update(pegs, scores, names) {
    pegs.forEach((peg, side) => {
      const pair = this.pegs[side];
      if (!pair) return;
      const positions = [peg.front, peg.rear];
      // keep the peg that already stands on a hole that is still held; move the other
      const staying = pair.find((p) => positions.includes(p.at));
      if (staying) {
        const other = pair.find((p) => p !== staying);
        const left = positions.slice();
        left.splice(left.indexOf(staying.at), 1);
        other.at = left[0];
      } else {
        pair[0].at = peg.front;
        pair[1].at = peg.rear;
      }
      pair[0].el.setAttribute("data-at", pair[0].at);
      pair[1].el.setAttribute("data-at", pair[1].at);
      const label = this.labels[side];
      if (label) label.textContent = `${names[side]}: ${scores[side]}${scores[side] > 60 ? " (2)" : ""}`;
    });
    this.svg.setAttribute("aria-label", `${t("crib.board")}: ${names.map((n, i) => `${n} ${scores[i]}`).join(", ")}`);
    this.place();
  }
}

export function cribbageScreen(root, ctx) {
  const info = h("div", { class: "crib-info" });
  const piles = h("div", { class: "piles", "aria-label": "piles" });
  const board = new Pegboard();
  const hand = h("section", { class: "hand", "aria-labelledby": "hand-h" });
  const shown = h("div", { class: "shown" });
  const events = h("section", { class: "events-box" });
  fill(root, info, board.svg, piles, hand, shown, events);
  let selected = [];
  let message = null;
  let lastMove = -1;

  function sideNames(view) {
    const count = Math.max(...view.sides) + 1;
    return Array.from({ length: count }, (_, side) => view.sides
      .map((sd, seat) => (sd === side ? ctx.seatName(seat) : null)).filter(Boolean).join(" & "));
  }

  function draw() {
    const view = message.view;
    const legal = message.legal;
    const names = sideNames(view);
    if (board.sides !== names.length || board.target !== view.target) board.build(names.length, view.target);
    board.update(view.pegs, view.scores, names);

    const matchGames = view.games.length || view.match_points.some((p) => p);
    fill(info,
      h("div", {}, h("div", { class: "hint" }, t("crib.starter")), cardsRow([view.starter], true)),
      h("div", {}, h("div", { class: "hint" }, t("crib.crib", { n: view.crib_size })),
        cardsRow(view.crib || Array(view.crib_size).fill(null), true)),
      h("div", { class: "count-big", "data-testid": "count", "aria-live": "polite" }, t("crib.runningCount", { n: view.count })),
      h("div", {}, `${ctx.seatName(view.dealer)}: ${t("crib.dealer")}`, h("br"),
        names.map((n, i) => `${n} ${view.scores[i]}`).join(" · "), " ", `(${t("crib.target", { n: view.target })})`,
        matchGames ? h("div", { "data-testid": "match" }, t("crib.match", { scores: view.match_points.join(" – ") })) : null));

    fill(piles, view.piles.map((pile, seat) => h("div", { class: "pile", "data-seat": seat },
      h("span", { class: "who" }, ctx.seatName(seat)),
      pile.length ? pile.map((c) => cardButton(c, { selected: view.series.includes(c), small: true }))
        : h("span", { class: "hint" }, "—"),
      seat !== view.seat && view.phase !== "show" && view.hand_sizes[seat]
        ? h("span", { class: "hint" }, ` · ${view.hand_sizes[seat]} 🂠`) : null)));

    // the hand: select discards, or play a card
    const discards = legal.filter((a) => a.startsWith("discard "));
    const playable = new Set(legal.filter((a) => /^[2-9TJQKA][CDHS]$/.test(a)));
    const needed = discards.length ? discards[0].split(" ").length - 1 : 0;
    selected = selected.filter((c) => view.hand.includes(c));
    const chosen = discards.find((a) => sameCards(a.split(" ").slice(1), selected));
    const cards = view.hand.map((c) => {
      if (discards.length) {
        return cardButton(c, { selected: selected.includes(c), onclick: () => {
          selected = selected.includes(c) ? selected.filter((x) => x !== c) : [...selected, c].slice(-needed);
          draw();
        } });
      }
      if (playable.has(c)) return cardButton(c, { playable: true, onclick: () => ctx.act(c) });
      return cardButton(c);
    });
    const others = legal.filter((a) => !a.startsWith("discard ") && !playable.has(a));
    fill(hand, h("h3", { id: "hand-h" }, t("crib.hand")),
      discards.length ? h("p", { class: "hint" }, t("crib.selectN", { n: needed }))
        : playable.size ? h("p", { class: "hint" }, t("crib.playCard")) : null,
      h("div", { class: "cards", "data-testid": "hand" }, cards),
      h("div", { class: "buttons" },
        discards.length ? h("button", { type: "button", class: "primary", "data-action": "discard", disabled: !chosen,
          onclick: () => { if (chosen) { selected = []; ctx.act(chosen); } } }, t("crib.discard")) : null,
        others.map((a) => h("button", { type: "button", class: a === "count" || a === "go" ? "primary" : "",
          "data-action": a, onclick: () => ctx.act(a) }, actionLabel(a)))));

    // hands in the show
    fill(shown, view.hands_shown ? h("section", {}, h("h3", {}, t("crib.show")),
      view.hands_shown.map((kept, seat) => h("div", { class: "pile" }, h("span", { class: "who" },
        t("crib.handOf", { name: ctx.seatName(seat) })), cardsRow(kept, true)))) : null);

    // score events, newest first, with the itemised count of hands and crib
    const list = view.events.slice(-12).reverse();
    fill(events, h("h3", {}, t("crib.events")), list.length ? h("ul", { class: "events", "data-testid": "events" },
      list.map((e) => h("li", {}, h("strong", {}, `${ctx.seatName(e.seat)} +${e.points}`), ` · ${eventKind(e.kind)}`,
        e.score ? h("span", {}, ` — “${e.score.spoken}”`,
          h("ul", {}, e.score.combinations.map((c) => h("li", {}, `${c.kind} ${c.cards.join(" ")}: ${c.points}`)))) : null)))
      : h("p", { class: "hint" }, "—"));
  }

  return {
    update(msg) {
      if (msg.move !== lastMove) selected = [];
      lastMove = msg.move;
      message = msg;
      draw();
    },
    destroy() {},
  };
}

function sameCards(a, b) {
  return a.length === b.length && a.every((c) => b.includes(c));
}

function eventKind(kind) {
  const key = `crib.event.${kind}`;
  const text = t(key);
  return text === key ? kind : text;
}

function actionLabel(action) {
  if (action === "go") return t("crib.go");
  if (action === "count") return t("crib.count");
  if (action === "muggins") return t("crib.muggins");
  if (action === "pass") return t("crib.pass");
  let match = action.match(/^count (\d+)$/);
  if (match) return t("crib.countDeclare", { n: match[1] });
  match = action.match(/^claim (\d+)$/);
  if (match) return t("crib.claim", { n: match[1] });
  return action;
}
