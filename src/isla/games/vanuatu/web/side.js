// The common displays around the archipelago: the round track, the fish price, the tourist office
// and the Paradise Hotel, the demand display, the goods reserve, the shown archipelago tiles (which
// the first player picks from in the preparation), the face-down stack and the rest pile.

import { attrs, esc } from '/static/js/shared/html.js';
import { ROUNDS, tileLabel } from './catalog.js';
import { cubeIcon, touristIcon } from './pieces.js';
import { goodName, listed, say, say_n } from './words.js';

const GOODS = ['kava', 'copra', 'beef'];

function box(title, body, extra = {}) {
  return `<div${attrs({ class: `vbox${extra.class ? ` ${extra.class}` : ''}`, 'data-testid': extra.testid, 'data-tip': extra.tip })}>`
    + `<span class="box-title">${esc(title)}</span>${body}</div>`;
}

function roundTrack(view) {
  const steps = [];
  for (let r = 1; r <= ROUNDS; r += 1) {
    steps.push(`<span class="track-step${r === view.round ? ' on' : ''}${r < view.round ? ' past' : ''}">${r}</span>`);
  }
  return box(say('Round'), `<div class="track" data-k="round" data-v="${view.round}">${steps.join('')}</div>`,
    { testid: 'round-track', tip: say('Round {round} of {rounds}', { round: view.round, rounds: ROUNDS }) });
}

function fishPrice(view) {
  const steps = [3, 2, 1].map((p) => `<span class="track-step${p === view.fish_price ? ' on' : ''}">${p}</span>`);
  return box(say('Fish price'), `<div class="track" data-k="fish-price" data-v="${view.fish_price}">${steps.join('')}</div>`,
    // i18n: the fish price's tooltip ({n}: the price now)
    { testid: 'fish-price', tip: say('A fish sells for its value × {n} vatus now; each sale lowers the price by 1 (never below 1); it returns to 3 every round.', { n: view.fish_price }) });
}

function touristOffice(view) {
  const t = view.tourists || {};
  const tile = t.tile ?? 0;
  const left = t.left ?? 0;
  let people = '';
  for (let i = 0; i < tile; i += 1) people += `<span class="${i < left ? '' : 'gone'}">${touristIcon(13)}</span>`;
  const none = say('none this round');
  // i18n: under the tourist office ({left} of {tile} tourists are still to bring; {hotel}: tiles in the Paradise Hotel)
  const counts = say('{left} of {tile} left · Paradise Hotel: {hotel}', { left, tile, hotel: t.stack_size ?? 0 });
  const tip = [say('Tourists this round: {tile}, still to bring: {left}.', { tile, left }),
    say('The Paradise Hotel holds {n} face-down tourist tiles; unused tourists leave at the end of the round.', { n: t.stack_size ?? 0 })];
  const body = `<div class="tourist-row" data-k="tourists" data-v="${left}/${tile}">${people || `<span class="hint">${esc(none)}</span>`}</div>`
    + `<span class="small">${esc(counts)}</span>`;
  return box(say('Tourist office'), body, { testid: 'tourist-office', tip: tip.join('\n') });
}

function demandTile(catalog, entry, index) {
  const goods = catalog.demand.get(entry.tile)?.goods || [];
  const seen = { kava: 0, copra: 0, beef: 0 };
  const slots = goods.map((g) => {
    seen[g] += 1;
    const full = seen[g] <= (entry.filled?.[g] ?? 0);
    const tip = full ? say('{good}: delivered', { good: goodName(g) }) : say('{good}: wanted', { good: goodName(g) });
    return `<span class="slot${full ? ' full' : ''}" data-tip="${esc(tip)}">${cubeIcon(g, 12)}</span>`;
  });
  const v = GOODS.map((g) => entry.filled?.[g] ?? 0).join(',');
  return `<div class="demand-tile" data-testid="demand-${index}" data-k="demand-${index}" data-v="${esc(`${entry.tile}|${v}`)}">`
    + `<span class="demand-n">#${esc(entry.tile)}</span>${slots.join('')}</div>`;
}

