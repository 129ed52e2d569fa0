import { h, r2, type SvgNode } from '../svg/tree.js';

/**
 * Line icons on a 24 × 24 grid, drawn with the current text colour. Strokes take their width
 * from the root element, so every icon can be drawn thinner or bolder.
 */

const p = (d: string): SvgNode => h('path', { d });
const c = (cx: number, cy: number, r: number): SvgNode => h('circle', { cx, cy, r });
const dot = (cx: number, cy: number, r = 1.5): SvgNode =>
  h('circle', { cx, cy, r, fill: 'currentColor', stroke: 'none' });
const box = (x: number, y: number, w: number, hh: number, rx = 2): SvgNode =>
  h('rect', { x, y, width: w, height: hh, rx });
const solid = (x: number, y: number, w: number, hh: number): SvgNode =>
  h('rect', { x, y, width: w, height: hh, rx: 0.4, fill: 'currentColor', stroke: 'none' });

/** A gear outline: `teeth` flat-topped teeth between an outer and an inner radius. */
function gear(teeth: number, outer: number, inner: number): string {
  const pts: string[] = [];
  const step = (Math.PI * 2) / teeth;
  for (let i = 0; i < teeth; i++) {
    const a = i * step;
    const at = (ang: number, r: number): string =>
      `${r2(12 + r * Math.cos(ang))} ${r2(12 + r * Math.sin(ang))}`;
    pts.push(
      at(a - step * 0.32, inner),
      at(a - step * 0.17, outer),
      at(a + step * 0.17, outer),
      at(a + step * 0.32, inner),
    );
  }
  return `M${pts.join('L')}Z`;
}

const tray = 'M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3';
const speaker = 'M4 9.5h3.2L12 5.5v13l-4.8-4H4Z';

