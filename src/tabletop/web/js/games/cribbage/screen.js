// @ts-check
// Cribbage's screen: the hand as cards (select the discards and lay them away; click a card to
// play it), the pegging piles with the running count, the pegboard whose two pegs per side
// leapfrog, the starter and crib, the show's itemised counts, and the match score.
// With muggins (C17) a player declares its points — a picker of the legal `count N` / `claim N`
// values beside the cards being counted — and an opponent sees what was declared, with the cards
// when the view shows them, to call "Muggins!" or let it go. Cards are buttons named in words
// ("five of hearts"), discards toggle (aria-pressed), and the focus survives every update.
// The hand is sorted by rank then suit and fanned (six cards fit a phone's width on one row); a card
// that would pass 31 stays a button that looks unplayable and says why; the board has a game hole
// for the target and says which lap each peg is on; a folded score sheet tells every deal.
// With motion (the table's pace, not instant, no reduced motion) a card played flies from its hand to
// the pile, discards fly to the crib, the starter turns over, the pegs slide hole by hole along the
// track and the show's lines come one by one — all drawn first as without motion (shared/motion.js).
// What moves is what the new log entries did, as the visitor (visitor.js) read them from their events
// (`news`): nothing is found by comparing the page before and after.

import { h, s, fill, keepFocus } from "../../dom.js";
import { lang, t } from "../../i18n.js";
import { actionText, cappedText, cardText, comboLine, dealPoints, num, spoken, whyText } from "./log.js";
import { Pegboard } from "./pegboard.js";
import { endedBeforeShow, endingOf, endingText } from "./ending.js";
import { dealSheet, sheetTable, sideNamesOf, sidesOf } from "./sheet.js";
import { flyFrom, motionTime, oneByOne, refiller, settle, turnOver } from "../shared/motion.js";

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RED = { D: true, H: true };

/** A card in words in the current language: "5H" → "five of hearts". */
export function cardName(text) {
  if (!text) return t("cribbage.card.back");
  return t("cribbage.card.name", { rank: t(`cribbage.card.rank.${text.slice(0, -1)}`), suit: t(`cribbage.card.suit.${text.slice(-1)}`) });
}

/** One card as an SVG picture named in words (face down when `text` is null). */
export function cardSvg(text) {
  const label = { role: "img", "aria-label": cardName(text) };
  if (!text) {
    return s("svg", { viewBox: "0 0 60 84", ...label },
      s("rect", { class: "face", x: 1.5, y: 1.5, width: 57, height: 81, rx: 6, fill: "#2f5d8a", stroke: "#1b3553", "stroke-width": 1.5 }),
      s("rect", { x: 7, y: 7, width: 46, height: 70, rx: 4, fill: "none", stroke: "#8fb3d9", "stroke-dasharray": "3 3" }));
  }
  const rank = text.slice(0, -1);
  const suit = text.slice(-1);
  const colour = RED[suit] ? "#c0392b" : "#1f2328";
  const shown = rank === "T" ? "10" : rank;
  return s("svg", { viewBox: "0 0 60 84", ...label },
    s("rect", { class: "face", x: 1.5, y: 1.5, width: 57, height: 81, rx: 6, fill: "#fff", stroke: "#555", "stroke-width": 1.5 }),
    s("text", { x: 6, y: 20, "font-size": 17, "font-weight": 700, fill: colour, "font-family": "serif" }, shown),
    s("text", { x: 6, y: 37, "font-size": 16, fill: colour }, SUITS[suit]),
    s("text", { x: 30, y: 64, "font-size": 30, "text-anchor": "middle", fill: colour }, SUITS[suit]));
}

/** A card: a picture, or a button when it does something (`pressed`: a discard that toggles;
 * `why`: the reason it cannot be played, said by its title and its accessible name). */
