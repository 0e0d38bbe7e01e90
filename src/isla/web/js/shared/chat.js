// The chat box of the table page and the lobby, compact (a few lines, a field and Send): it shows
// the room's messages as they come over the page's WebSocket (docs/chat.md), and sends what the
// reader types as a `chat` message on that same socket.
//
// Names and messages are put on the page with textContent only: whatever someone typed, HTML or
// script included, is shown as the text it is. A reader may mute a person for themself; the muted
// names are kept in this browser (localStorage) and their messages are left out, on every page.
// Its words are the page's language (shared/i18n.js); `relabel()` redraws them after a switch.

import { t, tn } from './i18n.js';

const MUTED_KEY = 'isla.chat.muted';
const MAX_LINES = 200;

function mutedNames() {
  try {
    const list = JSON.parse(localStorage.getItem(MUTED_KEY) || '[]');
    return new Set(Array.isArray(list) ? list.filter((n) => typeof n === 'string') : []);
  } catch {
    return new Set();
  }
}

function keepMuted(names) {
  try {
    localStorage.setItem(MUTED_KEY, JSON.stringify([...names]));
  } catch {
    // a browser that keeps nothing: muting lasts as long as the page
  }
}

function node(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/**
 * A chat box in `root` for one room. `send(text)` sends a message; `onSpectatorChat(open)` is
 * called when a table's creator flips the spectator switch (null: not a table).
 */
export class ChatBox {
  constructor(root, { send, onSpectatorChat = null }) {
    this.root = root;
    this.send = send;
    this.messages = [];
    this.muted = mutedNames();
    this.me = null;
    root.replaceChildren();
    root.classList.add('chat');
    const head = node('div', 'chat-head');
    this.title = node('span', 'chat-title');
    head.append(this.title);
    this.watchers = node('span', 'chat-watchers');
    this.watchers.dataset.testid = 'watchers';
    this.mutedNote = node('button', 'chat-muted btn-link');
    this.mutedNote.type = 'button';
    this.mutedNote.hidden = true;
    this.mutedNote.addEventListener('click', () => this.unmuteAll());
    head.append(this.watchers, this.mutedNote);
    if (onSpectatorChat) {
      const label = node('label', 'chat-switch');
      this.switch = node('input');
      this.switch.type = 'checkbox';
      this.switch.dataset.testid = 'spectator-chat';
      this.switch.addEventListener('change', () => onSpectatorChat(this.switch.checked));
      this.switchText = document.createTextNode('');
      label.append(this.switch, this.switchText);
      label.hidden = true;
      this.switchLabel = label;
      head.append(label);
    }
    this.list = node('ol', 'chat-lines');
    this.list.dataset.testid = 'chat-lines';
    this.note = node('p', 'chat-note');
    this.note.hidden = true;
    const form = node('form', 'chat-form');
    this.input = node('input', 'chat-input');
    this.input.type = 'text';
    this.input.maxLength = 500;
    this.input.dataset.testid = 'chat-input';
    const button = node('button', 'btn btn-small');
    this.sendButton = button;
    button.type = 'submit';
    button.dataset.testid = 'chat-send';
    form.append(this.input, button);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = this.input.value;
      if (!text.trim()) return;
      this.send(text);
      this.input.value = '';
    });
    this.form = form;
    this.watching = 0;
    this.noteKind = null; // which note shows: 'closed', 'signIn' or none
    root.append(head, this.list, this.note, form);
    this.relabel();
  }

  /** Put every word of the box in the page's (new) language. */
  relabel() {
    // i18n: the heading of the chat box (lobby and table pages)
    this.title.textContent = t('Chat');
    this.input.placeholder = t('Say something…');
    this.input.setAttribute('aria-label', t('Chat'));
    // i18n: the button that sends a chat message
    this.sendButton.textContent = t('Send');
    if (this.switchText) this.switchText.textContent = ' ' + t('Spectators may chat');
    this.setWatchers(this.watching);
    this.showNote(this.noteKind);
    this.draw();
  }

  showNote(kind) {
    this.noteKind = kind;
    const words = {
      closed: () => t('The creator has closed this chat to spectators.'),
      signIn: () => t('Sign in (a guest name will do) to chat.'),
    };
    this.note.textContent = kind ? words[kind]() : '';
    this.note.hidden = !kind;
  }

  /** A `chat` message from the server: a room's history (replacing what is shown) or new lines. */
  receive(message) {
    const lines = Array.isArray(message.messages) ? message.messages : [];
    this.messages = message.history ? lines.slice() : this.messages.concat(lines);
    this.messages = this.messages.slice(-MAX_LINES);
    this.draw();
  }

  /** How many people watch (table pages). */
  setWatchers(count) {
    this.watching = count;
    // i18n: how many people watch a table without playing
    this.watchers.textContent = count > 0 ? tn('{n} watching', '{n} watching', count) : '';
  }

  /** The table as the reader sees it: may they write, and are they its creator? */
  setTable(table, viewerName) {
    const seated = Boolean(table.you);
    this.me = seated ? table.you.name : viewerName;
    const closed = !seated && table.spectator_chat === false;
    const anonymous = !seated && !viewerName;
    this.showNote(closed ? 'closed' : anonymous ? 'signIn' : null);
    this.form.hidden = closed || anonymous;
    if (this.switchLabel) {
      this.switchLabel.hidden = !(table.you && table.you.creator);
      this.switch.checked = table.spectator_chat !== false;
    }
  }

  /** The reader in the lobby: signed in (a name) or not. */
  setViewer(name) {
    this.me = name;
    this.showNote(name ? null : 'signIn');
    this.form.hidden = !name;
  }

  mute(name) {
    this.muted.add(name);
    keepMuted(this.muted);
    this.draw();
  }

  unmuteAll() {
    this.muted.clear();
    keepMuted(this.muted);
    this.draw();
  }

  draw() {
    const stick = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 4;
    const items = [];
    for (const message of this.messages) {
      if (this.muted.has(message.name)) continue;
      const li = node('li', 'chat-line');
      li.dataset.testid = 'chat-line';
      const who = node('b', 'chat-name', String(message.name));
      who.dataset.testid = 'chat-name';
      li.append(who);
      // i18n: a tag beside the name of someone who writes in a table's chat without playing
      if (message.spectator) li.append(node('span', 'chat-tag', t('spectator')));
      const text = node('span', 'chat-text', String(message.text));
      text.dataset.testid = 'chat-text';
      li.append(document.createTextNode(' '), text);
      if (message.name !== this.me) {
        // i18n: a button beside a chat line: hide this person's messages (for me only)
        const mute = node('button', 'chat-mute btn-link', t('mute'));
        mute.type = 'button';
        mute.dataset.testid = 'chat-mute';
        mute.addEventListener('click', () => this.mute(message.name));
        li.append(mute);
      }
      items.push(li);
    }
    this.list.replaceChildren(...items);
    this.mutedNote.hidden = this.muted.size === 0;
    // i18n: a button in the chat's head; clicking it shows the muted people's messages again
    this.mutedNote.textContent = tn('{n} person muted (unmute)', '{n} people muted (unmute)', this.muted.size);
    if (stick) this.list.scrollTop = this.list.scrollHeight;
  }
}
