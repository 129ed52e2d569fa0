import { Suspense, lazy, useEffect, useLayoutEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomType } from '@svara/core';
import { useStore } from '../../app/store';
import { profile, refreshProfile } from '../../app/session';
import { roomList, setRoomsView, watchRooms } from '../../app/rooms';
import { settings, updateSettings, type LobbyMode } from '../../app/settings';
import { practiceStatus } from '../../app/practice';
import { navigate } from '../../app/navigation';
import { enterRoom, passwordPrompt } from '../../app/room-entry';
import { lobbyFilterReducer, pageCount, STAKE_MAX, STAKE_MIN } from '../../lib/lobby';
import { lobbyViewOf } from '../../lib/lobby-feed';
import { Button } from '../../ui/Button';
import { Segmented } from '../../ui/Segmented';
import { Sheet } from '../../ui/Sheet';
import { Switch } from '../../ui/Switch';
import { Spinner } from '../../ui/Spinner';
import { SuspensionNotice } from '../../ui/SuspensionNotice';
import { ExclusionNotice } from '../protection/ExclusionNotice';
import { useAccountBlock } from '../../app/account';
import {
  ChevronLeft,
  ChevronRight,
  DotsIcon,
  KeyIcon,
  LockIcon,
  PlusIcon,
  SearchIcon,
  SlidersIcon,
  TrophyIcon,
} from '../../ui/icons';
import { HeaderCard } from './HeaderCard';
import { DevFaucet } from './DevFaucet';
import { RoomCard } from './RoomCard';
import { SeatedBar } from './SeatedBar';
import { PracticePanel, PracticeTables } from './PracticeLobby';

// What opens on a tap is not part of the lobby's first paint: it loads once the lobby is drawn.
const loadStakeRangeSlider = () => import('./StakeRangeSlider');
const loadCreateRoomDialog = () => import('./CreateRoomDialog');
const loadJoinByPasswordDialog = () => import('./JoinByPasswordDialog');
const StakeRangeSlider = lazy(() => loadStakeRangeSlider().then((m) => ({ default: m.StakeRangeSlider })));
const CreateRoomDialog = lazy(() => loadCreateRoomDialog().then((m) => ({ default: m.CreateRoomDialog })));
const JoinByPasswordDialog = lazy(() =>
  loadJoinByPasswordDialog().then((m) => ({ default: m.JoinByPasswordDialog })),
);

const LOBBY_MODES: readonly LobbyMode[] = ['money', 'practice'];

const PROFILE_RECHECK_MS = 1_500;

type Dialog = null | { kind: 'create'; type: RoomType } | { kind: 'join'; roomId?: string };

