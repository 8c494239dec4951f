// @ts-check
// The table screen shared by every game: the live WebSocket (reconnecting by itself), the turn
// indicator, seats with clocks, the move log in sentences (describe.js), errors for refused
// actions, undo requests and answers, the result, and the legal actions as buttons — so every game
// is always playable to the end — around the game's own screen (js/games/<game>.js), which gets
// the log in notation, as in a replay. States from others' moves are shown at the table's pace
// (pacing.js): `screen.update(state, {previous, paced, motion})` gets the state shown before too.
// A screen that shows a state's news before it is told (a throw flies first) returns a promise
// from `update`, settled once the news is on screen: until then the table's own parts — turn, seats,
// moves, log, result, coach and sounds — tell the state shown before (its log as long as the promise's
// `log` says, when it says: the entries before the news, a throw without where it landed), nobody
// acts, and the pacer holds the state (`heed` below).
// The log is read one new entry at a time by the game's visitor (visitor.js: `LogReader`), which says each
// entry's line, sounds and motions once: the log panel (logpanel.js) appends the new lines, or draws again
// from the first entry that changed (an undo, a hot seat's other view); the screen is handed the new
// entries' motions (`news`), and their sound effects (sound.js) play as the state is shown, with a mute
// toggle — never again for an entry read before. The table's chat (chat.js) sits under the log.
// On a hot seat of a game with hidden information, a state for another seat than the one last shown
// waits behind a curtain (curtain.js) until that seat's player taps: nothing of either hand is drawn.

import { api, forgetTable, saveToken, tokensFor, playerName } from "./api.js";
import { announce, h, fill, keepFocus } from "./dom.js";
import { durationText, lang, t } from "./i18n.js";
import { errorText } from "./errors.js";
import { visitorFor } from "./describe.js";
import { LogReader } from "./visitor.js";
import { LogPanel } from "./logpanel.js";
import { games, gameTitle, inviteList, offers } from "./lobby.js";
import { TableSocket } from "./socket.js";
import { gameModule } from "./games/index.js";
import { gameOverSummary, rematchOffer } from "./gameover.js";
import { icon } from "./icons.js";
import { Pacer, SPEEDS, CLOCKED, chooseSpeed, paceOf, reducedMotion, speedFor } from "./pacing.js";
import { chatPanel } from "./chat.js";
import { Sound, effectsFor } from "./sound.js";
import { coachPanel } from "./coach.js";
import { endingText, exitsPanel, leftText } from "./exits.js";
import { curtainFor } from "./curtain.js";
import { typedMove } from "./typed.js";

const MANY = 40;  // more legal actions than this: a list box instead of buttons
const TOO_MANY = 300;  // more than this: too many for a list box; the move is typed in notation

/**
 * A seat's display name. Bots are told apart by number, with their level where the game's levels
 * play differently ("Bot 2 · easy"; bots without decisions to make: "Bot 1"); a bot given a name
 * of its own keeps it.
 */
export function seatName(seats, seat) {
  const info = seats && seats[seat];
  if (!info) return t("common.seat", { n: seat + 1 });
  if (info.kind === "bot" && (!info.name || info.name === info.bot)) {
    const n = seats.filter((other) => other.kind === "bot" && other.seat <= info.seat).length;
    const level = "level" in info ? info.level : info.bot;  // (updates from before levels were told apart)
    if (!level) return t("bot.name", { n });
    return t("bot.nameLevel", { n, level: levelText(level) });
  }
  return info.name || t("common.seat", { n: seat + 1 });
}

/**
 * A result event ({kind: "game_won", side, members} | {kind: "game_drawn"} | {kind: "game_shared", members})
 * in words. A side of one seat is that seat's name; a named side is "Team A"; partners with a
 * numbered side are their names ("Bob & Dan win!").
 */
export function outcomeText(outcome, seats) {
  const names = (members) => (members || []).map((s) => seatName(seats, s));
  switch (outcome.kind) {
    case "game_won": {
      const members = outcome.members || [outcome.side];
      if (members.length === 1) return t("result.game_won", { name: seatName(seats, members[0]) });
      const named = typeof outcome.side === "string" ? t("result.team", { side: outcome.side }) : null;
      if (!named) return t("result.game_won_members", { names: names(members).join(" & ") });  // partners
      return t("result.game_won_side", { side: named, names: names(members).join(", ") });
    }
    case "game_shared": return t("result.game_shared", { names: names(outcome.members).join(", ") });
    case "game_drawn": return t("result.game_drawn");
    default: return t("table.over");
  }
}

