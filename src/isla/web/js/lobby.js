// The lobby page: who you are, the live list of tables, and the form that creates a table.
//
// The list is pushed by the server over the WebSocket (`{"type": "lobby"}`), so it is always the
// server's current picture; the page never guesses a table's state. Creating or joining a table
// leads to the table page (`/tables/{id}`), which is where the game is played. Every word is the
// page's language (shared/i18n.js; the header's picker switches it without reloading the page: the
// list, the form and what was typed in it stay).
//
// Hooks for tests (stable data-testid values):
//   signing in   guest-name, guest-go, account-forms (the <details>), login-name, login-password,
//                login-go, register-go, auth-error; the header: account, account-name,
//                account-guest, sign-out, connection (data-status="open"|"reconnecting"|"closed")
//   creating     game, seat-count, seating, seat-<i>-kind (values "me", "open", "bot:easy",
//                "bot:medium", "bot:hard"), options (the <details>), option-<name>, create-error,
//                create-table, ranked (and ranked-note), clock (values the presets, "custom-realtime",
//                "custom-turn-based"), custom-bank, custom-increment, custom-per-move, custom-hours,
//                custom-from, custom-to, custom-zone
//   the list     open-tables, playing-tables, finished-tables (and *-empty, *-count), lobby-error;
//                per table: table-<id> (data-status), join-<id> (first open seat),
//                join-<id>-<slot>, watch-<id>, resume-<id> (your own table), view-<id> (finished),
//                ranked-<id> (the badge of a ranked table)

import { api, ApiError, connect } from './net.js';
import { currentUser, register, showAccount, signIn, signInAsGuest } from './auth.js';
import { place, ratingText, ratingTip } from './shared/ratings.js';
import { redrawEmailSettings, showEmailSettings } from './email.js';
import { installMyGames, myPart, redrawMyGames, refreshMyGames } from './mygames.js';
import { speedText } from './shared/clocks.js';
import { ChatBox } from './shared/chat.js';
import { language, t, tn } from './shared/i18n.js';
import { startPageLanguage } from './shared/pagelang.js';
import { botChoice, botName, listed, notes, speedChoices, standInNote, timeoutChoices } from './lobbywords.js';

const $ = (testid, root = document) => root.querySelector(`[data-testid="${testid}"]`);

const SEAT_CHOICES = ['me', 'open', 'bot:easy', 'bot:medium', 'bot:hard'];
const DEFAULT_BOT = 'bot:medium';
const FINISHED_SHOWN = 12;
const GUEST_NAME_KEY = 'isla.guestName';

const page = {
  user: null,
  games: [],
  bots: [],
  botRatings: new Map(), // game -> Map(level -> shown rating of the bot that level plays as)
  tables: [],
  seats: ['me', DEFAULT_BOT, DEFAULT_BOT, DEFAULT_BOT],
  options: {}, // option name -> value chosen in the form (only where the player changed it)
  pending: null, // the work of the last click still under way (see busy)
  mine: '', // what of the lobby's list concerns me (mygames.js: myPart)
  connection: 'connecting',
};

// ---------------------------------------------------------------- small helpers

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function showError(testid, message) {
  const box = $(testid);
  box.textContent = message || '';
  box.hidden = !message;
}

