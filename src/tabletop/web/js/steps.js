// @ts-check
// The steps of a replay. A record is a list of actions, chance's among them (each card dealt, each
// die's face), so stepping action by action means a dozen clicks for one deal. A step here is what a
// person would call one move: a seat's decision with the chance that answers it (a roll and its face,
// a throw and where the cube landed), or a run of chance before any decision (the opening lot). A
// game that knows better (a deal's cards together, the show as one) says so with a `replaySteps`
// hook in its folder, built on `groupSteps` below. "Fine" steps go action by action.
//
// A step is {start, end, round}: the entries start…end-1 of the log, shown as the position after
// `end` actions; `round` is the game's own larger unit it belongs to (a deal), or null.

/** True for chance's entries (seat -1), which never make a step of their own after a decision. */
export const isChance = (entry) => !(entry.seat >= 0);

/**
 * Group `entries` ({seat, action, events} in order) into steps.
 *
 * `joins(step, entry)` says whether `entry` continues the open `step` ({start, entries, round});
 * `opensRound(step, entry)` whether a new step starting with `entry` begins the next round (rounds
 * count from 1; without it every step's round is null).
 */
export function groupSteps(entries, { joins = defaultJoins, opensRound = null } = {}) {
  const steps = [];
  let open = null;
  let round = 0;
  entries.forEach((entry, i) => {
    if (open && joins(open, entry)) {
      open.entries.push(entry);
      return;
    }
    if (opensRound && opensRound(open, entry)) round += 1;
    open = { start: i, entries: [entry], round: opensRound ? Math.max(round, 1) : null };
    steps.push(open);
  });
  return steps.map((step) => ({ start: step.start, end: step.start + step.entries.length, round: step.round }));
}

/** The generic rule: chance joins the step before it; a seat's decision starts a new one. */
export function defaultJoins(step, entry) {
  return isChance(entry);
}

/** One step per action (the "fine steps" of a replay). */
export function fineSteps(entries, whole = groupSteps(entries)) {
  const roundAt = [];
  for (const step of whole) for (let i = step.start; i < step.end; i += 1) roundAt[i] = step.round;
  return entries.map((_, i) => ({ start: i, end: i + 1, round: roundAt[i] ?? null }));
}

/** True when `steps` cover 0…n exactly, in order, each at least one action (a game's hook is checked). */
export function covers(steps, n) {
  let at = 0;
  for (const step of steps) {
    if (!step || step.start !== at || !(step.end > step.start)) return false;
    at = step.end;
  }
  return at === n;
}

/**
 * The steps of a game's log: the game's own `replaySteps(entries)` when it has one and it covers the
 * log (a broken hook falls back to the generic rule rather than losing the replay), else the generic
 * grouping; with `fine`, every action, each still in its round.
 */
export function stepsOf(module, entries, { fine = false } = {}) {
  let whole = null;
  if (module && typeof module.replaySteps === "function") {
    try {
      const mine = module.replaySteps(entries);
      if (covers(mine, entries.length)) whole = mine;
    } catch (error) {
      console.error("replaySteps", error);
    }
  }
  if (!whole) whole = groupSteps(entries);
  return fine ? fineSteps(entries, whole) : whole;
}

/** The positions a replay stops at: 0 and each step's end. */
export function stops(steps) {
  return [0, ...steps.map((step) => step.end)];
}

/** The next stop after position `n` (the end stays the end). */
export function nextStop(steps, n) {
  const found = steps.find((step) => step.end > n);
  return found ? found.end : (steps.length ? steps[steps.length - 1].end : 0);
}

/** The stop before position `n` (the start stays the start). */
export function previousStop(steps, n) {
  let before = 0;
  for (const step of steps) if (step.end < n) before = step.end;
  return before;
}

/** Where position `n` is: {index (1-based number of the last step ended by n; 0 at the start), step (that step, or null), count}. */
export function placeOf(steps, n) {
  let index = 0;
  while (index < steps.length && steps[index].end <= n) index += 1;
  return { index, step: index ? steps[index - 1] : null, count: steps.length };
}
