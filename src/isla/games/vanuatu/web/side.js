// The common displays around the archipelago: the round track, the fish price, the tourist office
// and the Paradise Hotel, the demand display, the goods reserve, the shown archipelago tiles (which
// the first player picks from in the preparation), the face-down stack and the rest pile.

import { attrs, esc } from '/static/js/shared/html.js';
import { ROUNDS, tileLabel } from './catalog.js';
import { cubeIcon, touristIcon } from './pieces.js';

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
  return box('Round', `<div class="track" data-k="round" data-v="${view.round}">${steps.join('')}</div>`,
    { testid: 'round-track', tip: `Round ${view.round} of ${ROUNDS}` });
}

function fishPrice(view) {
  const steps = [3, 2, 1].map((p) => `<span class="track-step${p === view.fish_price ? ' on' : ''}">${p}</span>`);
  return box('Fish price', `<div class="track" data-k="fish-price" data-v="${view.fish_price}">${steps.join('')}</div>`,
    { testid: 'fish-price', tip: `A fish sells for its value × ${view.fish_price} vatus now; each sale lowers the price by 1 (never below 1); it returns to 3 every round.` });
}

function touristOffice(view) {
  const t = view.tourists || {};
  const tile = t.tile ?? 0;
  const left = t.left ?? 0;
  let people = '';
  for (let i = 0; i < tile; i += 1) people += `<span class="${i < left ? '' : 'gone'}">${touristIcon(13)}</span>`;
  const body = `<div class="tourist-row" data-k="tourists" data-v="${left}/${tile}">${people || '<span class="hint">none this round</span>'}</div>`
    + `<span class="small">${left} of ${tile} left · Paradise Hotel: ${t.stack_size ?? 0}</span>`;
  return box('Tourist office', body, {
    testid: 'tourist-office',
    tip: `Tourists this round: ${tile}, still to bring: ${left}.\nThe Paradise Hotel holds ${t.stack_size ?? 0} face-down tourist tiles; unused tourists leave at the end of the round.`,
  });
}

function demandTile(catalog, entry, index) {
  const goods = catalog.demand.get(entry.tile)?.goods || [];
  const seen = { kava: 0, copra: 0, beef: 0 };
  const slots = goods.map((g) => {
    seen[g] += 1;
    const full = seen[g] <= (entry.filled?.[g] ?? 0);
    return `<span class="slot${full ? ' full' : ''}" data-tip="${esc(`${g}: ${full ? 'delivered' : 'wanted'}`)}">${cubeIcon(g, 12)}</span>`;
  });
  const v = GOODS.map((g) => entry.filled?.[g] ?? 0).join(',');
  return `<div class="demand-tile" data-testid="demand-${index}" data-k="demand-${index}" data-v="${esc(`${entry.tile}|${v}`)}">`
    + `<span class="demand-n">#${esc(entry.tile)}</span>${slots.join('')}</div>`;
}

function demand(view, catalog) {
  const d = view.demand || {};
  const tiles = (d.display || []).map((e, i) => demandTile(catalog, e, i)).join('');
  const pp = GOODS.map((g) => `${g} ${catalog.goods.get(g)?.pp ?? '?'}`).join(', ');
  return box('Demand', `<div class="demand">${tiles}</div><span class="small">deck ${d.deck_size ?? 0}</span>`, {
    testid: 'demand',
    tip: `An export goes to the topmost tile that needs the good: ${pp} PP, +2 if it completes the tile.`,
  });
}

function reserve(view) {
  const r = view.reserve || {};
  const chips = GOODS.map((g) => `<span class="res" data-k="reserve-${g}" data-v="${r[g] ?? 0}" data-tip="${esc(`${g}: ${r[g] ?? 0} cubes in the reserve`)}">${cubeIcon(g, 12)}<b>${r[g] ?? 0}</b></span>`);
  return box('Reserve', `<div class="reserve">${chips.join('')}</div>`, { testid: 'reserve' });
}

function tileFacts(catalog, name) {
  const t = catalog.tiles.get(name);
  if (!t) return tileLabel(name);
  if (t.island) return `${name}: island, ${t.huts} huts, ${t.drawings} drawings, ${t.tourists} tourists, goods ${t.goods.join(', ')}`;
  return `${name}: ocean, ${t.fish} fish, ${t.treasure} treasure`;
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
  return box('Next tiles', `<div class="previews">${preview || '<span class="hint">none</span>'}</div><span class="small">face down: ${stack}</span>`,
    { testid: 'archipelago', tip: 'The two shown tiles are placed by the first player at the start of the next round (rounds 2–7).' });
}

function restPile(view) {
  const n = view.rest_pile_size ?? 0;
  return box('Rest tokens', `<span class="rest-pile" data-k="rest-pile" data-v="${n}">${'<span class="rest-token rest-down"></span>'.repeat(n)}<b>${n}</b></span>`,
    { testid: 'rest-pile', tip: 'Face-down rest tokens left this round: first player, 1 vatu + 1 PP, 1 PP, 1 vatu.' });
}

function waters(view) {
  if (!view.options?.rising_waters) return '';
  const c = view.countdown;
  return box('Rising waters', `<span class="small" data-k="countdown" data-v="${c ?? ''}">${c === null || c === undefined ? 'no flood pending' : `flood in ${c} action${c === 1 ? '' : 's'}`}</span>`,
    { testid: 'waters', tip: 'When the countdown runs out, the sea rises on every island side without a dike.' });
}

export function renderSide(ctx) {
  const { view, catalog, ix } = ctx;
  return `<section class="v-side">${roundTrack(view)}${fishPrice(view)}${touristOffice(view)}${demand(view, catalog)}`
    + `${reserve(view)}${archipelago(view, catalog, ix)}${restPile(view)}${waters(view)}</section>`;
}
