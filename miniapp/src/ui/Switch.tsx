import { haptic } from '../telegram/sdk';

export function Switch({
  checked,
  onChange,
  label,
  testId,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  label?: string;
  testId?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      data-testid={testId}
      onClick={() => {
        haptic('tap');
        onChange(!checked);
      }}
      className={`relative h-7 w-12 shrink-0 rounded-full border transition-colors duration-200 ${
        checked
          ? 'border-gold-300/70 bg-gradient-to-b from-gold-400 to-gold-600'
          : 'border-cream/15 bg-black/35'
      }`}
    >
      <span
        className={`absolute top-0.5 h-5.5 w-5.5 rounded-full bg-cream shadow transition-[left] duration-200 ${checked ? 'left-[22px]' : 'left-0.5'}`}
      />
    </button>
  );
}
