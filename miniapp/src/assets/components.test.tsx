// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { CANONICAL_DECK } from '@svara/core';
import {
  AvatarPlaceholder,
  CardBack,
  CardFace,
  Chip,
  CHIP_COLORS,
  ChipStack,
  DealerButton,
  DeckPile,
  Icon,
  ICON_NAMES,
  SuitIcon,
  TableFelt,
} from './index.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('every asset component in a live React tree', () => {
  afterEach(() => vi.restoreAllMocks());

  it('mounts in the browser DOM without a single React warning', () => {
    const errors = vi.spyOn(console, 'error');
    const host = document.createElement('div');
    const root = createRoot(host);
    act(() =>
      root.render(
        <>
          <TableFelt />
          {CANONICAL_DECK.map((card) => (
            <CardFace key={`${card.rank}${card.suit}`} card={card} width={40} />
          ))}
          <CardFace card={{ rank: '7', suit: 'clubs' }} compact />
          <CardBack />
          <CardBack tone="green" />
          <SuitIcon suit="diamonds" />
          {CHIP_COLORS.map((c) => (
            <Chip key={c} color={c} />
          ))}
          <ChipStack amountCount={12} color={['black', 'gold']} />
          <DeckPile />
          <DealerButton />
          {ICON_NAMES.map((n) => (
            <Icon key={n} name={n} />
          ))}
          <AvatarPlaceholder />
        </>,
      ),
    );
    expect(errors).not.toHaveBeenCalled();
    // Attributes reach the DOM under their SVG names.
    expect(host.querySelector('[data-card="Ah"] text')!.getAttribute('font-family')).toContain('serif');
    expect(host.querySelector('[data-card="back"] stop')!.getAttribute('stop-color')).toMatch(/^#/);
    expect(host.querySelector('[data-card="7c"] [data-joker]')).not.toBeNull();
    act(() => root.unmount());
  });
});
