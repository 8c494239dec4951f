// The rules pages: our own short write-up of each game in the current language, loaded from
// rules/<lang>/<game>.html and shown with a link to start a table.

import { h, fill } from "./dom.js";
import { lang, t } from "./i18n.js";
import { games, gameTitle } from "./lobby.js";
import { picture } from "./pictures.js";

export function renderRules(root, game) {
  let alive = true;
  async function draw() {
    const GAMES = (await games()).map((g) => g.name);
    if (!GAMES.includes(game)) {
      location.replace("#/");
      return;
    }
    const response = await fetch(`/rules/${lang()}/${game}.html`);
    const text = response.ok ? await response.text() : `<p>${response.status}</p>`;
    if (!alive) return;
    fill(root, h("article", { class: "panel rules", lang: lang() },
      h("nav", { class: "rules-nav", "aria-label": t("lobby.rules") },
        GAMES.map((g) => h("a", { href: `#/rules/${g}`, "aria-current": g === game ? "page" : null }, gameTitle(g)))),
      h("div", { class: "picture small", html: picture(game) }),
      h("h2", {}, `${t("lobby.rules")}: ${gameTitle(game)}`),
      h("div", { class: "rules-text", html: text }),
      h("div", { class: "buttons" },
        h("a", { class: "button primary", href: `#/new/${game}` }, t("lobby.new")),
        h("a", { class: "button", href: "#/" }, t("nav.lobby")))));
  }
  draw().catch((error) => fill(root, h("p", { class: "banner error" }, t("common.error", { reason: error.message }))));
  return { destroy: () => { alive = false; }, relabel: draw };
}
