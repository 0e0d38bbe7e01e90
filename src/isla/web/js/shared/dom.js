// Building page elements with DOM calls: text is always set as text (textContent), never parsed as
// HTML, so a name a user typed shows as typed. The leaderboard and player pages use it; the strict
// CSP (server/headers.py) forbids inline styles, so looks come from classes only.

import { language } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';

/** An HTML element `tag` with attributes `attrs` (class via `class`) and children (strings are text). */
export function el(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** An SVG element, the same way (attributes set as given; no styles). */
export function svg(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG, tag), attrs, children);
}

function build(node, attrs, children) {
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(name, String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
  return node;
}

/** A date and time of the API (ISO 8601, UTC) in the page's language, or a dash. */
export function when(iso) {
  if (!iso) return '–';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(language(), { dateStyle: 'medium', timeStyle: 'short' });
}

/** The path of a player's page. */
export function playerHref(name) {
  return `/players/${encodeURIComponent(name)}`;
}
