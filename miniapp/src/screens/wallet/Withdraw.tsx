import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_WITHDRAWAL_CENTS, parseDollarString, type WithdrawMethod } from '@svara/core';
import { useStore } from '../../app/store';
import { profile } from '../../app/session';
import { navigate } from '../../app/navigation';
import { PAYMENT_BOT_URL } from '../../app/config';
import { defaultWithdrawMethod, usePaymentMethods } from '../../app/payments';
import { filterAmountInput, withdrawalBlock } from '../../lib/validation';
import { formatMoney, toCents, useFormatUsd } from '../../lib/money';
import { shortTonAddress } from '../../lib/ton-address';
import { openTelegram } from '../../telegram/sdk';
import { PageShell } from '../PageShell';
import { Button } from '../../ui/Button';
import { AmountField, Notice } from './parts';
import { TonWalletLink } from './TonWalletLink';

/** While the methods load (or could not be loaded) the page offers what it always did: the address. */
const FALLBACK_METHODS: readonly WithdrawMethod[] = ['address'];

/**
 * Withdraw: where to (the saved USDT-TON address, or @CryptoBot when offered), the amount (digits,
 * one decimal point), Max, minimum and available, and why Check is off when it is.
 */
export default function Withdraw() {
  const { t } = useTranslation();
  const me = useStore(profile);
  const usd = useFormatUsd();
  const { methods, failed } = usePaymentMethods();
  const [amount, setAmount] = useState('');
  const [picked, setPicked] = useState<WithdrawMethod | null>(null);
  if (!me) return null;

  const loading = !methods && !failed;
  const offered = methods?.withdrawMethods ?? FALLBACK_METHODS;
  const method = defaultWithdrawMethod(offered, picked);
  if (!method) {
    return (
      <PageShell title={t('wallet.withdrawTitle')} testId="withdraw-page">
        <p
          className="card-panel rounded-2xl p-5 text-center text-cream/80"
          data-testid="withdraw-unavailable"
        >
          {t('wallet.withdrawUnavailable')}
        </p>
      </PageShell>
    );
  }

  const needsAddress = method === 'address' && !me.walletAddress;
  const block = withdrawalBlock(amount, me.balance);
  const minimum = usd(MIN_WITHDRAWAL_CENTS / 100);
  // Nothing typed needs no reason, unless no amount could ever be enough.
  const reason =
    block === 'belowMinimum'
      ? t('wallet.belowMinWithdraw', { amount: minimum })
      : block === 'aboveBalance'
        ? t('wallet.aboveBalance', { amount: usd(me.balance) })
        : block === 'empty' && toCents(me.balance) < MIN_WITHDRAWAL_CENTS
          ? t('wallet.balanceBelowMinWithdraw', { amount: minimum })
          : null;

  return (
    <PageShell title={t('wallet.withdrawTitle')} testId="withdraw-page">
      {!methods ? null : offered.length > 1 ? (
        <div className="mb-4" role="radiogroup" aria-label={t('wallet.withdrawTo')}>
          <div className="mb-2 px-1 text-xs uppercase tracking-wider text-[var(--hint)]">
            {t('wallet.withdrawTo')}
          </div>
          <div className="grid grid-cols-2 gap-2">
            {offered.map((id) => (
              <button
                key={id}
                type="button"
                role="radio"
                aria-checked={method === id}
                data-testid={`withdraw-method-${id}`}
                onClick={() => setPicked(id)}
                className={`flex min-h-16 flex-col items-start justify-center gap-0.5 rounded-2xl border px-3 py-2 text-left transition-colors ${method === id ? 'border-gold-400 bg-gold-500/15' : 'border-gold-400/15 bg-black/25'}`}
              >
                <span className="text-sm font-semibold text-cream">
                  {t(id === 'address' ? 'wallet.methodAddress' : 'wallet.methodCryptobot')}
                </span>
                <span className="w-full truncate text-xs text-[var(--hint)]">
                  {id === 'cryptobot'
                    ? t('wallet.noAddressNeeded')
                    : me.walletAddress
                      ? shortTonAddress(me.walletAddress)
                      : t('wallet.addressNotAdded')}
                </span>
              </button>
            ))}
          </div>
        </div>
      ) : null}
      {method === 'address' ? <TonWalletLink className="mb-4" /> : null}
      <div className="card-panel flex flex-col gap-3 rounded-3xl p-4">
        <AmountField
          id="withdraw-amount"
          label={t('wallet.amount')}
          value={amount}
          placeholder="0.00"
          onChange={(text) => setAmount(filterAmountInput(text, amount))}
          trailing={
            <button
              type="button"
              data-testid="withdraw-max"
              onClick={() => setAmount(formatMoney(me.balance))}
              className="absolute right-2 top-1/2 h-9 -translate-y-1/2 rounded-xl bg-gold-500/20 px-3 text-sm font-bold text-gold-300 active:scale-95"
            >
              {t('wallet.max')}
            </button>
          }
        />
        <div className="flex justify-between text-sm">
          <span className="text-[var(--hint)]">{t('wallet.minimum')}</span>
          <span>{minimum}</span>
        </div>
        <div className="flex justify-between text-sm">
          <span className="text-[var(--hint)]">{t('wallet.available')}</span>
          <span className="font-semibold text-gold-300" data-testid="withdraw-available">
            {usd(me.balance)}
          </span>
        </div>
      </div>
      {loading ? null : needsAddress ? (
        <Notice tone="warn" testId="withdraw-needs-address" className="mt-4">
          <p>{t('errors.wallet_address_required')}</p>
          <Button
            size="sm"
            className="mt-3"
            onClick={() => navigate({ name: 'addWallet' })}
            data-testid="wallet-add"
          >
            {t('common.add')}
          </Button>
        </Notice>
      ) : method === 'cryptobot' ? (
        <Notice tone="info" testId="withdraw-cryptobot-note" className="mt-4">
          <p>{t('wallet.cryptobotNote')}</p>
          <button
            type="button"
            className="mt-2 text-sm font-semibold text-gold-300 underline-offset-2 active:underline"
            onClick={() => openTelegram(PAYMENT_BOT_URL)}
            data-testid="open-cryptobot"
          >
            {t('wallet.openCryptobot')}
          </button>
        </Notice>
      ) : (
        <Notice tone="warn" className="mt-4">
          {t('wallet.memoWarning')}
        </Notice>
      )}
      <div className="mt-auto pt-6">
        {reason ? (
          <p className="mb-2 text-center text-xs text-warn" data-testid="withdraw-block-reason">
            {reason}
          </p>
        ) : null}
        <Button
          block
          size="lg"
          disabled={loading || block !== null || needsAddress}
          data-testid="withdraw-check"
          onClick={() =>
            navigate({ name: 'confirmWithdraw', amount: (parseDollarString(amount) ?? 0) / 100, method })
          }
        >
          {t('wallet.check')}
        </Button>
      </div>
    </PageShell>
  );
}
