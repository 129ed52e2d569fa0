import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HISTORY_DEPTH, useHandList } from '../../hands/useHands';
import { Spinner } from '../../ui/Spinner';
import { HandReplay } from './HandReplay';
import { HandRow } from './HandRow';
import { CloseButton } from '../../ui/CloseButton';

/**
 * "My hands": the last HISTORY_DEPTH hands the player was dealt into, newest first; a tap opens the
 * replay. A full-screen layer, so the table menu can open it over the table without leaving it.
 * `initialHand` opens straight on one hand's replay (a shared link), closing back to `onClose`.
 */
export function HandsBrowser({
  initialHand = null,
  onClose,
}: {
  initialHand?: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(initialHand);
  const [fromList, setFromList] = useState(false);
  if (open) {
    return (
      <HandReplay
        key={open}
        handId={open}
        onClose={() => {
          setOpen(null);
          if (!fromList) onClose();
        }}
      />
    );
  }
  return (
    <HandList
      onClose={onClose}
      onOpen={(id) => {
        setFromList(true);
        setOpen(id);
      }}
      title={t('hands.title')}
    />
  );
}

function HandList({
  onClose,
  onOpen,
  title,
}: {
  onClose: () => void;
  onOpen: (id: string) => void;
  title: string;
}) {
  const { t } = useTranslation();
  const { hands, failed, loading, more, loadMore } = useHandList();
  return (
    <div className="fixed inset-0 z-50 flex flex-col bg-[#04140a]" data-testid="hands-page" role="dialog">
      <div
        className="flex items-center gap-3 px-4 py-3"
        style={{ paddingTop: 'calc(12px + var(--safe-top))' }}
      >
        <h1 className="flex-1 font-display text-2xl font-bold text-gold-300">{title}</h1>
        <CloseButton label={t('common.close')} testId="hands-close" onClick={onClose} />
      </div>
      <div
        className="no-scrollbar mx-auto w-full max-w-md flex-1 overflow-y-auto px-4"
        style={{ paddingBottom: 'calc(16px + var(--safe-bottom))' }}
      >
        {failed && !hands ? (
          <p className="card-panel rounded-2xl p-4 text-center text-red-200" data-testid="hands-error">
            {t('hands.loadError')}
          </p>
        ) : !hands ? (
          <div className="grid place-items-center py-16">
            <Spinner />
          </div>
        ) : hands.length === 0 ? (
          <p className="card-panel rounded-2xl py-10 text-center text-cream/60" data-testid="hands-empty">
            {t('hands.empty')}
          </p>
        ) : (
          <>
            <ul className="flex flex-col gap-2" data-testid="hands-list">
              {hands.map((hand) => (
                <HandRow key={hand.id} hand={hand} onOpen={() => onOpen(hand.id)} />
              ))}
            </ul>
            {more ? (
              <button
                type="button"
                data-testid="hands-more"
                disabled={loading}
                onClick={loadMore}
                className="mt-3 w-full rounded-2xl border border-gold-400/40 py-2.5 text-sm font-semibold text-gold-300 disabled:opacity-50"
              >
                {loading ? t('common.loading') : t('hands.more')}
              </button>
            ) : (
              <p className="mt-3 text-center text-xs text-cream/40">
                {t('hands.depthNote', { count: HISTORY_DEPTH })}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
