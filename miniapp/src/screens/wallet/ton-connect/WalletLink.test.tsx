// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { i18n } from '../../../i18n';
import { profile } from '../../../app/session';
import { formatDate } from '../../../lib/dates';
import { fakeApi, signIn } from '../../../test-support/fake-api';
import type { ProofRequest, WalletReply } from './adapter';

// TON Connect's UI stands behind this app's own adapter; the test plays the wallet through it.
const wallet = vi.hoisted(() => ({
  onConnect: null as ((reply: WalletReply) => void) | null,
  requests: [] as (ProofRequest | null)[],
  openModal: vi.fn(async () => {}),
  disconnect: vi.fn(async () => {}),
}));
vi.mock('./adapter', () => ({
  TonConnectProvider: ({ children }: { children: unknown }) => children,
  useTonConnect: (onConnect: (reply: WalletReply) => void) => {
    wallet.onConnect = onConnect;
    return {
      setProofRequest: (request: ProofRequest | null) => wallet.requests.push(request),
      openModal: wallet.openModal,
      disconnect: wallet.disconnect,
      connected: false,
    };
  },
}));
// The Mini App's t.me link is looked up once per page; not this test's concern.
vi.mock('./return-url', () => ({ useReturnUrl: () => null }));
const { default: WalletLink } = await import('./WalletLink');

const PAYLOAD = 'ab'.repeat(32);
const RAW = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';
const FRIENDLY = 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI';
const VERIFIED_AT = '2026-11-27T10:00:00.000Z';
const PROOF = {
  timestamp: 1_790_000_000,
  domain: { lengthBytes: 14, value: 'app.svara.test' },
  payload: PAYLOAD,
  signature: 'c2lnbmF0dXJl',
};
const REPLY: WalletReply = {
  account: { address: RAW, chain: '-3', publicKey: 'cd'.repeat(32), walletStateInit: 'te6cc' },
  tonProof: { proof: PROOF },
};

const status = () => screen.getByTestId('ton-connect-status').textContent;
const connectWallet = async (reply: WalletReply) => {
  await act(async () => wallet.onConnect?.(reply));
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  signIn();
  wallet.requests = [];
  wallet.openModal.mockClear();
  wallet.disconnect.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('connecting a wallet with TON Connect', () => {
  it('asks the api for a payload, sets it as the ton_proof request (loading first) and opens the modal', async () => {
    const { requests } = fakeApi({
      'POST /wallet/ton-proof/payload': () => ({ body: { payload: PAYLOAD, expiresAt: VERIFIED_AT } }),
    });
    render(<WalletLink />);
    fireEvent.click(screen.getByTestId('ton-connect-button'));
    await waitFor(() => expect(wallet.openModal).toHaveBeenCalledTimes(1));
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /wallet/ton-proof/payload']);
    expect(wallet.requests).toEqual([{ state: 'loading' }, { state: 'ready', payload: PAYLOAD }]);
  });

  it('sends the proof to be verified with the account mapped to the api, then shows the verified address', async () => {
    const { requests } = fakeApi({
      'POST /wallet/ton-proof/verify': () => ({
        body: { walletAddress: FRIENDLY, walletSource: 'ton_connect', walletVerifiedAt: VERIFIED_AT },
      }),
    });
    render(<WalletLink />);
    await connectWallet(REPLY);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/wallet/ton-proof/verify' });
    expect(requests[0]!.body).toEqual({
      address: RAW,
      network: '-3',
      public_key: 'cd'.repeat(32),
      proof: { ...PROOF, state_init: 'te6cc' },
    });
    expect(screen.getByTestId('ton-connect-address').textContent).toBe(FRIENDLY);
    expect(status()).toBe(`Verified by TON Connect · ${formatDate(VERIFIED_AT, 'en', 'day')}`);
    expect(profile.get()).toMatchObject({ walletAddress: FRIENDLY, walletSource: 'ton_connect' });
    expect(wallet.disconnect).not.toHaveBeenCalled();
  });

  it("shows the api's refusal in the catalogue's words and disconnects the wallet", async () => {
    fakeApi({
      'POST /wallet/ton-proof/verify': () => ({
        status: 401,
        body: { code: 'ton_proof_signature', message: 'bad signature' },
      }),
    });
    render(<WalletLink />);
    await connectWallet(REPLY);
    expect(screen.getByTestId('ton-connect-error').textContent).toBe(i18n.t('errors.ton_proof_signature'));
    expect(wallet.disconnect).toHaveBeenCalledTimes(1);
    expect(profile.get()?.walletSource).toBeNull();
  });

  it('says so when the wallet refuses to sign, and disconnects it without asking the api', async () => {
    const { requests } = fakeApi({});
    render(<WalletLink />);
    await connectWallet({ ...REPLY, tonProof: { error: 'user declined' } });
    expect(screen.getByTestId('ton-connect-error').textContent).toBe(i18n.t('wallet.tonConnect.refused'));
    expect(wallet.disconnect).toHaveBeenCalledTimes(1);
    expect(requests).toEqual([]);
  });

  it('marks a typed address as not verified and offers to connect', () => {
    signIn({ walletAddress: FRIENDLY, walletSource: 'typed' });
    render(<WalletLink />);
    expect(status()).toBe('Not verified');
    expect(screen.getByTestId('ton-connect-button')).toBeTruthy();
  });

  it('shows the Russian texts by default', async () => {
    await i18n.changeLanguage('ru');
    signIn({ walletAddress: FRIENDLY, walletSource: 'typed' });
    render(<WalletLink />);
    expect(status()).toBe('Не подтверждён');
    expect(screen.getByTestId('ton-connect-button').textContent).toBe('Подключить кошелёк');
  });
});

describe('disconnecting', () => {
  it('tells the api, disconnects TON Connect and shows the address as typed', async () => {
    signIn({ walletAddress: FRIENDLY, walletSource: 'ton_connect', walletVerifiedAt: VERIFIED_AT });
    const { requests } = fakeApi({
      'DELETE /wallet/ton-proof': () => ({
        body: { walletAddress: FRIENDLY, walletSource: 'typed', walletVerifiedAt: null },
      }),
    });
    render(<WalletLink />);
    fireEvent.click(screen.getByTestId('ton-connect-disconnect'));
    await waitFor(() => expect(status()).toBe('Not verified'));
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /wallet/ton-proof']);
    expect(wallet.disconnect).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('ton-connect-button')).toBeTruthy();
  });
});
