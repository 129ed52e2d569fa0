import { useTranslation } from 'react-i18next';
import { useStore } from '../app/store';
import { updateAvailable } from '../app/update-check';

/** "A new version is available" with an update button. */
export function UpdateBanner() {
  const { t } = useTranslation();
  const show = useStore(updateAvailable);
  if (!show) return null;
  return (
    <div
      className="fixed inset-x-3 z-[65] flex animate-pop items-center gap-3 rounded-2xl border border-gold-400/50 bg-felt-800/95 px-4 py-2.5 shadow-xl backdrop-blur"
      style={{ top: 'calc(8px + var(--safe-top))' }}
      data-testid="update-banner"
    >
      <span className="flex-1 text-sm text-cream">{t('common.updateAvailable')}</span>
      <button
        type="button"
        onClick={() => location.reload()}
        className="rounded-xl bg-gradient-to-b from-gold-300 to-gold-600 px-3 py-1.5 text-sm font-bold text-ink active:scale-95"
      >
        {t('common.update')}
      </button>
    </div>
  );
}
