import { describe, expect, it } from 'vitest';
import { depositFee, renderInvoiceMessage } from './render.js';

const EXPIRES = new Date('2026-11-27T14:35:10Z');

describe('renderInvoiceMessage', () => {
  it('shows an open invoice with its fee, what reaches the balance, the expiry and a Pay button', () => {
    const open = renderInvoiceMessage('ru', {
      status: 'open',
      amountCents: 123_456,
      feeCents: depositFee(123_456),
      expiresAt: EXPIRES,
      payUrl: 'https://t.me/CryptoBot?start=IVabc',
    });
    expect(open.text).toBe(
      'Счёт на пополнение\nСумма: 1\u00a0234,56\u00a0$\nКомиссия 1\u00a0%: 12,34\u00a0$\n' +
        'На баланс: 1\u00a0222,22\u00a0$\nОплатить до 14:35 UTC.\n\nНажмите «Оплатить», чтобы перейти к оплате.',
    );
    expect(open.reply_markup?.inline_keyboard).toEqual([
      [{ text: 'Оплатить', url: 'https://t.me/CryptoBot?start=IVabc' }],
    ]);
  });

  it('takes the 1 % fee rounded down to the cent', () => {
    expect([depositFee(500), depositFee(1_099), depositFee(10_000)]).toEqual([5, 10, 100]);
  });

  it('shows a paid invoice with the credit and the balance, and a Play button instead of Pay', () => {
    const paid = renderInvoiceMessage(
      'en',
      { status: 'paid', amountCents: 2_500, creditedCents: 2_475, balanceCents: 10_475 },
      { miniAppUrl: 'https://play.example/app' },
    );
    expect(paid.text).toBe('Invoice for $25.00 paid ✓\n+$24.75, balance $104.75');
    expect(paid.reply_markup?.inline_keyboard).toEqual([
      [{ text: 'Play', web_app: { url: 'https://play.example/app' } }],
    ]);
    expect(
      renderInvoiceMessage('en', {
        status: 'paid',
        amountCents: 2_500,
        creditedCents: 2_475,
        balanceCents: 0,
      }).reply_markup,
    ).toBeUndefined();
  });

  it('shows an expired or replaced invoice without any button', () => {
    expect(renderInvoiceMessage('en', { status: 'expired', amountCents: 1_000 })).toEqual({
      text: 'The invoice for $10.00 has expired and can no longer be paid. /deposit — a new one.',
    });
    expect(renderInvoiceMessage('ru', { status: 'replaced', amountCents: 1_000 })).toEqual({
      text: 'Счёт на 10,00\u00a0$ перенесён в новое сообщение ниже.',
    });
  });
});
