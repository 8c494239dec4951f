// @ts-check
// #/account: the signed-in player's own page — their games and profile, the devices signed in (each
// signed out from here), the players they block (each unblocked from here), a new password, their data to
// download, and the account's deletion.

import { accountApi } from "./api.js";
import { codesLeft, forgetAccount, onAccountChange, passkeysOffered, signedIn, signInFrom, signOut } from "./account.js";
import { h, fill, announce } from "./dom.js";
import { errorText } from "./errors.js";
import { passkeysPanel } from "./passkeys.js";
import { emailPanel } from "./mail.js";
import { blocksPanel } from "./safety.js";
import { addStrings, lang, t, timeAgo } from "./i18n.js";

export const STRINGS = {
  en: {
    "me.title": "Your account",
    "me.since": "Member since {date}",
    "me.games": "Your games",
    "me.profile": "Your public profile",
    "me.sessions": "Where you are signed in",
    "me.sessionsWhy": "Each browser or device you signed in from. Sign out the ones you do not recognise.",
    "me.thisDevice": "this device",
    "me.lastUsed": "last used {when}",
    "me.signedInAt": "signed in {when}",
    "me.closeSession": "Sign out",
    "me.closeOthers": "Sign out everywhere else",
    "me.closedOthers": "Every other device is signed out.",
    "me.unknownAgent": "Unknown browser",
    "me.password": "Change the password",
    "me.current": "Current password",
    "me.change": "Change the password",
    "me.changed": "The password is changed. Every other device was signed out.",
    "me.codesLeft": { one: "{n} recovery code left.", other: "{n} recovery codes left." },
    "me.data": "Your data",
    "me.export": "Download your games and account (JSON)",
    "me.exporting": { one: "{n} game gathered…", other: "{n} games gathered…" },
    "me.exported": { one: "{n} game downloaded.", other: "{n} games downloaded." },
    "me.delete": "Delete the account",
    "me.deleteWhy": "Your games stay in the tables' records, under a neutral name; your name, sessions and profile are gone, and the name cannot be taken again. This cannot be undone.",
    "me.deleteConfirm": "Delete my account",
    "me.deleted": "The account is deleted.",
    "me.signInFirst": "Sign in to see your account.",
  },
  ru: {
    "me.title": "Ваш аккаунт",
    "me.since": "С нами с {date}",
    "me.games": "Ваши партии",
    "me.profile": "Ваш открытый профиль",
    "me.sessions": "Где выполнен вход",
    "me.sessionsWhy": "Все браузеры и устройства, с которых вы входили. Выйдите на тех, которых не узнаёте.",
    "me.thisDevice": "это устройство",
    "me.lastUsed": "активность {when}",
    "me.signedInAt": "вход {when}",
    "me.closeSession": "Выйти",
    "me.closeOthers": "Выйти на всех других устройствах",
    "me.closedOthers": "На всех других устройствах выполнен выход.",
    "me.unknownAgent": "Неизвестный браузер",
    "me.password": "Сменить пароль",
    "me.current": "Текущий пароль",
    "me.change": "Сменить пароль",
    "me.changed": "Пароль изменён. На всех других устройствах выполнен выход.",
    "me.codesLeft": {
      one: "Остался {n} код восстановления.", few: "Осталось {n} кода восстановления.",
      many: "Осталось {n} кодов восстановления.", other: "Осталось {n} кода восстановления.",
    },
    "me.data": "Ваши данные",
    "me.export": "Скачать ваши партии и данные аккаунта (JSON)",
    "me.exporting": { one: "Собрана {n} партия…", few: "Собрано {n} партии…", many: "Собрано {n} партий…", other: "Собрано {n} партии…" },
    "me.exported": { one: "Скачана {n} партия.", few: "Скачано {n} партии.", many: "Скачано {n} партий.", other: "Скачано {n} партии." },
    "me.delete": "Удалить аккаунт",
    "me.deleteWhy": "Ваши партии останутся в записях столов под нейтральным именем; имя, сеансы и профиль исчезнут, и это имя больше никто не сможет занять. Отменить это нельзя.",
    "me.deleteConfirm": "Удалить мой аккаунт",
    "me.deleted": "Аккаунт удалён.",
    "me.signInFirst": "Войдите, чтобы увидеть свой аккаунт.",
  },
  ro: {
    "me.title": "Contul tău",
    "me.since": "Membru din {date}",
    "me.games": "Partidele tale",
    "me.profile": "Profilul tău public",
    "me.sessions": "Unde ești autentificat",
    "me.sessionsWhy": "Fiecare browser sau dispozitiv de pe care te-ai autentificat. Deconectează-le pe cele pe care nu le recunoști.",
    "me.thisDevice": "acest dispozitiv",
    "me.lastUsed": "folosit ultima dată {when}",
    "me.signedInAt": "autentificat {when}",
    "me.closeSession": "Deconectează",
    "me.closeOthers": "Deconectează toate celelalte dispozitive",
    "me.closedOthers": "Toate celelalte dispozitive sunt deconectate.",
    "me.unknownAgent": "Browser necunoscut",
    "me.password": "Schimbă parola",
    "me.current": "Parola actuală",
    "me.change": "Schimbă parola",
    "me.changed": "Parola e schimbată. Toate celelalte dispozitive au fost deconectate.",
    "me.codesLeft": {
      one: "A mai rămas {n} cod de recuperare.", few: "Au mai rămas {n} coduri de recuperare.",
      other: "Au mai rămas {n} de coduri de recuperare.",
    },
    "me.data": "Datele tale",
    "me.export": "Descarcă partidele și datele contului (JSON)",
    "me.exporting": { one: "{n} partidă adunată…", few: "{n} partide adunate…", other: "{n} de partide adunate…" },
    "me.exported": { one: "{n} partidă descărcată.", few: "{n} partide descărcate.", other: "{n} de partide descărcate." },
    "me.delete": "Șterge contul",
    "me.deleteWhy": "Partidele tale rămân în înregistrările meselor, sub un nume neutru; numele, sesiunile și profilul dispar, iar numele nu mai poate fi luat de altcineva. Nu se poate anula.",
    "me.deleteConfirm": "Șterge-mi contul",
    "me.deleted": "Contul a fost șters.",
    "me.signInFirst": "Autentifică-te ca să-ți vezi contul.",
  },
};
addStrings("me", { STRINGS });

