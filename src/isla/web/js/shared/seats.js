// What every game's player panel says about the person at a seat, whatever the game: bot or stand-in
// tags, the connection dot, and the seat controls ("Let a bot play for X", "Take my seat back").

import { clockTag } from './clocks.js';
import { botLevel, botName, esc, seatLabel } from './html.js';
import { t } from './i18n.js';
import { ratingTag } from './ratings.js';

/** The dot that says whether a seat's player is connected (and for how long not). */
function connectionDot(info) {
  const away = Math.round(info.away_seconds || 0);
  let tip;
  // i18n: the tooltip of a player's connection dot
  if (info.connected) tip = t('connected');
  // i18n: the tooltip of the connection dot of a player whose page has gone; {s} is a number of seconds
  else if (away) tip = t('not connected for {s} s', { s: away });
  // i18n: the tooltip of the connection dot of a player whose page has gone
  else tip = t('not connected');
  return `<span class="conn ${info.connected ? 'conn-on' : 'conn-off'}" data-tip="${esc(tip)}" aria-label="${esc(tip)}"></span>`;
}

export function seatTags(info, table) {
  const tags = [];
  if (!info) return tags;
  if (info.kind === 'bot') {
    // i18n: the tag of a bot's seat; {level} is its level (easy, medium, hard)
    const tag = esc(t('bot · {level}', { level: botLevel(info.bot) }));
    tags.push(`<span class="tag tag-bot">${tag}</span>`);
  }
  const rating = ratingTag(info);
  if (rating) tags.push(rating);
  if (info.stand_in) {
    // i18n: the tooltip of the tag of a seat a bot plays for its player
    const tip = t('A bot plays this seat until its player takes it back.');
    // i18n: the tag of a seat a bot plays for its player; {level} is the bot's level
    const tag = t('bot ({level}) playing', { level: botLevel(info.stand_in) });
    tags.push(`<span class="tag tag-standin" data-tip="${esc(tip)}">${esc(tag)}</span>`);
  }
  if (info.kind === 'human' && table.status === 'playing') {
    tags.push(connectionDot(info));
  }
  const bank = info.kind === 'human' && typeof info.seat === 'number' ? clockTag(table, info.seat) : '';
  if (bank) tags.push(bank);
  return tags;
}

/** The buttons for the seat's panel: hand it to a bot (another player's), or take it back (mine). */
export function seatControls(seat, { table, me, names }) {
  const controls = [];
  if ((table.can?.stand_in || []).includes(seat)) {
    // i18n: a button in another player's panel, when they are away; {name} is theirs
    const label = t('Let a bot play for {name}', { name: names[seat] });
    controls.push(`<button type="button" class="btn btn-small" data-ui="stand-in:${seat}" data-testid="stand-in-${seat}">${esc(label)}</button>`);
  }
  if (seat === me && table.can?.reclaim) {
    // i18n: a button in the viewer's panel while a bot plays their seat
    const label = esc(t('Take my seat back'));
    controls.push(`<button type="button" class="btn btn-small btn-primary" data-ui="reclaim" data-testid="reclaim">${label}</button>`);
  }
  return controls;
}

/**
 * Display names by engine seat: the player's name, or a bot seat's name by its level in the page's
 * language ("Easy bot", numbered when several alike play, as the server numbers them).
 */
export function seatNames(table) {
  const names = [];
  const bots = (table.seats || []).filter((s) => s.kind === 'bot' && !s.name);
  for (const s of table.seats || []) {
    if (typeof s.seat !== 'number') continue;
    let name = s.name;
    if (!name && s.kind === 'bot') {
      const same = bots.filter((b) => b.bot === s.bot);
      name = botName(s.bot, same.length > 1 ? same.indexOf(s) + 1 : null);
    }
    names[s.seat] = name || seatLabel(s.seat);
  }
  return names;
}

/** The viewer's engine seat at this table (null: a spectator, or a seat the game has not given yet). */
export function viewerSeat(table) {
  return table?.you && typeof table.you.seat === 'number' ? table.you.seat : null;
}

/** The action texts the viewer may play now: none unless the game is on and the seat is theirs. */
export function legalTexts(table) {
  return table.status === 'playing' && viewerSeat(table) !== null ? [...(table.legal || [])] : [];
}

/** What identifies the decision in progress: while it stays the same, a page keeps its own state of it. */
export function decisionKey(table) {
  const view = table.view;
  return `${table.seq}|${view?.phase?.name}|${view?.to_move}|${legalTexts(table).join(',')}`;
}

/** The seats in the order the panels show them: the viewer's first, then clockwise. */
export function seatOrder(view, me) {
  const n = view.seats.length;
  const start = me === null ? 0 : me;
  return Array.from({ length: n }, (_, i) => (start + i) % n);
}
