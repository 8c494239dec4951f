// @ts-check
// The chat panel of the table screen: the table's messages (the server sends the newest hundred on
// every (re)connection, then each new one), a line to write in (Enter sends), and for the seats a
// switch letting spectators write (the server's policy: seats always write; spectators read, and
// write once a seat lets them). Text only: every message is put in the page with textContent, never
// as markup. New messages are read out politely to screen readers; while the panel is collapsed (the
// default on phones) a badge counts the unread ones. A refusal (too fast, too long) says why and
// gives the text back to edit. Signed in, each line another wrote has a Report action (a small form: the
// reason and a note; safety.js); a blocked player's lines never come (the server leaves them out), and a
// line a moderator hides is taken away ("chat_hidden").

import { h, fill } from "./dom.js";
import { signedIn } from "./account.js";
import { lang, t } from "./i18n.js";
import { reportForm } from "./safety.js";

const SHOWN = 200;  // messages kept on screen (the server sends at most 100 at a connection)
const MAX_CHARS = 300;  // as the server's bound (server/chat.py); it checks again
const NARROW = "(max-width: 820px)";  // phones: the panel starts collapsed

function number(n) {
  return new Intl.NumberFormat(lang()).format(n);
}

function clock(iso) {
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? "" : new Intl.DateTimeFormat(lang(), { hour: "2-digit", minute: "2-digit" }).format(when);
}

/**
 * A chat panel. `send(message)` sends on the table's socket (false when it is not open);
 * `seatName(seat)` names a seat; `seated()` tells whether this screen holds a seat; `mine(seat)` whether it
 * holds that one; `table` is the table's id (a report names it).
 * Returns {element, receive(message), relabel(), destroy()}.
 */