export function Dashboard() {
  const { t } = useTranslation();
  const me = useStore(profile);
  // A suspension or a break in force: the banners above say why; Create and Enter wait for its end.
  const blocked = useAccountBlock() !== null;
  const { rooms, total, loaded } = useStore(roomList);
  // Money tables or practice tables (RULES §8): the last one shown comes back.
  const mode = useStore(settings).lobbyMode;
  const practice = mode === 'practice';
  const chips = useStore(practiceStatus)?.chips ?? 0;
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [rangeOpen, setRangeOpen] = useState(false);
  const [filter, dispatch] = useReducer(lobbyFilterReducer, {
    search: '',
    available: settings.get().availableOnly,
    range: [STAKE_MIN, STAKE_MAX] as const,
    page: 1,
  });

  useEffect(() => watchRooms(), []);
  // Whether a seat is still held somewhere: asked again on every visit, after a table just left has
  // had time to give its seat up.
  useEffect(() => {
    const id = setTimeout(() => void refreshProfile(), PROFILE_RECHECK_MS);
    return () => clearTimeout(id);
  }, []);
  const ready = Boolean(me);
  // The moment the lobby can be used: signed in, profile loaded, drawn (read by the load bench). A
  // layout effect runs as the lobby's page is committed, whichever way it got there: a passive effect
  // would run then too after a store's update (sign-in answered after the first render), but only
  // after the browser's next paint when the very first render draws the lobby.
  useLayoutEffect(() => {
    if (ready && performance.getEntriesByName('svara:lobby-ready').length === 0)
      performance.mark('svara:lobby-ready');
  }, [ready]);
  useEffect(() => {
    if (!ready) return;
    void Promise.all([loadStakeRangeSlider(), loadCreateRoomDialog(), loadJoinByPasswordDialog()]).catch(
      () => undefined,
    );
  }, [ready]);
  const promptRoom = useStore(passwordPrompt);
  useEffect(() => {
    if (!promptRoom) return;
    setDialog({ kind: 'join', roomId: promptRoom });
    passwordPrompt.set(null);
  }, [promptRoom]);

  // The server filters and pages (a page past the end, after rooms closed, shows the last page).
  const pages = pageCount(total);
  const page = Math.min(filter.page, pages);
  const view = useMemo(() => lobbyViewOf({ ...filter, page }), [filter, page]);
  useEffect(() => setRoomsView(view), [view]);
  const visible = rooms;

  if (!me) return null;

  return (
    <div
      className="mx-auto flex min-h-full max-w-md flex-col gap-4 px-4"
      style={{ paddingTop: 'calc(12px + var(--safe-top))', paddingBottom: 'calc(12px + var(--safe-bottom))' }}
      data-testid="dashboard"
    >
      <HeaderCard me={me} />
      <SuspensionNotice suspension={me.suspension} />
      <ExclusionNotice />
      {me.seatedRoomId ? <SeatedBar roomId={me.seatedRoomId} /> : null}
      <DevFaucet />

      <Segmented
        kind="tabs"
        options={LOBBY_MODES}
        value={mode}
        onChange={(lobbyMode) => updateSettings({ lobbyMode })}
        label={(option) => t(option === 'practice' ? 'practice.tab' : 'practice.moneyTab')}
        testId={(option) => `lobby-tab-${option}`}
        className="grid grid-cols-2 gap-1"
      />

      {/* Labels shrink with the screen so "Tournaments" fits a third of a 320 px phone. */}
      <div className="grid grid-cols-3 gap-2" data-testid="lobby-buttons">
        {(
          [
            [
              'create-menu-button',
              'gold',
              <PlusIcon key="i" className="h-6 w-6" />,
              t('lobby.create'),
              () => setMenuOpen(true),
            ],
            [
              'tournaments-button',
              'dark',
              <TrophyIcon key="i" className="h-6 w-6 text-gold-400" />,
              t('lobby.tournaments'),
              () => navigate({ name: 'tournaments' }),
            ],
            [
              'more-button',
              'dark',
              <DotsIcon key="i" className="h-6 w-6 text-gold-400" />,
              t('lobby.more'),
              () => navigate({ name: 'more' }),
            ],
          ] as const
        ).map(([id, variant, icon, label, onClick]) => (
          <Button
            key={id}
            variant={variant}
            onClick={onClick}
            disabled={blocked && id === 'create-menu-button'}
            data-testid={id}
            className="!h-[68px] flex-col !gap-1 !px-0.5"
          >
            {icon}
            <span className="max-w-full truncate text-[clamp(10px,3.4vw,13px)]">{label}</span>
          </Button>
        ))}
      </div>

      {practice ? (
        <>
          <PracticePanel blocked={blocked} />
          <PracticeTables blocked={blocked} />
        </>
      ) : (
        <>
          <section className="card-panel rounded-3xl p-3" data-testid="room-filters">
            <div className="flex items-center gap-2">
              <label className="relative flex-1">
                <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-[var(--hint)]" />
                <input
                  data-testid="room-search"
                  value={filter.search}
                  onChange={(e) => dispatch({ type: 'search', value: e.target.value.slice(0, 40) })}
                  placeholder={t('lobby.searchPlaceholder')}
                  className="h-10 w-full rounded-xl border border-gold-400/20 bg-black/30 pl-9 pr-3 text-sm text-cream outline-none placeholder:text-cream/35 focus:border-gold-400/70"
                />
              </label>
              <button
                type="button"
                data-testid="stakes-toggle"
                onClick={() => setRangeOpen((o) => !o)}
                aria-expanded={rangeOpen}
                className={`flex h-10 items-center gap-1.5 rounded-xl border px-3 text-sm font-medium transition-colors ${
                  rangeOpen
                    ? 'border-gold-400 bg-gold-500/20 text-gold-200'
                    : 'border-gold-400/20 bg-black/30 text-cream/80'
                }`}
              >
                <SlidersIcon className="h-4 w-4" />
                {t('lobby.stakes')}
              </button>
            </div>
            {rangeOpen ? (
              <div className="mt-3 animate-fade">
                <Suspense fallback={null}>
                  <StakeRangeSlider
                    value={filter.range}
                    onChange={(value) => dispatch({ type: 'range', value })}
                  />
                </Suspense>
              </div>
            ) : null}
            <div className="mt-3 flex items-center justify-between px-1">
              <span className="text-sm text-cream/80">{t('lobby.available')}</span>
              <Switch
                testId="available-switch"
                label={t('lobby.available')}
                checked={filter.available}
                onChange={(value) => {
                  updateSettings({ availableOnly: value });
                  dispatch({ type: 'available', value });
                }}
              />
            </div>
          </section>

          <section className="flex-1">
            <div className="mb-2 flex items-center justify-between px-1">
              <h2 className="font-display text-lg font-bold text-gold-300">{t('lobby.rooms')}</h2>
              <span className="text-xs text-[var(--hint)]">{t('lobby.currencyNote')}</span>
            </div>
            {!loaded ? (
              <div className="grid place-items-center py-10">
                <Spinner />
              </div>
            ) : visible.length === 0 ? (
              <div
                className="card-panel rounded-2xl py-10 text-center text-cream/60"
                data-testid="rooms-empty"
              >
                {t('lobby.roomsNotFound')}
              </div>
            ) : (
              <ul className="flex flex-col gap-2.5" data-testid="room-list">
                {visible.map((room) => (
                  <RoomCard
                    key={room.roomId}
                    room={room}
                    canEnter={!blocked}
                    onEnter={() =>
                      room.type === 'private'
                        ? setDialog({ kind: 'join', roomId: room.roomId })
                        : void enterRoom(room.roomId, room.minBet, me.balance)
                    }
                    onWatch={() => navigate({ name: 'gameRoom', roomId: room.roomId, autoSit: false })}
                  />
                ))}
              </ul>
            )}
            {pages > 1 ? (
              <nav className="mt-3 flex items-center justify-center gap-3" data-testid="pager">
                <button
                  type="button"
                  aria-label={t('lobby.previousPage')}
                  disabled={page <= 1}
                  onClick={() => dispatch({ type: 'page', value: page - 1 })}
                  className="grid h-9 w-9 place-items-center rounded-full bg-felt-800 text-gold-300 disabled:opacity-30"
                >
                  <ChevronLeft className="h-4 w-4" />
                </button>
                <span className="text-sm tabular-nums text-cream/80" data-testid="page-indicator">
                  {page} / {pages}
                </span>
                <button
                  type="button"
                  aria-label={t('lobby.nextPage')}
                  disabled={page >= pages}
                  onClick={() => dispatch({ type: 'page', value: page + 1 })}
                  className="grid h-9 w-9 place-items-center rounded-full bg-felt-800 text-gold-300 disabled:opacity-30"
                >
                  <ChevronRight className="h-4 w-4" />
                </button>
              </nav>
            ) : null}
          </section>
        </>
      )}

      <footer
        className="flex items-center justify-center gap-2 py-2 text-xs text-cream/45"
        data-testid="footer-18"
      >
        <span className="grid h-7 w-7 place-items-center rounded-full border-2 border-red-400/70 text-[10px] font-bold text-red-300">
          18+
        </span>
        {t('lobby.adultsOnly')}
      </footer>

      <Sheet
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        title={t('lobby.create')}
        testId="create-menu"
      >
        <div className="flex flex-col gap-2.5">
          {(
            [
              [
                'create-public',
                <PlusIcon key="i" className="h-5 w-5" />,
                t('lobby.createRoom'),
                () => setDialog({ kind: 'create', type: 'public' }),
              ],
              [
                'create-private',
                <LockIcon key="i" className="h-5 w-5" />,
                t('lobby.createPrivateRoom'),
                () => setDialog({ kind: 'create', type: 'private' }),
              ],
              [
                'join-room',
                <KeyIcon key="i" className="h-5 w-5" />,
                t('lobby.joinRoom'),
                () => setDialog({ kind: 'join' }),
              ],
            ] as const
          ).map(([id, icon, label, action]) => (
            <Button
              key={id}
              variant="dark"
              size="lg"
              block
              data-testid={id}
              className="justify-start"
              onClick={() => {
                setMenuOpen(false);
                action();
              }}
            >
              <span className="text-gold-400">{icon}</span>
              {label}
            </Button>
          ))}
        </div>
      </Sheet>

      <Suspense fallback={null}>
        {dialog?.kind === 'create' ? (
          <CreateRoomDialog
            type={dialog.type}
            currency={practice ? 'chips' : 'usd'}
            balance={practice ? chips : me.balance}
            onClose={() => setDialog(null)}
          />
        ) : null}
        {dialog?.kind === 'join' ? (
          <JoinByPasswordDialog initialRoomId={dialog.roomId} onClose={() => setDialog(null)} />
        ) : null}
      </Suspense>
    </div>
  );
}
