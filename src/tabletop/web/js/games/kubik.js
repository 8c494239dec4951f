// Kubik's screen: the field from above (circle, small circle, throwing lines A and B, border lines
// with interception), the throw chosen by dragging on the field (line and place, then aim) and
// sliders for power and spin — always one of the legal throws — the throw animated, the cube's
// final face, interception offered when the rules allow, and the team scores.

import { h, s, fill, reducedMotion } from "../dom.js";
import { t } from "../i18n.js";
import { dieSvg } from "./beetle.js";

const THROW = /^throw ([AB]) pos ([+-]?[\d.]+) aim ([+-]?[\d.]+) power ([\d.]+) spin ([\d.]+)$/;
const TEAM_COLOURS = ["#d55e00", "#0072b2"];

/** The legal throws as values, and the distinct values of each choice. */
function throwGrid(legal) {
  const throws = [];
  for (const action of legal) {
    const m = action.match(THROW);
    if (m) throws.push({ action, line: m[1], pos: +m[2], aim: +m[3], power: +m[4], spin: +m[5] });
  }
  const values = (key) => [...new Set(throws.map((x) => x[key]))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { throws, lines: values("line"), pos: values("pos"), aim: values("aim"), power: values("power"), spin: values("spin") };
}

function nearest(values, v) {
  return values.reduce((best, x) => (Math.abs(x - v) < Math.abs(best - v) ? x : best), values[0]);
}

export function kubikScreen(root, ctx) {
  const scores = h("div", { class: "team-scores", "data-testid": "scores", "aria-live": "polite" });
  const fieldBox = h("div", { class: "field-box" });
  const side = h("div", { class: "kubik-side" });
  const controls = h("div", { class: "kubik-controls-box" });
  fill(root, scores, h("div", { class: "screen-row" }, fieldBox, side), controls);
  let message = null;
  let choice = { line: "A", pos: 0, aim: 0, power: 12, spin: 4 };
  let grid = null;
  let animation = null;
  let lastLogLength = -1;

  // ---------------------------------------------------------------- the field
  const svg = s("svg", { class: "fit field", role: "img", "aria-label": t("kubik.field") });
  fieldBox.append(svg);
  let frame = { low: -6, span: 8.5 };
  const X = (x) => ((x - frame.low) / frame.span) * 500;
  const Y = (y) => 500 - ((y - frame.low) / frame.span) * 500;
  const toField = (px, py) => [frame.low + (px / 500) * frame.span, frame.low + ((500 - py) / 500) * frame.span];

  function release(view, line, pos) {
    const offset = view.field.line_offset;
    return line === "A" ? [pos, -offset] : [-offset, pos];
  }

  function direction(view, line, pos, aim) {
    const [rx, ry] = release(view, line, pos);
    const base = Math.atan2(view.cube.y - ry, view.cube.x - rx);
    const angle = base + (aim * Math.PI) / 180;  // + is to the left
    return [Math.cos(angle), Math.sin(angle)];
  }

  function drawField() {
    const view = message.view;
    const f = view.field;
    frame = { low: -f.line_offset - 0.6, span: f.line_offset + f.border_offset + 1.4 };
    svg.setAttribute("viewBox", "0 0 500 500");
    const m = (metres) => (metres / frame.span) * 500;
    const items = [s("rect", { x: 0, y: 0, width: 500, height: 500, fill: "#cfe3b4", rx: 10 })];
    items.push(s("circle", { cx: X(0), cy: Y(0), r: m(f.circle_radius), fill: "none", stroke: "#fff", "stroke-width": 5 }));
    items.push(s("circle", { cx: X(0), cy: Y(0), r: Math.max(2, m(f.cube_edge * 0.75)), fill: "none", stroke: "#fff",
      "stroke-width": 1.5 }));
    const far = frame.low + frame.span;
    items.push(s("line", { x1: X(frame.low), y1: Y(-f.line_offset), x2: X(far), y2: Y(-f.line_offset), stroke: "#fff",
      "stroke-width": 4 }), s("text", { x: X(far) - 8, y: Y(-f.line_offset) - 8, "text-anchor": "end", fill: "#234" }, "A"));
    items.push(s("line", { x1: X(-f.line_offset), y1: Y(frame.low), x2: X(-f.line_offset), y2: Y(far), stroke: "#fff",
      "stroke-width": 4 }), s("text", { x: X(-f.line_offset) + 8, y: 20, fill: "#234" }, "B"));
    if (message.interception) {
      items.push(s("line", { x1: X(frame.low), y1: Y(f.border_offset), x2: X(far), y2: Y(f.border_offset), stroke: "#fff",
        "stroke-dasharray": "8 6", "stroke-width": 2 }));
      items.push(s("line", { x1: X(f.border_offset), y1: Y(frame.low), x2: X(f.border_offset), y2: Y(far), stroke: "#fff",
        "stroke-dasharray": "8 6", "stroke-width": 2 }));
    }
    // the cube, turned by its yaw
    const edge = Math.max(8, m(f.cube_edge));
    items.push(s("g", { transform: `translate(${X(view.cube.x)} ${Y(view.cube.y)}) rotate(${-view.cube.yaw})`, class: "cube",
      "data-top": view.cube.top },
    s("rect", { x: -edge / 2, y: -edge / 2, width: edge, height: edge, fill: "#e9c98f", stroke: "#6b4a24", "stroke-width": 1.5 }),
    s("text", { x: 0, y: 4, "text-anchor": "middle", "font-size": 11, "font-weight": 700 }, view.cube.top)));
    // the chosen throw
    if (grid && grid.throws.length) {
      const [rx, ry] = release(view, choice.line, choice.pos);
      const [dx, dy] = direction(view, choice.line, choice.pos, choice.aim);
      const length = Math.hypot(view.cube.x - rx, view.cube.y - ry) + 1;
      items.push(s("circle", { cx: X(rx), cy: Y(ry), r: 9, fill: TEAM_COLOURS[view.team], stroke: "#111", class: "thrower" }));
      items.push(s("line", { x1: X(rx), y1: Y(ry), x2: X(rx + dx * length), y2: Y(ry + dy * length), stroke: "#333",
        "stroke-width": 2, "stroke-dasharray": "6 5", class: "aim" }));
    }
    items.push(s("g", { class: "animation" }));
    fill(svg, items);
  }

  // dragging on the field: near a line sets line and place; elsewhere sets the aim
  let dragging = false;
  function pointer(event) {
    if (!grid || !grid.throws.length) return;
    const rect = svg.getBoundingClientRect();
    const [fx, fy] = toField(((event.clientX - rect.left) / rect.width) * 500, ((event.clientY - rect.top) / rect.height) * 500);
    const view = message.view;
    const offset = view.field.line_offset;
    const nearA = Math.abs(fy + offset) < 0.6 && grid.lines.includes("A");
    const nearB = Math.abs(fx + offset) < 0.6 && grid.lines.includes("B");
    if (event.type === "pointerdown" && (nearA || nearB)) dragging = "line";
    else if (event.type === "pointerdown") dragging = "aim";
    if (dragging === "line") {
      choice.line = nearA && !(nearB && Math.abs(fx + offset) < Math.abs(fy + offset)) ? "A" : nearB ? "B" : choice.line;
      choice.pos = nearest(grid.pos, choice.line === "A" ? fx : fy);
    } else if (dragging === "aim") {
      const [rx, ry] = release(view, choice.line, choice.pos);
      const base = Math.atan2(view.cube.y - ry, view.cube.x - rx);
      let angle = ((Math.atan2(fy - ry, fx - rx) - base) * 180) / Math.PI;
      angle = ((angle + 540) % 360) - 180;
      choice.aim = nearest(grid.aim, angle);
    }
    drawField();
    drawControls();
  }
  svg.addEventListener("pointerdown", (e) => { svg.setPointerCapture(e.pointerId); pointer(e); });
  svg.addEventListener("pointermove", (e) => { if (dragging) pointer(e); });
  svg.addEventListener("pointerup", () => { dragging = false; });

  // ---------------------------------------------------------------- controls
  function slider(key, label, values) {
    const id = `kubik-${key}`;
    const i = Math.max(0, values.indexOf(choice[key]));
    return h("div", { class: "field" }, h("label", { for: id }, `${label}: `, h("output", {}, String(choice[key]))),
      h("input", { id, type: "range", min: 0, max: values.length - 1, step: 1, value: i,
        "aria-valuetext": String(choice[key]), oninput: (e) => {
          choice[key] = values[Number(e.target.value)];
          drawField();
          drawControls();
        } }));
  }

  function chosenAction() {
    if (!grid) return null;
    const found = grid.throws.find((x) => x.line === choice.line && x.pos === choice.pos && x.aim === choice.aim
      && x.power === choice.power && x.spin === choice.spin);
    return found ? found.action : null;
  }

  function drawControls() {
    const legal = message.legal;
    const parts = [];
    if (grid && grid.throws.length) {
      const action = chosenAction();
      parts.push(h("p", { class: "hint" }, t("kubik.dragHint")),
        h("div", { class: "kubik-controls" },
          h("div", { class: "field" }, h("span", {}, t("kubik.line")),
            h("div", { class: "buttons", role: "radiogroup", "aria-label": t("kubik.line") }, grid.lines.map((line) =>
              h("button", { type: "button", role: "radio", "aria-checked": choice.line === line ? "true" : "false",
                class: choice.line === line ? "primary" : "", onclick: () => { choice.line = line; drawField(); drawControls(); } },
              line)))),
          slider("pos", t("kubik.position"), grid.pos), slider("aim", t("kubik.aim"), grid.aim),
          slider("power", t("kubik.power"), grid.power), slider("spin", t("kubik.spin"), grid.spin)),
        h("div", { class: "buttons" }, h("button", { type: "button", class: "primary big-button", "data-action": "throw",
          disabled: !action, onclick: () => action && ctx.act(action) }, t("kubik.throw"))));
    }
    const others = legal.filter((a) => !THROW.test(a));
    if (others.length) {
      parts.push(h("div", { class: "outcome-buttons" }, others.map((a) => h("button", { type: "button", "data-action": a,
        class: "primary", onclick: () => ctx.act(a) }, label(a)))));
    }
    fill(controls, parts);
  }

  function label(action) {
    if (action === "throw") return t("kubik.throwReal");
    if (action === "pass") return t("kubik.pass");
    let m = action.match(/^intercept (\w+)$/);
    if (m) return t("kubik.intercept", { label: m[1] });
    // the outcomes a scorekeeper enters for a throw on a real field (throws=manual, K20)
    m = action.match(/^(miss|in|out|past|hit)(?: (\d))?$/);
    if (m) return t(`kubik.outcome.${m[1]}`, { n: m[2] || "" });
    return action;
  }

  function drawSide() {
    const view = message.view;
    const last = view.events.length ? view.events[view.events.length - 1] : null;
    fill(side,
      h("p", {}, view.phase === "over" ? null : [h("strong", {}, t("kubik.thrower", { label: view.thrower })), " · "],
        t("kubik.throws", { n: view.throws })),
      h("div", { class: "final-face" }, dieSvg(view.cube.top, t("kubik.top", { n: view.cube.top })),
        h("p", {}, t("kubik.top", { n: view.cube.top }))),
      last ? h("p", { "data-testid": "last-event" }, `${t("kubik.team", { team: "AB"[last.team] })} ${last.points >= 0 ? "+" : ""}${last.points} (${last.why})`) : null);
    fill(scores, [0, 1].map((team) => h("span", { style: `color:${TEAM_COLOURS[team]}` },
      `${t("kubik.team", { team: "AB"[team] })}: ${view.scores[team]}`)), h("span", { class: "hint" }, t("kubik.target", { n: view.target })));
  }

  // ---------------------------------------------------------------- the throw animated
  function animateLast(log) {
    const view = message.view;
    let k = log.length - 1;
    while (k >= 0 && !THROW.test(log[k])) k -= 1;
    if (k < 0 || k === log.length - 1 || reducedMotion()) return;
    const m = log[k].match(THROW);
    const outcome = log[k + 1].split(" ")[0];
    const [rx, ry] = release(view, m[1], +m[2]);
    const target = [0, 0];
    const base = Math.atan2(target[1] - ry, target[0] - rx);
    const angle = base + (+m[3] * Math.PI) / 180;
    const reach = Math.hypot(rx, ry) + (outcome === "miss" ? 1.5 : 0);
    const layer = svg.querySelector(".animation");
    if (!layer) return;
    const bat = s("line", { stroke: "#6b4a24", "stroke-width": 6, "stroke-linecap": "round" });
    const flying = outcome === "out" || outcome === "past" ? s("rect", { width: 12, height: 12, x: -6, y: -6, fill: "#e9c98f",
      stroke: "#6b4a24" }) : null;
    layer.append(bat);
    if (flying) layer.append(flying);
    const start = performance.now();
    cancelAnimationFrame(animation);
    const spin = +m[5];
    const step = (now) => {
      const u = Math.min(1, (now - start) / 900);
      const d = reach * Math.min(1, u * 1.1);
      const cx = rx + Math.cos(angle) * d;
      const cy = ry + Math.sin(angle) * d;
      const turn = angle + spin * u * 2 * Math.PI + Math.PI / 2;
      const half = 0.375;
      bat.setAttribute("x1", X(cx - Math.cos(turn) * half));
      bat.setAttribute("y1", Y(cy - Math.sin(turn) * half));
      bat.setAttribute("x2", X(cx + Math.cos(turn) * half));
      bat.setAttribute("y2", Y(cy + Math.sin(turn) * half));
      if (flying && u > 0.8) {
        const v = (u - 0.8) / 0.2;
        flying.setAttribute("transform", `translate(${X(Math.cos(angle) * v * 1.6)} ${Y(Math.sin(angle) * v * 1.6)})`);
      }
      if (u < 1) animation = requestAnimationFrame(step);
      else setTimeout(() => { bat.remove(); if (flying) flying.remove(); }, 400);
    };
    animation = requestAnimationFrame(step);
  }

  return {
    update(msg) {
      message = { ...msg, interception: Boolean(ctx.options().interception) };
      const g = throwGrid(msg.legal);
      grid = g;
      if (g.throws.length && !chosenAction()) {
        choice = { line: g.lines[0], pos: nearest(g.pos, 0), aim: nearest(g.aim, 0), power: nearest(g.power, 12),
          spin: nearest(g.spin, 4) };
      }
      drawField();
      drawSide();
      drawControls();
      if (lastLogLength !== -1 && msg.log.length > lastLogLength) animateLast(msg.log);
      lastLogLength = msg.log.length;
    },
    destroy() {
      cancelAnimationFrame(animation);
    },
  };
}
