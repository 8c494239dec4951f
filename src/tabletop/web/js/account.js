// @ts-check
// Optional accounts: who is signed in here (GET /api/account, once per page load and after each change),
// the header's link to it, and the pages that sign up, in and back in with a recovery code. Playing needs
// none of it: a signed-in player's seats follow the account to any device, an anonymous one's stay in this
// browser (api.js). The session itself is an HttpOnly cookie no script reads; its CSRF token goes with
// every change (api.js).

import { accountApi, heldSeats, setCsrf } from "./api.js";
import { h, fill, announce } from "./dom.js";
import { errorText } from "./errors.js";
import { addStrings, t } from "./i18n.js";
import { passkeyButton } from "./passkeys.js";
import { resetByMail } from "./mail.js";

export const STRINGS = {
  en: {
    "account.signIn": "Sign in",
    "account.signUp": "Create an account",
    "account.signOut": "Sign out",
    "account.username": "Username",
    "account.password": "Password",
    "account.newPassword": "New password",
    "account.showPassword": "Show the password",
    "account.usernameHint": "3 to 24 letters or digits of one alphabet; _ - and . too. Others see it at your tables.",
    "account.passwordHint": "At least 8 characters. A phrase of a few words is easy to remember and hard to guess.",
    "account.why": "An account is optional: you can play without one. With one, your games follow you to any device, and you get a public profile.",
    "account.haveNone": "No account yet?",
    "account.haveOne": "Already have an account?",
    "account.forgot": "Forgot your password?",
    "account.recover": "Use a recovery code",
    "account.recoverTitle": "A new password with a recovery code",
    "account.recoverWhy": "Each recovery code you saved when you created the account sets a new password once. Every device signed in to the account is signed out.",
    "account.code": "Recovery code",
    "account.setPassword": "Set the new password",
    "account.working": "One moment…",
    "account.codesTitle": "Your recovery codes",
    "account.codesWhy": "If you forget your password, each of these codes sets a new one, once. This is the only time they are shown: save them somewhere safe now.",
    "account.copy": "Copy the codes",
    "account.copied": "Copied.",
    "account.download": "Download as a text file",
    "account.codesFile": "tabletop recovery codes for {username}",
    "account.claim": {
      one: "Add the table this browser holds a seat at to my account",
      other: "Add the {n} tables this browser holds seats at to my account",
    },
    "account.claimed": { one: "{n} table added to your account.", other: "{n} tables added to your account." },
    "account.continue": "I have saved them: continue",
    "account.welcome": "Welcome, {username}!",
    "account.signedInAs": "Signed in as {username}",
    "account.link": "Your account",
  },
  ru: {
    "account.signIn": "Войти",
    "account.signUp": "Создать аккаунт",
    "account.signOut": "Выйти",
    "account.username": "Имя пользователя",
    "account.password": "Пароль",
    "account.newPassword": "Новый пароль",
    "account.showPassword": "Показать пароль",
    "account.usernameHint": "От 3 до 24 букв или цифр одного алфавита, а также _ - и . Его видят за вашими столами.",
    "account.passwordHint": "Не короче 8 символов. Фразу из нескольких слов легко запомнить и трудно угадать.",
    "account.why": "Аккаунт не обязателен: играть можно и без него. С ним ваши партии доступны с любого устройства, а у вас есть открытый профиль.",
    "account.haveNone": "Ещё нет аккаунта?",
    "account.haveOne": "Уже есть аккаунт?",
    "account.forgot": "Забыли пароль?",
    "account.recover": "Войти с кодом восстановления",
    "account.recoverTitle": "Новый пароль по коду восстановления",
    "account.recoverWhy": "Каждый код восстановления, сохранённый при создании аккаунта, один раз задаёт новый пароль. Все устройства, где выполнен вход, будут отключены.",
    "account.code": "Код восстановления",
    "account.setPassword": "Задать новый пароль",
    "account.working": "Минутку…",
    "account.codesTitle": "Ваши коды восстановления",
    "account.codesWhy": "Если вы забудете пароль, каждый из этих кодов один раз задаст новый. Они показываются только сейчас: сохраните их в надёжном месте.",
    "account.copy": "Скопировать коды",
    "account.copied": "Скопировано.",
    "account.download": "Скачать текстовым файлом",
    "account.codesFile": "коды восстановления tabletop для {username}",
    "account.claim": {
      one: "Добавить в аккаунт {n} стол, за которым у этого браузера есть место",
      few: "Добавить в аккаунт {n} стола, за которыми у этого браузера есть места",
      many: "Добавить в аккаунт {n} столов, за которыми у этого браузера есть места",
      other: "Добавить в аккаунт {n} стола, за которыми у этого браузера есть места",
    },
    "account.claimed": {
      one: "В аккаунт добавлен {n} стол.", few: "В аккаунт добавлено {n} стола.",
      many: "В аккаунт добавлено {n} столов.", other: "В аккаунт добавлено {n} стола.",
    },
    "account.continue": "Я сохранил(а) их: дальше",
    "account.welcome": "Добро пожаловать, {username}!",
    "account.signedInAs": "Вы вошли как {username}",
    "account.link": "Ваш аккаунт",
  },
  ro: {
    "account.signIn": "Autentificare",
    "account.signUp": "Creează un cont",
    "account.signOut": "Ieși din cont",
    "account.username": "Nume de utilizator",
    "account.password": "Parolă",
    "account.newPassword": "Parola nouă",
    "account.showPassword": "Arată parola",
    "account.usernameHint": "Între 3 și 24 de litere sau cifre ale unui singur alfabet; și _ - sau . Ceilalți îl văd la mesele tale.",
    "account.passwordHint": "Cel puțin 8 caractere. O frază din câteva cuvinte se ține minte ușor și se ghicește greu.",
    "account.why": "Contul nu e obligatoriu: poți juca și fără el. Cu un cont, partidele tale te urmează pe orice dispozitiv și ai un profil public.",
    "account.haveNone": "Nu ai încă un cont?",
    "account.haveOne": "Ai deja un cont?",
    "account.forgot": "Ai uitat parola?",
    "account.recover": "Folosește un cod de recuperare",
    "account.recoverTitle": "O parolă nouă cu un cod de recuperare",
    "account.recoverWhy": "Fiecare cod de recuperare salvat la crearea contului stabilește o singură dată o parolă nouă. Toate dispozitivele conectate la cont sunt deconectate.",
    "account.code": "Cod de recuperare",
    "account.setPassword": "Stabilește parola nouă",
    "account.working": "O clipă…",
    "account.codesTitle": "Codurile tale de recuperare",
    "account.codesWhy": "Dacă uiți parola, fiecare dintre aceste coduri stabilește o parolă nouă, o singură dată. Sunt arătate doar acum: salvează-le într-un loc sigur.",
    "account.copy": "Copiază codurile",
    "account.copied": "Copiat.",
    "account.download": "Descarcă într-un fișier text",
    "account.codesFile": "codurile de recuperare tabletop pentru {username}",
    "account.claim": {
      one: "Adaugă în cont masa la care acest browser are un loc",
      few: "Adaugă în cont cele {n} mese la care acest browser are locuri",
      other: "Adaugă în cont cele {n} de mese la care acest browser are locuri",
    },
    "account.claimed": {
      one: "{n} masă adăugată în cont.", few: "{n} mese adăugate în cont.", other: "{n} de mese adăugate în cont.",
    },
    "account.continue": "Le-am salvat: mai departe",
    "account.welcome": "Bine ai venit, {username}!",
    "account.signedInAs": "Autentificat ca {username}",
    "account.link": "Contul tău",
  },
};
addStrings("account", { STRINGS });

