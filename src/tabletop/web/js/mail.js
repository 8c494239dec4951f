// @ts-check
// E-mail, where the site's operator configured it (GET /api/account/email says `mail`): the account page's
// address — confirmed by a mailed link before anything else is sent there —, your-move notices at tables
// that take days, and the confirmation link's page. Without it, none of this shows.

import { accountApi } from "./api.js";
import { h, fill } from "./dom.js";
import { errorText } from "./errors.js";
import { addStrings, lang, t } from "./i18n.js";

export const STRINGS = {
  en: {
    "mail.title": "E-mail (optional)",
    "mail.why": "For a link to set a new password if you forget it, and, if you like, a message when it is your move at a table that takes days. Nothing else, and never shown to anyone.",
    "mail.address": "E-mail address",
    "mail.send": "Send a confirmation link",
    "mail.sent": "A link is on its way to {email}: open it to confirm the address.",
    "mail.confirmed": "{email} · confirmed",
    "mail.unconfirmed": "{email} · waiting for its confirmation link",
    "mail.notices": "E-mail me when it is my move at a table that takes days",
    "mail.forget": "Remove the address",
    "mail.confirming": "Confirming the address…",
    "mail.confirmedPage": "Your e-mail address is confirmed.",
    "mail.badLink": "This link is used, expired or unknown. Send a new one from your account page.",
    "mail.resetTitle": "A link by e-mail",
    "mail.resetWhy": "If your account has a confirmed e-mail address, a link to set a new password is sent there.",
    "mail.resetSend": "Send the link",
    "mail.resetSent": "If the account has a confirmed address, the link is on its way. It works once, for an hour.",
  },
  ru: {
    "mail.title": "Электронная почта (необязательно)",
    "mail.why": "Для ссылки, которая задаст новый пароль, если вы его забудете, и, если хотите, письма, когда ваш ход за столом, где на ход даются дни. Больше ни для чего, и никому не показывается.",
    "mail.address": "Адрес электронной почты",
    "mail.send": "Прислать ссылку для подтверждения",
    "mail.sent": "Ссылка отправлена на {email}: откройте её, чтобы подтвердить адрес.",
    "mail.confirmed": "{email} · подтверждён",
    "mail.unconfirmed": "{email} · ждёт подтверждения по ссылке",
    "mail.notices": "Присылать письмо, когда мой ход за столом, где на ход даются дни",
    "mail.forget": "Удалить адрес",
    "mail.confirming": "Подтверждаем адрес…",
    "mail.confirmedPage": "Ваш адрес электронной почты подтверждён.",
    "mail.badLink": "Эта ссылка уже использована, устарела или неизвестна. Запросите новую на странице аккаунта.",
    "mail.resetTitle": "Ссылка по электронной почте",
    "mail.resetWhy": "Если у аккаунта есть подтверждённый адрес, на него придёт ссылка, которая задаст новый пароль.",
    "mail.resetSend": "Прислать ссылку",
    "mail.resetSent": "Если у аккаунта есть подтверждённый адрес, ссылка уже в пути. Она действует один раз, в течение часа.",
  },
  ro: {
    "mail.title": "E-mail (opțional)",
    "mail.why": "Pentru un link care stabilește o parolă nouă dacă o uiți și, dacă vrei, un mesaj când e rândul tău la o masă cu zile pe mutare. Nimic altceva și nu e arătat nimănui.",
    "mail.address": "Adresa de e-mail",
    "mail.send": "Trimite un link de confirmare",
    "mail.sent": "Un link e pe drum spre {email}: deschide-l ca să confirmi adresa.",
    "mail.confirmed": "{email} · confirmată",
    "mail.unconfirmed": "{email} · își așteaptă linkul de confirmare",
    "mail.notices": "Trimite-mi un e-mail când e rândul meu la o masă cu zile pe mutare",
    "mail.forget": "Elimină adresa",
    "mail.confirming": "Se confirmă adresa…",
    "mail.confirmedPage": "Adresa ta de e-mail e confirmată.",
    "mail.badLink": "Acest link a fost folosit, a expirat sau e necunoscut. Cere unul nou de pe pagina contului.",
    "mail.resetTitle": "Un link pe e-mail",
    "mail.resetWhy": "Dacă contul are o adresă de e-mail confirmată, acolo se trimite un link care stabilește o parolă nouă.",
    "mail.resetSend": "Trimite linkul",
    "mail.resetSent": "Dacă contul are o adresă confirmată, linkul e pe drum. Funcționează o singură dată, timp de o oră.",
  },
};
addStrings("mail", { STRINGS });

