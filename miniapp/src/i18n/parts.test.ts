/**
 * The locale files are split for the bundle (vite-plugin-locales.ts): the first screens' texts, the
 * later screens' and the reading texts, every text in exactly one of them. A module that uses a later
 * screen's text is given the import that brings those texts with it; other modules are left as they are.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resources } from '@svara/locales';
import {
  FIRST_SCREEN_KEYS,
  FOREIGN_NAMESPACES,
  LATER_KEYS,
  LATER_NAMESPACES,
  READING_NAMESPACES,
  laterImport,
  textsOf,
  type Part,
} from '../../vite-plugin-locales.ts';

const SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const PARTS: Part[] = ['core', 'later', 'reading'];

/** Every text of a tree as [key, text]. */
function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) return [[prefix, tree]];
  return Object.entries(tree).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

const read = (tree: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], tree);

describe.each(['ru', 'en'] as const)('the %s texts, split', (language) => {
  const all = resources[language];

  it('hold every text of the app in exactly one part, and none of the bot’s', () => {
    const split = PARTS.flatMap((part) => leaves(textsOf(all, part)));
    const app = leaves(
      Object.fromEntries(Object.entries(all).filter(([ns]) => !FOREIGN_NAMESPACES.includes(ns))),
    );
    expect(split.map(([key]) => key).sort()).toEqual(app.map(([key]) => key).sort());
    expect(Object.fromEntries(split)).toEqual(Object.fromEntries(app));
  });

  it('keep the first screens’ texts of later namespaces with the first screens', () => {
    for (const key of FIRST_SCREEN_KEYS) {
      expect(read(all, key), key).toBeDefined();
      expect(read(textsOf(all, 'core'), key), key).toEqual(read(all, key));
      expect(read(textsOf(all, 'later'), key), key).toBeUndefined();
    }
  });

  it('send the texts only the wallet screens show (TON Connect’s errors) with the later part', () => {
    const later = leaves(textsOf(all, 'later')).map(([key]) => key);
    const core = leaves(textsOf(all, 'core')).map(([key]) => key);
    for (const key of ['errors.ton_proof_domain', 'errors.wallet_pay_amount', ...LATER_KEYS.slice(2)]) {
      expect(later, key).toContain(key);
      expect(core, key).not.toContain(key);
    }
    expect(core).toContain('errors.deposit_failed');
  });

  it('put the later and reading namespaces apart from the first screens', () => {
    const core = textsOf(all, 'core');
    for (const ns of READING_NAMESPACES) expect(Object.keys(textsOf(all, 'reading'))).toContain(ns);
    for (const ns of LATER_NAMESPACES) {
      expect(Object.keys(all)).toContain(ns);
      expect(
        leaves(textsOf(all, 'later')).some(([key]) => key.startsWith(`${ns}.`)),
        ns,
      ).toBe(true);
    }
    expect(Object.keys(core)).not.toContain('fairness');
  });
});

describe('a module of the app', () => {
  it('that uses a later screen’s text imports those texts', () => {
    const chat = path.join(SRC, 'screens', 'game', 'ChatSheet.tsx');
    expect(laterImport(chat, "t('chat.title')")).toBe("import '../../i18n/later.ts';");
    expect(laterImport(path.join(SRC, 'main.tsx'), 't(`hands.${key}`)')).toBe("import './i18n/later.ts';");
    // A placeholder right after the namespace may name any of its texts.
    expect(laterImport(path.join(SRC, 'main.tsx'), 't(`protection.${key}`)')).not.toBeNull();
  });

  it('that uses only the first screens’ texts is left as it is, as is i18n itself', () => {
    const lobby = path.join(SRC, 'screens', 'lobby', 'Dashboard.tsx');
    expect(laterImport(lobby, "t('lobby.create'); t('game.connectionLost')")).toBeNull();
    expect(laterImport(lobby, 't(`protection.notice.${kind}`)')).toBeNull();
    expect(laterImport(path.join(SRC, 'i18n', 'later.ts'), "t('chat.title')")).toBeNull();
  });
});
