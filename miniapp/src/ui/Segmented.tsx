/**
 * A row of buttons of which one is picked: tabs (deposit methods, activity periods) or a choice
 * (an exclusion's length). The picked one is gold; `className` places and sizes the row.
 */
import type { ReactNode } from 'react';

export function Segmented<T extends string | number>({
  options,
  value,
  onChange,
  kind,
  label,
  testId,
  className,
}: {
  options: readonly T[];
  value: T;
  onChange: (option: T) => void;
  /** Tabs switch what the page shows; a choice is a value the player picks. */
  kind: 'tabs' | 'choice';
  label: (option: T) => ReactNode;
  testId: (option: T) => string;
  className: string;
}) {
  const tabs = kind === 'tabs';
  return (
    <div className={`rounded-2xl bg-black/30 p-1 ${className}`} role={tabs ? 'tablist' : 'radiogroup'}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role={tabs ? 'tab' : 'radio'}
          {...(tabs ? { 'aria-selected': option === value } : { 'aria-checked': option === value })}
          onClick={() => onChange(option)}
          data-testid={testId(option)}
          className={`h-10 rounded-xl text-sm font-semibold transition-colors ${option === value ? 'bg-gradient-to-b from-gold-400 to-gold-600 text-ink' : 'text-cream/70'}`}
        >
          {label(option)}
        </button>
      ))}
    </div>
  );
}
