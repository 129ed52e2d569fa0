import type { Card } from '@svara/core';
import { renderSvgDocument, type SvgNode } from '../svg/tree.js';
import { cardBackTree, type CardBackTone } from './back.js';
import { cardFaceTree, type CardFaceOptions } from './face.js';
import { CARD_H, CARD_W } from './layout.js';

const sized = (tree: SvgNode): SvgNode => ({
  ...tree,
  attrs: { ...tree.attrs, width: CARD_W, height: CARD_H },
});

/** A card face as a standalone SVG document (250 × 350). */
export function cardSvgMarkup(card: Card, options: CardFaceOptions = {}): string {
  return renderSvgDocument(sized(cardFaceTree(card, options)));
}

/** The card back as a standalone SVG document (250 × 350). */
export function cardBackSvgMarkup(tone: CardBackTone = 'red'): string {
  return renderSvgDocument(sized(cardBackTree(tone)));
}
