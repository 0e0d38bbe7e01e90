// The role cards: the doubloons lying on each, who took it this round, and a click to choose it.

import { roleLabel, roleTip } from './catalog.js';
import { attrs, capitalize, coinIcon, esc, seatClass } from './util.js';
import { doubloons } from './nouns.js';
import { say } from './words.js';

// Small glyphs of our own for each role (24×24).
const GLYPH = {
  settler: '<rect x="4" y="6" width="16" height="13" rx="2" class="g-field"/><path d="M5 10 H19 M5 14 H19" class="g-line"/>',
  mayor: '<circle cx="12" cy="8" r="4" class="g-dark"/><path d="M5 21 C5 14 19 14 19 21 Z" class="g-dark"/>',
  builder: '<path d="M4 12 L12 5 L20 12 V20 H4 Z" class="g-house"/><rect x="10" y="14" width="4" height="6" class="g-door"/>',
  craftsman: '<rect x="7" y="4" width="10" height="16" rx="3" class="g-barrel"/><path d="M7.5 9 H16.5 M7.5 15 H16.5" class="g-line"/>',
  trader: '<circle cx="12" cy="12" r="8" class="g-coin"/><circle cx="12" cy="12" r="5" class="g-coin-in"/>',
  captain: '<path d="M3 14 H21 L18 19 H6 Z" class="g-hull"/><path d="M12 3 V14 M12 4 L18 12 H12" class="g-sail"/>',
  prospector: '<path d="M6 17 L9 9 L15 8 L19 14 L14 19 Z" class="g-gold"/><path d="M9 9 L13 13 L19 14 M13 13 L14 19" class="g-line"/>',
};
GLYPH.prospector2 = GLYPH.prospector;

/**
 * A short label for the seat that took a card, distinct at the table: "you", a person's name, or a
 * bot's level numbered as the seat names number it ("Medium 2" next to "Medium bot 2"), just "Bot 2"
 * when every bot has the same level. Read from the snapshot's seats (kind, level), not from words.
 */
export function takerLabel(table, seat, me, names) {
  if (seat === me) return say('you');
  const seats = table?.seats || [];
  const info = seats.find((s) => s.seat === seat);
  if (!info || info.kind !== 'bot' || info.name) return names[seat] ?? say('Seat {n}', { n: seat + 1 });
  const bots = seats.filter((s) => s.kind === 'bot' && !s.name);
  const same = bots.filter((s) => s.bot === info.bot);
  const number = same.length > 1 ? same.indexOf(info) + 1 : null;
  const oneLevel = new Set(bots.map((s) => s.bot)).size === 1;
  // i18n: a role card's taker when every bot has the same level ({n}: the bot's number)
  if (oneLevel) return number === null ? say('Bot') : say('Bot {n}', { n: number });
  const level = capitalize(info.bot || 'bot'); // the level's name, as the server gives it
  return number === null ? level : `${level} ${number}`;
}

export function renderRoles(ctx) {
  const { table, view, catalog, names, me, ix } = ctx;
  const roles = view.roles || {};
  const cards = Object.entries(roles).map(([name, card]) => {
    const action = `role:${name}`;
    const hot = ix.can(action);
    const taken = card.taken_by !== null && card.taken_by !== undefined;
    const current = taken && view.phase?.chooser === card.taken_by && view.phase?.name !== 'role'
      && ix.phaseRole === name.replace(/2$/, '');
    const cls = ['role-card', taken ? 'taken' : '', hot ? 'hot' : '', current ? 'current' : ''].filter(Boolean).join(' ');
    const coinsTip = say('{doubloons} on this card', { doubloons: doubloons(card.doubloons) });
    const takerTip = card.taken_by === me ? say('Chosen by you') : say('Chosen by {name}', { name: names[card.taken_by] ?? '' });
    const coins = card.doubloons > 0
      ? `<span class="role-coins" data-tip="${esc(coinsTip)}">${coinIcon(13)}×${card.doubloons}</span>`
      : '<span class="role-coins role-coins-none"></span>';
    const taker = taken
      ? `<span class="role-taker ${seatClass(card.taken_by)}" data-testid="role-taker-${name}"`
        + ` data-tip="${esc(takerTip)}">`
        + `${esc(takerLabel(table, card.taken_by, me, names))}</span>`
      : '<span class="role-taker role-free">·</span>';
    return `<div${attrs({
      class: cls,
      'data-action': hot ? action : null,
      'data-testid': `role-${name}`,
      'data-tip': roleTip(catalog, name),
      'data-k': `role-${name}`,
      'data-v': `${card.doubloons}|${card.taken_by ?? ''}`,
      role: hot ? 'button' : null,
      tabindex: hot ? 0 : null,
    })}><svg class="role-glyph" viewBox="0 0 24 24" aria-hidden="true">${GLYPH[name] || ''}</svg>`
      + `<span class="role-name">${esc(roleLabel(catalog, name))}</span>${coins}${taker}</div>`;
  });
  return `<div class="roles">${cards.join('')}</div>`;
}