function cardButton(text, { selected = false, playable = false, onclick = null, small = false, pressed = null,
  why = null, style = null } = {}) {
  const attrs = { class: `card${selected ? " selected" : ""}${playable ? " playable" : ""}${why ? " unplayable" : ""}`,
    "data-card": text || "back", style };
  if (!onclick) return h("span", { ...attrs, class: `${attrs.class}${small ? " small" : ""}` }, cardSvg(text));
  // the button is named by its picture ("five of hearts"): the corner letters are not the name
  return h("button", { ...attrs, type: "button", "aria-pressed": pressed === null ? null : String(pressed), onclick,
    title: why ? `${cardName(text)} — ${why}` : null, "aria-label": why ? `${cardName(text)} — ${why}` : null,
    "aria-disabled": why ? "true" : null },
  cardSvg(text));
}

const RANKS = "A23456789TJQK";
const SUIT_ORDER = "CDSH";  // clubs, diamonds, spades, hearts: the colours alternate within a rank

/** Cards in hand order: by rank (ace low, as cribbage counts), then suit. */
export function sortCards(cards) {
  const key = (c) => RANKS.indexOf(c.slice(0, -1)) * 4 + SUIT_ORDER.indexOf(c.slice(-1));
  return [...cards].sort((a, b) => key(a) - key(b));
}

/** A card's value in the count: ace 1, pictures 10 (C8). */
export function cardValue(card) {
  const rank = RANKS.indexOf(card.slice(0, -1)) + 1;
  return Math.min(rank, 10);
}

/** The fan's tilt and lift of card `i` of `n`: a gentle arc, the middle highest. */
function fanStyle(i, n) {
  const offset = i - (n - 1) / 2;
  return { "--tilt": `${(offset * 3.5).toFixed(1)}deg`, "--lift": `${(offset * offset * 0.09).toFixed(2)}rem`, "z-index": i + 1 };
}

function cardsRow(cards, small = false) {
  return h("div", { class: `cards${small ? " small" : ""}` }, cards.map((c) => cardButton(c)));
}

/** The cards being counted, the starter set apart as the fifth card (C13). */
function countedCards(cards, starter) {
  return h("div", { class: "cards small counted", "data-testid": "counted" }, cards.map((c) => cardButton(c)),
    starter ? h("span", { class: "starter-tag" }, h("span", { class: "hint" }, t("cribbage.starter")), cardButton(starter)) : null);
}

/** What a count in the show is of: a hand, or (after every hand) the crib (C13). */
function showWhat(view) {
  return view.show_step >= view.sides.length ? "crib" : "hand";
}

