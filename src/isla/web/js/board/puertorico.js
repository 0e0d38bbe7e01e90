// Puerto Rico as the table page's shell (../table.js) sees it: its catalog, its interaction, its
// words for the status line and its board. The shell does everything that is the same for every
// game (connection, submissions, seat controls, log, score placement); this module only draws
// Puerto Rico and turns clicks on its elements into actions.

import { renderScore as scoreTable } from '../shared/score.js';
import { seatOrder } from '../shared/seats.js';
import { loadCatalog } from './catalog.js';
import { Interaction } from './interact.js';
import { renderMarket } from './market.js';
import { arrangementOf } from './mayor.js';
import { renderPlayer } from './player.js';
import { renderRoles } from './roles.js';
import { renderShips } from './ships.js';
import {
  renderGoodsSupply, renderPlantations, renderTradingHouse, renderTriggers, renderVpSupply,
} from './supply.js';
import { TRIGGER_WORDS, phaseTitle, statusLine } from './words.js';

const SCORE_LAYOUT = {
  columns: [['shipping', 'Shipping'], ['buildings', 'Buildings'], ['bonus', 'Large-building bonus']],
  tiebreak: (b) => (b.doubloons !== undefined ? `${b.doubloons} doubloons + ${b.goods} goods` : ''),
  triggers: TRIGGER_WORDS,
};

function mySeat(t) {
  return t?.you && typeof t.you.seat === 'number' ? t.you.seat : null;
}

/**
 * The mayor's arrangement is remembered per table in the tab (sessionStorage), taken before the
 * viewer's placing turn, so the page can propose the same arrangement again when the turn comes.
 */
class MayorMemory {
  constructor(tableId) {
    this.key = `isla:arrangement:${tableId}`;
  }

  remember(t) {
    const me = mySeat(t);
    const view = t.view;
    if (me === null || !view || !view.seats?.[me]) return;
    if (view.phase?.name === 'place' && view.to_move === me) return;
    try {
      sessionStorage.setItem(this.key, JSON.stringify([...arrangementOf(view.seats[me])]));
    } catch {
      // storage may be unavailable (private mode); the automatic arrangement still works
    }
  }

  previous() {
    try {
      const raw = sessionStorage.getItem(this.key);
      return raw ? new Map(JSON.parse(raw)) : null;
    } catch {
      return null;
    }
  }
}

/** The Puerto Rico interaction, which also keeps the mayor's memory up to date on every snapshot. */
class PuertoRicoInteraction extends Interaction {
  constructor(tableId) {
    super();
    this.memory = new MayorMemory(tableId);
  }

  sync(table, catalog) {
    this.memory.remember(table);
    super.sync(table, catalog, this.memory.previous());
  }
}

export default {
  name: 'puertorico',
  title: 'Puerto Rico',
  loadCatalog: () => loadCatalog('puertorico'),
  catalogError: 'Building and role descriptions are unavailable',
  interaction: (tableId) => new PuertoRicoInteraction(tableId),
  statusLine,
  roundTitle: ({ view, catalog, names, me }) => `Round ${view.round} · ${phaseTitle(view, catalog, names, me)}`,
  render(ctx) {
    const { table, view, me } = ctx;
    return {
      players: seatOrder(view, me).map((seat) => renderPlayer(seat, ctx)).join(''),
      supply: `${table.status === 'playing' ? renderTriggers(ctx) : ''}${renderRoles(ctx)}
        <div class="supply-row-1">${renderShips(ctx)}</div>
        <div class="supply-row-2">${renderTradingHouse(ctx)}${renderGoodsSupply(ctx)}${renderVpSupply(ctx)}</div>
        ${renderPlantations(ctx)}
        ${renderMarket(ctx)}`,
    };
  },
  renderScore: (result, names, me) => scoreTable(result, names, me, SCORE_LAYOUT),
};
