// The generic board: how the table page (/static/js/table.js) draws a game that declares no board of
// its own, from the two things every game gives, its view and its legal actions. So a new game is
// playable in the browser on its first day: a panel per player with the seat's own data (the
// viewer's highlighted), the rest of the view as labelled cards, one button per legal action, the
// log in words and the final scores as on every board. A game makes it read better through its
// catalog's `words` (labels, what its actions do, why the game ended: docs/browser.md).

import { api } from '/static/js/net.js';
import { renderScore as scoreTable } from '/static/js/shared/score.js';
import { seatControls, seatOrder, seatTags } from '/static/js/shared/seats.js';
import { statusLine as sharedStatusLine } from '/static/js/shared/status.js';
import { capitalize, esc, seatLabel, youWord } from '/static/js/shared/html.js';
import { t, tn } from '/static/js/shared/i18n.js';
import { Interaction } from './interact.js';
import { HIDDEN, facts, perSeatKeys, record, seatData, value } from './view.js';
import { gameWords, label, valueWords, yesNo } from './words.js';

async function loadCatalog(name) {
  try {
    const raw = await api('GET', `/api/games/${encodeURIComponent(name)}/catalog`);
    return { raw, words: gameWords(raw) };
  } catch (error) {
    return { raw: null, words: gameWords(null), error };
  }
}

function phaseName(view, words) {
  const phase = view.phase;
  if (typeof phase === 'string') return valueWords(words, phase);
  if (phase && typeof phase === 'object' && typeof phase.name === 'string') return valueWords(words, phase.name);
  return '';
}

function viewCtx({ table, view, catalog, me, names }) {
  return { table, view, words: catalog.words, me, names: names.map((n, seat) => n ?? seatLabel(seat)) };
}

/** The panel of one seat: who sits there, and the seat's own part of the view. */
function renderPlayer(seat, ctx, c, keys) {
  const { table, view, me, names } = ctx;
  const mine = seat === me;
  const turn = table.status === 'playing' && view.to_move === seat;
  const info = (table.seats || []).find((s) => s.seat === seat);
  // i18n: the tag of the seat to move, in its panel on the generic board
  const toMove = esc(t('to move'));
  const tags = [
    mine ? `<span class="tag tag-you">${esc(youWord())}</span>` : '',
    turn ? `<span class="tag tag-turn">${toMove}</span>` : '',
    ...seatTags(info, table),
  ].join('');
  const data = seatData(view, seat, keys);
  const body = data && typeof data === 'object' && !Array.isArray(data)
    ? record(data, `seats.${seat}`, c, 1) : value(data, `seats.${seat}`, 'seats', c, 1);
  const classes = `player g-player seat-${seat % 5}${mine ? ' player-me' : ''}${turn ? ' player-turn' : ''}`;
  return `<article class="${classes}" data-testid="player-${seat}">`
    + `<div class="player-head"><span class="player-name">${esc(names[seat] ?? seatLabel(seat))}</span>${tags}`
    + `<span class="spacer"></span>${seatControls(seat, ctx).join('')}</div>`
    + `<div class="g-player-body">${body}</div></article>`;
}

// i18n: the heading of the generic board's card of the view's plain facts (not a seat's)
const onTheTable = () => t('On the table');

