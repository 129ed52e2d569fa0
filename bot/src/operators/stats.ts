/** /stats as text: the day's numbers, the house share, and the merchant's coverage of players' money. */
import { formatUsdCents } from '@svara/core';
import { t, type Language } from '../i18n.js';
import type { DeskStats } from '@svara/core';
import { percent, utcDateTime } from './format.js';

export function statsText(language: Language, stats: DeskStats): string {
  const money = (cents: number) => formatUsdCents(cents, language);
  const lines = [
    t(language, 'operators.stats.title', { date: utcDateTime(stats.at) }),
    t(language, 'operators.stats.players', {
      total: stats.players.total,
      active: stats.players.activeToday,
    }),
    t(language, 'operators.stats.tables', { tables: stats.tablesRunning, hands: stats.handsToday }),
    t(language, 'operators.stats.on_tables', { amount: money(stats.onTablesCents) }),
    t(language, 'operators.stats.house', {
      today: money(stats.house.todayCents),
      tables: money(stats.house.tablesTodayCents),
      fees: money(stats.house.feesTodayCents),
      month: money(stats.house.monthCents),
    }),
    t(language, 'operators.stats.deposits', {
      count: stats.depositsToday.count,
      amount: money(stats.depositsToday.cents),
    }),
    t(language, 'operators.stats.withdrawals', {
      count: stats.withdrawalsToday.count,
      amount: money(stats.withdrawalsToday.cents),
    }),
    t(language, 'operators.stats.reviews', { count: stats.pendingReviews }),
    '',
    t(language, 'operators.stats.player_balances', { amount: money(stats.playerBalancesCents) }),
    t(language, 'operators.stats.merchant', {
      amount: stats.merchantCents === null ? t(language, 'operators.unknown') : money(stats.merchantCents),
    }),
  ];
  // Per provider only when there are several, or one did not answer: then the sum is partial.
  if (stats.merchants.length > 1 || stats.merchants.some((m) => m.cents === null)) {
    for (const merchant of stats.merchants) {
      lines.push(
        t(language, 'operators.stats.merchant_provider', {
          provider: merchant.provider,
          amount: merchant.cents === null ? t(language, 'operators.unknown') : money(merchant.cents),
        }),
      );
    }
  }
  // Nobody holding money leaves nothing to cover: no ratio then.
  if (stats.merchantCents === null) lines.push(t(language, 'operators.stats.coverage_unknown'));
  else if (stats.coverage === null) return lines.join('\n');
  else if (stats.coverage < 1)
    lines.push(t(language, 'operators.stats.coverage_alarm', { percent: percent(stats.coverage, language) }));
  else lines.push(t(language, 'operators.stats.coverage', { percent: percent(stats.coverage, language) }));
  return lines.join('\n');
}
