import { h, idMaker, type SvgNode } from '../svg/tree.js';

export const CHIP_COLORS = ['white', 'red', 'blue', 'green', 'black', 'purple', 'orange', 'gold'] as const;
export type ChipColor = (typeof CHIP_COLORS)[number];

/** Body, darker edge and stripe colour of each chip. */
export const CHIP_PALETTE: Record<ChipColor, { body: string; edge: string; stripe: string }> = {
  white: { body: '#eeeae2', edge: '#b9b2a4', stripe: '#2a62b8' },
  red: { body: '#d3273a', edge: '#8e1020', stripe: '#f6f2ea' },
  blue: { body: '#2a62b8', edge: '#173d7a', stripe: '#f6f2ea' },
  green: { body: '#23975a', edge: '#125e36', stripe: '#f6f2ea' },
  black: { body: '#2b2b31', edge: '#0e0e12', stripe: '#e9c45a' },
  purple: { body: '#7a3bb0', edge: '#4b1d73', stripe: '#f6f2ea' },
  orange: { body: '#ee8a1f', edge: '#a95808', stripe: '#fff7e6' },
  gold: { body: '#e2b540', edge: '#9a7014', stripe: '#fff6d6' },
};

/** Chip colour by bet size, so bigger bets look richer. */
export function chipColorForBet(amount: number): ChipColor {
  if (amount <= 5) return 'white';
  if (amount <= 20) return 'red';
  if (amount <= 50) return 'blue';
  if (amount <= 100) return 'green';
  if (amount <= 500) return 'black';
  if (amount <= 1000) return 'purple';
  if (amount <= 10000) return 'orange';
  return 'gold';
}

/** A chip seen from above, in a 100 × 100 box. */
export function chipTree(color: ChipColor, idPrefix = `svchip${color}`): SvgNode {
  const ids = idMaker(idPrefix);
  const p = CHIP_PALETTE[color];
  const stripeR = 42;
  const stripeArc = (2 * Math.PI * stripeR) / 8;
  return h(
    'svg',
    { viewBox: '0 0 100 100', role: 'img', 'aria-label': `${color} chip` },
    h(
      'defs',
      {},
      h(
        'radialGradient',
        { id: ids('gloss'), cx: 0.35, cy: 0.3, r: 0.8 },
        h('stop', { offset: 0, 'stop-color': '#ffffff', 'stop-opacity': 0.35 }),
        h('stop', { offset: 0.6, 'stop-color': '#ffffff', 'stop-opacity': 0 }),
      ),
    ),
    h('circle', { cx: 50, cy: 50, r: 48, fill: p.body, stroke: p.edge, 'stroke-width': 2.5 }),
    h('circle', {
      cx: 50,
      cy: 50,
      r: stripeR,
      fill: 'none',
      stroke: p.stripe,
      'stroke-width': 11,
      'stroke-dasharray': `${stripeArc * 0.42} ${stripeArc * 0.58}`,
      transform: 'rotate(-8 50 50)',
    }),
    h('circle', {
      cx: 50,
      cy: 50,
      r: 32,
      fill: 'none',
      stroke: p.stripe,
      'stroke-width': 1.6,
      'stroke-dasharray': '3 3',
    }),
    h('circle', { cx: 50, cy: 50, r: 26, fill: p.body, stroke: p.edge, 'stroke-width': 2 }),
    h('circle', {
      cx: 50,
      cy: 50,
      r: 17,
      fill: 'none',
      stroke: p.stripe,
      'stroke-width': 1.2,
      'stroke-opacity': 0.6,
    }),
    h('circle', { cx: 50, cy: 50, r: 48, fill: `url(#${ids('gloss')})` }),
  );
}

/** Chip geometry in a stack seen at an angle (units of the stack's own box). */
const CW = 40;
const TILT = 0.36;
const THICK = 6;

function sideChip(x: number, y: number, color: ChipColor): SvgNode {
  const p = CHIP_PALETTE[color];
  const rx = CW / 2;
  const ry = rx * TILT;
  const cx = x + rx;
  const side = `M${x} ${y}L${x} ${y + THICK}A${rx} ${ry} 0 0 0 ${x + CW} ${y + THICK}L${x + CW} ${y}Z`;
  // Stripes on the visible rim: placed by angle so they bunch up towards the sides, as on a real chip.
  const stripes = [-60, -20, 20, 60].map((deg) => {
    const a = (deg * Math.PI) / 180;
    const sx = cx + rx * Math.sin(a);
    const w = 4.4 * Math.cos(a);
    const sy = y + ry * Math.cos(a);
    return h('rect', {
      x: sx - w / 2,
      y: sy + 0.8,
      width: w,
      height: THICK - 1.6,
      fill: p.stripe,
      opacity: 0.95,
    });
  });
  return h(
    'g',
    {},
    h('path', { d: side, fill: p.edge }),
    ...stripes,
    h('ellipse', { cx, cy: y, rx, ry, fill: p.body, stroke: p.edge, 'stroke-width': 0.8 }),
    h('ellipse', {
      cx,
      cy: y,
      rx: rx * 0.8,
      ry: ry * 0.8,
      fill: 'none',
      stroke: p.stripe,
      'stroke-width': 2.2,
      'stroke-dasharray': '3.2 3.6',
    }),
    h('ellipse', {
      cx,
      cy: y,
      rx: rx * 0.5,
      ry: ry * 0.5,
      fill: p.body,
      stroke: p.edge,
      'stroke-width': 0.6,
    }),
  );
}

export type ChipStackLayout = { columns: number[]; width: number; height: number };

/** Splits n chips into columns of at most perColumn, tallest in the middle. */
export function chipStackLayout(count: number, perColumn = 5): ChipStackLayout {
  const n = Math.max(0, Math.floor(count));
  const cols = Math.max(1, Math.ceil(n / perColumn));
  const base = Math.floor(n / cols);
  const extra = n % cols;
  // Extra chips go to the middle columns first, so the pile looks like a pile.
  const order = Array.from({ length: cols }, (_, i) => i).sort(
    (a, b) => Math.abs(a - (cols - 1) / 2) - Math.abs(b - (cols - 1) / 2),
  );
  const columns = Array.from({ length: cols }, () => base);
  for (let i = 0; i < extra; i++) columns[order[i]!]! += 1;
  const tallest = Math.max(...columns, 1);
  const step = CW + 1.5;
  return {
    columns,
    width: CW + (cols - 1) * step + 2,
    height: CW * TILT + THICK + (tallest - 1) * (THICK - 1) + 2,
  };
}

/** A pile of n chips; colours may be one for all or a list used column by column. */
export function chipStackTree(count: number, colors: readonly ChipColor[] = ['red'], perColumn = 5): SvgNode {
  const layout = chipStackLayout(count, perColumn);
  const ry = (CW / 2) * TILT;
  const step = CW + 1.5;
  const bottomTop = layout.height - 1 - THICK - ry;
  const chips = layout.columns.flatMap((n, col) =>
    Array.from({ length: n }, (_, i) =>
      sideChip(1 + col * step, bottomTop - i * (THICK - 1), colors[col % colors.length] ?? 'red'),
    ),
  );
  return h(
    'svg',
    {
      viewBox: `0 0 ${layout.width} ${layout.height}`,
      role: 'img',
      'aria-label': `${count} chips`,
      'data-chips': Math.max(0, Math.floor(count)),
    },
    h('ellipse', {
      cx: layout.width / 2,
      cy: layout.height - ry - 1,
      rx: layout.width / 2,
      ry: ry + 1,
      fill: '#000',
      opacity: 0.25,
    }),
    ...chips,
  );
}
