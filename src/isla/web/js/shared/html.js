// Small pieces every table page shares, whatever the game: seat colours, and the escaping every
// module uses before it puts text into HTML or SVG (player names come from users).

// One accent per seat (seat 0 first), used for stripes, markers, pieces and the log. The same
// colours are table.css's .seat-0 ... .seat-4 (which set --seat), for HTML that needs no inline style.
export const SEAT_COLOR = ['#b3432f', '#2e6aa8', '#3d8a4c', '#b8862a', '#7b4f9e'];

export function seatColor(seat) {
  return SEAT_COLOR[(Number(seat) || 0) % SEAT_COLOR.length];
}

/** The class that gives an element its seat's colour as --seat (table.css). */
export function seatClass(seat) {
  return `seat-${(Number(seat) || 0) % SEAT_COLOR.length}`;
}

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML/SVG content and attribute values. */
export function esc(value) {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** ` name="value"` pairs for the truthy entries of `attrs` (true gives a bare attribute). */
export function attrs(map) {
  let out = '';
  for (const [name, value] of Object.entries(map)) {
    if (value === undefined || value === null || value === false) continue;
    out += value === true ? ` ${name}` : ` ${name}="${esc(value)}"`;
  }
  return out;
}

export function capitalize(text) {
  const s = String(text ?? '');
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** "1 doubloon", "3 doubloons". */
export function count(n, word, plural = `${word}s`) {
  return `${n} ${n === 1 ? word : plural}`;
}

/** A name from the notation made readable when the catalog has no label: "small-market" -> "Small market". */
export function humanize(name) {
  return capitalize(String(name ?? '').replace(/-/g, ' '));
}

/** A button for the prompt or the fallback list (`map` holds its data-* hooks). */
export function button(label, map, cls = 'btn') {
  return `<button type="button"${attrs({ class: cls, ...map })}>${label}</button>`;
}