export function chatPanel({ send, seatName, seated, mine = (_seat) => false, table = "" }) {
  const narrow = Boolean(globalThis.matchMedia && globalThis.matchMedia(NARROW).matches);
  let open = !narrow;
  let unread = 0;
  let spectators = false;  // whether the seats let spectators write
  let pending = null;  // the text last sent, given back if it is refused
  const messages = new Map();  // id → message, in the order the server numbered them
  let heard = false;  // the history came: until then "no messages yet" would be a guess (still connecting)
  let reporting = null;  // the message being reported (its form under the list)
  const reportBox = h("div", { class: "chat-report-box" });

  const badge = h("span", { class: "chat-unread", "data-testid": "chat-unread", hidden: true });
  const toggle = h("button", { type: "button", class: "chat-toggle", id: "chat-h", "aria-expanded": String(open),
    "aria-controls": "chat-body", onclick: () => setOpen(!open) });
  const list = h("ol", { class: "chat-list", "data-testid": "chat-list", tabindex: 0 });
  const live = h("div", { class: "sr-only", "aria-live": "polite", "aria-atomic": "false" });
  const note = h("p", { class: "chat-note", "data-testid": "chat-note", role: "status", hidden: true });
  const input = h("input", { type: "text", class: "chat-input", "data-testid": "chat-input", maxlength: MAX_CHARS,
    autocomplete: "off", enterkeyhint: "send" });
  const sendButton = h("button", { type: "submit", class: "small" });
  const form = h("form", { class: "chat-form", onsubmit: (e) => { e.preventDefault(); write(); } }, input, sendButton);
  const allow = h("input", { type: "checkbox", "data-testid": "chat-allow",
    onchange: () => { if (!send({ type: "spectator_chat", allowed: allow.checked })) { allow.checked = spectators; say(t("chat.notSent")); } } });
  const allowLine = h("label", { class: "chat-allow" }, allow, " ", h("span"));
  const readOnly = h("p", { class: "hint chat-readonly", "data-testid": "chat-readonly" });
  const body = h("div", { class: "chat-body", id: "chat-body", hidden: !open }, list, reportBox, note, form, readOnly,
    allowLine, live);
  const element = h("section", { class: "chat-box", "data-testid": "chat", "aria-labelledby": "chat-h" },
    h("h3", { class: "chat-head" }, toggle), body);
  let noteTimer = null;

  function setOpen(value) {
    open = value;
    body.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    if (open) {
      unread = 0;
      list.scrollTop = list.scrollHeight;
    }
    relabel();
  }

  function say(text, kind = "refusal") {  // a line under the messages: a refusal, a change of policy
    note.textContent = text;
    note.dataset.kind = kind;
    note.hidden = !text;
    clearTimeout(noteTimer);
    if (text) noteTimer = setTimeout(() => { note.hidden = true; }, 10000);
  }

  function write() {
    const text = input.value.trim();
    if (!text) return;
    if (!send({ type: "chat", text })) {
      say(t("chat.notSent"));
      return;
    }
    pending = text;
    input.value = "";
    say("");
  }

  function writer(message) {
    if (message.seat === null || message.seat === undefined) return t("chat.spectator");
    return message.name || seatName(message.seat);
  }

  function reportable(message) {  // signed in, a line another wrote (a spectator's too)
    if (!signedIn() || !table) return false;
    const seat = message.seat;
    return seat === null || seat === undefined ? !seated() : !mine(seat);
  }

  function line(message) {
    return h("li", { "data-id": message.id, "data-seat": message.seat ?? "" },
      h("span", { class: "chat-who" }, writer(message)),
      h("span", { class: "chat-time" }, clock(message.at)),
      h("span", { class: "chat-text", text: message.text }),
      reportable(message) ? h("button", { type: "button", class: "chat-report link", "data-action": "report-line",
        title: t("safety.reportLine"), "aria-label": `${t("safety.reportLine")}: ${writer(message)}`,
        onclick: () => { reporting = message; drawReport(); } }, t("safety.report")) : null);
  }

  function drawReport() {
    if (!reporting) {
      fill(reportBox, []);
      return;
    }
    const who = writer(reporting);
    const what = { table, chat_line: reporting.id };
    fill(reportBox, reportForm(what, t("safety.reportLineOf", { name: who, text: reporting.text.slice(0, 60) }), (said) => {
      reporting = null;
      drawReport();
      if (said) say(said, "info");
    }));
  }

  function draw() {
    const shown = [...messages.values()].slice(-SHOWN);
    fill(list, shown.length ? shown.map(line) : heard ? h("li", { class: "chat-none" }, t("chat.none")) : []);
    list.scrollTop = list.scrollHeight;
  }

  function relabel() {
    fill(toggle, t("chat.title"), " ", badge);
    badge.hidden = open || !unread;
    badge.textContent = number(unread);
    badge.setAttribute("aria-label", t("chat.unread", { n: unread }));  // (a count: t writes it in the reader's figures)
    list.setAttribute("aria-label", t("chat.log"));
    input.placeholder = t("chat.placeholder");
    input.setAttribute("aria-label", t("chat.input"));
    sendButton.textContent = t("chat.send");
    allowLine.lastChild.textContent = t("chat.allowSpectators");
    readOnly.textContent = t("chat.readOnly");
    const mine = seated();
    allowLine.hidden = !mine;
    allow.checked = spectators;
    const mayWrite = mine || spectators;
    form.hidden = !mayWrite;
    readOnly.hidden = mayWrite;
    draw();
  }

  /** A chat message from the server: history, a new message, a line hidden, the policy, or a refusal. */
  function receive(message) {
    if (message.type === "chat") {
      if (message.history) {
        messages.clear();
        heard = true;
      }
      if ("spectators" in message) spectators = Boolean(message.spectators);
      const fresh = [];
      for (const m of message.messages || []) {
        if (!messages.has(m.id)) fresh.push(m);
        messages.set(m.id, m);
      }
      const sorted = [...messages.values()].sort((a, b) => a.id - b.id);
      messages.clear();
      sorted.slice(-SHOWN).forEach((m) => messages.set(m.id, m));
      if (!message.history && fresh.length) {
        pending = null;
        if (!open) unread += fresh.length;
        live.textContent = fresh.map((m) => t("chat.said", { name: writer(m), text: m.text })).join(" ");
      }
      relabel();
    } else if (message.type === "chat_hidden") {
      messages.delete(message.id);
      if (reporting && reporting.id === message.id) {
        reporting = null;
        drawReport();
      }
      draw();
    } else if (message.type === "chat_policy") {
      spectators = Boolean(message.spectators);
      say(t(spectators ? "chat.opened" : "chat.closed"), "info");
      relabel();
    } else if (message.type === "chat_refused") {
      const key = `chat.refused.${message.code}`;
      const words = t(key, { s: number(Math.ceil(message.retry_after || 1)), n: message.max_chars || MAX_CHARS });
      say(words === key ? message.reason : words);
      if (pending !== null && !input.value) input.value = pending;
      pending = null;
    }
  }

  relabel();
  return {
    element,
    receive,
    relabel,
    destroy() { clearTimeout(noteTimer); },
  };
}
