// @ts-check
// The table's move log on screen: a list of lines (`<li>`), each drawn once. It is given what the log's
// entries did as the game's visitor read them (js/visitor.js: `told[i]`, with entry i's line as it stood
// after that entry) and draws only the difference from what it shows: the lines of entries appended are
// appended; a line the next entry made longer (a roll and its face) is drawn again; when the past changed
// (an undo, a hot seat's other view) the lines from the first one that differs are drawn again. The newest
// MOST lines are in the page (a long game's first lines leave it, and come back if the log shrinks).

import { h } from "./dom.js";

const MOST = 300;

/**
 * A line as a list item: its sentence, its notes, its notation on hover, its number in the log.
 * @param {import("./contract.js").LogLine} line
 * @param {number} number
 */
export function lineItem(line, number) {
  return h("li", { value: number, title: line.actions.join(" · "), "data-seat": line.seat },
    line.text, line.notes.map((note) => h("span", { class: "note" }, note)));
}

/**
 * The lines `told[0..count)` make: for each, the index of its first entry and what its last entry did.
 * @param {import("./contract.js").Told[]} told
 * @param {number} count
 * @returns {{start: number, told: import("./contract.js").Told}[]}
 */
export function linesOfTold(told, count) {
  const rows = [];
  for (let i = 0; i < Math.min(count, told.length); i += 1) {
    if (told[i].joins && rows.length) rows[rows.length - 1] = { start: rows[rows.length - 1].start, told: told[i] };
    else rows.push({ start: i, told: told[i] });
  }
  return rows;
}

export class LogPanel {
  /**
   * @param {{insertBefore: (node: any, before: any) => any}} list the `<ol>` (anything that takes children)
   * @param {{build?: (line: import("./contract.js").LogLine, number: number) => any, most?: number}} [options]
   */
  constructor(list, { build = lineItem, most = MOST } = {}) {
    this.list = list;
    this.build = build;
    this.most = most;
    /** @type {{start: number, told: import("./contract.js").Told, el: any}[]} the lines shown (el null: out of the page) */
    this.rows = [];
    this.built = 0;  // list items made so far (the tests count them: an update draws only what is new)
  }

  /**
   * Show the lines of the first `count` entries of `told`. Returns whether anything changed.
   * @param {import("./contract.js").Told[]} told
   * @param {number} count
   */
  show(told, count) {
    const wanted = linesOfTold(told, count);
    let same = 0;
    while (same < this.rows.length && same < wanted.length && this.rows[same].start === wanted[same].start
      && this.rows[same].told === wanted[same].told) same += 1;
    if (same === this.rows.length && same === wanted.length) return false;
    for (const row of this.rows.splice(same)) if (row.el) row.el.remove();
    for (const row of wanted.slice(same)) this.rows.push({ ...row, el: null });
    const first = Math.max(0, this.rows.length - this.most);
    for (let i = 0; i < first; i += 1) {
      if (this.rows[i].el) this.rows[i].el.remove();
      this.rows[i].el = null;
    }
    for (let i = this.rows.length - 1; i >= first; i -= 1) {  // from the end: the next line is in the page
      const row = this.rows[i];
      if (row.el) continue;
      row.el = this.build(row.told.line, i + 1);
      this.built += 1;
      this.list.insertBefore(row.el, i + 1 < this.rows.length ? this.rows[i + 1].el : null);
    }
    return true;
  }

  /**
   * Highlight for a moment the lines the entries `news` made (their last entry is news).
   * @param {import("./contract.js").Told[]} news
   */
  mark(news) {
    const fresh = new Set(news);
    for (const row of this.rows) if (row.el && fresh.has(row.told)) row.el.classList.add("fresh");
  }
}
