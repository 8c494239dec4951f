// @ts-check
// Coach mode at a table: per seat this browser holds, a toggle (off by default, remembered in
// localStorage; at a hot seat, only the seat on screen has one); when it is on and that seat is to
// move, the game's advice for it — computed by the server from the seat's own view (GET
// /api/tables/{id}/coach) — is shown beside the choices. The advice is data (a kind, each action's
// figures, the preferred action); the game's folder words it (`coachView(advice, view, ctx)` in its
// index.js), and a game without one gets the generic table here. A finished game's replay lists a
// seat's blunders (`blundersPanel`, GET …/blunders).

import { api, tokensFor } from "./api.js";
import { h, fill } from "./dom.js";
import { addStrings, formatNumber, t } from "./i18n.js";
import { errorText } from "./errors.js";
import { gameModule } from "./games/index.js";

export const STRINGS = {
  en: {
    "coach.title": "Coach",
    "coach.toggle": "Show me the numbers",
    "coach.toggleSeat": "Show {name} the numbers",
    "coach.thinking": "The coach is thinking…",
    "coach.nothing": "Nothing to advise now.",
    "coach.waiting": "The coach advises when it is your turn.",
    "coach.best": "Suggested: {action}",
    "coach.choice": "Choice",
    "coach.value": "Value",
    "coach.blunders": "Blunders",
    "coach.blundersFor": "Blunders of {name}",
    "coach.blundersNone": "No move cost more than the threshold: well played.",
    "coach.blunder": "Move {move}: {action} — cost {cost}",
    "coach.better": "Better: {best}",
    "coach.costPoints": "{value} points",
    "coach.costChance": "{value} chance to win",
    "coach.rated": "{rated} decisions rated.",
    "coach.truncated": "Only the first {rated} decisions were rated.",
  },
  ru: {
    "coach.title": "Тренер",
    "coach.toggle": "Показывать расчёты",
    "coach.toggleSeat": "Показывать расчёты: {name}",
    "coach.thinking": "Тренер думает…",
    "coach.nothing": "Сейчас советовать нечего.",
    "coach.waiting": "Тренер подсказывает, когда ваш ход.",
    "coach.best": "Совет: {action}",
    "coach.choice": "Вариант",
    "coach.value": "Оценка",
    "coach.blunders": "Ошибки",
    "coach.blundersFor": "Ошибки игрока {name}",
    "coach.blundersNone": "Ни один ход не стоил больше порога: отличная игра.",
    "coach.blunder": "Ход {move}: {action} — потеря {cost}",
    "coach.better": "Лучше: {best}",
    "coach.costPoints": "{value} очк.",
    "coach.costChance": "{value} шанса на победу",
    "coach.rated": "Оценено решений: {rated}.",
    "coach.truncated": "Оценены только первые {rated} решений.",
  },
  ro: {
    "coach.title": "Antrenor",
    "coach.toggle": "Arată-mi calculele",
    "coach.toggleSeat": "Calculele pentru {name}",
    "coach.thinking": "Antrenorul se gândește…",
    "coach.nothing": "Acum nu e nimic de sfătuit.",
    "coach.waiting": "Antrenorul sfătuiește când ești la mutare.",
    "coach.best": "Sugestie: {action}",
    "coach.choice": "Alegere",
    "coach.value": "Valoare",
    "coach.blunders": "Greșeli",
    "coach.blundersFor": "Greșelile lui {name}",
    "coach.blundersNone": "Nicio mutare nu a costat mai mult decât pragul: bine jucat.",
    "coach.blunder": "Mutarea {move}: {action} — cost {cost}",
    "coach.better": "Mai bine: {best}",
    "coach.costPoints": "{value} puncte",
    "coach.costChance": "{value} șansă de câștig",
    "coach.rated": "Decizii evaluate: {rated}.",
    "coach.truncated": "Au fost evaluate doar primele {rated} decizii.",
  },
};
addStrings("coach", { STRINGS });

const KEY = "tabletop.coach";

/** The seats whose coach is on at a table ({tableId: [seat…]} in localStorage). */
function coachedSeats(tableId) {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}")[tableId] || [];
  } catch {
    return [];
  }
}

