// The language picker of the page header: the reader's choice, remembered in this browser
// (localStorage), sent with every WebSocket connection (net.js) and switchable at any time: the
// server then sends the log in words again in the new language, and the game stays where it is.
// Each language is named in itself, so a reader finds their own whatever the page shows.

export const LANG_KEY = 'isla.lang';
const NAMES = { en: 'English', pt: 'Português', nl: 'Nederlands', de: 'Deutsch', zh: '中文' };

/** The language chosen in this browser, or null (the browser's Accept-Language decides). */
export function savedLanguage() {
  try {
    const lang = localStorage.getItem(LANG_KEY);
    return lang && lang in NAMES ? lang : null;
  } catch {
    return null; // storage refused (a private window): no remembered choice
  }
}

/** Remember `lang` as this browser's choice (nothing happens if storage is refused). */
export function saveLanguage(lang) {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    // not remembered; this page still switches
  }
}

/**
 * A <select> of the languages in `container`, showing `shown` (default: this browser's choice or
 * its language); `onChange(lang)` runs when the reader picks one, after the choice is remembered.
 */
export function installLanguagePicker(container, onChange, shown = null) {
  if (!container) return;
  const select = document.createElement('select');
  select.className = 'lang-picker';
  select.dataset.testid = 'lang-picker';
  select.setAttribute('aria-label', 'Language / Sprache / Idioma / Taal / 语言');
  const current = shown || savedLanguage() || (navigator.language || 'en').slice(0, 2).toLowerCase();
  for (const [code, name] of Object.entries(NAMES)) {
    const option = document.createElement('option');
    option.value = code;
    option.textContent = name;
    option.selected = code === current;
    select.append(option);
  }
  select.addEventListener('change', () => {
    saveLanguage(select.value);
    onChange(select.value);
  });
  container.replaceChildren(select);
}
