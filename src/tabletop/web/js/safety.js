// @ts-check
// Looking after each other: blocking a player and reporting a player or a chat line, for a
// signed-in reader. The profile page offers Block/Unblock and Report, the table's chat a Report on each
// line another wrote (a blocked player's lines the server never sends), and the account page lists the
// players blocked, each with Unblock. A block is not told to the player blocked.

import { accountApi } from "./api.js";
import { h, fill, announce } from "./dom.js";
import { errorText } from "./errors.js";
import { addStrings, t } from "./i18n.js";

export const STRINGS = {
  en: {
    "safety.block": "Block",
    "safety.unblock": "Unblock",
    "safety.blockWhy": "Blocked, they cannot write to you in chat, sit at your tables or invite you. They are not told.",
    "safety.blocked": "You blocked {username}.",
    "safety.unblocked": "You unblocked {username}.",
    "safety.report": "Report",
    "safety.reportTitle": "Report {username}",
    "safety.reportLine": "Report this message",
    "safety.reportLineOf": "Report this message by {name}: “{text}”",
    "safety.reason": "Reason",
    "safety.reason.abuse": "Abuse or insults",
    "safety.reason.cheating": "Cheating",
    "safety.reason.spam": "Spam",
    "safety.reason.other": "Something else",
    "safety.note": "What happened (optional)",
    "safety.send": "Send report",
    "safety.cancel": "Cancel",
    "safety.reported": "Thank you: the moderators will look at your report.",
    "safety.blocks": "Blocked players",
    "safety.noBlocks": "You have not blocked anyone.",
    "safety.blocksWhy": "Their chat does not reach you, and they cannot sit at your tables or invite you.",
  },
  ru: {
    "safety.block": "Заблокировать",
    "safety.unblock": "Разблокировать",
    "safety.blockWhy": "Заблокированный игрок не сможет писать вам в чате, садиться за ваши столы и приглашать вас. Ему об этом не сообщат.",
    "safety.blocked": "Вы заблокировали игрока {username}.",
    "safety.unblocked": "Вы разблокировали игрока {username}.",
    "safety.report": "Пожаловаться",
    "safety.reportTitle": "Жалоба на игрока {username}",
    "safety.reportLine": "Пожаловаться на сообщение",
    "safety.reportLineOf": "Жалоба на сообщение игрока {name}: «{text}»",
    "safety.reason": "Причина",
    "safety.reason.abuse": "Оскорбления",
    "safety.reason.cheating": "Нечестная игра",
    "safety.reason.spam": "Спам",
    "safety.reason.other": "Другое",
    "safety.note": "Что случилось (необязательно)",
    "safety.send": "Отправить жалобу",
    "safety.cancel": "Отмена",
    "safety.reported": "Спасибо: модераторы рассмотрят вашу жалобу.",
    "safety.blocks": "Заблокированные игроки",
    "safety.noBlocks": "Вы никого не заблокировали.",
    "safety.blocksWhy": "Их сообщения в чате до вас не доходят, а сами они не могут садиться за ваши столы и приглашать вас.",
  },
  ro: {
    "safety.block": "Blochează",
    "safety.unblock": "Deblochează",
    "safety.blockWhy": "Un jucător blocat nu îți poate scrie în chat, nu se poate așeza la mesele tale și nu te poate invita. Nu i se spune.",
    "safety.blocked": "Ai blocat jucătorul {username}.",
    "safety.unblocked": "Ai deblocat jucătorul {username}.",
    "safety.report": "Raportează",
    "safety.reportTitle": "Raportează jucătorul {username}",
    "safety.reportLine": "Raportează acest mesaj",
    "safety.reportLineOf": "Raportează mesajul lui {name}: „{text}”",
    "safety.reason": "Motiv",
    "safety.reason.abuse": "Jigniri sau abuz",
    "safety.reason.cheating": "Trișat",
    "safety.reason.spam": "Spam",
    "safety.reason.other": "Altceva",
    "safety.note": "Ce s-a întâmplat (opțional)",
    "safety.send": "Trimite raportul",
    "safety.cancel": "Renunță",
    "safety.reported": "Mulțumim: moderatorii se vor uita la raportul tău.",
    "safety.blocks": "Jucători blocați",
    "safety.noBlocks": "Nu ai blocat pe nimeni.",
    "safety.blocksWhy": "Mesajele lor din chat nu ajung la tine și nu se pot așeza la mesele tale sau să te invite.",
  },
};
addStrings("safety", { STRINGS });

const REASONS = ["abuse", "cheating", "spam", "other"];
const NOTE_CHARS = 500;  // as the server's bound (site/moderation/feature.py); it checks again

let blockedNames = null;  // the usernames this account blocks (lower case), once asked

/** The usernames the account signed in here blocks (asked once a page load, kept up to date here). */
export async function blockedSet() {
  if (!blockedNames) {
    blockedNames = new Set((await accountApi.blocks()).blocks.map((b) => b.username.toLowerCase()));
  }
  return blockedNames;
}

