import { useTranslation } from 'react-i18next';
import type { GameState, PlayerView } from '@svara/core';

type GameStatus = GameState['status'];
import { Avatar } from '../../ui/Avatar';
import { DealerButton } from '../../assets/table';
import { CardBack, PlayingCard } from '../../ui/cards';
import { InviteIcon, SeatIcon } from '../../ui/icons';
import type { CSSProperties } from 'react';
import { seatLook, type SeatLabel } from '../../lib/table';
import { seatName } from '../../lib/names';
import { TIGHT_SPOT } from '../../lib/money';
import { useTableAmount } from '../../lib/table-currency';
import { HouseBadge } from './PracticeMarks';
import {
  AVATAR,
  CARD_OFFSET,
  SEAT_POINTS,
  TABLE_CENTER,
  badgeBox,
  bubbleBox,
  cardWidth,
  DEALER,
  dealerBox,
  pillBox,
  scoreBox,
  winBox,
  type Box,
} from '../../lib/table-layout';

/** Badge colours; the words come from `game.labels` in the player's language. */
const LABEL_STYLE: Record<SeatLabel | 'sittingOut' | 'away', string> = {
  blind: 'bg-sky-600 text-white',
  paid: 'bg-emerald-600 text-white',
  allIn: 'bg-red-600 text-white',
  pass: 'bg-zinc-600 text-zinc-100',
  raise: 'bg-orange-500 text-white',
  win: 'bg-gradient-to-b from-gold-300 to-gold-600 text-ink',
  look: 'bg-violet-600 text-white',
  sittingOut: 'bg-black/70 text-cream/75',
  away: 'bg-amber-700 text-white',
};

/** A box of lib/table-layout relative to the seat's avatar centre (the seat element's origin). */
function at(box: Box, seat: number): CSSProperties {
  const p = SEAT_POINTS[seat]!;
  return { left: box.x - p.x, top: box.y - p.y, width: box.w, height: box.h };
}

export type SeatProps = {
  seat: number;
  player: PlayerView;
  /** The table's status: whether a hand is running decides how a seat without cards looks. */
  status: GameStatus;
  isViewer: boolean;
  big: boolean;
  timer: number | null;
  label: SeatLabel | null;
  labelKey: string;
  bubble: string | null;
  dealDelays: number[] | null;
  winAmount: number | null;
  winner: boolean;
};

function TimerRing({ fraction }: { fraction: number }) {
  const r = AVATAR / 2 + 4;
  const c = 2 * Math.PI * r;
  const colour = fraction > 0.5 ? '#3ecf7a' : fraction > 0.2 ? '#f0a33a' : '#ef5350';
  return (
    <svg
      className="pointer-events-none absolute -inset-[7px] -rotate-90"
      width={AVATAR + 14}
      height={AVATAR + 14}
      data-testid="turn-timer"
    >
      <circle
        cx={(AVATAR + 14) / 2}
        cy={(AVATAR + 14) / 2}
        r={r}
        fill="none"
        stroke="rgb(0 0 0 / 0.45)"
        strokeWidth={4}
      />
      <circle
        cx={(AVATAR + 14) / 2}
        cy={(AVATAR + 14) / 2}
        r={r}
        fill="none"
        stroke={colour}
        strokeWidth={4}
        strokeLinecap="round"
        strokeDasharray={c}
        strokeDashoffset={c * (1 - fraction)}
        style={{ transition: 'stroke-dashoffset 200ms linear, stroke 300ms' }}
      />
    </svg>
  );
}

