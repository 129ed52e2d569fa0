import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEscape } from './Sheet';
import { CloseIcon } from './icons';
import { CloseButton } from './CloseButton';

/** A centred dialog over a dimmed backdrop. */
export function Dialog({
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
  const { t } = useTranslation();
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-5" data-testid={testId}>
      <div
        className="absolute inset-0 animate-fade bg-black/65 backdrop-blur-[2px]"
        onClick={onClose}
        data-testid="dialog-backdrop"
      />
      <div role="dialog" className="card-panel relative w-full max-w-sm animate-pop rounded-3xl p-5">
        <button
          type="button"
          aria-label={t('common.close')}
          onClick={onClose}
          className="absolute right-3 top-3 grid h-8 w-8 place-items-center rounded-full bg-black/25 text-cream/70 active:scale-95"
        >
          <CloseIcon className="h-4 w-4" />
        </button>
        {title ? <h2 className="mb-4 pr-8 font-display text-xl font-bold text-gold-300">{title}</h2> : null}
        {children}
      </div>
    </div>
  );
}

/** A full-screen reading modal (rules, agreement, referral programme) with a title bar. */
export function FullModal({
  title,
  onClose,
  children,
  testId,
}: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) {
  useEscape(true, onClose);
  const { t } = useTranslation();
  return (
    <div
      className="fixed inset-0 z-50 flex animate-fade flex-col bg-[#04140a]"
      style={{ paddingTop: 'var(--safe-top)' }}
      data-testid={testId}
      role="dialog"
    >
      <div className="flex items-center gap-3 border-b border-gold-400/20 bg-felt-900 px-4 py-3">
        <h2 className="flex-1 font-display text-lg font-bold text-gold-300">{title}</h2>
        <CloseButton label={t('common.close')} testId="modal-close" onClick={onClose} />
      </div>
      <div
        className="no-scrollbar flex-1 overflow-y-auto px-4 py-4"
        style={{ paddingBottom: 'calc(24px + var(--safe-bottom))' }}
      >
        {children}
      </div>
    </div>
  );
}
