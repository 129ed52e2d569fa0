import { lazy, Suspense } from 'react';

/** TON Connect's code comes only with the screens that show this block (README "TON Connect"). */
const WalletLink = lazy(() => import('./ton-connect/WalletLink'));

/** The "Connect wallet" block of the Add wallet and Withdraw screens. */
export function TonWalletLink({ className = '' }: { className?: string }) {
  return (
    <div className={className}>
      <Suspense fallback={<div className="card-panel h-32 rounded-3xl" data-testid="ton-connect-loading" />}>
        <WalletLink />
      </Suspense>
    </div>
  );
}
