import type { Card } from '@svara/core';
import { useId, useMemo, type CSSProperties, type ReactElement } from 'react';
import { svgToReact } from '../svg/react.js';
import { cardFaceTree } from './face.js';
import { CARD_ASPECT, CARD_SHADOW } from './layout.js';

export type CardFaceProps = {
  card: Card;
  /** Width in CSS pixels; the height follows the 2.5 : 3.5 ratio. Default 64. */
  width?: number;
  /** One big index and one big pip: better below ~60 px. Default false. */
  compact?: boolean;
  /** A soft drop shadow under the card. Default true. */
  shadow?: boolean;
  className?: string;
  style?: CSSProperties;
};

export function CardFace({
  card,
  width = 64,
  compact = false,
  shadow = true,
  className,
  style,
}: CardFaceProps): ReactElement {
  const uid = useId();
  const tree = useMemo(
    () => cardFaceTree({ rank: card.rank, suit: card.suit }, { compact, idPrefix: `svc${uid}` }),
    [card.rank, card.suit, compact, uid],
  );
  return svgToReact(tree, {
    width,
    height: Math.round(width * CARD_ASPECT * 100) / 100,
    className,
    style: shadow ? { filter: CARD_SHADOW, ...style } : style,
  });
}