function humanize(name) {
  const words = name.replace(/_/g, ' ').replace(/\bvp\b/gi, 'VP');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// The players' words for an option and its choices come from the game (GET /api/games: label,
// help, choice_labels); the option's own name is only a last resort for a game that gives none.
function optionLabel(spec) {
  return spec.label || humanize(spec.name);
}

function optionHelp(spec) {
  return spec.help ?? spec.description ?? '';
}

function choiceLabel(spec, choice) {
  const words = spec.choice_labels || {};
  return Object.hasOwn(words, choice) ? words[choice] : humanize(String(choice));
}

function gameTitle(name) {
  const game = page.games.find((g) => g.name === name);
  return game ? game.title : name;
}

function currentGame() {
  const name = $('game').value;
  return page.games.find((g) => g.name === name) || page.games[0] || null;
}

function tableUrl(id) {
  return `/tables/${encodeURIComponent(id)}`;
}

// ---------------------------------------------------------------- who you are

function showUser(user) {
  page.user = user;
  showAccount(document, user, {
    onSignedOut: () => {
      showUser(null);
    },
    onError: (message) => showError('auth-error', message),
  });
  $('sign-in').hidden = Boolean(user);
  refreshMyGames(Boolean(user));
  page.chat?.setViewer(user ? user.name : null);
  if (page.socket && page.socketUser !== (user ? user.id : null)) openSocket();
  if (!user) showError('auth-error', '');
  showEmailSettings(document, user); // issue 16: email notices (email.js)
  renderRanked();
  renderSeats();
  renderTables();
}

/** The signed-in user; signs in as a guest with the typed name if nobody is signed in yet. */
async function ensureUser() {
  if (page.user) return page.user;
  const name = $('guest-name').value.trim();
  if (!name) {
    $('sign-in').hidden = false;
    showError('auth-error', t('Choose a name first (or sign in), then try again.'));
    $('guest-name').focus();
    return null;
  }
  const user = await signInAsGuest(name);
  rememberGuestName(name);
  showUser(user);
  return user;
}

function rememberGuestName(name) {
  try {
    localStorage.setItem(GUEST_NAME_KEY, name);
  } catch {
    // Private browsing may refuse storage; remembering the name is only a convenience.
  }
}

function wireSignIn() {
  try {
    const remembered = localStorage.getItem(GUEST_NAME_KEY);
    if (remembered) $('guest-name').value = remembered;
  } catch {
    // See rememberGuestName.
  }

  $('guest-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const name = $('guest-name').value.trim();
    if (!name) {
      showError('auth-error', t('Type the name the other players will see.'));
      $('guest-name').focus();
      return;
    }
    await busy($('guest-go'), async () => {
      const user = await signInAsGuest(name);
      rememberGuestName(name);
      showUser(user);
      $('create-table').focus();
    }, 'auth-error');
  });

  const credentials = () => {
    const name = $('login-name').value.trim();
    const password = $('login-password').value;
    if (!name || !password) {
      showError('auth-error', t('Type your name and your password.'));
      return null;
    }
    return { name, password };
  };
  $('login-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const given = credentials();
    if (!given) return;
    await busy($('login-go'), async () => {
      showUser(await signIn(given.name, given.password));
      $('login-password').value = '';
    }, 'auth-error');
  });
  $('register-go').addEventListener('click', async () => {
    const given = credentials();
    if (!given) return;
    await busy($('register-go'), async () => {
      showUser(await register(given.name, given.password));
      $('login-password').value = '';
    }, 'auth-error');
  });
}

/** Run `work` with `button` disabled; a refusal goes, as the server worded it, to `errorBox`. */
async function busy(button, work, errorBox) {
  // One piece of work at a time, in the order of the clicks: "Create" clicked while the guest
  // sign-in is still on its way waits for it instead of being dropped. The clicked button is
  // disabled at once, so a double click does not queue the same work twice.
  if (button.disabled) return;
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  const before = page.pending;
  const run = (async () => {
    if (before) await before;
    showError(errorBox, '');
    try {
      await work();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : t('Something went wrong: {error}', { error: error.message });
      showError(errorBox, message);
    } finally {
      button.disabled = false;
      button.removeAttribute('aria-busy');
    }
  })();
  page.pending = run;
  await run;
  if (page.pending === run) page.pending = null;
}

// ---------------------------------------------------------------- the create form

function renderGames() {
  // i18n: the lobby's welcome heading; {games} lists the games' names ("Puerto Rico and Vanuatu")
  if (page.games.length) document.getElementById('welcome-title').textContent = t('Play {games}', { games: listed(page.games.map((g) => g.title)) });
  const select = $('game');
  const chosen = select.value;
  select.replaceChildren(...page.games.map((g) => element('option', { value: g.name, text: g.title })));
  if (page.games.some((g) => g.name === chosen)) select.value = chosen;
  renderPlayerCounts();
  $('create-table').disabled = page.games.length === 0;
}

