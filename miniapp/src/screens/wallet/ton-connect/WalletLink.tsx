/**
 * The withdrawal wallet linked by TON Connect (README "TON Connect"): Connect asks the api for a
 * payload, has the wallet sign it (ton_proof) and sends the proof to be verified; the verified wallet
 * becomes the withdrawal address. Loaded lazily (TonWalletLink.tsx): TON Connect's code is big and
 * only these screens need it.
 */
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http';
import { profile } from '../../../app/session';
import { useStore } from '../../../app/store';
import { currentLanguage, errorText } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { haptic } from '../../../telegram/sdk';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { CheckIcon } from '../../../ui/icons';
import { TonConnectProvider, useTonConnect, type TonConnectControls, type WalletReply } from './adapter';
import { tonProofApi } from './ton-proof-api';
import { tonProofRequest } from './ton-proof-request';
import { useReturnUrl } from './return-url';

function refusalText(err: unknown): string {
  return err instanceof ApiError ? errorText(err.code, err.message) : errorText('unknown_error');
}

function saveWallet(
  info: Pick<
    NonNullable<ReturnType<typeof profile.get>>,
    'walletAddress' | 'walletSource' | 'walletVerifiedAt'
  >,
) {
  const me = profile.get();
  if (me) profile.set({ ...me, ...info });
}

export function WalletLinkBlock() {
  const { t, i18n } = useTranslation();
  const me = useStore(profile);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controls = useRef<TonConnectControls | null>(null);

  const onConnect = useCallback(
    async (reply: WalletReply) => {
      const body = tonProofRequest(reply);
      setBusy(true);
      try {
        if (!body) {
          // The wallet refused to sign, or signed for a chain the api does not know.
          setError(
            reply.tonProof && 'error' in reply.tonProof
              ? t('wallet.tonConnect.refused')
              : errorText('ton_proof_invalid'),
          );
          haptic('error');
          await controls.current?.disconnect();
          return;
        }
        saveWallet(await tonProofApi.verify(body));
        setError(null);
        haptic('success');
      } catch (err) {
        setError(refusalText(err));
        haptic('error');
        await controls.current?.disconnect();
      } finally {
        setBusy(false);
      }
    },
    [t],
  );
  controls.current = useTonConnect(onConnect);

  async function connect() {
    const link = controls.current;
    if (busy || !link) return;
    setError(null);
    setBusy(true);
    link.setProofRequest({ state: 'loading' });
    try {
      // A wallet signs a proof only while connecting, so an earlier connection is closed first.
      await link.disconnect();
      const { payload } = await tonProofApi.payload();
      link.setProofRequest({ state: 'ready', payload });
      setBusy(false);
      await link.openModal();
    } catch (err) {
      link.setProofRequest(null);
      setError(refusalText(err));
      setBusy(false);
    }
  }

  async function disconnect() {
    if (busy) return;
    setBusy(true);
    try {
      saveWallet(await tonProofApi.disconnect());
      await controls.current?.disconnect();
      setError(null);
    } catch (err) {
      setError(refusalText(err));
    } finally {
      setBusy(false);
    }
  }

  if (!me) return null;
  const verified = me.walletSource === 'ton_connect' && me.walletVerifiedAt !== null;
  return (
    <div className="card-panel flex flex-col gap-3 rounded-3xl p-4" data-testid="ton-connect">
      <div className="text-xs uppercase tracking-wider text-[var(--hint)]">
        {t('wallet.tonConnect.title')}
      </div>
      {me.walletAddress ? (
        <div className="flex flex-col gap-1">
          <span className="break-all font-mono text-sm text-cream" data-testid="ton-connect-address">
            {me.walletAddress}
          </span>
          <span
            data-testid="ton-connect-status"
            className={`flex items-center gap-1.5 text-xs ${verified ? 'text-emerald-300' : 'text-warn'}`}
          >
            {verified ? <CheckIcon className="h-4 w-4 shrink-0" /> : null}
            {verified
              ? t('wallet.tonConnect.verified', {
                  date: formatDate(me.walletVerifiedAt!, i18n.language, 'day'),
                })
              : t('wallet.tonConnect.notVerified')}
          </span>
        </div>
      ) : (
        <p className="text-sm text-cream/80">{t('wallet.tonConnect.hint')}</p>
      )}
      {error ? (
        <p
          className="rounded-2xl bg-red-900/35 p-3 text-sm text-red-100"
          data-testid="ton-connect-error"
          role="alert"
        >
          {error}
        </p>
      ) : null}
      {verified ? (
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => void disconnect()}
          data-testid="ton-connect-disconnect"
        >
          {busy ? <Spinner className="h-4 w-4" /> : null}
          {t('wallet.tonConnect.disconnect')}
        </Button>
      ) : (
        <Button
          variant="green"
          disabled={busy}
          onClick={() => void connect()}
          data-testid="ton-connect-button"
        >
          {busy ? <Spinner className="h-4 w-4" /> : null}
          {t('wallet.tonConnect.connect')}
        </Button>
      )}
    </div>
  );
}

export default function WalletLink() {
  const returnUrl = useReturnUrl();
  return (
    <TonConnectProvider language={currentLanguage()} returnUrl={returnUrl}>
      <WalletLinkBlock />
    </TonConnectProvider>
  );
}
