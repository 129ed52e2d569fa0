import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../ui/Sheet';
import { Button } from '../../ui/Button';
import { clampRaise, raiseQuickPicks, raiseStep } from '../../lib/table';
import { useTableAmount } from '../../lib/table-currency';

/** The raise: a slider from the minimum raise to the maximum, quick picks 2x / 5x / 10x / Max. */
export function RaiseSheet({
  open,
  min,
  max,
  balance,
  pending,
  secondsLeft,
  onClose,
  onConfirm,
}: {
  open: boolean;
  min: number;
  max: number;
  balance: number;
  pending: boolean;
  /** The turn's time left: the sheet covers the seat's timer ring, so it shows the time itself. */
  secondsLeft: number;
  onClose: () => void;
  onConfirm: (amount: number) => void;
}) {
  const { t } = useTranslation();
  const usd = useTableAmount();
  const [amount, setAmount] = useState(min);
  const value = clampRaise(amount, min, max);
  const step = raiseStep(min);
  return (
    <Sheet open={open} onClose={onClose} title={t('game.raiseTitle')} testId="raise-sheet">
      <div
        className={`-mt-2 mb-2 text-center text-xs font-semibold tabular-nums ${secondsLeft <= 5 ? 'text-red-400' : 'text-cream/70'}`}
        data-testid="raise-timer"
      >
        {t('game.turnLeft', { seconds: secondsLeft })}
      </div>
      <div className="mb-4 text-center">
        <span className="gold-text font-display text-4xl font-black tabular-nums" data-testid="raise-amount">
          {usd(value)}
        </span>
      </div>
      <input
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => setAmount(Number(e.target.value))}
        data-testid="raise-slider"
        className="mb-2 w-full accent-[#d4a942]"
      />
      <div className="mb-4 flex justify-between text-xs text-[var(--hint)]">
        <span>{usd(min)}</span>
        <span>{usd(max)}</span>
      </div>
      <div className="mb-4 grid grid-cols-4 gap-2">
        {raiseQuickPicks(min, max).map((pick) => (
          <Button
            key={pick.label}
            variant="dark"
            size="sm"
            disabled={pick.disabled || pick.amount > balance}
            onClick={() => setAmount(pick.amount)}
            data-testid={`raise-pick-${pick.label}`}
          >
            {pick.label === 'Max' ? t('game.raiseMax') : pick.label}
          </Button>
        ))}
      </div>
      <Button
        block
        size="lg"
        disabled={pending || value > balance || value > max}
        onClick={() => onConfirm(value)}
        data-testid="raise-confirm"
      >
        {t('game.raise')} {usd(value)}
      </Button>
    </Sheet>
  );
}
