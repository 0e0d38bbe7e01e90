// The common supplies: face-up plantations and the quarries (clicked by a settler), the trading
// house, the goods supply, the VP chips and the end-of-game triggers.

import { tileTip } from './catalog.js';
import { GOODS, GOOD_COLOR, attrs, barrelIcon, barrelSvg, esc, goodMark, vpIcon } from './util.js';
import { barrels } from './nouns.js';
import { TRIGGER_WORDS, goodName, listed, say, term, tileName } from './words.js';

function tileSvg(kind, size = 34) {
  let marks = '';
  if (kind === 'quarry') {
    marks = '<path d="M6 12 l7 -4 l6 3 l-2 6 l-8 1 z M21 9 l8 1 l1 7 l-7 2 l-4 -5 z M7 23 l6 -1 l3 5 l-5 4 l-5 -3 z M22 24 l7 -2 l2 6 l-7 3 z" class="rocks"/>';
  } else {
    for (let i = 1; i <= 4; i += 1) marks += `<path d="M3 ${i * 7.2} Q18 ${i * 7.2 - 3} 33 ${i * 7.2}" class="furrows furrows-${kind}"/>`;
  }
  return `<svg class="tile-svg" viewBox="0 0 36 36" width="${size}" height="${size}" aria-hidden="true">`
    + `<rect x="0.5" y="0.5" width="35" height="35" rx="4" fill="${GOOD_COLOR[kind]}" class="tile-bg"/>${marks}`
    + `${goodMark(kind, 18, 18, 13)}</svg>`;
}

export function renderPlantations(ctx) {
  const { view, catalog, ix } = ctx;
  const p = view.plantations || {};
  const seen = new Set();
  const tiles = (p.face_up || []).map((kind, i) => {
    const action = `settle:${kind}`;
    const hot = ix.can(action);
    const first = !seen.has(kind);
    seen.add(kind);
    return `<div${attrs({
      class: `ptile${hot ? ' hot' : ''}`,
      'data-action': hot && first ? action : null,
      'data-same': hot && !first ? action : null,
      'data-testid': first ? `plantation-${kind}` : null,
      'data-tip': tileTip(catalog, kind),
      'data-k': `face-${i}`,
      'data-v': kind,
      role: hot ? 'button' : null,
      tabindex: hot ? 0 : null,
      'aria-label': tileName(kind),
    })}>${tileSvg(kind)}</div>`;
  });
  const qHot = ix.can('settle:quarry');
  const quarry = `<div${attrs({
    class: `ptile ptile-quarry${qHot ? ' hot' : ''}${view.quarries ? '' : ' empty'}`,
    'data-action': qHot ? 'settle:quarry' : null,
    'data-testid': 'quarries',
    // i18n: the quarries' tooltip ({n}: how many are left)
    'data-tip': `${tileTip(catalog, 'quarry')}\n${say('{n} left. Only the settler (or a manned construction hut) may take one.', { n: view.quarries ?? 0 })}`,
    'data-k': 'quarries',
    'data-v': String(view.quarries),
    role: qHot ? 'button' : null,
    tabindex: qHot ? 0 : null,
  })}>${tileSvg('quarry')}<span class="count-badge">${view.quarries ?? 0}</span></div>`;
  const hHot = ix.can('hacienda');
  // i18n: the face-down plantations' tooltip ({stack}: in the stack, {discarded}: discarded)
  const stackTip = say('Face-down plantations: {stack} in the stack, {discarded} discarded.', { stack: p.stack_size ?? 0, discarded: (p.discard || []).length });
  const draw = say('Click: draw one with your hacienda.');
  const stack = `<div${attrs({
    class: `ptile ptile-stack${hHot ? ' hot' : ''}`,
    'data-action': hHot ? 'hacienda' : null,
    'data-testid': 'plantation-stack',
    'data-tip': hHot ? `${stackTip}\n${draw}` : stackTip,
    role: hHot ? 'button' : null,
    tabindex: hHot ? 0 : null,
  })}><svg class="tile-svg" viewBox="0 0 36 36" width="34" height="34" aria-hidden="true">`
    + '<rect x="3.5" y="3.5" width="32" height="32" rx="4" class="stack-back stack-under"/>'
    + '<rect x="0.5" y="0.5" width="32" height="32" rx="4" class="stack-back"/></svg>'
    + `<span class="count-badge">${p.stack_size ?? 0}</span></div>`;
  return `<div class="plantations"><div class="face-up">${tiles.join('')}</div><div class="stacks">${quarry}${stack}</div></div>`;
}

export function renderTradingHouse(ctx) {
  const { view, catalog } = ctx;
  const house = view.trading_house || [];
  let slots = '';
  for (let i = 0; i < 4; i += 1) {
    const good = house[i];
    slots += `<svg class="th-slot" viewBox="0 0 14 18" width="18" height="23" data-k="th-${i}" data-v="${esc(good ?? '')}" aria-hidden="true">`
      + (good ? barrelSvg(1, 1, 12, 16, good) : '<rect x="1" y="2" width="12" height="14" rx="2" class="hold"/>') + '</svg>';
  }
  const prices = listed(GOODS.map((g) => `${goodName(g)} ${catalog.goods.get(g)?.price ?? 0}`), ',');
  // i18n: the trading house's tooltip ({n}: places filled; {prices}: e.g. "corn 0, indigo 1, ...")
  const tip = say('Trading house: {n} of 4 places filled. Prices: {prices}.', { n: house.length, prices });
  return `<div class="trading-house" data-tip="${esc(tip)}">`
    + `<span class="box-title">${esc(term('place.trading-house'))}</span><div class="th-slots">${slots}</div></div>`;
}

export function renderGoodsSupply(ctx) {
  const { view } = ctx;
  const goods = view.goods || {};
  // i18n: a good's tooltip in the goods supply ({barrels}: e.g. "3 barrels")
  const tip = (g) => say('{good}: {barrels} in the supply', { good: goodName(g), barrels: barrels(goods[g] ?? 0) });
  const items = GOODS.map((g) => `<span class="supply-good" data-k="sup-${g}" data-v="${goods[g] ?? 0}" data-tip="${esc(tip(g))}">${barrelIcon(g, 14)}${goods[g] ?? 0}</span>`);
  const title = say('Goods supply');
  return `<div class="goods-supply"><span class="box-title">${esc(title)}</span><div class="supply-row">${items.join('')}</div></div>`;
}

export function renderVpSupply(ctx) {
  const { view } = ctx;
  const tip = say('VP chips left in the supply. When they run out, the game ends after this round.');
  const title = say('VP chips');
  return `<div class="vp-supply" data-k="vp-supply" data-v="${view.vp_supply}" data-tip="${esc(tip)}">`
    + `<span class="box-title">${esc(title)}</span><span class="vp-n">${vpIcon(16)}${view.vp_supply ?? 0}</span></div>`;
}

export function renderTriggers(ctx) {
  const triggers = ctx.view.end_triggers || [];
  if (!triggers.length) return '';
  const words = listed(triggers.map((t) => TRIGGER_WORDS[t] || t), ';');
  // i18n: a banner in the last round ({why}: the reasons, e.g. "a city is full")
  const text = say('Last round: the game ends after this round ({why}).', { why: words });
  return `<div class="end-triggers" role="status" data-testid="end-triggers">${esc(text)}</div>`;
}
