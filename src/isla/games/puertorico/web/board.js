// Puerto Rico's board as the table page's shell (/static/js/table.js) sees it: its catalog, its
// interaction, its words for the status line and its board. ../game.py declares it (with
// board.css), and the server serves this folder at /static/games/puertorico/. The shell does
// everything that is the same for every game (connection, submissions, seat controls, log, score
// placement); this module only draws Puerto Rico and turns clicks on its elements into actions.

import { renderScore as scoreTable } from '/static/js/shared/score.js';
import { seatOrder } from '/static/js/shared/seats.js';
import { loadCatalog } from './catalog.js';
import { Interaction } from './interact.js';
import { renderMarket } from './market.js';
import { renderPlayer } from './player.js';
import { renderRoles } from './roles.js';
import { renderShips } from './ships.js';
import {
  renderGoodsSupply, renderPlantations, renderTradingHouse, renderTriggers, renderVpSupply,
} from './supply.js';
import { counted } from './nouns.js';
import { TRIGGER_WORDS, phaseTitle, statusLine } from './words.js';

const SCORE_LAYOUT = {
  columns: [['shipping', 'Shipping'], ['buildings', 'Buildings'], ['bonus', 'Large-building bonus']],
  tiebreak: (b) => (b.doubloons !== undefined ? `${counted(b.doubloons, 'doubloon')} + ${counted(b.goods, 'barrel')}` : ''),
  triggers: TRIGGER_WORDS,
};

export default {
  loadCatalog: () => loadCatalog('puertorico'),
  catalogError: 'Building and role descriptions are unavailable',
  interaction: () => new Interaction(),
  statusLine,
  roundTitle: ({ view, catalog, names, me }) => `Round ${view.round} · ${phaseTitle(view, catalog, names, me)}`,
  // Lists of parts, each drawn on its own: a push redraws only the parts it changed.
  render(ctx) {
    const { table, view, me } = ctx;
    return {
      players: seatOrder(view, me).map((seat) => renderPlayer(seat, ctx)),
      supply: [
        table.status === 'playing' ? renderTriggers(ctx) : '',
        renderRoles(ctx),
        `<div class="supply-row-1">${renderShips(ctx)}</div>`,
        `<div class="supply-row-2">${renderTradingHouse(ctx)}${renderGoodsSupply(ctx)}${renderVpSupply(ctx)}</div>`,
        renderPlantations(ctx),
        renderMarket(ctx),
      ],
    };
  },
  renderScore: (result, names, me, table) => scoreTable(result, names, me, SCORE_LAYOUT, table?.standings),
};
