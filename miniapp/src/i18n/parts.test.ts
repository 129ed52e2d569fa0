/**
 * The locale files are split for the bundle (vite-plugin-locales.ts): the first screens' texts, the
 * later screens' and the reading texts. A module that uses a later screen's text is given the import
 * that brings those texts with it; other modules are left as they are.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resources } from '@svara/locales';
import {
  FOREIGN_NAMESPACES,
  LATER_NAMESPACES,
  READING_NAMESPACES,
  laterImport,
} from '../../vite-plugin-locales.ts';

const SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

describe('the later screens’ texts', () => {
  it('are whole namespaces of the locale files', () => {
    const namespaces = Object.keys(resources.ru);
    for (const ns of [...LATER_NAMESPACES, ...READING_NAMESPACES, ...FOREIGN_NAMESPACES])
      expect(namespaces).toContain(ns);
  });

  it('come with a module that uses one of them', () => {
    const file = path.join(SRC, 'screens', 'game', 'ChatSheet.tsx');
    expect(laterImport(file, "t('chat.title')")).toBe("import '../../i18n/later.ts';");
    expect(laterImport(path.join(SRC, 'main.tsx'), 't(`hands.${key}`)')).toBe("import './i18n/later.ts';");
  });

  it('are left out of modules that use only the first screens’ texts, and of i18n itself', () => {
    expect(laterImport(path.join(SRC, 'screens', 'lobby', 'Dashboard.tsx'), "t('lobby.create')")).toBeNull();
    expect(laterImport(path.join(SRC, 'i18n', 'later.ts'), "t('chat.title')")).toBeNull();
  });
});
