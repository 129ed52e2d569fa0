import { describe, expect, it } from 'vitest';
import { entryScript, isNewerBuild } from './version';

const page = (src: string) =>
  `<html><head><script type="module" crossorigin src="${src}"></script></head></html>`;

describe('build version check', () => {
  it('reads the entry script of index.html', () => {
    expect(entryScript(page('/assets/index-abc.js'))).toBe('/assets/index-abc.js');
    expect(entryScript('<script src="/x.js" type="module"></script>')).toBe('/x.js');
    expect(entryScript('<html></html>')).toBeNull();
  });
  it('sees a new build only when the served entry differs', () => {
    expect(isNewerBuild('/assets/index-abc.js', page('/assets/index-def.js'))).toBe(true);
    expect(isNewerBuild('/assets/index-abc.js', page('/assets/index-abc.js'))).toBe(false);
    expect(isNewerBuild(null, page('/assets/index-def.js'))).toBe(false);
    expect(isNewerBuild('/assets/index-abc.js', 'offline')).toBe(false);
  });
});
