// The score table at the end of any game: one row per seat in rank order (seats sharing a place are
// shown as sharing it), the game's own breakdown columns, the total and the tie-break. Each game
// says which breakdown entries to show and how to explain its tie-break and its end triggers.

import { esc, numberText, seatClass, seatLabel, youWord } from './html.js';
import { language, t } from './i18n.js';
import { RATING_WORDS, standingColumns } from './ratings.js';

/** A place in the reader's language ("1st", "2.", "第1名"), by the language's ordinal rules. */
function ordinal(n) {
  const kind = new Intl.PluralRules(language(), { type: 'ordinal' }).select(n);
  // i18n: a place in the final scores whose English ordinal ends in "st" (1st, 21st); a language without such endings writes its one way of numbering places
  if (kind === 'one') return t('{n}st', { n });
  // i18n: a place whose English ordinal ends in "nd" (2nd, 22nd); as "{n}st"
  if (kind === 'two') return t('{n}nd', { n });
  // i18n: a place whose English ordinal ends in "rd" (3rd, 23rd); as "{n}st"
  if (kind === 'few') return t('{n}rd', { n });
  // i18n: a place whose English ordinal ends in "th" (4th, 11th): every other place
  return t('{n}th', { n });
}

/** A cell's value: a number in the reader's digits, anything else as it is. */
function cell(value) {
  return esc(typeof value === 'number' ? numberText(value) : value ?? '');
}

/**
 * `layout` is the game's: `columns` ([breakdown key, heading] pairs), `tiebreak(b)` (the words
 * after the tie-break number, or ''), and `triggers` (end trigger -> words for "because ...").
 * A game whose tie-break number is only a ranking key gives `tiebreakColumns` instead: the
 * breakdown entries the tie-break is made of, shown in its place ([] for no tie-break column).
 * `standings` (the table's, when the server sent them) add each seat's win and, for a ranked
 * game, its rating change and ladder points (shared/ratings.js).
 */