/** What GET /api/account said: {account: {username, role, created_at} | null, csrf, recovery_codes_left}. */
let me = { account: null };
const listeners = new Set();

/** The account signed in here (null: none, or not asked yet). */
export function signedIn() {
  return me.account;
}

/** Call `listener` whenever the account signed in here changes (signed in, out, or learnt at load). */
export function onAccountChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function learn(answer) {
  me = { ...answer, account: answer.account || null };
  if (answer.recovery_codes) me.recovery_codes_left = answer.recovery_codes.length;  // (a new account's)
  setCsrf(answer.account ? answer.csrf : null);
  for (const listener of listeners) listener(me.account);
}

let passkeysHere = false;  // the server signs in with passkeys (its passkeys extra is installed)

/** True where this server takes passkeys (as GET /api/account said at load). */
export function passkeysOffered() {
  return passkeysHere;
}

/** Ask the server who is signed in here (a page load, another tab's change). */
export async function loadAccount() {
  try {
    const answer = await accountApi.me();
    passkeysHere = Boolean(answer.passkeys);
    learn(answer);
  } catch (error) {
    console.warn("who is signed in could not be asked", error);
  }
  return me.account;
}

/** Sign out here (`everywhere`: every session of the account). */
export async function signOut(everywhere = false) {
  try {
    await accountApi.signOut(everywhere);
  } finally {
    learn({ account: null });
  }
}

/** This browser was signed out (its session closed elsewhere, or the account deleted). */
export function forgetAccount() {
  learn({ account: null });
}

