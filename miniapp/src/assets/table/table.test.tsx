// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { renderSvgDocument } from '../svg/tree.js';
import { danglingRefs, parseSvg } from '../svg/parse.test-helpers.js';
import { CHIP_COLORS, chipColorForBet, chipStackLayout, chipStackTree, chipTree } from './chips.js';
import { ChipStack } from './ChipStack.js';
import { DealerButton } from './DealerButton.js';
import { DeckPile } from './DeckPile.js';
import { tableFeltTree } from './felt.js';
import { TableFelt } from './TableFelt.js';
import { dealerButtonTree, deckPileTree } from './pieces.js';

const mount = (html: string): HTMLElement => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
};

describe('chip colours', () => {
  it('bigger bets never get a cheaper-looking chip', () => {
    const order = [5, 20, 50, 100, 500, 1000, 10000, 1e6].map(chipColorForBet);
    expect(order).toEqual(['white', 'red', 'blue', 'green', 'black', 'purple', 'orange', 'gold']);
  });
});

describe('chip stacks', () => {
  it.each([0, 1, 4, 5, 6, 12, 15])(
    '%d chips are split into columns of at most five, tallest in the middle',
    (n) => {
      const { columns } = chipStackLayout(n);
      expect(columns.reduce((a, b) => a + b, 0)).toBe(n);
      expect(Math.max(...columns)).toBeLessThanOrEqual(5);
      const mid = columns[Math.floor((columns.length - 1) / 2)]!;
      expect(mid).toBe(Math.max(...columns));
    },
  );

  it('draws one chip per count', () => {
    const svg = parseSvg(renderSvgDocument(chipStackTree(7, ['black', 'gold'])));
    expect(svg.getAttribute('data-chips')).toBe('7');
    // Each chip in a stack has its rim path.
    expect(svg.querySelectorAll('g > path')).toHaveLength(7);
  });

  it('ChipStack scales to the chip size asked for', () => {
    const svg = mount(
      renderToStaticMarkup(<ChipStack amountCount={10} color="blue" chipSize={20} />),
    ).querySelector('svg')!;
    expect(svg.getAttribute('data-chips')).toBe('10');
    const layout = chipStackLayout(10);
    expect(Number(svg.getAttribute('width'))).toBeCloseTo(layout.width / 2, 1);
  });
});

describe('table pieces', () => {
  it.each(CHIP_COLORS)('the %s chip is well-formed SVG', (color) => {
    expect(danglingRefs(parseSvg(renderSvgDocument(chipTree(color))))).toEqual([]);
  });

  it('the felt follows the size it is given without stretching', () => {
    const base = parseSvg(renderSvgDocument(tableFeltTree()));
    expect(base.getAttribute('viewBox')).toBe('0 0 315 493');
    expect(danglingRefs(base)).toEqual([]);
    const wide = parseSvg(renderSvgDocument(tableFeltTree(630, 986)));
    expect(wide.getAttribute('viewBox')).toBe('0 0 630 986');
  });

  it('deck pile and dealer button are well-formed SVG', () => {
    for (const tree of [deckPileTree(5), dealerButtonTree()]) {
      expect(danglingRefs(parseSvg(renderSvgDocument(tree)))).toEqual([]);
    }
    expect(parseSvg(renderSvgDocument(dealerButtonTree())).querySelector('text')!.textContent).toBe('D');
  });

  it('the React pieces render at the requested sizes', () => {
    const page = mount(
      renderToStaticMarkup(
        <>
          <TableFelt />
          <DeckPile width={40} />
          <DealerButton size={18} />
        </>,
      ),
    );
    const [felt, deck, dealer] = [...page.querySelectorAll(':scope > svg')];
    expect([felt!.getAttribute('width'), felt!.getAttribute('height')]).toEqual(['315', '493']);
    expect(deck!.getAttribute('width')).toBe('40');
    expect(dealer!.getAttribute('height')).toBe('18');
    const ids = [...page.querySelectorAll('[id]')].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
