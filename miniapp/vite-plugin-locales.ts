/**
 * Splits the shared locale files for the bundle, per language, into three parts:
 * - `virtual:svara-locales/<lang>/core`: what the first screens (start-up, the lobby) need;
 * - `virtual:svara-locales/<lang>/later`: the namespaces only later screens use (the table's chat,
 *   fairness, hand history, the More page and its modals), loaded when one of those screens first
 *   loads;
 * - `virtual:svara-locales/<lang>/reading`: the long reading texts (rules, agreement), loaded with the
 *   modals that show them.
 * The bot's texts are left out altogether.
 *
 * A module of the app that uses a `later` text gets an import of src/i18n/later.ts put in front of
 * it, which waits for those texts: such a module never runs without them, and whoever adds a `later`
 * text to a first screen only makes the first paint wait, never shows a bare key.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const READING_NAMESPACES = ['rules', 'agreement'];
export const LATER_NAMESPACES = [
  'fairness',
  'hands',
  'referralRules',
  'more',
  'referral',
  'chat',
  'payments',
];
/** Namespaces only other parts of the product use (the bot's chat texts): never shipped to the browser. */
export const FOREIGN_NAMESPACES = ['bot'];
const PARTS = ['core', 'later', 'reading'] as const;
type Part = (typeof PARTS)[number];
const PREFIX = 'virtual:svara-locales/';
const RESOLVED = '\0svara-locales:';
const SRC = fileURLToPath(new URL('./src/', import.meta.url));
const LATER_GATE = path.join(SRC, 'i18n', 'later.ts');
/** A text key of a `later` namespace written in a module: 'fairness.title', `hands.${…}`. */
const LATER_KEY = new RegExp(`['"\`](?:${LATER_NAMESPACES.join('|')})\\.[A-Za-z$]`);

function localeFile(lang: string): string {
  return fileURLToPath(new URL(`../locales/${lang}.json`, import.meta.url));
}

function partOf(namespace: string): Part {
  if (READING_NAMESPACES.includes(namespace)) return 'reading';
  if (LATER_NAMESPACES.includes(namespace)) return 'later';
  return 'core';
}

/** The import of src/i18n/later.ts that `file` needs, or null when it uses no `later` text. */
export function laterImport(file: string, code: string): string | null {
  if (!file.startsWith(SRC) || !/\.tsx?$/.test(file) || file.startsWith(path.join(SRC, 'i18n'))) return null;
  if (!LATER_KEY.test(code)) return null;
  const relative = path.relative(path.dirname(file), LATER_GATE).split(path.sep).join('/');
  return `import '${relative.startsWith('.') ? relative : `./${relative}`}';`;
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
      if ((lang !== 'ru' && lang !== 'en') || !PARTS.includes(part as Part)) {
        this.error(`unknown locale module ${id}`);
      }
      const file = localeFile(lang!);
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const picked = Object.fromEntries(
        Object.entries(all).filter(([ns]) => !FOREIGN_NAMESPACES.includes(ns) && partOf(ns) === part),
      );
      return `export default ${JSON.stringify(picked)};`;
    },
    transform(code, id) {
      const gate = laterImport(id.split('?')[0]!, code);
      // On the first line, so no line of the module moves.
      return gate ? { code: gate + code, map: null } : null;
    },
  };
}
