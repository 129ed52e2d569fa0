import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { svgToReact } from './react.js';
import { h, idMaker, renderSvgDocument, renderSvgString } from './tree.js';

describe('SVG tree', () => {
  it('renders elements, attributes and text, escaping markup characters', () => {
    const tree = h(
      'svg',
      { viewBox: '0 0 10 10' },
      h('text', { x: 1.23456 }, 'A<&>"'),
      null,
      false,
      h('g', {}),
    );
    expect(renderSvgString(tree)).toBe(
      '<svg viewBox="0 0 10 10"><text x="1.23">A&lt;&amp;&gt;"</text><g/></svg>',
    );
  });

  it('adds the SVG namespace for standalone documents', () => {
    expect(renderSvgDocument(h('svg', {}))).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('keeps generated ids to characters that are safe inside url(#...)', () => {
    expect(idMaker('«r1»:x')('grad')).toBe('r1x-grad');
  });

  it('renders the same drawing through React with React attribute names', () => {
    const tree = h(
      'svg',
      { 'stroke-width': 2, 'data-x': 'y', class: 'c' },
      h('path', { 'fill-rule': 'evenodd' }),
    );
    const html = renderToStaticMarkup(createElement(() => svgToReact(tree, { width: 20 })));
    expect(html).toBe(
      '<svg stroke-width="2" data-x="y" class="c" width="20"><path fill-rule="evenodd"></path></svg>',
    );
  });
});
