import { useTranslation } from 'react-i18next';
import {
  SLIDER_MAX,
  STAKE_SCALE_LABELS,
  formatStakeShort,
  sliderToStake,
  stakeToSlider,
  type StakeRange,
} from '../../lib/lobby';

/** Two thumbs over the 0 … 1M stake scale (equal spacing between 10, 100, 500, 1K, 10K, 100K, 1M). */
export function StakeRangeSlider({
  value,
  onChange,
}: {
  value: StakeRange;
  onChange: (next: readonly [number, number]) => void;
}) {
  const { t } = useTranslation();
  const lo = stakeToSlider(value[0]);
  const hi = stakeToSlider(value[1]);
  const step = SLIDER_MAX / STAKE_SCALE_LABELS.length;
  return (
    <div className="px-1 pb-1 pt-2" data-testid="stake-range">
      <div className="mb-3 flex items-center justify-between text-sm">
        <span className="text-[var(--hint)]">{t('lobby.stakes')}</span>
        <span className="font-semibold text-gold-300" data-testid="stake-range-value">
          ${formatStakeShort(value[0])} – ${formatStakeShort(value[1])}
        </span>
      </div>
      <div className="relative h-7">
        <div className="absolute inset-x-[13px] top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-black/40" />
        <div
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-gradient-to-r from-gold-500 to-gold-300"
          style={{
            left: `calc(13px + (100% - 26px) * ${lo / SLIDER_MAX})`,
            right: `calc(13px + (100% - 26px) * ${1 - hi / SLIDER_MAX})`,
          }}
        />
        <input
          type="range"
          aria-label={t('lobby.stakeFrom')}
          data-testid="stake-min"
          min={0}
          max={SLIDER_MAX}
          value={lo}
          onChange={(e) => onChange([sliderToStake(Math.min(Number(e.target.value), hi)), value[1]])}
          className="range-thumb absolute inset-0 h-7 w-full"
        />
        <input
          type="range"
          aria-label={t('lobby.stakeTo')}
          data-testid="stake-max"
          min={0}
          max={SLIDER_MAX}
          value={hi}
          onChange={(e) => onChange([value[0], sliderToStake(Math.max(Number(e.target.value), lo))])}
          className="range-thumb absolute inset-0 h-7 w-full"
        />
      </div>
      <div className="relative mx-[13px] mt-1 h-4 text-[10px] text-[var(--hint)]">
        {STAKE_SCALE_LABELS.map((label, i) => (
          <span
            key={label}
            className="absolute -translate-x-1/2"
            style={{ left: `${((i + 1) * step * 100) / SLIDER_MAX}%` }}
          >
            {label}
          </span>
        ))}
      </div>
    </div>
  );
}