/** The rest of the view: its plain entries on one card, each larger entry on a card of its own. */
function renderTable(view, c, keys) {
  const entries = Object.entries(view).filter(([key]) => !HIDDEN.has(key) && !keys.includes(key));
  const phase = view.phase && typeof view.phase === 'object' ? view.phase : null;
  const rest = entries.filter(([key]) => key !== 'phase');
  if (phase) {
    const more = Object.fromEntries(Object.entries(phase).filter(([key]) => key !== 'name'));
    if (Object.keys(more).length) rest.push(['phase', more]);
  }
  const plain = rest.filter(([, v]) => v === null || typeof v !== 'object' || (Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object')));
  const larger = rest.filter((entry) => !plain.includes(entry));
  const cards = [];
  if (plain.length) {
    cards.push(`<section class="g-card" data-testid="view-table"><h2 class="box-title">${esc(onTheTable())}</h2>${facts(plain, 'view', c)}</section>`);
  }
  for (const [key, v] of larger) {
    cards.push(`<section class="g-card" data-testid="view-${esc(key)}"><h2 class="box-title">${esc(label(c.words, key))}</h2>`
      + `${value(v, `view.${key}`, key, c, 1)}</section>`);
  }
  return cards;
}

/** The table's rules as chosen in the lobby, in the game's words for its options. */
function renderOptions(table, view, info, c) {
  const chosen = table.options || view.options;
  const specs = info?.options || [];
  if (!chosen || !specs.length) return '';
  const rows = specs.filter((spec) => Object.hasOwn(chosen, spec.name)).map((spec) => {
    const v = chosen[spec.name];
    let shown = String(v);
    if (typeof v === 'boolean') shown = yesNo(v);
    else if (spec.choice_labels && Object.hasOwn(spec.choice_labels, v)) shown = spec.choice_labels[v];
    return `<div class="g-fact"><dt>${esc(spec.label || label(c.words, spec.name))}</dt><dd><span class="g-value">${esc(shown)}</span></dd></div>`;
  });
  if (!rows.length) return '';
  // i18n: the heading of the generic board's list of the options chosen for the table in the lobby
  const heading = esc(t('Rules of this table'));
  return `<details class="g-card g-options" data-testid="view-options"><summary class="box-title">${heading}</summary>`
    + `<dl class="g-facts">${rows.join('')}</dl></details>`;
}

function scoreLayout(result, words) {
  const keys = [];
  for (const b of result?.breakdown || []) for (const key of Object.keys(b)) if (!keys.includes(key)) keys.push(key);
  const tiebreaks = result?.tiebreaks || [];
  return {
    columns: keys.filter((k) => k !== 'total' && k !== 'tiebreak').map((k) => [k, label(words, k)]),
    // A tie-break that is the same for every seat decides nothing: no column for it.
    tiebreakColumns: tiebreaks.every((t) => t === tiebreaks[0]) ? [] : null,
    triggers: words.endTriggers,
  };
}

export default {
  loadCatalog,
  get catalogError() {
    // i18n: the generic board's banner when the game's own words could not be fetched (an error follows)
    return t('The game\'s descriptions are unavailable');
  },
  interaction: (_tableId, info) => {
    const ix = new Interaction();
    ix.info = info;
    return ix;
  },
  statusLine(table, catalog, names, me) {
    const count = (table.legal || []).length;
    return sharedStatusLine(table, names, me, () => [
      // i18n: the generic board's decision, after "Your turn: "; the singular form is for one move
      tn('one move is possible', 'choose one of {n} moves', count),
      // i18n: the generic board's decision of another seat, after its name
      t('is choosing a move'),
    ]);
  },
  roundTitle(ctx) {
    const { view, table, catalog } = ctx;
    // i18n: the top bar of the generic board: the game's round, or how many moves were made
    const when = Number.isInteger(view.round) ? t('Round {n}', { n: view.round }) : t('Move {n}', { n: table.seq + 1 });
    const phase = phaseName(view, catalog.words);
    return phase ? `${when} · ${capitalize(phase)}` : when;
  },
  render(ctx) {
    const { view, me } = ctx;
    const c = viewCtx(ctx);
    const players = ctx.table.players ?? view.players ?? ctx.names.length;
    const keys = perSeatKeys(view, players, c.words);
    const seats = Array.isArray(view.seats) || keys.length ? seatOrder({ seats: ctx.names.slice(0, players) }, me) : [];
    return {
      players: seats.map((seat) => renderPlayer(seat, ctx, c, keys)),
      supply: [...renderTable(view, c, keys), renderOptions(ctx.table, view, ctx.ix.info, c)],
    };
  },
  renderScore(result, names, me, table, catalog) {
    return scoreTable(result, names, me, scoreLayout(result, catalog?.words || gameWords(null)), table?.standings);
  },
};
