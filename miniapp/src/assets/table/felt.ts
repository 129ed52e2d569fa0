import { h, idMaker, type SvgNode } from '../svg/tree.js';
import { GOLD } from '../cards/palette.js';

/** The game room's table is laid out on this base size (SPEC §2). */
export const TABLE_BASE_W = 315;
export const TABLE_BASE_H = 493;

const FELT = { centre: '#1f7d4c', edge: '#0b4227', line: '#5fb88a' } as const;
const LEATHER = { light: '#5a3a22', mid: '#3a2313', dark: '#1c0f07' } as const;
const WOOD = { light: '#c48a4a', dark: '#7a4a1e' } as const;

/** A rounded "stadium" of the given inset inside the w × h box (the ends are half-circles). */
function stadium(w: number, h0: number, inset: number, attrs: Record<string, string | number>): SvgNode {
  const width = w - 2 * inset;
  const height = h0 - 2 * inset;
  const r = Math.min(width, height) / 2;
  return h('rect', { x: inset, y: inset, width, height, rx: r, ry: r, ...attrs });
}

/**
 * The oval table seen from above: padded leather rail, a thin wooden racetrack, a gold inlay
 * and green felt that is lighter under the lamp in the middle. Geometry follows the given size
 * so strokes never stretch.
 */
export function tableFeltTree(width = TABLE_BASE_W, height = TABLE_BASE_H, idPrefix = 'svt'): SvgNode {
  const ids = idMaker(idPrefix);
  const unit = Math.min(width, height) / TABLE_BASE_W;
  const pad = 3 * unit;
  const rail = 20 * unit;
  const wood = 4 * unit;
  const feltInset = pad + rail + wood;
  return h(
    'svg',
    { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': 'Card table' },
    h(
      'defs',
      {},
      h(
        'radialGradient',
        { id: ids('felt'), cx: 0.5, cy: 0.45, r: 0.6 },
        h('stop', { offset: 0, 'stop-color': FELT.centre }),
        h('stop', { offset: 0.7, 'stop-color': '#135e37' }),
        h('stop', { offset: 1, 'stop-color': FELT.edge }),
      ),
      h(
        'linearGradient',
        { id: ids('leather'), x1: 0, y1: 0, x2: 1, y2: 1 },
        h('stop', { offset: 0, 'stop-color': LEATHER.light }),
        h('stop', { offset: 0.5, 'stop-color': LEATHER.mid }),
        h('stop', { offset: 1, 'stop-color': LEATHER.dark }),
      ),
      h(
        'linearGradient',
        { id: ids('wood'), x1: 0, y1: 0, x2: 0, y2: 1 },
        h('stop', { offset: 0, 'stop-color': WOOD.light }),
        h('stop', { offset: 1, 'stop-color': WOOD.dark }),
      ),
      h(
        'filter',
        { id: ids('shadow'), x: -0.1, y: -0.1, width: 1.2, height: 1.2 },
        h('feDropShadow', {
          dx: 0,
          dy: 3 * unit,
          stdDeviation: 3 * unit,
          'flood-color': '#000',
          'flood-opacity': 0.5,
        }),
      ),
    ),
    stadium(width, height, pad, { fill: `url(#${ids('leather')})`, filter: `url(#${ids('shadow')})` }),
    // The padded rail's sheen and stitching.
    stadium(width, height, pad + rail * 0.3, {
      fill: 'none',
      stroke: '#ffffff',
      'stroke-opacity': 0.1,
      'stroke-width': rail * 0.3,
    }),
    stadium(width, height, pad + rail * 0.5, {
      fill: 'none',
      stroke: '#c9a37a',
      'stroke-opacity': 0.35,
      'stroke-width': 0.8 * unit,
      'stroke-dasharray': `${3 * unit} ${2.5 * unit}`,
    }),
    stadium(width, height, pad + 0.75 * unit, {
      fill: 'none',
      stroke: '#000000',
      'stroke-opacity': 0.45,
      'stroke-width': 1.5 * unit,
    }),
    stadium(width, height, pad + rail, {
      fill: `url(#${ids('wood')})`,
      stroke: '#2a170b',
      'stroke-width': 0.8 * unit,
    }),
    stadium(width, height, pad + rail + wood / 2, {
      fill: 'none',
      stroke: '#ffe2b0',
      'stroke-opacity': 0.35,
      'stroke-width': 0.6 * unit,
    }),
    stadium(width, height, feltInset, { fill: `url(#${ids('felt')})` }),
    // Shade where the felt meets the rail, then the gold inlay and a faint inner line.
    stadium(width, height, feltInset + 3 * unit, {
      fill: 'none',
      stroke: '#000000',
      'stroke-opacity': 0.22,
      'stroke-width': 6 * unit,
    }),
    stadium(width, height, feltInset + 9 * unit, {
      fill: 'none',
      stroke: GOLD.mid,
      'stroke-width': 1.4 * unit,
      'stroke-opacity': 0.9,
    }),
    stadium(width, height, feltInset + 12 * unit, {
      fill: 'none',
      stroke: GOLD.dark,
      'stroke-width': 0.6 * unit,
      'stroke-opacity': 0.6,
    }),
    stadium(width, height, feltInset + 58 * unit, {
      fill: 'none',
      stroke: FELT.line,
      'stroke-width': 1 * unit,
      'stroke-opacity': 0.25,
    }),
  );
}
