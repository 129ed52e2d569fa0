import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { haptic } from '../telegram/sdk';

type Variant = 'gold' | 'green' | 'red' | 'dark' | 'ghost' | 'outline';

const VARIANTS: Record<Variant, string> = {
  gold: 'bg-gradient-to-b from-gold-300 via-gold-500 to-gold-600 text-ink shadow-[0_4px_0_#7d5f1a,0_8px_18px_rgb(0_0_0/0.35)] border border-gold-200/60',
  green:
    'bg-gradient-to-b from-[#4ade80] via-[#22a55a] to-[#15803d] text-white shadow-[0_4px_0_#0f5c2c,0_8px_18px_rgb(0_0_0/0.35)] border border-white/20',
  red: 'bg-gradient-to-b from-[#f87171] via-[#dc2626] to-[#991b1b] text-white shadow-[0_4px_0_#6b1212,0_8px_18px_rgb(0_0_0/0.35)] border border-white/20',
  dark: 'bg-felt-800/90 text-cream border border-gold-400/25 shadow-[0_4px_0_#04140a,0_6px_14px_rgb(0_0_0/0.3)]',
  ghost: 'bg-transparent text-[var(--accent)]',
  outline: 'bg-black/10 text-gold-300 border border-gold-400/60',
};

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
  children: ReactNode;
};

/** A game-style button: 150 ms press animation and a haptic tap. */
export function Button({
  variant = 'gold',
  size = 'md',
  block,
  className = '',
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const sizes = {
    sm: 'h-9 px-3 text-sm rounded-xl',
    md: 'h-11 px-4 text-[15px] rounded-2xl',
    lg: 'h-13 px-5 text-base rounded-2xl',
  };
  return (
    <button
      type="button"
      {...rest}
      onClick={(e) => {
        haptic('tap');
        onClick?.(e);
      }}
      className={`inline-flex select-none items-center justify-center gap-2 font-semibold tracking-wide transition-[transform,filter,opacity] duration-150 active:translate-y-[2px] active:scale-[0.97] disabled:opacity-45 disabled:saturate-50 disabled:active:translate-y-0 disabled:active:scale-100 ${sizes[size]} ${VARIANTS[variant]} ${block ? 'w-full' : ''} ${className}`}
    >
      {children}
    </button>
  );
}
