// One seat's panel: name, seat facts (bot, stand-in, connection, first player, turn), vatus, PP,
// huts and markers left, the character, the rest token (the viewer's own face up; another seat's
// only as "taken", face down, as the view shows it), the boat's tile, and the fish and treasure
// tiles. The viewer's fish are clicked to choose a partial sale, the treasures to sell one.

import { attrs, esc, seatClass, seatColor } from '/static/js/shared/html.js';
import { seatControls, seatTags } from '/static/js/shared/seats.js';
import { characterTip, label, restTip, tileLabel } from './catalog.js';
import { hutIcon, markerIcon, ppIcon, valueTile, vatuIcon } from './pieces.js';

function stat(key, value, icon, tip, testid) {
  return `<span${attrs({ class: 'stat', 'data-k': key, 'data-v': String(value), 'data-tip': tip, 'data-testid': testid })}>${icon}<b>${esc(value)}</b></span>`;
}

function restToken(seatView, catalog, mine) {
  const token = seatView.rest;
  if (!token) return '';
  if (token === 'hidden') {
    return '<span class="rest-token rest-down" data-testid="rest-hidden" data-tip="A rest token, face down until the round\'s bonuses"></span>';
  }
  const words = { first: '1st', both: '+1+1', point: '+1 PP', coin: '+1 v' }[token] || token;
  return `<span class="rest-token rest-up" data-testid="rest-${esc(token)}" data-tip="${esc(`${restTip(catalog, token)}${mine ? '\n(only you see it)' : ''}`)}">${esc(words)}</span>`;
}

function tiles(kind, values, hotOf, keyPrefix) {
  const seen = new Set();
  const chips = values.map((v, i) => {
    const hot = hotOf ? hotOf(v, i, seen) : null;
    return valueTile(kind, v, {
      class: [hot ? 'hot' : '', hot?.picked ? 'picked' : ''].filter(Boolean).join(' '),
      'data-action': hot?.action ?? null,
      'data-ui': hot?.ui ?? null,
      'data-testid': hotOf ? `${kind}-${i}` : null,
      'data-tip': hot?.tip ?? `${kind === 'fish' ? 'Fish' : 'Treasure'} worth ${v}`,
      role: hot ? 'button' : null,
      tabindex: hot ? 0 : null,
    });
  });
  return `<span class="vtiles" data-k="${keyPrefix}${kind}" data-v="${values.join(',')}">${chips.join('') || '<span class="none">–</span>'}</span>`;
}

export function renderPlayer(seat, ctx) {
  const { table, view, catalog, me, names, ix } = ctx;
  const s = view.seats[seat];
  const info = (table.seats || []).find((x) => x.seat === seat);
  const mine = seat === me;
  const keyPrefix = `s${seat}-`;
  const toMove = view.to_move === seat && table.status === 'playing';
  const head = [`<span class="player-name">${esc(names[seat] ?? `Seat ${seat + 1}`)}</span>`];
  if (mine) head.push('<span class="tag tag-you">you</span>');
  head.push(...seatTags(info, table));
  if (view.first === seat) head.push('<span class="tag tag-gov" data-tip="The first player: acts first, places the new tiles, and scores 3 PP if still first at the end.">first player</span>');
  if (toMove) head.push('<span class="tag tag-turn">to move</span>');
  const stats = [
    stat(`${keyPrefix}vatus`, s.vatus, vatuIcon(15), 'Vatus (every 10 become 5 PP at once)', `vatus-${seat}`),
    stat(`${keyPrefix}pp`, s.pp, ppIcon(15), 'Prestige points on the track', `pp-${seat}`),
    stat(`${keyPrefix}huts`, s.huts_left, hutIcon(seatColor(seat), 14), 'Huts left to build', null),
    stat(`${keyPrefix}markers`, 5 - (s.placed ?? 0), markerIcon(seatColor(seat), 13), 'Action markers still to place this round', null),
  ];
  const character = s.character
    ? `<span class="char-chip" data-tip="${esc(characterTip(catalog, s.character))}" data-k="${keyPrefix}char" data-v="${esc(s.character)}">${esc(label(catalog, 'characters', s.character))}${s.used && ['beggar', 'preacher', 'governor'].includes(s.character) ? ' <small>(used)</small>' : ''}</span>`
    : '';
  const fishHot = mine ? (v, i) => {
    const hot = ix.fishHot(i);
    return hot ? { ...hot, tip: `Fish worth ${v}: click to ${hot.picked ? 'leave it out of' : 'put it into'} the sale` } : null;
  } : null;
  const treasureHot = mine ? (v, i, seen) => {
    if (seen.has(v)) return null;
    seen.add(v);
    const hot = ix.treasureHot(v);
    return hot ? { ...hot, tip: `Sell this treasure for ${v} vatus (kept, it scores ${2 * v} PP at the end)` } : null;
  } : null;
  const lost = s.huts_lost ? `<span class="small" data-tip="Huts lost to the sea">huts lost ${s.huts_lost}</span>` : '';
  return `<section${attrs({
    class: `player v-player ${seatClass(seat)}${mine ? ' player-me' : ''}${toMove ? ' player-turn' : ''}`,
    'data-seat': seat,
    'data-testid': `player-${seat}`,
  })}>
    <header class="player-head">${head.join(' ')}<span class="spacer"></span>${seatControls(seat, ctx).join('')}<span class="v-stats">${stats.join('')}</span></header>
    <div class="v-player-body">
      ${character}${restToken(s, catalog, mine)}
      <span class="small boat-at" data-tip="Where this seat's boat is" data-k="${keyPrefix}boat" data-v="${esc(s.boat)}">boat: ${esc(tileLabel(s.boat))}</span>
      <span class="v-pair"><span class="v-label">fish</span>${tiles('fish', s.fish || [], fishHot, keyPrefix)}</span>
      <span class="v-pair"><span class="v-label">treasures</span>${tiles('treasure', s.treasures || [], treasureHot, keyPrefix)}</span>
      ${lost}
    </div>
  </section>`;
}
