// The score chart: each seat's score at the end of every round (the replay's `series`, which the
// server builds from the game's own per-seat score, as the viewer may see it), drawn as our own SVG
// with one line per seat in its seat colour. A score hidden from the viewer (null) leaves a gap.
// Names are set as text, never as markup.

import { numberText, seatColor, seatLabel } from './html.js';
import { t } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 320;
const HEIGHT = 160;
const PAD = { left: 28, right: 8, top: 8, bottom: 22 };

function svg(tag, attributes = {}, text = undefined) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, String(value));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The chart as an element (a figure with the SVG and a legend), or null with nothing to draw. */
export function scoreChart(series, names) {
  const points = Array.isArray(series) ? series : [];
  if (points.length === 0) return null;
  const seats = Math.max(...points.map((p) => (p.scores || []).length));
  const values = points.flatMap((p) => (p.scores || []).filter((v) => typeof v === 'number'));
  const top = Math.max(1, ...values);
  const x = (i) => PAD.left + (points.length === 1 ? 0 : (i * (WIDTH - PAD.left - PAD.right)) / (points.length - 1));
  const y = (v) => HEIGHT - PAD.bottom - (v * (HEIGHT - PAD.top - PAD.bottom)) / top;
  // i18n: the title of the chart of each seat's score at the end of every round
  const title = t('Score over the rounds');
  const chart = svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'score-chart-svg', role: 'img' });
  chart.append(svg('title', {}, title));
  chart.append(svg('line', { x1: PAD.left, y1: y(0), x2: WIDTH - PAD.right, y2: y(0), class: 'axis' }));
  chart.append(svg('line', { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: y(0), class: 'axis' }));
  chart.append(svg('text', { x: PAD.left - 4, y: y(top) + 4, 'text-anchor': 'end', class: 'tick' }, numberText(top)));
  chart.append(svg('text', { x: PAD.left - 4, y: y(0), 'text-anchor': 'end', class: 'tick' }, '0'));
  points.forEach((p, i) => {
    chart.append(svg('text', { x: x(i), y: HEIGHT - 6, 'text-anchor': 'middle', class: 'tick' }, numberText(p.round)));
  });
  for (let seat = 0; seat < seats; seat += 1) {
    let path = '';
    let pen = false;
    points.forEach((p, i) => {
      const v = (p.scores || [])[seat];
      if (typeof v !== 'number') {
        pen = false;
        return;
      }
      path += `${pen ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)} `;
      pen = true;
    });
    if (path) {
      chart.append(svg('path', {
        d: path.trim(), fill: 'none', stroke: seatColor(seat), 'stroke-width': 2,
        'data-testid': `score-line-${seat}`,
      }));
    }
  }
  const figure = document.createElement('figure');
  figure.className = 'score-chart';
  figure.dataset.testid = 'score-chart';
  const caption = document.createElement('figcaption');
  // i18n: the chart's caption; {title} is "Score over the rounds", {last} the last round's number
  caption.textContent = t('{title} (rounds 1–{last})', { title, last: numberText(points[points.length - 1].round) });
  const legend = document.createElement('ul');
  legend.className = 'score-chart-legend';
  for (let seat = 0; seat < seats; seat += 1) {
    const li = document.createElement('li');
    li.style.setProperty('--seat', seatColor(seat));
    li.textContent = (names || [])[seat] ?? seatLabel(seat);
    legend.append(li);
  }
  figure.append(caption, chart, legend);
  return figure;
}
