/** Cards and chips as the screens use them, drawn by the shared SVG assets. */
import type { Card } from '@svara/core';
import { CardBack as AssetCardBack, CardFace } from '../assets/cards';

/** A face-up card, `width` px wide (5:7); small cards use the compact face (one big index and pip). */
export function PlayingCard({
  card,
  width = 48,
  className = '',
}: {
  card: Card;
  width?: number;
  className?: string;
}) {
  return (
    <span
      data-card={`${card.rank}${card.suit[0]}`}
      className={`inline-block shrink-0 leading-none ${className}`}
    >
      <CardFace card={card} width={width} compact={width < 44} />
    </span>
  );
}

/** A face-down card. */
export function CardBack({ width = 48, className = '' }: { width?: number; className?: string }) {
  return (
    <span className={`inline-block shrink-0 leading-none ${className}`}>
      <AssetCardBack width={width} />
    </span>
  );
}

export { Chip } from './chip';
