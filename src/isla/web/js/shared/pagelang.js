// A page in its reader's language, from its first paint to every switch of the header's picker.
//
// Which language: this browser's choice (the picker, remembered in localStorage), else the signed-in
// account's (`lang` of /api/auth/me, set by choosing in any browser), else the browser's
// Accept-Language (the server decides). Choosing in the picker remembers the language in this
// browser and, when an account is signed in, on the account (PUT /api/me/language), loads the
// page's texts in it, re-translates the marked markup and lets the page redraw what it drew itself.

import { language, loadTexts, translateDocument } from './i18n.js';
import { installLanguagePicker, savedLanguage } from './langpick.js';

/**
 * Load the page's texts, translate its markup and install the picker in `#lang-picker`.
 * `game`: the game whose catalogs the page shows (null: none). `user`: the signed-in user, if the
 * page knows it already (else it is asked). `onSwitch(lang)`: redraw after a change of language.
 * Returns the language the page speaks.
 */
export async function startPageLanguage({ game = null, user, onSwitch = () => {} } = {}) {
  const account = user === undefined ? await whoIsSignedIn() : user;
  await loadTexts(savedLanguage() || account?.lang || null, game);
  translateDocument();
  installLanguagePicker(document.getElementById('lang-picker'), async (lang) => {
    await loadTexts(lang, game);
    translateDocument();
    onSwitch(lang);
    rememberOnAccount(lang);
  }, language());
  return language();
}

async function whoIsSignedIn() {
  try {
    const response = await fetch('/api/auth/me');
    if (!response.ok) return null;
    const answer = await response.json();
    return answer?.user ?? answer ?? null;
  } catch {
    return null; // the page still speaks the browser's language
  }
}

function rememberOnAccount(lang) {
  // Only an account keeps a language; for a guest or nobody the server answers 401 and this
  // browser's choice is what is remembered.
  fetch('/api/me/language', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ lang }),
  }).catch(() => {});
}
