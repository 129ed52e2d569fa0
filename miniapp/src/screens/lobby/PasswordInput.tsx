import { filterPasswordInput } from '../../lib/validation';

/** The room password field (SPEC §5: digits only), used where rooms are created and joined. */
export function PasswordInput({
  value,
  onChange,
  onEnter,
  testId,
  className = '',
}: {
  value: string;
  onChange: (password: string) => void;
  onEnter?: () => void;
  testId: string;
  className?: string;
}) {
  return (
    <input
      type="password"
      autoComplete="off"
      inputMode="numeric"
      data-testid={testId}
      value={value}
      placeholder="••••••"
      onChange={(e) => onChange(filterPasswordInput(e.target.value))}
      onKeyDown={onEnter ? (e) => e.key === 'Enter' && onEnter() : undefined}
      className={`h-12 w-full rounded-2xl border border-gold-400/30 bg-black/30 px-4 text-lg tracking-[0.3em] text-cream outline-none placeholder:text-cream/25 focus:border-gold-400 ${className}`}
    />
  );
}
