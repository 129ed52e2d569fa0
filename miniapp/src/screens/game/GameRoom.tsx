import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatPhrase, TournamentFinishedEvent } from '@svara/core';
import { useStore } from '../../app/store';
import { profile } from '../../app/session';
import { navigate } from '../../app/navigation';
import { backOverride } from '../../app/back';
import { useNow } from '../../app/useNow';
import { emitWithAck, onServerEvent } from '../../api/realtime';
import { errorText } from '../../i18n';
import { openTelegram, setClosingConfirmation, setVerticalSwipes } from '../../telegram/sdk';
import { actionButtons, firstFreePosition, waitingState } from '../../lib/table';
import { seatName } from '../../lib/names';
import { TableCurrency } from '../../lib/table-currency';
import { useFormatAmount } from '../../lib/money';
import { ErrorPage } from '../../ui/ErrorPage';
import { LoadingScreen } from '../../ui/Spinner';
import { showToast } from '../../ui/toast';
import { setSoundEnabled, unlockSound } from '../../assets/sounds';
import { settings } from '../../app/settings';
import { useGameRoom } from './useGameRoom';
import { useSeedContribution } from '../../fairness/useSeedContribution';
import { FairnessBadge } from '../../fairness/FairnessBadge';
import { useConnectionWatch } from './useConnectionWatch';
import { useTurn } from './useTurn';
import { useDisplayPhases } from './useDisplayPhases';
import { useSvara } from './useSvara';
import { useSeating } from './useSeating';
import { useRaiseSheet } from './useRaiseSheet';
import type { TableDisplay } from './TableView';
import { TableArea } from './TableArea';
import { RoomHeader } from './RoomHeader';
import { ActionBar } from './ActionBar';
import { AwayBar } from './AwayBar';
import { SpectatorBar } from './SpectatorBar';
import { StoodUpNotice } from './StoodUpNotice';
import { BlockedNotice } from './BlockedNotice';
import { useAccountBlock } from '../../app/account';
import { useRoomDetails } from './useRoomDetails';
import { RaiseSheet } from './RaiseSheet';
import { ChatSheet } from './ChatSheet';
import { SettingsSheet } from './SettingsSheet';
import { ExitDialog } from './ExitDialog';
import { ConnectionSheet } from './ConnectionSheet';
import { SvaraDialog, SvaraIntro } from './SvaraOverlay';
import { inviteShareUrl } from './invite';
import { useRealityCheck } from '../../protection/useRealityCheck';
import { RealityCheckSheet } from '../protection/RealityCheckSheet';
import { TournamentOutBar } from './TournamentOutBar';
import { ResultsSheet } from '../tournaments/ResultsSheet';

// "My hands" opens over the table (the table stays, seat and all), loaded when first asked for.
const HandsBrowser = lazy(() => import('../hands/HandsBrowser').then((m) => ({ default: m.HandsBrowser })));
// So does "Responsible play": a player at the table reaches their limits and a break without leaving it.
const ResponsiblePlay = lazy(() => import('../protection/ResponsiblePlay'));

const RUNNING = new Set(['ante', 'blind_betting', 'betting', 'showdown', 'svara_pending']);
const NO_STATE_TIMEOUT_MS = 10_000;