function renderPlayerCounts() {
  const game = currentGame();
  const select = $('seat-count');
  if (!game) return;
  loadBotRatings(game.name);
  const wanted = page.seats.length;
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n += 1) counts.push(n);
  select.replaceChildren(...counts.map((n) => element('option', { value: n, text: `${n}` })));
  const chosen = Math.min(Math.max(wanted, game.min_players), game.max_players);
  select.value = String(chosen);
  resizeSeats(chosen);
}

function resizeSeats(count) {
  const seats = page.seats.slice(0, count);
  while (seats.length < count) seats.push(seats.includes('me') ? DEFAULT_BOT : 'me');
  page.seats = seats;
  renderSeats();
  renderOptions();
}

function seatChoices() {
  // The bot levels the chosen game offers, where the server says (a game's `levels`), else every level.
  const offered = currentGame()?.levels;
  let values;
  if (Array.isArray(offered)) {
    values = [...SEAT_CHOICES.filter((value) => !value.startsWith('bot:')), ...offered.map((level) => `bot:${level}`)];
  } else {
    const levels = new Set(page.bots);
    values = SEAT_CHOICES.filter((value) => !value.startsWith('bot:') || levels.size === 0 || levels.has(value.slice(4)));
  }
  return values.map((value) => [value, seatChoiceLabel(value)]);
}

function seatChoiceLabel(value) {
  // i18n: a choice for a seat of a new table: the person creating it sits there
  if (value === 'me') return page.user ? t('you') : t('you (pick a name above)');
  // i18n: a choice for a seat of a new table: it waits for someone to join
  if (value === 'open') return t('open seat (someone joins)');
  const level = value.slice(4);
  const rating = page.botRatings.get(currentGame()?.name)?.get(level);
  // i18n: a bot level in the seat menu with the rating of the bot that plays it ("bot: hard (1612)")
  return rating === undefined ? botChoice(level) : t('{choice} ({rating})', { choice: botChoice(level), rating });
}

/** The ratings of the bots each level of `game` plays as (GET /api/leaderboards), once per game. */
async function loadBotRatings(game) {
  if (!game || page.botRatings.has(game)) return;
  page.botRatings.set(game, new Map());
  try {
    const board = await api('GET', `/api/leaderboards/${encodeURIComponent(game)}`);
    const levels = new Map();
    for (const bot of board.bots || []) for (const level of bot.levels || []) levels.set(level, bot.rating);
    page.botRatings.set(game, levels);
    if (currentGame()?.name === game) renderSeats();
  } catch {
    page.botRatings.delete(game); // the menu shows the levels without ratings; asked again later
  }
}

/** The Ranked box: for an account only; a guest or nobody is told why not. */
function renderRanked() {
  const box = $('ranked');
  const account = Boolean(page.user && !page.user.guest);
  box.disabled = !account;
  if (!account) box.checked = false;
  $('ranked-note').textContent = account
    // i18n: beside the create form's Ranked box, for an account
    ? t('the result changes the players\' ratings')
    // i18n: beside the create form's Ranked box, disabled for a guest or someone not signed in
    : t('for accounts only: sign in or register to play ranked');
}

/** A seat's kind that the chosen game offers: a bot level it lacks becomes one it has. */
function offeredKind(kind, choices) {
  if (choices.some(([value]) => value === kind)) return kind;
  const bots = choices.filter(([value]) => value.startsWith('bot:')).map(([value]) => value);
  if (bots.includes(DEFAULT_BOT)) return DEFAULT_BOT;
  return bots[Math.floor(bots.length / 2)] || 'open';
}

function renderSeats() {
  const list = $('seat-list');
  const fixed = $('seating').value === 'fixed';
  const choices = seatChoices();
  page.seats = page.seats.map((kind) => offeredKind(kind, choices));
  list.replaceChildren(...page.seats.map((kind, index) => {
    // i18n: a seat of a new table, numbered from 1
    const seatName = t('Seat {n}', { n: index + 1 });
    const select = element('select', {
      'data-testid': `seat-${index}-kind`,
      'aria-label': seatName,
      onchange: (event) => chooseSeat(index, event.target.value),
    }, choices.map(([value, label]) => element('option', { value, text: label })));
    select.value = kind;
    // What the first seat of a fixed seating is, where the game gives it a part (GET /api/games).
    const note = fixed && index === 0 ? currentGame()?.first_seat_note || '' : '';
    return element('li', { class: `seat seat-${kind.replace(':', '-')}` },
      element('span', { class: 'seat-label', text: seatName }),
      select,
      note ? element('span', { class: 'seat-note', text: note }) : null);
  }));
}

