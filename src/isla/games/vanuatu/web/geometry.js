// The hex board's geometry for drawing: where each cell's centre is, the outline of a hex, the side
// two cells share, and what the page derives from the board to explain a sail (its cost). Cells
// are the notation's axial "q,r"; neighbours differ by (±1,0), (0,±1), (1,1) or (-1,-1), so rows
// are drawn shifted half a hex to the left per row.

export const R = 40; // centre to corner
const SQ3 = Math.sqrt(3);

export function parseCell(name) {
  const [q, r] = String(name).split(',').map(Number);
  return { q, r };
}

export function center(name) {
  const { q, r } = parseCell(name);
  return { x: SQ3 * R * (q - r / 2), y: 1.5 * R * r };
}

/** The points attribute of a pointy-top hex around (cx, cy). */
export function hexPoints(cx, cy, r = R) {
  const pts = [];
  for (let k = 0; k < 6; k += 1) {
    const a = (Math.PI / 180) * (60 * k + 30);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

/** The side shared by two neighbouring cells, as a segment (x1, y1, x2, y2) drawn slightly inside `a`. */
export function sharedSide(a, b) {
  const p = center(a);
  const o = center(b);
  const dx = o.x - p.x;
  const dy = o.y - p.y;
  const len = Math.hypot(dx, dy) || 1;
  const mx = p.x + dx * 0.46;
  const my = p.y + dy * 0.46;
  const half = R * 0.42;
  const nx = (-dy / len) * half;
  const ny = (dx / len) * half;
  return { x1: mx + nx, y1: my + ny, x2: mx - nx, y2: my - ny };
}

/** The cell names of the board: the catalog's, or (without it) the cells the view shows. */
export function cellNames(view, catalog) {
  if (catalog.cells.size) return [...catalog.cells.keys()];
  return (view.board || []).map((t) => t.cell);
}

/** The placed tiles: cell -> entry, tile name -> cell. */
export function boardIndex(view) {
  const byCell = new Map();
  const cellOf = new Map();
  for (const entry of view.board || []) {
    byCell.set(entry.cell, entry);
    cellOf.set(entry.tile, entry.cell);
  }
  return { byCell, cellOf };
}

/** The cells next to `name` (from the catalog, or from the axial directions without it). */
export function neighbours(catalog, name) {
  const known = catalog.cells.get(name)?.neighbors;
  if (known) return known;
  const { q, r } = parseCell(name);
  return [[1, 0], [1, 1], [0, 1], [-1, 0], [-1, -1], [0, -1]].map(([dq, dr]) => `${q + dq},${r + dr}`);
}

/** The sailing distance from the seat's boat to each ocean cell within 3 steps over ocean tiles. */
export function sailDistances(view, catalog, seat) {
  const { byCell, cellOf } = boardIndex(view);
  const start = cellOf.get(view.seats?.[seat]?.boat);
  const seen = new Map();
  if (!start) return seen;
  seen.set(start, 0);
  let frontier = [start];
  for (let step = 1; step <= 3; step += 1) {
    const next = [];
    for (const cell of frontier) {
      for (const other of neighbours(catalog, cell)) {
        const entry = byCell.get(other);
        if (seen.has(other) || !entry || entry.huts) continue; // islands carry hut lists
        seen.set(other, step);
        next.push(other);
      }
    }
    frontier = next;
  }
  seen.delete(start);
  return seen;
}

export function isIsland(entry) {
  return Array.isArray(entry?.huts);
}
