// @ts-check
// #/player/{username}: a player's public profile — their finished games and wins per game, how often they
// saw a game through (the completion rate: a game left is one whose clock ran out on them, or that the
// others claimed after they went away; resigning is seeing it through), and their latest games to replay.
// A signed-in reader may block or report the player here (safety.js).

import { signedIn } from "./account.js";
import { accountApi } from "./api.js";
import { h, fill } from "./dom.js";
import { addStrings, formatNumber, lang, t } from "./i18n.js";
import { games, gameTitle } from "./lobby.js";
import { ratingsPanel } from "./ratings.js";
import { statsPanel } from "./stats.js";
import { profileActions } from "./safety.js";

export const STRINGS = {
  en: {
    "player.title": "{username}",
    "player.none": "No player has that name.",
    "player.noGames": "No finished games yet.",
    "player.completion": "Games seen through: {rate}",
    "player.completionWhy": "Share of finished games not left midway (a clock run out, or the win claimed by the others after they went away).",
    "player.game": "Game",
    "player.played": "Played",
    "player.won": "Won",
    "player.left": "Left",
    "player.recent": "Latest games",
    "player.result.won": "won",
    "player.result.lost": "lost",
    "player.result.abandoned": "no result",
    "player.replay": "Replay",
    "player.stats": "Games per game",
  },
  ru: {
    "player.title": "{username}",
    "player.none": "Игрока с таким именем нет.",
    "player.noGames": "Завершённых партий пока нет.",
    "player.completion": "Партий доиграно: {rate}",
    "player.completionWhy": "Доля завершённых партий, не брошенных посередине (не истекло время хода и соперники не забрали победу после ухода игрока).",
    "player.game": "Игра",
    "player.played": "Сыграно",
    "player.won": "Выиграно",
    "player.left": "Брошено",
    "player.recent": "Последние партии",
    "player.result.won": "победа",
    "player.result.lost": "поражение",
    "player.result.abandoned": "без результата",
    "player.replay": "Повтор",
    "player.stats": "Партии по играм",
  },
  ro: {
    "player.title": "{username}",
    "player.none": "Niciun jucător nu are acest nume.",
    "player.noGames": "Nicio partidă încheiată deocamdată.",
    "player.completion": "Partide duse până la capăt: {rate}",
    "player.completionWhy": "Partea partidelor încheiate care nu au fost părăsite la jumătate (timp expirat sau victorie revendicată de ceilalți după plecarea jucătorului).",
    "player.game": "Joc",
    "player.played": "Jucate",
    "player.won": "Câștigate",
    "player.left": "Părăsite",
    "player.recent": "Ultimele partide",
    "player.result.won": "câștigată",
    "player.result.lost": "pierdută",
    "player.result.abandoned": "fără rezultat",
    "player.replay": "Reluare",
    "player.stats": "Partide pe joc",
  },
};
addStrings("player", { STRINGS });

export function renderProfile(root, username) {
  let alive = true;
  let found = null;
  let missing = false;
  let actions = null;  // Block/Unblock and Report, for a signed-in reader on another's profile

  function draw() {
    if (missing) {
      fill(root, h("section", { class: "panel" }, h("h2", {}, username), h("p", { role: "alert" }, t("player.none"))));
      return;
    }
    if (!found) return;
    const rate = found.completion_rate;
    const me = signedIn();
    if (me && me.username.toLowerCase() !== found.username.toLowerCase()) {
      if (!actions) actions = profileActions(found.username);
      else actions.relabel();
    }
    fill(root, h("div", { class: "profile", "data-testid": "profile" },
      h("section", { class: "panel" }, h("h2", {}, found.bot
        ? `${t(`create.level.${found.bot}`)} (${t("ratings.bot")})` : t("player.title", { username: found.username })),
        rate === null ? h("p", { class: "hint" }, t("player.noGames"))
          : [h("p", { "data-testid": "completion" }, t("player.completion", { rate: formatNumber(rate, { percent: true, max: 1 }) })),
            h("p", { class: "hint" }, t("player.completionWhy"))],
        actions ? actions.element : null),
      found.ratings ? ratingsPanel(found.username, found.ratings) : null,
      found.stats ? statsPanel(found.stats) : null,
      found.games.length ? h("section", { class: "panel", "aria-labelledby": "player-stats-h" },
        h("h3", { id: "player-stats-h" }, t("player.stats")),
        h("div", { class: "stats-wrap" }, h("table", { class: "stats", "data-testid": "per-game" },
          h("thead", {}, h("tr", {}, ["game", "played", "won", "left"].map((k) => h("th", { scope: "col" }, t(`player.${k}`))))),
          h("tbody", {}, found.games.map((g) => h("tr", { "data-game": g.game },
            h("th", { scope: "row" }, gameTitle(g.game)),
            h("td", {}, formatNumber(g.played)), h("td", {}, formatNumber(g.won)), h("td", {}, formatNumber(g.left)))))))) : null,
      found.recent.length ? h("section", { class: "panel", "aria-labelledby": "player-recent-h" },
        h("h3", { id: "player-recent-h" }, t("player.recent")),
        h("ul", { class: "table-list" }, found.recent.map(recentLine))) : null));
  }

  function recentLine(game) {
    const result = game.status === "abandoned" ? "abandoned" : game.won ? "won" : "lost";
    const at = new Date(game.finished_at);
    return h("li", { "data-table": game.table },
      h("span", { class: "summary" }, h("strong", {}, gameTitle(game.game)), "\u00a0· ",
        h("span", { class: `result ${result}` }, t(`player.result.${result}`)), "\u00a0· ",
        h("time", { datetime: game.finished_at }, at.toLocaleDateString(lang(), { year: "numeric", month: "short", day: "numeric" }))),
      game.status === "over" ? h("span", { class: "buttons" }, h("a", { class: "button", href: `#/replay/${game.table}` },
        t("player.replay"))) : null);
  }

  Promise.all([accountApi.player(username), games()]).then(([profile]) => {
    found = profile;
    if (alive) draw();
  }).catch((error) => {
    if (!alive) return;
    if (error.status === 404) missing = true;
    else fill(root, h("p", { class: "banner error", role: "alert" }, t("common.error", { reason: error.message })));
    draw();
  });
  fill(root, h("p", {}, t("common.loading")));
  return { destroy: () => { alive = false; }, relabel: draw };
}
