// @ts-check
// Ratings in the browser: whether the table being made can be rated (and why not), a player's ratings on their
// profile with a graph of each pool's history, and #/leaderboard/{pool}. The server decides every rating; this
// module only reads them (GET /api/pools, /api/leaderboard/{pool}, /api/players/{name}/ratings/{pool}).

import { ratingsApi } from "./api.js";
import { h, fill } from "./dom.js";
import { addStrings, formatNumber, lang, t } from "./i18n.js";

/** The bot levels that play rated games (the server's RATED_BOTS), each under an account of its own. */
export const RATED_BOTS = ["easy", "normal", "hard"];

export const STRINGS = {
  en: {
    "rated.legend": "Rating",
    "rated.label": "Rated game",
    "rated.on": "The result moves both sides' ratings. No takebacks, no coach; a clock that runs out loses; leaving is resigning.",
    "rated.off": "Casual: takebacks and the coach are allowed, and no rating changes.",
    "rated.why.never": "{game} has no rated games.",
    "rated.why.sign_in": "Sign in to play rated games: a rating belongs to an account.",
    "rated.why.seed": "A chosen seed makes a practice table: rated games draw their own luck.",
    "rated.why.hot_seat": "Players sharing a screen cannot be rated: each side is an account.",
    "rated.why.bot_level": "Only the bots easy, normal and hard are rated.",
    "rated.why.options": "These options are not a rated configuration of the game.",
    "ratings.title": "Ratings",
    "ratings.poolPlayers": "{game}, {n} players",
    "ratings.poolSides": "{game}, {n} against {n}",
    "ratings.pool": "Pool",
    "ratings.rating": "Rating",
    "ratings.games": "Games",
    "ratings.rank": "Rank",
    "ratings.provisional": "provisional: it settles after about a dozen rated games",
    "ratings.deviation": "± {deviation}",
    "ratings.none": "No rated games yet.",
    "ratings.graph": "{pool}: rating after each game",
    "ratings.graphEmpty": "No games in this pool yet.",
    "ratings.bot": "bot",
    "board.title": "Leaderboard",
    "board.link": "Leaderboard",
    "board.choose": "Pool",
    "board.player": "Player",
    "board.empty": "No settled ratings here yet: a rating settles after about a dozen rated games, and shows while its player has played in the last {days} days.",
    "board.why": "Settled ratings of players active in the last {days} days, ordered by the rating each is very likely to deserve at least.",
  },
  ru: {
    "rated.legend": "Рейтинг",
    "rated.label": "Рейтинговая партия",
    "rated.on": "Результат меняет рейтинг обеих сторон. Без отмены ходов и тренера; истёкшее время — поражение; уйти — значит сдаться.",
    "rated.off": "Обычная партия: можно отменять ходы и звать тренера, рейтинг не меняется.",
    "rated.why.never": "В игре «{game}» рейтинговых партий нет.",
    "rated.why.sign_in": "Войдите, чтобы играть на рейтинг: рейтинг принадлежит учётной записи.",
    "rated.why.seed": "Выбранное зерно делает стол тренировочным: рейтинговые партии сами решают свою удачу.",
    "rated.why.hot_seat": "Игроки за одним экраном не могут играть на рейтинг: каждая сторона — учётная запись.",
    "rated.why.bot_level": "На рейтинг играют только боты «лёгкий», «средний» и «сильный».",
    "rated.why.options": "Эти настройки — не рейтинговая конфигурация игры.",
    "ratings.title": "Рейтинги",
    "ratings.poolPlayers": "{game}, игроков: {n}",
    "ratings.poolSides": "{game}, {n} на {n}",
    "ratings.pool": "Группа",
    "ratings.rating": "Рейтинг",
    "ratings.games": "Партии",
    "ratings.rank": "Место",
    "ratings.provisional": "предварительный: устоится примерно через дюжину рейтинговых партий",
    "ratings.deviation": "± {deviation}",
    "ratings.none": "Рейтинговых партий пока нет.",
    "ratings.graph": "{pool}: рейтинг после каждой партии",
    "ratings.graphEmpty": "В этой группе партий пока нет.",
    "ratings.bot": "бот",
    "board.title": "Таблица лидеров",
    "board.link": "Лидеры",
    "board.choose": "Группа",
    "board.player": "Игрок",
    "board.empty": "Устоявшихся рейтингов здесь пока нет: рейтинг устаивается примерно через дюжину рейтинговых партий и показывается, пока игрок играл за последние {days} дней.",
    "board.why": "Устоявшиеся рейтинги игроков, игравших за последние {days} дней, по рейтингу, который каждый почти наверняка заслуживает.",
  },
  ro: {
    "rated.legend": "Rating",
    "rated.label": "Partidă cu rating",
    "rated.on": "Rezultatul schimbă ratingul ambelor părți. Fără mutări retrase, fără antrenor; timpul expirat pierde; a pleca înseamnă a abandona.",
    "rated.off": "Partidă obișnuită: mutările retrase și antrenorul sunt permise, ratingul nu se schimbă.",
    "rated.why.never": "{game} nu are partide cu rating.",
    "rated.why.sign_in": "Autentifică-te ca să joci cu rating: ratingul aparține unui cont.",
    "rated.why.seed": "O sămânță aleasă face masa de antrenament: partidele cu rating își trag singure norocul.",
    "rated.why.hot_seat": "Jucătorii de la același ecran nu pot juca cu rating: fiecare parte e un cont.",
    "rated.why.bot_level": "Doar roboții ușor, normal și greu joacă cu rating.",
    "rated.why.options": "Aceste opțiuni nu sunt o configurație cu rating a jocului.",
    "ratings.title": "Ratinguri",
    "ratings.poolPlayers": "{game}, {n} jucători",
    "ratings.poolSides": "{game}, {n} contra {n}",
    "ratings.pool": "Clasament",
    "ratings.rating": "Rating",
    "ratings.games": "Partide",
    "ratings.rank": "Loc",
    "ratings.provisional": "provizoriu: se stabilizează după vreo duzină de partide cu rating",
    "ratings.deviation": "± {deviation}",
    "ratings.none": "Nicio partidă cu rating deocamdată.",
    "ratings.graph": "{pool}: ratingul după fiecare partidă",
    "ratings.graphEmpty": "Nicio partidă în acest clasament deocamdată.",
    "ratings.bot": "robot",
    "board.title": "Clasament",
    "board.link": "Clasament",
    "board.choose": "Categoria",
    "board.player": "Jucător",
    "board.empty": "Niciun rating stabil aici deocamdată: un rating se stabilizează după vreo duzină de partide cu rating și apare cât timp jucătorul a jucat în ultimele {days} zile.",
    "board.why": "Ratingurile stabile ale jucătorilor activi în ultimele {days} zile, ordonate după ratingul pe care aproape sigur îl merită fiecare.",
  },
};
addStrings("ratings", { STRINGS });

