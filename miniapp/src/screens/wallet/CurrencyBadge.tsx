import type { Currency } from '@svara/core';

/** A round currency mark: ₮ for USDT-TON, a diamond for TON. */
export function CurrencyBadge({ currency, size = 40 }: { currency: Currency; size?: number }) {
  const usdt = currency === 'USDTTON';
  return (
    <span
      className={`grid shrink-0 place-items-center rounded-full font-bold text-white shadow-inner ${usdt ? 'bg-gradient-to-b from-[#2fbf9b] to-[#168a6d]' : 'bg-gradient-to-b from-[#3aa8f0] to-[#0b79c4]'}`}
      style={{ width: size, height: size, fontSize: size * 0.45 }}
    >
      {usdt ? '₮' : '◆'}
    </span>
  );
}
