import { h, idMaker, type SvgNode } from '../svg/tree.js';
import { CARD_CENTER_Y, CARD_H, CARD_RADIUS, CARD_W } from './layout.js';
import { GOLD, PAPER } from './palette.js';

export type CardBackTone = 'red' | 'green';

const TONES: Record<CardBackTone, { light: string; dark: string; lattice: string; deep: string }> = {
  red: { light: '#8e1424', dark: '#4d0711', lattice: '#b3303f', deep: '#3a040c' },
  green: { light: '#11603c', dark: '#05311d', lattice: '#2a8a5c', deep: '#032415' },
};

const CX = CARD_W / 2;

/** The calligraphic "S" monogram, centred at (0, 0). */
const MONOGRAM = 'M21 -33C13 -45 -16 -45 -18 -24C-20 -2 21 -4 21 20C21 42 -11 47 -22 30';

const SPINE = 'M-15 -14C-8 -4 14 -2 18 10';

function monogram(ids: ReturnType<typeof idMaker>): SvgNode {
  const stroke = (color: string, width: number): SvgNode =>
    h('path', { d: MONOGRAM, fill: 'none', stroke: color, 'stroke-width': width, 'stroke-linecap': 'round' });
  // The diagonal stroke is drawn heavier, as a broad pen would.
  const spine = (color: string, width: number): SvgNode =>
    h('path', { d: SPINE, fill: 'none', stroke: color, 'stroke-width': width, 'stroke-linecap': 'round' });
  const ends = (r: number, fill: string): SvgNode[] => [
    h('circle', { cx: 21, cy: -33, r, fill }),
    h('circle', { cx: -22, cy: 30, r, fill }),
  ];
  return h(
    'g',
    { transform: `translate(${CX} ${CARD_CENTER_Y})` },
    // Small diamonds beside the letter, never above or below it, where they would make it read as "$".
    h('path', { d: 'M-44 0L-38 -6L-32 0L-38 6ZM44 0L38 -6L32 0L38 6Z', fill: `url(#${ids('gold')})` }),
    ...[-1, 1].flatMap((s) => [
      h('circle', { cx: 38 * s, cy: -14, r: 1.8, fill: GOLD.mid }),
      h('circle', { cx: 38 * s, cy: 14, r: 1.8, fill: GOLD.mid }),
    ]),
    stroke(GOLD.line, 15),
    spine(GOLD.line, 19),
    ...ends(8.5, GOLD.line),
    stroke(`url(#${ids('gold')})`, 11),
    spine(`url(#${ids('gold')})`, 15),
    ...ends(6.5, GOLD.light),
    h('path', {
      d: MONOGRAM,
      fill: 'none',
      stroke: '#fff6d6',
      'stroke-width': 2,
      'stroke-linecap': 'round',
      opacity: 0.55,
      transform: 'translate(-1.5 -1.5)',
    }),
  );
}

/** The back of every card: a lattice in deep red (or green) with a gold "S" medallion. */
export function cardBackTree(tone: CardBackTone = 'red', idPrefix = `svb${tone}`): SvgNode {
  const ids = idMaker(idPrefix);
  const t = TONES[tone];
  const inset = 11;
  const inner = {
    x: inset,
    y: inset,
    width: CARD_W - 2 * inset,
    height: CARD_H - 2 * inset,
    rx: CARD_RADIUS - 6,
  };
  const frame = (d: number, w: number, color: string): SvgNode =>
    h('rect', {
      x: inner.x + d,
      y: inner.y + d,
      width: inner.width - 2 * d,
      height: inner.height - 2 * d,
      rx: Math.max(2, inner.rx - d / 2),
      fill: 'none',
      stroke: color,
      'stroke-width': w,
    });
  const corner = (rot: number): SvgNode =>
    h(
      'g',
      { transform: `rotate(${rot} ${CX} ${CARD_CENTER_Y})` },
      h('path', {
        d: `M${inset + 16} ${inset + 34}C${inset + 16} ${inset + 22} ${inset + 22} ${inset + 16} ${inset + 34} ${inset + 16}`,
        fill: 'none',
        stroke: GOLD.mid,
        'stroke-width': 2,
      }),
      h('circle', { cx: inset + 22, cy: inset + 22, r: 3, fill: GOLD.light }),
    );
  return h(
    'svg',
    { viewBox: `0 0 ${CARD_W} ${CARD_H}`, role: 'img', 'aria-label': 'Card back', 'data-card': 'back' },
    h(
      'defs',
      {},
      h(
        'radialGradient',
        { id: ids('base'), cx: 0.5, cy: 0.5, r: 0.75 },
        h('stop', { offset: 0, 'stop-color': t.light }),
        h('stop', { offset: 1, 'stop-color': t.dark }),
      ),
      h(
        'linearGradient',
        { id: ids('gold'), x1: 0, y1: 0, x2: 0, y2: 1 },
        h('stop', { offset: 0, 'stop-color': GOLD.light }),
        h('stop', { offset: 1, 'stop-color': GOLD.mid }),
      ),
      h(
        'pattern',
        {
          id: ids('lattice'),
          width: 16,
          height: 16,
          patternUnits: 'userSpaceOnUse',
          x: CX,
          y: CARD_CENTER_Y,
        },
        h('path', { d: 'M0 0L16 16M16 0L0 16', stroke: t.lattice, 'stroke-width': 1.3, opacity: 0.8 }),
        h('path', { d: 'M8 5L11 8L8 11L5 8Z', fill: t.lattice, opacity: 0.55 }),
        h('circle', { cx: 0, cy: 0, r: 1.6, fill: GOLD.mid, opacity: 0.7 }),
        h('circle', { cx: 16, cy: 16, r: 1.6, fill: GOLD.mid, opacity: 0.7 }),
        h('circle', { cx: 16, cy: 0, r: 1.6, fill: GOLD.mid, opacity: 0.7 }),
        h('circle', { cx: 0, cy: 16, r: 1.6, fill: GOLD.mid, opacity: 0.7 }),
      ),
    ),
    h('rect', {
      x: 0.75,
      y: 0.75,
      width: CARD_W - 1.5,
      height: CARD_H - 1.5,
      rx: CARD_RADIUS,
      fill: PAPER.top,
      stroke: PAPER.edge,
      'stroke-width': 1.5,
    }),
    h('rect', { ...inner, fill: `url(#${ids('base')})` }),
    h('rect', { ...inner, fill: `url(#${ids('lattice')})` }),
    frame(6, 2, GOLD.mid),
    frame(10, 0.8, GOLD.mid),
    ...[0, 180].map(corner),
    ...[0, 180].map((rot) =>
      h(
        'g',
        { transform: `rotate(${rot} ${CX} ${CARD_CENTER_Y}) translate(${CARD_W} 0) scale(-1 1)` },
        corner(0),
      ),
    ),
    h('ellipse', {
      cx: CX,
      cy: CARD_CENTER_Y,
      rx: 64,
      ry: 86,
      fill: t.deep,
      stroke: GOLD.line,
      'stroke-width': 7,
    }),
    h('ellipse', {
      cx: CX,
      cy: CARD_CENTER_Y,
      rx: 64,
      ry: 86,
      fill: 'none',
      stroke: `url(#${ids('gold')})`,
      'stroke-width': 4,
    }),
    h('ellipse', {
      cx: CX,
      cy: CARD_CENTER_Y,
      rx: 56,
      ry: 78,
      fill: 'none',
      stroke: GOLD.mid,
      'stroke-width': 1,
      'stroke-dasharray': '1 4',
      'stroke-linecap': 'round',
    }),
    monogram(ids),
  );
}