function chooseSeat(index, kind) {
  const seats = [...page.seats];
  if (kind === 'me') {
    // One seat per person: moving "you" hands your old seat to a bot.
    for (let i = 0; i < seats.length; i += 1) if (seats[i] === 'me') seats[i] = DEFAULT_BOT;
  }
  seats[index] = kind;
  page.seats = seats;
  renderSeats();
}

function optionApplies(spec, players) {
  return !spec.only_for_players || spec.only_for_players.includes(players);
}

function renderOptions() {
  const game = currentGame();
  const box = $('option-list');
  if (!game) return;
  const players = page.seats.length;
  box.replaceChildren(...game.options.map((spec) => {
    const testid = `option-${spec.name}`;
    const chosen = page.options[spec.name];
    let input;
    if (spec.kind === 'bool') {
      input = element('input', { type: 'checkbox', 'data-testid': testid, name: spec.name });
      input.checked = chosen !== undefined ? chosen : Boolean(spec.default);
      input.addEventListener('change', () => setOption(spec, input.checked));
    } else if (spec.kind === 'choice') {
      input = element('select', { 'data-testid': testid, name: spec.name },
        (spec.choices || []).map((choice) => element('option', { value: choice, text: choiceLabel(spec, choice) })));
      input.value = chosen !== undefined ? chosen : spec.default;
      input.addEventListener('change', () => setOption(spec, input.value));
    } else {
      input = element('input', {
        type: 'number',
        inputmode: 'numeric',
        'data-testid': testid,
        name: spec.name,
        min: spec.minimum,
        max: spec.maximum,
        step: spec.kind === 'int' ? 1 : 'any',
        // i18n: a number option of a new table left empty: the game chooses the value
        placeholder: spec.default === undefined ? t('automatic') : String(spec.default),
      });
      input.value = chosen !== undefined ? String(chosen) : (spec.default !== undefined ? spec.default : '');
      input.addEventListener('input', () => {
        const text = input.value.trim();
        setOption(spec, text === '' ? undefined : Number(text));
      });
    }
    const applies = optionApplies(spec, players);
    return element('label', { class: `option option-${spec.kind}`, hidden: !applies },
      element('span', { class: 'option-name', text: optionLabel(spec) }),
      input,
      element('span', { class: 'option-help', text: helpWithDefault(spec) }));
  }));
  summarizeOptions();
}

/** An option's help and its default: "Extra buildings in play (default: off)". */
function helpWithDefault(spec) {
  const help = optionHelp(spec);
  if (spec.default === undefined) return help;
  const value = describeValue(spec, spec.default);
  // i18n: a rules option's help in the create form, then the value it has unless changed
  return help ? t('{help} (default: {value})', { help, value }) : t('Default: {value}', { value });
}

function describeValue(spec, value) {
  // i18n: the value of a yes/no rules option
  if (spec.kind === 'bool') return value ? t('on') : t('off');
  if (spec.kind === 'choice') return choiceLabel(spec, value);
  return String(value);
}

function setOption(spec, value) {
  if (value === undefined || value === spec.default) delete page.options[spec.name];
  else page.options[spec.name] = value;
  summarizeOptions();
}

function chosenOptions() {
  const game = currentGame();
  const players = page.seats.length;
  const options = {};
  for (const spec of game ? game.options : []) {
    if (!optionApplies(spec, players)) continue;
    if (page.options[spec.name] !== undefined) options[spec.name] = page.options[spec.name];
  }
  return options;
}

function summarizeOptions() {
  const changed = Object.keys(chosenOptions()).length;
  // i18n: beside "Rules options" in the create form: nothing changed, or how many options differ
  $('options-summary').textContent = changed === 0 ? t('(the usual rules)')
    : tn('({n} option changed)', '({n} options changed)', changed);
}

