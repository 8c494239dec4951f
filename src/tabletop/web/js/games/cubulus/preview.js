// @ts-check
// What a Cubulus move would do, worked out in the browser from the view before it is made, so the
// screen can show it on hover, keyboard focus or a first tap: the board after the move and which
// ball goes where. The rules are deterministic (U10 insert, U11 shift, U13 place), so this is a
// small mirror of src/tabletop/games/cubulus/board.py; tests/web/js/cubulus_preview.test.mjs checks
// it against the server's own `apply` on sample positions (tests/web/js/cubulus_preview.json).

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
 * What `action` ("insert U102", "shift L010", "place 111") would do to `view`'s board, or null for
 * an action that moves no ball (pass) or cannot be made (an insert into a full line).
 *
 * Returns {action, kind, hole, line (cells from the hole inward), board (after, as the view writes
 * boards), moves: [{from, to, ball}] (from null: the ball that comes in; ball a board character),
 * pushed (balls an insert pushes deeper), comesBack (a shift: the far cell whose ball comes back in
 * at the hole)}.
 */
export function preview(view, action) {
  const [kind, where] = action.split(" ");
  const board = view.board.split("");
  if (kind === "place") {
    const i = at(where);
    if (board[i] !== ".") return null;
    board[i] = "2";  // with two players colour 2 is the neutral one (U4)
    return { action, kind, hole: null, line: [where], board: board.join(""), moves: [{ from: null, to: where, ball: "2" }],
      pushed: 0, comesBack: null };
  }
  if (kind !== "insert" && kind !== "shift") return null;
  const line = lineOf(where);
  const [a, b, c] = line.map(at);
  const moves = [];
  if (kind === "insert") {
    const ball = String(view.seat);  // the mover's colour is their seat (U5)
    let pushed;
    if (board[a] === ".") pushed = 0;
    else if (board[b] === ".") pushed = 1;
    else if (board[c] === ".") pushed = 2;
    else return null;  // a full line takes no insert (U10)
    if (pushed === 2) moves.push({ from: line[1], to: line[2], ball: board[b] });
    if (pushed >= 1) moves.push({ from: line[0], to: line[1], ball: board[a] });
    for (const { from, to, ball: moved } of moves) board[at(to)] = moved;
    board[a] = ball;
    moves.push({ from: null, to: line[0], ball });
    return { action, kind, hole: where, line, board: board.join(""), moves, pushed, comesBack: null };
  }
  if ([a, b, c].some((i) => board[i] === ".")) return null;  // only a full line turns (U11)
  const [x, y, z] = [board[a], board[b], board[c]];
  moves.push({ from: line[0], to: line[1], ball: x }, { from: line[1], to: line[2], ball: y },
    { from: line[2], to: line[0], ball: z });
  [board[a], board[b], board[c]] = [z, x, y];  // [a, b, c] becomes [c, a, b]
  return { action, kind, hole: where, line, board: board.join(""), moves, pushed: 0, comesBack: line[2] };
}

/** The cell "xyz" as numbers, and the point `k` steps from it along a hole's inward direction. */
const coords = (cell) => [Number(cell[0]), Number(cell[1]), Number(cell[2])];
const STEP = { L: [1, 0, 0], R: [-1, 0, 0], F: [0, 1, 0], B: [0, -1, 0], D: [0, 0, 1], U: [0, 0, -1] };
const along = (cell, hole, k) => coords(cell).map((v, i) => v + STEP[hole[0]][i] * k);

/**
 * The view's last move as a preview of its board before (what the screens animate), or null when
 * there is none or it does not lead to the board shown (the view is its own check).
 */
export function lastMotion(view) {
  const last = view && view.last;
  if (!last || !last.before) return null;
  const seen = preview({ board: last.before, seat: last.seat, colours: view.colours }, last.action);
  return seen && seen.board === view.board ? seen : null;
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
