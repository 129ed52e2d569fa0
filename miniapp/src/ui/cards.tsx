/** Cards and chips as the screens use them. */
import type { Card } from '@svara/core';

const SUIT = { hearts: '♥', diamonds: '♦', clubs: '♣', spades: '♠' } as const;

/** A face-up card, `width` px wide (5:7). */
export function PlayingCard({
  card,
  width = 48,
  className = '',
}: {
  card: Card;
  width?: number;
  className?: string;
}) {
  const red = card.suit === 'hearts' || card.suit === 'diamonds';
  return (
    <div
      data-card={`${card.rank}${card.suit[0]}`}
      className={`relative shrink-0 select-none rounded-[12%/8.6%] border border-black/15 bg-gradient-to-b from-white to-[#f1ece1] shadow-[0_2px_6px_rgb(0_0_0/0.35)] ${red ? 'text-[#c62828]' : 'text-[#1d1d22]'} ${className}`}
      style={{ width, height: width * 1.4 }}
    >
      <span
        className="absolute left-[8%] top-[4%] font-display font-bold leading-none"
        style={{ fontSize: width * 0.3 }}
      >
        {card.rank}
      </span>
      <span className="absolute left-[9%] top-[26%] leading-none" style={{ fontSize: width * 0.24 }}>
        {SUIT[card.suit]}
      </span>
      <span className="absolute bottom-[6%] right-[8%] leading-none" style={{ fontSize: width * 0.55 }}>
        {SUIT[card.suit]}
      </span>
    </div>
  );
}

/** A face-down card. */
export function CardBack({ width = 48, className = '' }: { width?: number; className?: string }) {
  return (
    <div
      className={`relative shrink-0 rounded-[12%/8.6%] border border-white/70 bg-[#8b1c1c] shadow-[0_2px_6px_rgb(0_0_0/0.35)] ${className}`}
      style={{
        width,
        height: width * 1.4,
        backgroundImage:
          'repeating-linear-gradient(45deg, rgb(255 255 255 / 0.13) 0 3px, transparent 3px 7px), repeating-linear-gradient(-45deg, rgb(255 255 255 / 0.13) 0 3px, transparent 3px 7px)',
      }}
    >
      <div className="absolute inset-[9%] rounded-[10%] border border-gold-300/70" />
    </div>
  );
}

const CHIP_COLOURS = ['#d4a942', '#c62828', '#1e56a0', '#2e7d32', '#1b1b1b'] as const;

/** A casino chip, `size` px across; `tone` picks one of five colours. */
export function Chip({
  size = 18,
  tone = 0,
  className = '',
}: {
  size?: number;
  tone?: number;
  className?: string;
}) {
  const colour = CHIP_COLOURS[tone % CHIP_COLOURS.length];
  return (
    <div
      className={`rounded-full shadow-[0_1px_2px_rgb(0_0_0/0.6)] ${className}`}
      style={{
        width: size,
        height: size,
        background: `radial-gradient(circle, ${colour} 0 38%, #fff 38% 44%, ${colour} 44% 100%)`,
        border: '2px dashed rgb(255 255 255 / 0.85)',
      }}
    />
  );
}
