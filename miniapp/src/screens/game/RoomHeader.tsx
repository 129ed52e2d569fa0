import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatUsd } from '../../lib/money';
import { LockIcon, MenuIcon } from '../../ui/icons';

/** The room's short id, its stake, the viewer's balance when seated, and the menu button. */
export function RoomHeader({
  roomId,
  isPrivate = false,
  stake,
  balance,
  onMenu,
  fairness = null,
}: {
  roomId: string;
  isPrivate?: boolean;
  stake: number;
  balance: number | null;
  onMenu: () => void;
  /** The fairness badge (fairness/FairnessBadge.tsx), before the menu button. */
  fairness?: ReactNode;
}) {
  const { t } = useTranslation();
  const usd = useFormatUsd();
  return (
    <header className="flex items-center gap-3 px-4 py-2">
      <div className="flex-1">
        <div
          className="flex items-center gap-1 font-mono text-sm font-semibold text-cream/85"
          data-testid="room-header-id"
        >
          {isPrivate ? (
            <span title={t('lobby.privateRoom')} data-testid="room-lock">
              <LockIcon className="h-3.5 w-3.5 text-gold-400" />
            </span>
          ) : null}
          #{roomId.slice(0, 8)}
        </div>
        <div className="text-xs text-[var(--hint)]">
          {t('game.stake')} <span className="font-semibold text-gold-300">{usd(stake)}</span>
        </div>
      </div>
      {balance !== null ? (
        <div
          className="rounded-full border border-gold-400/30 bg-black/30 px-3 py-1 text-sm font-bold tabular-nums text-gold-300"
          data-testid="my-balance"
        >
          {usd(balance)}
        </div>
      ) : null}
      {fairness}
      <button
        type="button"
        aria-label={t('game.settings')}
        onClick={onMenu}
        data-testid="room-menu"
        className="grid h-10 w-10 place-items-center rounded-full border border-gold-400/30 bg-felt-800 text-gold-300 active:scale-95"
      >
        <MenuIcon className="h-5 w-5" />
      </button>
    </header>
  );
}
