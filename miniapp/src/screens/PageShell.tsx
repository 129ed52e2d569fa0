import type { ReactNode } from 'react';

/** A page with a title row, padded for Telegram's safe areas. */
export function PageShell({
  title,
  children,
  testId,
  action,
}: {
  title: ReactNode;
  children: ReactNode;
  testId?: string;
  action?: ReactNode;
}) {
  return (
    <div
      className="mx-auto flex min-h-full max-w-md flex-col px-4"
      style={{ paddingTop: 'calc(12px + var(--safe-top))', paddingBottom: 'calc(16px + var(--safe-bottom))' }}
      data-testid={testId}
    >
      <header className="mb-4 flex items-center gap-3 pt-1">
        <h1 className="flex-1 font-display text-2xl font-bold text-gold-300">{title}</h1>
        {action}
      </header>
      {children}
    </div>
  );
}
