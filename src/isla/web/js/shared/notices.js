// Telling a player it is their turn at a table they are not looking at: the page title and the
// favicon change (always), a browser notification where the player allowed it (an opt-in control),
// and a short sound if they asked for one (off by default). The choices live in localStorage, so
// the lobby's control also serves the table pages.

import { CLOCK_WORDS } from './clockwords.js';

const NOTIFY_KEY = 'isla.notifyTurns';
const SOUND_KEY = 'isla.turnSound';
const ALERT_ICON = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E"
  + "%3Ccircle cx='8' cy='8' r='8' fill='%23b3432f'/%3E%3Ccircle cx='8' cy='8' r='3.5' fill='%23fff'/%3E%3C/svg%3E";
let plainIcon = null;

function stored(key) {
  try {
    return localStorage.getItem(key) === 'on';
  } catch {
    return false; // private browsing may refuse storage: nothing is on
  }
}

function store(key, on) {
  try {
    localStorage.setItem(key, on ? 'on' : 'off');
  } catch {
    // see stored
  }
}

function icon() {
  let link = document.querySelector('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (plainIcon === null) plainIcon = link.href;
  return link;
}

/** Show (or stop showing) the "your turn" favicon. */
export function markTurn(on) {
  const link = icon();
  const wanted = on ? ALERT_ICON : plainIcon;
  if (link.href !== wanted) link.href = wanted;
  document.documentElement.dataset.yourTurn = on ? 'true' : 'false';
}

function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    volume.gain.value = 0.08;
    tone.frequency.value = 660;
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.18);
  } catch {
    // no audio: the title and icon still tell
  }
}

/** A turn has just become the player's (`game`: the game's title, `url`: the table's page). */
export function announceTurn(game, url) {
  if (stored(NOTIFY_KEY) && 'Notification' in window && Notification.permission === 'granted') {
    try {
      const shown = new Notification(CLOCK_WORDS.notifyTitle, { body: CLOCK_WORDS.notifyBody(game), tag: url });
      shown.onclick = () => {
        window.focus();
        if (url && location.pathname !== url) location.assign(url);
      };
    } catch {
      // some browsers only notify from a service worker: the title and icon still tell
    }
  }
  if (stored(SOUND_KEY)) beep();
}

/** The opt-in controls (a notification checkbox, a sound checkbox) wired into `box`. */
export function noticeControls(box) {
  const line = (testid, label, checked, change) => {
    const wrap = document.createElement('label');
    wrap.className = 'notice-choice';
    const input = document.createElement('input');
    input.type = 'checkbox';
    input.dataset.testid = testid;
    input.checked = checked;
    input.addEventListener('change', () => change(input));
    wrap.append(input, document.createTextNode(` ${label}`));
    return wrap;
  };
  const note = document.createElement('span');
  note.className = 'muted notice-note';
  note.dataset.testid = 'notify-note';
  const allowed = 'Notification' in window && Notification.permission === 'granted';
  box.replaceChildren(
    line('notify-turns', CLOCK_WORDS.notifyLabel, stored(NOTIFY_KEY) && allowed, async (input) => {
      note.textContent = '';
      if (!input.checked) {
        store(NOTIFY_KEY, false);
        return;
      }
      const permission = 'Notification' in window ? await Notification.requestPermission() : 'denied';
      input.checked = permission === 'granted';
      store(NOTIFY_KEY, input.checked);
      if (!input.checked) note.textContent = CLOCK_WORDS.notifyDenied;
    }),
    line('turn-sound', CLOCK_WORDS.soundLabel, stored(SOUND_KEY), (input) => store(SOUND_KEY, input.checked)),
    note,
  );
}
