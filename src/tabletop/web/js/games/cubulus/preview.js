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
