// The replay's log in words: every entry of the game (the replay model's `log`: steps `first` to
// `last`, a seat, lines), the entry of the current step highlighted and kept in view. The lines
// hold players' names, so they are set as text, never as HTML. A click on an entry goes to the
// step that finishes it (the position after that decision).

import { seatClass } from './html.js';
import { t } from './i18n.js';

export class StepLog {
  constructor(list, onPick) {
    this.list = list;
    this.items = [];
    this.current = null;
    list.addEventListener('click', (event) => {
      const li = event.target.closest?.('li[data-last]');
      if (li && list.contains(li)) onPick(Number(li.dataset.last));
    });
  }

  /** Show `entries` (the whole log, once). */
  fill(entries) {
    this.list.replaceChildren();
    this.items = (entries || []).map((entry, index) => {
      const li = document.createElement('li');
      li.className = `log-entry log-step ${seatClass(entry.seat)}`;
      li.dataset.first = String(entry.first);
      li.dataset.last = String(entry.last);
      li.setAttribute('data-testid', `log-entry-${index}`);
      li.title = entry.first === entry.last
        // i18n: the tooltip of a log entry of the replay: the step it was played at
        ? t('Step {n}', { n: entry.first })
        // i18n: the tooltip of a log entry of the replay that took several steps
        : t('Steps {first} to {last}', { first: entry.first, last: entry.last });
      for (const line of entry.lines || []) {
        const span = document.createElement('span');
        span.className = 'log-line';
        span.textContent = line;
        li.append(span);
      }
      this.list.append(li);
      return li;
    });
  }

  /** Put the table's chat among the entries, each message after the move it was said at (its
   * `seq`: the steps played then); names and words as text only. */
  addChat(messages) {
    for (const message of messages || []) {
      const li = document.createElement('li');
      li.className = 'log-entry log-chat';
      li.setAttribute('data-testid', 'replay-chat');
      const who = document.createElement('b');
      who.textContent = `${message.name}: `;
      const text = document.createElement('span');
      text.textContent = message.text;
      li.append(who, text);
      const seq = typeof message.seq === 'number' ? message.seq : Infinity;
      const after = this.items.find((item) => Number(item.dataset.first) > seq);
      this.list.insertBefore(li, after || null);
    }
  }

  /** Highlight entry `index` (null: none, as at the start) and scroll it into the box. */
  show(index) {
    const next = index === null || index === undefined ? null : this.items[index] || null;
    if (next === this.current) return;
    this.current?.classList.remove('log-current');
    this.current?.removeAttribute('aria-current');
    this.current = next;
    if (!next) return;
    next.classList.add('log-current');
    next.setAttribute('aria-current', 'step');
    const box = this.list.parentElement;
    if (!box) return;
    const top = next.offsetTop; // the box is positioned (replay.css): offsets are within it
    if (top < box.scrollTop || top + next.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 3);
    }
  }
}