/** How many recovery codes the account has left (as the server last said). */
export function codesLeft() {
  return me.recovery_codes_left ?? null;
}

const AFTER = "tabletop.account.after";  // where a page that asked for signing in goes back to

/** The header's link: "Sign in", or the signed-in player's name to their account page. */
export function accountLink() {
  const link = h("a", { class: "account-link", id: "account-link", "data-testid": "account-link", onclick: () => {
    if (!signedIn() && !/^#\/(signin|signup|recover)/.test(location.hash)) signInFrom(location.hash || "#/");
  } });
  const draw = () => {
    const account = signedIn();
    link.setAttribute("href", account ? "#/account" : "#/signin");
    link.textContent = account ? account.username : t("account.signIn");
    link.setAttribute("aria-label", account ? t("account.signedInAs", { username: account.username }) : t("account.signIn"));
    link.classList.toggle("signed-in", Boolean(account));
  };
  onAccountChange(draw);
  draw();
  return { element: link, relabel: draw };
}

/** A labelled input with its hint, ids derived from `name`. */
function field(name, label, input, hint = null) {
  input.id = `account-${name}`;
  if (hint) input.setAttribute("aria-describedby", `account-${name}-hint`);
  return h("p", { class: "field" }, h("label", { for: input.id }, label), input,
    hint ? h("span", { class: "hint", id: `account-${name}-hint` }, hint) : null);
}

/** A password input with a "show" switch beside it (`autocomplete`: current-password or new-password). */
function passwordField(name, label, autocomplete, hint = null) {
  const input = /** @type {HTMLInputElement} */ (h("input", { type: "password", name, autocomplete, required: true,
    maxlength: 256, minlength: autocomplete === "new-password" ? 8 : null, spellcheck: "false" }));
  const show = h("label", { class: "show-password" }, h("input", { type: "checkbox", onchange: (event) => {
    input.type = event.target.checked ? "text" : "password";
  } }), " ", t("account.showPassword"));
  const row = field(name, label, input, hint);
  row.append(show);
  return { row, input };
}

function usernameInput(autocomplete) {
  return /** @type {HTMLInputElement} */ (h("input", { type: "text", name: "username", autocomplete, required: true,
    maxlength: 24, minlength: 3, autocapitalize: "none", spellcheck: "false" }));
}

/** A form that sends once at a time and shows a refusal in the reader's language. */
function accountForm(testid, fields, submitText, send) {
  const message = h("p", { class: "banner error", role: "alert", hidden: true, "data-testid": "account-error" });
  const submit = /** @type {HTMLButtonElement} */ (h("button", { type: "submit", class: "primary" }, submitText));
  const form = h("form", { class: "account-form", "data-testid": testid, onsubmit: async (event) => {
    event.preventDefault();
    submit.disabled = true;
    message.hidden = true;
    const label = submit.textContent;
    submit.textContent = t("account.working");
    try {
      await send();
    } catch (error) {
      message.hidden = false;
      fill(message, errorText(error) || error.message);
    } finally {
      submit.disabled = false;
      submit.textContent = label;
    }
  } }, fields, message, h("div", { class: "buttons" }, submit));
  return form;
}

function goBack() {
  const after = sessionStorage.getItem(AFTER);
  sessionStorage.removeItem(AFTER);
  location.hash = after && after.startsWith("#/") && !/^#\/(signin|signup|recover)/.test(after) ? after : "#/";
}

/** Remember where to come back to after signing in (the page that sent the player here). */
export function signInFrom(hash) {
  sessionStorage.setItem(AFTER, hash);
}

/** #/signin: a username and a password. */
export function renderSignIn(root) {
  const username = usernameInput("username");
  const password = passwordField("password", t("account.password"), "current-password");
  const form = accountForm("sign-in", [field("username", t("account.username"), username), password.row],
    t("account.signIn"), async () => {
      learn(await accountApi.signIn(username.value.trim(), password.input.value));
      goBack();
    });
  const passkeyMessage = h("p", { class: "banner error", role: "alert", hidden: true, "data-testid": "passkey-error" });
  const passkey = passkeysHere && passkeyButton((answer) => {
    learn(answer);
    goBack();
  }, passkeyMessage);
  fill(root, h("section", { class: "panel account-page narrow" }, h("h2", {}, t("account.signIn")),
    h("p", { class: "hint" }, t("account.why")), form, passkey || null, passkey ? passkeyMessage : null,
    h("p", {}, t("account.haveNone"), " ", h("a", { href: "#/signup", "data-action": "to-sign-up" }, t("account.signUp"))),
    h("p", {}, t("account.forgot"), " ", h("a", { href: "#/recover" }, t("account.recover")))));
  username.focus();
  return {};
}

/** #/signup: a username and a password; then the recovery codes, once, and the seats this browser holds. */
export function renderSignUp(root) {
  const username = usernameInput("username");
  const password = passwordField("password", t("account.password"), "new-password", t("account.passwordHint"));
  const form = accountForm("sign-up", [field("username", t("account.username"), username, t("account.usernameHint")),
    password.row], t("account.signUp"), async () => {
    const answer = await accountApi.signUp(username.value.trim(), password.input.value);
    learn(answer);
    showCodes(root, answer.account.username, answer.recovery_codes);
  });
  fill(root, h("section", { class: "panel account-page narrow" }, h("h2", {}, t("account.signUp")),
    h("p", { class: "hint" }, t("account.why")), form,
    h("p", {}, t("account.haveOne"), " ", h("a", { href: "#/signin" }, t("account.signIn")))));
  username.focus();
  return {};
}

/** The codes of a new account, shown this once; and the tables this browser holds seats at, to add. */
function showCodes(root, username, codes) {
  const text = `${t("account.codesFile", { username })}\n\n${codes.join("\n")}\n`;
  const status = h("p", { role: "status", class: "hint" });
  const seats = heldSeats();
  const tables = new Set(seats.map((seat) => seat.table)).size;
  const claim = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", checked: true, id: "account-claim",
    "data-testid": "claim" }));
  const heading = h("h2", { tabindex: -1 }, t("account.welcome", { username }));
  fill(root, h("section", { class: "panel account-page narrow", "data-testid": "recovery-codes" }, heading,
    h("h3", {}, t("account.codesTitle")), h("p", {}, t("account.codesWhy")),
    h("ol", { class: "recovery-codes" }, codes.map((code) => h("li", {}, h("code", {}, code)))),
    h("div", { class: "buttons" },
      h("button", { type: "button", onclick: async () => {
        try {
          await navigator.clipboard.writeText(text);
          status.textContent = t("account.copied");
        } catch {
          status.textContent = "";
        }
      } }, t("account.copy")),
      h("a", { class: "button", download: "tabletop-recovery-codes.txt",
        href: URL.createObjectURL(new Blob([text], { type: "text/plain" })) }, t("account.download"))),
    status,
    tables ? h("p", { class: "claim" }, h("label", { for: "account-claim" }, claim, " ", t("account.claim", { n: tables }))) : null,
    h("div", { class: "buttons" }, h("button", { type: "button", class: "primary", "data-action": "codes-saved",
      onclick: async () => {
        if (tables && claim.checked) await claimSeats(seats);
        goBack();
      } }, t("account.continue")))));
  heading.focus();
}

