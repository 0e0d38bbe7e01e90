// The game log in words (the server's `log` messages), newest at the bottom. It follows new lines
// unless the reader has scrolled up to read older ones. A reconnect replays the whole log, so
// entries already shown are recognised and skipped.

import { esc, seatColor } from './html.js';

export class GameLog {
  constructor(list) {
    this.list = list;
    this.seen = new Set();
    // Whether to follow new lines: only the reader's own scrolling changes it. (Measuring the
    // distance to the bottom when lines arrive is not enough: the box also shrinks when the prompt
    // above it grows, which would stop the following for good.)
    this.following = true;
    const box = list.parentElement;
    if (box) {
      box.addEventListener('scroll', () => {
        if (this.scrolling) return;
        this.following = box.scrollHeight - box.scrollTop - box.clientHeight < 48;
      }, { passive: true });
    }
  }

  static key(entry) {
    if (typeof entry.n === 'number') return `n${entry.n}`;
    return `${entry.seq}|${entry.seat}|${(entry.lines || []).join('\n')}`;
  }

  /** Add entries (in order); returns how many were new. */
  add(entries) {
    const box = this.list.parentElement;
    let added = 0;
    for (const entry of entries || []) {
      const key = GameLog.key(entry);
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      const lines = (entry.lines || []).filter((l) => typeof l === 'string' && l);
      if (!lines.length) continue;
      const li = document.createElement('li');
      const event = entry.kind && entry.kind !== 'action';
      li.className = `log-entry${event ? ' log-event' : ''}`;
      if (entry.seat !== null && entry.seat !== undefined) li.style.setProperty('--seat', seatColor(entry.seat));
      li.innerHTML = lines.map((l) => `<span class="log-line">${esc(l)}</span>`).join('');
      this.list.append(li);
      added += 1;
    }
    if (added && this.following && box) {
      this.scrolling = true;  // our own scroll must not count as the reader's
      box.scrollTop = box.scrollHeight;
      requestAnimationFrame(() => { this.scrolling = false; });
    }
    return added;
  }
}
