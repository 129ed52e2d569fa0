import { resources } from '@svara/locales';
import { describe, expect, it } from 'vitest';
import { interpolate, t } from './i18n.js';

function leaves(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('bot texts', () => {
  const ru = leaves(resources.ru.bot);
  const en = leaves(resources.en.bot);

  it('exist in Russian and English with the same keys and the same placeholders', () => {
    expect([...ru.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of ru) expect(placeholders(text), key).toEqual(placeholders(en.get(key)!));
  });

  it('fill placeholders and leave unknown ones visible', () => {
    expect(interpolate('Balance: ${{balance}} ({{missing}})', { balance: '12.50' })).toBe(
      'Balance: $12.50 ({{missing}})',
    );
    expect(t('en', 'balance', { balance: '$3.00' })).toBe('Your balance: $3.00');
    expect(t('ru', 'balance', { balance: '3,00\u00a0$' })).toBe('Ваш баланс: 3,00\u00a0$');
  });
});
