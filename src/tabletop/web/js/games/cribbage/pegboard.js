// @ts-check
// Cribbage's pegboard (C1, C9–C13): a track per side in rows of holes grouped in fives, once round per
// lap, a game hole for the target, two pegs a side that leapfrog — sliding hole by hole along the track
// when the screen has motion (the Web Animations API; the pegs' resting places are their styles, so
// a finished or cancelled slide leaves the board as a motionless render draws it).

import { s, fill } from "../../dom.js";
import { t } from "../../i18n.js";
import { num } from "./log.js";

const SIDE_COLOURS = ["#d55e00", "#0072b2", "#009e73"];

/**
 * The pegboard: each side a track that snakes in rows of `cols` holes (30 on a wide screen, 15 on a
 * phone, so a hole stays a few pixels wide), grouped in fives, once round per lap (60 holes, or
 * the target less one when that is shorter: twice round to 121, once to 61), and a game hole for
 * the target beyond the last. Two pegs each; the rear one leapfrogs, sliding along the track when the
 * screen has motion. A peg on the target stands in the game hole.
 */
export class Pegboard {
  constructor() {
    this.svg = s("svg", { viewBox: "0 0 640 10", class: "fit pegboard", role: "img", "data-testid": "pegboard" });
    this.pegs = [];  // per side: [{el, at}, {el, at}]
    this.sides = 0;
    this.cols = 0;
  }

  layout(sides, target, cols) {
    this.sides = sides;
    this.target = target;
    this.cols = cols;
    this.lap = target - 1 <= 60 ? Math.max(1, target - 1) : 60;
    this.laps = Math.ceil((target - 1) / this.lap);
    this.rows = Math.ceil(this.lap / cols);
    this.step = cols >= 30 ? 19 : 21;
    this.gap = 6;  // between groups of five
    this.radius = cols >= 30 ? 3.3 : 4.2;
    this.left = cols >= 30 ? 40 : 36;
    this.font = cols >= 30 ? 11 : 13;
    this.rowGap = 22;
    this.head = this.font + 16;  // the side's label above its rows
    this.block = this.head + (this.rows - 1) * this.rowGap + 22;  // the label, the rows, the game hole's number
    this.width = this.left * 2 + (cols - 1) * this.step + Math.floor((cols - 1) / 5) * this.gap;
  }

  top(side) {
    return 8 + side * (this.block + 8);
  }

  /** Where a peg at `position` stands: 0 the start, 1.. round the track, the target the game hole. */
  hole(side, position) {
    const y0 = this.top(side) + this.head;
    if (position <= 0) return [14, y0];
    if (position >= this.target) return this.gameHole(side);
    const p = (position - 1) % this.lap;
    const row = Math.floor(p / this.cols);
    const along = p % this.cols;
    const col = row % 2 === 0 ? along : this.cols - 1 - along;
    return [this.left + col * this.step + Math.floor(col / 5) * this.gap, y0 + row * this.rowGap];
  }

  /** The game hole: one step past the last hole of a lap, off the end of the last row. */
  gameHole(side) {
    const y0 = this.top(side) + this.head;
    const last = this.rows - 1;
    const endsLeft = last % 2 === 1;
    const x = endsLeft ? 16 : this.width - 16;
    return [x, y0 + last * this.rowGap];
  }

