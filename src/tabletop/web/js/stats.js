// @ts-check
// A player's statistics on their profile: per game, the figures exact analysis gives of their finished games
// (each with what it counts), and a small graph of the figures a game shows over time. The server computes and
// sums everything once per finished game (GET /api/players/{name}: `stats`); this module only writes it out.
// Nothing here names a game: a figure's words are its game's own (js/games/<game>/strings.js,
// `<game>.stats.<figure>` and `<game>.stats.<figure>.why`), and its unit says how to write its value.

import { h, s } from "./dom.js";
import { addStrings, formatNumber, t } from "./i18n.js";
import { gameTitle } from "./lobby.js";

export const STRINGS = {
  en: {
    "stats.title": "Statistics",
    "stats.why": "Worked out once after each finished game, from its record: never during a game.",
    "stats.games": { one: "{n} game analysed", other: "{n} games analysed" },
    "stats.incomplete": { one: "{n} of them only in part: its analysis ran out of time", other: "{n} of them only in part: their analysis ran out of time" },
    "stats.series": "{figure}, game by game (the latest {n})",
    "stats.average": "average {value}",
  },
  ru: {
    "stats.title": "Статистика",
    "stats.why": "Считается один раз после каждой завершённой партии, по её записи, — никогда во время игры.",
    "stats.games": { one: "Разобрана {n} партия", few: "Разобрано {n} партии", many: "Разобрано {n} партий", other: "Разобрано {n} партии" },
    "stats.incomplete": { one: "из них {n} — лишь частично: на разбор не хватило времени", few: "из них {n} — лишь частично: на разбор не хватило времени", many: "из них {n} — лишь частично: на разбор не хватило времени", other: "из них {n} — лишь частично: на разбор не хватило времени" },
    "stats.series": "{figure} по партиям (последние {n})",
    "stats.average": "в среднем {value}",
  },
  ro: {
    "stats.title": "Statistici",
    "stats.why": "Calculate o singură dată după fiecare partidă încheiată, din înregistrarea ei: niciodată în timpul jocului.",
    "stats.games": { one: "{n} partidă analizată", few: "{n} partide analizate", other: "{n} de partide analizate" },
    "stats.incomplete": { one: "{n} dintre ele doar în parte: analiza a rămas fără timp", few: "{n} dintre ele doar în parte: analiza a rămas fără timp", other: "{n} dintre ele doar în parte: analiza a rămas fără timp" },
    "stats.series": "{figure}, partidă cu partidă (ultimele {n})",
    "stats.average": "în medie {value}",
  },
};
addStrings("stats", { STRINGS });

/**
 * A figure's value as the reader's language writes it, by its unit: a count whole, points with two decimals,
 * a share or a chance as a percentage.
 * @param {number} value
 * @param {string} unit "count", "points", "share" or "chance"
 */
export function figureText(value, unit) {
  if (unit === "points") return formatNumber(value, { digits: 2 });
  if (unit === "share") return formatNumber(value, { percent: true, max: 1 });
  if (unit === "chance") return formatNumber(value, { percent: true, max: 2 });
  return formatNumber(value, { max: 0 });
}

/** A figure's name and what it counts, in the game's words (its name spelt out where the game has none). */
function words(game, name) {
  const key = `${game}.stats.${name}`;
  const label = t(key);
  return [label === key ? name.replace(/_/g, " ") : label, t(`${key}.why`) === `${key}.why` ? "" : t(`${key}.why`)];
}

/**
 * The profile's statistics: a part per game (the most played first) with its figures — those with a value —
 * and the graphs of its figures over time; null when the player has none yet.
 * @param {Record<string, {games: number, incomplete: number, figures: Record<string, number | null>,
 *   units: Record<string, string>, series: Record<string, number[]>}>} stats
 */
export function statsPanel(stats) {
  const games = Object.keys(stats || {}).sort((a, b) => stats[b].games - stats[a].games || a.localeCompare(b));
  if (!games.length) return null;
  return h("section", { class: "panel", "aria-labelledby": "player-figures-h", "data-testid": "stats" },
    h("h3", { id: "player-figures-h" }, t("stats.title")),
    h("p", { class: "hint" }, t("stats.why")),
    games.map((game) => gamePart(game, stats[game])));
}

function gamePart(game, found) {
  const shown = Object.entries(found.figures).filter(([, value]) => value !== null && value !== undefined);
  return h("div", { class: "stats-game", "data-game": game },
    h("h4", {}, gameTitle(game)),
    h("p", { class: "hint" }, t("stats.games", { n: found.games }),
      found.incomplete ? ` · ${t("stats.incomplete", { n: found.incomplete })}` : ""),
    h("dl", { class: "figures" }, shown.map(([name, value]) => {
      const [label, why] = words(game, name);
      return h("div", { "data-figure": name },
        h("dt", {}, label),
        h("dd", {}, h("strong", {}, figureText(Number(value), found.units[name] || "count")),
          why ? h("span", { class: "hint" }, ` ${why}`) : null));
    })),
    Object.entries(found.series || {}).filter(([, values]) => values.length)
      .map(([name, values]) => seriesGraph(words(game, name)[0], values, found.units[name] || "points", name)));
}

/**
 * A figure game by game as a line (oldest first), from 0 to its highest value, its mean dashed across; drawn
 * here, no library.
 * @param {string} label
 * @param {number[]} values
 * @param {string} unit
 * @param {string} name
 */
export function seriesGraph(label, values, unit, name) {
  const title = t("stats.series", { figure: label, n: values.length });
  const width = 600, height = 160, pad = 30;
  const top = Math.max(...values) || 1;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const x = (i) => pad + (values.length === 1 ? (width - 2 * pad) / 2 : i * (width - 2 * pad) / (values.length - 1));
  const y = (value) => pad / 2 + (top - value) * (height - pad) / top;
  const line = values.map((value, i) => `${x(i).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
  const graph = s("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": title, class: "graph" },
    s("title", {}, title),
    s("line", { x1: pad, x2: width - pad, y1: y(0).toFixed(1), y2: y(0).toFixed(1), class: "base" }),
    s("line", { x1: pad, x2: width - pad, y1: y(mean).toFixed(1), y2: y(mean).toFixed(1), class: "mean" },
      s("title", {}, t("stats.average", { value: figureText(mean, unit) }))),
    s("polyline", { points: line, class: "line" }),
    ...values.map((value, i) => s("circle", { cx: x(i).toFixed(1), cy: y(value).toFixed(1), r: 3, class: "point" },
      s("title", {}, figureText(value, unit)))),
    s("text", { x: 2, y: y(top) + 4, class: "axis" }, figureText(top, unit)),
    s("text", { x: 2, y: y(0), class: "axis" }, figureText(0, unit)));
  return h("figure", { class: "stats-series", "data-series": name }, graph, h("figcaption", { class: "hint" }, title));
}