/** The pool a table's options fall in (each option's value among its allowed ones), or null. */
export function poolFor(game, options) {
  return (game.pools || []).find((pool) => Object.entries(pool.allowed).every(([name, values]) =>
    values.some((value) => String(value) === String(options[name] ?? values[0])))) || null;
}

/** Why a table being made cannot be rated, in the reader's words: `refusal` from ratedRefusal, the game's own
 * words for a game never rated (its folder's `game.{name}.unrated`) where it has them. */
export function refusalText(game, refusal, title) {
  const own = `game.${game.name}.unrated`;
  return refusal === "never" && t(own) !== own ? t(own) : t(`rated.why.${refusal}`, { game: title });
}

/** Why a table being made cannot be rated (a `rated.why.*` key's last part), or null when it can be. */
export function ratedRefusal(game, request, signedIn) {
  if (!(game.pools || []).length) return "never";
  if (!signedIn) return "sign_in";
  if (request.seed !== undefined) return "seed";
  if (request.seats.some((seat) => seat.kind === "local")) return "hot_seat";
  if (request.seats.some((seat) => seat.kind === "bot" && !RATED_BOTS.includes(seat.bot || "normal"))) return "bot_level";
  return poolFor(game, request.options) ? null : "options";
}

/** A pool in the reader's words, from its name (the games' folders name the games, this shell none):
 * "{game}-3" is the game's title and "3 players", "{game}-2v2" its title and "2 against 2". */
