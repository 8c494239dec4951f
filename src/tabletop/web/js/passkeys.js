// @ts-check
// Passkeys (WebAuthn): signing in without a password, and the account page's list of them. The browser
// makes and uses the key (a phone, a fingerprint, a security key); the server only checks what it signed.
// Browsers allow WebAuthn at a site's name — localhost, or https — never at an IP address: there the
// buttons are not offered.

import { accountApi } from "./api.js";
import { h, fill, announce } from "./dom.js";
import { errorText } from "./errors.js";
import { addStrings, t, timeAgo } from "./i18n.js";

export const STRINGS = {
  en: {
    "passkey.signIn": "Sign in with a passkey",
    "passkey.or": "or",
    "passkey.title": "Passkeys",
    "passkey.why": "A passkey signs you in with this device's lock (a fingerprint, a face, a PIN) or a security key, instead of a password.",
    "passkey.add": "Add a passkey",
    "passkey.added": "The passkey is added: next time, sign in with it.",
    "passkey.none": "No passkey yet.",
    "passkey.made": "added {when}",
    "passkey.used": "last used {when}",
    "passkey.never": "never used",
    "passkey.remove": "Remove",
    "passkey.removed": "The passkey is removed.",
    "passkey.cancelled": "The browser's passkey dialogue was closed: nothing changed.",
    "passkey.unsupported": "Passkeys need a site's name (localhost, or https) and a browser that has them.",
  },
  ru: {
    "passkey.signIn": "Войти с ключом доступа",
    "passkey.or": "или",
    "passkey.title": "Ключи доступа",
    "passkey.why": "Ключ доступа позволяет входить с помощью блокировки устройства (отпечаток пальца, лицо, PIN-код) или электронного ключа вместо пароля.",
    "passkey.add": "Добавить ключ доступа",
    "passkey.added": "Ключ доступа добавлен: в следующий раз входите с ним.",
    "passkey.none": "Ключей доступа пока нет.",
    "passkey.made": "добавлен {when}",
    "passkey.used": "использован {when}",
    "passkey.never": "ещё не использован",
    "passkey.remove": "Удалить",
    "passkey.removed": "Ключ доступа удалён.",
    "passkey.cancelled": "Окно браузера для ключа доступа закрыто: ничего не изменилось.",
    "passkey.unsupported": "Ключам доступа нужно имя сайта (localhost или https) и браузер, который их поддерживает.",
  },
  ro: {
    "passkey.signIn": "Autentificare cu o cheie de acces",
    "passkey.or": "sau",
    "passkey.title": "Chei de acces",
    "passkey.why": "O cheie de acces te autentifică prin blocarea acestui dispozitiv (amprentă, față, PIN) sau printr-o cheie de securitate, în locul parolei.",
    "passkey.add": "Adaugă o cheie de acces",
    "passkey.added": "Cheia de acces a fost adăugată: data viitoare autentifică-te cu ea.",
    "passkey.none": "Nicio cheie de acces deocamdată.",
    "passkey.made": "adăugată {when}",
    "passkey.used": "folosită ultima dată {when}",
    "passkey.never": "nefolosită încă",
    "passkey.remove": "Elimină",
    "passkey.removed": "Cheia de acces a fost eliminată.",
    "passkey.cancelled": "Fereastra browserului pentru cheia de acces a fost închisă: nu s-a schimbat nimic.",
    "passkey.unsupported": "Cheile de acces au nevoie de numele unui site (localhost sau https) și de un browser care le are.",
  },
};
addStrings("passkey", { STRINGS });

/** True where this browser may use passkeys here: WebAuthn present, a secure context, a name (not an IP). */
export function passkeysWork() {
  const host = location.hostname;
  const ip = /^[\d.]+$/.test(host) || host.includes(":");
  return typeof window !== "undefined" && "PublicKeyCredential" in window && window.isSecureContext && !ip;
}

const b64 = {
  /** base64url text to bytes */
  bytes: (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - text.length % 4) % 4)),
    (c) => c.charCodeAt(0)),
  /** bytes (an ArrayBuffer) to base64url text */
  text: (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""),
};

/** The options' JSON as the WebAuthn call takes it (the browser's own parser where it has one). */
function creationOptions(json) {
  const P = /** @type {any} */ (window.PublicKeyCredential);
  if (P.parseCreationOptionsFromJSON) return P.parseCreationOptionsFromJSON(json);
  return { ...json, challenge: b64.bytes(json.challenge), user: { ...json.user, id: b64.bytes(json.user.id) },
    excludeCredentials: (json.excludeCredentials || []).map((c) => ({ ...c, id: b64.bytes(c.id) })) };
}

