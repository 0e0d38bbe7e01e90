// Each seat's time bank as the pages show it, counting down between the server's snapshots.
//
// A snapshot's `clocks` (docs/api.md) gives each seat's time left at the instant the server built
// it and the seat whose clock runs. The page notes when it received the snapshot (`stampClocks`)
// and counts the running seat down from there by its own clock (performance.now), so the server
// sends nothing per second and the browser's clock need not agree with the server's. Elements with
// `data-clock-seat` are redrawn every quarter second by `tickClocks`.

import { CLOCK_WORDS, shortTime } from './clockwords.js';
import { esc } from './html.js';

const received = new WeakMap(); // a clocks object -> performance.now() when it arrived
const LOW_MS = 30_000;

/** Note that `clocks` (a snapshot's, or a My games entry's) has just arrived. */
export function stampClocks(clocks) {
  if (clocks && typeof clocks === 'object' && !received.has(clocks)) received.set(clocks, performance.now());
}

/** The ms `seat` has left now (null: the table has no clock). */
export function timeLeft(clocks, seat) {
  if (!clocks || !Array.isArray(clocks.left) || typeof clocks.left[seat] !== 'number') return null;
  stampClocks(clocks);
  const left = clocks.left[seat];
  if (clocks.running !== seat || clocks.counting === false) return left; // paused outside playing hours
  return Math.max(0, left - (performance.now() - received.get(clocks)));
}

/** The tag next to a seat's name: its bank, marked running or low (empty: no clock). */
export function clockTag(table, seat) {
  const clocks = table?.clocks;
  const left = timeLeft(clocks, seat);
  if (left === null || table.status !== 'playing') return '';
  const out = (clocks.out || []).includes(seat);
  const classes = ['tag', 'tag-clock'];
  if (clocks.running === seat) classes.push('clock-running');
  if (left < LOW_MS) classes.push('clock-low');
  const text = out ? CLOCK_WORDS.outOfTime : shortTime(left);
  return `<span class="${classes.join(' ')}" data-clock-seat="${esc(seat)}" data-testid="clock-${esc(seat)}"`
    + ` data-ms="${Math.round(left)}" aria-label="${esc(CLOCK_WORDS.timeLeft)}">${esc(text)}</span>`;
}

/** Redraw every `[data-clock-seat]` under `root` from `current()` (the table) four times a second. */
export function tickClocks(root, current) {
  const tick = () => {
    const table = current();
    const clocks = table?.clocks;
    if (!clocks || clocks.running === null || clocks.running === undefined) return;
    for (const el of root.querySelectorAll(`[data-clock-seat="${clocks.running}"]`)) {
      const left = timeLeft(clocks, clocks.running);
      const text = shortTime(left);
      if (el.textContent !== text) el.textContent = text;
      el.dataset.ms = String(Math.round(left));
      el.classList.toggle('clock-low', left < LOW_MS);
    }
  };
  return setInterval(tick, 250);
}

/** A table's speed in a few words, for the lobby ("10:00 + 0:20", "24:00:00 a move", "no limit"). */
export function speedText(clock) {
  if (!clock || clock.mode === 'none') return CLOCK_WORDS.untimed;
  if (clock.mode === 'realtime') return CLOCK_WORDS.realtime(clock.bank, clock.increment);
  return CLOCK_WORDS.turnBased(clock.per_move);
}
