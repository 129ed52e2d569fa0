/**
 * Writes every card face and the back as SVG files for review.
 * Usage: node --conditions=source --import tsx miniapp/scripts/export-cards.ts [outDir] [--compact]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CANONICAL_DECK } from '@svara/core';
import { cardCode } from '../src/assets/cards/face.js';
import { cardBackSvgMarkup, cardSvgMarkup } from '../src/assets/cards/markup.js';
import { outputDir } from './args.js';

const dir = outputDir('test-artifacts/cards');
const compact = process.argv.includes('--compact');
mkdirSync(dir, { recursive: true });

let bytes = 0;
for (const card of CANONICAL_DECK) {
  const svg = cardSvgMarkup(card, { compact });
  bytes += svg.length;
  writeFileSync(join(dir, `${cardCode(card)}.svg`), svg);
}
for (const tone of ['red', 'green'] as const) {
  const svg = cardBackSvgMarkup(tone);
  bytes += svg.length;
  writeFileSync(join(dir, tone === 'red' ? 'back.svg' : 'back-green.svg'), svg);
}
process.stdout.write(
  `${CANONICAL_DECK.length} faces and 2 backs (${Math.round(bytes / 1024)} KiB) written to ${dir}\n`,
);
