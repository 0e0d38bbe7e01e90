// Vanuatu's board as the table page's shell (/static/js/table.js) sees it: its catalog, its
// interaction, its words for the status line and its board (the players' panels, and the
// archipelago with the action spaces, the characters and the common displays). ../game.py declares
// it (with board.css), and the server serves this folder at /static/games/vanuatu/.

import { renderScore as scoreTable } from '/static/js/shared/score.js';
import { seatOrder } from '/static/js/shared/seats.js';
import { loadCatalog } from './catalog.js';
import { Interaction } from './interact.js';
import { renderMap } from './map.js';
import { renderPlayer } from './player.js';
import { renderSide } from './side.js';
import { renderCharacters, renderSpaces } from './spaces.js';
import { TRIGGER_WORDS, roundTitle, say, statusLine } from './words.js';

function scoreLayout(table, result) {
  const waters = table.options?.rising_waters || table.view?.options?.rising_waters;
  // i18n: headings of the final score table (the prestige points each source brought)
  const columns = [
    ['track', say('PP track')], ['fish', say('Fish')], ['vatus', say('Vatus')], ['treasures', say('Treasures')],
    ['huts', say('Huts × tourists')], ['first_player', say('First player')],
  ];
  // The tie-break (§12): most huts on the board, then most vatus left, in words, not as the engine's
  // ranking number (huts × 100 + vatus).
  const tiebreak = [['huts_built', say('Tie-break: huts')], ['vatus_left', say('then vatus')]];
  return {
    columns: waters ? [...columns, ['water', say('Water')]] : columns,
    // After a flood everyone lost: there is no tie to break, so no tie-break columns.
    tiebreakColumns: result?.nobody_wins ? [] : tiebreak,
    triggers: TRIGGER_WORDS,
  };
}

export default {
  loadCatalog,
  get catalogError() { return say('Action and character descriptions are unavailable'); },
  interaction: () => new Interaction(),
  statusLine,
  roundTitle,
  // Lists of parts, each drawn on its own: a push redraws only the parts it changed.
  render(ctx) {
    const { view, me } = ctx;
    return {
      players: seatOrder(view, me).map((seat) => renderPlayer(seat, ctx)),
      supply: [`<div class="v-top">${renderMap(ctx)}${renderSide(ctx)}</div>`, renderSpaces(ctx), renderCharacters(ctx)],
    };
  },
  renderScore(result, names, me, table) {
    return scoreTable(result, names, me, scoreLayout(table || {}, result), table?.standings);
  },
};
