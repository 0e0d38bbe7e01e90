// The page's words in its reader's language: t() and tn() over the texts GET /api/i18n gives
// (isla.i18n.page; docs/i18n.md). The plural rule comes as data (CLDR's rule tree, as Babel holds
// it) and is evaluated here, because the pages' Content-Security-Policy allows no eval.

let current = { lang: 'en', texts: {}, plural: { forms: ['one', 'other'], rules: [] } };

/** Fetch and use the texts of `lang` (null: the browser's Accept-Language), for `game` if given. */
export async function loadTexts(lang, game) {
  const query = new URLSearchParams();
  if (lang) query.set('lang', lang);
  if (game) query.set('game', game);
  const response = await fetch(`/api/i18n?${query}`);
  if (!response.ok) throw new Error(`the page's texts: HTTP ${response.status}`);
  useTexts(await response.json());
  return current.lang;
}

/** Use texts already fetched (the answer of GET /api/i18n). */
export function useTexts(data) {
  current = data;
  document.documentElement.lang = data.lang;
}

export function language() {
  return current.lang;
}

function fill(text, params) {
  return text.replace(/\{(\w+)(?::[^}]*)?\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

const warned = new Set();

/**
 * A text the page asked for that its language lacks: said once on the console (the browser tests
 * in other languages fail on it), and the English shown meanwhile. English itself lacks nothing:
 * its texts are the msgids.
 */
function missing(domain, msgid) {
  const key = `${current.lang}:${domain}:${msgid}`;
  if (current.lang === 'en' || warned.has(key) || !current.texts) return;
  warned.add(key);
  console.warn(`isla: no ${current.lang} text for ${domain}: ${msgid}`);
}

/** The text `msgid` of `domain` (default the generic `isla`), filled; the msgid itself if missing. */
export function t(msgid, params = {}, domain = 'isla') {
  const text = current.texts?.[domain]?.[msgid];
  if (typeof text !== 'string') missing(domain, msgid);
  return fill(typeof text === 'string' ? text : msgid, params);
}

/** The form of the count entry `singular`/`plural` that goes with `n`, filled with n and params. */
export function tn(singular, plural, n, params = {}, domain = 'isla') {
  const forms = current.texts?.[domain]?.[singular];
  const all = { ...params, n };
  if (!Array.isArray(forms)) {
    missing(domain, singular);
    return fill(n === 1 ? singular : plural, all);
  }
  return fill(forms[Math.min(pluralForm(current.plural, n), forms.length - 1)], all);
}

/**
 * Put the reader's language into the page's marked markup (isla/i18n/htmlwords.py): each element
 * marked `data-t` gets its text's translation, each attribute named by `data-t-attr` its value's.
 * The English is kept in the element (data-t, data-t-<attribute>), so switching language again
 * starts from it; run it again after a language change.
 */
export function translateDocument(root = document) {
  for (const el of root.querySelectorAll('[data-t]')) {
    if (!el.dataset.t) el.dataset.t = el.textContent.replace(/\s+/g, ' ').trim();
    el.textContent = t(el.dataset.t);
  }
  for (const el of root.querySelectorAll('[data-t-attr]')) {
    for (const name of el.dataset.tAttr.split(/\s+/).filter(Boolean)) {
      const key = `t-${name}`.replace(/-(\w)/g, (_, c) => c.toUpperCase());
      if (!(key in el.dataset)) el.dataset[key] = (el.getAttribute(name) || '').replace(/\s+/g, ' ').trim();
      el.setAttribute(name, t(el.dataset[key]));
    }
  }
}

/**
 * `items` as one list in the reader's language, joined by the generic domain's messages: "a, b and
 * c" (`how` 'and'), "a, b, c" (','), "a; b; c" (';', notes on one thing).
 */
export function listed(items, how = 'and') {
  const parts = [...items].map(String);
  if (!parts.length) return '';
  let text = parts[0];
  parts.slice(1).forEach((next, i) => {
    if (how === 'and' && i === parts.length - 2) text = t('{first} and {last}', { first: text, last: next });
    else if (how === ';') text = t('{first}; {next}', { first: text, next });
    else text = t('{first}, {next}', { first: text, next });
  });
  return text;
}

/**
 * The lookups a game's own page scripts use: `say` and `say_n` in its page domain (sentences keyed
 * by their English), `term` in its term domain (pieces by id, `fallback` when the catalog has none).
 * A game's words module exports them by these names, which the extraction looks for.
 */
export function gameWords(pageDomain, termDomain) {
  return {
    say: (msg, params = {}) => t(msg, params, pageDomain),
    say_n: (one, many, n, params = {}) => tn(one, many, n, params, pageDomain),
    term: (id, fallback = id) => {
      const text = t(id, {}, termDomain);
      return text === id ? fallback : text;
    },
  };
}

/** Which gettext form the count `n` takes under `rule` ({forms, rules}), as the server's ngettext. */
export function pluralForm(rule, n) {
  const operands = { n: Math.abs(n), i: Math.floor(Math.abs(n)), v: 0, w: 0, f: 0, t: 0, c: 0, e: 0 };
  for (const [tag, tree] of rule.rules) {
    if (holds(tree, operands)) return Math.max(0, rule.forms.indexOf(tag));
  }
  return rule.forms.indexOf('other');
}

function value(node, ops) {
  const [kind, args] = node;
  if (kind === 'value') return args[0];
  if (kind === 'mod') return value(args[0], ops) % value(args[1], ops);
  return ops[kind] ?? 0; // an operand: n, i, v, w, f, t, c, e
}

function holds(node, ops) {
  const [kind, args] = node;
  if (kind === 'or') return holds(args[0], ops) || holds(args[1], ops);
  if (kind === 'and') return holds(args[0], ops) && holds(args[1], ops);
  if (kind === 'not') return !holds(args[0], ops);
  if (kind === 'relation') {
    const [how, expr, ranges] = args;
    const x = value(expr, ops);
    return ranges[1].some(([lo, hi]) => {
      const a = value(lo, ops);
      const b = value(hi, ops);
      return how === 'within' ? x >= a && x <= b : Number.isInteger(x) && x >= a && x <= b;
    });
  }
  return false;
}
