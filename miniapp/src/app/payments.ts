/**
 * What the server offers for payments (GET /finances/methods), loaded once per session and shared by
 * the deposit, withdraw and lobby screens; and the credit a `transactionConfirmed` event announces.
 */
import { useCallback, useEffect, useState } from 'react';
import type { PaymentMethods, WithdrawMethod } from '@svara/core';
import { api } from '../api/http';
import type { BalanceEventDetail } from '../api/realtime';
import { profile } from './session';
import { createStore, useStore } from './store';

export const paymentMethods = createStore<PaymentMethods | null>(null);
let loading: Promise<PaymentMethods> | null = null;

/** The methods, asked once; a failure is not kept, so the next call asks again. */
export function loadPaymentMethods(): Promise<PaymentMethods> {
  const known = paymentMethods.get();
  if (known) return Promise.resolve(known);
  loading ??= api.paymentMethods().then(
    (methods) => {
      paymentMethods.set(methods);
      loading = null;
      return methods;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** Forgets the loaded methods (tests; a new session). */
export function forgetPaymentMethods(): void {
  paymentMethods.set(null);
  loading = null;
}

/** The methods for a screen: null while loading; `failed` with `retry` when they could not be loaded. */
export function usePaymentMethods(): { methods: PaymentMethods | null; failed: boolean; retry: () => void } {
  const methods = useStore(paymentMethods);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadPaymentMethods().catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);
  return { methods, failed: failed && !methods, retry };
}

/**
 * The method a withdrawal takes: the one picked if offered, else the address (the first way, SPEC
 * §2; without a saved one the page asks for it, with @CryptoBot a tap away), else @CryptoBot; null
 * when the server offers none.
 */
export function defaultWithdrawMethod(
  offered: readonly WithdrawMethod[],
  picked: WithdrawMethod | null,
): WithdrawMethod | null {
  if (picked && offered.includes(picked)) return picked;
  return offered[0] ?? null;
}

/**
 * The lobby's Withdraw button asks for an address first (SPEC §4) only when an address is the
 * sole way out and none is saved; with @CryptoBot offered (or nothing offered, which the withdraw
 * page explains) it goes straight to the page. Unknown methods: the address rule, as before.
 */
export function withdrawNeedsAddressFirst(methods: PaymentMethods | null, hasAddress: boolean): boolean {
  if (hasAddress) return false;
  if (!methods) return true;
  return methods.withdrawMethods.includes('address') && !methods.withdrawMethods.includes('cryptobot');
}

/** A confirmed payment: how much the balance grew (0 if it did not) and the server's message. */
export type Credit = { amount: number; message: string };

/**
 * The first confirmed payment announced while the calling screen is shown: a `balanceUpdated`
 * window event that carries a message (the socket's `transactionConfirmed`). The amount is the
 * balance's growth since the previous balance the screen saw.
 */
export function useCredit(): Credit | null {
  const [credit, setCredit] = useState<Credit | null>(null);
  useEffect(() => {
    // The session's own listener may already have applied the event to the profile, so the screen
    // keeps the balance it last saw itself.
    let last = profile.get()?.balance ?? null;
    const onBalance = (e: Event) => {
      const detail = (e as CustomEvent<BalanceEventDetail>).detail;
      if (typeof detail?.balance !== 'number') return;
      if (detail.message) {
        const grown = last === null ? 0 : Math.round((detail.balance - last) * 100) / 100;
        setCredit((c) => c ?? { amount: Math.max(0, grown), message: detail.message ?? '' });
      }
      last = detail.balance;
    };
    window.addEventListener('balanceUpdated', onBalance);
    return () => window.removeEventListener('balanceUpdated', onBalance);
  }, []);
  return credit;
}
