import { cardBackTree, type CardBackTone } from '../cards/back.js';
import { CARD_H, CARD_W } from '../cards/layout.js';
import { PAPER } from '../cards/palette.js';
import { h, type SvgNode } from '../svg/tree.js';

/** A squared-up deck: a few card edges under a full card back. */
export function deckPileTree(layers = 4, tone: CardBackTone = 'red', idPrefix = 'svdeck'): SvgNode {
  const n = Math.max(1, Math.min(12, Math.floor(layers)));
  const dx = 3;
  const dy = 5;
  const w = CARD_W + (n - 1) * dx + 2;
  const hgt = CARD_H + (n - 1) * dy + 2;
  const edges = Array.from({ length: n - 1 }, (_, i) => {
    const k = n - 1 - i; // deepest first
    return h('rect', {
      x: 1 + k * dx,
      y: 1 + k * dy,
      width: CARD_W,
      height: CARD_H,
      rx: 16,
      fill: i % 2 === 0 ? PAPER.bottom : '#e4ddcf',
      stroke: '#a79f90',
      'stroke-width': 1.5,
    });
  });
  const top = cardBackTree(tone, idPrefix);
  return h('svg', { viewBox: `0 0 ${w} ${hgt}`, role: 'img', 'aria-label': 'Deck' }, ...edges, {
    ...top,
    attrs: {
      ...top.attrs,
      x: 1,
      y: 1,
      width: CARD_W,
      height: CARD_H,
      role: undefined,
      'aria-label': undefined,
    },
  });
}

/** Height over width of a deck pile with this many layers. */
export const deckPileAspect = (layers: number): number => {
  const n = Math.max(1, Math.min(12, Math.floor(layers)));
  return (CARD_H + (n - 1) * 5 + 2) / (CARD_W + (n - 1) * 3 + 2);
};

/** The dealer button: a white puck with a bold "D". */
export function dealerButtonTree(idPrefix = 'svdealer'): SvgNode {
  const gid = `${idPrefix.replace(/[^A-Za-z0-9_-]/g, '')}-face`;
  return h(
    'svg',
    { viewBox: '0 0 100 100', role: 'img', 'aria-label': 'Dealer' },
    h(
      'defs',
      {},
      h(
        'radialGradient',
        { id: gid, cx: 0.4, cy: 0.35, r: 0.75 },
        h('stop', { offset: 0, 'stop-color': '#ffffff' }),
        h('stop', { offset: 1, 'stop-color': '#d9d4c8' }),
      ),
    ),
    h('circle', { cx: 50, cy: 54, r: 44, fill: '#000', opacity: 0.3 }),
    h('circle', { cx: 50, cy: 50, r: 45, fill: '#b8b1a2' }),
    h('circle', { cx: 50, cy: 47, r: 44, fill: `url(#${gid})`, stroke: '#9f988a', 'stroke-width': 1.5 }),
    h('circle', { cx: 50, cy: 47, r: 36, fill: 'none', stroke: '#c9a227', 'stroke-width': 2.5 }),
    h(
      'text',
      {
        x: 50,
        y: 63,
        'text-anchor': 'middle',
        'font-family': "'Helvetica Neue', Arial, 'Roboto', 'DejaVu Sans', sans-serif",
        'font-size': 46,
        'font-weight': 800,
        fill: '#1d1d22',
      },
      'D',
    ),
  );
}