function seatRequest(kind) {
  if (kind === 'me') return { kind: 'me' };
  if (kind === 'open') return { kind: 'open' };
  return { kind: 'bot', bot: kind.slice(4) };
}

/** The create form's speed choices (presets the server accepts by name: docs/clocks.md). */
function renderClockChoices() {
  const fill = (select, choices) => {
    const chosen = select.value;
    select.replaceChildren(...choices.map(([value, text]) => element('option', { value, text })));
    if (chosen) select.value = chosen;
  };
  fill($('clock'), speedChoices());
  fill($('on-timeout'), timeoutChoices());
  untimed();
}

function untimed() {
  const speed = $('clock').value;
  $('on-timeout').disabled = speed === 'none';
  $('custom-realtime').hidden = speed !== 'custom-realtime';
  $('custom-turn-based').hidden = speed !== 'custom-turn-based';
  $('custom-zone').textContent = browserZone();
}

/** The browser's time zone (playing hours count in it), as an IANA name. */
function browserZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A typed number times `unit`, in whole seconds (the server refuses what is out of range, in words). */
function seconds(testid, unit) {
  const text = $(testid).value.trim();
  return text === '' ? null : Math.round(Number(text) * unit);
}

/** The times of the chosen speed: a preset's name, or a custom clock's full form (docs/clocks.md). */
function clockTimes(speed) {
  if (speed === 'custom-realtime') {
    return { mode: 'realtime', bank: seconds('custom-bank', 60), increment: seconds('custom-increment', 1) };
  }
  if (speed === 'custom-turn-based') {
    const hours = $('custom-hours').checked
      ? { from: $('custom-from').value, to: $('custom-to').value, zone: browserZone() } : null;
    return { mode: 'turn-based', per_move: seconds('custom-per-move', 3600), hours };
  }
  return { preset: speed };
}

function chosenClock() {
  const speed = $('clock').value;
  if (!speed || speed === 'none') return {};
  const choice = $('on-timeout').value;
  if (choice === 'end') return { clock: { ...clockTimes(speed), on_timeout: 'end' } };
  return { clock: { ...clockTimes(speed), stand_in_level: choice.replace('stand-in:', '') } };
}

function wireCreateForm() {
  renderClockChoices();
  $('clock').addEventListener('change', untimed);
  $('game').addEventListener('change', () => {
    page.options = {};
    renderPlayerCounts();
  });
  $('seat-count').addEventListener('change', (event) => resizeSeats(Number(event.target.value)));
  $('seating').addEventListener('change', renderSeats);
  $('create-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    await busy($('create-table'), async () => {
      const game = currentGame();
      if (!game) throw new Error(t('the server offers no game'));
      const needsUser = page.seats.includes('me');
      if (needsUser && !(await ensureUser())) return;
      const answer = await api('POST', '/api/tables', {
        game: game.name,
        seats: page.seats.map(seatRequest),
        options: chosenOptions(),
        seating: $('seating').value,
        ...chosenClock(),
        ranked: $('ranked').checked, // docs/api.md, "Ranked tables"
        private: $('private').checked, // docs/chat.md, "Private tables"
      });
      location.assign(tableUrl(answer.table.id));
    }, 'create-error');
  });
}

// ---------------------------------------------------------------- the list of tables

