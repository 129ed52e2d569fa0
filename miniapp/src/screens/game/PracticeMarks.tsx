/**
 * The marks of a practice table (RULES §8): the table's own ("Practice · play chips"), and a house
 * player's by their name, so a person can tell at a glance which seats are people.
 */
import { useTranslation } from 'react-i18next';
import { CHIPS_SIGN } from '../../lib/money';

/** "◎ Practice · play chips": in the room header, the hands list and the replay. */
export function PracticeMark({ short = false, className = '' }: { short?: boolean; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full border border-sky-300/45 bg-sky-400/15 px-1.5 text-[10px] font-bold uppercase leading-4 tracking-wide text-sky-100 ${className}`}
      data-testid="practice-mark"
    >
      <span aria-hidden className="text-[11px] leading-none">
        {CHIPS_SIGN}
      </span>
      {t(short ? 'practiceTable.markShort' : 'practiceTable.mark')}
    </span>
  );
}

/** A small robot's head: a house player, not a person. Its label is said for screen readers. */
export function HouseBadge({ size = 11, className = '' }: { size?: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      role="img"
      aria-label={t('practiceTable.house')}
      title={t('practiceTable.house')}
      className={`inline-grid shrink-0 place-items-center rounded-[3px] bg-sky-400/90 text-ink ${className}`}
      style={{ width: size, height: size }}
      data-testid="house-badge"
    >
      <svg viewBox="0 0 12 12" width={size - 2} height={size - 2} aria-hidden fill="currentColor">
        <rect x="5.25" y="0.5" width="1.5" height="2" rx="0.5" />
        <rect x="1.5" y="2.5" width="9" height="7.5" rx="2" />
        <circle cx="4.25" cy="6" r="1.1" fill="white" />
        <circle cx="7.75" cy="6" r="1.1" fill="white" />
        <rect x="0" y="5" width="1" height="2.5" rx="0.5" />
        <rect x="11" y="5" width="1" height="2.5" rx="0.5" />
      </svg>
    </span>
  );
}
