// Finding a game's board, for every page that draws one (the table page, the replay page): what
// GET /api/games says of the game, and its board's ES module and stylesheet (the game's own, served
// from /static/games/<name>/, or the generic board for a game that declares none).

import { api } from '../net.js';
import { t } from './i18n.js';

// The board of a game that declares none of its own.
export const GENERIC_BOARD = { module: '/static/js/generic/board.js', stylesheet: '/static/css/generic.css' };

/** What GET /api/games says of the game `name` (its title, its board's files). */
export async function gameInfo(name) {
  const answer = await api('GET', '/api/games');
  const info = (answer.games || []).find((g) => g.name === name);
  // i18n: why a table's page cannot be drawn; {name} is a game's name in the code
  if (!info) throw new Error(t('this server offers no game {name}', { name }));
  return info;
}

/** Add the board's stylesheet to the page; resolves once it has loaded (or failed to). */
export function addStylesheet(href) {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.board = 'true';
    link.addEventListener('load', resolve, { once: true });
    link.addEventListener('error', resolve, { once: true });
    document.head.append(link);
  });
}

/** The game's info and its board module's default export, its stylesheet added to the page. */
export async function loadBoard(name) {
  const info = await gameInfo(name);
  const files = info.board || GENERIC_BOARD;
  const [module] = await Promise.all([
    import(files.module),
    files.stylesheet ? addStylesheet(files.stylesheet) : null,
  ]);
  return { info, board: module.default };
}
