// @ts-check
// The app's entry: the language switch and a hash router over the lobby, rules, the create-table
// form, live tables, invitation links and replays. Each route renders into <main id="app"> and
// returns an object whose destroy() stops its sockets and timers when the route changes.

import { LANGUAGES, lang, onLangChange, setLang, t } from "./i18n.js";
import { h, fill } from "./dom.js";
import { saveToken } from "./api.js";
import { games, renderLobby, renderCreate } from "./lobby.js";
import { loadGames } from "./games/index.js";
import { renderRules } from "./rules.js";
import { renderTable } from "./table.js";
import { renderReplay } from "./replay.js";
import { accountLink, loadAccount, renderRecover, renderReset, renderSignIn, renderSignUp } from "./account.js";
import { renderConfirmEmail } from "./mail.js";
import { renderAccountPage } from "./accountpage.js";
import { renderProfile } from "./profile.js";
import { renderLeaderboard } from "./ratings.js";

const app = document.getElementById("app");
let current = null;
let routed = false;

function parse(hash) {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  return parts;
}

function route() {
  if (current && current.destroy) current.destroy();
  current = null;
  const [page, ...rest] = parse(location.hash);
  fill(app);
  try {
    switch (page) {
      case undefined:
      case "":
        current = renderLobby(app);
        break;
      case "mine":  // the lobby, at "My tables" (where the unfinished-tables refusal sends a player)
        current = renderLobby(app, { focus: "mine" });
        break;
      case "rules":
        current = renderRules(app, rest[0]);
        break;
      case "new":
        current = renderCreate(app, rest[0]);
        break;
      case "table":
        current = renderTable(app, rest[0], { watch: false });
        break;
      case "watch":
        current = renderTable(app, rest[0], { watch: true });
        break;
      case "join":  // an invitation: keep the token, then show the table as its seat
        saveToken(rest[0], `invite:${rest[1].slice(0, 8)}`, rest[1]);
        location.replace(`#/table/${encodeURIComponent(rest[0])}`);
        return;
      case "signin":
        current = renderSignIn(app);
        break;
      case "signup":
        current = renderSignUp(app);
        break;
      case "recover":
        current = renderRecover(app);
        break;
      case "reset":  // a mailed link: a new password
        current = renderReset(app, rest[0]);
        break;
      case "confirm-email":  // a mailed link: the address confirmed
        current = renderConfirmEmail(app, rest[0]);
        break;
      case "account":
        current = renderAccountPage(app);
        break;
      case "player":
        current = renderProfile(app, rest[0] || "");
        break;
      case "leaderboard":
        current = renderLeaderboard(app, rest[0] || "");
        break;
      case "replay":
        current = renderReplay(app, rest[0], rest[1]);  // #/replay/{id}/{n}: after n actions
        break;
      default:
        location.replace("#/");
    }
  } catch (error) {
    fill(app, h("p", { class: "banner error", role: "alert" }, t("common.error", { reason: error.message })));
  }
  // a new page: a keyboard or screen-reader user starts at its content, not at the top of the document
  if (routed && (!document.activeElement || document.activeElement === document.body)) app.focus({ preventScroll: true });
  routed = true;
}

const account = accountLink();
document.getElementById("lang").closest("label").before(account.element);

function header() {
  account.relabel();
  document.getElementById("tagline").textContent = t("app.tagline");
  document.getElementById("skip").textContent = t("nav.skip");
  document.getElementById("lang-label").textContent = t("nav.language");
  const select = /** @type {HTMLSelectElement} */ (document.getElementById("lang"));
  select.setAttribute("aria-label", t("nav.language"));
  if (!select.options.length) {
    for (const [code, name] of Object.entries(LANGUAGES)) select.append(h("option", { value: code }, name));
    select.addEventListener("change", () => setLang(select.value));
  }
  select.value = lang();
  document.title = t("app.title");
}

// Nothing is drawn until every game's folder has loaded: a page drawn before would be drawn again
// then, and a form filled in meanwhile (a quick click on a slow connection) would lose its choices.
let ready = false;

onLangChange(() => {
  header();
  if (current && current.relabel) current.relabel();
  else if (ready) route();
});

window.addEventListener("hashchange", () => { if (ready) route(); });
// the skip link jumps to the content without touching the hash, which is the router's
document.getElementById("skip").addEventListener("click", (event) => {
  event.preventDefault();
  app.focus();
});
header();
// every game's folder is loaded (its screen, log and words) before the first page is drawn
fill(app, h("p", {}, t("common.loading")));
Promise.all([games().then(loadGames).catch((error) => console.error("the games did not load", error)),
  loadAccount()]).finally(() => {
  ready = true;
  route();  // the page the address names now (it may have changed while the games loaded)
});
