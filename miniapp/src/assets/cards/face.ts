import { isJoker, type Card, type Rank, type Suit } from '@svara/core';
import { h, idMaker, type SvgChild, type SvgNode } from '../svg/tree.js';
import { COURT_HALF_H, COURT_HALF_W, courtHalf, type CourtRank } from './court.js';
import { CARD_CENTER_Y, CARD_H, CARD_RADIUS, CARD_W, isPipRank, PIP_LAYOUT, PIP_SIZE } from './layout.js';
import { GOLD, PAPER } from './palette.js';
import { SUIT_INK, SUIT_PATHS, SUIT_SHADES } from './suits.js';

export const CARD_FONT = "Georgia, 'Times New Roman', 'Noto Serif', 'DejaVu Serif', serif";

const RANK_NAME: Record<Rank, string> = {
  A: 'Ace',
  K: 'King',
  Q: 'Queen',
  J: 'Jack',
  '10': 'Ten',
  '9': 'Nine',
  '8': 'Eight',
  '7': 'Seven',
};
const SUIT_LETTER: Record<Suit, string> = { hearts: 'h', diamonds: 'd', clubs: 'c', spades: 's' };

/** Short code such as "Ah" or "10c": used for ids and data attributes. */
export function cardCode(card: Card): string {
  return `${card.rank}${SUIT_LETTER[card.suit]}`;
}

/** Accessible name such as "Queen of spades" ("Seven of clubs, joker" for the joker). */
export function cardName(card: Card): string {
  return `${RANK_NAME[card.rank]} of ${card.suit}${isJoker(card) ? ', joker' : ''}`;
}

type Ids = ReturnType<typeof idMaker>;

/** A reference to the suit outline in <defs>, centred at (cx, cy). */
function pip(ids: Ids, cx: number, cy: number, size: number, flipped = false): SvgNode {
  const s = size / 100;
  return h('use', {
    href: `#${ids('pip')}`,
    transform: `translate(${cx - size / 2} ${cy - size / 2}) scale(${s})${flipped ? ' rotate(180 50 50)' : ''}`,
  });
}

function verticalGradient(id: string, top: string, bottom: string): SvgNode {
  return h(
    'linearGradient',
    { id, x1: 0, y1: 0, x2: 0, y2: 1 },
    h('stop', { offset: 0, 'stop-color': top }),
    h('stop', { offset: 1, 'stop-color': bottom }),
  );
}

function star(cx: number, cy: number, outer: number, fill: string, stroke: string): SvgNode {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const rad = i % 2 === 0 ? outer : outer * 0.45;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    pts.push(`${(cx + rad * Math.cos(a)).toFixed(2)} ${(cy + rad * Math.sin(a)).toFixed(2)}`);
  }
  return h('path', { d: `M${pts.join('L')}Z`, fill, stroke, 'stroke-width': 1, 'stroke-linejoin': 'round' });
}

function cornerIndex(card: Card, ids: Ids): SvgNode {
  const ink = SUIT_INK[card.suit];
  const wide = card.rank === '10';
  return h(
    'g',
    {},
    h(
      'text',
      {
        x: 30,
        y: 56,
        'text-anchor': 'middle',
        'font-family': CARD_FONT,
        'font-size': 46,
        'font-weight': 700,
        fill: ink,
        textLength: wide ? 44 : undefined,
        lengthAdjust: wide ? 'spacingAndGlyphs' : undefined,
      },
      card.rank,
    ),
    pip(ids, 30, 80, 28),
    isJoker(card) ? star(30, 108, 10, `url(#${ids('gold')})`, GOLD.line) : null,
  );
}

function pipBody(card: Card, ids: Ids): SvgNode[] {
  if (!isPipRank(card.rank)) return [];
  return PIP_LAYOUT[card.rank].map((p) => pip(ids, p.x, p.y, PIP_SIZE, p.flipped));
}

function aceBody(ids: Ids): SvgNode[] {
  const ring = (r: number, w: number, dash?: string): SvgNode =>
    h('circle', {
      cx: 125,
      cy: CARD_CENTER_Y,
      r,
      fill: 'none',
      stroke: GOLD.mid,
      'stroke-width': w,
      'stroke-dasharray': dash,
    });
  const flourish = (rot: number): SvgNode =>
    h('path', {
      d: 'M125 91C118 84 118 76 125 72C132 76 132 84 125 91Z',
      fill: `url(#${ids('gold')})`,
      stroke: GOLD.line,
      'stroke-width': 0.8,
      transform: `rotate(${rot} 125 ${CARD_CENTER_Y})`,
    });
  return [
    ring(80, 2.2),
    ring(74, 1, '2 3'),
    ...[0, 90, 180, 270].map(flourish),
    pip(ids, 125, CARD_CENTER_Y, 112),
  ];
}

function courtBody(rank: CourtRank, suit: Suit, ids: Ids): SvgNode[] {
  const x = (CARD_W - COURT_HALF_W) / 2;
  const y = CARD_CENTER_Y - COURT_HALF_H;
  const refs = { gold: `url(#${ids('gold')})`, robe: `url(#${ids('robe')})` };
  const half = h(
    'g',
    { transform: `translate(${x} ${y})` },
    courtHalf(rank, suit, refs),
    pip(ids, 14, 15, 17),
  );
  return [
    h('rect', {
      x: x - 3,
      y: y - 3,
      width: COURT_HALF_W + 6,
      height: COURT_HALF_H * 2 + 6,
      rx: 8,
      fill: PAPER.panel,
      stroke: GOLD.mid,
      'stroke-width': 2.5,
    }),
    h(
      'g',
      { 'clip-path': `url(#${ids('panel')})` },
      half,
      h('g', { transform: `rotate(180 125 ${CARD_CENTER_Y})` }, half),
    ),
    h('path', {
      d: `M${x} ${CARD_CENTER_Y}L${x + COURT_HALF_W} ${CARD_CENTER_Y}`,
      stroke: GOLD.mid,
      'stroke-width': 1.6,
    }),
    h('rect', {
      x: x + 1,
      y: y + 1,
      width: COURT_HALF_W - 2,
      height: COURT_HALF_H * 2 - 2,
      rx: 6,
      fill: 'none',
      stroke: SUIT_INK[suit],
      'stroke-width': 0.8,
      opacity: 0.5,
    }),
  ];
}

