// The table page on a short landscape screen (a phone turned sideways; base.css sets `--layout:
// compact` there): the board and the supplies are two columns side by side that scroll on their
// own, and the log is a third pane to swipe to. This module moves between the panes and brings a
// new decision into view; it knows nothing of any game, only the page's columns and `data-action`.

import { t } from './i18n.js';

/**
 * `app` is the page, `layout` the scrolling row of panes, `button` the top bar's Log button.
 * Returns `toggle()` (to the log and back), `decision(mine, seq)` (after each drawing) and
 * `relabel()` (the button's words again, after a change of language).
 */
export function installPanes(app, layout, button) {
  let shown = null; // the seq of the viewer's decision last brought into view

  const compact = () => getComputedStyle(app).getPropertyValue('--layout').trim() === 'compact';
  const atLog = () => layout.scrollLeft > (layout.scrollWidth - layout.clientWidth) / 2;

  function label() {
    const log = atLog();
    // i18n: the top bar's button on a phone turned sideways: back to the board, or to the game's log
    button.textContent = log ? t('Board') : t('Log');
    button.setAttribute('aria-pressed', log ? 'true' : 'false');
  }
  layout.addEventListener('scroll', label, { passive: true });

  function inView(el, column) {
    const r = el.getBoundingClientRect();
    const c = column.getBoundingClientRect();
    const pane = layout.getBoundingClientRect();
    return r.top >= c.top && r.bottom <= c.bottom && r.left >= Math.max(c.left, pane.left)
      && r.right <= Math.min(c.right, pane.right);
  }

  return {
    relabel: label,

    toggle() {
      layout.scrollTo({ left: atLog() ? 0 : layout.scrollWidth, behavior: 'smooth' });
    },

    /**
     * When a new decision is the viewer's, bring the first thing to click for it into view: the
     * market or the action spaces may be far down their column.
     */
    decision(mine, seq) {
      if (!mine || shown === seq) return;
      shown = seq;
      if (!compact()) return;
      const first = layout.querySelector('#players [data-action]:not([disabled]), #supply [data-action]:not([disabled])');
      const column = first?.closest('#players, #supply');
      if (!first || inView(first, column)) return;
      // The whole group it belongs to (the market, the action spaces) from its top, if it fits.
      first.closest('#players > *, #supply > *')?.scrollIntoView({ block: 'start', inline: 'nearest' });
      if (!inView(first, column)) first.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    },
  };
}