/** The table screen (SPEC §2 "Game room screen", §4 turn, display phases, svara, realtime). */
export default function GameRoom({ roomId, autoSit }: { roomId: string; autoSit: boolean }) {
  const { t } = useTranslation();
  const me = useStore(profile);
  const [lostTable, setLostTable] = useState(false);
  const connection = useConnectionWatch(lostTable);
  const room = useGameRoom(roomId, connection.noteAckFailure);
  const details = useRoomDetails(roomId);
  useEffect(() => setLostTable(room.lostTable), [room.lostTable]);
  const { state, clockOffset, pending } = room;
  const now = useNow(200);
  const viewerId = me?.telegramId ?? null;
  const viewer = state?.players.find((p) => p.id === viewerId) ?? null;
  const seated = viewer !== null;
  // A suspension or a break in force (pushed by the server to every tab): no seat is offered.
  const block = useAccountBlock();
  // RULES §7: the player's contribution to each hand's client seed, sent once its commitment is shown.
  const contributeBeforeSit = useSeedContribution(roomId, state?.fairness.nextCommitment ?? null, seated);

  const [menuOpen, setMenuOpen] = useState(false);
  const [chatOpen, setChatOpen] = useState(false);
  const [handsOpen, setHandsOpen] = useState(false);
  const [protectionOpen, setProtectionOpen] = useState(false);
  const [exitAsk, setExitAsk] = useState(false);
  const [noState, setNoState] = useState(false);
  const reality = useRealityCheck();
  // RULES §9: a Sit & Go's end for this player (out, or the winner): place and prize, then the results.
  const [finalResult, setFinalResult] = useState<TournamentFinishedEvent | null>(null);
  const [resultsOpen, setResultsOpen] = useState(false);
  useEffect(
    () =>
      onServerEvent('tournament_finished', (e) => {
        setFinalResult(e);
        setResultsOpen(true);
      }),
    [],
  );
  // An operator called the Sit & Go off: what came back is said, and the table is left for the lobby.
  const tournamentId = state?.tournament?.id ?? null;
  const prizeAmount = useFormatAmount(state?.tournament?.currency ?? 'usd');
  const leaveRoomNow = room.leave;
  useEffect(() => {
    if (!tournamentId) return;
    return onServerEvent('tournament_cancelled', (e) => {
      if (e.tournamentId !== tournamentId) return;
      showToast(t('tournaments.cancelledEvent', { amount: prizeAmount(e.refund) }), 'info');
      leaveRoomNow();
      navigate({ name: 'dashboard' });
    });
  }, [tournamentId, prizeAmount, leaveRoomNow, t]);

  // --- leaving
  const leaveRoom = room.leave;
  const leave = useCallback(() => {
    leaveRoom();
    navigate({ name: 'dashboard' });
  }, [leaveRoom]);
  const inHand = Boolean(viewer?.isActive && !viewer.hasFolded && state && RUNNING.has(state.status));
  // A Sit & Go's player still in it keeps the seat when leaving (RULES §9): leaving asks first.
  const inTournament = Boolean(
    viewer && state?.tournament && !state.tournament.places.some((p) => p.playerId === viewer.id),
  );
  const asksBeforeLeaving = inHand || inTournament;
  useEffect(() => {
    // Telegram's back button first closes what is open over the table (as a tap outside would);
    // only with the table in view does it leave (asking first during a hand).
    const onBack = () => {
      if (exitAsk) setExitAsk(false);
      else if (resultsOpen) setResultsOpen(false);
      else if (handsOpen) setHandsOpen(false);
      else if (protectionOpen) setProtectionOpen(false);
      else if (menuOpen) setMenuOpen(false);
      else if (chatOpen) setChatOpen(false);
      else if (asksBeforeLeaving) setExitAsk(true);
      else leave();
    };
    backOverride.set({ onBack });
    return () => backOverride.set(null);
  }, [asksBeforeLeaving, leave, exitAsk, resultsOpen, handsOpen, protectionOpen, menuOpen, chatOpen]);
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

  const roomSitDown = room.sitDown;
  // The contribution goes out first: a hand dealt as the player sits down has it too.
  const sitDown = useCallback(
    async (...args: Parameters<typeof roomSitDown>) => {
      await contributeBeforeSit();
      return roomSitDown(...args);
    },
    [contributeBeforeSit, roomSitDown],
  );
  const sit = useSeating(state, me, autoSit && !block, sitDown);
  const turn = useTurn(state, viewerId, pending, now, clockOffset, room.autoFold);
  const { dealing, finished } = useDisplayPhases(state, now, clockOffset);
  const svara = useSvara(state, viewerId, seated, now, clockOffset, room.act);
  const raiseSheet = useRaiseSheet(state, turn.onTurn);

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

  const { current } = turn;
  const display: TableDisplay = {
    finished,
    deal: dealing,
    timer:
      current && turn.left > 0
        ? { playerId: current.id, fraction: Math.min(1, turn.left / turn.total) }
        : null,
    bubbles,
  };

  const betting = state.status === 'blind_betting' || state.status === 'betting';
  const buttons =
    seated && viewer?.isActive && !viewer.hasFolded && betting ? actionButtons(state, turn.onTurn) : null;
  const waiting = waitingState(state);
  const note = !seated
    ? t('game.watching')
    : waiting
      ? t(`game.${waiting}`)
      : current && current.id !== viewerId && betting
        ? t('game.waitingForMove', { name: seatName(current.username) || t('game.player') })
        : t('game.waitingForNextRound');

  async function onEmptySeat(position: number) {
    if (!seated) return void sit(position);
    const ack = await emitWithAck('game_action', { roomId, action: 'invite' });
    if (!ack.ok) {
      if (ack.code === 'network_error') connection.noteAckFailure();
      else showToast(errorText(ack.code, ack.message), 'error');
      return;
    }
    const url = typeof ack.data === 'string' ? await inviteShareUrl(ack.data, t('game.inviteText')) : null;
    if (url) openTelegram(url);
    else showToast(t('errors.unknown_error'), 'error');
  }

  const raise = state.allowedActions?.raise ?? null;

  // Every amount below is in the table's unit: dollars, or play chips at a practice table (RULES §8),
  // or tournament chips at a Sit & Go's (RULES §9), whose frame carries its `tournament` line.
  const tournament = state.tournament ?? null;
  const practice = state.currency === 'chips' && !tournament;
  // A Sit & Go's player who is out (or won): their place from the frame, the prize once told.
  const myPlace =
    tournament && viewerId
      ? (tournament.places.find((p) => p.playerId === viewerId)?.place ??
        (finalResult?.tournamentId === tournament.id ? finalResult.place : null))
      : null;
  const myPrize =
    finalResult && tournament && finalResult.tournamentId === tournament.id ? finalResult.prize : null;
  return (
    <TableCurrency.Provider value={state.currency}>
      <div
        className="flex h-full flex-col overflow-hidden"
        style={{ paddingTop: 'var(--safe-top)', paddingBottom: 'calc(10px + var(--safe-bottom))' }}
        data-testid="game-room"
        data-currency={state.currency}
      >
        <RoomHeader
          roomId={roomId}
          isPrivate={details.isPrivate}
          practice={practice}
          stake={state.minBet}
          // A spectator's own balance is the profile's dollars: at a practice table it is not shown.
          balance={viewer ? viewer.balance : practice || tournament ? null : (me?.balance ?? null)}
          onMenu={() => setMenuOpen(true)}
          fairness={
            <FairnessBadge roomId={roomId} fairness={state.fairness} onOpenMenu={() => setMenuOpen(true)} />
          }
          tournament={tournament}
        />
        <TableArea
          state={state}
          viewerId={viewerId}
          display={display}
          // Nobody sits down at a Sit & Go's table or is invited to it: its players are seated by it.
          emptyAction={tournament ? null : seated ? 'invite' : block ? null : 'sit'}
          onEmptySeat={(p) => void onEmptySeat(p)}
        />

        {!seated && block ? (
          <BlockedNotice block={block} />
        ) : !seated && room.stoodUp && !tournament ? (
          <StoodUpNotice {...room.stoodUp} />
        ) : null}
        {viewer?.isAway ? (
          <AwayBar onBack={() => void room.act('back')} busy={pending} />
        ) : seated ? (
          <ActionBar
            buttons={buttons}
            onAction={(kind, amount) => void room.act(kind, amount)}
            onRaise={raiseSheet.show}
            onChat={() => setChatOpen(true)}
            showChat
            note={note}
          />
        ) : tournament && myPlace !== null ? (
          <TournamentOutBar
            place={myPlace}
            prize={myPrize}
            currency={tournament.currency}
            onResults={() => setResultsOpen(true)}
          />
        ) : (
          <SpectatorBar
            note={note}
            stake={state.minBet}
            canSit={!tournament && !block && firstFreePosition(state.players) !== null}
            onSit={() => void sit(null)}
          />
        )}

        {raise && viewer ? (
          <RaiseSheet
            key={`${state.turnStartTime}:${raise.min}`}
            open={raiseSheet.open}
            min={raise.min}
            max={raise.max}
            balance={viewer.balance}
            pending={pending}
            secondsLeft={Math.ceil(turn.left / 1000)}
            onClose={raiseSheet.close}
            onConfirm={(amount) => {
              raiseSheet.close();
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
              .then(
                (ack) =>
                  !ack.ok &&
                  ack.code !== 'network_error' &&
                  showToast(errorText(ack.code, ack.message), 'error'),
              );
          }}
        />
        <SettingsSheet
          open={menuOpen}
          password={details.password}
          onClose={() => setMenuOpen(false)}
          onExitRequest={() => {
            setMenuOpen(false);
            setExitAsk(true);
          }}
          onMyHands={() => {
            setMenuOpen(false);
            setHandsOpen(true);
          }}
          onResponsiblePlay={() => {
            setMenuOpen(false);
            setProtectionOpen(true);
          }}
          fairness={
            state.fairness.commitment || state.fairness.nextCommitment
              ? { ...state.fairness, roomId, viewerId: state.viewerId }
              : null
          }
        />
        {handsOpen ? (
          <Suspense fallback={null}>
            <HandsBrowser onClose={() => setHandsOpen(false)} />
          </Suspense>
        ) : null}
        {protectionOpen ? (
          <Suspense fallback={null}>
            <ResponsiblePlay onClose={() => setProtectionOpen(false)} />
          </Suspense>
        ) : null}
        <RealityCheckSheet
          check={reality.check}
          onContinue={reality.dismiss}
          onLeave={() => {
            reality.dismiss();
            // Leaving mid-hand asks first, as the menu's exit does (the hand is folded).
            if (asksBeforeLeaving) setExitAsk(true);
            else leave();
          }}
        />
        {resultsOpen && (tournament || finalResult) ? (
          <ResultsSheet
            tournamentId={finalResult?.tournamentId ?? tournament!.id}
            viewerId={viewerId}
            mine={
              myPlace !== null
                ? { place: myPlace, prize: myPrize, currency: tournament?.currency ?? 'usd' }
                : null
            }
            watching={(tournament?.playersLeft ?? 0) > 1}
            onClose={() => setResultsOpen(false)}
            onLobby={leave}
          />
        ) : null}
        <ExitDialog
          open={exitAsk}
          inHand={inHand}
          inTournament={inTournament}
          onCancel={() => setExitAsk(false)}
          onLeave={leave}
        />
        {svara.showIntro ? <SvaraIntro /> : null}
        {svara.showDialog && viewerId ? (
          <SvaraDialog
            state={state}
            viewerId={viewerId}
            secondsLeft={svara.secondsLeft}
            decided={svara.decided}
            onJoin={() => svara.decide(true)}
            onSkip={() => svara.decide(false)}
            onClose={svara.close}
          />
        ) : null}
        <ConnectionSheet
          open={connection.lost}
          onRetry={() => {
            connection.retry();
            void room.rejoin();
          }}
        />
      </div>
    </TableCurrency.Provider>
  );
}
