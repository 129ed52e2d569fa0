import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_FEE_BPS, MIN_DEPOSIT_CENTS, type Currency } from '@svara/core';
import { copyText } from '../../app/clipboard';
import { navigate } from '../../app/navigation';
import { useCredit, usePaymentMethods } from '../../app/payments';
import { useNow } from '../../app/useNow';
import { formatCountdown, secondsUntil } from '../../lib/format';
import { formatUsdt } from '../../lib/money';
import { PageShell } from '../PageShell';
import { Button } from '../../ui/Button';
import { CopyIcon, QrIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { CurrencyBadge } from './CurrencyBadge';
import { CURRENCY_LABEL, CreditedPanel, Notice, SandboxPayPanel, TrackerIdRow } from './parts';
import { InvitationNotice } from './InvitationNotice';
import { TonPayFromWallet } from './TonPayFromWallet';

function QrImage({ text }: { text: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // The QR encoder is loaded only when the code is shown.
    void import('qrcode').then((qr) =>
      qr
        .toDataURL(text, { margin: 1, width: 220, color: { dark: '#0b2818', light: '#ffffff' } })
        .then((url) => live && setSrc(url)),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <div
      className="mx-auto grid h-[236px] w-[236px] place-items-center rounded-2xl bg-white p-2"
      data-testid="deposit-qr"
    >
      {src ? <img src={src} alt="QR" width={220} height={220} /> : <Spinner />}
    </div>
  );
}

/**
 * Where to send the deposit: address, QR, memo, tracker id, minimum, fee and the countdown to the
 * address's end (`expiresAt`); and, with TON Connect, paying it from the player's wallet
 * (TonPayFromWallet). Once it ends the address is hidden and a new one offered; once the
 * payment is confirmed (a balance event with a message) the page says what was credited.
 */
export default function ConfirmDeposit({
  address,
  trackerId,
  currency,
  expiresAt,
  memo = null,
}: {
  address: string;
  trackerId: string;
  currency: Currency;
  expiresAt: string;
  memo?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const [showQr, setShowQr] = useState(false);
  const credit = useCredit();
  const { methods } = usePaymentMethods();
  const now = useNow(1_000, !credit);
  const seconds = secondsUntil(expiresAt, now);
  const expired = seconds === 0;
  const label = CURRENCY_LABEL[currency];

  if (credit) {
    return (
      <PageShell title={t('wallet.depositWith', { currency: label })} testId="confirm-deposit-page">
        <InvitationNotice />
        <CreditedPanel credit={credit} />
      </PageShell>
    );
  }

  return (
    <PageShell title={t('wallet.depositWith', { currency: label })} testId="confirm-deposit-page">
      {expired ? (
        <Notice tone="error" testId="deposit-expired" className="mb-4">
          <p>{t('wallet.addressExpired')}</p>
          <Button
            size="sm"
            className="mt-3"
            onClick={() => navigate({ name: 'deposit' })}
            data-testid="deposit-new-address"
          >
            {t('wallet.newAddress')}
          </Button>
        </Notice>
      ) : (
        <Notice tone="warn" className="mb-4">
          {t('wallet.sendOnly', { currency: label })}
        </Notice>
      )}
      <div className="card-panel flex flex-col gap-4 rounded-3xl p-4">
        <div className="flex items-center gap-3">
          <CurrencyBadge currency={currency} size={36} />
          <div className="flex-1">
            <div className="text-xs uppercase tracking-wider text-[var(--hint)]">
              {t('wallet.depositAddress')}
            </div>
            {expired ? (
              <div className="text-xs font-semibold text-lose" data-testid="deposit-countdown">
                {t('wallet.expiredShort')}
              </div>
            ) : (
              <div className="text-xs text-cream/60">
                {t('wallet.validFor')}{' '}
                <span className="font-mono font-semibold text-gold-300" data-testid="deposit-countdown">
                  {formatCountdown(seconds)}
                </span>
              </div>
            )}
          </div>
          {expired ? null : (
            <button
              type="button"
              data-testid="qr-toggle"
              onClick={() => setShowQr((s) => !s)}
              className="flex items-center gap-1 rounded-xl border border-gold-400/40 px-2.5 py-1.5 text-xs font-medium text-gold-300"
            >
              <QrIcon className="h-4 w-4" />
              {showQr ? t('wallet.hideQr') : t('wallet.showQr')}
            </button>
          )}
        </div>
        {expired ? null : (
          <>
            {showQr ? <QrImage text={address} /> : null}
            <p
              className="break-all rounded-xl bg-black/30 px-3 py-2.5 font-mono text-sm text-cream"
              data-testid="deposit-address"
            >
              {address}
            </p>
            {memo ? (
              <div className="flex flex-col gap-2" data-testid="deposit-memo">
                <div className="flex items-center justify-between gap-3 text-sm">
                  <span className="text-[var(--hint)]">{t('wallet.memo')}</span>
                  <button
                    type="button"
                    onClick={() => void copyText(memo)}
                    className="flex min-w-0 items-center gap-1.5 font-mono text-cream"
                    data-testid="memo-copy"
                  >
                    <span className="truncate">{memo}</span>
                    <CopyIcon className="h-4 w-4 shrink-0 text-gold-400" />
                  </button>
                </div>
                <Notice tone="warn">{t('wallet.memoRequired')}</Notice>
              </div>
            ) : null}
          </>
        )}
        <TrackerIdRow trackerId={trackerId} />
        {expired ? null : (
          <Button block onClick={() => void copyText(address)} data-testid="copy-address">
            <CopyIcon className="h-4 w-4" />
            {t('wallet.copyAddress')}
          </Button>
        )}
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div className="rounded-xl bg-black/20 px-3 py-2">
            <dt className="text-xs text-[var(--hint)]">{t('wallet.minimum')}</dt>
            <dd className="font-semibold">{formatUsdt(MIN_DEPOSIT_CENTS / 100, i18n.language)}</dd>
          </div>
          <div className="rounded-xl bg-black/20 px-3 py-2">
            <dt className="text-xs text-[var(--hint)]">{t('wallet.fee')}</dt>
            <dd className="font-semibold">{DEPOSIT_FEE_BPS / 100}%</dd>
          </div>
        </dl>
      </div>
      {!expired ? <TonPayFromWallet trackerId={trackerId} currency={currency} className="mt-4" /> : null}
      {!expired ? <p className="mt-3 px-1 text-xs text-[var(--hint)]">{t('wallet.creditHint')}</p> : null}
      {methods?.sandbox && !expired ? <SandboxPayPanel trackerId={trackerId} /> : null}
    </PageShell>
  );
}
