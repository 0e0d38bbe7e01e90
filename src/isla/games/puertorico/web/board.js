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
import { barrels, doubloons } from './nouns.js';
import { TRIGGER_WORDS, roundTitle, say, statusLine } from './words.js';

/** The score table's columns and tie-break in the reader's language (made when it is drawn). */
function scoreLayout() {
  return {
    // i18n: headings of the final score table (victory points from shipping, buildings, bonuses)
    columns: [['shipping', say('Shipping')], ['buildings', say('Buildings')], ['bonus', say('Large-building bonus')]],
    // i18n: the tie-break of the final scores ({doubloons}, {barrels}: counts, e.g. "3 doubloons")
    tiebreak: (b) => (b.doubloons !== undefined
      ? say('{doubloons} + {barrels}', { doubloons: doubloons(b.doubloons), barrels: barrels(b.goods) }) : ''),
    triggers: TRIGGER_WORDS,
  };
}

export default {
  loadCatalog: () => loadCatalog('puertorico'),
  get catalogError() { return say('Building and role descriptions are unavailable'); },
  interaction: () => new Interaction(),
  statusLine,
  roundTitle,
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
  renderScore: (result, names, me, table) => scoreTable(result, names, me, scoreLayout(), table?.standings),
};