export function renderScore(result, names, me, layout, standings = null) {
  if (!result) return '';
  const extra = standingColumns(standings);
  const { columns = [], tiebreak = () => '', tiebreakColumns = null, triggers: words = {} } = layout || {};
  const seats = (result.scores || []).map((_, seat) => seat);
  const ranks = result.ranks || [];
  seats.sort((a, b) => (ranks[a] - ranks[b]) || (a - b));
  const shared = (seat) => ranks.filter((r) => r === ranks[seat]).length > 1;
  const lost = result.nobody_wins === true; // everyone lost: nobody is shown as the winner
  const rows = seats.map((seat) => {
    const b = (result.breakdown || [])[seat] || {};
    const rank = ranks[seat];
    // i18n: a place in the final scores held by more than one seat; {place} is "2nd"
    const place = shared(seat) ? t('{place} (shared)', { place: ordinal(rank) }) : ordinal(rank);
    const why = tiebreak(b);
    return `<tr class="${seatClass(seat)}${seat === me ? ' score-me' : ''}${rank === 1 && !lost ? ' score-winner' : ''}" data-testid="score-row-${seat}">`
      + `<td class="score-rank">${esc(place)}</td>`
      + `<th scope="row" class="score-name">${esc(names[seat] ?? seatLabel(seat))}${seat === me ? ` <span class="tag tag-you">${esc(youWord())}</span>` : ''}</th>`
      + columns.map(([key]) => `<td data-testid="score-${esc(key)}-${seat}">${cell(b[key])}</td>`).join('')
      + `<td class="score-total">${cell(b.total ?? result.scores[seat])}</td>`
      + (tiebreakColumns
        ? tiebreakColumns.map(([key]) => `<td class="score-tb" data-testid="score-${esc(key)}-${seat}">${cell(b[key])}</td>`).join('')
        : `<td class="score-tb">${cell(b.tiebreak ?? result.tiebreaks?.[seat])}${why ? ` <small>(${esc(why)})</small>` : ''}</td>`)
      + (extra ? extra.cells(seat) : '')
      + '</tr>';
  });
  // i18n: end triggers of one game kept apart, as in "the last colonist is placed; a city is full"
  const triggers = (result.end_triggers || []).map((why) => words[why] || why)
    .reduce((first, next) => (first === null ? next : t('{first}; {next}', { first, next })), null);
  const heads = columns.map(([, head]) => `<th>${esc(head)}</th>`).join('');
  // i18n: the heading of the score table's tie-break column
  const tiebreakHead = esc(t('Tie-break'));
  const tbHeads = tiebreakColumns ? tiebreakColumns.map(([, head]) => `<th>${esc(head)}</th>`).join('') : `<th>${tiebreakHead}</th>`;
  // i18n: headings of the score table's columns: a seat's place, its name, its total score
  const [place, player, total] = [t('Place'), t('Player'), t('Total')].map(esc);
  const placeHead = `<th>${place}</th><th>${player}</th>`;
  const totalHead = `<th>${total}</th>`;
  // i18n: the heading of the score table at the end of a game
  const title = esc(t('Final scores'));
  // i18n: why the game ended; {reasons} are the game's words ("the last colonist is placed")
  const ended = triggers ? esc(t('The game ended because {reasons}.', { reasons: triggers })) : '';
  const why = ended ? `<p class="score-why">${ended}</p>` : '';
  // i18n: under the score table of a game that every player lost (a flooded island)
  const lostWords = esc(t('Nobody wins: every player lost this game.'));
  const nobody = lost ? `<p class="score-why" data-testid="nobody-wins"><strong>${lostWords}</strong></p>` : '';
  return `<section class="score" data-testid="score-table" aria-label="${title}">
    <h2>${title}</h2>
    ${why}
    ${nobody}
    <table>
      <thead><tr>${placeHead}${heads}${totalHead}${tbHeads}${extra ? extra.heads : ''}</tr></thead>
      <tbody>${rows.join('')}</tbody>
    </table>
    ${extra?.rated ? `<p class="score-why" data-testid="score-ranked">${esc(RATING_WORDS.ranked)}</p>` : ''}
  </section>`;
}

/**
 * The ways on under the final scores, whatever the game: back to the lobby, the replay and the
 * game record (for everyone: the game is over), and for the table's players the same seats again
 * (`data-ui="again"`: the table page asks the server). Once someone has set the same seats up again (`table.again`), the others are told and join with one click.
 */
export function scoreWayOn(table, me) {
  const id = encodeURIComponent(table.id);
  const key = esc(location.search); // a private table's invite key (?key=) goes along
  const back = esc(t('Back to the lobby'));
  // i18n: the ways on under the final scores: the game's replay, its record (a JSON file)
  const [replay, record] = [t('Replay'), t('Download record')].map(esc);
  const lobby = `<a class="btn" href="/" data-testid="back-to-lobby">${back}</a>`
    + `<a class="btn" href="/tables/${esc(id)}/replay${key}" data-testid="replay-link">${replay}</a>`
    + `<a class="btn btn-quiet" href="/api/tables/${esc(id)}/record${key}" download="isla-${esc(id)}.json" data-testid="download-record">${record}</a>`;
  if (me === null || me === undefined) return `<div class="score-next">${lobby}</div>`;
  // i18n: the button under the final scores, once someone has set the same seats up again
  const label = table.again ? t('Join the new table') : t('Play again with the same seats');
  // i18n: under the final scores, once another player has set the same seats up again
  const waiting = esc(t('A new table with the same seats is waiting for you.'));
  const note = table.again ? `<p class="score-again" data-testid="again-waiting">${waiting}</p>` : '';
  return `<div class="score-next">${note}<button type="button" class="btn btn-primary" data-ui="again" data-testid="play-again">${esc(label)}</button>${lobby}</div>`;
}
