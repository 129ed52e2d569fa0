import { useEffect, type ReactNode } from 'react';

/** A bottom sheet over a dimmed backdrop; a tap on the backdrop closes it. */
export function Sheet({
  open,
  onClose,
  title,
  children,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  useEscape(open, onClose);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-40 flex flex-col justify-end" data-testid={testId}>
      <div
        className="absolute inset-0 animate-fade bg-black/60 backdrop-blur-[2px]"
        onClick={onClose}
        data-testid="sheet-backdrop"
      />
      <div
        role="dialog"
        className="relative animate-rise rounded-t-3xl border-t border-gold-400/30 bg-gradient-to-b from-felt-800 to-felt-900 px-4 pt-2 shadow-[0_-12px_40px_rgb(0_0_0/0.5)]"
        style={{ paddingBottom: 'calc(16px + var(--safe-bottom))' }}
      >
        <div className="mx-auto mb-3 h-1.5 w-10 rounded-full bg-cream/25" />
        {title ? (
          <h2 className="mb-3 text-center font-display text-lg font-bold text-gold-300">{title}</h2>
        ) : null}
        {children}
      </div>
    </div>
  );
}

export function useEscape(active: boolean, onClose: () => void): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, onClose]);
}
