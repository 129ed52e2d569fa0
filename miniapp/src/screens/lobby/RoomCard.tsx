import { useTranslation } from 'react-i18next';
import type { RoomSummary } from '@svara/core';
import { MAX_PLAYERS } from '@svara/core/plain';
import { Button } from '../../ui/Button';
import { EyeIcon, LockIcon, UsersIcon } from '../../ui/icons';
import { Chip } from '../../ui/chip';
import { roomLabel } from '../../lib/format';
import { useFormatAmount } from '../../lib/money';

export function RoomCard({
  room,
  canEnter = true,
  onEnter,
  onWatch,
}: {
  room: RoomSummary;
  /** False while the account may not sit down (a suspension or a break): watching still works. */
  canEnter?: boolean;
  onEnter: () => void;
  onWatch: () => void;
}) {
  const { t } = useTranslation();
  const practice = room.currency === 'chips';
  // A practice table's stake is in play chips, with their own sign (RULES §8).
  const amount = useFormatAmount(room.currency ?? 'usd');
  const full = room.players.length >= room.maxPlayers;
  return (
    <li
      className="card-panel flex items-center gap-3 rounded-2xl px-3 py-3"
      data-testid="room-card"
      data-room-id={room.roomId}
    >
      <div className="relative grid h-12 w-12 shrink-0 place-items-center rounded-full bg-gradient-to-b from-felt-600 to-felt-800 ring-1 ring-gold-400/40">
        <Chip size={28} tone={Math.min(4, Math.floor(Math.log10(Math.max(1, room.minBet))))} />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-1 font-mono text-sm text-cream/70">
          {room.type === 'private' ? (
            <span data-testid="room-private" className="text-gold-400">
              <LockIcon size={14} title={t('lobby.privateRoom')} />
            </span>
          ) : null}
          {roomLabel(room.roomId)}
        </div>
        <div className="flex items-center gap-3">
          <span className="gold-text font-display text-xl font-bold" data-testid="room-stake">
            {amount(room.minBet)}
          </span>
          <span className="flex items-center gap-1 text-sm text-cream/80" data-testid="room-players">
            <UsersIcon className="h-4 w-4 text-[var(--hint)]" />
            {room.players.length} / {room.maxPlayers || MAX_PLAYERS}
          </span>
        </div>
        {practice ? (
          <div className="text-[11px] font-medium leading-tight text-gold-400/85" data-testid="room-practice">
            {t('practice.mark')}
          </div>
        ) : null}
      </div>
      <div className="flex flex-col items-end gap-1">
        <Button size="sm" onClick={onEnter} disabled={full || !canEnter} data-testid="room-enter">
          {t('lobby.enter')}
        </Button>
        <button
          type="button"
          onClick={onWatch}
          data-testid="room-watch"
          className="flex items-center gap-1 px-1 text-xs font-medium text-[var(--accent)] active:opacity-70"
        >
          <EyeIcon className="h-3.5 w-3.5" />
          {t('lobby.watch')}
        </button>
      </div>
    </li>
  );
}