function requestOptions(json) {
  const P = /** @type {any} */ (window.PublicKeyCredential);
  if (P.parseRequestOptionsFromJSON) return P.parseRequestOptionsFromJSON(json);
  return { ...json, challenge: b64.bytes(json.challenge),
    allowCredentials: (json.allowCredentials || []).map((c) => ({ ...c, id: b64.bytes(c.id) })) };
}

/** A credential as JSON for the server (the browser's toJSON() where it has one). */
function answer(credential) {
  if (typeof credential.toJSON === "function") return credential.toJSON();
  const r = credential.response;
  const response = { clientDataJSON: b64.text(r.clientDataJSON) };
  if (r.attestationObject) response.attestationObject = b64.text(r.attestationObject);
  if (r.authenticatorData) response.authenticatorData = b64.text(r.authenticatorData);
  if (r.signature) response.signature = b64.text(r.signature);
  if (r.userHandle) response.userHandle = b64.text(r.userHandle);
  if (r.getTransports) response.transports = r.getTransports();
  return { id: credential.id, rawId: b64.text(credential.rawId), type: credential.type, response,
    clientExtensionResults: credential.getClientExtensionResults(), authenticatorAttachment: credential.authenticatorAttachment };
}

/** A dialogue the person closed (or the browser refused to open) says so, not as a failure of ours. */
function cancelled(error) {
  return error && (error.name === "NotAllowedError" || error.name === "AbortError");
}

/** Sign in with a passkey: the server's answer ({account, csrf}), or a thrown refusal. */
export async function signInWithPasskey() {
  const options = await accountApi.passkeySignInOptions();
  const credential = await navigator.credentials.get({ publicKey: requestOptions(options) });
  return accountApi.passkeySignIn(answer(credential));
}

/** The sign-in page's button: `done(answer)` once signed in; refusals said in `message`. */
export function passkeyButton(done, message) {
  if (!passkeysWork()) return null;
  return h("div", { class: "passkey-sign-in" }, h("p", { class: "or" }, t("passkey.or")),
    h("button", { type: "button", "data-action": "passkey-sign-in", onclick: async (event) => {
      const button = event.currentTarget;
      button.disabled = true;
      message.hidden = true;
      try {
        done(await signInWithPasskey());
      } catch (error) {
        message.hidden = false;
        fill(message, cancelled(error) ? t("passkey.cancelled") : errorText(error) || error.message);
      } finally {
        button.disabled = false;
      }
    } }, t("passkey.signIn")));
}

/** The account page's panel: the account's passkeys, each removable, and the way to add one. */
export function passkeysPanel() {
  const element = h("section", { class: "panel", "aria-labelledby": "passkeys-h", "data-testid": "passkeys" });
  const status = h("p", { role: "status" });

  async function draw() {
    let keys = [];
    try {
      keys = (await accountApi.passkeys()).passkeys;
    } catch {
      keys = [];
    }
    const ago = (iso) => timeAgo((Date.now() - new Date(iso).getTime()) / 1000);
    fill(element, h("h3", { id: "passkeys-h" }, t("passkey.title")), h("p", { class: "hint" }, t("passkey.why")),
      keys.length ? h("ul", { class: "table-list" }, keys.map((key) => h("li", { "data-passkey": key.id },
        h("span", { class: "summary" }, h("strong", {}, key.name || "—"), "\u00a0· ", t("passkey.made", { when: ago(key.created_at) }),
          "\u00a0· ", key.used_at ? t("passkey.used", { when: ago(key.used_at) }) : t("passkey.never")),
        h("span", { class: "buttons" }, h("button", { type: "button", class: "small", "data-action": "remove-passkey",
          onclick: async () => {
            await accountApi.removePasskey(key.id).catch((error) => announce(errorText(error) || error.message));
            status.textContent = t("passkey.removed");
            await draw();
          } }, t("passkey.remove")))))) : h("p", {}, t("passkey.none")),
      passkeysWork() ? h("div", { class: "buttons" }, h("button", { type: "button", "data-action": "add-passkey",
        onclick: async (event) => {
          const button = event.currentTarget;
          button.disabled = true;
          try {
            const options = await accountApi.passkeyRegisterOptions();
            const credential = await navigator.credentials.create({ publicKey: creationOptions(options) });
            await accountApi.passkeyRegister(answer(credential));
            await draw();
            status.textContent = t("passkey.added");
          } catch (error) {
            status.textContent = cancelled(error) ? t("passkey.cancelled") : errorText(error) || error.message;
          } finally {
            button.disabled = false;
          }
        } }, t("passkey.add"))) : h("p", { class: "hint" }, t("passkey.unsupported")),
      status);
  }

  draw();
  return { element, relabel: draw };
}