function seatChip(table, seat) {
  const mine = isMine(seat);
  if (seat.kind === 'open') {
    // i18n: a seat nobody has taken (on a table that is no longer open)
    if (table.status !== 'open') return element('li', { class: 'chip chip-open', text: t('open') });
    return element('li', { class: 'chip chip-open' },
      element('button', {
        type: 'button',
        class: 'chip-button',
        'data-testid': `join-${table.id}-${seat.slot}`,
        title: seat.name ? t('Kept for {name} (the table is played again)', { name: seat.name }) : t('Take this seat'),
        onclick: (event) => join(table.id, seat.slot, event.currentTarget),
        // i18n: a button on an open seat of a listed table
        text: seat.name ? t('open for {name}: sit here', { name: seat.name }) : t('open: sit here'),
      }));
  }
  const toMove = table.status === 'playing' && table.to_move !== null && seat.seat === table.to_move;
  const away = seat.kind === 'human' && table.status !== 'finished' && seat.connected === false;
  const classes = ['chip', `chip-${seat.kind}`];
  if (mine) classes.push('chip-me');
  if (toMove) classes.push('chip-to-move');
  if (away) classes.push('chip-away');
  const said = [];
  // i18n: the tooltip of the seat whose turn it is
  if (toMove) said.push(t('to move'));
  // i18n: the tooltip of a player's seat whose page is closed
  if (away) said.push(t('not connected'));
  if (seat.stand_in) said.push(standInNote(seat.stand_in));
  const label = seatLabel(table, seat);
  return element('li', { class: classes.join(' '), title: said.length ? notes(said) : null },
    // i18n: what the gear mark beside a seat means (for screen readers)
    seat.kind === 'bot' || seat.stand_in ? element('span', { class: 'bot-mark', 'aria-label': t('a bot plays this seat'), text: '⚙' }) : null,
    label,
    seat.rating ? element('span', { class: 'chip-rating', title: ratingTip(seat.rating), 'data-testid': `rating-${table.id}-${seat.slot}`, text: ` ${ratingText(seat.rating)}` }) : null);
}

/** A seat's name as the table page shows it: the player's name, or "Easy bot 2" for a bot. */
function seatLabel(table, seat) {
  if (seat.name) return seat.name;
  if (seat.kind !== 'bot') return seat.kind === 'open' ? t('open seat') : t('player');
  const same = table.seats.filter((s) => s.kind === 'bot' && !s.name && s.bot === seat.bot);
  return botName(seat.bot, same.length > 1 ? same.indexOf(seat) + 1 : null);
}

function isMine(seat) {
  if (!page.user || seat.kind !== 'human') return false;
  if (seat.user !== undefined && seat.user !== null) {
    return typeof seat.user === 'object' ? seat.user.id === page.user.id : seat.user === page.user.id;
  }
  return seat.name === page.user.name;
}

function optionBadges(table) {
  const game = page.games.find((g) => g.name === table.game);
  if (!game || !table.options) return [];
  const badges = [];
  for (const spec of game.options) {
    const value = table.options[spec.name];
    if (value === undefined || spec.default === undefined || value === spec.default) continue;
    const option = optionLabel(spec);
    // i18n: a badge of a listed table: a yes/no rules option turned off
    const text = spec.kind === 'bool' ? (value ? option : t('{option}: off', { option }))
      // i18n: a badge of a listed table: a rules option and its value
      : t('{option}: {value}', { option, value: describeValue(spec, value) });
    badges.push(element('span', { class: 'badge', title: optionHelp(spec), text }));
  }
  return badges;
}

function resultLine(table) {
  const result = table.result;
  if (!result || !Array.isArray(result.scores)) return null;
  const bySeat = new Map(table.seats.map((s) => [s.seat, s]));
  const order = result.scores.map((score, seat) => ({
    seat,
    score,
    rank: Array.isArray(result.ranks) ? result.ranks[seat] : null,
  }));
  order.sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99) || b.score - a.score);
  return element('ol', { class: 'result-line' }, order.map(({ seat, score, rank }) => {
    const who = bySeat.get(seat);
    return element('li', { class: rank === 1 && result.nobody_wins !== true ? 'winner' : null },
      rank ? element('span', { class: 'rank', text: place(rank) }) : null,
      ` ${who ? seatLabel(table, who) : t('Seat {n}', { n: seat + 1 })} `,
      element('span', { class: 'score', text: `${score}` }));
  }));
}