/** The result line of a finished game. */
export function resultText(message) {
  if (message.status === "abandoned") {  // "Bob left." when the others ended it after he went away
    const left = leftText(message.result, (seat) => seatName(message.seats, seat));
    return left ? `${left} ${t("table.abandoned")}` : t("table.abandoned");
  }
  const result = message.result;
  if (!result) return t("table.over");
  const lines = [];
  const ended = endingText(result, (seat) => seatName(message.seats, seat));  // "Ann resigned."
  if (ended) lines.push(ended);
  if (result.outcome) {
    lines.push(outcomeText(result.outcome, message.seats));
  } else if (result.winner === null || result.winner === undefined) {  // a table finished before outcomes
    lines.push(t("table.draw"));
  } else {
    const winners = Array.isArray(result.winner) ? result.winner : [result.winner];
    lines.push(t("table.winner", { name: winners.map((s) => seatName(message.seats, s)).join(", ") }));
  }
  if (result.zombies && result.zombies.length) {
    lines.push(t("table.zombies", { names: result.zombies.map((s) => seatName(message.seats, s)).join(", ") }));
  }
  return lines.join(" ");
}

const MOVES_LIST = "tabletop.movesList";

/** Whether this browser asked for the list of legal moves beside a board that offers them itself. */
export function movesListed() {
  try { return localStorage.getItem(MOVES_LIST) === "on"; } catch { return false; }
}

/** Remember the choice (a keyboard or screen-reader player keeps the list at every table). */
export function listMoves(on) {
  try { localStorage.setItem(MOVES_LIST, on ? "on" : "off"); } catch { /* storage blocked: this page only */ }
}

/**
 * The legal actions as keyboard-reachable buttons (or a list box when there are many), each named in
 * words by `label(action)` — the game folder's `actionText(action, view, ctx)`, "Place a neutral ball: top
 * layer, in the centre" — with its notation as the tooltip and in `data-action`.
 */
/** A game without a browser folder: its view, field by field, in the game's own names (``scores``: 12, 30). */
export function drawView(board, view) {
  const shown = (value) => (Array.isArray(value) ? value.map(shown).join(", ")
    : value !== null && typeof value === "object" ? JSON.stringify(value) : String(value));
  fill(board, h("dl", { class: "view-fields", "data-testid": "view-fields" },
    Object.entries(view || {}).flatMap(([name, value]) => [h("dt", {}, name), h("dd", {}, shown(value))])));
}

export function actionButtons(legal, act, label = (action) => action) {
  const named = (action) => label(action) || action;
  if (legal.length <= MANY) {
    return h("div", { class: "action-buttons", role: "group", "aria-label": t("table.actions") },
      legal.map((action) => h("button", { type: "button", class: "action", "data-action": action, title: action,
        onclick: () => act(action) }, named(action))));
  }
  if (legal.length <= TOO_MANY) {
    const select = h("select", { "aria-label": t("table.choose"), class: "action-select" },
      legal.map((action) => h("option", { value: action }, named(action))));
    return h("form", { class: "inline", onsubmit: (e) => { e.preventDefault(); act(select.value); } },
      select, h("button", { type: "submit", class: "primary" }, t("table.play")));
  }
  return typedMove(legal, act);  // thousands of moves (a throw grid of positions × aims × powers): typed
}

/** Why no undo now, in the game's own words where it has them (a card was revealed; a die was rolled). */
function undoReason(game, code) {
  const key = `game.${game}.undoReason.${code}`;
  const own = t(key);
  return own === key ? t(`table.undoReason.${code}`) : own;
}

/** A bot level ("easy") in the reader's language; a level the app has no word for, as it is. */
function levelText(level) {
  const word = t(`create.level.${level}`);
  return word === `create.level.${level}` ? level : word;
}

