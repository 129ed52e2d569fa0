/**
 * Lays out every asset on one HTML page (cards, backs, table, chips, icons) for visual review.
 * Usage: node --conditions=source --import tsx miniapp/scripts/contact-sheet.ts [outDir]
 * then screenshot outDir/contact-sheet.html with a headless browser.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CANONICAL_DECK } from '@svara/core';
import { cardBackTree } from '../src/assets/cards/back.js';
import { cardFaceTree } from '../src/assets/cards/face.js';
import { CHIP_COLORS, chipStackLayout, chipStackTree, chipTree } from '../src/assets/table/chips.js';
import { TABLE_BASE_H, TABLE_BASE_W, tableFeltTree } from '../src/assets/table/felt.js';
import { dealerButtonTree, deckPileTree } from '../src/assets/table/pieces.js';
import { avatarPlaceholderTree, ICON_NAMES, iconTree } from '../src/assets/icons/shapes.js';
import { renderSvgString, type SvgNode } from '../src/assets/svg/tree.js';
import { outputDir } from './args.js';

const dir = outputDir('test-artifacts');
mkdirSync(dir, { recursive: true });

const svg = (tree: SvgNode, width: number, height: number, style = ''): string =>
  renderSvgString({ ...tree, attrs: { ...tree.attrs, width, height, style: style || undefined } });
const shadow = 'filter: drop-shadow(0 1px 2px rgba(0,0,0,.45))';
const cardH = (w: number): number => (w * 350) / 250;

const faces = (w: number, compact: boolean): string =>
  CANONICAL_DECK.map((c, i) =>
    svg(cardFaceTree(c, { compact, idPrefix: `f${w}${i}` }), w, cardH(w), shadow),
  ).join('');

const chips = CHIP_COLORS.map((c) => svg(chipTree(c), 40, 40)).join('');
const stacks = [1, 3, 4, 5, 7, 10, 12, 15]
  .map((n, i) => {
    const l = chipStackLayout(n);
    const colors = [CHIP_COLORS[i % CHIP_COLORS.length]!, 'red' as const, 'black' as const];
    return svg(chipStackTree(n, colors), l.width * 0.55, l.height * 0.55);
  })
  .join('');
const icons = ICON_NAMES.map(
  (n) => `<figure>${svg(iconTree(n), 28, 28)}<figcaption>${n}</figcaption></figure>`,
).join('');

// A mock room: the table at its base size with hands, the deck, chips and the dealer button.
const hand = (x: number, y: number, w: number, cards: SvgNode[]): string =>
  `<div class="abs" style="left:${x}px;top:${y}px;display:flex;gap:2px">${cards.map((t) => svg(t, w, cardH(w), shadow)).join('')}</div>`;
const backs = (n: number, p: string): SvgNode[] =>
  Array.from({ length: n }, (_, i) => cardBackTree('red', `${p}${i}`));
const stackAt = (x: number, y: number, n: number, color: (typeof CHIP_COLORS)[number]): string => {
  const l = chipStackLayout(n);
  return `<div class="abs" style="left:${x}px;top:${y}px">${svg(chipStackTree(n, [color]), l.width * 0.5, l.height * 0.5)}</div>`;
};
const avatar = (x: number, y: number, i: number): string =>
  `<div class="abs" style="left:${x}px;top:${y}px">${svg(avatarPlaceholderTree(undefined, undefined, `av${i}`), 44, 44, 'border-radius:50%;box-shadow:0 0 0 2px #d9a834')}</div>`;
const room = `<div class="room">
  ${svg(tableFeltTree(), TABLE_BASE_W, TABLE_BASE_H)}
  <div class="abs" style="left:136px;top:214px">${svg(deckPileTree(4, 'red', 'deck'), 40, 60)}</div>
  <div class="pot abs" style="left:108px;top:180px">Pot $ 42.00</div>
  ${stackAt(118, 280, 12, 'black')}
  ${avatar(135, 400, 0)}${hand(112, 440, 30, [
    cardFaceTree({ rank: 'A', suit: 'hearts' }, { compact: true, idPrefix: 'h1' }),
    cardFaceTree({ rank: '7', suit: 'clubs' }, { compact: true, idPrefix: 'h2' }),
    cardFaceTree({ rank: 'K', suit: 'hearts' }, { compact: true, idPrefix: 'h3' }),
  ])}
  ${avatar(20, 300, 1)}${hand(68, 306, 22, backs(3, 'b1'))}${stackAt(70, 350, 3, 'red')}
  ${avatar(20, 130, 2)}${hand(68, 136, 22, backs(3, 'b2'))}${stackAt(74, 180, 5, 'blue')}
  ${avatar(135, 8, 3)}${hand(125, 58, 22, backs(3, 'b3'))}
  ${avatar(250, 130, 4)}${hand(178, 136, 22, backs(3, 'b4'))}${stackAt(200, 180, 7, 'green')}
  ${avatar(250, 300, 5)}${hand(178, 306, 22, backs(3, 'b5'))}
  <div class="abs" style="left:220px;top:400px">${svg(dealerButtonTree(), 22, 22)}</div>
</div>`;

const html = `<!doctype html><html><head><meta charset="utf-8"><title>Svara assets</title><style>
body{margin:0;padding:16px;background:#0f1722;color:#cfd6e0;font:13px system-ui,sans-serif}
h2{font-size:14px;margin:18px 0 8px;color:#e9c45a;font-weight:600}
.row{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end}
.felt{background:#145c36;padding:12px;border-radius:12px}
figure{margin:0;display:flex;flex-direction:column;align-items:center;gap:3px;width:72px;color:#e8edf3}
figcaption{font-size:10px;color:#8c97a6}
.room{position:relative;width:${TABLE_BASE_W}px;height:${TABLE_BASE_H}px;flex:none}
.abs{position:absolute}.pot{width:100px;text-align:center;color:#f7dc8a;font-weight:700}
.cols{display:flex;gap:24px;align-items:flex-start}
</style></head><body>
<h2>Card faces (96 px)</h2><div class="row felt">${faces(96, false)}</div>
<div class="cols"><div><h2>Backs (96 px) and deck</h2><div class="row felt">${svg(cardBackTree('red', 'br'), 96, cardH(96), shadow)}${svg(cardBackTree('green', 'bg'), 96, cardH(96), shadow)}${svg(deckPileTree(5, 'red', 'dp'), 70, 105)}</div>
<h2>Compact faces (34 px), for seats</h2><div class="row felt" style="max-width:620px">${faces(34, true)}</div>
<h2>Classic faces at 34 px, for comparison</h2><div class="row felt" style="max-width:620px">${faces(34, false)}</div>
<h2>Chips and stacks (1, 3, 4, 5, 7, 10, 12, 15)</h2><div class="row felt" style="max-width:620px">${chips}</div><div class="row felt" style="margin-top:8px;max-width:620px">${stacks}${svg(dealerButtonTree('db'), 32, 32)}</div>
<h2>Icons (28 px)</h2><div class="row" style="max-width:640px">${icons}<figure>${svg(avatarPlaceholderTree(), 40, 40)}<figcaption>avatar</figcaption></figure></div>
</div><div><h2>Room mock-up (315 × 493)</h2>${room}</div></div>
</body></html>`;

writeFileSync(join(dir, 'contact-sheet.html'), html);
process.stdout.write(`contact sheet written to ${join(dir, 'contact-sheet.html')}\n`);
