// Cribbage's screen: the hand as cards (select the discards and lay them away; click a card to
// play it), the pegging piles with the running count, the pegboard whose two pegs per side
// leapfrog (animated), the starter and crib, the show's itemised counts, and the match score.
// With muggins (C17) a player declares its points — a picker of the legal `count N` / `claim N`
// values beside the cards being counted — and an opponent sees what was declared, with the cards
// when the view shows them, to call "Muggins!" or let it go. Cards are buttons named in words
// ("five of hearts"), discards toggle (aria-pressed), and the focus survives every update.
// The hand is sorted by rank then suit and fanned (six cards fit a phone's width on one row); a card
// that would pass 31 stays a button that looks unplayable and says why; the board has a game hole
// for the target and says which lap each peg is on; a folded score sheet tells every deal.

import { h, s, fill, keepFocus } from "../../dom.js";
import { t } from "../../i18n.js";
import { cappedText, cardText, comboLine, dealPoints, num, spoken, whyText } from "./log.js";
import { dealSheet, sheetTable, sideNamesOf, sidesOf } from "./sheet.js";

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RED = { D: true, H: true };
const SIDE_COLOURS = ["#d55e00", "#0072b2", "#009e73"];

/** A card in words in the current language: "5H" → "five of hearts". */
export function cardName(text) {
  if (!text) return t("card.back");
  return t("card.name", { rank: t(`card.rank.${text.slice(0, -1)}`), suit: t(`card.suit.${text.slice(-1)}`) });
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
  return `--tilt: ${(offset * 3.5).toFixed(1)}deg; --lift: ${(offset * offset * 0.09).toFixed(2)}rem; z-index: ${i + 1}`;
}

function cardsRow(cards, small = false) {
  return h("div", { class: `cards${small ? " small" : ""}` }, cards.map((c) => cardButton(c)));
}

/** The cards being counted, the starter set apart as the fifth card (C13). */
function countedCards(cards, starter) {
  return h("div", { class: "cards small counted", "data-testid": "counted" }, cards.map((c) => cardButton(c)),
    starter ? h("span", { class: "starter-tag" }, h("span", { class: "hint" }, t("crib.starter")), cardButton(starter)) : null);
}

/** What a count in the show is of: a hand, or (after every hand) the crib (C13). */
function showWhat(view) {
  return view.show_step >= view.sides.length ? "crib" : "hand";
}

/**
 * The pegboard: each side a track that snakes in rows of `cols` holes (30 on a wide screen, 15 on a
 * phone, so a hole stays a few pixels wide), grouped in fives, once round per lap (60 holes, or
 * the target less one when that is shorter: twice round to 121, once to 61), and a game hole for
 * the target beyond the last. Two pegs each; the rear one leapfrogs (animated, unless the reader
 * asked for less motion). A peg on the target stands in the game hole.
 */
class Pegboard {
  constructor() {
    this.svg = s("svg", { viewBox: "0 0 640 10", class: "fit pegboard", role: "img", "data-testid": "pegboard" });
    this.pegs = [];  // per side: [{el, at}, {el, at}]
    this.sides = 0;
    this.cols = 0;
  }

  layout(sides, target, cols) {
    this.sides = sides;
    this.target = target;
    this.cols = cols;
    this.lap = target - 1 <= 60 ? Math.max(1, target - 1) : 60;
    this.laps = Math.ceil((target - 1) / this.lap);
    this.rows = Math.ceil(this.lap / cols);
    this.step = cols >= 30 ? 19 : 21;
    this.gap = 6;  // between groups of five
    this.radius = cols >= 30 ? 3.3 : 4.2;
    this.left = cols >= 30 ? 40 : 36;
    this.font = cols >= 30 ? 11 : 13;
    this.rowGap = 22;
    this.head = this.font + 16;  // the side's label above its rows
    this.block = this.head + (this.rows - 1) * this.rowGap + 22;  // the label, the rows, the game hole's number
    this.width = this.left * 2 + (cols - 1) * this.step + Math.floor((cols - 1) / 5) * this.gap;
  }

  top(side) {
    return 8 + side * (this.block + 8);
  }