/** The account page's panel (empty where the site sends no mail). */
export function emailPanel() {
  const element = h("section", { class: "panel", "aria-labelledby": "mail-h", "data-testid": "email", hidden: true });
  const status = h("p", { role: "status" });

  async function act(work, said = "") {
    status.className = "";
    try {
      await work();
      status.textContent = said;
    } catch (error) {
      status.className = "banner error";
      status.textContent = errorText(error) || error.message;
    }
    await draw(false);
  }

  async function draw(clear = true) {
    let mine;
    try {
      mine = await accountApi.email();
    } catch {
      return;
    }
    element.hidden = !mine.mail;
    if (!mine.mail) return;
    if (clear) status.textContent = "";
    const input = /** @type {HTMLInputElement} */ (h("input", { type: "email", id: "mail-address", autocomplete: "email",
      maxlength: 254, required: true, value: mine.email || "" }));
    fill(element, h("h3", { id: "mail-h" }, t("mail.title")), h("p", { class: "hint" }, t("mail.why")),
      mine.email ? h("p", { "data-testid": "email-state" }, t(mine.confirmed ? "mail.confirmed" : "mail.unconfirmed",
        { email: mine.email })) : null,
      h("form", { class: "account-form", "data-testid": "set-email", onsubmit: (event) => {
        event.preventDefault();
        const email = input.value.trim();
        act(() => accountApi.setEmail(email, lang()), t("mail.sent", { email }));
      } }, h("p", { class: "field" }, h("label", { for: input.id }, t("mail.address")), input),
      h("div", { class: "buttons" }, h("button", { type: "submit" }, t("mail.send")))),
      mine.confirmed ? h("p", {}, h("label", { class: "check" }, h("input", { type: "checkbox", checked: mine.move_notices,
        "data-testid": "move-notices", onchange: (event) => act(() => accountApi.moveNotices(event.target.checked)) }),
      " ", t("mail.notices"))) : null,
      mine.email ? h("div", { class: "buttons" }, h("button", { type: "button", class: "small", "data-action": "forget-email",
        onclick: () => act(() => accountApi.forgetEmail()) }, t("mail.forget"))) : null,
      status);
  }

  draw();
  return { element, relabel: draw };
}

/** The recovery page's other way: a reset link by e-mail (where the site sends mail). */
export function resetByMail() {
  const element = h("section", { class: "reset-by-mail", hidden: true, "data-testid": "reset-by-mail" });
  accountApi.canReset().then(({ mail }) => {
    if (!mail) return;
    element.hidden = false;
    const input = /** @type {HTMLInputElement} */ (h("input", { type: "text", id: "reset-username", autocomplete: "username",
      maxlength: 24, required: true, autocapitalize: "none", spellcheck: "false" }));
    const status = h("p", { role: "status" });
    fill(element, h("h3", {}, t("mail.resetTitle")), h("p", { class: "hint" }, t("mail.resetWhy")),
      h("form", { class: "account-form", onsubmit: async (event) => {
        event.preventDefault();
        try {
          await accountApi.askReset(input.value.trim());
          status.className = "";
          status.textContent = t("mail.resetSent");
        } catch (error) {
          status.className = "banner error";
          status.textContent = errorText(error) || error.message;
        }
      } }, h("p", { class: "field" }, h("label", { for: input.id }, t("account.username")), input),
      h("div", { class: "buttons" }, h("button", { type: "submit" }, t("mail.resetSend")))), status);
  }).catch(() => {});
  return element;
}

/** #/confirm-email/{token}: the mailed link confirms the address. */
export function renderConfirmEmail(root, token) {
  const said = h("p", { role: "status", "data-testid": "confirm-email" }, t("mail.confirming"));
  fill(root, h("section", { class: "panel account-page narrow" }, h("h2", {}, t("mail.title")), said,
    h("a", { class: "button", href: "#/account" }, t("account.link"))));
  accountApi.confirmEmail(token || "").then(({ confirmed }) => {
    said.textContent = t(confirmed ? "mail.confirmedPage" : "mail.badLink");
  }).catch((error) => { said.textContent = errorText(error) || error.message; });
  return {};
}
