/**
 * Puts what the app's first paint loads into a few files instead of twenty small ones: a phone opens
 * only a handful of connections at a time (six per host over HTTP/1.1), so each wave of small files
 * costs another round trip on a slow network. The groups come from the module graph: what the app's
 * page (index.html) imports statically, split by whether the public verify page (verify/index.html)
 * imports it too, and by libraries against the app's own code (what only the app's page uses ends up
 * in its entry file). What screens load later is left to the automatic splitting.
 */
import type { Plugin } from 'vite';

type Group = { name: string; test: (id: string) => boolean; priority: number };

export function firstPaintChunks(): { plugin: Plugin; groups: Group[] } {
  const app = new Set<string>();
  const verify = new Set<string>();
  const plugin: Plugin = {
    name: 'svara-first-paint',
    apply: 'build',
    buildEnd() {
      const walk = (entry: string, into: Set<string>) => {
        const queue = [entry];
        while (queue.length > 0) {
          const id = queue.pop()!;
          if (into.has(id)) continue;
          into.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      for (const id of this.getModuleIds()) {
        if (id.endsWith('/miniapp/index.html')) walk(id, app);
        else if (id.endsWith('/miniapp/verify/index.html')) walk(id, verify);
      }
    },
  };
  const library = (id: string) => id.includes('/node_modules/');
  const shared = (id: string) => app.has(id) && verify.has(id);
  const appOnly = (id: string) => app.has(id) && !verify.has(id);
  const groups: Group[] = [
    { name: 'libs', test: (id) => shared(id) && library(id), priority: 4 },
    { name: 'telegram', test: (id) => appOnly(id) && library(id), priority: 3 },
    { name: 'common', test: (id) => shared(id) && !library(id), priority: 2 },
    { name: 'lobby', test: (id) => appOnly(id) && !library(id), priority: 1 },
  ];
  return { plugin, groups };
}