/** Bind seats this browser holds tokens for to the account signed in; says how many tables were added. */
export async function claimSeats(seats = heldSeats()) {
  try {
    const answer = await accountApi.claim(seats);
    const tables = new Set(answer.claimed.map((seat) => seat.table)).size;
    if (tables) announce(t("account.claimed", { n: tables }));
    return tables;
  } catch (error) {
    announce(errorText(error) || error.message);
    return 0;
  }
}

/** #/recover: a username, a recovery code and a new password; signed in here after. */
export function renderRecover(root) {
  const username = usernameInput("username");
  const code = /** @type {HTMLInputElement} */ (h("input", { type: "text", name: "code", autocomplete: "one-time-code",
    required: true, maxlength: 64, autocapitalize: "none", spellcheck: "false" }));
  const password = passwordField("password", t("account.newPassword"), "new-password", t("account.passwordHint"));
  const form = accountForm("recover", [field("username", t("account.username"), username),
    field("code", t("account.code"), code), password.row], t("account.setPassword"), async () => {
    learn(await accountApi.recover(username.value.trim(), code.value.trim(), password.input.value));
    location.hash = "#/account";
  });
  fill(root, h("section", { class: "panel account-page narrow" }, h("h2", {}, t("account.recoverTitle")),
    h("p", { class: "hint" }, t("account.recoverWhy")), form, resetByMail()));
  username.focus();
  return {};
}

/** #/reset/{token}: a new password by the link mailed (the site's mail, mail.js); signed in here after. */
export function renderReset(root, token) {
  const password = passwordField("password", t("account.newPassword"), "new-password", t("account.passwordHint"));
  const form = accountForm("reset", [password.row], t("account.setPassword"), async () => {
    learn(await accountApi.reset(token || "", password.input.value));
    location.hash = "#/account";
  });
  fill(root, h("section", { class: "panel account-page narrow" }, h("h2", {}, t("account.recoverTitle")), form));
  password.input.focus();
  return {};
}