/** A browser's User-Agent in a few words: "Firefox on Android", as far as a glance can tell. */
export function agentText(agent) {
  if (!agent) return t("me.unknownAgent");
  const browser = [["Edg/", "Edge"], ["OPR/", "Opera"], ["Firefox/", "Firefox"], ["Chrome/", "Chrome"],
    ["Chromium/", "Chromium"], ["Safari/", "Safari"], ["python-httpx", "httpx"], ["curl/", "curl"]]
    .find(([mark]) => agent.includes(mark));
  const system = [["Android", "Android"], ["iPhone", "iPhone"], ["iPad", "iPad"], ["Windows", "Windows"],
    ["Mac OS X", "macOS"], ["Linux", "Linux"]].find(([mark]) => agent.includes(mark));
  if (!browser) return agent.slice(0, 40);
  return system ? `${browser[1]} · ${system[1]}` : browser[1];
}

function ago(iso) {
  return timeAgo((Date.now() - new Date(iso).getTime()) / 1000);
}

export function renderAccountPage(root) {
  let alive = true;
  const sessionsBox = h("section", { class: "panel", "aria-labelledby": "me-sessions-h", "data-testid": "sessions" });
  const stopListening = onAccountChange(() => { if (alive) draw(); });

  async function draw() {
    const account = signedIn();
    if (!account) {
      signInFrom("#/account");
      fill(root, h("section", { class: "panel account-page narrow" }, h("p", {}, t("me.signInFirst")),
        h("a", { class: "button primary", href: "#/signin" }, t("account.signIn"))));
      return;
    }
    const since = new Date(account.created_at).toLocaleDateString(lang(), { year: "numeric", month: "long", day: "numeric" });
    const left = codesLeft();
    fill(root, h("div", { class: "account-page" },
      h("section", { class: "panel" },
        h("h2", { "data-testid": "me-username" }, account.username),
        h("p", { class: "hint" }, t("me.since", { date: since }),
          left === null ? null : ["\u00a0· ", t("me.codesLeft", { n: left })]),
        h("div", { class: "buttons" },
          h("a", { class: "button", href: "#/mine" }, t("me.games")),
          h("a", { class: "button", href: `#/player/${encodeURIComponent(account.username)}` }, t("me.profile")),
          h("button", { type: "button", "data-action": "sign-out", onclick: async () => {
            await signOut();
            location.hash = "#/";
          } }, t("account.signOut")))),
      sessionsBox, passkeysOffered() ? passkeysPanel().element : null, emailPanel().element, blocksPanel().element,
      passwordBox(), dataBox()));
    await drawSessions();
  }

  async function drawSessions() {
    let sessions = [];
    try {
      sessions = (await accountApi.sessions()).sessions;
    } catch (error) {
      if (error.status === 401) forgetAccount();
      return;
    }
    if (!alive) return;
    const others = sessions.filter((s) => !s.current);
    fill(sessionsBox, h("h3", { id: "me-sessions-h" }, t("me.sessions")), h("p", { class: "hint" }, t("me.sessionsWhy")),
      h("ul", { class: "table-list sessions" }, sessions.map((session) => h("li", { "data-session": session.id,
        "data-current": session.current ? "true" : null },
      h("span", { class: "summary" }, h("strong", {}, agentText(session.agent)),
        session.current ? ["\u00a0· ", h("span", { class: "status playing" }, t("me.thisDevice"))] : null,
        "\u00a0· ", t("me.lastUsed", { when: ago(session.seen_at) }),
        "\u00a0· ", t("me.signedInAt", { when: ago(session.created_at) })),
      session.current ? null : h("span", { class: "buttons" }, h("button", { type: "button", class: "small",
        "data-action": "close-session", onclick: async () => {
          await accountApi.closeSession(session.id).catch((error) => announce(error.message));
          await drawSessions();
        } }, t("me.closeSession")))))),
      others.length > 1 ? h("div", { class: "buttons" }, h("button", { type: "button", "data-action": "close-others",
        onclick: async () => {
          await Promise.all(others.map((s) => accountApi.closeSession(s.id).catch(() => null)));
          announce(t("me.closedOthers"));
          await drawSessions();
        } }, t("me.closeOthers"))) : null);
  }

  draw();
  return { destroy: () => { alive = false; stopListening(); }, relabel: draw };
}

