// @ts-check
// The lobby (the games, each with one click to play the computer; tables waiting for a player, being
// played and idle, with their ages and a filter by game; finished games; joining by link) and the
// create-table form, which is generated from GET /api/games: every option with its input, default and help.

import { api, heldTables, playerName, saveToken, setPlayerName, tokensFor } from "./api.js";
import { myTablesPanel } from "./mytables.js";
import { signedIn } from "./account.js";
import { h, fill } from "./dom.js";
import { errorText } from "./errors.js";
import { formatNumber, lang, optionText, t, timeAgo } from "./i18n.js";
import { picture } from "./pictures.js";
import { ratedRefusal, refusalText } from "./ratings.js";
import { seekPanel } from "./seeks.js";
import { outcomeText, seatName } from "./table.js";

let gamesCache = null;

/** The games and their options (fetched once per page load). */
export async function games() {
  if (!gamesCache) {
    gamesCache = api.games().then((list) => {
      for (const game of list) described.set(game.name, game);
      return list;
    });
  }
  return gamesCache;
}

const described = new Map();  // name → its /api/games entry, once the list has come

/** A game's title in the current language: its folder's words, else its spec's title (a game without a
 * folder), else its name until the games' list has come. */
export function gameTitle(name) {
  const key = `game.${name}.title`;
  const text = t(key);
  return text === key ? (described.get(name)?.title || name) : text;
}

/** What a game is, in a sentence: its folder's words, else its spec's description (a game without a folder). */
function gameBlurb(game) {
  const key = `game.${game.name}.blurb`;
  const text = t(key);
  return text === key ? game.description : text;
}

/** True when the game offers `capability` ("coach", "odds", "motion"…: its spec's capabilities), as far
 * as the games' list has told (false until it has come). */
export function offers(name, capability) {
  return Boolean(described.get(name)?.capabilities?.includes(capability));
}

// ------------------------------------------------------------------ the lobby

const FILTER_KEY = "tabletop.lobby.game";  // the game the lobby's tables are filtered by ("" : every game)

