// The nine action spaces with every seat's markers (and the neutral ones with 2 players), and the
// characters with who holds each. A space glows where the viewer may plan, or act in the resolution
// (in the Governor's mode: where the viewer's markers may move from, then to; interact.js);
// a character where the viewer may take it. Every space and character explains itself in a tooltip.

import { attrs, esc, seatClass, seatColor } from '/static/js/shared/html.js';
import { SPACES, actionTip, characterTip, label } from './catalog.js';
import { markerIcon } from './pieces.js';
import { describeAction, say, say_n, term } from './words.js';

// Small glyphs of our own for each action (24×24).
const GLYPH = {
  sail: '<path d="M4 16 H20 L17 20 H7 Z" class="g-hull"/><path d="M12 3 V16 M12 4 L18 14 H12" class="g-sail"/>',
  build: '<path d="M4 13 L12 5 L20 13 V20 H4 Z" class="g-hut"/><rect x="10" y="14" width="4" height="6" class="g-door"/>',
  explore: '<rect x="5" y="10" width="14" height="9" class="g-chest"/><path d="M4.5 10 Q12 3 19.5 10" class="g-chest"/>',
  fish: '<path d="M3 12 Q10 4 17 12 Q10 20 3 12 Z M17 12 L21 8 V16 Z" class="g-fish"/>',
  sell: '<circle cx="12" cy="12" r="8" class="g-coin"/><path d="M8 12 H16" class="g-line"/>',
  buy: '<rect x="5" y="9" width="8" height="8" class="g-cube"/><path d="M14 13 H20 M17 10 L20 13 L17 16" class="g-line"/>',
  draw: '<path d="M12 12 m-1 0 a1 1 0 1 1 1 1 a3 3 0 1 1 -3 -3 a5 5 0 1 1 5 5" class="g-line"/>',
  tourist: '<circle cx="12" cy="6" r="3" class="g-person"/><path d="M7 20 L12 10 L17 20 Z" class="g-person"/>',
  rest: '<path d="M4 18 Q12 8 20 18" class="g-line"/><path d="M12 4 V12" class="g-line"/><circle cx="12" cy="4" r="2" class="g-coin"/>',
};

function markers(view, space, names) {
  const out = [];
  (view.seats || []).forEach((s, seat) => {
    const n = s.markers?.[space] ?? 0;
    if (n) {
      // i18n: an action space's markers of one player ({name}: the player)
      const tip = say_n('{name}: {n} marker', '{name}: {n} markers', n, { name: names[seat] ?? say('Seat {n}', { n: seat + 1 }) });
      out.push(`<span class="space-marker ${seatClass(seat)}" data-tip="${esc(tip)}">`
        + `${markerIcon(seatColor(seat))}<b>${n}</b></span>`);
    }
  });
  const neutral = view.neutral?.[space] ?? 0;
  if (neutral) {
    const tip = say_n('{n} neutral marker', '{n} neutral markers', neutral);
    out.push(`<span class="space-marker space-neutral" data-tip="${esc(tip)}">${markerIcon('#9a9a9a')}<b>${neutral}</b></span>`);
  }
  return out.join('');
}

export function renderSpaces(ctx) {
  const { view, catalog, ix, names } = ctx;
  const cards = SPACES.map((space) => {
    const hot = ix.spaceHot(space);
    const picked = ix.picked === space || ix.governFrom === space;
    let now = hot?.action ? describeAction(hot.action, ctx) : '';
    if (hot?.ui?.startsWith('govern-from:')) {
      now = picked ? say('Governor: your markers move from here (click again to pick another space)') : say('Governor: move your markers from here');
    }
    // i18n: an action space's tooltip: what a click does now ({action}: in words)
    const tip = [actionTip(catalog, space), now ? say('Now: {action}', { action: now }) : ''].filter(Boolean).join('\n');
    const v = (view.seats || []).map((s) => s.markers?.[space] ?? 0).join(',') + `|${view.neutral?.[space] ?? 0}`;
    return `<div${attrs({
      class: ['space', hot ? 'hot' : '', picked ? 'picked' : ''].filter(Boolean).join(' '),
      'data-action': hot?.action ?? null,
      'data-ui': hot?.ui ?? null,
      'data-testid': `space-${space}`,
      'data-tip': tip,
      'data-k': `space-${space}`,
      'data-v': v,
      role: hot ? 'button' : null,
      tabindex: hot ? 0 : null,
    })}><svg class="space-glyph" viewBox="0 0 24 24" aria-hidden="true">${GLYPH[space] || ''}</svg>`
      + `<span class="space-name">${esc(label(catalog, 'actions', space))}</span>`
      + `<span class="space-markers">${markers(view, space, names)}</span></div>`;
  });
  const title = say('Action spaces');
  return `<section class="spaces" aria-label="${esc(title)}">${cards.join('')}</section>`;
}

export function renderCharacters(ctx) {
  const { view, catalog, ix, names, me } = ctx;
  if (view.options?.characters === 'off') return '';
  const holders = new Map();
  (view.seats || []).forEach((s, seat) => { if (s.character) holders.set(s.character, seat); });
  const offer = new Set(view.offer || []);
  const names11 = catalog.characters.size ? [...catalog.characters.keys()] : [...holders.keys()];
  const cards = names11.map((name) => {
    const hot = ix.characterHot(name);
    const holder = holders.get(name);
    const held = holder !== undefined;
    const used = held && view.seats[holder].used && ['beggar', 'preacher', 'governor'].includes(name);
    const offered = view.players === 2 && offer.has(name);
    const cls = ['character', hot ? 'hot' : '', held ? 'held' : '', offered ? 'offered' : '', used ? 'used' : ''].filter(Boolean).join(' ');
    const holderName = holder === me ? say('you') : names[holder] ?? '';
    const who = held ? `<span class="char-holder ${seatClass(holder)}">${esc(holderName)}</span>` : '<span class="char-holder char-free">·</span>';
    let heldBy = '';
    if (held && holder === me) heldBy = used ? say('Held by you (power used this round).') : say('Held by you.');
    // i18n: a character's tooltip: who holds it ({name}: a player)
    else if (held) heldBy = used ? say('Held by {name} (power used this round).', { name: names[holder] }) : say('Held by {name}.', { name: names[holder] });
    const extra = [heldBy, offered ? say('Offered this round.') : ''].filter(Boolean).join(' ');
    return `<div${attrs({
      class: cls,
      'data-action': hot?.action ?? null,
      'data-testid': `char-${name}`,
      'data-tip': `${characterTip(catalog, name)}${extra ? `\n${extra}` : ''}`,
      'data-k': `char-${name}`,
      'data-v': `${holder ?? ''}|${used ? 1 : 0}`,
      role: hot ? 'button' : null,
      tabindex: hot ? 0 : null,
    })}><span class="char-name">${esc(label(catalog, 'characters', name))}</span>${who}</div>`;
  });
  return `<section class="characters" aria-label="${esc(term('phase.characters', 'Characters'))}">${cards.join('')}</section>`;
}
