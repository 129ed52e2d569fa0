/**
 * Every text of both languages (the Mini App's and the bot's) writes amounts and percentages in the
 * formatter's shapes, and leaves a placeholder's unit to the formatter ("{{percent}}", never
 * "{{percent}}%"): a hand-typed "$10" or "5%" in Russian fails here.
 */
import { describe, expect, it } from 'vitest';
import { resources } from '@svara/locales';
import { misshapenNumbers } from '@svara/core';

function leaves(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  if (Array.isArray(tree)) return tree.flatMap((v, i) => leaves(v, `${prefix}.${i}`));
  return Object.entries(tree as Record<string, unknown>).flatMap(([k, v]) =>
    leaves(v, prefix ? `${prefix}.${k}` : k),
  );
}

describe.each(['ru', 'en'] as const)('the %s texts', (language) => {
  const texts = leaves(resources[language]);

  it('write every amount and percentage as the formatter does', () => {
    const wrong = texts.flatMap(([key, text]) => misshapenNumbers(text, language).map((s) => `${key}: ${s}`));
    expect(wrong).toEqual([]);
  });

  it('leave the sign of a formatted placeholder to the formatter', () => {
    const unitNextToPlaceholder = /\}\}[ \u00a0]?[%$]|[%$][ \u00a0]?\{\{/;
    expect(texts.filter(([, text]) => unitNextToPlaceholder.test(text)).map(([key]) => key)).toEqual([]);
  });
});