export function renderTable(root, tableId, { watch = false } = {}) {
  let tokens = watch ? [] : Object.values(tokensFor(tableId));
  let last = null;
  let info = null;
  /** @type {import("./contract.js").GameScreen | null} */
  let screen = null;
  let socket = null;
  let connection = "connecting";
  let awaiting = null;  // the move number our last action was sent at: its result shows at once
  let answered = false;  // an undo request or answer sent: the next state is its result, shown at once
  let fresh = true;  // the next state is a (re)connection's first: shown at once
  let speed = speedFor(tableId, { watching: !tokens.length });  // a spectator's default is faster (pacing.js)
  let deadline = null;  // when the clock of the seat to move runs out (ms since epoch)
  let errorTimer = null;
  let accountSeat = false;  // the server showed a seat this page holds no token for: the account's

  const title = h("h2", { class: "table-title" });
  const statusLine = h("p", { class: "connection", role: "status" });
  const turn = h("p", { class: "turn", "data-testid": "turn" });  // said aloud through #announcer
  const paceBox = h("div", { class: "pace-control", "data-testid": "pace" });
  const notifyBox = h("span", { class: "notify-box" });  // a table that takes days: notifications asked for here
  let notifyWanted = false;
  let toldMove = null;  // the move whose turn was last told outside the page
  // the game's rules, in a new tab: the table stays where it is
  const rulesLink = h("a", { class: "button small rules-link", "data-testid": "rules-link", target: "_blank", rel: "noopener", hidden: true });
  const error = h("div", { class: "banner error", role: "alert", hidden: true });
  const undoBox = h("div", { class: "undo-box", "aria-live": "polite" });
  const rematchBox = h("div", { class: "rematch-request", "aria-live": "polite" });
  const result = h("div", { class: "banner result", hidden: true, "aria-live": "polite", "data-testid": "result" });
  const invites = h("div", { class: "invites" });
  const board = h("div", { class: "board", "data-testid": "board" });
  const seatsBox = h("section", { class: "seats-box", "aria-labelledby": "seats-h" });
  const actionsBox = h("section", { class: "actions-box", "aria-labelledby": "actions-h" });
  const logBox = h("section", { class: "log-box", "aria-labelledby": "log-h" });
  const logList = h("ol", { class: "log sentences", "data-testid": "log", tabindex: 0, "aria-labelledby": "log-h" });  // scrolls: keyboard too
  const logHeading = h("h3", { id: "log-h" });
  // the log as read (each entry once, by the game's visitor) and as drawn (each line once)
  const reader = new LogReader((logCtx) => visitorFor(gameName(), logCtx));
  const panel = new LogPanel(logList);
  let unheard = [];  // what the entries new in the state being shown did: its sounds wait for it to be told
  // sound effects (sound.js; the game's folder decides which) and the table's chat (chat.js)
  const sound = new Sound({ spectator: !tokens.length });
  const chat = chatPanel({ send: (message) => Boolean(socket && socket.send(message)),
    seatName: (seat) => seatName(last && last.seats, seat), seated: () => seated(), mine: (seat) => isMine(seat),
    table: tableId });
  // coach mode: per held seat, off by default, for a game that has a coach (coach.js)
  const coach = coachPanel(tableId, () => offers(gameName(), "coach"));
  const curtain = curtainFor(board, { games, held: () => tokens.length || (seated() ? 1 : 0), reveal: () => draw(),
    seatName: (seat) => seatName(last && last.seats, seat) });

  // Resign / Abandon / Leave, as the server offers them (exits.js); another's request to end, to answer
  const exits = exitsPanel({
    send: (message) => send(message),
    seatName: (seat) => seatName(last && last.seats, seat),
    mine: (seat) => isMine(seat),
    left: () => leaveTable(),
  });

  fill(root, h("div", { class: "table-screen" },
    h("div", { class: "table-head" }, title, statusLine, turn,
      h("div", { class: "table-tools" }, paceBox, sound.toggle, notifyBox, rulesLink, exits.element)),
    error, h("div", { class: "requests" }, undoBox, exits.requests, rematchBox), result, invites,
    h("div", { class: "table-body" }, board,
      h("aside", { class: "side" }, coach.element, seatsBox, actionsBox, logBox, chat.element))));

  function gameName() {
    return (last && last.view && last.view.game) || (info && info.game) || null;
  }

  /** True when this page plays a seat: by a token held here, or by the account signed in (its seat comes
   * back on any device: the server's state names it). */
  function seated() {
    return tokens.length > 0 || accountSeat;
  }

  function isMine(seat) {
    return Boolean(last && last.seat !== null && mySeats().includes(seat));
  }

  function mySeats() {
    if (!last || last.seat === null) return [];
    const held = Object.keys(tokensFor(tableId)).filter((k) => /^\d+$/.test(k)).map(Number);
    return [...new Set([last.seat, ...held])];
  }

  /** A refusal in the reader's language: a server error message or a ServerError ({code, params}), worded
   * with the game's own strings, seat names and moves in words (errors.js); a plain text as it is. */
  function showError(refusal) {
    const reason = typeof refusal === "string" ? refusal : errorText(refusal, { game: gameName(),
      seatName: (seat) => seatName(last && last.seats, seat),
      actionText: (action) => gameModule(gameName())?.actionText?.(action, last && last.view, ctx) || null });
    error.dataset.code = (typeof refusal === "object" && refusal.code) || "";
    fill(error, h("strong", {}, t("table.errorTitle"), ": "), reason, " ",
      h("button", { type: "button", class: "small", onclick: () => { error.hidden = true; } }, t("table.dismiss")));
    error.hidden = false;
    announce(`${t("table.errorTitle")}: ${reason}`);
    clearTimeout(errorTimer);
    errorTimer = setTimeout(() => { error.hidden = true; }, 12000);
  }

  function act(action) {
    if (!last) return;
    if (pacer.behind || telling) {  // never on a state the player has not seen: the newest is on its way
      announce(t("table.speedCatchingUp"));
      return;
    }
    error.hidden = true;
    const sent = socket.send({ type: "act", action, move: last.move, seat: last.seat });
    if (!sent) showError(t("table.notSent"));
    else awaiting = last.move;
  }

  function send(message) {
    if (!socket.send(message)) showError(t("table.notSent"));
    else answered = true;
  }

  const ctx = {
    act,
    tableId,
    isMine,
    seatName: (seat) => seatName(last && last.seats, seat),
    options: () => (info ? info.options : {}),
    speed: () => speed,  // the table's pace now (a spectator's may differ from the players' default)
    replay: false,
  };

  function drawStatus() {
    statusLine.textContent = connection === "open" ? "" : t(`table.${connection}`);
    statusLine.className = `connection ${connection}`;
  }

  function drawTurn() {
    if (!last) {
      turn.textContent = t("common.loading");
      return;
    }
    let text;
    turn.className = "turn";
    // the news is on its way: who is next may tell it (the game's own words where its folder has them: the cube flies)
    const chanceText = () => gameModule(gameName())?.chanceWait?.(last.view) || t("table.chance");
    if (telling) text = chanceText();
    else if (last.status === "open") text = t("table.waitingPlayers");
    else if (last.status !== "playing") text = t("table.over");
    else if (last.to_move === -1 && last.legal.length) {  // a scorekeeper: the people say what happened
      // whose throw it is, when the game says (its folder's optional chanceTurn(view, ctx) → text | null)
      text = gameModule(gameName())?.chanceTurn?.(last.view, ctx) || t("table.enterChance");
      turn.className = "turn mine";
    } else if (last.to_move === -1) text = chanceText();
    else if (last.legal.length) {
      text = tokens.length > 1 ? t("table.hotseatTurn", { name: seatName(last.seats, last.seat) }) : t("table.yourTurn");
      turn.className = "turn mine";
    } else text = t("table.waitingFor", { name: seatName(last.seats, last.to_move) });
    if (last.seat === null && last.status === "playing") text = `${t("table.spectating")} · ${text}`;
    if (text !== turn.textContent || (last.legal.length && turn.dataset.move !== String(last.move))) announce(text);
    turn.textContent = text;
    turn.dataset.move = String(last.move);
    tellTurn(turn.classList.contains("mine") && !telling);
  }

  /** Whose move it is, told outside the page: the tab's title while it is open, and a notification when the
   * tab is hidden and the player asked for them (a table that takes days). Said once per move. */
  function tellTurn(mine) {
    document.title = mine ? `(${t("table.yourTurnTitle")}) ${t("app.title")}` : t("app.title");
    if (!mine || toldMove === last.move) return;
    toldMove = last.move;
    if (document.hidden && "Notification" in window && Notification.permission === "granted" && notifyWanted) {
      try {
        new Notification(t("table.notification", { game: gameTitle(gameName()) }), { tag: `tabletop-${tableId}` });
      } catch {
        // (a browser that takes notifications from a service worker only: the title says it)
      }
    }
  }

  /** The switch that asks the browser for notifications, at a table that takes days (a move clock of an hour or more). */
  function drawNotify() {
    const slow = Boolean(last && last.clock && last.clock.move_seconds >= 3600 && seated() && last.status !== "over");
    if (!slow || !("Notification" in window)) {
      fill(notifyBox);
      return;
    }
    if (Notification.permission === "granted") notifyWanted = true;
    if (Notification.permission === "denied") fill(notifyBox, h("span", { class: "hint" }, t("table.notifyBlocked")));
    else if (notifyWanted) fill(notifyBox, h("span", { class: "hint", "data-testid": "notify-on" }, t("table.notifyOn")));
    else {
      fill(notifyBox, h("button", { type: "button", class: "small", "data-action": "notify", onclick: async () => {
        notifyWanted = (await Notification.requestPermission()) === "granted";
        drawNotify();
      } }, t("table.notify")));
    }
  }

  function drawSeats() {
    const seats = last ? last.seats : (info ? info.seats : []);
    const clock = last && last.clock;
    fill(seatsBox, h("h3", { id: "seats-h" }, t("table.seats")),
      h("ul", { class: "seat-list" }, seats.map((seat) => {
        const tags = [];
        if (isMine(seat.seat)) tags.push(t("table.you"));
        if (seat.kind === "bot" && seat.name && seat.name !== seat.bot) tags.push(t("table.bot", { level: levelText(seat.bot) }));
        if (seat.kind !== "bot" && !seat.joined) tags.push(t("table.free"));
        if (seat.zombie) tags.push(t("table.zombie"));
        const toMove = last && last.to_move === seat.seat && last.status === "playing";
        const bank = clock && clock.banks && clock.banks[String(seat.seat)];
        // the game's word on a seat (its folder's optional seatTag(seat, view, ctx) → text | {text, colour} | null)
        const game = gameModule(gameName());
        const said = game?.seatTag?.(seat.seat, last && last.view, ctx);
        const tag = typeof said === "string" ? { text: said } : said;
        return h("li", { class: toMove ? "to-move" : "", "aria-current": toMove ? "true" : null, "data-seat": seat.seat },
          h("span", { class: "seat-dot", "aria-hidden": "true" }, toMove ? icon("turn") : ""),
          h("span", { class: "seat-name" }, seatName(seats, seat.seat)),
          tag ? h("span", { class: "seat-tag", "data-testid": "seat-tag", style: tag.colour ? { "--seat-colour": tag.colour } : null },
            tag.text) : null,
          tags.length ? h("span", { class: "tags" }, ` (${tags.join(", ")})`) : null,
          toMove && deadline ? h("span", { class: "clock", "data-clock": "1" }) : null,
          bank !== undefined && bank !== null ? h("span", { class: "bank" }, ` · ${t("table.bank", { s: Math.round(bank) })}`) : null,
          !seated() && seat.kind === "human" && !seat.joined
            ? h("button", { type: "button", class: "small", onclick: () => takeSeat(seat.seat) }, t("table.take")) : null);
      })));
    tickClock();
  }

  function tickClock() {
    const el = seatsBox.querySelector("[data-clock]");
    const left = deadline ? Math.max(0, Math.ceil((deadline - Date.now()) / 1000)) : 0;
    if (el && deadline) {
      el.replaceChildren(" ", icon("clock"), " ", left >= 3600 ? t("table.remainingLong", { time: durationText(left) })
        : t("table.remaining", { s: left }));
    }
  }

  function drawActions() {
    const legal = last ? last.legal : [];
    const mine = last && last.seat !== null && last.status === "playing";
    const catching = pacer.behind || Boolean(telling);  // controls of a state newer ones replace: shown, not usable
    // the server says whether (and for which held seat) an undo may be asked now, or why not
    const undoSeat = last && last.undo_seat !== undefined ? last.undo_seat : null;
    const canUndo = mine && !catching && undoSeat !== null;
    const reason = mine && undoSeat === null && last.undo_refusal && last.undo_refusal !== "pending"
      ? undoReason(gameName(), last.undo_refusal) : "";
    // a game whose screen offers every legal action itself (`ownsActions` in its index.js) needs no
    // list; a spectator, or a seat at a table not being played, has no moves: no "Your legal moves"
    const game = gameModule(gameName());
    const owned = Boolean(game?.ownsActions);
    actionsBox.hidden = !mine;
    const label = game?.actionText ? (action) => game.actionText(action, last.view, ctx) : undefined;
    // where the screen holds the moves, the list of them is a keyboard and screen-reader mode, closed
    // until asked for (and remembered): the board, not a list repeating it, is what a player sees
    const listed = !owned || movesListed();
    const buttons = !listed ? null : legal.length ? actionButtons(legal, act, label) : h("p", { class: "hint" }, "—");
    if (catching && buttons) buttons.querySelectorAll("button, select, input").forEach((el) => { el.disabled = true; });
    const toggle = owned && mine ? h("button", { type: "button", class: "small moves-list-toggle",
      "data-action": "moves-list", "aria-expanded": String(listed), "aria-controls": `moves-list-${tableId}`,
      onclick: () => {
        listMoves(!listed);
        drawActions();
        actionsBox.querySelector("[data-action=moves-list]")?.focus();
      } }, t(listed ? "table.movesListHide" : "table.movesListShow")) : null;
    fill(actionsBox, h("h3", { id: "actions-h" }, t(owned && !listed ? "table.undoTitle" : "table.actions")),
      toggle, buttons ? h("div", { id: `moves-list-${tableId}` }, buttons) : null,
      mine ? h("div", { class: "undo-line" },
        h("button", { type: "button", class: "undo", disabled: !canUndo, "data-action": "undo",
          "aria-describedby": reason ? "undo-reason" : null,
          onclick: () => send({ type: "undo", move: last.move, seat: undoSeat }) },
        // what can be taken back: an outcome the people entered (a scorekeeper's), or one's own move
        canUndo && last.log.length && last.log[last.log.length - 1].seat === -1 ? t("table.undoEntry") : t("table.undo")),
        reason ? h("p", { class: "hint undo-reason", id: "undo-reason", "data-testid": "undo-reason",
          "data-reason": last.undo_refusal }, reason) : null) : null);
  }

  /** The speed control: how long states from others' moves stay on screen, and a way to catch up. */
  function drawPace() {
    const select = h("select", { id: `pace-${tableId}`, "data-testid": "speed",
      onchange: (e) => {
        speed = e.target.value;
        chooseSpeed(tableId, speed, { watching: !seated() });
        if (speed === "instant") pacer.skip();
        pacer.repace();
        draw();
      } }, Object.keys(SPEEDS).map((name) => h("option", { value: name, selected: name === speed },
      t(`table.speed.${name}`))));
    // "Show the latest": what waits at once, and what the screen is still showing of it (a flight)
    fill(paceBox, h("label", { for: `pace-${tableId}` }, t("table.speed"), " "), select,
      pacer.behind ? h("button", { type: "button", class: "small catch-up", "data-action": "catch-up",
        onclick: () => {
          hurry = pacer.latest ? pacer.latest.move : -1;
          pacer.skip();
          draw();
        } }, t("table.speedCatchUp")) : null);
    paceBox.dataset.speed = speed;
    paceBox.dataset.behind = String(pacer.waiting.length);
  }

  /** How long a state stays on screen: the chosen speed, shorter while the player's clock runs. */
  function paceFor() {
    const pace = paceOf(speed);
    const newest = pacer.latest;
    const clocked = newest && newest.legal && newest.legal.length && newest.clock && newest.clock.remaining;
    return clocked ? Math.min(pace, CLOCKED) : pace;
  }

  function drawUndo() {
    const pending = last && last.undo;
    if (!pending) {
      fill(undoBox);
      return;
    }
    const asking = seatName(last.seats, pending.seat);
    const answering = (pending.waiting || []).filter((s) => isMine(s) && !(pending.agreed || []).includes(s));
    if (isMine(pending.seat)) {
      fill(undoBox, h("p", { class: "banner" }, t("table.undoWaiting")));
    } else if (answering.length) {
      const seat = answering[0];
      fill(undoBox, h("p", { class: "banner" }, t("table.undoAsked", { name: asking }), " ",
        h("button", { type: "button", class: "primary", "data-action": "agree-undo",
          onclick: () => send({ type: "agree_undo", seat }) }, t("table.agree")), " ",
        h("button", { type: "button", "data-action": "refuse-undo",
          onclick: () => send({ type: "refuse_undo", seat }) }, t("table.refuse"))));
    } else {
      fill(undoBox, h("p", { class: "banner" }, t("table.undoAsked", { name: asking })));
    }
  }

  /**
   * Read the log of the state on screen: only the entries not read before (or, when the past changed, from
   * the first that did) go through the game's visitor. Everything is read again, as words, when what the
   * words depend on changed: the language, the game's folder loaded, a seat's name. Returns the news.
   */
  function readLog() {
    if (!last) return [];
    const game = gameName();
    const names = (last.seats || []).map((seat) => seatName(last.seats, seat.seat));
    const key = JSON.stringify([lang(), game, Boolean(gameModule(game)), names]);
    return reader.read(last.log, { seatName: (seat) => seatName(last.seats, seat), players: last.seats.length,
      view: last.view, viewer: last.seat }, key);
  }

  function drawLog() {  // in sentences (the game's visitor); the notation shows on hover
    if (logList.parentNode !== logBox) fill(logBox, logHeading, logList);  // (back from behind a hot seat's curtain)
    logHeading.textContent = t("table.log");
    const count = last ? Math.min(last.log.length, reader.told.length) : 0;
    if (panel.show(reader.told, count)) logList.scrollTop = logList.scrollHeight;
    logList.dataset.built = String(panel.built);  // list items made so far (tests: an update adds only its own)
    logList.dataset.visits = String(reader.visits);  // entries the visitor read so far
  }

  let resultDrawn = "";  // what the summary was drawn from: it is made again only when that changes
  function drawResult() {  // the game-over summary (gameover.js): who won and how, scores, rematch
    if (!last || (last.status !== "over" && last.status !== "abandoned")) {
      result.hidden = true;
      resultDrawn = "";
      fill(rematchBox);
      return;
    }
    const game = gameName();
    fill(rematchBox, rematchOffer(last, ctx));
    const headline = resultText(last);
    // a redraw for anything else (a chat line, a spectator's update) keeps the panel, its focus and its status
    const drawn = JSON.stringify([lang(), game, Boolean(gameModule(game)), last.move, last.status, last.seat,
      last.result, last.rematch, last.seats, headline]);
    if (drawn === resultDrawn) return;
    resultDrawn = drawn;
    fill(result, gameOverSummary(last, { ...ctx, game, headline }));
    result.className = "banner result gameover-box";
    result.hidden = false;
  }

  function drawInvites() {
    let saved = [];
    try {
      saved = JSON.parse(localStorage.getItem(`tabletop.invites.${tableId}`) || "[]");
    } catch { /* nothing saved */ }
    const seats = last ? last.seats : [];
    const open = saved.filter((inv) => seats[inv.seat] && !seats[inv.seat].joined);
    if (!open.length || !last || last.status !== "open") {
      fill(invites);
      return;
    }
    fill(invites, h("div", { class: "panel" }, h("h3", {}, t("table.invite")), h("p", {}, t("create.invite")),
      inviteList(open)));
  }

  function draw() {
    keepFocus(root, redraw);  // a keyboard player keeps their place across updates
  }

  function redraw() {
    const covered = curtain.covers(last);  // a hot seat's next player has not tapped yet: their view waits
    const game = gameName();
    if (last && !covered && !screen && gameModule(game)) screen = gameModule(game).screen(board, ctx);
    if (last && !covered && !screen && !gameModule(gameName())) drawView(board, last.view);
    const news = readLog();  // the state's new entries, read once: their motions for the screen, their sounds
    unheard.push(...news);
    // the game's screen first: the log in notation (as in a replay) and, as `entries`, with each action's
    // events; while newer states wait the screen offers no moves (nobody acts on a state about to be
    // replaced). Its answer may be that the state's news is still on its way (a throw in flight): until
    // then the table's own parts tell the state shown before it.
    if (last && screen && !covered) {
      const shown = { ...last, log: last.log.map((entry) => entry.action), entries: last.log };
      if (pacer.behind) shown.legal = [];
      const motion = !reducedMotion() && speed !== "instant" && last.move > hurry;
      heed(screen.update(shown, { previous: shownPrevious, paced: shownPaced, motion, news }));
    }
    const newest = last;
    if (telling && before) {  // the state before, with the entries the screen may tell already
      const told = Number(tellingNews.log);
      last = told > before.log.length ? { ...before, log: newest.log.slice(0, told) } : before;
    }
    try {
      drawShell(covered);
    } finally {
      last = newest;
    }
  }

  /** The table's own parts, of `last` (`covered`: behind a hot seat's curtain). */
  function drawShell(covered) {
    const game = gameName() || "";
    title.textContent = gameTitle(game);
    rulesLink.hidden = !game;
    rulesLink.href = `#/rules/${game}`;
    rulesLink.textContent = t("lobby.rules");
    drawNotify();
    drawStatus();
    drawTurn();
    drawPace();
    drawSeats();
    if (covered) screen = curtain.show(last, screen, { take: [actionsBox, undoBox, logBox], dismiss: [error] });
    else {
      curtain.lift();
      drawActions();
      drawUndo();
      drawLog();
    }
    drawResult();
    drawInvites();
    exits.update(last);
    // the coach of the seat on screen only (a hot seat's boxes would swap places every turn); none behind
    // the curtain, nor while the screen has not yet shown what happened
    if (last) coach.update(last, pacer.behind || telling || covered || last.seat === null ? [] : [last.seat], ctx);
  }

  let shownPrevious = null;  // the state shown before `last`, and whether `last` came at the pace
  let shownPaced = false;
  let before = null;  // the state shown before `last`'s move (a state of the same move replaces, not follows)
  let telling = null;  // the pacer's hold while the screen shows `last`'s news (a promise: see heed)
  let tellingNews = null;  // the screen's promise that hold is for
  let afterTold = [];  // what waits for the news: the state's sounds, its log lines marked fresh
  let hurry = -1;  // "Show the latest" caught up to this move: what it shows needs no motion

  /**
   * The screen's answer to an update: a promise while it still shows the news of the state (its flight),
   * settled once the news is on screen. The pacer holds the state till then (and for the pace after),
   * the table tells the state before meanwhile, then everything, with the state's sounds.
   */
  function heed(news) {
    if (!news || typeof news.then !== "function" || news === tellingNews) return;
    tellingNews = news;
    const hold = pacer.holdUntil(news);
    telling = hold;
    hold.then((told) => {
      if (telling !== hold) return;  // a newer state took its place (and was drawn)
      telling = null;
      if (!told) return;
      draw();
      for (const run of afterTold.splice(0)) run();
    });
  }

  /** Show one state (the pacer calls this, in order, each held for the pace when others' moves made it). */
  function showState(message, { previous, paced }) {
    const replacing = Boolean(previous && last && message.move === previous.move);  // a clock, a seat joined
    if (!replacing) {
      before = previous;
      afterTold = [];
    }
    last = message;
    shownPrevious = previous;
    shownPaced = paced;
    telling = null;  // (the pacer ended its hold: the screen is asked anew)
    tellingNews = null;
    draw();
    // the effects of the entries the state added (none for the first state on screen, none for entries
    // read before), at the table's pace — once the screen has shown what happened, if it shows it first
    const heard = unheard.splice(0);
    const tell = () => {
      sound.play(effectsFor(heard, previous, message));
      if (paced && !reducedMotion()) panel.mark(heard);
    };
    if (telling) afterTold.push(tell);
    else tell();
  }

  const pacer = new Pacer({ show: showState, pace: paceFor, behind: () => draw() });
  let held = [];  // the table's log as the last state told it (the server sends only what is new)
  let heldSeat = null;  // whose log that is: the seat the server showed, null for a spectator's
  let heldSeats = [];  // the seats as the server last gave them
  const heldLegal = {};  // per seat, the legal actions the server last listed (a grid of thousands of throws comes once)

  function onMessage(message) {
    if (message.type === "chat" || message.type === "chat_policy" || message.type === "chat_refused"
      || message.type === "chat_hidden") {
      chat.receive(message);  // no game state: shown at once, whatever the pace
      return;
    }
    if (message.type === "error") {
      if (message.code === "too_many_toggles") chat.relabel();  // the switch shows the policy in force again
      showError(message);
      awaiting = null;
      answered = false;
      return;
    }
    if (message.type !== "state") return;
    if (!tokens.length && !accountSeat && message.seat !== null && message.seat !== undefined) {
      accountSeat = true;  // the account's seat, without a token here: a player's sounds and chat, not a spectator's
      sound.seated(true);
      chat.relabel();
    }
    // the server sends the log entries this page has not had: the log is what it kept and those
    if (message.log_from > held.length) {  // it assumed entries this page no longer has: start afresh
      held = [];
      socket.restart();
      return;
    }
    held = held.slice(0, message.log_from).concat(message.log);
    heldSeat = message.seat;
    if (message.seats) heldSeats = message.seats;  // left out when they did not change
    if (message.legal && message.legal.length) heldLegal[message.seat] = message.legal;  // null: those, again
    message = { ...message, log: held, seats: heldSeats, legal: message.legal || heldLegal[message.seat] || [] };
    // the server's clock runs whatever the screen shows: its deadline comes from the newest state
    if (message.clock && message.clock.remaining !== null && message.clock.remaining !== undefined) {
      deadline = Date.now() + message.clock.remaining * 1000;
    } else {
      deadline = null;
    }
    const own = answered || (awaiting !== null && message.move > awaiting);  // the answer to our own message
    if (own) {
      awaiting = null;
      answered = false;
    }
    const now = own || fresh || speed === "instant";
    fresh = false;
    pacer.offer(message, { now });
  }

  /** Leave the table (by HTTP: the answer comes before the page moves on), forget its seats, go to the lobby. */
  async function leaveTable() {
    try {
      await api.end(tableId, "leave", tokens);
      forgetTable(tableId);
      location.hash = "#/";
    } catch (e) {
      showError(e);
    }
  }

  async function takeSeat(seat) {
    try {
      const joined = await api.join(tableId, playerName() || t("create.namePlaceholder"), seat);
      saveToken(tableId, joined.seat, joined.token);
      location.hash = `#/table/${tableId}`;
      if (watch) return;
      tokens = Object.values(tokensFor(tableId));
      sound.seated(true);
      chat.relabel();
      connect();
    } catch (e) {
      showError(e);
    }
  }

  function connect() {
    if (socket) socket.close();
    socket = new TableSocket(tableId, tokens, {
      onMessage,
      resume: () => (held.length ? { since: held[held.length - 1].move, seat: heldSeat } : null),
      onStatus: (status) => {
        connection = status;
        if (status === "open") fresh = true;  // a (re)connection's first state: the table as it is now
        drawStatus();
      },
    }, playerName(), watch);
  }

  api.table(tableId).then((data) => {
    info = data;
    // drawn now unless a state came first and named its game (a view need not: a game without a folder)
    if (!last || !(last.view && last.view.game)) draw();
  }).catch((e) => showError(e));
  let gone = false;
  // the games' list names a game without a folder and says what it offers (a coach): drawn again once it came
  games().then(() => { if (!gone) draw(); }).catch(() => {});
  connect();
  draw();
  const ticker = setInterval(tickClock, 250);

  return {
    destroy() {
      gone = true;
      document.title = t("app.title");
      clearInterval(ticker);
      clearTimeout(errorTimer);
      pacer.destroy();
      if (socket) socket.close();
      if (screen && screen.destroy) screen.destroy();
      chat.destroy();
      sound.destroy();
      coach.destroy();
    },
    relabel() {
      draw();
      exits.relabel();
      chat.relabel();
      sound.label();
    },
  };
}
