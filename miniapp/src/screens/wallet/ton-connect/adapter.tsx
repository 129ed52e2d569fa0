/**
 * The one module that touches @tonconnect/ui-react: the rest of the app (and its tests, which replace
 * this module) sees only the small surface below. Loaded only with the wallet screens' TON Connect
 * block (WalletLink.tsx), so the lobby never downloads the library.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { TonConnectUIProvider, useTonConnectUI, type Wallet } from '@tonconnect/ui-react';

/** What the wallet answered on connecting: its account and its reply to our ton_proof request. */
export interface WalletReply {
  account: { address: string; chain: string; publicKey?: string | undefined; walletStateInit: string };
  /** The signed proof; `error` when the wallet refused or could not sign; null when none was asked. */
  tonProof:
    | {
        proof: {
          timestamp: number;
          domain: { lengthBytes: number; value: string };
          payload: string;
          signature: string;
        };
      }
    | { error: string }
    | null;
}

/** The connect request's ton_proof: being fetched, or the payload to sign. */
export type ProofRequest = { state: 'loading' } | { state: 'ready'; payload: string };

export interface TonConnectControls {
  setProofRequest(request: ProofRequest | null): void;
  openModal(): Promise<void>;
  disconnect(): Promise<void>;
  readonly connected: boolean;
}

/** The manifest the api serves at the site's root (api/src/http/routes/tonconnect-manifest.ts). */
export function manifestUrl(origin = window.location.origin): string {
  return `${origin}/tonconnect-manifest.json`;
}

export function TonConnectProvider({ language, children }: { language: 'ru' | 'en'; children: ReactNode }) {
  return (
    <TonConnectUIProvider manifestUrl={manifestUrl()} language={language}>
      {children}
    </TonConnectUIProvider>
  );
}

function replyOf(wallet: Wallet): WalletReply {
  const item = wallet.connectItems?.tonProof;
  return {
    account: wallet.account,
    tonProof: !item
      ? null
      : 'proof' in item
        ? { proof: item.proof }
        : { error: item.error.message ?? 'refused' },
  };
}

/** Calls `onConnect` with each wallet that connects (not with one restored from an earlier visit's storage). */
export function useTonConnect(onConnect: (reply: WalletReply) => void): TonConnectControls {
  const [ui] = useTonConnectUI();
  useEffect(
    () =>
      ui.onStatusChange((wallet) => {
        if (wallet?.connectItems?.tonProof) onConnect(replyOf(wallet));
      }),
    [ui, onConnect],
  );
  return useMemo(
    () => ({
      setProofRequest(request) {
        ui.setConnectRequestParameters(
          request === null
            ? null
            : request.state === 'loading'
              ? { state: 'loading' }
              : { state: 'ready', value: { tonProof: request.payload } },
        );
      },
      openModal: () => ui.openModal(),
      disconnect: async () => {
        if (ui.connected) await ui.disconnect();
      },
      get connected() {
        return ui.connected;
      },
    }),
    [ui],
  );
}
