// The game log in words (the server's `log` messages), newest at the bottom. It follows new lines
// unless the reader has scrolled up to read older ones. A reconnect replays the whole log, so
// entries already shown are recognised and skipped.
//
// Adding lines only appends them: keeping the box scrolled to the bottom needs the new layout, so it
// is done once per animation frame by `follow()`, which the page calls after drawing (the layout it
// reads is then the one the frame computes anyway, not an extra one for every batch of lines).

import { esc, seatColor } from './html.js';

export class GameLog {
  constructor(list) {
    this.list = list;
    this.seen = new Set();
    // Whether to follow new lines: only the reader's own scrolling changes it. (Measuring the
    // distance to the bottom when lines arrive is not enough: the box also shrinks when the prompt
    // above it grows, which would stop the following for good.)
    this.following = true;
    this.unseen = false; // lines were added since the box was last scrolled to the bottom
    this.ownScroll = null; // the scrollTop our own scrolling set (its scroll event is not the reader's)
    const box = list.parentElement;
    if (box) {
      box.addEventListener('scroll', () => {
        if (this.ownScroll !== null && Math.abs(box.scrollTop - this.ownScroll) < 1) return;
        this.ownScroll = null;
        this.following = box.scrollHeight - box.scrollTop - box.clientHeight < 48;
      }, { passive: true });
    }
  }

  static key(entry) {
    if (typeof entry.n === 'number') return `n${entry.n}`;
    return `${entry.seq}|${entry.seat}|${(entry.lines || []).join('\n')}`;
  }

  /** Forget every entry (the whole log is coming again, in another language). */
  clear() {
    this.seen.clear();
    this.list.replaceChildren();
  }

  /** Add entries (in order); returns how many were new. Call `follow()` (once a frame) after. */
  add(entries) {
    let added = 0;
    const fragment = document.createDocumentFragment();
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
      fragment.append(li);
      added += 1;
    }
    if (added) {
      this.list.append(fragment);
      this.unseen = true;
    }
    return added;
  }

  /** Keep the newest lines in view (unless the reader scrolled up): one layout read, if any lines came. */
  follow() {
    const box = this.list.parentElement;
    if (!this.unseen || !box) return;
    this.unseen = false;
    if (!this.following) return;
    const bottom = box.scrollHeight - box.clientHeight;
    if (box.scrollTop >= bottom - 1) return;
    box.scrollTop = bottom;
    this.ownScroll = box.scrollTop;
  }
}
