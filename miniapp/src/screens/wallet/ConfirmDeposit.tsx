import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_ADDRESS_TTL_SECONDS, DEPOSIT_FEE_BPS, MIN_DEPOSIT_CENTS, type Currency } from '@svara/core';
import { copyText } from '../../app/clipboard';
import { formatCountdown, shortTrackerIdDeposit, tickCountdown } from '../../lib/format';
import { PageShell } from '../PageShell';
import { Button } from '../../ui/Button';
import { CopyIcon, QrIcon, WarnIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { CurrencyBadge } from './CurrencyBadge';

const LABEL: Record<Currency, string> = { USDTTON: 'USDT-TON', TON: 'TON' };

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

/** Where to send the deposit: address, QR, tracker id, minimum, fee and the address's lifetime. */
export default function ConfirmDeposit({
  address,
  trackerId,
  currency,
}: {
  address: string;
  trackerId: string;
  currency: Currency;
}) {
  const { t } = useTranslation();
  const [showQr, setShowQr] = useState(false);
  const [seconds, setSeconds] = useState(DEPOSIT_ADDRESS_TTL_SECONDS);
  useEffect(() => {
    const id = setInterval(() => setSeconds(tickCountdown), 1_000);
    return () => clearInterval(id);
  }, []);
  const label = LABEL[currency];
  return (
    <PageShell title={t('wallet.depositWith', { currency: label })} testId="confirm-deposit-page">
      <div className="mb-4 flex items-start gap-2 rounded-2xl border border-warn/40 bg-warn/10 p-3 text-sm text-amber-100">
        <WarnIcon className="mt-0.5 h-4 w-4 shrink-0 text-warn" />
        {t('wallet.sendOnly', { currency: label })}
      </div>
      <div className="card-panel flex flex-col gap-4 rounded-3xl p-4">
        <div className="flex items-center gap-3">
          <CurrencyBadge currency={currency} size={36} />
          <div className="flex-1">
            <div className="text-xs uppercase tracking-wider text-[var(--hint)]">
              {t('wallet.depositAddress')}
            </div>
            <div className="text-xs text-cream/60">
              {t('wallet.validFor')}{' '}
              <span className="font-mono font-semibold text-gold-300" data-testid="deposit-countdown">
                {formatCountdown(seconds)}
              </span>
            </div>
          </div>
          <button
            type="button"
            data-testid="qr-toggle"
            onClick={() => setShowQr((s) => !s)}
            className="flex items-center gap-1 rounded-xl border border-gold-400/40 px-2.5 py-1.5 text-xs font-medium text-gold-300"
          >
            <QrIcon className="h-4 w-4" />
            {showQr ? t('wallet.hideQr') : t('wallet.showQr')}
          </button>
        </div>
        {showQr ? <QrImage text={address} /> : null}
        <p
          className="break-all rounded-xl bg-black/30 px-3 py-2.5 font-mono text-sm text-cream"
          data-testid="deposit-address"
        >
          {address}
        </p>
        <div className="flex items-center justify-between text-sm">
          <span className="text-[var(--hint)]">{t('wallet.trackerId')}</span>
          <button
            type="button"
            onClick={() => void copyText(trackerId)}
            className="flex items-center gap-1.5 font-mono text-cream/90"
            data-testid="tracker-copy"
          >
            {shortTrackerIdDeposit(trackerId)}
            <CopyIcon className="h-4 w-4 text-gold-400" />
          </button>
        </div>
        <Button block onClick={() => void copyText(address)} data-testid="copy-address">
          <CopyIcon className="h-4 w-4" />
          {t('wallet.copyAddress')}
        </Button>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div className="rounded-xl bg-black/20 px-3 py-2">
            <dt className="text-xs text-[var(--hint)]">{t('wallet.minimum')}</dt>
            <dd className="font-semibold">{MIN_DEPOSIT_CENTS / 100} USDT</dd>
          </div>
          <div className="rounded-xl bg-black/20 px-3 py-2">
            <dt className="text-xs text-[var(--hint)]">{t('wallet.fee')}</dt>
            <dd className="font-semibold">{DEPOSIT_FEE_BPS / 100}%</dd>
          </div>
        </dl>
      </div>
    </PageShell>
  );
}