export function cribbageScreen(root, ctx) {
  const info = h("div", { class: "crib-info" });
  const piles = h("div", { class: "piles" });
  const board = new Pegboard();
  const hand = h("section", { class: "hand", "aria-labelledby": "hand-h" });
  const shown = h("div", { class: "shown" });
  const events = h("section", { class: "events-box", "aria-labelledby": "events-h" });
  const sheet = h("details", { class: "crib-sheet-box", "data-testid": "sheet-box",
    ontoggle: () => { sheetOpen = sheet.open; } });
  fill(root, info, board.svg, piles, hand, shown, events, sheet);
  let sheetOpen = false;
  let whyNot = null;  // the reason the card last tapped cannot be played, until the next move
  let selected = [];
  let declared = null;  // the number picked to declare (muggins), until it is sent
  let message = null;
  let lastMove = -1;
  const refill = refiller();  // a part redrawn only when what it shows changed (its motion runs on)
  let motionMs = 0;  // how long this redraw's motion takes (0: none, as for a tap that selects a card)

  function sideNames(view) {
    const count = Math.max(...view.sides) + 1;
    return Array.from({ length: count }, (_, side) => view.sides
      .map((sd, seat) => (sd === side ? ctx.seatName(seat) : null)).filter(Boolean).join(" & "));
  }

  function draw() {
    keepFocus(root, render);
  }

  /** The declare form: the legal numbers as one radio group (arrow keys move), and a Declare button. */
  function declareForm(kind, values) {
    const submit = h("button", { type: "submit", class: "primary", "data-action": "declare",
      disabled: declared === null }, declared === null ? t("cribbage.declarePick") : t("cribbage.countDeclare", { n: declared }));
    const pick = (n) => {
      declared = n;
      submit.disabled = false;
      submit.textContent = t("cribbage.countDeclare", { n });
    };
    return h("form", { class: "declare-form", onsubmit: (event) => {
      event.preventDefault();
      if (declared !== null) ctx.act(`${kind} ${declared}`);
    } },
    h("fieldset", { class: "count-picker", "data-testid": "count-picker" }, h("legend", {}, t("cribbage.points")),
      values.map((n, i) => h("label", { class: "pick" },
        h("input", { type: "radio", name: "declare", value: n, checked: declared === n, "data-focus": `declare-${n}`,
          "data-primary": i === 0 ? true : null, onchange: () => pick(n) }),
        h("span", {}, String(n))))),
    submit);
  }

  /** Declaring points with muggins on: the cards being counted, one line of help, the picker. */
  function declarePanel(view, kind, values) {
    let title;
    let help;
    let cards;
    if (kind === "claim") {
      const card = view.series[view.series.length - 1];
      title = t("cribbage.claimTitle");
      help = t("cribbage.claimHelp", { card: cardName(card), count: view.count });
      cards = countedCards(view.series, null);
    } else {
      const what = showWhat(view);
      title = t(what === "crib" ? "cribbage.countCrib" : "cribbage.countHand");
      help = t("cribbage.countHelp");
      const held = what === "crib" ? view.crib : (view.hands_shown ? view.hands_shown[view.to_move] : view.kept);
      cards = countedCards(held || [], view.starter);
    }
    return h("section", { class: "declare", "aria-labelledby": "declare-h", "data-testid": "declare",
      "data-kind": kind === "claim" ? "pegging" : showWhat(view) },
      h("h3", { id: "declare-h" }, title), cards, h("p", { class: "hint" }, help),
      h("p", { class: "hint muggins-help" }, t("cribbage.mugginsHelp")), declareForm(kind, values));
  }

  /** An opponent's declaration that may be short: what was declared, the cards if the view shows them. */
  function mugginsPanel(view, legal) {
    const pending = view.pending;
    if (view.phase !== "muggins" || !pending) return null;
    const name = ctx.seatName(pending.seat);
    let cards = null;
    if (pending.what === "pegging") cards = countedCards(view.series, null);
    else if (pending.what === "crib" && view.crib) cards = countedCards(view.crib, view.starter);
    else if (pending.what === "hand" && view.hands_shown) cards = countedCards(view.hands_shown[pending.seat], view.starter);
    const mine = legal.includes("muggins");
    return h("section", { class: "muggins-box", "aria-labelledby": "muggins-h", "data-testid": "muggins",
      "data-kind": pending.what },
      h("h3", { id: "muggins-h" }, t("cribbage.mugginsTitle")),
      h("p", { class: "declared", "data-testid": "declared" },
        t(`cribbage.declared.${pending.what}`, { name, n: pending.declared })),
      cards,
      h("p", { class: "hint muggins-help" }, t("cribbage.mugginsHelp")),
      mine ? h("div", { class: "buttons" },
        h("button", { type: "button", class: "primary", "data-action": "muggins", "data-primary": true,
          onclick: () => ctx.act("muggins") }, t("cribbage.mugginsCall")),
        h("button", { type: "button", "data-action": "pass", onclick: () => ctx.act("pass") }, t("cribbage.pass")))
        : h("p", { class: "hint" }, t("cribbage.mugginsWait", { name: ctx.seatName(view.to_move) })));
  }

  function render() {
    const view = message.view;
    const legal = message.legal;
    const names = sideNames(view);
    const cols = boardColumns();
    const rebuilt = board.sides !== names.length || board.target !== view.target || board.cols !== cols;
    if (rebuilt) board.build(names.length, view.target, cols);
    board.update(view.pegs, view.scores, names, rebuilt ? 0 : motionMs);

    // a match score only for a match of several games (C16): a single game's "Match: 1 – 0" says nothing
    const matchGames = Math.max(Number(ctx.options?.()?.games) || 1, view.games.length) > 1;
    const seatNames = view.piles.map((_, seat) => ctx.seatName(seat));
    const keyOf = (...parts) => JSON.stringify([lang(), seatNames, ...parts]);
    refill(info, keyOf(view.starter, view.crib, view.crib_size, view.count, view.dealer, view.scores, view.target, names,
      matchGames ? view.match_points : null), () => [
      h("div", { "data-testid": "starter" }, h("div", { class: "hint" }, t("cribbage.starter")), cardsRow([view.starter], true)),
      h("div", { "data-testid": "crib" }, h("div", { class: "hint" }, t("cribbage.crib", { n: view.crib_size })),
        cardsRow(view.crib || Array(view.crib_size).fill(null), true)),
      h("div", { class: "count-big", "data-testid": "count", "aria-live": "polite" }, t("cribbage.runningCount", { n: num(view.count) })),
      h("div", {}, `${ctx.seatName(view.dealer)}: ${t("cribbage.dealer")}`, h("br"),
        names.map((n, i) => `${n} ${num(view.scores[i])}`).join(" · "), " ", `(${t("cribbage.target", { n: num(view.target) })})`,
        matchGames ? h("div", { "data-testid": "match" }, t("cribbage.match", { scores: view.match_points.join(" – ") })) : null)]);

    refill(piles, keyOf(view.piles, view.series, view.seat, view.phase, view.hand_sizes), () => [
      h("h3", { class: "sr-only" }, t("cribbage.piles")), view.piles.map((pile, seat) => h("div", { class: "pile", "data-seat": seat },
      h("span", { class: "who" }, ctx.seatName(seat)),
      pile.length ? pile.map((c) => cardButton(c, { selected: view.series.includes(c), small: true }))
        : h("span", { class: "hint" }, "—"),
      seat !== view.seat && view.phase !== "show" && view.hand_sizes[seat]
        ? h("span", { class: "hint hand-left" }, ` · ${view.hand_sizes[seat]} 🂠`) : null))]);

    // the hand: select discards, or play a card
    const discards = legal.filter((a) => a.startsWith("discard "));
    const playable = new Set(legal.filter((a) => /^[2-9TJQKA][CDHS]$/.test(a)));
    const needed = discards.length ? discards[0].split(" ").length - 1 : 0;
    selected = selected.filter((c) => view.hand.includes(c));
    const chosen = discards.find((a) => sameCards(a.split(" ").slice(1), selected));
    // our turn in the play: the cards that would pass 31 say so instead of doing nothing
    const pegging = playable.size > 0 || legal.includes("go");
    const held = sortCards(view.hand);
    const cards = held.map((c, i) => {
      const style = fanStyle(i, held.length);
      if (discards.length) {
        return cardButton(c, { selected: selected.includes(c), pressed: selected.includes(c), style, onclick: () => {
          selected = selected.includes(c) ? selected.filter((x) => x !== c) : [...selected, c].slice(-needed);
          draw();
        } });
      }
      if (playable.has(c)) return cardButton(c, { playable: true, style, onclick: () => ctx.act(c) });
      if (pegging) {
        const total = view.count + cardValue(c);
        return cardButton(c, { style, why: t("cribbage.overCount", { total: num(total) }), onclick: () => {
          whyNot = t("cribbage.cantPlay", { card: cardText(c), total: num(total) });
          draw();
        } });
      }
      return cardButton(c, { style });
    });
    // where a keyboard player's lost focus goes back to on their turn: the first card to lay away or play
    const first = cards.find((el) => el.tagName === "BUTTON" && !el.classList.contains("unplayable"));
    if (first) first.dataset.primary = "";
    const declares = legal.map((a) => a.match(/^(count|claim) (\d+)$/)).filter(Boolean);
    const others = legal.filter((a) => !a.startsWith("discard ") && !playable.has(a)
      && !/^(count|claim) \d+$/.test(a) && a !== "muggins" && a !== "pass");
    hand.hidden = view.seat === null;  // a spectator holds no hand: no empty "Your hand"
    fill(hand, h("h3", { id: "hand-h" }, t("cribbage.hand")),
      discards.length ? h("p", { class: "hint" }, t(needed === 1 ? "cribbage.selectOne" : "cribbage.selectN", { n: needed }))  // C3: one card with 3 or 4 players, two with 2
        : playable.size ? h("p", { class: "hint" }, t("cribbage.playCard")) : null,
      h("div", { class: "cards fan", "data-testid": "hand", "data-count": cards.length, role: "group",
        "aria-label": t("cribbage.handSorted") }, cards),
      h("p", { class: "hint why-not", "data-testid": "why-not", "aria-live": "polite" }, pegging && whyNot ? whyNot : ""),
      h("div", { class: "buttons" },
        discards.length ? h("button", { type: "button", class: "primary", "data-action": "discard", disabled: !chosen,
          onclick: () => { if (chosen) { selected = []; ctx.act(chosen); } } }, t("cribbage.discard")) : null,
        others.map((a) => h("button", { type: "button", class: a === "count" || a === "go" ? "primary" : "",
          "data-action": a, "data-primary": a === "count" || a === "go" ? true : null, onclick: () => ctx.act(a) },
        actionText(a) || a))),
      declares.length ? declarePanel(view, declares[0][1], declares.map((m) => Number(m[2]))) : null,
      mugginsPanel(view, legal));

    // hands in the show; once the game is over, where it ended and who pegged out (C14): a game won in
    // the play shows its hands as never counted, not as a show that did not happen
    const ending = view.phase === "over" ? endingOf(message.entries) : null;
    fill(shown, view.hands_shown ? h("section", { "data-testid": "shown" },
      h("h3", {}, t(ending && endedBeforeShow(ending) ? "cribbage.handsUncounted" : "cribbage.show")),
      ending ? h("p", { class: "crib-ended", "data-testid": "ended", "data-where": ending.where },
        endingText(ending, ctx.seatName)) : null,
      view.hands_shown.map((kept, seat) => h("div", { class: "pile" }, h("span", { class: "who" },
        t("cribbage.handOf", { name: ctx.seatName(seat) })), cardsRow(sortCards(kept), true)))) : null);

    // the points pegged this deal (the log's "pegs" events), newest first, with the itemised count
    // of hands and crib said aloud: a bot's muggins would fly past otherwise
    const list = dealPoints(message.entries).slice(-12).reverse();
    refill(events, keyOf(list), () => [h("h3", { id: "events-h" }, t("cribbage.events")), list.length ? h("ul", { class: "events", "data-testid": "events",
      tabindex: 0, "aria-labelledby": "events-h" },
      list.map((e) => {
        const capped = cappedText(e, "cribbage.capped");
        return h("li", { "data-why": e.why, class: capped ? "capped" : null },
          h("strong", {}, `${ctx.seatName(e.seat)} +${num(e.points)}`),
          capped ? h("span", { class: "capped-note", "data-testid": "capped" }, ` (${capped})`) : null,
          ` · ${whyText(e.why)}`,
          e.combinations ? h("span", {}, ` — ${t("cribbage.say.quoted", { spoken: spoken(e.combinations) })}`,
            h("ul", {}, e.combinations.map((c) => h("li", { class: "combo" }, `${comboLine(c)}: ${num(c.points)}`)))) : null);
      }))
      : h("p", { class: "hint" }, "—")]);

    // the score sheet of every deal so far, folded unless the player opened it
    const sides = sidesOf(view, view.sides.length);
    sheet.open = sheetOpen;
    fill(sheet, h("summary", {}, t("cribbage.sheet")),
      sheetTable(dealSheet(message.entries, sides.count, sides.of), sideNamesOf(sides, view.sides.length, ctx.seatName), sides.of));
  }

  /** 30 holes a row where the board has room, 15 on a phone (a hole stays over 6 px wide). */
  function boardColumns() {
    const width = root.clientWidth || (typeof window !== "undefined" ? window.innerWidth : 1000);
    return width < 560 ? 15 : 30;
  }

  const onResize = () => {
    if (message && board.cols !== boardColumns()) draw();
  };
  if (typeof window !== "undefined") window.addEventListener("resize", onResize);

  /** The box of the card `card` in the hand, or of `seat`'s place among the piles (another's hand). */
  function handBox(card) {
    const el = card ? [...hand.querySelectorAll("[data-testid=hand] .card")].find((c) => c.getAttribute("data-card") === card) : null;
    return el ? el.getBoundingClientRect() : null;
  }

  function seatBox(seat) {
    const pile = [...piles.querySelectorAll(".pile[data-seat]")].find((el) => el.getAttribute("data-seat") === String(seat));
    const from = pile && (pile.querySelector(".hand-left") || pile.querySelector(".who"));
    return from ? from.getBoundingClientRect() : null;
  }

  /** Where each motion of the news starts, measured before the redraw (C8, C5): a card played from its place
   * in the hand, or from its player's place for another's; each card laid away likewise. */
  function origins(motions) {
    return motions.map((m) => {
      if (m.kind === "play") return [handBox(m.card) || seatBox(m.seat)];
      if (m.kind === "discard") {
        return Array.from({ length: m.count || 0 }, (_, i) => (m.cards && handBox(m.cards[i])) || seatBox(m.seat));
      }
      return [];
    });
  }

  /** The news in motion (C5–C13), as the visitor read it from the events: a card played flies to its pile,
   * the cards laid away to the crib (its newest cards), the starter turns over, the show's new lines and
   * their items come one by one (the pegs slide in the board). */
  function animate(motions, from, duration) {
    const crib = [...info.querySelectorAll("[data-testid=crib] .card")];
    const laid = motions.filter((m) => m.kind === "discard").reduce((n, m) => n + (m.count || 0), 0);
    let next = Math.max(0, crib.length - laid);
    let flown = 0;
    motions.forEach((m, i) => {
      if (m.kind === "play") {
        const pile = [...piles.querySelectorAll(".pile[data-seat]")].find((el) => el.getAttribute("data-seat") === String(m.seat));
        const card = pile && [...pile.querySelectorAll(".card")].find((el) => el.getAttribute("data-card") === m.card);
        if (card) flyFrom(card, from[i][0], duration);
      } else if (m.kind === "discard") {
        for (const box of from[i]) {
          const card = crib[next];
          next += 1;
          if (card) flyFrom(card, box, duration, { delay: flown * 40 });
          flown += 1;
        }
      } else if (m.kind === "starter") {
        const starter = info.querySelector("[data-testid=starter] .card");
        if (starter) turnOver(starter, duration);
      }
    });
    const pegged = motions.filter((m) => m.kind === "pegs").length;
    if (pegged) {  // newest first on screen: they come oldest first, each with its items in turn
      const fresh = [...events.querySelectorAll("[data-testid=events] > li")].slice(0, pegged).reverse();
      oneByOne(fresh.flatMap((li) => [li, ...li.querySelectorAll(".combo")]), duration);
    }
  }

  return {
    update(msg, { motion = false, paced = false, news = [] } = {}) {
      const moved = msg.move !== lastMove;
      if (moved) {
        selected = [];
        declared = null;
        whyNot = null;
      }
      const motions = news.flatMap((told) => told.motions);
      const animated = motion && moved && message !== null && motions.length > 0;
      if (moved) settle(root);  // what still moves has its final place drawn already
      const from = animated ? origins(motions) : null;
      motionMs = animated ? motionTime(ctx, paced) : 0;
      lastMove = msg.move;
      message = msg;
      draw();
      if (from && motionMs) animate(motions, from, motionMs);
      motionMs = 0;
    },
    destroy() {
      if (typeof window !== "undefined") window.removeEventListener("resize", onResize);
    },
  };
}

function sameCards(a, b) {
  return a.length === b.length && a.every((c) => b.includes(c));
}