/** A form in a panel: its fields, a message line, one submit button; `send` returns what to say. */
function panelForm(testid, fields, submitText, send, { danger = false } = {}) {
  const message = h("p", { role: "status" });
  const submit = /** @type {HTMLButtonElement} */ (h("button", { type: "submit", class: danger ? "danger" : "primary" }, submitText));
  const form = h("form", { class: "account-form", "data-testid": testid, onsubmit: async (event) => {
    event.preventDefault();
    submit.disabled = true;
    message.className = "";
    try {
      message.textContent = await send();
      form.reset();
    } catch (error) {
      message.className = "banner error";
      message.textContent = errorText(error) || error.message;
    } finally {
      submit.disabled = false;
    }
  } }, fields, message, h("div", { class: "buttons" }, submit));
  return form;
}

function passwordInput(name, autocomplete) {
  return /** @type {HTMLInputElement} */ (h("input", { type: "password", id: `me-${name}`, name, autocomplete,
    required: true, maxlength: 256, minlength: autocomplete === "new-password" ? 8 : null }));
}

function passwordBox() {
  const current = passwordInput("current", "current-password");
  const fresh = passwordInput("new", "new-password");
  return h("section", { class: "panel", "aria-labelledby": "me-password-h" }, h("h3", { id: "me-password-h" }, t("me.password")),
    panelForm("change-password", [
      h("p", { class: "field" }, h("label", { for: current.id }, t("me.current")), current),
      h("p", { class: "field" }, h("label", { for: fresh.id }, t("account.newPassword")), fresh,
        h("span", { class: "hint" }, t("account.passwordHint")))],
    t("me.change"), async () => {
      await accountApi.changePassword(current.value, fresh.value);
      return t("me.changed");
    }));
}

const exportStatus = h("span", { role: "status", class: "hint" });

/** Download the account's whole export: every page (50 tables each) gathered into one file. A page the
 * server is too busy for is asked again (api.js); one that still fails ends the file there, its `next`
 * kept in it to go on from. */
async function exportAll(button) {
  button.disabled = true;
  let data = null;
  try {
    let cursor = null;
    do {
      const page = await accountApi.exportPage(cursor);
      data = data ? { ...page, games: [...data.games, ...page.games] } : page;
      exportStatus.textContent = t("me.exporting", { n: data.games.length });
      cursor = page.next;
    } while (cursor);
  } catch (error) {
    exportStatus.textContent = errorText(error) || error.message;
  } finally {
    button.disabled = false;
  }
  if (!data) return;
  const link = h("a", { download: `tabletop-${data.account.username}.json`,
    href: URL.createObjectURL(new Blob([JSON.stringify(data, null, 1)], { type: "application/json" })) });
  link.click();
  exportStatus.textContent = t("me.exported", { n: data.games.length });
}

function dataBox() {
  const password = passwordInput("delete-password", "current-password");
  return h("section", { class: "panel", "aria-labelledby": "me-data-h" }, h("h3", { id: "me-data-h" }, t("me.data")),
    h("p", {}, h("button", { type: "button", "data-action": "export", onclick: (event) => exportAll(event.currentTarget) },
      t("me.export")), " ", exportStatus),
    h("details", { class: "danger-zone" }, h("summary", {}, t("me.delete")),
      h("p", {}, t("me.deleteWhy")),
      panelForm("delete-account", [
        h("p", { class: "field" }, h("label", { for: password.id }, t("account.password")), password)],
      t("me.deleteConfirm"), async () => {
        await accountApi.remove(password.value);
        forgetAccount();
        announce(t("me.deleted"));
        location.hash = "#/";
        return t("me.deleted");
      }, { danger: true })));
}