function tableItem(table) {
  const mine = table.seats.some(isMine);
  const openSeats = table.seats.filter((s) => s.kind === 'open');
  const actions = [];
  if (table.status === 'open' && openSeats.length > 0 && !mine) {
    actions.push(element('button', {
      type: 'button',
      class: 'btn btn-primary btn-small',
      'data-testid': `join-${table.id}`,
      onclick: (event) => join(table.id, null, event.currentTarget),
      // i18n: a button of a listed open table
      text: t('Join'),
    }));
  }
  if (mine && table.status === 'open' && table.creator !== page.user.id) {
    actions.push(element('button', {
      type: 'button',
      class: 'btn btn-quiet btn-small',
      'data-testid': `leave-${table.id}`,
      onclick: (event) => leave(table.id, event.currentTarget),
      // i18n: a button of a listed table where I took a seat: give it back
      text: t('Leave'),
    }));
  }
  if (mine && table.status !== 'finished' && table.status !== 'abandoned') {
    actions.push(element('a', {
      class: 'btn btn-primary btn-small',
      href: tableUrl(table.id),
      'data-testid': `resume-${table.id}`,
      text: table.status === 'open' ? t('Your table') : t('Back to your game'),
    }));
  }
  if (table.status === 'playing' && !mine) {
    actions.push(element('a', {
      class: 'btn btn-small',
      href: tableUrl(table.id),
      'data-testid': `watch-${table.id}`,
      // i18n: a button of a game in progress: look on without playing
      text: t('Watch'),
    }));
  }
  if (table.status === 'finished' || table.status === 'abandoned') {
    actions.push(element('a', {
      class: 'btn btn-quiet btn-small',
      href: tableUrl(table.id),
      'data-testid': `view-${table.id}`,
      // i18n: buttons of a finished table (its result) and of an abandoned one (look at it)
      text: table.status === 'finished' ? t('Result') : t('Look'),
    }));
  }
  let state = '';
  if (table.status === 'open') {
    state = tn('waiting for {n} more player', 'waiting for {n} more players', openSeats.length);
  } else if (table.status === 'playing') {
    // i18n: a game in progress: how many moves were made
    state = table.seq ? t('move {n}', { n: table.seq }) : t('just started');
  } else if (table.status === 'abandoned') {
    // i18n: a table everyone left before its end
    state = t('abandoned');
  }
  return element('li', {
    class: `table-item status-${table.status}${mine ? ' mine' : ''}`,
    'data-testid': `table-${table.id}`,
    'data-status': table.status,
  },
  element('div', { class: 'table-head' },
    element('span', { class: 'table-game', text: gameTitle(table.game) }),
    element('span', { class: 'table-size', text: tn('{n} player', '{n} players', table.players) }),
    // i18n: a badge of a listed table whose seats are in the order its creator listed them
    table.seating === 'fixed' ? element('span', { class: 'badge', text: t('fixed seating') }) : null,
    // i18n: a badge of a listed table whose finished game changes the players' ratings
    table.ranked ? element('span', { class: 'badge badge-ranked', 'data-testid': `ranked-${table.id}`, text: t('ranked') }) : null,
    table.clock && table.clock.mode !== 'none'
      ? element('span', { class: 'badge badge-clock', 'data-testid': `speed-${table.id}`, text: speedText(table.clock) }) : null,
    optionBadges(table),
    state ? element('span', { class: 'table-state', text: state }) : null),
  element('ul', { class: 'chips' }, table.seats.map((seat) => seatChip(table, seat))),
  table.status === 'finished' ? resultLine(table) : null,
  actions.length ? element('div', { class: 'table-actions' }, actions) : null);
}

function renderTables() {
  const groups = { open: [], playing: [], finished: [] };
  for (const table of page.tables) {
    if (table.status === 'open') groups.open.push(table);
    else if (table.status === 'playing') groups.playing.push(table);
    else groups.finished.push(table);
  }
  // Your own tables first; otherwise the server's order (newest first).
  const mineFirst = (list) => [...list.filter((t) => t.seats.some(isMine)),
    ...list.filter((t) => !t.seats.some(isMine))];
  const shown = {
    open: mineFirst(groups.open),
    playing: mineFirst(groups.playing),
    finished: groups.finished.slice(0, FINISHED_SHOWN),
  };
  for (const [group, tables] of Object.entries(shown)) {
    $(`${group}-tables`).replaceChildren(...tables.map(tableItem));
    $(`${group}-empty`).hidden = tables.length > 0;
    $(`${group}-count`).textContent = groups[group].length ? `(${groups[group].length})` : '';
  }
}

