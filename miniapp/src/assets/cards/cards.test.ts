// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { CANONICAL_DECK, isJoker, type Card } from '@svara/core';
import { danglingRefs, parseSvg } from '../svg/parse.test-helpers.js';
import { cardCode, cardName } from './face.js';
import { cardBackSvgMarkup, cardSvgMarkup } from './markup.js';

const SUIT_WORD = { hearts: 'hearts', diamonds: 'diamonds', clubs: 'clubs', spades: 'spades' } as const;

describe('card faces', () => {
  it.each(CANONICAL_DECK.map((c) => [cardCode(c), c] as const))(
    '%s is well-formed SVG naming its rank and suit',
    (_, card) => {
      const svg = parseSvg(cardSvgMarkup(card));
      expect(svg.getAttribute('viewBox')).toBe('0 0 250 350');
      expect(svg.getAttribute('aria-label')).toContain(SUIT_WORD[card.suit]);
      expect(svg.getAttribute('data-card')).toBe(cardCode(card));
      // Both corner indices carry the rank.
      const ranks = [...svg.querySelectorAll('text')]
        .map((t) => t.textContent)
        .filter((t) => t === card.rank);
      expect(ranks).toHaveLength(2);
      expect(danglingRefs(svg)).toEqual([]);
    },
  );

  it('draws 32 different faces', () => {
    expect(new Set(CANONICAL_DECK.map((c) => cardSvgMarkup(c))).size).toBe(32);
    expect(new Set(CANONICAL_DECK.map((c) => cardSvgMarkup(c, { compact: true }))).size).toBe(32);
  });

  it('marks the joker, and only the joker', () => {
    for (const card of CANONICAL_DECK) {
      for (const compact of [false, true]) {
        const svg = parseSvg(cardSvgMarkup(card, { compact }));
        expect(svg.querySelector('[data-joker]') !== null, `${cardCode(card)} compact=${compact}`).toBe(
          isJoker(card),
        );
      }
    }
    const joker = parseSvg(cardSvgMarkup({ rank: '7', suit: 'clubs' }));
    expect([...joker.querySelectorAll('text')].map((t) => t.textContent)).toContain('JOKER');
    expect(cardName({ rank: '7', suit: 'clubs' })).toBe('Seven of clubs, joker');
  });

  it.each(['7', '8', '9', '10'] as const)('a %s shows that many pips plus the two corner pips', (rank) => {
    const svg = parseSvg(cardSvgMarkup({ rank, suit: 'spades' }));
    expect(svg.querySelectorAll('use')).toHaveLength(Number(rank) + 2);
  });

  it('an ace shows one large pip, court cards a framed double-headed figure', () => {
    const ace = parseSvg(cardSvgMarkup({ rank: 'A', suit: 'hearts' }));
    expect(ace.querySelectorAll('use')).toHaveLength(3);
    const king = parseSvg(cardSvgMarkup({ rank: 'K', suit: 'hearts' }));
    expect(king.querySelector('clipPath')).not.toBeNull();
    expect(king.querySelectorAll('use').length).toBeGreaterThanOrEqual(4);
  });

  it('compact faces keep one big index for tiny sizes', () => {
    const card: Card = { rank: '10', suit: 'diamonds' };
    const svg = parseSvg(cardSvgMarkup(card, { compact: true }));
    expect([...svg.querySelectorAll('text')].map((t) => t.textContent)).toEqual(['10']);
    expect(danglingRefs(svg)).toEqual([]);
  });
});

describe('card back', () => {
  it.each(['red', 'green'] as const)(
    'the %s back is well-formed SVG with its lattice and monogram',
    (tone) => {
      const svg = parseSvg(cardBackSvgMarkup(tone));
      expect(svg.getAttribute('data-card')).toBe('back');
      expect(svg.querySelector('pattern')).not.toBeNull();
      expect(danglingRefs(svg)).toEqual([]);
    },
  );

  it('the two tones differ', () => {
    expect(cardBackSvgMarkup('red')).not.toBe(cardBackSvgMarkup('green'));
  });
});
