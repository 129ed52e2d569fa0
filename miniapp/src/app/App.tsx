import { Suspense, lazy, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from './store';
import { forgetSeat, launch, phase, profile, takeSeatedRoom, takeStartRoom } from './session';
import { takeSharedHand } from '../hands/share';
import { backTarget, currentPage, navigate, type Page } from './navigation';
import { backOverride } from './back';
import { loadingScreen } from './loading';
import { enterStartRoom } from './room-entry';
import { followTournamentStarts } from './tournament-start';
import { setBackButton } from '../telegram/sdk';
import { Toasts } from '../ui/Toasts';
import { UpdateBanner } from '../ui/UpdateBanner';
import { ConnectionBanner } from '../ui/ConnectionBanner';
import { LoadingScreen } from '../ui/Spinner';
import { ErrorPage } from '../ui/ErrorPage';
import { Dashboard } from '../screens/lobby/Dashboard';
import { agreementGate } from '../protection/store';
import { loadReadingTexts } from '../i18n';

// Outside Telegram only, where a development server offers test players.
const DevPicker = lazy(() => import('../screens/DevPicker').then((m) => ({ default: m.DevPicker })));
const More = lazy(() => import('../screens/more/More'));
const Deposit = lazy(() => import('../screens/wallet/Deposit'));
const ConfirmDeposit = lazy(() => import('../screens/wallet/ConfirmDeposit'));
const Withdraw = lazy(() => import('../screens/wallet/Withdraw'));
const ConfirmWithdraw = lazy(() => import('../screens/wallet/ConfirmWithdraw'));
const AddWallet = lazy(() => import('../screens/wallet/AddWallet'));
const DepositHistory = lazy(() => import('../screens/wallet/DepositHistory'));
const GameRoom = lazy(() => import('../screens/game/GameRoom'));
const MyHands = lazy(() => import('../screens/hands/MyHands'));
const ResponsiblePlay = lazy(() => import('../screens/protection/ResponsiblePlay'));
const Activity = lazy(() => import('../screens/protection/Activity'));
const Tournaments = lazy(() => import('../screens/tournaments/Tournaments'));
// The first-open gate shows the agreement's text: the reading texts come with it.
const AgreementGate = lazy(() =>
  loadReadingTexts().then(() => import('../screens/protection/AgreementGate')),
);

function PageView({ page }: { page: Page }) {
  switch (page.name) {
    case 'dashboard':
      return <Dashboard />;
    case 'more':
      return <More />;
    case 'deposit':
      return <Deposit />;
    case 'confirmDeposit':
      return (
        <ConfirmDeposit
          key={page.trackerId}
          address={page.address}
          trackerId={page.trackerId}
          currency={page.currency}
          expiresAt={page.expiresAt}
          memo={page.memo ?? null}
        />
      );
    case 'withdraw':
      return <Withdraw />;
    case 'confirmWithdraw':
      return <ConfirmWithdraw amount={page.amount} method={page.method} />;
    case 'addWallet':
      return <AddWallet />;
    case 'depositHistory':
      return <DepositHistory />;
    case 'gameRoom':
      return <GameRoom key={page.roomId} roomId={page.roomId} autoSit={page.autoSit} />;
    case 'hands':
      return <MyHands key={page.handId ?? ''} handId={page.handId ?? null} />;
    case 'protection':
      return <ResponsiblePlay />;
    case 'activity':
      return <Activity />;
    case 'tournaments':
      return <Tournaments />;
  }
}

export function App() {
  const { t } = useTranslation();
  const ph = useStore(phase);
  const page = useStore(currentPage);
  const override = useStore(backOverride);
  const loading = useStore(loadingScreen);
  const me = useStore(profile);
  const gate = useStore(agreementGate);

  // The Telegram back button follows the page (SPEC §2).
  useEffect(() => {
    if (ph.name !== 'ready') return;
    const target = backTarget(page);
    setBackButton(target ? () => (override ? override.onBack() : navigate(target)) : null);
  }, [ph.name, page, override]);

  // RULES §9: a Sit & Go that fills takes its players to the table, wherever they are.
  useEffect(() => followTournamentStarts(), []);

  // A join_… start link opens its room once the session is ready; without one, a player who still
  // holds a seat (the app was closed or reloaded at the table) goes straight back to it.
  useEffect(() => {
    if (ph.name !== 'ready' || !me) return;
    // A shared hand's link (hand_{id}) opens its replay.
    const sharedHand = takeSharedHand(launch?.startParam);
    if (sharedHand) return navigate({ name: 'hands', handId: sharedHand });
    const roomId = takeStartRoom();
    const seated = takeSeatedRoom();
    if (roomId) void enterStartRoom(roomId);
    else if (seated) navigate({ name: 'gameRoom', roomId: seated, autoSit: false });
  }, [ph.name, me]);

  // The table leaves its room on the way back to the lobby (SPEC §2): its seat is given up.
  const previous = useRef(page);
  useEffect(() => {
    const left = previous.current;
    previous.current = page;
    if (left.name === 'gameRoom' && page.name === 'dashboard') forgetSeat(left.roomId);
  }, [page]);

  // The age confirmation and the current agreement come before everything else.
  if (gate)
    return (
      <Suspense fallback={<LoadingScreen label={t('protection.gate.loading')} />}>
        <AgreementGate />
      </Suspense>
    );
  if (ph.name === 'starting') return <LoadingScreen label={t('common.loading')} />;
  if (ph.name === 'devPicker')
    return (
      <Suspense fallback={<LoadingScreen label={t('common.loading')} />}>
        <DevPicker />
      </Suspense>
    );
  if (ph.name === 'error') return <ErrorPage text={t(`errors.${ph.code}`)} />;

  return (
    <>
      <Suspense fallback={<LoadingScreen />}>
        <PageView page={page} />
      </Suspense>
      {loading ? <LoadingScreen label={t('common.loading')} /> : null}
      <Toasts />
      <UpdateBanner />
      <ConnectionBanner hidden={page.name === 'gameRoom'} />
    </>
  );
}
