import { lazy, Suspense } from 'react';
import type { Currency } from '@svara/core';

/** TON Connect's code comes only with the screens that show it (README "TON Connect"). */
const PayFromWallet = lazy(() => import('./ton-connect/PayFromWallet'));

/** The Deposit page's "Pay from wallet" block. */
export function TonPayFromWallet({
  trackerId,
  currency,
  className = '',
}: {
  trackerId: string;
  currency: Currency;
  className?: string;
}) {
  return (
    <div className={className}>
      <Suspense fallback={<div className="card-panel h-32 rounded-3xl" data-testid="wallet-pay-loading" />}>
        <PayFromWallet trackerId={trackerId} currency={currency} />
      </Suspense>
    </div>
  );
}
