// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { renderSvgDocument } from '../svg/tree.js';
import { parseSvg } from '../svg/parse.test-helpers.js';
import { AvatarPlaceholder, CopyIcon, Icon, SoundOffIcon } from './Icon.js';
import { avatarPlaceholderTree, ICON_NAMES, iconTree } from './shapes.js';

const mount = (html: string): SVGSVGElement => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div.querySelector('svg')!;
};

describe('icons', () => {
  it('covers every icon the screens need', () => {
    const needed = [
      'plus',
      'trophy',
      'more',
      'deposit',
      'withdraw',
      'chat',
      'settings',
      'soundOn',
      'soundOff',
      'exit',
      'copy',
      'share',
      'qr',
      'back',
      'invite',
      'check',
      'close',
      'globe',
      'history',
      'users',
      'info',
    ];
    expect(ICON_NAMES).toEqual(expect.arrayContaining(needed));
  });

  it.each(ICON_NAMES)('%s is well-formed SVG on the 24 grid drawn in the text colour', (name) => {
    const svg = parseSvg(renderSvgDocument(iconTree(name)));
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.getAttribute('stroke')).toBe('currentColor');
    expect(svg.children.length).toBeGreaterThan(0);
  });

  it('draws every icon differently', () => {
    const shapes = ICON_NAMES.map((n) => renderSvgDocument(iconTree(n)).replace(/data-icon="[^"]*"/, ''));
    expect(new Set(shapes).size).toBe(ICON_NAMES.length);
  });

  it('is decorative unless given a title', () => {
    const plain = mount(renderToStaticMarkup(<CopyIcon size={18} />));
    expect(plain.getAttribute('aria-hidden')).toBe('true');
    expect(plain.getAttribute('width')).toBe('18');
    const named = mount(renderToStaticMarkup(<Icon name="soundOn" title="Sound on" strokeWidth={2} />));
    expect(named.getAttribute('role')).toBe('img');
    expect(named.getAttribute('aria-label')).toBe('Sound on');
    expect(named.getAttribute('stroke-width')).toBe('2');
    expect(mount(renderToStaticMarkup(<SoundOffIcon />)).getAttribute('data-icon')).toBe('soundOff');
  });

  it('the avatar placeholder is a round picture with its own clip', () => {
    expect(parseSvg(renderSvgDocument(avatarPlaceholderTree())).querySelector('clipPath')).not.toBeNull();
    const svg = mount(renderToStaticMarkup(<AvatarPlaceholder size={32} background="#123456" />));
    expect(svg.getAttribute('width')).toBe('32');
    expect(svg.querySelector('rect')!.getAttribute('fill')).toBe('#123456');
  });
});