export function renderLobby(root, { focus = null } = {}) {
  let alive = true;
  const mine = myTablesPanel({});
  const gamesBox = h("section", { class: "games", "aria-labelledby": "games-h" });
  const openBox = h("section", { class: "tables live-tables", "aria-labelledby": "open-h" });
  const pastBox = h("section", { class: "tables", "aria-labelledby": "past-h" });
  const linkBox = h("section", { class: "by-link", "aria-labelledby": "link-h" });
  const waitingHint = h("p", { class: "waiting-hint", hidden: true });  // people waiting: said before the games
  let filter = sessionStorage.getItem(FILTER_KEY) || "";

  async function draw() {
    const list = await games();
    if (!alive) return;
    if (filter && !list.some((g) => g.name === filter)) filter = "";
    fill(gamesBox, h("h2", { id: "games-h" }, t("lobby.games")),
      h("div", { class: "game-grid" }, list.map(gameCard)));
    drawLink();
    if (signedIn()) {  // the account's tables first: the lobby's lines offer Resume at them, not Join
      await drawMine();
      await drawTables();
    } else {
      await Promise.all([drawTables(), drawMine()]);
    }
  }

  /** "My tables" (mytables.js): shown when this browser holds a seat somewhere, or when asked for (#/mine);
   * "My games" whenever an account is signed in. */
  async function drawMine() {
    mine.element.hidden = !heldTables().length && focus !== "mine" && !signedIn();
    if (mine.element.hidden) return;
    const list = await games();
    Object.assign(mine.titles, Object.fromEntries(list.map((g) => [g.name, gameTitle(g.name)])));
    await mine.draw();
    if (alive && focus === "mine") {
      mine.element.scrollIntoView({ block: "start" });
      mine.element.focus({ preventScroll: true });
    }
  }

  function drawLink() {
    const input = h("input", { type: "text", id: "join-link", placeholder: t("lobby.linkPlaceholder"),
      "aria-label": t("lobby.byLink") });
    const message = h("p", { class: "hint", role: "status" });
    const form = h("form", { class: "inline", onsubmit: (event) => {
      event.preventDefault();
      const text = input.value.trim();
      const match = text.match(/#\/(join|table|replay)\/[^\s]+/);
      if (match) location.hash = match[0].slice(1);
      else if (/^[0-9a-f]{16,64}$/i.test(text)) location.hash = `#/table/${text}`;
      else message.textContent = t("lobby.badLink");
    } }, input, h("button", { type: "submit" }, t("lobby.go")));
    fill(linkBox, h("h2", { id: "link-h" }, t("lobby.byLink")), form, message);
  }

  /** The tables: waiting for a player, being played (each group's latest first, as the server orders
   * them), the idle ones folded away and read only when opened, and the finished games; of one game
   * when the filter says so. */
  async function drawTables() {
    const game = filter || undefined;
    const [live, past, list] = await Promise.all([api.tables(["open", "playing"], { limit: 100, game }),
      api.tables(["over"], { limit: 30, game }), games()]);  // abandoned tables leave the lobby
    if (!alive) return;
    const titles = Object.fromEntries(list.map((g) => [g.name, gameTitle(g.name)]));
    const waiting = h("ul", { class: "table-list", "data-testid": "waiting-tables" });
    const running = h("ul", { class: "table-list", "data-testid": "running-tables" });
    const more = h("div", { class: "more" });
    const show = (page) => {
      waiting.append(...tableLines(page.tables.filter((x) => x.status === "open"), titles, page, false, mine.ids()));
      running.append(...tableLines(page.tables.filter((x) => x.status !== "open"), titles, page, false, mine.ids()));
      fill(more, page.next ? h("button", { type: "button", "data-action": "more-tables", onclick: async () => {
        show(await api.tables(["open", "playing"], { limit: 100, game, cursor: page.next }));
      } }, t("lobby.more")) : null);
      for (const [list, none] of [[waiting, "lobby.noneWaiting"], [running, "lobby.noneRunning"]]) {
        list.querySelector(".none")?.remove();
        if (!list.querySelector("li[data-table]")) list.append(h("li", { class: "none hint" }, t(none)));
      }
    };
    show(live);
    const people = live.tables.filter((x) => x.status === "open" && !x.rematch_of && !Object.keys(tokensFor(x.id)).length);
    waitingHint.hidden = !people.length;
    fill(waitingHint, people.length ? h("button", { type: "button", "data-action": "to-waiting",
      onclick: () => openBox.querySelector("#waiting-h").scrollIntoView({ block: "start", behavior: "smooth" }) },
    t("lobby.waitingHint", { n: people.length })) : null);
    const select = h("select", { id: "lobby-game", "data-testid": "lobby-game", onchange: (e) => {
      filter = e.target.value;
      sessionStorage.setItem(FILTER_KEY, filter);
      drawTables();
    } }, h("option", { value: "" }, t("lobby.allGames")),
    list.map((g) => h("option", { value: g.name, selected: g.name === filter }, titles[g.name])));
    fill(openBox, h("div", { class: "section-head" }, h("h2", { id: "open-h" }, t("lobby.tables")),
      h("span", { class: "lobby-filter" }, h("label", { for: "lobby-game" }, t("lobby.filter")), select),
      h("button", { class: "small", onclick: () => drawTables() }, t("lobby.refresh"))),
    h("h3", { id: "waiting-h" }, t("lobby.waiting")), waiting,
    h("h3", { id: "running-h" }, t("lobby.running")), running, more,
    idleGroup(titles, game, live.idle_minutes));
    fill(pastBox, h("h2", { id: "past-h" }, t("lobby.past")), tableList(past.tables, titles, true, past));
  }

  /** Games nobody moved in for a while: folded, and asked for only when unfolded (they are still
   * played — anyone may come back — and My tables lists one's own). */
  function idleGroup(titles, game, minutes) {
    const list = h("div", { class: "idle-list" });
    const group = h("details", { class: "idle-tables", "data-testid": "idle-tables", ontoggle: async () => {
      if (!group.open || list.dataset.loaded) return;
      list.dataset.loaded = "1";
      const page = await api.tables(["playing"], { limit: 50, game, activity: "idle" });
      if (alive) fill(list, tableList(page.tables, titles, false, page, "lobby.noneIdle"));
    } }, h("summary", {}, t("lobby.idle", { minutes: formatNumber(minutes ?? 5) })), list);
    return group;
  }

  // (a page left meanwhile keeps what now fills the root: another page's)
  draw().catch((error) => alive && fill(root, h("p", { class: "banner error", role: "alert" },
    t("common.error", { reason: error.message }))));
  const seekBox = h("div", { class: "seek-box" });
  let seeks = null;  // quick pairing (seeks.js), once the games' list has come
  games().then((list) => {
    if (!alive) return;
    seeks = seekPanel(list, gameTitle);
    seekBox.append(seeks.element);
  }).catch(() => {});
  root.append(mine.element, waitingHint, gamesBox, seekBox, openBox, linkBox, pastBox);
  return { destroy: () => { alive = false; if (seeks) seeks.destroy(); } };
}

/** A game's card: its picture and words, one click to play it against the computer at a level, and
 * the full create form behind "More options". */
function gameCard(game) {
  const levels = game.bot_levels || [];
  const status = h("p", { class: "play-status", role: "status" });
  const start = (level, button) => playBots(game, level, button, status);
  // each level's button says its level; the group's label ("Play against the computer") says what for
  const quick = levels.length
    ? levels.map((level) => h("button", { type: "button", class: "primary", "data-action": "play-bots",
      "data-level": level, title: t("lobby.playBotsLevel", { level: t(`create.level.${level}`) }),
      onclick: (e) => start(level, e.currentTarget) }, t(`create.level.${level}`)))
    : [h("button", { type: "button", class: "primary", "data-action": "play-bots",
      onclick: (e) => start(null, e.currentTarget) }, t("lobby.playBots"))];
  return h("article", { class: "game-card", "data-game": game.name },
    h("div", { class: "picture", html: picture(game.name) }),
    h("h3", {}, gameTitle(game.name)),
    h("p", { class: "players" }, t("lobby.players", { min: game.players[0], max: game.players[1] })),
    h("p", {}, gameBlurb(game)),
    h("div", { class: "play-bots", role: levels.length ? "group" : null,
      "aria-labelledby": levels.length ? `play-bots-${game.name}` : null },
    levels.length ? h("p", { class: "play-bots-label", id: `play-bots-${game.name}` }, t("lobby.playBots")) : null,
      h("div", { class: "buttons" }, quick)),
    status,
    h("div", { class: "buttons" },
      h("a", { class: "button", href: `#/new/${game.name}`, "data-action": "new" }, t("lobby.new")),
      h("a", { class: "button", href: `#/rules/${game.name}` }, t("lobby.rules")),
      (game.pools || []).length ? h("a", { class: "button", href: `#/leaderboard/${game.pools[0].name}`,
        "data-action": "leaderboard" }, t("board.link")) : null));
}

/** One click, one table: the player in seat 1, bots at `level` in the others — as few seats as the
 * game takes with someone to play against — the game's default options, and off to the table. */
async function playBots(game, level, button, status) {
  const players = Math.min(game.players[1], Math.max(2, game.players[0]));
  const bot = level ? { kind: "bot", bot: level } : { kind: "bot" };
  const seats = [{ kind: "human", name: playerName() || t("create.namePlaceholder") },
    ...Array.from({ length: players - 1 }, () => ({ ...bot }))];
  const buttons = [...button.closest(".game-card").querySelectorAll("[data-action=play-bots]")];
  buttons.forEach((b) => { b.disabled = true; });
  fill(status, t("lobby.playBotsStarting"));
  status.classList.remove("banner", "error");
  try {
    const created = await api.create({ game: game.name, options: { players }, seats, creator_seat: 0 });
    saveToken(created.table.id, 0, created.tokens[0]);
    location.hash = `#/table/${created.table.id}`;
  } catch (error) {
    status.classList.add("banner", "error");
    fill(status, errorText(error, { game: game.name }) || error.message,
      error.code === "too_many_unfinished" ? [" ", h("a", { href: "#/mine", "data-action": "my-tables" },
        t("mine.title"))] : null);
    buttons.forEach((b) => { b.disabled = false; });
  }
}

function seatLabel(seat, seats) {
  if (seat.kind === "human" && !seat.joined && seat.for) return t("table.invitedPlayer", { name: seat.for });
  if (seat.kind === "human" && !seat.joined && !seat.open) return t("table.invited");  // its link takes it
  if (seat.kind !== "bot" && !seat.joined) return t("table.free");
  return seatName(seats, seat.seat);
}

/** Who won a finished table, in words (tables finished before results had outcomes: nothing). */
function winnerText(table) {
  const outcome = table.result && table.result.outcome;
  return outcome ? outcomeText(outcome, table.seats) : "";
}

/** How long ago the table last showed life, by the server's clock (`page.now`), as a <time>. */
function ageOf(table, page) {
  if (!table.active_at) return null;
  const at = new Date(table.active_at);
  const seconds = (new Date(page.now || Date.now()).getTime() - at.getTime()) / 1000;
  return h("time", { class: "age", datetime: table.active_at, title: at.toLocaleString(lang()) }, timeAgo(seconds));
}

function tableList(tables, titles, finished, page, none = "lobby.none") {
  if (!tables.length) return h("p", { class: "hint" }, t(none));
  return h("ul", { class: "table-list" }, tableLines(tables, titles, page, finished));
}

/** The lobby's line of each table: the game, what a waiting table waits for (its free seats, named
 * "free" among the others), who sits, its moves, its last activity's age, and what one may do. */
function tableLines(tables, titles, page, finished = false, myTables = new Set()) {
  const SEP = "\u00a0· ";  // a separator keeps to the word before it: a wrapped line never starts with "·"
  return tables.map((table) => {
    const mine = Object.keys(tokensFor(table.id)).length > 0 || myTables.has(table.id);
    const open = table.seats.filter((s) => s.kind === "human" && !s.joined).length;
    // a rematch's seats are kept for the last game's players, an invitation's for the friend who has its link
    const free = !table.rematch_of && table.seats.some((s) => s.kind === "human" && !s.joined && s.open);
    const buttons = [];
    if (finished) {
      buttons.push(h("a", { class: "button", href: `#/replay/${table.id}` }, t("lobby.replay")));
    } else {
      if (mine) buttons.push(h("a", { class: "button primary", href: `#/table/${table.id}` }, t("lobby.resume")));
      if (free && !mine) buttons.push(h("button", { class: "primary", "data-action": "join", onclick: () => joinTable(table.id) },
        t("lobby.join")));
      buttons.push(h("a", { class: "button", href: `#/watch/${table.id}`, "data-action": "watch" }, t("lobby.watch")));
    }
    const won = finished ? winnerText(table) : "";
    const state = table.status === "open" && open
      ? h("span", { class: "status open count", "data-testid": "waiting-for" }, t("lobby.waitingFor", { n: open }))
      : h("span", { class: `status ${table.status}` }, t(`status.${table.status}`));
    const age = ageOf(table, page);
    return h("li", { "data-table": table.id, "data-status": table.status }, h("span", { class: "summary" },
      h("strong", {}, titles[table.game] || table.game), SEP, state,
      table.rematch_of ? [SEP, h("span", { class: "rematch-tag" }, t("lobby.rematch"))] : null, SEP,
      won ? [h("span", { class: "winner", "data-testid": "lobby-winner" }, won), SEP] : null,
      table.seats.map((seat) => seatLabel(seat, table.seats)).join(", "),
      table.moves ? [SEP, h("span", { class: "count" }, t("lobby.moves", { n: table.moves }))] : null,
      age ? [SEP, age] : null),
      h("span", { class: "buttons" }, buttons));
  });
}

async function joinTable(tableId) {
  try {
    const { seat, token } = await api.join(tableId, playerName() || t("create.namePlaceholder"));
    saveToken(tableId, seat, token);
    location.hash = `#/table/${tableId}`;
  } catch (error) {
    alert(error.message);
  }
}

// ------------------------------------------------------------------ the create-table form

const DAY = 86400;
/** A table that takes days (correspondence): the per-move times offered (the server's CORRESPONDENCE_DAYS). */
const CORRESPONDENCE_DAYS = [1, 2, 3, 7, 14];

/** The input an option needs, from its data: kind, choices, bounds (GET /api/games). */
function inputKind(option) {
  if (option.kind === "bool") return { type: "bool" };
  if (option.kind === "data") return { type: "data" };
  if (option.choices) return { type: "choice", choices: option.choices.map(String) };
  if (option.kind === "int" || option.kind === "float") {
    return { type: option.kind, min: option.minimum ?? undefined, max: option.maximum ?? undefined };
  }
  return { type: "text" };
}

/** How a choice reads: a seat ("Seat 2") where the option's choices are seats, else the game's word
 * for it, else a number in the reader's figures. */
function choiceText(game, option, choice) {
  if (option.seat_choices && /^\d+$/.test(choice)) return t("common.seat", { n: Number(choice) + 1 });
  const key = `${game}.choice.${option.name}.${choice}`;
  const text = t(key);
  return text === key ? valueText(choice) : text;
}

/** A value as the form shows it: a number in the reader's figures ("0,7" in Russian), else as it is. */
function valueText(value) {
  return typeof value === "number" || /^-?\d+(\.\d+)?$/.test(String(value)) ? formatNumber(Number(value)) : String(value);
}

/** A preset's name in the reader's language (the game's word, or the preset's own name). */
function presetText(game, option, preset) {
  const key = `${game}.preset.${option.name}.${preset.name}`;
  const text = t(key);
  return text === key ? preset.name : text;
}

/** A preset's button: its name, with its value when that is a number ("full game (121)"); a value in
 * words (a cube edge's "small") is the preset's name already and is not repeated in English. */
function presetLabel(game, option, preset) {
  const name = presetText(game, option, preset);
  return /^-?\d+(\.\d+)?$/.test(String(preset.value)) ? `${name} (${valueText(preset.value)})` : name;
}

export function renderCreate(root, gameName) {
  let alive = true;
  let game = null;
  const state = { name: playerName(), options: {}, seats: [], moveSeconds: "", timeBank: "", days: 0, seed: "", invites: null,
    error: "", rated: false };
  const ratedBox = h("fieldset", { class: "rated", "data-testid": "rated-box" });

  function defaultSeats(n) {
    const seats = state.seats.slice(0, n);
    while (seats.length < n) seats.push(seats.length === 0 ? { kind: "you" } : { kind: "bot", level: "normal" });
    state.seats = seats;
  }

  function setPlayers(n) {
    state.options.players = n;
    defaultSeats(n);
    // a choice of seats ("who starts") offers only the seats the table now has
    for (const option of game.options.filter((o) => o.seat_choices)) {
      const old = root.querySelector(`[data-option="${option.name}"]`);
      if (old) old.replaceWith(optionInput(option));
    }
  }

  function optionInput(option) {
    const kind = inputKind(option);
    const [label, help] = optionText(game.name, option);
    const id = `opt-${option.name}`;
    const value = state.options[option.name];
    const helpId = `${id}-help`;
    const common = { id, name: option.name, "aria-describedby": helpId };
    let input;
    switch (kind.type) {
      case "bool":
        input = h("input", { ...common, type: "checkbox", checked: Boolean(value),
          onchange: (e) => { state.options[option.name] = e.target.checked; } });
        break;
      case "int":
      case "float":
        input = h("input", { ...common, type: "number", min: kind.min, max: kind.max, step: kind.type === "int" ? 1 : "any",
          value: value ?? "", required: true, oninput: (e) => {
            const number = e.target.value === "" ? null : Number(e.target.value);
            if (option.name === "players" && number >= kind.min && number <= kind.max) {
              setPlayers(number);
              drawSeats();
            } else {
              state.options[option.name] = number;
            }
          } });
        break;
      case "choice": {
        const players = Number(state.options.players) || game.players[1];
        const offered = kind.choices.filter((c) => !option.seat_choices || !/^\d+$/.test(c) || Number(c) < players);
        if (!offered.includes(String(value))) state.options[option.name] = option.default;
        input = h("select", { ...common, onchange: (e) => { state.options[option.name] = e.target.value; } },
          offered.map((c) => h("option", { value: c, selected: String(state.options[option.name]) === c },
            choiceText(game.name, option, c))));
        break;
      }
      case "data":
        input = h("textarea", { ...common, rows: 3, placeholder: option.example ? JSON.stringify(option.example) : "",
          oninput: (e) => { state.options[option.name] = e.target.value; } }, value || "");
        break;
      default:
        input = h("input", { ...common, type: "text", value: value ?? "", placeholder: option.example ?? "",
          oninput: (e) => { state.options[option.name] = e.target.value; } });
    }
    if (option.presets && option.presets.length && input.tagName === "INPUT") {  // named values, one tap each
      const field = input;
      input = h("span", { class: "with-presets" }, field, option.presets.map((preset) => h("button", {
        type: "button", class: "preset", "data-preset": preset.name,
        onclick: () => { field.value = preset.value; field.dispatchEvent(new Event("input")); },
      }, presetLabel(game.name, option, preset))));
    }
    const shown = kind.type === "bool" ? (option.default ? t("create.yes") : t("create.no"))
      : option.default === null || option.default === "" ? "—"
      : kind.type === "choice" ? choiceText(game.name, option, String(option.default)) : valueText(option.default);
    return h("div", { class: `field ${kind.type}`, "data-option": option.name },
      h("label", { for: id }, label), input,
      h("small", { id: helpId, class: "help" }, help, " · ", t("create.default", { value: shown })));
  }

  const seatsBox = h("fieldset", { class: "seats" });

  function drawSeats() {
    queueMicrotask(drawRated);  // (once these seats are drawn: a bot's level or a hot seat decides a rated game)
    const players = game.players;
    const rows = state.seats.map((seat, i) => {
      const kindSelect = h("select", { "aria-label": `${t("create.seat", { n: i + 1 })}`, name: `seat-${i}-kind`,
        onchange: (e) => { seat.kind = e.target.value; seat.level ||= "normal"; drawSeats(); } },
      ["you", "bot", "friend", "player", "anyone", "local"].map((k) => h("option", { value: k, selected: seat.kind === k }, t(`create.kind.${k}`))));
      const extra = [];
      const levels = game.bot_levels || ["easy", "normal", "hard"];
      if (seat.kind === "bot" && levels.length) {  // none where the game's bots have no decisions
        extra.push(h("select", { "aria-label": t("create.level"), name: `seat-${i}-level`,
          onchange: (e) => { seat.level = e.target.value; } },
        levels.map((l) => h("option", { value: l, selected: (seat.level || "normal") === l },
          t(`create.level.${l}`)))));
      }
      if (seat.kind === "player") {  // an account, by its username: it alone (or the link) takes the seat
        extra.push(h("input", { type: "text", "aria-label": t("create.playerName"), placeholder: t("create.playerName"),
          name: `seat-${i}-for`, value: seat.for || "", maxlength: 24, required: true, autocapitalize: "none",
          spellcheck: "false", oninput: (e) => { seat.for = e.target.value.trim(); } }));
      }
      if (seat.kind === "local" || seat.kind === "friend") {
        extra.push(h("input", { type: "text", "aria-label": t("create.localName"), placeholder: t("create.localName"),
          name: `seat-${i}-name`, value: seat.name || "", maxlength: 64, oninput: (e) => { seat.name = e.target.value; } }));
      }
      return h("div", { class: "seat-row" }, h("span", { class: "seat-n" }, t("create.seat", { n: i + 1 })), kindSelect, extra);
    });
    const n = state.seats.length;
    fill(seatsBox, h("legend", {}, t("create.seats")), rows,
      h("div", { class: "buttons" },
        h("button", { type: "button", disabled: n >= players[1], onclick: () => { setPlayers(n + 1); syncPlayers(); drawSeats(); } },
          t("create.addSeat")),
        h("button", { type: "button", disabled: n <= players[0], onclick: () => { setPlayers(n - 1); syncPlayers(); drawSeats(); } },
          t("create.removeSeat"))));
  }

  function syncPlayers() {
    const input = root.querySelector("#opt-players");
    if (input) input.value = state.options.players;
  }

  function body() {
    const options = {};
    for (const option of game.options) {
      const kind = inputKind(option);
      let value = state.options[option.name];
      if (kind.type === "data") {
        if (!value) continue;
        try {
          value = JSON.parse(value);
        } catch (error) {
          throw new Error(`${option.name}: ${error.message}`);
        }
      }
      if (kind.type === "choice" && typeof option.default === "number") value = Number(value);
      if (value === null || value === undefined) continue;
      options[option.name] = value;
    }
    options.players = state.seats.length;
    const name = state.name || t("create.namePlaceholder");
    const seats = state.seats.map((seat, i) => {
      switch (seat.kind) {
        case "you": return { kind: "human", name };
        case "friend": return { kind: "human", name: seat.name || "" };  // reserved: its invitation link takes it
        case "anyone": return { kind: "human", open: true };  // whoever joins from the lobby
        case "player": return { kind: "human", for: seat.for || "" };  // that account signed in, or the link
        case "local": return { kind: "local", name: seat.name || t("common.seat", { n: i + 1 }) };
        default: return (game.bot_levels || ["normal"]).length ? { kind: "bot", bot: seat.level || "normal" } : { kind: "bot" };
      }
    });
    const you = state.seats.findIndex((seat) => seat.kind === "you");
    const request = { game: game.name, options, seats, creator_seat: you >= 0 ? you : null };
    if (state.seed !== "") request.seed = Number(state.seed);
    if (state.rated && !ratedRefusal(game, request, !!signedIn())) request.rated = true;
    if (state.days) {  // a table that takes days: its clock is the days per move, with no bank
      request.move_seconds = state.days * DAY;
    } else if (state.moveSeconds !== "") {
      request.move_seconds = Number(state.moveSeconds);
      if (state.timeBank !== "") request.time_bank = Number(state.timeBank);
    }
    return request;
  }

  async function submit(event) {
    event.preventDefault();
    state.error = "";
    state.errorCode = null;
    if (state.seed !== "" && state.seats.some((seat) => ["friend", "player", "anyone"].includes(seat.kind))) {
      state.error = t("create.seedRefused");  // the server refuses it too (422); say why in the reader's language
      draw();
      showError();
      return;
    }
    try {
      setPlayerName(state.name);
      const created = await api.create(body());
      const id = created.table.id;
      const invites = [];
      state.seats.forEach((seat, i) => {
        const token = created.tokens[i];
        if (!token) return;
        if (seat.kind === "friend" || seat.kind === "player") invites.push({ seat: i, url: `${location.origin}${location.pathname}#/join/${id}/${token}` });
        else if (seat.kind !== "anyone") saveToken(id, i, token);  // a seat for anyone: whoever joins gets its own
      });
      if (invites.length) {
        localStorage.setItem(`tabletop.invites.${id}`, JSON.stringify(invites));
        state.invites = { id, invites };
        draw();
      } else {
        location.hash = `#/table/${id}`;
      }
    } catch (error) {
      state.error = errorText(error, { game: gameName }) || error.message;  // the game's own codes too (its options)
      state.errorCode = error.code || null;
      draw();
      showError();
    }
  }

  /** Bring the refusal into view: on a phone the button is far below the banner. */
  function showError() {
    const banner = root.querySelector(".create .banner.error");
    if (banner) banner.scrollIntoView({ block: "center" });
  }

  function draw() {
    if (!alive || !game) return;
    if (state.invites) {
      fill(root, h("section", { class: "panel invites" },
        h("h2", {}, t("table.invite")), h("p", {}, t("create.invite")),
        inviteList(state.invites.invites),
        h("a", { class: "button primary", href: `#/table/${state.invites.id}`, "data-action": "to-table" }, t("create.toTable"))));
      return;
    }
    const form = h("form", { class: "panel create", onsubmit: submit, "aria-labelledby": "create-h" },
      h("h2", { id: "create-h" }, t("create.title", { game: gameTitle(game.name) })),
      state.error ? h("p", { class: "banner error", role: "alert" }, state.error,
        // the way out of the unfinished-tables limit: the tables this browser holds, each with its ways out
        state.errorCode === "too_many_unfinished"
          ? [" ", h("a", { href: "#/mine", "data-action": "my-tables" }, t("mine.title"))] : null) : null,
      h("div", { class: "field" }, h("label", { for: "player-name" }, t("create.name")),
        h("input", { id: "player-name", type: "text", maxlength: 64, value: state.name, placeholder: t("create.namePlaceholder"),
          oninput: (e) => { state.name = e.target.value; } })),
      h("fieldset", { class: "options" }, h("legend", {}, t("create.options")), game.options.map(optionInput)),
      seatsBox,
      ratedBox,
      h("fieldset", { class: "timers" }, h("legend", {}, t("create.timers")),
        h("div", { class: "field" }, h("label", { for: "pace" }, t("create.pace")),
          h("select", { id: "pace", "data-testid": "pace-days", onchange: (e) => {
            state.days = Number(e.target.value);
            draw();
            document.getElementById("pace")?.focus();
          } }, h("option", { value: 0, selected: !state.days }, t("create.pace.live")),
          CORRESPONDENCE_DAYS.map((days) => h("option", { value: days, selected: state.days === days },
            t("create.pace.days", { n: days })))),
          state.days ? h("span", { class: "hint" }, t("create.pace.why")) : null),
        state.days ? null : h("div", { class: "field" }, h("label", { for: "move-seconds" }, t("create.moveSeconds")),
          h("input", { id: "move-seconds", type: "number", min: 5, max: DAY, step: "any", value: state.moveSeconds,
            oninput: (e) => { state.moveSeconds = e.target.value; } })),
        state.days ? null : h("div", { class: "field" }, h("label", { for: "time-bank" }, t("create.timeBank")),
          h("input", { id: "time-bank", type: "number", min: 0, step: "any", value: state.timeBank,
            oninput: (e) => { state.timeBank = e.target.value; } })),
        h("div", { class: "field" }, h("label", { for: "seed" }, t("create.seed")),
          h("input", { id: "seed", type: "number", min: 0, step: 1, value: state.seed,
            oninput: (e) => { state.seed = e.target.value; } }))),
      h("div", { class: "buttons" },
        h("button", { type: "submit", class: "primary", id: "create-submit" }, t("create.submit")),
        h("a", { class: "button", href: "#/" }, t("create.cancel"))));
    form.addEventListener("input", drawRated);
    form.addEventListener("change", drawRated);
    fill(root, form);
    drawSeats();
    drawRated();
  }

  /** Rated or casual, said before the table starts: the box off with the reason where it cannot be rated. */
  function drawRated() {
    let refusal = "options";
    try {
      const { rated, ...asked } = body();
      refusal = ratedRefusal(game, asked, !!signedIn());
    } catch {
      // an option that does not read yet (a parts table being typed): not a rated configuration for now
    }
    const on = state.rated && !refusal;
    fill(ratedBox, h("legend", {}, t("rated.legend")),
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "rated", "data-testid": "rated", checked: on,
        disabled: !!refusal, onchange: (e) => { state.rated = e.target.checked; drawRated(); } }), t("rated.label")),
      h("p", { class: "hint", id: "rated-why", "data-testid": "rated-why" }, refusal
        ? refusalText(game, refusal, gameTitle(game.name)) : t(on ? "rated.on" : "rated.off")));
  }

  games().then((list) => {
    if (!alive) return;
    game = list.find((g) => g.name === gameName);
    if (!game) {
      location.replace("#/");
      return;
    }
    for (const option of game.options) state.options[option.name] = option.default;
    for (const option of game.options) if (option.kind === "data" && option.default === null) state.options[option.name] = "";
    defaultSeats(Math.max(game.players[0], Math.min(game.players[1], Number(state.options.players) || 2)));
    draw();
  }).catch((error) => alive && fill(root, h("p", { class: "banner error", role: "alert" },
    t("common.error", { reason: error.message }))));
  fill(root, h("p", {}, t("common.loading")));
  return { destroy: () => { alive = false; }, relabel: draw };
}

/** Invitation links, each with a copy button. */
export function inviteList(invites) {
  return h("ul", { class: "invite-list" }, invites.map(({ seat, url }) => {
    const button = h("button", { type: "button", onclick: async () => {
      try {
        await navigator.clipboard.writeText(url);
        button.textContent = t("common.copied");
      } catch {
        input.select();
      }
    } }, t("common.copy"));
    const input = h("input", { type: "text", readonly: true, value: url, class: "invite-url", "data-seat": seat,
      "aria-label": t("common.seat", { n: seat + 1 }), onfocus: (e) => e.target.select() });
    return h("li", {}, h("span", {}, t("common.seat", { n: seat + 1 })), input, button);
  }));
}
