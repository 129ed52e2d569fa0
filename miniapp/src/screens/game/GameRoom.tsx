import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMINGS, type ChatPhrase } from '@svara/core';
import { useStore } from '../../app/store';
import { profile } from '../../app/session';
import { navigate } from '../../app/navigation';
import { backOverride } from '../../app/back';
import { useNow } from '../../app/useNow';
import { connectionStatus, emitWithAck, reconnectRealtime } from '../../api/realtime';
import { errorText } from '../../i18n';
import { haptic, openTelegram, setClosingConfirmation, setVerticalSwipes } from '../../telegram/sdk';
import {
  actionButtons,
  dealDelays,
  dealingOrder,
  finishedPhase,
  firstFreePosition,
  isViewerTurn,
  remainingMs,
  waitingState,
} from '../../lib/table';
import { canAffordStake } from '../../lib/validation';
import { tableScale, TABLE_H, TABLE_W } from '../../lib/table-layout';
import { formatTableMoney } from '../../lib/money';
import { seatName } from '../../lib/names';
import { ErrorPage } from '../../ui/ErrorPage';
import { LoadingScreen } from '../../ui/Spinner';
import { Sheet } from '../../ui/Sheet';
import { Dialog } from '../../ui/Modal';
import { Button } from '../../ui/Button';
import { showToast } from '../../ui/toast';
import { MenuIcon, SeatIcon, WifiOffIcon } from '../../ui/icons';
import { useGameRoom } from './useGameRoom';
import { setSoundEnabled, unlockSound } from '../../assets/sounds';
import { settings } from '../../app/settings';
import { TableView, type TableDisplay } from './TableView';
import { ActionBar } from './ActionBar';
import { RaiseSheet } from './RaiseSheet';
import { ChatSheet } from './ChatSheet';
import { SettingsSheet } from './SettingsSheet';
import { SvaraDialog, SvaraIntro } from './SvaraOverlay';
import { inviteShareUrl } from './invite';

const RUNNING = new Set(['ante', 'blind_betting', 'betting', 'showdown', 'svara_pending']);
const NO_STATE_TIMEOUT_MS = 10_000;