async function join(tableId, slot, button) {
  await busy(button, async () => {
    if (!(await ensureUser())) return;
    await api('POST', `/api/tables/${encodeURIComponent(tableId)}/join`, slot === null ? {} : { slot });
    location.assign(tableUrl(tableId));
  }, 'lobby-error');
}

async function leave(tableId, button) {
  // The lobby push that follows shows the seat open again.
  await busy(button, async () => {
    await api('POST', `/api/tables/${encodeURIComponent(tableId)}/leave`, {});
  }, 'lobby-error');
}

// ---------------------------------------------------------------- start

function showConnection(status) {
  page.connection = status;
  const box = $('connection');
  box.dataset.status = status;
  // i18n: the header's connection state: the lobby's list updates by itself
  const words = { open: t('live'), reconnecting: t('reconnecting…'), closed: t('offline'), connecting: t('connecting…') };
  box.textContent = words[status] || status;
  box.title = status === 'open' ? t('The list updates by itself.') : t('The list may be out of date.');
}

function onMessage(message) {
  if (message.type === 'lobby' && Array.isArray(message.tables)) {
    page.tables = message.tables;
    showError('lobby-error', '');
    renderTables();
    const mine = myPart(message.tables, page.user?.id);
    if (mine !== page.mine) refreshMyGames(Boolean(page.user)); // one of my tables changed
    page.mine = mine;
  } else if (message.type === 'chat' && message.room === 'lobby') {
    page.chat?.receive(message);
  } else if (message.type === 'error') {
    showError('lobby-error', message.error);
  }
}

/** The games the server offers, their options worded in the page's language. */
async function loadGames() {
  try {
    const answer = await api('GET', `/api/games?lang=${encodeURIComponent(language())}`);
    // Every game the server offers, in its order: the first is the default. A game without a board
    // of its own is played on the generic board (the table page).
    page.games = answer.games || [];
    page.bots = answer.bots || [];
    renderGames();
  } catch (error) {
    showError('create-error', t('Cannot load the games: {error}', { error: error.message }));
  }
}

/** After a switch of language: everything the page drew itself, again; the form keeps its values. */
async function relabel() {
  renderClockChoices();
  renderRanked();
  showConnection(page.connection);
  page.chat?.relabel();
  redrawMyGames();
  redrawEmailSettings();
  renderSeats();
  renderOptions();
  renderTables();
  await loadGames(); // the options' words come from the server, in the request's language
  renderTables();
}

async function start() {
  wireSignIn();
  wireCreateForm();
  const [user, tables] = await Promise.allSettled([currentUser(), api('GET', '/api/tables')]);
  try {
    await startPageLanguage({ user: user.status === 'fulfilled' ? user.value : null, onSwitch: relabel });
  } catch (error) {
    console.error('isla: the page stays in English', error); // its texts could not be loaded
  }
  installMyGames(gameTitle); // its notification choices are words: after the language is known
  renderClockChoices();
  showConnection(page.connection);
  await loadGames();
  showUser(user.status === 'fulfilled' ? user.value : null);
  if (user.status === 'rejected') showError('auth-error', user.reason.message);
  // The first picture comes over HTTP so the page is useful at once; the WebSocket keeps it current.
  if (tables.status === 'fulfilled' && page.tables.length === 0) {
    page.tables = tables.value.tables || [];
    renderTables();
  }
  page.chat = new ChatBox(document.getElementById('lobby-chat'), { send: (text) => page.socket?.send({ type: 'chat', text }) });
  page.chat.setViewer(page.user ? page.user.name : null);
  openSocket();
}

/** The lobby's WebSocket, opened again after a sign-in or out: it speaks (chats) as whoever opened it. */
function openSocket() {
  page.socket?.close();
  page.socketUser = page.user ? page.user.id : null;
  const socket = connect({
    onMessage: (message) => page.socket === socket && onMessage(message),
    onStatus: (status) => page.socket === socket && showConnection(status),
  });
  page.socket = socket;
  socket.lobby();
}

start();
