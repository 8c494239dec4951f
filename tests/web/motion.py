"""Watching a game screen's motion in the browser: a sampler that notes, every frame, which parts of the
board are animating (the Web Animations API's ``getAnimations``), a way to freeze a frame mid-flight
for a screenshot, the board's final DOM beside the same state drawn at instant speed (the motion
must end exactly where a motionless render stands), and the conditions a test waits on instead of a
time: the board at rest, the 3D cube drawn, Kubik's field settled."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.web.pages import frames

SHOTS = Path("/tmp/shots/cards")

CUBE_READY = """() => { const box = document.querySelector('.cube3d'), canvas = box && box.querySelector('canvas');
  return Boolean(canvas) && !box.hidden && box.dataset.motion !== 'running'
    && canvas.width === Math.floor((box.clientWidth || 400) * Math.min(2, devicePixelRatio || 1)); }"""
"""The 3D cube is shown, drawn for its panel's size (js/games/cubulus/cube3d.js sizes its canvas so) and no
move glides in it."""


def cube_ready(page: Any) -> Any:
    """Wait until the 3D view shows its cube at rest (:data:`CUBE_READY`) and a frame has passed (its
    resize observer's first redraw included); the canvas."""
    page.wait_for_function(CUBE_READY)
    frames(page)
    return page.locator(".cube3d canvas")


KUBIK_SETTLED = ("() => { const f = document.querySelector('[data-testid=field]');"
                 " return Boolean(f && f.dataset.queued === '0'"
                 " && !['running', 'loading'].includes(f.dataset.animation)"
                 " && document.querySelector('button[data-action=throw]:not([disabled])')); }")
"""Kubik's field is at rest and it is our throw: nothing flies, loads or waits to be shown (a page
still drawing its table has no field yet: not settled)."""

SAMPLER = """
window.__motion = { kinds: {}, faces: [], holes: 0 };
(function tick() {
  const board = document.querySelector('[data-testid=board]');
  if (board && board.getAnimations) {
    for (const a of board.getAnimations({ subtree: true })) {
      if (a.playState !== 'running' || (window.CSSTransition && a instanceof CSSTransition)) continue;
      const el = a.effect && a.effect.target;
      if (!el || !el.closest) continue;
      const kind = el.closest('.pegboard') ? 'peg' : el.closest('.piles') ? 'pile'
        : el.closest('[data-testid=crib]') ? 'crib' : el.closest('[data-testid=starter]') ? 'starter'
        : el.closest('.events-box') ? 'show' : el.closest('.die-slot') ? 'die'
        : el.closest('[data-testid=sheet-roll]') ? 'sheet-roll' : el.closest('.beetle-sheet') ? 'part'
        : el.closest('[data-testid=rolloff]') ? 'rolloff'
        : el.closest('[data-testid=roll-caption]') ? 'caption' : 'other';
      window.__motion.kinds[kind] = (window.__motion.kinds[kind] || 0) + 1;
      if (kind === 'peg') window.__motion.holes = Math.max(window.__motion.holes || 0, a.effect.getKeyframes().length);
    }
    const die = board.querySelector('.die-slot svg.die');
    if (die && die.getAnimations().length) {
      const pips = die.querySelectorAll('circle').length;
      const faces = window.__motion.faces;
      if (faces[faces.length - 1] !== pips) faces.push(pips);
    }
  }
  requestAnimationFrame(tick);
})();
"""
"""Run before every page's scripts: ``window.__motion.kinds`` counts the frames each part of the board
moved in; ``faces`` the pips the rolling die showed, in turn; ``holes`` the most holes a peg's slide
passed through."""


def seen(page: Any) -> dict[str, int]:
    """The parts of the board that have moved since the last :func:`forget`, with their frame counts."""
    return dict(page.evaluate("() => window.__motion.kinds"))


def forget(page: Any) -> None:
    """Start noting motion afresh."""
    page.evaluate("() => { window.__motion.kinds = {}; window.__motion.faces = []; }")


def running(page: Any) -> int:
    """How many animations run on the board now (CSS transitions of a hover left out)."""
    return int(page.evaluate("""() => document.querySelector('[data-testid=board]').getAnimations({ subtree: true })
        .filter(a => a.playState === 'running' && !(a instanceof CSSTransition)).length"""))


def freeze(page: Any, at: float = 0.5) -> int:
    """Pause the board's animations at ``at`` of their run (a mid-flight frame to look at); how many."""
    return int(page.evaluate("""(at) => {
        const list = document.querySelector('[data-testid=board]').getAnimations({ subtree: true })
          .filter(a => !(a instanceof CSSTransition));
        for (const a of list) {
          const timing = a.effect.getComputedTiming();
          a.pause();
          a.currentTime = (timing.delay || 0) + (timing.activeDuration || 0) * at;
        }
        return list.length;
    }""", at))


def thaw(page: Any) -> None:
    """Let the frozen animations run on."""
    page.evaluate("() => document.querySelector('[data-testid=board]').getAnimations({ subtree: true })"
                  ".forEach(a => a.play())")


BOARD_STILL = """() => !document.querySelector('.pace-control .catch-up')
    && !document.querySelector('[data-testid=board] [data-tumbling]')
    && !document.querySelector('[data-testid=board]').getAnimations({ subtree: true })
         .some(a => a.playState === 'running' || a.playState === 'paused')"""
"""No state waits to be shown (no catch-up button), no die is still tumbling (its faces change on timers
of their own: ``data-tumbling``, js/games/shared/die.js) and nothing on the board moves or is held
mid-flight (:func:`freeze`)."""


def board_still(page: Any, timeout: float = 20_000) -> None:
    """Wait until the board is at rest (:data:`BOARD_STILL`): the motion of every state shown so far has
    run to its end, every frame of it seen by :data:`SAMPLER`."""
    page.wait_for_function(BOARD_STILL, timeout=timeout)


def settled_board(page: Any) -> str:
    """The board's DOM once nothing moves and no state waits to be shown."""
    board_still(page)
    return str(page.evaluate("() => document.querySelector('[data-testid=board]').innerHTML"))


def instant_board(page: Any, ready: str) -> str:
    """The same table drawn anew at instant speed (the page reloaded): its board's DOM once ``ready``
    (a JS expression) holds."""
    move = page.locator("[data-testid=turn]").get_attribute("data-move")
    page.evaluate("""() => { for (const key of Object.keys(localStorage)) {
        if (key.startsWith('tabletop.pace')) localStorage.setItem(key, 'instant'); } }""")
    page.reload()
    page.wait_for_function("(m) => document.querySelector('[data-testid=turn]')?.dataset.move === m", arg=move)
    page.wait_for_function(f"() => {ready}")
    frames(page)  # an animation the last render started would be running now
    assert running(page) == 0
    return str(page.evaluate("() => document.querySelector('[data-testid=board]').innerHTML"))


def look(page: Any, name: str) -> None:
    """Save a screenshot of the whole page to look at (``/tmp/shots/cards``)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


KUBIK_WATCH = """() => {
  const w = window.__kubik = { spoils: [], flights: [], throwLines: [], told: [], flyingLog: 0 };
  const outcome = /^(seen )?(miss|in|out|cross|hit)\\b/;
  let before = null;
  const note = () => {
    const field = document.querySelector('[data-testid=field]');
    if (!field) return;
    const lines = [...document.querySelectorAll('[data-testid=log] li')];
    const box = document.querySelector('[data-testid=final-face]');
    const result = document.querySelector('[data-testid=result]');
    const now = { at: performance.now(), animation: field.dataset.animation, again: field.dataset.again === 'true',
      move: field.dataset.move,
      scores: [...document.querySelectorAll('[data-testid=scores] [data-team]')].map((e) => e.dataset.score).join(','),
      outcomes: lines.filter((li) => outcome.test(li.title)).length,
      throws: lines.filter((li) => li.title.startsWith('throw')).length,
      lastSeat: lines.length ? lines[lines.length - 1].dataset.seat : null,
      box: box && !box.hidden ? `${box.dataset.move}:${box.dataset.flying || ''}` : '',
      over: Boolean(result && !result.hidden) };
    const busy = ['loading', 'running'].includes(now.animation) && !now.again;
    if (before && busy) {
      for (const key of ['scores', 'outcomes', 'box', 'over']) {
        if (now[key] !== before[key] && !(key === 'box' && now.box.endsWith(':' + now.move))) {
          w.spoils.push({ key, before: before[key], now: now[key], animation: now.animation, move: now.move });
        }
      }
    }
    if (busy && now.animation === 'running' && lines.length && lines[lines.length - 1].title.startsWith('throw')) {
      w.flyingLog += 1;
    }
    if (now.animation === 'running' && (!before || before.animation !== 'running' || before.move !== now.move)) {
      w.flights.push({ move: Number(now.move), start: now.at, again: now.again });
    }
    if (before && before.animation === 'running' && now.animation !== 'running' && w.flights.length) {
      w.flights[w.flights.length - 1].end = now.at;
    }
    if (before && now.throws > before.throws) w.throwLines.push({ at: now.at, seat: now.lastSeat });
    if (before && now.outcomes > before.outcomes) w.told.push({ at: now.at, move: now.move, animation: now.animation });
    before = now;
  };
  new MutationObserver(note).observe(document.body,
    { subtree: true, childList: true, attributes: true, characterData: true });
  note();
}"""
"""Watch a Kubik table (run once its page shows the table): after every change to the page, whether
anything that tells a throw's outcome — a log line of an outcome, the team scores, the Last-throw box's
throw, the result banner — changed while a throw waits for its flight or flies (``spoils``: must stay
empty; a replay of a throw told long ago is no news); each flight's start and end (``flights``, the
page's own clock, ms); when each throw's line appeared in the log and whose (``throwLines``); when each
outcome's line did (``told``); how often the log said who throws while the bat flew (``flyingLog``)."""


def kubik_watched(page: Any) -> dict[str, Any]:
    """What :data:`KUBIK_WATCH` has seen so far."""
    return dict(page.evaluate("() => window.__kubik"))
