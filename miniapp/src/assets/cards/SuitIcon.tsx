import type { Suit } from '@svara/core';
import type { CSSProperties, ReactElement } from 'react';
import { SUIT_INK, SUIT_PATHS } from './suits.js';

export type SuitIconProps = {
  suit: Suit;
  /** Square size in CSS pixels. Default 16. */
  size?: number;
  /** Fill colour; defaults to the suit's red or black. Pass "currentColor" to follow the text. */
  color?: string;
  className?: string;
  style?: CSSProperties;
  /** Accessible name; without it the icon is decorative. */
  title?: string;
};

export function SuitIcon({ suit, size = 16, color, className, style, title }: SuitIconProps): ReactElement {
  return (
    <svg
      viewBox="0 0 100 100"
      width={size}
      height={size}
      className={className}
      style={style}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      <path d={SUIT_PATHS[suit]} fill={color ?? SUIT_INK[suit]} />
    </svg>
  );
}