/** The table screen (SPEC §2 "Game room screen", §4 turn, display phases, svara, realtime). */
export default function GameRoom({ roomId, autoSit }: { roomId: string; autoSit: boolean }) {
  const { t } = useTranslation();
  const me = useStore(profile);
  const conn = useStore(connectionStatus);
  const room = useGameRoom(roomId);
  const { state, clockOffset, pending } = room;
  const now = useNow(200);
  const viewerId = me?.telegramId ?? null;
  const viewer = state?.players.find((p) => p.id === viewerId) ?? null;
  const seated = viewer !== null;

  const [menuOpen, setMenuOpen] = useState(false);
  const [chatOpen, setChatOpen] = useState(false);
  const [raiseOpen, setRaiseOpen] = useState(false);
  const [exitAsk, setExitAsk] = useState(false);
  const [noState, setNoState] = useState(false);

  // --- leaving
  const leaveRoom = room.leave;
  const leave = useCallback(() => {
    leaveRoom();
    navigate({ name: 'dashboard' });
  }, [leaveRoom]);
  const inHand = Boolean(viewer?.isActive && !viewer.hasFolded && state && RUNNING.has(state.status));
  useEffect(() => {
    backOverride.set({ onBack: () => (inHand ? setExitAsk(true) : leave()) });
    return () => backOverride.set(null);
  }, [inHand, leave]);
  useEffect(() => {
    setClosingConfirmation(inHand);
    return () => setClosingConfirmation(false);
  }, [inHand]);
  useEffect(() => {
    setVerticalSwipes(false);
    return () => setVerticalSwipes(true);
  }, []);

  // --- sound follows the setting; the audio context is unlocked by the tap that opened the room
  const soundOn = useStore(settings).sound;
  useEffect(() => setSoundEnabled(soundOn), [soundOn]);
  useEffect(() => unlockSound(), []);

  // --- no state at all after joining: the page-level error
  useEffect(() => {
    if (state) return setNoState(false);
    const id = setTimeout(() => setNoState(true), NO_STATE_TIMEOUT_MS);
    return () => clearTimeout(id);
  }, [state]);

  // --- socket refusals become notices
  useEffect(() => {
    if (room.socketError) showToast(errorText(room.socketError.code, room.socketError.message), 'error');
  }, [room.socketError]);

  // --- table scale: the 315 × 493 base fitted into the free space
  const areaRef = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const el = areaRef.current;
    if (!el) return;
    const fit = () => setScale(tableScale(el.clientWidth, el.clientHeight));
    fit();
    const ro = new ResizeObserver(fit);
    ro.observe(el);
    return () => ro.disconnect();
  }, [state !== null]);

  // --- auto-sit (invitation, Enter, create): the first free seat, if the balance covers 10 stakes
  const sitTried = useRef(false);
  const sit = useCallback(
    async (position: number | null) => {
      if (!state || !me) return;
      if (!canAffordStake(me.balance, state.minBet)) {
        showToast(t('errors.insufficientBalance'), 'error');
        return;
      }
      const pos = position ?? firstFreePosition(state.players);
      if (pos === null) return showToast(t('errors.room_full'), 'error');
      const ack = await room.sitDown(pos, { username: me.username ?? me.firstName, avatar: me.avatar });
      if (!ack.ok) showToast(errorText(ack.code, ack.message), 'error');
      else haptic('success');
    },
    [state, me, room, t],
  );
  useEffect(() => {
    if (!autoSit || sitTried.current || !state || !me) return;
    sitTried.current = true;
    if (!state.players.some((p) => p.id === me.telegramId)) void sit(null);
  }, [autoSit, state, me, sit]);

  // --- turn
  const onTurn = state ? isViewerTurn(state, viewerId, pending) : false;
  const current =
    state && state.currentPlayerIndex >= 0 ? state.players[state.currentPlayerIndex] : undefined;
  const turnLeft =
    state && (state.status === 'blind_betting' || state.status === 'betting')
      ? remainingMs(state.deadline, now, clockOffset)
      : 0;
  const turnTotal =
    state?.deadline && state.turnStartTime ? state.deadline - state.turnStartTime : TIMINGS.turnMs;
  const foldSentFor = useRef<number | null>(null);
  useEffect(() => {
    if (!state || !onTurn || turnLeft > 0 || state.deadline === null) return;
    // The server folds on its own; the client only asks once per turn.
    if (foldSentFor.current === state.turnStartTime) return;
    foldSentFor.current = state.turnStartTime;
    room.autoFold();
  }, [state, onTurn, turnLeft, room]);
  const turnKey = onTurn ? state?.turnStartTime : null;
  useEffect(() => {
    if (turnKey) haptic('tap');
  }, [turnKey]);

  // --- display phases: dealing, the finished timeline, svara
  const seenHand = useRef<number | null>(null);
  const [deal, setDeal] = useState<{ hand: number; delays: Record<string, number[]>; until: number } | null>(
    null,
  );
  useEffect(() => {
    if (!state) return;
    const hand = state.fairness.handNumber;
    const first = seenHand.current === null;
    if (hand === seenHand.current) return;
    seenHand.current = hand;
    const fresh = state.status === 'ante' || (!first && state.status === 'blind_betting');
    if (!fresh) return;
    const order = dealingOrder(state.players);
    setDeal({
      hand,
      delays: dealDelays(order, TIMINGS.dealDelayMs),
      until: Date.now() + order.length * 3 * TIMINGS.dealDelayMs + 500,
    });
  }, [state]);
  const dealing = deal && now < deal.until ? deal.delays : null;

  const finishedElapsed =
    state?.status === 'finished'
      ? state.deadline
        ? TIMINGS.resultDisplayMs - remainingMs(state.deadline, now, clockOffset)
        : TIMINGS.resultDisplayMs
      : null;
  const finished = finishedElapsed === null ? null : finishedPhase(finishedElapsed);

  const svaraKey = state?.status === 'svara_pending' ? `${state.fairness.handNumber}` : null;
  const [svara, setSvara] = useState<{
    key: string;
    introUntil: number;
    closed: boolean;
    decided: boolean;
  } | null>(null);
  useEffect(() => {
    if (svaraKey && svara?.key !== svaraKey)
      setSvara({
        key: svaraKey,
        introUntil: Date.now() + TIMINGS.svaraIntroMs,
        closed: false,
        decided: false,
      });
    if (!svaraKey && svara) setSvara(null);
  }, [svaraKey, svara]);
  const svaraLeft =
    state?.status === 'svara_pending' ? Math.ceil(remainingMs(state.deadline, now, clockOffset) / 1000) : 0;
  const svaraDecided = Boolean(svara?.decided || (viewerId && state?.svaraConfirmed.includes(viewerId)));
  const svaraCanChoose = Boolean(
    state?.allowedActions?.joinSvara && viewerId && !state.svaraTied.includes(viewerId) && !svaraDecided,
  );
  const decideSvara = useCallback(
    (join: boolean) => {
      setSvara((s) => (s ? { ...s, decided: true, closed: !join } : s));
      void room.act(
        join ? 'join_svara' : 'skip_svara',
        join ? state?.allowedActions?.joinSvara?.amount : undefined,
      );
    },
    [room, state],
  );
  useEffect(() => {
    // At zero the undecided player skips.
    if (
      svara &&
      !svara.decided &&
      svaraCanChoose &&
      now > svara.introUntil &&
      svaraLeft <= 0 &&
      state?.deadline
    )
      decideSvara(false);
  }, [svara, svaraCanChoose, svaraLeft, now, state, decideSvara]);

  const bubbles = useMemo(
    () => Object.fromEntries(room.bubbles.map((b) => [b.playerId, t(`chat.${b.phrase}`)])),
    [room.bubbles, t],
  );

  if (room.fatal)
    return <ErrorPage text={`${t('game.errorPrefix')}${errorText(room.fatal.code, room.fatal.message)}`} />;
  if (!state)
    return noState ? (
      <ErrorPage text={t('errors.error_loading_game_state')} />
    ) : (
      <LoadingScreen label={t('common.loading')} />
    );

  const display: TableDisplay = {
    finished,
    deal: dealing,
    timer:
      current && turnLeft > 0 ? { playerId: current.id, fraction: Math.min(1, turnLeft / turnTotal) } : null,
    bubbles,
  };

  const freeSeat = firstFreePosition(state.players);
  const buttons =
    seated &&
    viewer?.isActive &&
    !viewer.hasFolded &&
    (state.status === 'blind_betting' || state.status === 'betting')
      ? actionButtons(state, onTurn)
      : null;
  const waiting = waitingState(state);
  const note = !seated
    ? t('game.watching')
    : waiting
      ? t(`game.${waiting}`)
      : current && current.id !== viewerId && (state.status === 'blind_betting' || state.status === 'betting')
        ? t('game.waitingForMove', { name: seatName(current.username) || t('game.player') })
        : t('game.waitingForNextRound');

  async function onAction(kind: 'look' | 'blind_bet' | 'fold' | 'call', amount?: number) {
    await room.act(kind, amount);
  }

  async function onEmptySeat(position: number) {
    if (!seated) return void sit(position);
    const ack = await emitWithAck('game_action', { roomId, action: 'invite' });
    if (!ack.ok) return showToast(errorText(ack.code, ack.message), 'error');
    const url = typeof ack.data === 'string' ? await inviteShareUrl(ack.data, t('game.inviteText')) : null;
    if (url) openTelegram(url);
    else showToast(t('errors.unknown_error'), 'error');
  }

  const raise = state.allowedActions?.raise ?? null;
  const showSvaraIntro = svara !== null && now < svara.introUntil;
  const showSvaraDialog =
    svara !== null &&
    !showSvaraIntro &&
    !svara.closed &&
    seated &&
    viewerId !== null &&
    state.status === 'svara_pending';

  return (
    <div
      className="flex h-full flex-col overflow-hidden"
      style={{ paddingTop: 'var(--safe-top)', paddingBottom: 'calc(10px + var(--safe-bottom))' }}
      data-testid="game-room"
    >
      <header className="flex items-center gap-3 px-4 py-2">
        <div className="flex-1">
          <div className="font-mono text-sm font-semibold text-cream/85" data-testid="room-header-id">
            #{roomId.slice(0, 8)}
          </div>
          <div className="text-xs text-[var(--hint)]">
            {t('game.stake')}{' '}
            <span className="font-semibold text-gold-300">${formatTableMoney(state.minBet)}</span>
          </div>
        </div>
        {seated && viewer ? (
          <div
            className="rounded-full border border-gold-400/30 bg-black/30 px-3 py-1 text-sm font-bold tabular-nums text-gold-300"
            data-testid="my-balance"
          >
            ${formatTableMoney(viewer.balance)}
          </div>
        ) : null}
        <button
          type="button"
          aria-label={t('game.settings')}
          onClick={() => setMenuOpen(true)}
          data-testid="room-menu"
          className="grid h-10 w-10 place-items-center rounded-full border border-gold-400/30 bg-felt-800 text-gold-300 active:scale-95"
        >
          <MenuIcon className="h-5 w-5" />
        </button>
      </header>

      <div ref={areaRef} className="relative min-h-0 flex-1">
        <div
          className="absolute"
          style={{
            left: `calc(50% - ${(TABLE_W * scale) / 2}px)`,
            top: `calc(50% - ${(TABLE_H * scale) / 2}px)`,
            width: TABLE_W * scale,
            height: TABLE_H * scale,
          }}
        >
          <TableView
            state={state}
            viewerId={viewerId}
            display={display}
            scale={scale}
            emptyAction={seated ? 'invite' : 'sit'}
            onEmptySeat={(p) => void onEmptySeat(p)}
          />
        </div>
      </div>

      {seated ? (
        <ActionBar
          buttons={buttons}
          onAction={(k, a) => void onAction(k, a)}
          onRaise={() => setRaiseOpen(true)}
          onChat={() => setChatOpen(true)}
          showChat
          note={note}
        />
      ) : (
        <div className="flex items-center gap-2 px-3 pt-2" data-testid="spectator-bar">
          <div className="flex h-12 flex-1 items-center justify-center rounded-2xl bg-black/25 text-sm text-cream/70">
            {note}
          </div>
          {freeSeat !== null ? (
            <Button size="lg" onClick={() => void sit(null)} data-testid="sit-down">
              <SeatIcon className="h-5 w-5" />
              {t('game.sitDown')}
            </Button>
          ) : null}
        </div>
      )}

      {raise && viewer ? (
        <RaiseSheet
          key={`${state.turnStartTime}:${raise.min}`}
          open={raiseOpen && onTurn}
          min={raise.min}
          max={raise.max}
          balance={viewer.balance}
          pending={pending}
          onClose={() => setRaiseOpen(false)}
          onConfirm={(amount) => {
            setRaiseOpen(false);
            void room.act('raise', amount);
          }}
        />
      ) : null}
      <ChatSheet
        open={chatOpen}
        onClose={() => setChatOpen(false)}
        onSend={(phrase: ChatPhrase) => {
          setChatOpen(false);
          void room
            .sendChat(phrase)
            .then((ack) => !ack.ok && showToast(errorText(ack.code, ack.message), 'error'));
        }}
      />
      <SettingsSheet
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        onExitRequest={() => {
          setMenuOpen(false);
          setExitAsk(true);
        }}
        fairness={
          state.fairness.commitment
            ? { handNumber: state.fairness.handNumber, commitment: state.fairness.commitment }
            : null
        }
      />
      <Dialog
        open={exitAsk}
        onClose={() => setExitAsk(false)}
        title={t('game.exitConfirm')}
        testId="exit-dialog"
      >
        <p className="mb-5 text-sm text-cream/80">
          {t(inHand ? 'game.exitConfirmInHand' : 'game.exitConfirmText')}
        </p>
        <div className="grid grid-cols-2 gap-3">
          <Button variant="dark" onClick={() => setExitAsk(false)} data-testid="exit-cancel">
            {t('common.cancel')}
          </Button>
          <Button variant="red" onClick={leave} data-testid="exit-yes">
            {t('common.yes')}
          </Button>
        </div>
      </Dialog>
      {showSvaraIntro ? <SvaraIntro /> : null}
      {showSvaraDialog ? (
        <SvaraDialog
          state={state}
          viewerId={viewerId}
          secondsLeft={Math.max(0, svaraLeft)}
          decided={svaraDecided}
          onJoin={() => decideSvara(true)}
          onSkip={() => decideSvara(false)}
          onClose={() => setSvara((s) => (s ? { ...s, closed: true } : s))}
        />
      ) : null}
      <Sheet
        open={conn === 'disconnected' || room.lostTable}
        onClose={() => undefined}
        title={t('game.noConnection')}
        testId="no-connection"
      >
        <div className="flex flex-col items-center gap-4 pb-2 text-center">
          <WifiOffIcon className="h-12 w-12 text-gold-400" />
          <p className="text-sm text-cream/80">{t('game.checkConnection')}</p>
          <Button
            block
            data-testid="retry-connection"
            onClick={() => {
              reconnectRealtime();
              void room.rejoin();
            }}
          >
            {t('common.retry')}
          </Button>
        </div>
      </Sheet>
    </div>
  );
}