  /** Where a peg at `position` stands: 0 the start, 1.. round the track, the target the game hole. */
  hole(side, position) {
    const y0 = this.top(side) + this.head;
    if (position <= 0) return [14, y0];
    if (position >= this.target) return this.gameHole(side);
    const p = (position - 1) % this.lap;
    const row = Math.floor(p / this.cols);
    const along = p % this.cols;
    const col = row % 2 === 0 ? along : this.cols - 1 - along;
    return [this.left + col * this.step + Math.floor(col / 5) * this.gap, y0 + row * this.rowGap];
  }

  /** The game hole: one step past the last hole of a lap, off the end of the last row. */
  gameHole(side) {
    const y0 = this.top(side) + this.head;
    const last = this.rows - 1;
    const endsLeft = last % 2 === 1;
    const x = endsLeft ? 16 : this.width - 16;
    return [x, y0 + last * this.rowGap];
  }

  build(sides, target, cols) {
    this.layout(sides, target, cols);
    const height = this.top(sides) + 2;
    this.svg.setAttribute("viewBox", `0 0 ${this.width} ${height}`);
    this.svg.dataset.cols = String(cols);
    const parts = [];
    this.labels = [];
    for (let side = 0; side < sides; side += 1) {
      const top = this.top(side);
      parts.push(s("rect", { x: 2, y: top, width: this.width - 4, height: this.block, rx: 10, fill: "#c89b63", stroke: "#7a5428" }));
      parts.push(s("rect", { x: 6, y: top + 6, width: this.font - 2, height: this.font - 2, rx: 2, fill: SIDE_COLOURS[side] }));
      const label = s("text", { x: 20, y: top + 4 + this.font, "font-size": this.font, "font-weight": 600, fill: "#2a1a08", class: "side-label" }, "");
      this.labels.push(label);
      parts.push(label);
      for (let p = 1; p <= this.lap; p += 1) {
        const [x, y] = this.hole(side, p);
        parts.push(s("circle", { cx: x, cy: y, r: p % 5 === 0 ? this.radius + 0.6 : this.radius, fill: "#5a3a18", class: "hole" }));
      }
      for (let k = 0; k < 2; k += 1) {  // the start holes
        parts.push(s("circle", { cx: 14 + k * 10, cy: top + this.head, r: this.radius, fill: "#6b4a24" }));
      }
      const [gx, gy] = this.gameHole(side);
      parts.push(s("circle", { cx: gx, cy: gy, r: this.radius + 2.6, fill: "#3a2410", stroke: "#f4e3c1", "stroke-width": 1.5,
        class: "game-hole", "data-side": side }, s("title", {}, t("crib.gameHole", { n: num(target) }))));
      parts.push(s("text", { x: gx, y: gy + this.radius + 12, "text-anchor": "middle", "font-size": 9, fill: "#2a1a08" },
        num(target)));
    }
    fill(this.svg, parts);
    this.pegs = [];
    for (let side = 0; side < sides; side += 1) {
      const make = () => {
        const el = s("circle", { r: this.radius + 2, fill: SIDE_COLOURS[side], stroke: "#111", "stroke-width": 1.5, class: "peg" });
        this.svg.append(el);
        return { el, at: 0 };
      };
      this.pegs.push([make(), make()]);
    }
  }

  place() {
    this.pegs.forEach((pair, side) => {
      for (const [k, peg] of pair.entries()) {
        const [x, y] = this.hole(side, peg.at);
        const dx = peg.at <= 0 ? k * 10 : 0;
        peg.el.style.transform = `translate(${x + dx}px, ${y}px)`;
      }
    });
  }

  /** Move to the view's pegs; the rear peg leapfrogs to the new front hole. */
  update(pegs, scores, names) {
    pegs.forEach((peg, side) => {
      const pair = this.pegs[side];
      if (!pair) return;
      const positions = [peg.front, peg.rear];
      // keep the peg that already stands on a hole that is still held; move the other
      const staying = pair.find((p) => positions.includes(p.at));
      if (staying) {
        const other = pair.find((p) => p !== staying);
        const left = positions.slice();
        left.splice(left.indexOf(staying.at), 1);
        other.at = left[0];
      } else {
        pair[0].at = peg.front;
        pair[1].at = peg.rear;
      }
      pair[0].el.setAttribute("data-at", pair[0].at);
      pair[1].el.setAttribute("data-at", pair[1].at);
      const label = this.labels[side];
      const where = this.where(scores[side]);
      if (label) label.textContent = `${names[side]}: ${num(scores[side])}${where ? ` · ${where}` : ""}`;
    });
    this.svg.setAttribute("aria-label", `${t("crib.board")} (${t("crib.target", { n: num(this.target) })}): ${names
      .map((n, i) => `${n} ${num(scores[i])}${this.where(scores[i]) ? ` (${this.where(scores[i])})` : ""}`).join(", ")}`);
    this.place();
  }

