/**
 * "Pay from wallet" on the Deposit page (README "TON Connect"): with a wallet connected through TON
 * Connect, the player types an amount; the api builds the transaction for this order (a TON transfer
 * with the memo, or a USDT jetton transfer) and the wallet is asked to send it. Once sent the page
 * only says so and keeps waiting: the deposit is credited when the provider confirms it, as any other.
 * Loaded lazily (TonPayFromWallet.tsx) with TON Connect's code.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WALLET_PAY_AMOUNT, walletPayAmountValid, type Currency } from '@svara/core';
import { ApiError } from '../../../api/http';
import { currentLanguage, errorText } from '../../../i18n';
import { rawToFriendly, shortTonAddress } from '../../../lib/ton-address';
import { haptic } from '../../../telegram/sdk';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { Notice } from '../parts';
import { TonConnectProvider, useWalletPayment } from './adapter';
import { useReturnUrl } from './return-url';
import { walletPayApi } from './wallet-pay-api';

/** What the player sends, as the wallet names it. */
const UNIT: Record<Currency, string> = { USDTTON: 'USDT', TON: 'TON' };

type Status =
  | { state: 'idle' }
  | { state: 'preparing' }
  | { state: 'confirming' }
  | { state: 'sent' }
  | { state: 'refused'; text: string };

/** The amount as typed, kept only while it has at most the currency's decimals. */
export function filterPayAmount(currency: Currency, next: string, previous: string): string {
  const text = next.replace(',', '.');
  const { decimals } = WALLET_PAY_AMOUNT[currency];
  return new RegExp(`^\\d{0,10}(\\.\\d{0,${decimals}})?$`).test(text) ? text : previous;
}

export function PayFromWalletBlock({ trackerId, currency }: { trackerId: string; currency: Currency }) {
  const { t, i18n } = useTranslation();
  const wallet = useWalletPayment();
  const [amount, setAmount] = useState('');
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const busy = status.state === 'preparing' || status.state === 'confirming';
  const valid = walletPayAmountValid(currency, amount);
  const unit = UNIT[currency];
  const en = i18n.language === 'en';

  async function pay() {
    const account = wallet.account;
    if (busy || !valid || !account) return;
    if (account.chain !== '-239' && account.chain !== '-3') {
      setStatus({ state: 'refused', text: t('wallet.tonPay.failed') });
      return;
    }
    setStatus({ state: 'preparing' });
    let transaction;
    try {
      transaction = await walletPayApi.transaction({
        trackerId,
        amount,
        walletAddress: account.address,
        network: account.chain,
      });
    } catch (err) {
      setStatus({
        state: 'refused',
        text: err instanceof ApiError ? errorText(err.code, err.message) : errorText('unknown_error'),
      });
      haptic('error');
      return;
    }
    setStatus({ state: 'confirming' });
    const outcome = await wallet.send(transaction);
    if (outcome.status === 'sent') {
      setStatus({ state: 'sent' });
      haptic('success');
    } else {
      setStatus({
        state: 'refused',
        text: t(outcome.status === 'rejected' ? 'wallet.tonPay.rejected' : 'wallet.tonPay.failed'),
      });
      haptic('error');
    }
  }

  const address = wallet.account ? (rawToFriendly(wallet.account.address) ?? wallet.account.address) : null;
  const minimum = WALLET_PAY_AMOUNT[currency].min;
  return (
    <section className="card-panel flex flex-col gap-3 rounded-3xl p-4" data-testid="wallet-pay">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-xs uppercase tracking-wider text-[var(--hint)]">{t('wallet.tonPay.title')}</h2>
        {address ? (
          <button
            type="button"
            className="text-xs font-medium text-gold-300"
            disabled={busy}
            onClick={() => {
              setStatus({ state: 'idle' });
              void wallet.disconnect();
            }}
            data-testid="wallet-pay-disconnect"
          >
            {t('wallet.tonPay.disconnect')}
          </button>
        ) : null}
      </div>
      {!address ? (
        <>
          <p className="text-sm text-cream/80">{t('wallet.tonPay.connectHint')}</p>
          <Button variant="green" onClick={() => void wallet.connect()} data-testid="wallet-pay-connect">
            {t('wallet.tonPay.connect')}
          </Button>
        </>
      ) : (
        <>
          <p className="flex items-center gap-1.5 text-xs text-cream/70" data-testid="wallet-pay-from">
            {t('wallet.tonPay.from')}
            <span className="font-mono text-cream">{shortTonAddress(address)}</span>
          </p>
          <label htmlFor="wallet-pay-amount" className="text-xs uppercase tracking-wider text-[var(--hint)]">
            {t('wallet.amount')}
          </label>
          <div className="relative">
            <input
              id="wallet-pay-amount"
              data-testid="wallet-pay-amount"
              inputMode="decimal"
              autoComplete="off"
              value={en ? amount : amount.replace('.', ',')}
              placeholder={en ? minimum : minimum.replace('.', ',')}
              disabled={busy}
              onChange={(e) => {
                if (status.state === 'refused') setStatus({ state: 'idle' });
                setAmount(filterPayAmount(currency, e.target.value, amount));
              }}
              className="h-14 w-full rounded-2xl border border-gold-400/30 bg-black/30 pl-4 pr-20 text-2xl font-semibold text-cream outline-none placeholder:text-cream/25 focus:border-gold-400"
            />
            <span className="pointer-events-none absolute right-4 top-1/2 -translate-y-1/2 text-base font-bold text-gold-400">
              {unit}
            </span>
          </div>
          <p className="text-xs text-[var(--hint)]" data-testid="wallet-pay-rule">
            {currency === 'TON'
              ? t('wallet.tonPay.minimumTon')
              : t('wallet.tonPay.minimumUsdt', { amount: en ? minimum : minimum.replace('.', ',') })}
          </p>
          <Button
            block
            variant="green"
            disabled={busy || !valid}
            onClick={() => void pay()}
            data-testid="wallet-pay-button"
          >
            {busy ? <Spinner className="h-4 w-4" /> : null}
            {valid
              ? t('wallet.tonPay.payAmount', {
                  amount: en ? amount : amount.replace('.', ','),
                  currency: unit,
                })
              : t('wallet.tonPay.pay')}
          </Button>
        </>
      )}
      {status.state === 'confirming' ? (
        <p className="text-sm text-cream/80" data-testid="wallet-pay-confirming">
          {t('wallet.tonPay.confirmInWallet')}
        </p>
      ) : null}
      {status.state === 'sent' ? (
        <Notice tone="success" testId="wallet-pay-sent">
          {t('wallet.tonPay.sent')}
        </Notice>
      ) : null}
      {status.state === 'refused' ? (
        <Notice tone="error" testId="wallet-pay-error">
          {status.text}
        </Notice>
      ) : null}
    </section>
  );
}

export default function PayFromWallet({ trackerId, currency }: { trackerId: string; currency: Currency }) {
  const returnUrl = useReturnUrl();
  return (
    <TonConnectProvider language={currentLanguage()} returnUrl={returnUrl}>
      <PayFromWalletBlock trackerId={trackerId} currency={currency} />
    </TonConnectProvider>
  );
}
