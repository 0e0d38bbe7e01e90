// The building supply in the usual four columns: each building with the copies left, its VP, its
// colonist circles and what it costs the viewer right now (quarries and the builder's privilege
// included, from the view's `building_costs`). A builder clicks one to buy it.

import { buildingTip } from './catalog.js';
import { GOOD_COLOR, attrs, esc } from './util.js';
import { say, term } from './words.js';

function circles(n) {
  let s = '';
  for (let i = 0; i < n; i += 1) s += `<circle cx="${5 + i * 9}" cy="5" r="3.6" class="place-ring"/>`;
  return `<svg class="circles" viewBox="0 0 ${n * 9 + 1} 10" width="${n * 9 + 1}" height="10" aria-hidden="true">${s}</svg>`;
}

export function renderMarket(ctx) {
  const { view, catalog, me, ix } = ctx;
  const left = view.buildings || {};
  const costs = view.building_costs || {};
  const mySeat = me !== null && me !== undefined ? view.seats?.[me] : null;
  const columns = new Map();
  for (const name of catalog.buildingOrder) {
    if (!(name in left) && !catalog.buildings.has(name)) continue;
    const info = catalog.buildings.get(name);
    const col = info?.column ?? 1;
    if (!columns.has(col)) columns.set(col, []);
    columns.get(col).push(name);
  }
  const html = [...columns.keys()].sort((a, b) => a - b).map((col) => {
    const cards = columns.get(col).map((name) => {
      const info = catalog.buildings.get(name);
      const n = left[name] ?? 0;
      const action = `build:${name}`;
      const hot = ix.can(action);
      const price = costs[name];
      const owned = Boolean(mySeat && name in (mySeat.city || {}));
      const tooDear = mySeat && price !== undefined && price > mySeat.doubloons;
      const cls = ['bcard', info.size === 2 ? 'bcard-large' : info.good ? 'bcard-production' : 'bcard-violet',
        n ? '' : 'soldout', owned ? 'owned' : '', hot ? 'hot' : '', tooDear && !owned ? 'dear' : ''].filter(Boolean).join(' ');
      const base = view.options?.balanced && typeof info.balanced_cost === 'number' ? info.balanced_cost : info.cost;
      const cheaper = price !== undefined && price < base;
      const priceHtml = `<span class="price${cheaper ? ' price-cut' : ''}" data-testid="price-${name}">${price ?? base}</span>`;
      return `<div${attrs({
        class: cls,
        'data-action': hot ? action : null,
        'data-testid': `building-${name}`,
        // i18n: a building's tooltip in the supply: the copies left ({n}: a number)
        'data-tip': `${buildingTip(catalog, name, price, base)}\n${owned ? say('{n} left in the supply (you own one).', { n }) : say('{n} left in the supply.', { n })}`,
        'data-k': `mk-${name}`,
        'data-v': `${n}|${price}`,
        role: hot ? 'button' : null,
        tabindex: hot ? 0 : null,
        'data-style': info.good ? `--good: ${GOOD_COLOR[info.good]}` : null,
      })}><span class="bname${info.label.length > 16 ? ' bname-long' : ''}">${esc(info.label)}</span>`
        + `<span class="bcard-bottom">${priceHtml}${circles(info.capacity)}<span class="bvp">${info.vp}<span class="bvp-word"> ${esc(term('place.vp'))}</span></span>`
        + `<span class="left">${owned ? '✓' : `×${n}`}</span></span></div>`;
    });
    return `<div class="mcol mcol-${col}">${cards.join('')}</div>`;
  });
  return `<div class="market">${html.join('')}</div>`;
}
