// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { danglingRefs } from '../svg/parse.test-helpers.js';
import { CardBack } from './CardBack.js';
import { CardFace } from './CardFace.js';
import { SuitIcon } from './SuitIcon.js';

function mount(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

describe('card components', () => {
  it('CardFace keeps the 2.5 : 3.5 ratio at the requested width', () => {
    const svg = mount(
      renderToStaticMarkup(<CardFace card={{ rank: 'Q', suit: 'spades' }} width={50} />),
    ).querySelector('svg')!;
    expect(svg.getAttribute('width')).toBe('50');
    expect(svg.getAttribute('height')).toBe('70');
    expect(svg.getAttribute('aria-label')).toBe('Queen of spades');
  });

  it('several cards on one page never share gradient or pattern ids', () => {
    const page = mount(
      renderToStaticMarkup(
        <>
          <CardFace card={{ rank: 'K', suit: 'hearts' }} />
          <CardFace card={{ rank: 'K', suit: 'hearts' }} compact />
          <CardBack />
          <CardBack tone="green" />
        </>,
      ),
    );
    const ids = [...page.querySelectorAll('[id]')].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const svg of page.querySelectorAll(':scope > svg')) expect(danglingRefs(svg)).toEqual([]);
  });

  it('SuitIcon draws the suit in its own colour unless told otherwise', () => {
    const red = mount(renderToStaticMarkup(<SuitIcon suit="hearts" size={12} />)).querySelector('path')!;
    expect(red.getAttribute('fill')).toBe('#c8102e');
    const own = mount(renderToStaticMarkup(<SuitIcon suit="spades" color="currentColor" title="spades" />));
    expect(own.querySelector('path')!.getAttribute('fill')).toBe('currentColor');
    expect(own.querySelector('svg')!.getAttribute('aria-label')).toBe('spades');
  });
});