/**
 * A small report form: a reason and a note. `what` is {username} or {table, chat_line}; `done(text)` is
 * called with what to say once sent or cancelled (null).
 * @param {{username?: string, table?: string, chat_line?: number}} what
 * @param {string} title
 * @param {(said: string | null) => void} done
 */
export function reportForm(what, title, done) {
  const id = `report-${Math.random().toString(36).slice(2, 8)}`;
  const reason = /** @type {HTMLSelectElement} */ (h("select", { id: `${id}-reason`, name: "reason", "data-testid": "report-reason" },
    REASONS.map((r) => h("option", { value: r }, t(`safety.reason.${r}`)))));
  const note = /** @type {HTMLTextAreaElement} */ (h("textarea", { id: `${id}-note`, name: "note", rows: 2,
    maxlength: NOTE_CHARS, "data-testid": "report-note" }));
  const message = h("p", { role: "status" });
  const submit = /** @type {HTMLButtonElement} */ (h("button", { type: "submit", class: "primary small" }, t("safety.send")));
  const form = h("form", { class: "report-form", "data-testid": "report-form", "aria-label": title,
    onsubmit: async (event) => {
      event.preventDefault();
      submit.disabled = true;
      try {
        await accountApi.report(what, reason.value, note.value);
        done(t("safety.reported"));
      } catch (error) {
        message.className = "banner error";
        message.textContent = errorText(error) || error.message;
        submit.disabled = false;
      }
    } },
  h("p", { class: "report-title" }, h("strong", {}, title)),
  h("p", { class: "field" }, h("label", { for: reason.id }, t("safety.reason")), reason),
  h("p", { class: "field" }, h("label", { for: note.id }, t("safety.note")), note),
  message,
  h("div", { class: "buttons" }, submit,
    h("button", { type: "button", class: "small", onclick: () => done(null) }, t("safety.cancel"))));
  return form;
}

/** The profile's Block/Unblock and Report, for a signed-in reader looking at another player. */
export function profileActions(username) {
  const box = h("div", { class: "safety", "data-testid": "profile-safety" });
  let blocked = false;
  let reporting = false;
  let said = "";

  function draw() {
    fill(box,
      h("div", { class: "buttons" },
        h("button", { type: "button", "data-action": blocked ? "unblock" : "block", "aria-pressed": String(blocked),
          onclick: toggle }, t(blocked ? "safety.unblock" : "safety.block")),
        h("button", { type: "button", "data-action": "report", "aria-expanded": String(reporting),
          onclick: () => { reporting = !reporting; said = ""; draw(); } }, t("safety.report"))),
      h("p", { class: "hint" }, t("safety.blockWhy")),
      reporting ? reportForm({ username }, t("safety.reportTitle", { username }), (text) => {
        reporting = false;
        said = text || "";
        if (text) announce(text);
        draw();
      }) : null,
      said ? h("p", { role: "status", "data-testid": "safety-said" }, said) : null);
  }

  async function toggle() {
    try {
      if (blocked) await accountApi.unblock(username);
      else await accountApi.block(username);
      blocked = !blocked;
      const names = await blockedSet();
      if (blocked) names.add(username.toLowerCase());
      else names.delete(username.toLowerCase());
      said = t(blocked ? "safety.blocked" : "safety.unblocked", { username });
      announce(said);
    } catch (error) {
      said = errorText(error) || error.message;
    }
    draw();
  }

  blockedSet().then((names) => { blocked = names.has(username.toLowerCase()); draw(); }).catch(() => draw());
  draw();
  return { element: box, relabel: draw };
}

/** The account page's list of blocked players, each with Unblock. */
export function blocksPanel() {
  const box = h("section", { class: "panel", "aria-labelledby": "me-blocks-h", "data-testid": "blocks" });

  async function draw() {
    let blocks = [];
    try {
      blocks = (await accountApi.blocks()).blocks;
    } catch (error) {
      return;
    }
    blockedNames = new Set(blocks.map((b) => b.username.toLowerCase()));
    fill(box, h("h3", { id: "me-blocks-h" }, t("safety.blocks")), h("p", { class: "hint" }, t("safety.blocksWhy")),
      blocks.length ? h("ul", { class: "table-list blocks" }, blocks.map((b) => h("li", { "data-username": b.username },
        h("span", { class: "summary" }, h("a", { href: `#/player/${encodeURIComponent(b.username)}` }, b.username)),
        h("span", { class: "buttons" }, h("button", { type: "button", class: "small", "data-action": "unblock",
          onclick: async () => {
            await accountApi.unblock(b.username).catch((error) => announce(errorText(error) || error.message));
            announce(t("safety.unblocked", { username: b.username }));
            await draw();
          } }, t("safety.unblock"))))))
        : h("p", { "data-testid": "no-blocks" }, t("safety.noBlocks")));
  }

  draw();
  return { element: box, relabel: draw };
}