export function poolTitle(pool) {
  const [, game, players, side] = /^(.*)-(\d+)(?:v(\d+))?$/.exec(pool) || [null, pool, null, null];
  const key = `game.${game}.title`;
  const title = t(key) === key ? game : t(key);
  if (side) return t("ratings.poolSides", { game: title, n: players });
  return players ? t("ratings.poolPlayers", { game: title, n: players }) : title;
}

/** "1523" or "1523?" (provisional), its deviation as its title. */
function ratingText(rating) {
  return h("span", { class: "rating", title: t("ratings.deviation", { deviation: formatNumber(rating.deviation) })
      + (rating.provisional ? ` · ${t("ratings.provisional")}` : "") },
    String(rating.rating) + (rating.provisional ? "?" : ""));
}

/** The profile's ratings: a line per pool (rating, games, rank) and the graph of the one chosen. */
export function ratingsPanel(username, ratings) {
  const pools = Object.keys(ratings || {}).sort((a, b) => ratings[b].games - ratings[a].games);
  const graphBox = h("div", { class: "rating-graph", "data-testid": "rating-graph" });
  let chosen = pools[0] || null;
  async function drawGraph() {
    if (!chosen) return;
    const pool = chosen;
    try {
      const found = await ratingsApi.history(username, pool);
      if (pool === chosen) fill(graphBox, ratingGraph(found));
    } catch (error) {
      fill(graphBox, h("p", { class: "banner error", role: "alert" }, t("common.error", { reason: error.message })));
    }
  }
  const section = h("section", { class: "panel", "aria-labelledby": "player-ratings-h", "data-testid": "ratings" },
    h("h3", { id: "player-ratings-h" }, t("ratings.title")),
    pools.length ? [
      h("div", { class: "stats-wrap" }, h("table", { class: "stats" },
        h("thead", {}, h("tr", {}, ["pool", "rating", "games", "rank"].map((k) => h("th", { scope: "col" }, t(`ratings.${k}`))))),
        h("tbody", {}, pools.map((pool) => h("tr", { "data-pool": pool },
          h("th", { scope: "row" }, h("button", { type: "button", class: "link", "aria-pressed": String(pool === chosen),
            onclick: (e) => {
              chosen = pool;
              section.querySelectorAll("button[aria-pressed]").forEach((b) => b.setAttribute("aria-pressed", "false"));
              e.currentTarget.setAttribute("aria-pressed", "true");
              drawGraph();
            } }, poolTitle(pool))),
          h("td", {}, ratingText(ratings[pool])),
          h("td", {}, formatNumber(ratings[pool].games)),
          h("td", {}, ratings[pool].rank ? h("a", { href: `#/leaderboard/${pool}` }, `#${formatNumber(ratings[pool].rank)}`) : "—")))))),
      graphBox] : h("p", { class: "hint" }, t("ratings.none")));
  drawGraph();
  return section;
}

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  for (const child of children) element.append(child);
  return element;
}

