/**
 * The one module that touches @tonconnect/ui-react: the rest of the app (and its tests, which replace
 * this module) sees only the small surface below. Loaded only with the wallet screens' TON Connect
 * block (WalletLink.tsx), so the lobby never downloads the library.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import {
  TonConnectUIProvider,
  UserRejectsError,
  useTonConnectUI,
  useTonWallet,
  type Wallet,
} from '@tonconnect/ui-react';

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

/**
 * Sets TON Connect UI's `twaReturnUrl`: where a wallet opened from Telegram sends the player back
 * after approving or declining. TON Connect UI is one instance for the page, made with the first
 * provider's options, so the URL (known later, it may come from the api) is set on the instance.
 */
function ReturnUrl({ url }: { url: `${string}://${string}` | null }) {
  const [, setOptions] = useTonConnectUI();
  useEffect(() => {
    if (url) setOptions({ actionsConfiguration: { twaReturnUrl: url } });
  }, [url, setOptions]);
  return null;
}

export function TonConnectProvider({
  language,
  returnUrl = null,
  children,
}: {
  language: 'ru' | 'en';
  /** The Mini App's t.me link; null leaves TON Connect's default. */
  returnUrl?: `${string}://${string}` | null;
  children: ReactNode;
}) {
  return (
    // TON Connect's telemetry is off: which wallet a player connects and pays from is not sent to a
    // third party (the library's default sends it to its makers' analytics service).
    <TonConnectUIProvider manifestUrl={manifestUrl()} language={language} analytics={{ mode: 'off' }}>
      <ReturnUrl url={returnUrl} />
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

/** The connected wallet's account: raw address (`0:<hex>`) and chain (-239 mainnet, -3 testnet). */
export interface ConnectedAccount {
  address: string;
  chain: string;
}

/** A transaction as TON Connect's sendTransaction takes it (the api builds it). */
export interface WalletTransaction {
  validUntil: number;
  network?: string;
  from?: string;
  messages: { address: string; amount: string; payload?: string }[];
}

/** How sending ended: handed to the network, declined by the player in the wallet, or failed otherwise. */
export type SendOutcome = { status: 'sent' } | { status: 'rejected' } | { status: 'failed'; reason: string };

export interface WalletPayment {
  /** The wallet connected now (or restored from an earlier visit), or null. */
  readonly account: ConnectedAccount | null;
  /** Opens TON Connect's modal to connect a wallet, asking no proof. */
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  send(transaction: WalletTransaction): Promise<SendOutcome>;
}

/** Paying from the connected wallet (the Deposit page's "Pay from wallet"). */
export function useWalletPayment(): WalletPayment {
  const [ui] = useTonConnectUI();
  const wallet = useTonWallet();
  const account = wallet ? { address: wallet.account.address, chain: wallet.account.chain } : null;
  return {
    account,
    async connect() {
      // A proof request left by the withdrawal wallet's block would make this a ton_proof connection.
      ui.setConnectRequestParameters(null);
      await ui.openModal();
    },
    async disconnect() {
      if (ui.connected) await ui.disconnect();
    },
    async send(transaction) {
      try {
        await ui.sendTransaction(transaction as Parameters<typeof ui.sendTransaction>[0]);
        return { status: 'sent' };
      } catch (error) {
        if (error instanceof UserRejectsError) return { status: 'rejected' };
        return { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
