import { useId, useMemo, type CSSProperties, type ReactElement } from 'react';
import { svgToReact } from '../svg/react.js';
import { cardBackTree, type CardBackTone } from './back.js';
import { CARD_ASPECT, CARD_SHADOW } from './layout.js';

export type CardBackProps = {
  /** Width in CSS pixels; the height follows the 2.5 : 3.5 ratio. Default 64. */
  width?: number;
  /** Deep red (default) or green. */
  tone?: CardBackTone;
  shadow?: boolean;
  className?: string;
  style?: CSSProperties;
};

export function CardBack({
  width = 64,
  tone = 'red',
  shadow = true,
  className,
  style,
}: CardBackProps): ReactElement {
  const uid = useId();
  const tree = useMemo(() => cardBackTree(tone, `svb${uid}`), [tone, uid]);
  return svgToReact(tree, {
    width,
    height: Math.round(width * CARD_ASPECT * 100) / 100,
    className,
    style: shadow ? { filter: CARD_SHADOW, ...style } : style,
  });
}
