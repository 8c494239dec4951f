// @ts-check
// Answers asked of the server for the position on screen, one request at a time, ending on the latest.
//
// A table's screen asks for something computed per move (the odds of winning) at every move, and bots
// move faster than a cold server answers: asking at each move would put several expensive requests in
// flight from one client, which the server refuses beyond a few (too_many_heavy), and an answer that
// arrives after the next move is of no use. Here a move wanted while a request runs only replaces what is
// wanted next; when the running answer comes, it is shown if its move is still the one wanted, and
// otherwise the latest wanted move is asked at once. So at most one request is in flight, none is
// refused for being one too many, and the last answer shown is the latest move's.

/**
 * @param {(key: any) => Promise<any>} ask  the request for one key (a move number)
 * @param {(key: any, answer: any, error: any) => void} show  called with the answer (or the error) for
 *   the key that is still wanted when it arrives; never for a key wanted no more
 */
export function askLatest(ask, show) {
  let wanted = null;
  let running = false;

  async function run() {
    running = true;
    while (wanted !== null) {
      const key = wanted;
      let answer = null;
      let error = null;
      try {
        answer = await ask(key);
      } catch (failure) {
        error = failure;
      }
      if (wanted === key) {
        wanted = null;
        show(key, answer, error);
      }
    }
    running = false;
  }

  return {
    /** Ask for ``key`` (at once, or as soon as the request in flight is answered). */
    want(key) {
      wanted = key;
      if (!running) run();
    },
    /** Show nothing more (the screen is gone); a request in flight is left to finish unseen. */
    stop() {
      wanted = null;
    },
  };
}