function setCoached(tableId, seat, on) {
  let all = {};
  try {
    all = JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch { /* start afresh */ }
  const seats = new Set(all[tableId] || []);
  if (on) seats.add(seat);
  else seats.delete(seat);
  all[tableId] = [...seats];
  localStorage.setItem(KEY, JSON.stringify(all));
}

/** GET the advice for `seat`, with the tokens this browser holds at the table (never in the URL). */
async function fetchAdvice(tableId, seat) {
  const tokens = Object.values(tokensFor(tableId));
  const response = await fetch(`/api/tables/${tableId}/coach?seat=${seat}`,
    { headers: { Authorization: `Bearer ${tokens.join(", ")}` } });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw Object.assign(new Error(data?.detail || response.statusText), data || {});
  return data;
}

/** A number of the advice: a chance as a percentage, points with their sign. */
export function figure(value, unit) {
  if (typeof value === "boolean") return value ? "✓" : "";
  return unit === "chance" ? formatNumber(value, { percent: true, max: 1 })
    : formatNumber(value, { digits: 2, sign: true });
}

/** The generic advice: each choice (in the game's words) with its measure, best first, the best marked. */
export function coachTable(advice, { label = (a) => a, columns = null, limit = 30 } = {}) {
  const cols = columns || [{ key: advice.measure, title: t("coach.value"), unit: advice.unit }];
  const rows = Object.keys(advice.actions)
    .sort((a, b) => (advice.actions[b][advice.measure] ?? 0) - (advice.actions[a][advice.measure] ?? 0))
    .slice(0, limit);
  return h("table", { class: "coach-table", "data-testid": "coach-table" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("coach.choice")),
      cols.map((c) => h("th", { scope: "col" }, c.title)))),
    h("tbody", {}, rows.map((action) => h("tr", { "data-action": action, class: action === advice.best ? "best" : null },
      h("th", { scope: "row" }, action === advice.best ? "★ " : "", label(action)),
      cols.map((c) => h("td", {}, c.value ? c.value(advice.actions[action]) : figure(advice.actions[action][c.key], c.unit)))))));
}

/**
 * The coach panel of a live table: `update(last, seats, ctx)` after each state shown (`seats`: the seats
 * this browser holds). It asks for advice once per (move, seat) while that seat's toggle is on and it is to move;
 * `offered()` says whether the table's game has a coach at all (none: no panel).
 */
export function coachPanel(tableId, offered = () => true) {
  const element = h("section", { class: "coach-box", "data-testid": "coach", "aria-labelledby": "coach-h", hidden: true });
  let asked = null;  // "move:seat" of the advice shown or on its way
  let advice = null;
  let failure = null;
  let shown = null;  // the arguments of the last update, to redraw on a toggle or an answer
  let alive = true;

  const heading = h("h3", { id: "coach-h" });
  const togglesBox = h("div", { class: "coach-toggles" });
  const bodyBox = h("div", {});
  element.append(heading, togglesBox, bodyBox);
  const drawn = { toggles: null, body: null };  // what is on screen (its words' language too): redrawn on a change

  function draw() {
    if (!shown) return;
    const { last, seats, ctx } = shown;
    const game = gameModule(last.view && last.view.game);
    const people = seats.filter((seat) => last.seats[seat] && last.seats[seat].kind !== "bot");
    element.hidden = !offered() || !people.length || last.status !== "playing";
    if (element.hidden) {  // gone, not only hidden: behind a hot seat's curtain it held the other seat's advice
      fill(togglesBox);
      fill(bodyBox);
      drawn.toggles = null;
      drawn.body = null;
      return;
    }
    const on = new Set(coachedSeats(tableId));
    const names = people.map((seat) => ctx.seatName(seat));
    // a hot seat's toggle names its seat: each player's is their own, kept apart
    const named = people.length > 1 || Object.keys(tokensFor(tableId)).length > 1;
    const togglesKey = JSON.stringify([people, names, [...on], named, t("coach.toggle")]);
    if (togglesKey !== drawn.toggles) {  // (re)made only when they change: a click never meets a new element
      drawn.toggles = togglesKey;
      heading.textContent = t("coach.title");
      fill(togglesBox, people.map((seat, i) => h("label", { class: "coach-toggle" },
        h("input", { type: "checkbox", checked: on.has(seat), "data-testid": `coach-toggle-${seat}`,
          onchange: (e) => { setCoached(tableId, seat, e.target.checked); asked = null; refresh(); } }),
        " ", named ? t("coach.toggleSeat", { name: names[i] }) : t("coach.toggle"))));
    }
    const seat = last.to_move;
    const coached = on.has(seat) && people.includes(seat) && last.legal.length;
    const state = !coached ? (people.some((s) => on.has(s)) ? "waiting" : "off")
      : failure ? "failure" : !advice ? "thinking" : !advice.advice ? "nothing" : "advice";
    const bodyKey = JSON.stringify([state, asked, failure, t("coach.title")]);
    if (bodyKey === drawn.body) return;
    drawn.body = bodyKey;
    let body = null;
    switch (state) {
      case "waiting": body = h("p", { class: "hint" }, t("coach.waiting")); break;
      case "failure": body = h("p", { class: "hint" }, failure); break;
      case "thinking": body = h("p", { class: "hint", "aria-live": "polite" }, t("coach.thinking")); break;
      case "nothing": body = h("p", { class: "hint" }, t("coach.nothing")); break;
      case "advice": {
        const view = game?.coachView?.(advice.advice, last.view, ctx);
        body = h("div", { class: "coach-advice", "data-kind": advice.advice.kind, "aria-live": "polite" },
          view || coachTable(advice.advice, { label: (a) => game?.actionText?.(a, last.view, ctx) || a }));
        break;
      }
      default: break;
    }
    fill(bodyBox, body);
  }

  function refresh() {
    if (!shown) return;
    const { last, seats } = shown;
    const seat = last.to_move;
    const wanted = last.status === "playing" && last.legal.length && seats.includes(seat)
      && coachedSeats(tableId).includes(seat) ? `${last.move}:${seat}` : null;
    if (wanted && wanted !== asked) {
      asked = wanted;
      advice = null;
      failure = null;
      fetchAdvice(tableId, seat).then((data) => {
        if (alive && asked === wanted) advice = data;
      }).catch((error) => {
        if (alive && asked === wanted) failure = errorText(error, { game: last.view && last.view.game });
      }).finally(() => { if (alive && asked === wanted) draw(); });
    } else if (!wanted) {
      asked = null;
      advice = null;
      failure = null;
    }
    draw();
  }

  return {
    element,
    update(last, seats, ctx) {
      shown = { last, seats, ctx };
      refresh();
    },
    destroy() { alive = false; },
  };
}