/** The "JOKER" ribbon across the free lower-middle space of the seven of clubs. */
function jokerRibbon(ids: Ids): SvgNode {
  const y = 226;
  return h(
    'g',
    { 'data-joker': 'true' },
    h('path', {
      d: `M62 ${y - 9}L48 ${y - 9}L55 ${y + 1}L48 ${y + 11}L70 ${y + 11}Z M188 ${y - 9}L202 ${y - 9}L195 ${y + 1}L202 ${y + 11}L180 ${y + 11}Z`,
      fill: GOLD.dark,
    }),
    h('path', {
      d: `M62 ${y - 14}Q125 ${y - 22} 188 ${y - 14}L188 ${y + 6}Q125 ${y - 2} 62 ${y + 6}Z`,
      fill: `url(#${ids('gold')})`,
      stroke: GOLD.line,
      'stroke-width': 1.2,
    }),
    h(
      'text',
      {
        x: 125,
        y: y - 1,
        'text-anchor': 'middle',
        'font-family': CARD_FONT,
        'font-size': 17,
        'font-weight': 700,
        'letter-spacing': 3,
        fill: '#5a1010',
      },
      'JOKER',
    ),
    star(76, y - 4, 6, '#5a1010', 'none'),
    star(174, y - 4, 6, '#5a1010', 'none'),
  );
}

/**
 * The compact face for very small cards (under ~60 px wide): one big index and one big pip,
 * readable where the classic layout would blur.
 */
function compactBody(card: Card, ids: Ids): SvgChild[] {
  const ink = SUIT_INK[card.suit];
  const court = card.rank === 'K' || card.rank === 'Q' || card.rank === 'J';
  const wide = card.rank === '10';
  return [
    h(
      'text',
      {
        x: 66,
        y: 122,
        'text-anchor': 'middle',
        'font-family': CARD_FONT,
        'font-size': 108,
        'font-weight': 700,
        fill: ink,
        textLength: wide ? 104 : undefined,
        lengthAdjust: wide ? 'spacingAndGlyphs' : undefined,
      },
      card.rank,
    ),
    pip(ids, 66, 180, 56),
    court
      ? h('path', {
          d: 'M118 236L110 186L136 208L160 172L184 208L210 186L202 236Z',
          fill: `url(#${ids('gold')})`,
          stroke: GOLD.line,
          'stroke-width': 3,
          'stroke-linejoin': 'round',
        })
      : null,
    pip(ids, 160, court ? 284 : 262, court ? 96 : 128),
    isJoker(card)
      ? h('g', { 'data-joker': 'true' }, star(198, 62, 38, `url(#${ids('gold')})`, GOLD.line))
      : null,
  ];
}

export type CardFaceOptions = { idPrefix?: string; compact?: boolean };

/** The whole face of one card as an SVG tree in the 250 × 350 card box. */
export function cardFaceTree(card: Card, options: CardFaceOptions = {}): SvgNode {
  const compact = options.compact ?? false;
  const ids = idMaker(options.idPrefix ?? `svc${cardCode(card)}${compact ? 'x' : ''}`);
  const [light, dark] = SUIT_SHADES[card.suit];
  const rank = card.rank;
  const court = !compact && (rank === 'K' || rank === 'Q' || rank === 'J');
  const body = compact
    ? compactBody(card, ids)
    : rank === 'A'
      ? aceBody(ids)
      : rank === 'K' || rank === 'Q' || rank === 'J'
        ? courtBody(rank, card.suit, ids)
        : pipBody(card, ids);
  const panelX = (CARD_W - COURT_HALF_W) / 2;
  return h(
    'svg',
    {
      viewBox: `0 0 ${CARD_W} ${CARD_H}`,
      role: 'img',
      'aria-label': cardName(card),
      'data-card': cardCode(card),
    },
    h(
      'defs',
      {},
      verticalGradient(ids('paper'), PAPER.top, PAPER.bottom),
      verticalGradient(ids('ink'), light, dark),
      verticalGradient(ids('gold'), GOLD.light, GOLD.mid),
      court ? verticalGradient(ids('robe'), light, dark) : null,
      court
        ? h(
            'clipPath',
            { id: ids('panel') },
            h('rect', {
              x: panelX,
              y: CARD_CENTER_Y - COURT_HALF_H,
              width: COURT_HALF_W,
              height: COURT_HALF_H * 2,
              rx: 6,
            }),
          )
        : null,
      h('path', { id: ids('pip'), d: SUIT_PATHS[card.suit], fill: `url(#${ids('ink')})` }),
    ),
    h('rect', {
      x: 0.75,
      y: 0.75,
      width: CARD_W - 1.5,
      height: CARD_H - 1.5,
      rx: CARD_RADIUS,
      fill: `url(#${ids('paper')})`,
      stroke: PAPER.edge,
      'stroke-width': 1.5,
    }),
    ...body,
    compact ? null : cornerIndex(card, ids),
    compact
      ? null
      : h('g', { transform: `rotate(180 ${CARD_W / 2} ${CARD_CENTER_Y})` }, cornerIndex(card, ids)),
    !compact && isJoker(card) ? jokerRibbon(ids) : null,
  );
}
