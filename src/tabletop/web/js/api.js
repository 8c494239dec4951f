// @ts-check
// The server's HTTP API (docs/server.md) and the seat tokens this browser holds, per table. A refusal
// is thrown as a ServerError (errors.js): its code and params, its message in the reader's language.

import { ServerError } from "./errors.js";

const RETRIES = 3;  // a GET the server was too busy for (429, 503) is asked again after its Retry-After

/** The signed-in session's CSRF token (account.js learns it from GET /api/account): every change this
 * browser asks for while signed in carries it, as the server requires of a request its cookie authenticates. */
let csrf = null;

export function setCsrf(token) {
  csrf = token || null;
}

async function request(method, path, body, attempt = 0, tokens = null) {
  const init = { method, headers: tokens && tokens.length ? { Authorization: `Bearer ${tokens.join(", ")}` } : {} };
  if (csrf && method !== "GET") init.headers["X-CSRF-Token"] = csrf;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  if ((response.status === 429 || response.status === 503) && method === "GET" && attempt < RETRIES) {
    // a quick series of clicks (replay steps) runs into the per-second limits: wait, then ask again
    const wait = Math.min(10, Number(response.headers.get("Retry-After")) || 1);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    return request(method, path, body, attempt + 1, tokens);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ServerError(response.status, data, response.statusText);
  return data;
}

export const api = {
  games: () => request("GET", "/api/games"),
  /** A page of the lobby: {tables, next, now, idle_minutes}, waiting tables first, of one `game` if
   * given; `activity`: "live" (games moved in lately), "idle" or "all"; pass `next` back as `cursor`. */
  tables: (/** @type {string[]} */ statuses,
    /** @type {{limit?: number, cursor?: string, game?: string, activity?: string}} */ { limit = 50, cursor, game, activity } = {}) => request("GET", "/api/tables?" + [
    ...statuses.map((s) => `status=${s}`), `limit=${limit}`, ...(cursor ? [`cursor=${encodeURIComponent(cursor)}`] : []),
    ...(game ? [`game=${encodeURIComponent(game)}`] : []), ...(activity ? [`activity=${activity}`] : []),
  ].join("&")),
  table: (id) => request("GET", `/api/tables/${id}`),
  create: (body) => request("POST", "/api/tables", body),
  join: (id, name, seat) => request("POST", `/api/tables/${id}/join`, seat === undefined ? { name } : { name, seat }),
  replay: (id, move) => request("GET", `/api/tables/${id}/replay/${move}`),
  blunders: (id, seat) => request("GET", `/api/tables/${id}/blunders?seat=${seat}`),
  /** A seat's current state (its `ways_out` among it), by the seat tokens held here. */
  state: (id, tokens) => request("GET", `/api/tables/${id}/state`, undefined, 0, tokens),
  /** Resign, abandon or leave the table (`kind`), for the seats these tokens hold. */
  end: (id, kind, tokens) => request("POST", `/api/tables/${id}/${kind}`, undefined, 0, tokens),
  /** A finished table's rematch (or one's seat in it), for the seats these tokens (or the account) hold there. */
  rematch: (id, tokens) => request("POST", `/api/tables/${id}/rematch`, undefined, 0, tokens),
  odds: (id, move) => request("GET", `/api/tables/${id}/odds` + (move === undefined ? "" : `?move=${move}`)),
};

/** The accounts' API (docs/server.md, "Accounts"): the session lives in an HttpOnly cookie the browser
 * sends by itself; the answers that open one carry its CSRF token. */
/** Quick pairing: post a seek ({game, options, rated, spread}), ask after one's own, withdraw it, those waiting. */
export const seekApi = {
  post: (body) => request("POST", "/api/seeks", body),
  status: (id) => request("GET", `/api/seeks/${encodeURIComponent(id)}`),
  cancel: (id) => request("DELETE", `/api/seeks/${encodeURIComponent(id)}`),
  waiting: () => request("GET", "/api/seeks"),
};

/** Ratings (read only): the pools, a pool's leaderboard, a player's history in a pool. */
export const ratingsApi = {
  pools: () => request("GET", "/api/pools"),
  leaderboard: (pool) => request("GET", `/api/leaderboard/${encodeURIComponent(pool)}`),
  history: (username, pool) => request("GET", `/api/players/${encodeURIComponent(username)}/ratings/${encodeURIComponent(pool)}`),
};

export const accountApi = {
  me: () => request("GET", "/api/account"),
  signUp: (username, password) => request("POST", "/api/account/signup", { username, password }),
  signIn: (username, password) => request("POST", "/api/account/login", { username, password }),
  signOut: (everywhere = false) => request("POST", "/api/account/logout", { everywhere }),
  sessions: () => request("GET", "/api/account/sessions"),
  closeSession: (id) => request("DELETE", `/api/account/sessions/${encodeURIComponent(id)}`),
  changePassword: (current, password) => request("POST", "/api/account/password", { current, new: password }),
  recover: (username, code, password) => request("POST", "/api/account/recover", { username, code, password }),
  /** The account's tables, on any device: `status` "playing", "finished" or "all"; `next` back as `cursor`. */
  games: (status = "all", { limit = 20, cursor = null } = {}) => request("GET", `/api/account/games?status=${status}`
    + `&limit=${limit}` + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : "")),
  /** Bind the seats this browser holds tokens for to the account: [{table, token}]. */
  claim: (seats) => request("POST", "/api/account/claim", { seats }),
  /** A page of the account's export ({account, exported_at, games, next}). */
  exportPage: (cursor = null) => request("GET", "/api/account/export" + (cursor ? `?cursor=${encodeURIComponent(cursor)}` : "")),
  remove: (password) => request("POST", "/api/account/delete", { password }),
  player: (username) => request("GET", `/api/players/${encodeURIComponent(username)}`),
  email: () => request("GET", "/api/account/email"),
  setEmail: (email, language) => request("POST", "/api/account/email", { email, language }),
  forgetEmail: () => request("DELETE", "/api/account/email"),
  confirmEmail: (token) => request("POST", "/api/account/email/confirm", { token }),
  moveNotices: (on) => request("POST", "/api/account/email/notices", { on }),
  canReset: () => request("GET", "/api/account/reset"),
  askReset: (username) => request("POST", "/api/account/reset/request", { username }),
  reset: (token, password) => request("POST", "/api/account/reset", { token, password }),
  /** Looking after each other: the players this account blocks, a block, an unblock, a report. */
  blocks: () => request("GET", "/api/account/blocks"),
  block: (username) => request("POST", "/api/account/blocks", { username }),
  unblock: (username) => request("DELETE", `/api/account/blocks/${encodeURIComponent(username)}`),
  /** `what`: {username} or {table, chat_line} (and `username` too if known), `reason`: abuse|cheating|spam|other. */
  report: (what, reason, note) => request("POST", "/api/reports", { ...what, reason, note }),
  passkeys: () => request("GET", "/api/account/passkeys"),
  passkeyRegisterOptions: () => request("POST", "/api/account/passkeys/register/options"),
  passkeyRegister: (credential) => request("POST", "/api/account/passkeys/register", { credential }),
  removePasskey: (id) => request("DELETE", `/api/account/passkeys/${encodeURIComponent(id)}`),
  passkeySignInOptions: () => request("POST", "/api/account/passkeys/login/options"),
  passkeySignIn: (credential) => request("POST", "/api/account/passkeys/login", { credential }),
};

