/**
 * /stats as text: the day's numbers, the house share, and the merchant's coverage of everything owed
 * to players (balances, referral, withdrawals held, pots in play).
 */
import { formatUsdCents } from '@svara/core';
import { t, type Language } from '../i18n.js';
import type { DeskStats } from '@svara/core';
import { percent, utcDateTime } from './format.js';

const KINDS = ['player_wallet', 'player_referral', 'withdrawal_hold', 'hand_escrow'] as const;

function liabilityName(language: Language, kind: string): string {
  const known = KINDS.find((k) => k === kind);
  return known ? t(language, `operators.stats.kinds.${known}`) : kind;
}

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
    t(language, 'operators.stats.liabilities', { amount: money(stats.liabilitiesCents) }),
    // Each kind of money owed that holds any: balances, referral, withdrawals held, pots in play.
    ...stats.liabilities
      .filter((liability) => liability.cents !== 0)
      .map((liability) =>
        t(language, 'operators.stats.liability', {
          kind: liabilityName(language, liability.kind),
          amount: money(liability.cents),
        }),
      ),
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
