import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_WITHDRAWAL_CENTS, parseDollarString } from '@svara/core';
import { useStore } from '../../app/store';
import { profile } from '../../app/session';
import { navigate } from '../../app/navigation';
import { canCheckWithdrawal, filterAmountInput } from '../../lib/validation';
import { formatMoney } from '../../lib/money';
import { PageShell } from '../PageShell';
import { Button } from '../../ui/Button';
import { WarnIcon } from '../../ui/icons';

/** Withdraw: the amount (digits, one decimal point), Max, minimum and available, then check. */
export default function Withdraw() {
  const { t } = useTranslation();
  const me = useStore(profile);
  const [amount, setAmount] = useState('');
  if (!me) return null;
  const ok = canCheckWithdrawal(amount, me.balance);
  return (
    <PageShell title={t('wallet.withdrawTitle')} testId="withdraw-page">
      <div className="card-panel flex flex-col gap-3 rounded-3xl p-4">
        <label className="text-xs uppercase tracking-wider text-[var(--hint)]">{t('wallet.amount')}</label>
        <div className="relative">
          <span className="absolute left-4 top-1/2 -translate-y-1/2 text-2xl font-bold text-gold-400">$</span>
          <input
            inputMode="decimal"
            data-testid="withdraw-amount"
            value={amount}
            placeholder="0.00"
            onChange={(e) => setAmount(filterAmountInput(e.target.value, amount))}
            className="h-14 w-full rounded-2xl border border-gold-400/30 bg-black/30 pl-10 pr-20 text-2xl font-semibold text-cream outline-none placeholder:text-cream/25 focus:border-gold-400"
          />
          <button
            type="button"
            data-testid="withdraw-max"
            onClick={() => setAmount(formatMoney(me.balance))}
            className="absolute right-2 top-1/2 h-9 -translate-y-1/2 rounded-xl bg-gold-500/20 px-3 text-sm font-bold text-gold-300 active:scale-95"
          >
            {t('wallet.max')}
          </button>
        </div>
        <div className="flex justify-between text-sm">
          <span className="text-[var(--hint)]">{t('wallet.minimum')}</span>
          <span>${formatMoney(MIN_WITHDRAWAL_CENTS / 100)}</span>
        </div>
        <div className="flex justify-between text-sm">
          <span className="text-[var(--hint)]">{t('wallet.available')}</span>
          <span className="font-semibold text-gold-300" data-testid="withdraw-available">
            ${formatMoney(me.balance)}
          </span>
        </div>
      </div>
      <div className="mt-4 flex items-start gap-2 rounded-2xl border border-warn/40 bg-warn/10 p-3 text-sm text-amber-100">
        <WarnIcon className="mt-0.5 h-4 w-4 shrink-0 text-warn" />
        {t('wallet.memoWarning')}
      </div>
      <div className="mt-auto pt-6">
        <Button
          block
          size="lg"
          disabled={!ok}
          data-testid="withdraw-check"
          onClick={() =>
            navigate({ name: 'confirmWithdraw', amount: (parseDollarString(amount) ?? 0) / 100 })
          }
        >
          {t('wallet.check')}
        </Button>
      </div>
    </PageShell>
  );
}
