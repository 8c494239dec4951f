// @ts-check
// The replay of a finished game, drawn by the game's own screen through any seat's eyes. It stops at
// whole steps — a decision with the chance that answers it, a deal's cards together (js/steps.js) —
// or, with "Every action", at each action; it plays itself at a chosen speed. Each stop is one
// request, GET /api/tables/{id}/replay/{n} (the position after n actions), however many actions the
// step spans; while playing, the next stop is asked for before it is due, and an answer that comes
// after a newer position was asked for is never shown. The position is in the address
// (#/replay/{id}/{n}), so a link shows the same moment.

import { api } from "./api.js";
import { h, fill } from "./dom.js";
import { lang, t } from "./i18n.js";
import { gameTitle } from "./lobby.js";
import { gameModule } from "./games/index.js";
import { resultText, seatName } from "./table.js";
import { describeLog, maybe } from "./describe.js";
import { icon } from "./icons.js";
import { paceOf } from "./pacing.js";
import { nextStop, placeOf, previousStop, stepsOf, stops } from "./steps.js";
import { blundersPanel } from "./coach.js";

/** The autoplay speeds (the table's, js/pacing.js, but for instant) and how many paces a step stays up. */
export const REPLAY_SPEEDS = ["fast", "normal", "slow"];
export const STEP_PACES = 2.5;
const CACHED = 16;  // answers kept here (the server keeps its own): back and forth over a few steps is free
const SPEED_KEY = "tabletop.replay.speed";
const FINE_KEY = "tabletop.replay.fine";

function remembered(key, fallback) {
  try {
    return localStorage.getItem(key) ?? fallback;
  } catch {
    return fallback;
  }
}

function remember(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch { /* not remembered: still used now */ }
}

const number = (value) => new Intl.NumberFormat(lang()).format(value);

