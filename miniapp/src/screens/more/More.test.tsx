// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { i18n } from '../../i18n';
import { fakeApi, methods, signIn } from '../../test-support/fake-api';
import More from './More';

const ADDRESS = 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the More page', () => {
  it('shows a saved withdrawal address, shortened, with Change instead of Add', () => {
    signIn({ walletAddress: ADDRESS });
    fakeApi({ 'GET /finances/methods': () => ({ body: methods() }) });
    render(<More />);
    expect(screen.getByTestId('wallet-address').textContent).toBe('UQCD39…8xqEBI');
    expect(screen.getByTestId('wallet-change').textContent).toBe(i18n.t('more.changeWallet'));
    expect(screen.queryByTestId('wallet-add')).toBeNull();
  });

  it('offers Add while no address is saved', () => {
    signIn({ walletAddress: null });
    fakeApi({ 'GET /finances/methods': () => ({ body: methods() }) });
    render(<More />);
    expect(screen.queryByTestId('wallet-address')).toBeNull();
    expect(screen.getByTestId('wallet-add').textContent).toBe(i18n.t('common.add'));
  });

  it('calls the history page by the name its menu row has, in both languages', () => {
    for (const lng of ['ru', 'en']) {
      expect(i18n.t('wallet.historyTitle', { lng })).toBe(i18n.t('more.depositHistory', { lng }));
    }
  });
});
