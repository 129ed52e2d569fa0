/**
 * The lobby's practice half (RULES §8): the player's play chips (their own sign, never "$") with
 * Top up, a big Play now, and the public practice tables with a seat free. Nothing here touches
 * the dollar balance; the header above keeps showing dollars only.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../app/store';
import { useNow } from '../../app/useNow';
import { navigate } from '../../app/navigation';
import { enterRoom, playNow } from '../../app/room-entry';
import {
  loadPracticeRooms,
  loadPracticeStatus,
  practiceRooms,
  practiceStatus,
  topUpChips,
  topUpState,
} from '../../app/practice';
import { formatDate } from '../../lib/dates';
import { CHIPS_SIGN, useFormatAmount } from '../../lib/money';
import { canAffordStake } from '../../lib/validation';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { showToast } from '../../ui/toast';
import { RoomCard } from './RoomCard';

/** How often the practice tables are asked for again while shown (they are few, and change slowly). */
const TABLES_EVERY_MS = 5_000;

function PlayIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden fill="currentColor">
      <path d="M8 5.5v13a1 1 0 0 0 1.53.85l10.4-6.5a1 1 0 0 0 0-1.7L9.53 4.65A1 1 0 0 0 8 5.5Z" />
    </svg>
  );
}

/** The chips, Top up and Play now. `blocked`: a suspension or a break (the notices above say which). */
export function PracticePanel({ blocked }: { blocked: boolean }) {
  const { t, i18n } = useTranslation();
  const status = useStore(practiceStatus);
  const chips = useFormatAmount('chips');
  const [busy, setBusy] = useState(false);
  // Top up comes back by itself when its time is reached.
  const now = useNow(15_000);

  useEffect(() => void loadPracticeStatus(), []);

  const topUp = status ? topUpState(status, now) : { allowed: false, waitUntil: null };

  async function onTopUp() {
    setBusy(true);
    if (await topUpChips()) showToast(t('practice.toppedUp'), 'success');
    setBusy(false);
  }

  return (
    <section className="card-panel flex flex-col gap-3 rounded-3xl p-4" data-testid="practice-panel">
      <div className="flex items-center gap-3">
        <span
          aria-hidden
          className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-gradient-to-b from-felt-600 to-felt-800 text-xl font-bold text-gold-300 ring-1 ring-gold-400/50"
        >
          {CHIPS_SIGN}
        </span>
        <div className="min-w-0 flex-1">
          <div className="text-xs text-[var(--hint)]">{t('practice.chips')}</div>
          {/* The whole amount, however many chips were won: it has the row to itself. */}
          <div
            className="gold-text break-words font-display text-[28px] font-bold leading-tight tabular-nums"
            data-testid="practice-chips"
          >
            {status ? chips(status.chips) : <Spinner className="h-6 w-6" />}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          size="sm"
          variant="dark"
          disabled={!topUp.allowed || busy}
          onClick={() => void onTopUp()}
          data-testid="practice-top-up"
        >
          {t('practice.topUp')}
        </Button>
        {topUp.waitUntil ? (
          <span className="text-xs text-[var(--hint)]" data-testid="practice-top-up-at">
            {t('practice.topUpAt', { time: formatDate(topUp.waitUntil, i18n.language, 'time') })}
          </span>
        ) : null}
      </div>
      <p className="text-xs text-[var(--hint)]">{t('practice.chipsNote')}</p>
      <Button
        size="lg"
        block
        disabled={blocked}
        onClick={() => void playNow()}
        data-testid="play-now"
        className="!h-14 !text-lg"
      >
        <PlayIcon className="h-5 w-5" />
        {t('practice.playNow')}
      </Button>
      <p className="text-center text-xs text-[var(--hint)]">{t('practice.playNowHint')}</p>
    </section>
  );
}

/** The public practice tables with a seat free, asked for again every few seconds while shown. */
export function PracticeTables({ blocked }: { blocked: boolean }) {
  const { t } = useTranslation();
  const { rooms, loaded } = useStore(practiceRooms);
  const status = useStore(practiceStatus);

  useEffect(() => {
    void loadPracticeRooms();
    const id = setInterval(() => void loadPracticeRooms(), TABLES_EVERY_MS);
    return () => clearInterval(id);
  }, []);

  function enter(roomId: string, minBet: number) {
    const held = status?.chips ?? 0;
    // RULES §6's 10 stakes, in chips: said here in chips' words, not the dollar balance's.
    if (!canAffordStake(held, minBet)) showToast(t('practice.notEnoughChips'), 'error');
    else void enterRoom(roomId, minBet, held);
  }

  return (
    <section className="flex-1" data-testid="practice-tables">
      {/* Each card says it is practice and writes its stake in chips: the heading needs no unit. */}
      <h2 className="mb-2 px-1 font-display text-lg font-bold text-gold-300">{t('practice.tables')}</h2>
      {!loaded ? (
        <div className="grid place-items-center py-10">
          <Spinner />
        </div>
      ) : rooms.length === 0 ? (
        <div
          className="card-panel rounded-2xl px-4 py-8 text-center text-sm text-cream/60"
          data-testid="practice-tables-empty"
        >
          {t('practice.noTables')}
        </div>
      ) : (
        <ul className="flex flex-col gap-2.5" data-testid="practice-room-list">
          {rooms.map((room) => (
            <RoomCard
              key={room.roomId}
              room={room}
              canEnter={!blocked}
              onEnter={() => enter(room.roomId, room.minBet)}
              onWatch={() => navigate({ name: 'gameRoom', roomId: room.roomId, autoSit: false })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