export function renderReplay(root, tableId, startAt) {
  let alive = true;
  let info = null;
  let entries = [];  // the whole game's log: what the steps are made of
  let steps = [];
  let n = 0;  // the position asked for last
  let shown = null;  // the answer on screen (its .move)
  let seat = 0;
  let fine = remembered(FINE_KEY, "") === "1";
  let speed = REPLAY_SPEEDS.includes(remembered(SPEED_KEY, "")) ? remembered(SPEED_KEY, "") : "normal";
  let playing = false;
  let timer = null;
  /** @type {import("./contract.js").GameScreen | null} */
  let screen = null;
  let request = 0;
  const cache = new Map();

  const button = (action, iconName, keys, onclick) => h("button", { type: "button", "data-action": action,
    "aria-keyshortcuts": keys, onclick }, icon(iconName), h("span", { class: "label" }));
  const first = button("first", "first", "Home", () => { pause(); go(0); });
  const prev = button("prev", "back", "ArrowLeft", () => { pause(); go(previousStop(steps, n)); });
  const play = button("play", "play", "Space", () => (playing ? pause() : start()));
  const next = button("next", "forward", "ArrowRight", () => { pause(); go(nextStop(steps, n)); });
  const last = button("last", "last", "End", () => { pause(); go(entries.length); });
  const slider = h("input", { type: "range", min: 0, value: 0, "data-testid": "replay-slider",
    oninput: (e) => { position.textContent = positionText(stops(steps)[Number(e.target.value)] ?? 0); },  // a preview
    onchange: (e) => { pause(); go(stops(steps)[Number(e.target.value)] ?? 0); } });  // one request, on letting go
  const speedSelect = h("select", { "data-testid": "replay-speed", onchange: (e) => {
    speed = e.target.value;
    remember(SPEED_KEY, speed);
    if (playing) schedule();
  } });
  const speedLabel = h("span", {});
  const fineBox = h("input", { type: "checkbox", "data-testid": "replay-fine", checked: fine, onchange: (e) => {
    fine = e.target.checked;
    remember(FINE_KEY, fine ? "1" : "");
    restep();
  } });
  const fineLabel = h("span", {});
  const seatSelect = h("select", { "data-testid": "replay-seat", onchange: (e) => { seat = Number(e.target.value); draw(); } });
  const seatLabel = h("span", {});

  const title = h("h2", {});
  const controls = h("div", { class: "replay-controls", role: "toolbar" }, first, prev, play, next, last);
  const options = h("div", { class: "replay-options" }, slider,
    h("label", {}, speedLabel, " ", speedSelect), h("label", { class: "replay-fine" }, fineBox, " ", fineLabel),
    h("label", {}, seatLabel, " ", seatSelect));
  const position = h("p", { class: "replay-position", "aria-live": "polite", "data-testid": "replay-position" });
  const stepText = h("p", { class: "replay-step", "data-testid": "replay-step" });
  const problem = h("p", { class: "banner error", role: "alert", hidden: true });
  const result = h("p", { class: "banner result", hidden: true });
  const board = h("div", { class: "board", "data-testid": "board" });
  const logList = h("ol", { class: "log sentences" });  // sentences, as at the table
  const logTitle = h("h3", {});
  const blundersBox = h("div", {});  // the coach's blunders of a seat (coach.js), once the game is known
  let blunders = null;
  fill(root, h("div", { class: "table-screen replay" }, title, controls, options, position, stepText, problem, result,
    h("div", { class: "table-body" }, board, h("aside", { class: "side" }, blundersBox, h("section", {}, logTitle, logList)))));

  const ctx = {
    act() {},
    tableId,
    isMine: () => false,
    seatName: (s) => seatName(info && info.seats, s),
    options: () => (info ? info.options : {}),
    replay: true,
  };

  /** The position after `move` actions: one request, kept for going back and forth. */
  function fetchStep(move) {
    if (!cache.has(move)) {
      const answer = api.replay(tableId, move);
      answer.catch(() => cache.delete(move));  // asked again next time
      cache.set(move, answer);
      if (cache.size > CACHED) cache.delete(cache.keys().next().value);
    }
    return cache.get(move);
  }

  /** Count the answers to the positions asked for, used or stale, in `data-answers`: a stale answer
   * changes nothing else on the page, and a test waits on this to see that it changed nothing. */
  let answers = 0;
  function answered() {
    root.querySelector(".replay").setAttribute("data-answers", String(++answers));
  }

  async function go(target) {
    n = Math.max(0, Math.min(entries.length, target));
    const mine = ++request;
    root.querySelector(".replay").setAttribute("aria-busy", "true");
    let answer;
    try {
      answer = await fetchStep(n);
    } catch (error) {
      answered();
      if (!alive || mine !== request) return;
      root.querySelector(".replay").removeAttribute("aria-busy");
      pause();
      problem.hidden = false;
      problem.textContent = t("common.error", { reason: error.message });
      return;
    }
    answered();
    if (!alive || mine !== request) return;  // a newer position was asked for: this one is stale
    root.querySelector(".replay").removeAttribute("aria-busy");
    problem.hidden = true;
    shown = answer;
    history.replaceState(null, "", `#/replay/${encodeURIComponent(tableId)}/${n}`);
    draw();
    if (playing) {
      if (nextStop(steps, n) === n) pause();
      else {
        fetchStep(nextStop(steps, n)).catch(() => {});  // ready before it is due
        schedule();
      }
    }
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (playing) go(nextStop(steps, n));
    }, paceOf(speed) * STEP_PACES);
  }

  function start() {
    playing = true;
    drawControls();
    if (nextStop(steps, n) === n) go(0);  // at the end: from the start again
    else go(nextStop(steps, n));
  }

  function pause() {
    playing = false;
    clearTimeout(timer);
    timer = null;
    drawControls();
  }

  function restep() {
    steps = stepsOf(gameModule(info.game), entries, { fine });
    draw();
  }

  /**
   * The message a table screen draws, from the answer on screen.
   * @returns {import("./contract.js").ShownState}
   */
  function message() {
    const over = shown.move === entries.length;
    return {
      type: /** @type {const} */ ("state"), table: tableId, status: over ? info.status : "playing", move: shown.move, seat,
      to_move: shown.to_move, view: shown.views[seat], legal: [], log: shown.log.map((entry) => entry.action),
      entries: shown.log, text: shown.text, seats: info.seats, undo: null, clock: null,
      result: over ? info.result : null,
    };
  }

  function drawControls() {
    const labels = { first: "replay.first", prev: "replay.prev", next: "replay.next", last: "replay.last" };
    for (const [el, key] of [[first, labels.first], [prev, labels.prev], [next, labels.next], [last, labels.last]]) {
      el.querySelector(".label").textContent = t(key);
      el.title = t(key);
    }
    play.replaceChildren(icon(playing ? "pause" : "play"), h("span", { class: "label" },
      t(playing ? "replay.pause" : "replay.play")));
    play.title = t(playing ? "replay.pause" : "replay.play");
    play.dataset.playing = String(playing);  // (its name says what it does: Play or Pause)
    play.classList.add("primary");
    const at = shown ? shown.move : n;
    first.disabled = prev.disabled = at === 0;
    next.disabled = last.disabled = at === entries.length;
  }

  /** "Deal 3 · step 5 of 40 · after 23 of 83 moves", in the reader's language. */
  function positionText(at) {
    const place = placeOf(steps, at);
    const round = place.step && place.step.round !== null
      ? maybe(`${info.game}.replay.round`, { n: number(place.step.round) }, null) : null;
    const parts = [round, t(fine ? "replay.action.n" : "replay.step", { n: number(place.index), m: number(place.count) }),
      t("replay.after", { n: at, m: entries.length })].filter(Boolean);  // (a count: t writes its figures)
    const text = parts.join(" · ");
    return text.charAt(0).toLocaleUpperCase(lang()) + text.slice(1);
  }

  /** The words that change only with the language (not redrawn at every step: an open list stays open). */
  function drawLabels() {
    title.textContent = `${t("replay.title")}: ${gameTitle(info.game)}`;
    controls.setAttribute("aria-label", t("replay.controls"));
    speedLabel.textContent = t("replay.speed");
    fill(speedSelect, REPLAY_SPEEDS.map((s) => h("option", { value: s, selected: s === speed }, t(`table.speed.${s}`))));
    fineLabel.textContent = t("replay.fine");
    seatLabel.textContent = t("replay.seatView");
    fill(seatSelect, info.seats.map((s) => h("option", { value: s.seat, selected: s.seat === seat }, seatName(info.seats, s.seat))));
    logTitle.textContent = t("table.log");
  }

  function draw() {
    if (!info || !shown) return;
    const at = shown.move;
    drawControls();
    const place = placeOf(steps, at);
    slider.max = String(steps.length);
    slider.value = String(place.index);
    slider.setAttribute("aria-label", t("replay.slider"));
    slider.setAttribute("aria-valuetext", positionText(at));
    position.textContent = positionText(at);
    Object.assign(position.dataset, { move: at, moves: entries.length, step: place.index, steps: place.count,
      fine: fine ? "1" : "0" });
    const over = at === entries.length;
    const msg = message();
    result.hidden = !over;
    result.textContent = over ? resultText(msg) : "";
    const lines = describeLog(info.game, shown.log, {  // in sentences, as at the table; notation on hover
      seatName: (s) => seatName(info.seats, s), players: info.seats.length, view: shown.views[seat], viewer: seat,
    });
    const from = place.step ? place.step.start : at;  // the lines of the step just taken are marked
    let count = 0;
    const items = lines.map((line) => {
      const current = count >= from;
      count += line.actions.length;
      return h("li", { title: line.actions.join(" · "), "data-seat": line.seat, class: current ? "current" : null },
        line.text, line.notes.map((note) => h("span", { class: "note" }, note)));
    });
    fill(logList, items);
    const now = items.filter((item) => item.classList.contains("current"));
    fill(stepText, now.length ? now.map((item) => h("span", {}, item.firstChild.textContent)) : t("replay.start"));
    logList.scrollTop = logList.scrollHeight;
    if (!screen && gameModule(info.game)) screen = gameModule(info.game).screen(board, ctx);
    if (screen) screen.update(msg);
  }

  function onKey(event) {
    if (!info || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target.closest && target.closest("input, select, textarea")) return;
    const fineStep = event.shiftKey;  // one action, whatever the steps
    if (event.key === "ArrowLeft") {
      pause();
      go(fineStep ? n - 1 : previousStop(steps, n));
    } else if (event.key === "ArrowRight") {
      pause();
      go(fineStep ? n + 1 : nextStop(steps, n));
    } else if (event.key === "Home") {
      pause();
      go(0);
    } else if (event.key === "End") {
      pause();
      go(entries.length);
    } else if (event.key === " " && !(target.closest && target.closest("button, a"))) {
      if (playing) pause();
      else start();
    } else return;
    event.preventDefault();
  }
  document.addEventListener("keydown", onKey);

  // the first load, tried again if the server does not answer in time (a busy server, a lost request)
  async function load(attempt = 0) {
    const abort = new AbortController();
    const wait = setTimeout(() => abort.abort(), 6000);
    try {
      const [table, record] = await Promise.all([
        fetch(`/api/tables/${tableId}`, { signal: abort.signal }).then((r) => r.json()),
        fetch(`/api/tables/${tableId}/record`, { signal: abort.signal }).then((r) => r.json())]);
      if (record.actions === undefined) throw new Error(record.detail || "no record");
      const end = await fetchStep(record.actions.length);  // the whole log: what the steps are made of
      if (!alive) return;
      info = table;
      entries = end.log;
      steps = stepsOf(gameModule(info.game), entries, { fine });
      drawLabels();
      blunders = blundersPanel(tableId, { game: info.game, seats: info.seats,
        seatName: (s) => seatName(info.seats, s), onMove: (move) => { pause(); go(move); },
        // a move in the game's words, as the seat saw the game at its end (a player named, not a label)
        actionText: (a, s) => gameModule(info.game)?.actionText?.(a, end.views[s], ctx) || a });
      fill(blundersBox, blunders.element);
      const asked = Number.parseInt(startAt ?? "", 10);
      await go(Number.isInteger(asked) ? asked : 0);
    } catch (error) {
      if (!alive) return;
      if (error.name === "AbortError" && attempt < 3) {
        load(attempt + 1);
        return;
      }
      fill(root, h("p", { class: "banner error", role: "alert" }, t("common.error", { reason: error.message })));
    } finally {
      clearTimeout(wait);
    }
  }
  load();

  return {
    destroy() {
      alive = false;
      pause();
      document.removeEventListener("keydown", onKey);
      if (screen && screen.destroy) screen.destroy();
    },
    relabel() {
      if (!info) return;
      drawLabels();
      if (blunders) blunders.relabel();
      draw();
    },
  };
}