const KEY = "tabletop.seats";

/** Every table's tokens held here: {tableId: {seat: token}}. */
function allTokens() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

/** The tokens held for one table, as {seat: token}. */
export function tokensFor(tableId) {
  return allTokens()[tableId] || {};
}

/** Every seat token this browser holds, as [{table, token}] (what claiming them into an account sends). */
export function heldSeats() {
  const all = allTokens();
  return Object.entries(all).flatMap(([table, seats]) => Object.values(seats || {}).map((token) => ({ table, token })));
}

/** Every table this browser holds a seat at: their ids. */
export function heldTables() {
  return Object.keys(allTokens()).filter((id) => Object.keys(allTokens()[id] || {}).length);
}

/** Forget the seats held at a table (left: they are a bot's now, or free for others). */
export function forgetTable(tableId) {
  const all = allTokens();
  delete all[tableId];
  localStorage.setItem(KEY, JSON.stringify(all));
}

/** Remember a seat's token (so a reload reconnects to the seat). */
export function saveToken(tableId, seat, token) {
  const all = allTokens();
  all[tableId] = { ...(all[tableId] || {}), [seat]: token };
  localStorage.setItem(KEY, JSON.stringify(all));
}

/** The player's name (remembered for the next table). */
export function playerName() {
  return localStorage.getItem("tabletop.name") || "";
}

export function setPlayerName(name) {
  localStorage.setItem("tabletop.name", name);
}
