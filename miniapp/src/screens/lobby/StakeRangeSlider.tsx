import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SLIDER_MAX,
  STAKE_SCALE_LABELS,
  formatStakeShort,
  nextStake,
  sliderToStake,
  stakeToSlider,
  type StakeRange,
} from '../../lib/lobby';
import { withUsdSign } from '../../lib/money';

type Thumb = 0 | 1;

const ARROWS: Record<string, 1 | -1> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 };

/** Two thumbs over the $1 … 1M stake scale (equal spacing between 10, 100, 500, 1K, 10K, 100K, 1M). */
export function StakeRangeSlider({
  value,
  onChange,
}: {
  value: StakeRange;
  onChange: (next: readonly [number, number]) => void;
}) {
  const { t, i18n } = useTranslation();
  // While a thumb is dragged, the other end stays put and the dragged one may pass it: where the two
  // meet, the thumb on top is the one the finger holds, and clamping it at the other would stick it.
  const anchor = useRef<number | null>(null);
  const positions = [stakeToSlider(value[0]), stakeToSlider(value[1])] as const;
  const step = SLIDER_MAX / STAKE_SCALE_LABELS.length;
  const usd = (stake: number) => withUsdSign(formatStakeShort(stake), i18n.language);

  function release() {
    anchor.current = null;
  }
  function grab(thumb: Thumb) {
    anchor.current = value[thumb === 0 ? 1 : 0];
    // The finger may leave the thumb before it lifts: listen where it will be lifted.
    window.addEventListener('pointerup', release, { once: true });
    window.addEventListener('pointercancel', release, { once: true });
  }

  function moved(thumb: Thumb, stake: number) {
    if (anchor.current !== null) return onChange([anchor.current, stake]); // the range orders itself
    // Without a drag (keys, assistive input) a thumb stops at the other one.
    onChange(thumb === 0 ? [Math.min(stake, value[1]), value[1]] : [value[0], Math.max(stake, value[0])]);
  }

  // The native step is one position, under a dollar at the low end: arrows go to the next stake instead.
  function onKeyDown(thumb: Thumb, e: KeyboardEvent<HTMLInputElement>) {
    const direction = ARROWS[e.key];
    if (!direction) return;
    e.preventDefault();
    anchor.current = null;
    moved(thumb, nextStake(value[thumb], direction));
  }

  return (
    <div className="px-1 pb-1 pt-2" data-testid="stake-range">
      <div className="mb-3 flex items-center justify-between text-sm">
        <span className="text-[var(--hint)]">{t('lobby.stakes')}</span>
        <span className="font-semibold text-gold-300" data-testid="stake-range-value">
          {usd(value[0])} – {usd(value[1])}
        </span>
      </div>
      <div className="relative h-7">
        <div className="absolute inset-x-[13px] top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-black/40" />
        <div
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-gradient-to-r from-gold-500 to-gold-300"
          style={{
            left: `calc(13px + (100% - 26px) * ${positions[0] / SLIDER_MAX})`,
            right: `calc(13px + (100% - 26px) * ${1 - positions[1] / SLIDER_MAX})`,
          }}
        />
        {([0, 1] as const).map((thumb) => (
          <input
            key={thumb}
            type="range"
            aria-label={t(thumb === 0 ? 'lobby.stakeFrom' : 'lobby.stakeTo')}
            aria-valuetext={usd(value[thumb])}
            data-testid={thumb === 0 ? 'stake-min' : 'stake-max'}
            min={0}
            max={SLIDER_MAX}
            value={positions[thumb]}
            onPointerDown={() => grab(thumb)}
            onKeyDown={(e) => onKeyDown(thumb, e)}
            onChange={(e) => moved(thumb, sliderToStake(Number(e.target.value)))}
            className="range-thumb absolute inset-0 h-7 w-full"
          />
        ))}
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