  /** Which lap a score stands on, or the game hole. */
  where(score) {
    if (score >= this.target) return t("crib.home");
    if (this.laps < 2) return null;
    const lap = score <= 0 ? 1 : Math.floor((score - 1) / this.lap) + 1;
    return t("crib.lap", { n: num(lap), of: num(this.laps) });
  }
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
      disabled: declared === null }, declared === null ? t("crib.declarePick") : t("crib.countDeclare", { n: declared }));
    const pick = (n) => {
      declared = n;
      submit.disabled = false;
      submit.textContent = t("crib.countDeclare", { n });
    };
    return h("form", { class: "declare-form", onsubmit: (event) => {
      event.preventDefault();
      if (declared !== null) ctx.act(`${kind} ${declared}`);
    } },
    h("fieldset", { class: "count-picker", "data-testid": "count-picker" }, h("legend", {}, t("crib.points")),
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
      title = t("crib.claimTitle");
      help = t("crib.claimHelp", { card: cardName(card), count: view.count });
      cards = countedCards(view.series, null);
    } else {
      const what = showWhat(view);
      title = t(what === "crib" ? "crib.countCrib" : "crib.countHand");
      help = t("crib.countHelp");
      const held = what === "crib" ? view.crib : (view.hands_shown ? view.hands_shown[view.to_move] : view.kept);
      cards = countedCards(held || [], view.starter);
    }
    return h("section", { class: "declare", "aria-labelledby": "declare-h", "data-testid": "declare",
      "data-kind": kind === "claim" ? "pegging" : showWhat(view) },
      h("h3", { id: "declare-h" }, title), cards, h("p", { class: "hint" }, help),
      h("p", { class: "hint muggins-help" }, t("crib.mugginsHelp")), declareForm(kind, values));
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
      h("h3", { id: "muggins-h" }, t("crib.mugginsTitle")),
      h("p", { class: "declared", "data-testid": "declared" },
        t(`crib.declared.${pending.what}`, { name, n: pending.declared })),
      cards,
      h("p", { class: "hint muggins-help" }, t("crib.mugginsHelp")),
      mine ? h("div", { class: "buttons" },
        h("button", { type: "button", class: "primary", "data-action": "muggins", "data-primary": true,
          onclick: () => ctx.act("muggins") }, t("crib.mugginsCall")),
        h("button", { type: "button", "data-action": "pass", onclick: () => ctx.act("pass") }, t("crib.pass")))
        : h("p", { class: "hint" }, t("crib.mugginsWait", { name: ctx.seatName(view.to_move) })));
  }

  function render() {
    const view = message.view;
    const legal = message.legal;
    const names = sideNames(view);
    const cols = boardColumns();
    if (board.sides !== names.length || board.target !== view.target || board.cols !== cols) {
      board.build(names.length, view.target, cols);
    }
    board.update(view.pegs, view.scores, names);

    const matchGames = view.games.length || view.match_points.some((p) => p);
    fill(info,
      h("div", {}, h("div", { class: "hint" }, t("crib.starter")), cardsRow([view.starter], true)),
      h("div", {}, h("div", { class: "hint" }, t("crib.crib", { n: view.crib_size })),
        cardsRow(view.crib || Array(view.crib_size).fill(null), true)),
      h("div", { class: "count-big", "data-testid": "count", "aria-live": "polite" }, t("crib.runningCount", { n: num(view.count) })),
      h("div", {}, `${ctx.seatName(view.dealer)}: ${t("crib.dealer")}`, h("br"),
        names.map((n, i) => `${n} ${num(view.scores[i])}`).join(" · "), " ", `(${t("crib.target", { n: num(view.target) })})`,
        matchGames ? h("div", { "data-testid": "match" }, t("crib.match", { scores: view.match_points.join(" – ") })) : null));

    fill(piles, h("h3", { class: "sr-only" }, t("crib.piles")), view.piles.map((pile, seat) => h("div", { class: "pile", "data-seat": seat },
      h("span", { class: "who" }, ctx.seatName(seat)),
      pile.length ? pile.map((c) => cardButton(c, { selected: view.series.includes(c), small: true }))
        : h("span", { class: "hint" }, "—"),
      seat !== view.seat && view.phase !== "show" && view.hand_sizes[seat]
        ? h("span", { class: "hint" }, ` · ${view.hand_sizes[seat]} 🂠`) : null)));

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
        return cardButton(c, { style, why: t("crib.overCount", { total: num(total) }), onclick: () => {
          whyNot = t("crib.cantPlay", { card: cardText(c), total: num(total) });
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
    hand.hidden = view.seat === null;  // a spectator holds no hand: no empty "Your hand" (issue #17, item 7)
    fill(hand, h("h3", { id: "hand-h" }, t("crib.hand")),
      discards.length ? h("p", { class: "hint" }, t("crib.selectN", { n: needed }))
        : playable.size ? h("p", { class: "hint" }, t("crib.playCard")) : null,
      h("div", { class: "cards fan", "data-testid": "hand", "data-count": cards.length, role: "group",
        "aria-label": t("crib.handSorted") }, cards),
      h("p", { class: "hint why-not", "data-testid": "why-not", "aria-live": "polite" }, pegging && whyNot ? whyNot : ""),
      h("div", { class: "buttons" },
        discards.length ? h("button", { type: "button", class: "primary", "data-action": "discard", disabled: !chosen,
          onclick: () => { if (chosen) { selected = []; ctx.act(chosen); } } }, t("crib.discard")) : null,
        others.map((a) => h("button", { type: "button", class: a === "count" || a === "go" ? "primary" : "",
          "data-action": a, "data-primary": a === "count" || a === "go" ? true : null, onclick: () => ctx.act(a) },
        actionLabel(a)))),
      declares.length ? declarePanel(view, declares[0][1], declares.map((m) => Number(m[2]))) : null,
      mugginsPanel(view, legal));

    // hands in the show
    fill(shown, view.hands_shown ? h("section", {}, h("h3", {}, t("crib.show")),
      view.hands_shown.map((kept, seat) => h("div", { class: "pile" }, h("span", { class: "who" },
        t("crib.handOf", { name: ctx.seatName(seat) })), cardsRow(sortCards(kept), true)))) : null);

    // the points pegged this deal (the log's "pegs" events), newest first, with the itemised count
    // of hands and crib said aloud: a bot's muggins would fly past otherwise
    const list = dealPoints(message.entries).slice(-12).reverse();
    fill(events, h("h3", { id: "events-h" }, t("crib.events")), list.length ? h("ul", { class: "events", "data-testid": "events",
      tabindex: 0, "aria-labelledby": "events-h" },
      list.map((e) => {
        const capped = cappedText(e, "crib.capped");
        return h("li", { "data-why": e.why, class: capped ? "capped" : null },
          h("strong", {}, `${ctx.seatName(e.seat)} +${num(e.points)}`),
          capped ? h("span", { class: "capped-note", "data-testid": "capped" }, ` (${capped})`) : null,
          ` · ${whyText(e.why)}`,
          e.combinations ? h("span", {}, ` — ${t("cribbage.say.quoted", { spoken: spoken(e.combinations) })}`,
            h("ul", {}, e.combinations.map((c) => h("li", { class: "combo" }, `${comboLine(c)}: ${num(c.points)}`)))) : null);
      }))
      : h("p", { class: "hint" }, "—"));

    // the score sheet of every deal so far, folded unless the player opened it
    const sides = sidesOf(view, view.sides.length);
    sheet.open = sheetOpen;
    fill(sheet, h("summary", {}, t("crib.sheet")),
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

  return {
    update(msg) {
      if (msg.move !== lastMove) {
        selected = [];
        declared = null;
        whyNot = null;
      }
      lastMove = msg.move;
      message = msg;
      draw();
    },
    destroy() {
      if (typeof window !== "undefined") window.removeEventListener("resize", onResize);
    },
  };
}

function sameCards(a, b) {
  return a.length === b.length && a.every((c) => b.includes(c));
}

function actionLabel(action) {
  if (action === "go") return t("crib.go");
  if (action === "count") return t("crib.count");
  if (action === "muggins") return t("crib.muggins");
  if (action === "pass") return t("crib.pass");
  let match = action.match(/^count (\d+)$/);
  if (match) return t("crib.countDeclare", { n: match[1] });
  match = action.match(/^claim (\d+)$/);
  if (match) return t("crib.claim", { n: match[1] });
  return action;
}
