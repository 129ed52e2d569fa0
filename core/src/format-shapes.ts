/**
 * The shapes money-format.ts writes, as a check over any text a player reads: every amount next to
 * a dollar sign or the chips' sign and every percentage must have been written by formatUsdCents / formatPercent for
 * that language. Tests run it over screens and messages, so a hand-made "$1.5" or "1%" in Russian
 * is caught wherever it appears.
 */
const D = '\\u00a0';

/** Anything that reads as an amount of dollars: digits (with separators or K/M) touching a "$". */
const MONEY_TOKEN = new RegExp(
  `-?\\$[ ${D}]?\\d[\\d.,${D} ]*[KM]?(?<![.,${D} ])|\\d[\\d.,${D} ]*[KM]?[ ${D}]?\\$`,
  'g',
);
/** Anything that reads as an amount of play chips: digits touching their sign "◎". */
const CHIPS_TOKEN = new RegExp(
  `-?\u25ce[ ${D}]?\\d[\\d.,${D} ]*[KM]?(?<![.,${D} ])|\\d[\\d.,${D} ]*[KM]?[ ${D}]?\u25ce`,
  'g',
);
/** Anything that reads as a percentage. */
const PERCENT_TOKEN = new RegExp(`\\d[\\d.,]*[ ${D}]?%`, 'g');

const MONEY_SHAPE = {
  en: /^-?\$(\d{1,3}(,\d{3})*\.\d\d|\d+(\.\d)?[KM])$/,
  ru: new RegExp(`^-?(\\d{1,3}(${D}\\d{3})*,\\d\\d|\\d+(,\\d)?[KM])${D}\\$$`),
};
/** Chips are whole, or carry two decimals (formatChipsMinor). */
const CHIPS_SHAPE = {
  en: /^-?\u25ce(\d{1,3}(,\d{3})*(\.\d\d)?|\d+(\.\d)?[KM])$/,
  ru: new RegExp(`^-?(\\d{1,3}(${D}\\d{3})*(,\\d\\d)?|\\d+(,\\d)?[KM])${D}\u25ce$`),
};
const PERCENT_SHAPE = { en: /^\d+(\.\d{1,2})?%$/, ru: new RegExp(`^\\d+(,\\d{1,2})?${D}%$`) };

/**
 * The amounts and percentages in `text` not in the shape written for `language` (English, or
 * Russian for any other), as found; empty when all are.
 */
export function misshapenNumbers(text: string, language: string): string[] {
  const lang = language === 'en' ? 'en' : 'ru';
  const found: string[] = [];
  for (const token of text.match(MONEY_TOKEN) ?? []) {
    const trimmed = token.trim();
    if (!MONEY_SHAPE[lang].test(trimmed)) found.push(trimmed);
  }
  for (const token of text.match(CHIPS_TOKEN) ?? []) {
    const trimmed = token.trim();
    if (!CHIPS_SHAPE[lang].test(trimmed)) found.push(trimmed);
  }
  for (const token of text.match(PERCENT_TOKEN) ?? []) {
    if (!PERCENT_SHAPE[lang].test(token)) found.push(token);
  }
  return found;
}
