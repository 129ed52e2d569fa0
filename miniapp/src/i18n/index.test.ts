// @vitest-environment jsdom
/**
 * Russian texts come with the app; English ones are loaded when wanted: before the first paint for a
 * player who chose English, before the switch for one who picks it. (Each case starts from a fresh
 * app: the tests' setup has loaded English into the shared one.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '@svara/locales';

const loading = (lang: 'ru' | 'en') => (resources[lang].common as { loading: string }).loading;
const ru = loading('ru');
const en = loading('en');

async function freshApp() {
  vi.resetModules();
  return import('./index');
}

afterEach(() => localStorage.clear());

describe('the texts of a language', () => {
  it('in Russian, are there from the start, and English ones only once the player picks English', async () => {
    const { i18n, setLanguage, currentLanguage } = await freshApp();
    expect(i18n.t('common.loading')).toBe(ru);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);

    const switching = setLanguage('en');
    expect(currentLanguage()).toBe('en');
    await switching;
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('common.loading')).toBe(en);

    // Back and forth again: both are loaded now, the switch is immediate.
    void setLanguage('ru');
    expect(i18n.t('common.loading')).toBe(ru);
  });

  it('in English, are there before the first paint for a player who chose English', async () => {
    localStorage.setItem('language', 'en');
    const { i18n, languageReady } = await freshApp();
    await languageReady;
    expect(i18n.language).toBe('en');
    expect(i18n.t('common.loading')).toBe(en);
  });
});
