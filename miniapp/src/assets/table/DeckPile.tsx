import { useId, useMemo, type CSSProperties, type ReactElement } from 'react';
import type { CardBackTone } from '../cards/back.js';
import { svgToReact } from '../svg/react.js';
import { deckPileAspect, deckPileTree } from './pieces.js';

export type DeckPileProps = {
  /** Width in CSS pixels. Default 44. */
  width?: number;
  /** How many card edges show. Default 4. */
  layers?: number;
  tone?: CardBackTone;
  className?: string;
  style?: CSSProperties;
};

export function DeckPile({
  width = 44,
  layers = 4,
  tone = 'red',
  className,
  style,
}: DeckPileProps): ReactElement {
  const uid = useId();
  const tree = useMemo(() => deckPileTree(layers, tone, `svdeck${uid}`), [layers, tone, uid]);
  return svgToReact(tree, {
    width,
    height: Math.round(width * deckPileAspect(layers) * 100) / 100,
    className,
    style: { filter: 'drop-shadow(0 2px 2px rgba(0, 0, 0, 0.35))', ...style },
  });
}