export const ICON_SHAPES = {
  plus: [p('M12 5v14M5 12h14')],
  trophy: [
    p('M8 4h8v5.5a4 4 0 0 1-8 0Z'),
    p('M8 5.5H5v1.2A3.3 3.3 0 0 0 8.3 10M16 5.5h3v1.2A3.3 3.3 0 0 1 15.7 10'),
    p('M12 13.5V17M9 20.5v-2a1.5 1.5 0 0 1 1.5-1.5h3a1.5 1.5 0 0 1 1.5 1.5v2M7.5 20.5h9'),
  ],
  more: [dot(5, 12, 1.7), dot(12, 12, 1.7), dot(19, 12, 1.7)],
  deposit: [p('M12 3.5v10.5M8 10l4 4 4-4'), p(tray)],
  withdraw: [p('M12 14V3.5M8 7.5l4-4 4 4'), p(tray)],
  chat: [
    p(
      'M4 6.5A2.5 2.5 0 0 1 6.5 4h11A2.5 2.5 0 0 1 20 6.5v8a2.5 2.5 0 0 1-2.5 2.5H11l-4.5 3.5V17A2.5 2.5 0 0 1 4 14.5Z',
    ),
    dot(8.5, 10.5, 1.1),
    dot(12, 10.5, 1.1),
    dot(15.5, 10.5, 1.1),
  ],
  settings: [p(gear(8, 9, 6.8)), c(12, 12, 2.8)],
  soundOn: [p(speaker), p('M15.5 9.2a4 4 0 0 1 0 5.6M18.2 6.5a7.8 7.8 0 0 1 0 11')],
  soundOff: [p(speaker), p('M15.5 9.5l5 5M20.5 9.5l-5 5')],
  exit: [
    p('M13.5 4H6.5A1.5 1.5 0 0 0 5 5.5v13A1.5 1.5 0 0 0 6.5 20h7'),
    p('M10 12h10M16.5 8.5 20 12l-3.5 3.5'),
  ],
  copy: [box(8.5, 8.5, 11.5, 11.5), p('M15.5 8.5V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v7.5a2 2 0 0 0 2 2h2.5')],
  share: [c(17.5, 5.5, 2.5), c(6.5, 12, 2.5), c(17.5, 18.5, 2.5), p('M8.7 10.7l6.6-3.9M8.7 13.3l6.6 3.9')],
  qr: [
    box(4, 4, 6.5, 6.5, 1),
    box(13.5, 4, 6.5, 6.5, 1),
    box(4, 13.5, 6.5, 6.5, 1),
    solid(6.25, 6.25, 2, 2),
    solid(15.75, 6.25, 2, 2),
    solid(6.25, 15.75, 2, 2),
    solid(13.5, 13.5, 2.4, 2.4),
    solid(17.6, 13.5, 2.4, 2.4),
    solid(15.6, 15.6, 2.4, 2.4),
    solid(13.5, 17.6, 2.4, 2.4),
    solid(17.6, 17.6, 2.4, 2.4),
  ],
  back: [p('M15 5l-7 7 7 7')],
  chevronRight: [p('M9 5l7 7-7 7')],
  invite: [c(9.5, 8, 3.5), p('M3 20a6.5 6.5 0 0 1 13 0'), p('M19 8v6M16 11h6')],
  check: [p('M5 12.5l4.5 4.5L19 7')],
  close: [p('M6 6l12 12M18 6 6 18')],
  globe: [
    c(12, 12, 8.5),
    h('ellipse', { cx: 12, cy: 12, rx: 3.6, ry: 8.5 }),
    p('M3.5 12h17M5 7.5h14M5 16.5h14'),
  ],
  history: [p('M4.6 13A7.5 7.5 0 1 0 6.7 6.7L4 9.4'), p('M4 5v4.4h4.4'), p('M12 8v4.5l3 2')],
  users: [
    c(9, 8, 3.2),
    p('M3 19.5a6 6 0 0 1 12 0'),
    p('M15.2 5.2a3 3 0 0 1 0 5.6'),
    p('M17 13.8a5.5 5.5 0 0 1 4 5.7'),
  ],
  info: [c(12, 12, 8.5), p('M12 11v5.5'), dot(12, 7.8, 1.1)],
  search: [c(10.5, 10.5, 6), p('M15 15l5 5')],
  lock: [box(5, 10.5, 14, 9.5), p('M8 10.5V8a4 4 0 0 1 8 0v2.5'), dot(12, 15.2, 1.3)],
  eye: [p('M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z'), c(12, 12, 3)],
  refresh: [p('M19.5 12A7.5 7.5 0 1 1 17.3 6.7'), p('M20 4v4.5h-4.5')],
  wifiOff: [
    p('M4 4l16 16'),
    p('M2.5 9a14 14 0 0 1 5-2.8M11.5 5.7A14 14 0 0 1 21.5 9'),
    p('M5.5 12.3a9.5 9.5 0 0 1 4-2.1M15 10.6a9.5 9.5 0 0 1 3.5 1.7'),
    p('M9 15.6a4.8 4.8 0 0 1 6 0'),
    dot(12, 19, 1.3),
  ],
  wallet: [
    p('M4 7.5A2.5 2.5 0 0 1 6.5 5H17v2.5'),
    box(4, 7.5, 16, 12, 2.5),
    p('M20 11.5h-4a2 2 0 0 0 0 4h4'),
    dot(16.3, 13.5, 1),
  ],
  send: [p('M20.5 3.5 3.5 10.5l7 3 3 7Z'), p('M20.5 3.5l-10 10')],
  sliders: [p('M4 7h9M17 7h3M4 17h3M11 17h9'), c(15, 7, 2), c(9, 17, 2)],
} as const satisfies Record<string, readonly SvgNode[]>;

export type IconName = keyof typeof ICON_SHAPES;
export const ICON_NAMES = Object.keys(ICON_SHAPES) as IconName[];

export function iconTree(name: IconName, strokeWidth = 1.8): SvgNode {
  return h(
    'svg',
    {
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': strokeWidth,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      'data-icon': name,
    },
    ...ICON_SHAPES[name],
  );
}

/** A neutral avatar for players without a photo: a head-and-shoulders silhouette in a circle. */
export function avatarPlaceholderTree(
  background = '#3a4556',
  figure = '#9aa6b8',
  idPrefix = 'svav',
): SvgNode {
  const clip = `${idPrefix.replace(/[^A-Za-z0-9_-]/g, '')}-clip`;
  return h(
    'svg',
    { viewBox: '0 0 48 48', 'data-icon': 'avatar' },
    h('defs', {}, h('clipPath', { id: clip }, h('circle', { cx: 24, cy: 24, r: 24 }))),
    h(
      'g',
      { 'clip-path': `url(#${clip})` },
      h('rect', { width: 48, height: 48, fill: background }),
      h('circle', { cx: 24, cy: 19, r: 8.5, fill: figure }),
      h('path', { d: 'M7 48C7 37 15 30.5 24 30.5S41 37 41 48Z', fill: figure }),
    ),
  );
}
