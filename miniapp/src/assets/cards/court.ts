import type { Suit } from '@svara/core';
import { h, type SvgChild, type SvgNode } from '../svg/tree.js';
import { GOLD, HAIR, INK, SKIN } from './palette.js';
import { SUIT_SHADES } from './suits.js';

export type CourtRank = 'K' | 'Q' | 'J';

/** The half-figure is drawn in a 134 × 141 box: the upper half of the court panel. */
export const COURT_HALF_W = 134;
export const COURT_HALF_H = 141;

/** A second robe colour per suit so the four kings (queens, jacks) are told apart at a glance. */
const ACCENT: Record<Suit, string> = {
  hearts: '#2c56a3',
  diamonds: '#2f7a4d',
  clubs: '#b3262f',
  spades: '#2c56a3',
};

type Refs = { gold: string; robe: string };

const goldPart = (d: string, refs: Refs, extra: Record<string, string | number> = {}): SvgNode =>
  h('path', {
    d,
    fill: refs.gold,
    stroke: GOLD.line,
    'stroke-width': 1,
    'stroke-linejoin': 'round',
    ...extra,
  });

const line = (d: string, stroke: string, width: number): SvgNode =>
  h('path', {
    d,
    fill: 'none',
    stroke,
    'stroke-width': width,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  });

function face(rank: CourtRank): SvgChild[] {
  return [
    h('path', { d: 'M60 78L60 97L74 97L74 78Z', fill: SKIN.fill, stroke: SKIN.line, 'stroke-width': 1 }),
    h('ellipse', { cx: 67, cy: 66, rx: 15, ry: 18, fill: SKIN.fill, stroke: SKIN.line, 'stroke-width': 1.2 }),
    h('circle', { cx: 59.5, cy: 72, r: 3, fill: SKIN.blush, opacity: 0.45 }),
    h('circle', { cx: 74.5, cy: 72, r: 3, fill: SKIN.blush, opacity: 0.45 }),
    line('M58 59.5Q61.5 57.5 65 59.5M69 59.5Q72.5 57.5 76 59.5', HAIR.dark, 1.3),
    h('ellipse', { cx: 61.5, cy: 63.5, rx: 1.6, ry: 1.9, fill: INK }),
    h('ellipse', { cx: 72.5, cy: 63.5, rx: 1.6, ry: 1.9, fill: INK }),
    line('M67 63.5L65.6 70.5L68.4 70.5', SKIN.line, 1),
    rank === 'K' ? null : line('M63.5 76Q67 78.5 70.5 76', '#b0464a', 1.4),
  ];
}

/** A point on a cubic Bézier curve, for spacing studs along a trim line. */
function onCurve(p: readonly number[], t: number): [number, number] {
  const u = 1 - t;
  const [x0, y0, x1, y1, x2, y2, x3, y3] = p as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return [
    u * u * u * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3,
    u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3,
  ];
}

const TRIM_LEFT = [0, 131, 14, 119, 30, 114, 47, 112] as const;
const TRIM_RIGHT = [134, 131, 120, 119, 104, 114, 87, 112] as const;
const curve = (p: readonly number[]): string => `M${p[0]} ${p[1]}C${p.slice(2).join(' ')}`;

function robe(suit: Suit, refs: Refs): SvgNode[] {
  const accent = ACCENT[suit];
  const studs = [TRIM_LEFT, TRIM_RIGHT].flatMap((c) =>
    [0.12, 0.37, 0.62, 0.87].map((t) => {
      const [x, y] = onCurve(c, t);
      return h('circle', { cx: x, cy: y + 8, r: 2.2, fill: GOLD.light });
    }),
  );
  return [
    h('path', {
      d: 'M0 141L0 119C12 107 34 101 50 100L84 100C100 101 122 107 134 119L134 141Z',
      fill: refs.robe,
      stroke: GOLD.line,
      'stroke-width': 1,
    }),
    h('path', { d: 'M50 100L67 137L84 100Z', fill: accent }),
    line('M48 100L67 139L86 100', GOLD.mid, 4),
    line(`${curve(TRIM_LEFT)}${curve(TRIM_RIGHT)}`, GOLD.mid, 1.8),
    ...studs,
  ];
}

/** Head, headwear and hair are drawn small and enlarged together. */
const headGroup = (...parts: SvgChild[]): SvgNode =>
  h('g', { transform: 'translate(67 66) scale(1.15) translate(-67 -66)' }, ...parts);

