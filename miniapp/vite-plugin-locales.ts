/**
 * Splits the shared locale files for the bundle: `virtual:svara-locales/<lang>/core` holds every
 * namespace but the long reading texts, `virtual:svara-locales/<lang>/reading` holds those (rules,
 * agreement), so they load with the modals that show them instead of with the app. The bot's texts
 * are left out altogether.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const READING_NAMESPACES = ['rules', 'agreement'];
/** Namespaces only other parts of the product use (the bot's chat texts): never shipped to the browser. */
export const FOREIGN_NAMESPACES = ['bot'];
const PREFIX = 'virtual:svara-locales/';
const RESOLVED = '\0svara-locales:';

function localeFile(lang: string): string {
  return fileURLToPath(new URL(`../locales/${lang}.json`, import.meta.url));
}

export function svaraLocales(): Plugin {
  return {
    name: 'svara-locales',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const [lang, part] = id.slice(RESOLVED.length).split('/');
      if ((lang !== 'ru' && lang !== 'en') || (part !== 'core' && part !== 'reading')) {
        this.error(`unknown locale module ${id}`);
      }
      const file = localeFile(lang!);
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const picked = Object.fromEntries(
        Object.entries(all).filter(
          ([ns]) =>
            !FOREIGN_NAMESPACES.includes(ns) && READING_NAMESPACES.includes(ns) === (part === 'reading'),
        ),
      );
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}