/**
 * A finished game's blunders for one seat: a button per person's seat, then the list, each move in the
 * game's words (`actionText(action, seat)`, the game folder's words for the seat's moves; notation only
 * where it has none): "Move 16: Lay away 2♣ 2♦ — cost 5.4 points", and under it "Better: Lay away 9♥ Q♦".
 * Returns {element, relabel()}: relabel draws it again in the reader's new language (nothing is asked again).
 */
/**
 * @param {string} tableId
 * @param {{game: string, seats: import("./contract.js").SeatInfo[], seatName: (seat: number) => string,
 *   actionText?: (action: string, seat: number) => string, onMove?: ((move: number) => void) | null}} options
 */
export function blundersPanel(tableId, { game, seats, seatName, actionText = (a) => a, onMove = null }) {
  const buttons = h("div", { class: "coach-toggles" });
  const list = h("div", { class: "coach-blunders", "aria-live": "polite", "data-testid": "blunders" });
  const element = h("section", { class: "coach-box blunders-box" }, buttons, list);
  const people = seats.filter((seat) => seat.kind !== "bot").map((seat) => seat.seat);
  let shown = null;  // {seat, data} or {seat, error} once asked; {seat} while the answer is on its way
  const cost = (b) => (b.unit === "chance" ? t("coach.costChance", { value: figure(b.cost, "chance") })
    : t("coach.costPoints", { value: formatNumber(b.cost, { digits: 2 }) }));
  /** One blunder: what was played and its cost (a link to that moment where the replay offers one), the better move. */
  const item = (b, seat) => {
    const said = t("coach.blunder", { move: formatNumber(b.move + 1), action: actionText(b.action, seat), cost: cost(b) });
    return h("li", { "data-move": b.move },
      onMove ? h("button", { type: "button", class: "link", onclick: () => onMove(b.move) }, said) : said,
      h("span", { class: "blunder-better" }, t("coach.better", { best: actionText(b.best, seat) })));
  };
  function draw() {
    element.setAttribute("aria-label", t("coach.blunders"));
    fill(buttons, people.map((seat) => h("button", { type: "button", class: "small", "data-action": `blunders-${seat}`,
      onclick: () => show(seat) }, people.length > 1 ? t("coach.blundersFor", { name: seatName(seat) }) : t("coach.blunders"))));
    if (!shown) return;
    const { seat, data, error } = shown;
    if (error) fill(list, h("p", { class: "hint" }, errorText(error, { game })));
    else if (!data) fill(list, h("p", { class: "hint" }, t("coach.thinking")));
    else {
      fill(list, h("h4", {}, t("coach.blundersFor", { name: seatName(seat) })),
        data.blunders.length ? h("ol", { class: "blunder-list" }, data.blunders.map((b) => item(b, seat)))
          : h("p", {}, t("coach.blundersNone")),
        h("p", { class: "hint" }, data.truncated ? t("coach.truncated", { rated: data.rated }) : t("coach.rated", { rated: data.rated })));
    }
  }
  async function show(seat) {
    const asked = { seat };
    shown = asked;
    draw();
    try {
      asked.data = await api.blunders(tableId, seat);
    } catch (error) {
      asked.error = error;
    }
    if (shown === asked) draw();  // (another seat's list asked for since: that one is drawn)
  }
  draw();
  return { element, relabel: draw };
}