function demand(view, catalog) {
  const d = view.demand || {};
  const tiles = (d.display || []).map((e, i) => demandTile(catalog, e, i)).join('');
  const pp = listed(GOODS.map((g) => `${goodName(g)} ${catalog.goods.get(g)?.pp ?? '?'}`), ',');
  // i18n: under the demand display: the demand tiles left in the deck
  const deck = say('deck {n}', { n: d.deck_size ?? 0 });
  return box(say('Demand'), `<div class="demand">${tiles}</div><span class="small">${esc(deck)}</span>`, {
    testid: 'demand',
    // i18n: the demand display's tooltip ({points}: each good's PP, e.g. "kava 1, copra 3, beef 5")
    tip: say('An export goes to the topmost tile that needs the good: {points} PP, +2 if it completes the tile.', { points: pp }),
  });
}

function reserve(view) {
  const r = view.reserve || {};
  const tip = (g) => say_n('{good}: {n} cube in the reserve', '{good}: {n} cubes in the reserve', r[g] ?? 0, { good: goodName(g) });
  const chips = GOODS.map((g) => `<span class="res" data-k="reserve-${g}" data-v="${r[g] ?? 0}" data-tip="${esc(tip(g))}">${cubeIcon(g, 12)}<b>${r[g] ?? 0}</b></span>`);
  return box(say('Reserve'), `<div class="reserve">${chips.join('')}</div>`, { testid: 'reserve' });
}

function tileFacts(catalog, name) {
  const t = catalog.tiles.get(name);
  if (!t) return tileLabel(name);
  if (t.island) {
    // i18n: a shown island tile's tooltip: its hut spaces, sand drawing spaces, tourists and goods
    return say('{name}: island, {huts} huts, {drawings} drawings, {tourists} tourists, goods {goods}', {
      name, huts: t.huts, drawings: t.drawings, tourists: t.tourists, goods: listed(t.goods.map(goodName), ','),
    });
  }
  // i18n: a shown ocean tile's tooltip: its fish and treasure discs
  return say('{name}: ocean, {fish} fish, {treasure} treasure', { name, fish: t.fish, treasure: t.treasure });
}

function archipelago(view, catalog, ix) {
  const a = view.archipelago || {};
  const preview = (a.preview || []).map((name) => {
    const hot = ix.previewHot(name);
    const island = catalog.tiles.get(name)?.island;
    const picked = ix.phase === 'tiles' && ix.tile === name;
    return `<span${attrs({
      class: ['preview', island ? 'preview-island' : 'preview-ocean', hot ? 'hot' : '', picked ? 'picked' : ''].filter(Boolean).join(' '),
      'data-ui': hot?.ui ?? null,
      'data-testid': `preview-${name}`,
      'data-tip': tileFacts(catalog, name),
      role: hot ? 'button' : null,
      tabindex: hot ? 0 : null,
    })}>${esc(name)}</span>`;
  }).join('');
  const stack = (a.stack_letters || []).length;
  const none = say('none');
  // i18n: under the next tiles: the tiles left face down
  const down = say('face down: {n}', { n: stack });
  return box(say('Next tiles'), `<div class="previews">${preview || `<span class="hint">${esc(none)}</span>`}</div>`
    + `<span class="small">${esc(down)}</span>`,
    { testid: 'archipelago', tip: say('The two shown tiles are placed by the first player at the start of the next round (rounds 2–7).') });
}

function restPile(view) {
  const n = view.rest_pile_size ?? 0;
  return box(say('Rest tokens'), `<span class="rest-pile" data-k="rest-pile" data-v="${n}">${'<span class="rest-token rest-down"></span>'.repeat(n)}<b>${n}</b></span>`,
    { testid: 'rest-pile', tip: say('Face-down rest tokens left this round: first player, 1 vatu + 1 PP, 1 PP, 1 vatu.') });
}

function waters(view) {
  if (!view.options?.rising_waters) return '';
  const c = view.countdown;
  // i18n: the Rising Waters countdown ({n}: actions until the sea rises)
  const words = c === null || c === undefined ? say('no flood pending') : say_n('flood in {n} action', 'flood in {n} actions', c);
  return box(say('Rising waters'), `<span class="small" data-k="countdown" data-v="${c ?? ''}">${esc(words)}</span>`,
    { testid: 'waters', tip: say('When the countdown runs out, the sea rises on every island side without a dike.') });
}

export function renderSide(ctx) {
  const { view, catalog, ix } = ctx;
  return `<section class="v-side">${roundTrack(view)}${fishPrice(view)}${touristOffice(view)}${demand(view, catalog)}`
    + `${reserve(view)}${archipelago(view, catalog, ix)}${restPile(view)}${waters(view)}</section>`;
}
