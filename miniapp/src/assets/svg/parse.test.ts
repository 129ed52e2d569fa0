// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { danglingRefs, parseSvg } from './parse.test-helpers.js';

describe('SVG test helpers', () => {
  it('reject malformed markup', () => {
    expect(() => parseSvg('<svg><g></svg>')).toThrow(/invalid SVG/);
  });

  it('find references to ids that are not defined', () => {
    const svg = parseSvg(
      '<svg xmlns="http://www.w3.org/2000/svg"><defs><path id="a"/></defs><use href="#a"/><use href="#b"/><rect fill="url(#c)"/></svg>',
    );
    expect(danglingRefs(svg)).toEqual(['b', 'c']);
  });
});
