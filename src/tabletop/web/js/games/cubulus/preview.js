// @ts-check
// What a Cubulus move does, as the screens draw it. The server says which ball goes where — the state
// message's `previews` for each of the mover's legal moves, a view's `last.moves` for the move just made
// (src/tabletop/games/cubulus/preview.py) — and this module lays that out along the move's line: the
// board after it, the line's cells, how many balls an insert pushes, and the balls' paths in cell units.
// It holds no rule: the board after a move is each ball put where the server says it goes.

/** The board string's index of cell "xyz". */
const at = (cell) => Number(cell[0]) * 9 + Number(cell[1]) * 3 + Number(cell[2]);
const name = (i) => `${Math.floor(i / 9)}${Math.floor(i / 3) % 3}${i % 3}`;

/** Per face, the step (in cell-number units) from a hole inward: L enters at x=0 and goes +x, … */
const INWARD = { L: 9, R: -9, F: 3, B: -3, D: 1, U: -1 };

/** The three cells of a hole's line from the hole inward: "U102" → ["102", "101", "100"]. */
export function lineOf(hole) {
  const first = at(hole.slice(1));
  const step = INWARD[hole[0]];
  return [first, first + step, first + 2 * step].map(name);
}

/**
 * A move laid out for the screens: `action` ("insert U102", "shift L010", "place 111") made on the board
 * `before` (27 characters, as views write boards) with the server's `moves` ([from, to, ball] each: cell
 * names, from null for a ball that comes in; deeper balls first).
 *
 * Returns {action, kind, hole, line (cells from the hole inward), board (after), moves: [{from, to, ball}],
 * pushed (balls an insert pushes deeper), comesBack (a shift: the far cell whose ball comes back in at the
 * hole)}.
 */
export function laidOut(before, action, moves) {
  const [kind, where] = action.split(" ");
  const board = before.split("");
  const list = moves.map(([from, to, ball]) => ({ from, to, ball }));
  for (const { from } of list) if (from !== null) board[at(from)] = ".";
  for (const { to, ball } of list) board[at(to)] = ball;
  const line = kind === "place" ? [where] : lineOf(where);
  return { action, kind, hole: kind === "place" ? null : where, line, board: board.join(""), moves: list,
    pushed: kind === "insert" ? list.length - 1 : 0, comesBack: kind === "shift" ? line[2] : null };
}

/**
 * What the legal `action` would do, from the state `message`'s previews (laidOut's form), or null for an
 * action that moves no ball (a pass) or one the message has no preview of.
 */
export function preview(message, action) {
  const shown = message && message.previews && message.previews[action];
  return shown ? laidOut(message.view.board, action, shown.moves) : null;
}

/** The cell "xyz" as numbers, and the point `k` steps from it along a hole's inward direction. */
const coords = (cell) => [Number(cell[0]), Number(cell[1]), Number(cell[2])];
const STEP = { L: [1, 0, 0], R: [-1, 0, 0], F: [0, 1, 0], B: [0, -1, 0], D: [0, 0, 1], U: [0, 0, -1] };
const along = (cell, hole, k) => coords(cell).map((v, i) => v + STEP[hole[0]][i] * k);

/**
 * The view's last move laid out from its board before (what the screens animate), or null when there is
 * none, it moved no ball, or it does not lead to the board shown (the view is its own check).
 */
export function lastMotion(view) {
  const last = view && view.last;
  if (!last || !last.before || !last.moves || !last.moves.length) return null;
  const seen = laidOut(last.before, last.action, last.moves);
  return seen.board === view.board ? seen : null;
}

/**
 * How the balls of a move go, as points in cell units (a point outside the cube is one step beyond a
 * hole): each ball that ends in a cell, {from, to, outside (it comes in from outside), delay, span
 * (fractions of the whole motion)}; with `ghosts`, the balls that leave a cell for outside the cube
 * and fade — a shift's far ball, before it comes back in at the hole (U6, U11) — as {from, to, ball}.
 */
export function cellMotion(seen, ghosts = false) {
  if (!seen) return [];
  if (ghosts) {
    if (seen.kind !== "shift") return [];
    const far = seen.line[2];
    const ball = seen.moves.find((m) => m.from === far).ball;
    return [{ from: coords(far), to: along(far, seen.hole, 1), ball }];
  }
  return seen.moves.map((move) => {
    if (move.from === null && seen.kind === "place") return { from: null, to: coords(move.to), outside: false, delay: 0, span: 1 };
    if (move.from === null || move.from === seen.comesBack) {  // in through the hole
      const back = move.from !== null;
      return { from: along(move.to, seen.hole, -1), to: coords(move.to), outside: true, delay: back ? 0.5 : 0, span: back ? 0.5 : 1 };
    }
    return { from: coords(move.from), to: coords(move.to), outside: false, delay: 0, span: 1 };
  });
}