/** A pool's history as a line: the rating after each game, its deviation as a band, drawn here (no library). */
export function ratingGraph(found) {
  const points = found.history;
  const title = t("ratings.graph", { pool: poolTitle(found.pool) });
  if (!points.length) return h("p", { class: "hint" }, t("ratings.graphEmpty"));
  const width = 600, height = 200, pad = 36;
  const last = points[points.length - 1];
  const highs = points.map((p) => p.rating + p.deviation), lows = points.map((p) => p.rating - p.deviation);
  let top = Math.max(...highs), bottom = Math.min(...lows);
  if (top - bottom < 100) { top += 50; bottom -= 50; }
  const x = (i) => pad + (points.length === 1 ? (width - 2 * pad) / 2 : i * (width - 2 * pad) / (points.length - 1));
  const y = (value) => pad / 2 + (top - value) * (height - pad) / (top - bottom);
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  const band = [...points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating + p.deviation).toFixed(1)}`),
    ...points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating - p.deviation).toFixed(1)}`).reverse()].join(" ");
  const graph = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": title, class: "graph" },
    svg("title", {}, title),
    points.length > 1 ? svg("polygon", { points: band, class: "band" })  // one game: its deviation as a bar
      : svg("line", { x1: x(0), x2: x(0), y1: y(points[0].rating + points[0].deviation),
        y2: y(points[0].rating - points[0].deviation), class: "band-bar" }),
    svg("polyline", { points: line, class: "line" }),
    svg("text", { x: Math.min(x(points.length - 1) + 6, width - 48), y: y(last.rating) - 6, class: "axis now" },
      `${last.rating}${last.provisional ? "?" : ""}`),
    ...points.map((p, i) => svg("circle", { cx: x(i).toFixed(1), cy: y(p.rating).toFixed(1), r: 3, class: "point" },
      svg("title", {}, `${new Date(p.at).toLocaleDateString(lang())}: ${p.rating}${p.provisional ? "?" : ""}`))),
    svg("text", { x: 2, y: y(top) + 12, class: "axis" }, String(Math.round(top))),
    svg("text", { x: 2, y: y(bottom) - 2, class: "axis" }, String(Math.round(bottom))));
  return h("figure", {}, graph, h("figcaption", { class: "hint" }, title));
}

/** #/leaderboard/{pool}: the pool's settled ratings, best first, with a choice of pool. */
export function renderLeaderboard(root, pool) {
  let alive = true;
  let pools = null;
  let board = null;
  let failed = null;

  function draw() {
    if (!alive) return;
    if (failed) {
      fill(root, h("p", { class: "banner error", role: "alert" }, failed));
      return;
    }
    if (!pools || !board) return;
    fill(root, h("section", { class: "panel leaderboard", "aria-labelledby": "board-h", "data-testid": "leaderboard" },
      h("h2", { id: "board-h" }, t("board.title")),
      h("div", { class: "field" }, h("label", { for: "board-pool" }, t("board.choose")),
        h("select", { id: "board-pool", onchange: (e) => { location.hash = `#/leaderboard/${e.target.value}`; } },
          pools.pools.map((p) => h("option", { value: p.pool, selected: p.pool === pool }, poolTitle(p.pool))))),
      h("p", { class: "hint" }, t("board.why", { days: pools.active_days })),
      board.players.length ? h("div", { class: "stats-wrap" }, h("table", { class: "stats", "data-testid": "board" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("ratings.rank")), h("th", { scope: "col" }, t("board.player")),
          h("th", { scope: "col" }, t("ratings.rating")), h("th", { scope: "col" }, t("ratings.games")))),
        h("tbody", {}, board.players.map((line) => h("tr", { "data-player": line.username },
          h("td", {}, formatNumber(line.rank)),
          h("th", { scope: "row" }, h("a", { href: `#/player/${encodeURIComponent(line.username)}` },
            line.bot ? `${t(`create.level.${line.bot}`)} (${t("ratings.bot")})` : line.username)),
          h("td", {}, ratingText(line)), h("td", {}, formatNumber(line.games)))))))
        : h("p", { "data-testid": "board-empty" }, t("board.empty", { days: pools.active_days }))));
  }

  ratingsApi.pools().then(async (found) => {
    pools = found;
    if (!pools.pools.some((p) => p.pool === pool)) {  // none named, or one there is not: the first there is
      if (pools.pools.length) location.replace(`#/leaderboard/${pools.pools[0].pool}`);
      return;
    }
    board = await ratingsApi.leaderboard(pool);
    draw();
  }).catch((error) => {
    failed = t("common.error", { reason: error.message });
    draw();
  });
  fill(root, h("p", {}, t("common.loading")));
  return { destroy: () => { alive = false; }, relabel: draw };
}
