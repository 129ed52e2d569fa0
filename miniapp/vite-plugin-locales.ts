/**
 * Splits the shared locale files for the bundle, per language, into three parts:
 * - `virtual:svara-locales/<lang>/core`: what the first screens (start-up, the lobby) need;
 * - `virtual:svara-locales/<lang>/later`: what only later screens use (the table, wallet, fairness,
 *   hand history, More, player protection), loaded with the first of those screens;
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
/**
 * Namespaces the later screens use: the table, wallet, fairness, hand history, More, protection,
 * tournaments.
 */
export const LATER_NAMESPACES = [
  'game',
  'chat',
  'fairness',
  'hands',
  'wallet',
  'payments',
  'protection',
  'more',
  'referral',
  'referralRules',
  'tournaments',
];
/**
 * The texts of those namespaces the first screens show (start-up, the lobby and its banners): they
 * stay with the first screens. A key stands for its whole subtree.
 */
export const FIRST_SCREEN_KEYS = [
  'game.connectionLost',
  'wallet.addWalletTitle',
  'protection.gate.loading',
  'protection.notice',
  'protection.depositRefused',
  'protection.depositRefusedNone',
];
/**
 * The reverse: texts of a first-screen namespace that only later screens show. The TON Connect error
 * texts (connecting a wallet, paying from it) are shown by the wallet screens alone, whose modules use
 * `wallet.*` texts and so wait for the later part. A key stands for its whole subtree and for the
 * keys that continue it after `_` (errors.ton_proof → errors.ton_proof_domain).
 */
export const LATER_KEYS = [
  'errors.ton_proof',
  'errors.wallet_pay',
  'errors.ton_usdt_wallet_missing',
  'errors.ton_api_unavailable',
];
/** Namespaces only other parts of the product use (the bot's chat texts): never shipped to the browser. */
export const FOREIGN_NAMESPACES = ['bot'];
const PARTS = ['core', 'later', 'reading'] as const;
export type Part = (typeof PARTS)[number];
const PREFIX = 'virtual:svara-locales/';
const RESOLVED = '\0svara-locales:';
const SRC = fileURLToPath(new URL('./src/', import.meta.url));
const LATER_GATE = path.join(SRC, 'i18n', 'later.ts');
/**
 * A text key of a later namespace written in a module, up to its end or to the first placeholder of
 * a template: 'wallet.title', `hands.${…}` (read as 'hands').
 */
const LATER_KEY = new RegExp(`['"\`]((?:${LATER_NAMESPACES.join('|')})\\.[\\w.]*)`, 'g');

const within = (key: string, subtree: string) =>
  key === subtree || key.startsWith(`${subtree}.`) || key.startsWith(`${subtree}_`);

/** Which part of the texts a key (or a subtree) belongs to. */
export function partOfKey(key: string): Part {
  const namespace = key.split('.')[0]!;
  if (READING_NAMESPACES.includes(namespace)) return 'reading';
  if (LATER_KEYS.some((later) => within(key, later))) return 'later';
  if (!LATER_NAMESPACES.includes(namespace)) return 'core';
  return FIRST_SCREEN_KEYS.some((first) => within(key, first)) ? 'core' : 'later';
}

/** The texts of `part` in a subtree; undefined when it has none. */
function select(value: unknown, key: string, part: Part): unknown {
  const mixed =
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    [...FIRST_SCREEN_KEYS, ...LATER_KEYS].some((split) => split.startsWith(`${key}.`));
  if (!mixed) return partOfKey(key) === part ? value : undefined;
  const picked = Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => [k, select(v, `${key}.${k}`, part)] as const)
    .filter(([, v]) => v !== undefined);
  return picked.length > 0 ? Object.fromEntries(picked) : undefined;
}

function localeFile(lang: string): string {
  return fileURLToPath(new URL(`../locales/${lang}.json`, import.meta.url));
}

/** The texts of one part from a locale file's texts (the bot's left out). */
export function textsOf(all: Record<string, unknown>, part: Part): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(all)
      .filter(([ns]) => !FOREIGN_NAMESPACES.includes(ns))
      .map(([ns, texts]) => [ns, select(texts, ns, part)] as const)
      .filter(([, texts]) => texts !== undefined),
  );
}

/** The import of src/i18n/later.ts that `file` needs, or null when it uses no `later` text. */
export function laterImport(file: string, code: string): string | null {
  if (!file.startsWith(SRC) || !/\.tsx?$/.test(file) || file.startsWith(path.join(SRC, 'i18n'))) return null;
  const keys = [...code.matchAll(LATER_KEY)].map((m) => m[1]!.replace(/\.$/, ''));
  if (!keys.some((key) => partOfKey(key) === 'later')) return null;
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
      const picked = textsOf(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>, part as Part);
      return `export default ${JSON.stringify(picked)};`;
    },
    transform(code, id) {
      const gate = laterImport(id.split('?')[0]!, code);
      // On the first line, so no line of the module moves.
      return gate ? { code: gate + code, map: null } : null;
    },
  };
}