/** One occupied seat: avatar with turn timer, name, balance, dealer mark, last action, cards, chat bubble. */
export function Seat({
  seat,
  player,
  status,
  isViewer,
  big,
  timer,
  label,
  labelKey,
  bubble,
  dealDelays,
  winAmount,
  winner,
}: SeatProps) {
  const { t } = useTranslation();
  const usd = useTableAmount();
  const p = SEAT_POINTS[seat]!;
  const look = seatLook(player, status);
  const off = CARD_OFFSET[seat]!;
  const cardW = cardWidth(big, player.cards !== null);
  // One badge at a time: the last action, else away, else sitting out (never spilling out of its box).
  const badge = label ?? (player.isAway ? 'away' : look === 'sittingOut' ? 'sittingOut' : null);
  // Face down: an active seat that has not folded holds three cards.
  const count = player.cards?.length ?? (player.isActive && !player.hasFolded ? 3 : 0);
  // The deal animation starts at the deck in the middle of the table.
  const dx = TABLE_CENTER.x - (p.x + off.x);
  const dy = TABLE_CENTER.y - (p.y + off.y);
  return (
    <div
      className="absolute"
      style={{ left: p.x, top: p.y, width: 0, height: 0 }}
      data-testid="seat"
      data-seat={seat}
      data-player-id={player.id}
      data-viewer={isViewer || undefined}
      data-house={player.isHouse || undefined}
    >
      {count > 0 && !player.hasFolded ? (
        <div
          className="absolute z-10 flex"
          style={{ left: off.x, top: off.y, transform: 'translate(-50%, -50%)' }}
          data-testid="seat-cards"
        >
          {Array.from({ length: count }, (_, i) => {
            const card = player.cards?.[i];
            const anim = dealDelays?.[i];
            const tilt = big ? (i - 1) * 6 : (i - 1) * 10;
            return (
              <div
                key={i}
                style={{
                  marginLeft: i === 0 ? 0 : -cardW * (big ? 0.3 : 0.55),
                  ['--dx' as string]: `${dx}px`,
                  ['--dy' as string]: `${dy}px`,
                  animation:
                    anim !== undefined ? `deal-in 380ms cubic-bezier(.2,.8,.3,1) ${anim}ms both` : undefined,
                }}
              >
                <div
                  style={{ transform: `rotate(${tilt}deg) translateY(${Math.abs(i - 1) * (big ? 4 : 2)}px)` }}
                  data-testid="seat-card"
                >
                  {card ? <PlayingCard card={card} width={cardW} /> : <CardBack width={cardW} />}
                </div>
              </div>
            );
          })}
        </div>
      ) : null}
      {count > 0 && !player.hasFolded && player.score !== null && player.cards ? (
        // Beside the fan, not over or under it: two fans of one side meet there (lib/table-layout).
        <span
          className={`absolute z-10 flex items-center justify-center rounded-full border border-gold-200/70 bg-ink font-bold leading-none text-gold-300 shadow ${
            big ? 'text-sm' : 'text-[11px]'
          }`}
          style={at(scoreBox(seat, big), seat)}
          data-testid="seat-score"
        >
          {player.score}
        </span>
      ) : null}

      <div
        className={`absolute -translate-x-1/2 -translate-y-1/2 transition-[opacity,filter] duration-300 ${
          look === 'folded'
            ? 'opacity-45 grayscale'
            : look === 'sittingOut' || look === 'waiting'
              ? 'opacity-60 saturate-50'
              : ''
        }`}
        style={{ width: AVATAR, height: AVATAR }}
        data-testid="seat-avatar"
      >
        <div
          className={`relative rounded-full ${winner ? 'shadow-[0_0_18px_6px_rgb(243_217_139/0.75)]' : 'shadow-[0_4px_10px_rgb(0_0_0/0.5)]'}`}
        >
          <Avatar src={player.avatar} name={player.username ?? '?'} size={AVATAR} />
          {timer !== null ? <TimerRing fraction={timer} /> : null}
        </div>
      </div>
      {player.isDealer ? (
        <span className="absolute z-[7]" style={at(dealerBox(seat), seat)} data-testid="dealer-marker">
          <DealerButton size={DEALER} />
        </span>
      ) : null}
      {badge ? (
        <span
          key={label ? labelKey : badge}
          className="absolute z-[6] flex items-center justify-center"
          style={at(badgeBox(seat), seat)}
        >
          <span
            className={`max-w-full truncate rounded-full px-1.5 text-[9px] font-extrabold uppercase leading-[13px] shadow ${LABEL_STYLE[badge]}`}
            style={label ? { animation: 'flash-label 2s ease-out' } : undefined}
            data-testid="seat-label"
            data-label={badge}
          >
            {t(`game.labels.${badge}`)}
          </span>
        </span>
      ) : null}
      <div
        className={`absolute rounded-lg border border-gold-400/25 bg-black/70 px-1 py-0.5 text-center leading-tight shadow-md backdrop-blur-sm ${
          look === 'folded' ? 'opacity-60' : ''
        }`}
        style={at(pillBox(seat), seat)}
        data-testid="seat-pill"
      >
        {player.isHouse ? (
          // RULES §8: a house player is marked by the name, so people can tell whom they play with.
          <div className="flex min-w-0 items-center justify-center gap-0.5">
            <HouseBadge />
            <div className="truncate text-[10px] font-semibold text-cream" data-testid="seat-name">
              {seatName(player.username) || t('game.player')}
            </div>
          </div>
        ) : (
          <div className="truncate text-[10px] font-semibold text-cream" data-testid="seat-name">
            {seatName(player.username) || t('game.player')}
          </div>
        )}
        <div className="text-[10px] font-bold tabular-nums text-gold-300" data-testid="seat-balance">
          {usd(player.balance, { compact: true })}
        </div>
      </div>

      {bubble ? (
        <div className="absolute z-30 flex items-center justify-center" style={at(bubbleBox(seat), seat)}>
          {/* The shared keyframes move the element left by half its width; this wrapper gives it back. */}
          <div className="max-h-full max-w-full translate-x-1/2">
            <div
              style={{ animation: 'bubble 2s ease-out both' }}
              className="line-clamp-2 rounded-2xl bg-cream px-2 py-0.5 text-center text-[11px] font-semibold leading-[13px] text-ink shadow-lg"
              data-testid="chat-bubble"
            >
              {bubble}
            </div>
          </div>
        </div>
      ) : null}

      {winAmount !== null ? (
        <div className="absolute z-30 flex items-center justify-center" style={at(winBox(seat), seat)}>
          <div className="translate-x-1/2">
            <div
              className="gold-text whitespace-nowrap font-display text-base font-black leading-[22px] drop-shadow-[0_2px_2px_rgb(0_0_0/0.8)]"
              style={{ animation: 'win-rise 2.5s ease-out both' }}
              data-testid="win-indicator"
            >
              +{usd(winAmount, TIGHT_SPOT)}
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** An empty seat: invite (seated players) or sit down (spectators). */
export function EmptySeat({
  seat,
  action,
  onClick,
}: {
  seat: number;
  action: 'invite' | 'sit' | null;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const p = SEAT_POINTS[seat]!;
  return (
    <div
      className="absolute -translate-x-1/2 -translate-y-1/2"
      style={{ left: p.x, top: p.y }}
      data-testid="empty-seat"
      data-seat={seat}
    >
      {action ? (
        <button
          type="button"
          onClick={onClick}
          data-testid={action === 'invite' ? 'invite-seat' : 'sit-seat'}
          className="flex flex-col items-center gap-1 active:scale-95"
        >
          <span className="grid h-11 w-11 place-items-center rounded-full border-2 border-dashed border-gold-300/60 bg-black/30 text-gold-300">
            {action === 'invite' ? <InviteIcon className="h-5 w-5" /> : <SeatIcon className="h-5 w-5" />}
          </span>
          <span className="rounded-full bg-black/50 px-1.5 text-[9px] font-semibold uppercase tracking-wider text-gold-200">
            {action === 'invite' ? t('game.invite') : t('game.sit')}
          </span>
        </button>
      ) : (
        <span className="block h-10 w-10 rounded-full border-2 border-dashed border-cream/15" />
      )}
    </div>
  );
}