  build(sides, target, cols) {
    this.layout(sides, target, cols);
    const height = this.top(sides) + 2;
    this.svg.setAttribute("viewBox", `0 0 ${this.width} ${height}`);
    this.svg.dataset.cols = String(cols);
    const parts = [];
    this.labels = [];
    for (let side = 0; side < sides; side += 1) {
      const top = this.top(side);
      parts.push(s("rect", { x: 2, y: top, width: this.width - 4, height: this.block, rx: 10, fill: "#c89b63", stroke: "#7a5428" }));
      parts.push(s("rect", { x: 6, y: top + 6, width: this.font - 2, height: this.font - 2, rx: 2, fill: SIDE_COLOURS[side] }));
      const label = s("text", { x: 20, y: top + 4 + this.font, "font-size": this.font, "font-weight": 600, fill: "#2a1a08", class: "side-label" }, "");
      this.labels.push(label);
      parts.push(label);
      for (let p = 1; p <= this.lap; p += 1) {
        const [x, y] = this.hole(side, p);
        parts.push(s("circle", { cx: x, cy: y, r: p % 5 === 0 ? this.radius + 0.6 : this.radius, fill: "#5a3a18", class: "hole" }));
      }
      for (let k = 0; k < 2; k += 1) {  // the start holes
        parts.push(s("circle", { cx: 14 + k * 10, cy: top + this.head, r: this.radius, fill: "#6b4a24" }));
      }
      const [gx, gy] = this.gameHole(side);
      parts.push(s("circle", { cx: gx, cy: gy, r: this.radius + 2.6, fill: "#3a2410", stroke: "#f4e3c1", "stroke-width": 1.5,
        class: "game-hole", "data-side": side }, s("title", {}, t("cribbage.gameHole", { n: num(target) }))));
      parts.push(s("text", { x: gx, y: gy + this.radius + 12, "text-anchor": "middle", "font-size": 9, fill: "#2a1a08" },
        num(target)));
    }
    fill(this.svg, parts);
    this.pegs = [];
    for (let side = 0; side < sides; side += 1) {
      const make = () => {
        const el = s("circle", { r: this.radius + 2, fill: SIDE_COLOURS[side], stroke: "#111", "stroke-width": 1.5, class: "peg" });
        this.svg.append(el);
        return { el, at: 0 };
      };
      this.pegs.push([make(), make()]);
    }
  }

  /** Where peg `k` of `side` stands at `at`, as its transform (the two start holes sit apart). */
  spot(side, k, at) {
    const [x, y] = this.hole(side, at);
    return `translate(${x + (at <= 0 ? k * 10 : 0)}px, ${y}px)`;
  }

  place() {
    this.pegs.forEach((pair, side) => {
      for (const [k, peg] of pair.entries()) peg.el.style.transform = this.spot(side, k, peg.at);
    });
  }

  /** A peg sliding from hole `from` to hole `to` along the track, through every hole between (a
   * leap past the other peg, not a jump across the board); straight back to the start for a new game. */
  slide(side, k, peg, from, duration) {
    if (!duration || from === peg.at || typeof peg.el.animate !== "function") return;
    const holes = [];
    if (peg.at > from) {
      const steps = peg.at - from;
      const stride = Math.max(1, Math.ceil(steps / 40));  // at most about forty keyframes
      for (let p = from; p < peg.at; p += stride) holes.push(p);
    } else {
      holes.push(from);
    }
    holes.push(peg.at);
    const keyframes = holes.map((p) => ({ transform: this.spot(side, k, p) }));
    peg.el.animate(keyframes, { duration, easing: "ease-in-out", fill: "backwards" });
  }

  /** Move to the view's pegs; the rear peg leapfrogs to the new front hole (sliding there along the
   * track over `duration` ms; none when 0). */
  update(pegs, scores, names, duration = 0) {
    const was = this.pegs.map((pair) => pair.map((p) => p.at));
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
      const where = this.where(scores[side]);
      if (label) this.fit(label, names[side], `: ${num(scores[side])}${where ? ` · ${where}` : ""}`);
    });
    this.svg.setAttribute("aria-label", `${t("cribbage.board")} (${t("cribbage.target", { n: num(this.target) })}): ${names
      .map((n, i) => `${n} ${num(scores[i])}${this.where(scores[i]) ? ` (${this.where(scores[i])})` : ""}`).join(", ")}`);
    this.place();
    this.pegs.forEach((pair, side) => pair.forEach((peg, k) => this.slide(side, k, peg, was[side][k], duration)));
  }

  /** A side's label, "name: score · lap", within the board: a name too long for it (a long name, a
   * bot's level in Romanian or Russian, a partnership) is cut short with "…", never clipped by the
   * board's edge (the whole of it is in the board's aria-label). */
  fit(label, name, rest) {
    label.textContent = `${name}${rest}`;
    const room = this.width - 2 * 20;
    let cut = name.length;
    while (cut > 1 && label.getComputedTextLength() > room) {
      cut -= 1;
      label.textContent = `${name.slice(0, cut).trimEnd()}…${rest}`;
    }
  }

  /** Which lap a score stands on, or the game hole. */
  where(score) {
    if (score >= this.target) return t("cribbage.home");
    if (this.laps < 2) return null;
    const lap = score <= 0 ? 1 : Math.floor((score - 1) / this.lap) + 1;
    return t("cribbage.lap", { n: num(lap), of: num(this.laps) });
  }
}