function king(suit: Suit, refs: Refs): SvgChild[] {
  return [
    // Sceptre, resting behind the shoulder.
    line('M16 141L27 42', GOLD.line, 5),
    line('M16 141L27 42', GOLD.mid, 3),
    h('circle', { cx: 27.6, cy: 36, r: 6.5, fill: refs.gold, stroke: GOLD.line, 'stroke-width': 1 }),
    line('M27.6 29.5L27.6 20M23 24L32.2 24', GOLD.mid, 2.6),
    ...robe(suit, refs),
    headGroup(
      // Ermine collar.
      h('path', {
        d: 'M42 96C52 105 82 105 92 96C88 89 46 89 42 96Z',
        fill: '#fbfaf6',
        stroke: '#b9b3a6',
        'stroke-width': 1,
      }),
      ...[51, 60, 74, 83].map((x) => h('path', { d: `M${x} 96.5l1.6 3.4l-1.6 1.4l-1.6 -1.4Z`, fill: INK })),
      ...face('K'),
      h('path', {
        d: 'M52 67C51 84 58 96 67 99C76 96 83 84 82 67C80 76 77 80 73 80C70 78.5 64 78.5 61 80C57 80 54 76 52 67Z',
        fill: HAIR.dark,
      }),
      h('path', {
        d: 'M59.5 76C62.5 72.5 66 73 67 74.8C68 73 71.5 72.5 74.5 76C71 77.2 68.5 76.6 67 76C65.5 76.6 63 77.2 59.5 76Z',
        fill: HAIR.dark,
      }),
      h('path', {
        d: 'M52 55C48 63 49 71 52.5 77L54.5 57ZM82 55C86 63 85 71 81.5 77L79.5 57Z',
        fill: HAIR.dark,
      }),
      goldPart('M49 49L45.5 23L56 36L61 17L67 32L73 17L78 36L88.5 23L85 49Z', refs),
      goldPart('M48.5 47L85.5 47L85 56L49 56Z', refs),
      ...[
        [45.5, 23],
        [61, 17],
        [73, 17],
        [88.5, 23],
      ].map(([x, y]) =>
        h('circle', { cx: x, cy: y, r: 2.6, fill: GOLD.light, stroke: GOLD.line, 'stroke-width': 0.8 }),
      ),
      h('circle', { cx: 67, cy: 51.5, r: 3, fill: SUIT_SHADES[suit][1] }),
      h('circle', { cx: 57, cy: 51.5, r: 2, fill: ACCENT[suit] }),
      h('circle', { cx: 77, cy: 51.5, r: 2, fill: ACCENT[suit] }),
    ),
  ];
}

function queen(suit: Suit, refs: Refs): SvgChild[] {
  const dark = SUIT_SHADES[suit][1];
  return [
    headGroup(
      h('path', {
        d: 'M47 70C44 50 54 42 67 42C80 42 90 50 87 70C88 84 91 92 96 97L38 97C43 92 46 84 47 70Z',
        fill: HAIR.warm,
      }),
    ),
    ...robe(suit, refs),
    // A rose held up at the shoulder.
    line('M110 124C109 110 108 98 110 84', '#3f7a3a', 2.6),
    h('path', { d: 'M109 108C103 104 101 100 102 97C107 98 110 102 109 108Z', fill: '#3f7a3a' }),
    ...[0, 72, 144, 216, 288].map((a) =>
      h('circle', {
        cx: 110 + 5.4 * Math.sin((a * Math.PI) / 180),
        cy: 78 - 5.4 * Math.cos((a * Math.PI) / 180),
        r: 4.8,
        fill: '#e25a6c',
        stroke: '#9c1f33',
        'stroke-width': 0.8,
      }),
    ),
    h('circle', { cx: 110, cy: 78, r: 3.3, fill: GOLD.light, stroke: GOLD.line, 'stroke-width': 0.8 }),
    headGroup(
      ...face('Q'),
      ...[49, 55, 61, 67, 73, 79, 85].map((x) =>
        h('circle', {
          cx: x,
          cy: 94 + (3 - Math.abs(x - 67) / 6) * 1.6,
          r: 3.4,
          fill: GOLD.light,
          stroke: GOLD.line,
          'stroke-width': 0.8,
        }),
      ),
      h('path', {
        d: 'M52 56C56 50 62 49 67 52C72 49 78 50 82 56C78 54 72 54 67 57C62 54 56 54 52 56Z',
        fill: HAIR.warm,
      }),
      goldPart('M52 52L49.5 36L58.5 43L67 29L75.5 43L84.5 36L82 52Z', refs),
      ...[
        [49.5, 35],
        [67, 28],
        [84.5, 35],
      ].map(([x, y]) =>
        h('circle', { cx: x, cy: y, r: 2.8, fill: '#fffaf0', stroke: GOLD.line, 'stroke-width': 0.8 }),
      ),
      h('circle', { cx: 67, cy: 47, r: 2.6, fill: dark }),
    ),
  ];
}

function jack(suit: Suit, refs: Refs): SvgChild[] {
  return [
    // Halberd.
    line('M20 141L30 30', '#6b4a26', 4),
    goldPart('M30.5 11L35 27L30.5 32L26 27Z', refs),
    goldPart('M31 35C41.5 34 46.5 41 44.5 50C40.5 46 35.5 45.5 30.5 46Z', refs),
    ...robe(suit, refs),
    headGroup(
      goldPart('M44 97C52 104 82 104 90 97L86 93C78 98 56 98 48 93Z', refs),
      ...face('J'),
      h('path', {
        d: 'M51 56C47 63 48 73 53 81C52 72 53 64 55.5 57ZM83 56C87 63 86 73 81 81C82 72 81 64 78.5 57Z',
        fill: HAIR.warm,
      }),
      goldPart('M85 46C95 31 105 22 118 17C112 28 102 41 88 52Z', refs),
      line('M87 49C97 36 106 27 116 19', GOLD.line, 0.8),
      h('path', {
        d: 'M47 57C43 42 56 33 70 34C85 35 93 44 88 57Z',
        fill: refs.robe,
        stroke: GOLD.line,
        'stroke-width': 1,
      }),
      line('M47.5 55C60 59 76 59 88 55', GOLD.mid, 4),
      h('circle', { cx: 67, cy: 57.5, r: 2.4, fill: ACCENT[suit] }),
    ),
  ];
}

/** The upper half of a court card; the card mirrors it to make the double-headed figure. */
export function courtHalf(rank: CourtRank, suit: Suit, refs: Refs): SvgNode {
  const parts = rank === 'K' ? king(suit, refs) : rank === 'Q' ? queen(suit, refs) : jack(suit, refs);
  return h('g', {}, ...parts);
}
