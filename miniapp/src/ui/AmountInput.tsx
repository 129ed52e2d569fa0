/**
 * An amount being typed, written as the language writes amounts: en "$ 12.50" with the sign
 * before, ru "12,50 $" with a decimal comma and the sign after the number (money-format.ts); play
 * chips take their own sign the same way. The value stays the plain "12.50" the validators read;
 * only what shows changes.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const SIZES = {
  md: { box: 'h-12', text: 'text-lg', sign: 'text-lg', pad: 'pl-9', padRu: 'pl-4' },
  lg: { box: 'h-14', text: 'text-2xl', sign: 'text-2xl', pad: 'pl-10', padRu: 'pl-4' },
} as const;

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'size'> & {
  /** The amount as typed, with a decimal point ("12.5"). */
  value: string;
  /** The field's text as typed (either separator): filter it with filterStakeInput / filterAmountInput. */
  onChange: (text: string) => void;
  /** The hint shown while empty, with a decimal point ("1.00"). */
  placeholder: string;
  size: keyof typeof SIZES;
  /** Room kept free on the right for what `trailing` shows (a tick, a Max button). */
  trailingRoom?: string;
  trailing?: ReactNode;
  /** The unit's sign: '$' for dollars, the play chips' own sign at practice (RULES §8). */
  sign?: string;
};

export function AmountInput({
  value,
  onChange,
  placeholder,
  size,
  trailingRoom = 'pr-4',
  trailing,
  sign = '$',
  className = '',
  ...input
}: Props) {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const s = SIZES[size];
  const shown = en ? value : value.replace('.', ',');
  const hint = en ? placeholder : placeholder.replace('.', ',');
  return (
    <div className={`relative ${className}`}>
      {en ? (
        <span className={`absolute left-4 top-1/2 -translate-y-1/2 font-bold text-gold-400 ${s.sign}`}>
          {sign}
        </span>
      ) : (
        // The sign follows the number: an invisible copy of the text pushes it along.
        <div
          aria-hidden
          className={`pointer-events-none absolute inset-y-0 left-px flex items-center whitespace-pre font-semibold ${s.padRu} ${s.text}`}
        >
          <span className="invisible">{shown || hint}</span>
          <span className={`ml-1.5 font-bold text-gold-400 ${s.sign}`}>{sign}</span>
        </div>
      )}
      <input
        inputMode="decimal"
        {...input}
        value={shown}
        placeholder={hint}
        onChange={(e) => onChange(e.target.value)}
        className={`${s.box} w-full rounded-2xl border border-gold-400/30 bg-black/30 ${en ? s.pad : s.padRu} ${trailingRoom} ${s.text} font-semibold text-cream outline-none placeholder:text-cream/25 focus:border-gold-400`}
      />
      {trailing}
    </div>
  );
}
