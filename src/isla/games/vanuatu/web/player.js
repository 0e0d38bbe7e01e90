// One seat's panel: name, seat facts (bot, stand-in, connection, first player, turn), vatus, PP,
// huts and markers left, the character, the rest token (the viewer's own face up; another seat's
// only as "taken", face down, as the view shows it), the boat's tile, and the fish and treasure
// tiles. The viewer's fish are clicked to choose a partial sale, the treasures to sell one.

import { attrs, esc, seatClass, seatColor } from '/static/js/shared/html.js';
import { seatControls, seatTags } from '/static/js/shared/seats.js';
import { characterTip, label, restTip, tileLabel } from './catalog.js';
import { hutIcon, markerIcon, ppIcon, valueTile, vatuIcon } from './pieces.js';
import { pp, say } from './words.js';

function stat(key, value, icon, tip, testid) {
  return `<span${attrs({ class: 'stat', 'data-k': key, 'data-v': String(value), 'data-tip': tip, 'data-testid': testid })}>${icon}<b>${esc(value)}</b></span>`;
}

function restToken(seatView, catalog, mine) {
  const token = seatView.rest;
  if (!token) return '';
  if (token === 'hidden') {
    const tip = say("A rest token, face down until the round's bonuses");
    return `<span class="rest-token rest-down" data-testid="rest-hidden" data-tip="${esc(tip)}"></span>`;
  }
  // i18n: a face-up rest token, very short: the first player's token
  const first = say('1st');
  const words = { first, both: '+1+1', point: `+${pp(1)}`, coin: '+1 v' }[token] || token;
  const tip = [restTip(catalog, token), mine ? say('(only you see it)') : ''].filter(Boolean).join('\n');
  return `<span class="rest-token rest-up" data-testid="rest-${esc(token)}" data-tip="${esc(tip)}">${esc(words)}</span>`;
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
      'data-tip': hot?.tip ?? (kind === 'fish' ? say('Fish worth {n}', { n: v }) : say('Treasure worth {n}', { n: v })),
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
  const name = names[seat] ?? say('Seat {n}', { n: seat + 1 });
  // i18n: tags beside a player's name: the viewer's own, the first player's, whose turn it is
  const tags = { you: say('you'), first: say('first player'), toMove: say('to move') };
  const head = [`<span class="player-name">${esc(name)}</span>`];
  if (mine) head.push(`<span class="tag tag-you">${esc(tags.you)}</span>`);
  head.push(...seatTags(info, table));
  if (view.first === seat) {
    const tip = say('The first player: acts first, places the new tiles, and scores 3 PP if still first at the end.');
    head.push(`<span class="tag tag-gov" data-tip="${esc(tip)}">${esc(tags.first)}</span>`);
  }
  if (toMove) head.push(`<span class="tag tag-turn">${esc(tags.toMove)}</span>`);
  const tips = {
    vatus: say('Vatus (every 10 become 5 PP at once)'),
    pp: say('Prestige points on the track'),
    huts: say('Huts left to build'),
    markers: say('Action markers still to place this round'),
  };
  const stats = [
    stat(`${keyPrefix}vatus`, s.vatus, vatuIcon(15), tips.vatus, `vatus-${seat}`),
    stat(`${keyPrefix}pp`, s.pp, ppIcon(15), tips.pp, `pp-${seat}`),
    stat(`${keyPrefix}huts`, s.huts_left, hutIcon(seatColor(seat), 14), tips.huts, null),
    stat(`${keyPrefix}markers`, 5 - (s.placed ?? 0), markerIcon(seatColor(seat), 13), tips.markers, null),
  ];
  const used = say('(used)');
  const character = s.character
    ? `<span class="char-chip" data-tip="${esc(characterTip(catalog, s.character))}" data-k="${keyPrefix}char" data-v="${esc(s.character)}">${esc(label(catalog, 'characters', s.character))}${s.used && ['beggar', 'preacher', 'governor'].includes(s.character) ? ` <small>${esc(used)}</small>` : ''}</span>`
    : '';
  const fishHot = mine ? (v, i) => {
    const hot = ix.fishHot(i);
    if (!hot) return null;
    const tip = hot.picked ? say('Fish worth {n}: click to leave it out of the sale', { n: v }) : say('Fish worth {n}: click to put it into the sale', { n: v });
    return { ...hot, tip };
  } : null;
  const treasureHot = mine ? (v, i, seen) => {
    if (seen.has(v)) return null;
    seen.add(v);
    const hot = ix.treasureHot(v);
    // i18n: a treasure's tooltip ({n}: its value; {points}: what it scores if kept)
    return hot ? { ...hot, tip: say('Sell this treasure for {n} vatus (kept, it scores {points} PP at the end)', { n: v, points: 2 * v }) } : null;
  } : null;
  const lostTip = say('Huts lost to the sea');
  const lostWords = say('huts lost {n}', { n: s.huts_lost });
  const lost = s.huts_lost ? `<span class="small" data-tip="${esc(lostTip)}">${esc(lostWords)}</span>` : '';
  const words = {
    boatTip: say("Where this seat's boat is"), boat: say('boat: {tile}', { tile: tileLabel(s.boat) }),
    fish: say('fish'), treasures: say('treasures'),
  };
  return `<section${attrs({
    class: `player v-player ${seatClass(seat)}${mine ? ' player-me' : ''}${toMove ? ' player-turn' : ''}`,
    'data-seat': seat,
    'data-testid': `player-${seat}`,
  })}>
    <header class="player-head">${head.join(' ')}<span class="spacer"></span>${seatControls(seat, ctx).join('')}<span class="v-stats">${stats.join('')}</span></header>
    <div class="v-player-body">
      ${character}${restToken(s, catalog, mine)}
      <span class="small boat-at" data-tip="${esc(words.boatTip)}" data-k="${keyPrefix}boat" data-v="${esc(s.boat)}">${esc(words.boat)}</span>
      <span class="v-pair"><span class="v-label">${esc(words.fish)}</span>${tiles('fish', s.fish || [], fishHot, keyPrefix)}</span>
      <span class="v-pair"><span class="v-label">${esc(words.treasures)}</span>${tiles('treasure', s.treasures || [], treasureHot, keyPrefix)}</span>
      ${lost}
    </div>
  </section>`;
}
