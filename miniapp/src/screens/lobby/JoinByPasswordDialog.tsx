import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Modal';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { isRoomReference, isValidPassword, normaliseRoomId } from '../../lib/validation';
import { PasswordInput } from './PasswordInput';
import { api } from '../../api/http';
import { refusalText } from '../../i18n';
import { navigate } from '../../app/navigation';
import { launch } from '../../app/session';

/** A private room: its id (from the invitation) and the digits-only password. */
export function JoinByPasswordDialog({
  initialRoomId = '',
  onClose,
}: {
  initialRoomId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // The lobby names rooms by their first 8 characters: a prefilled room shows those, and is still
  // sent in full while left as it was.
  const shownId = initialRoomId.slice(0, 8);
  const [roomId, setRoomId] = useState(shownId);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = isRoomReference(roomId) && isValidPassword(password);

  async function join() {
    if (!valid || busy) return;
    if (!launch?.user?.id) {
      setError(t('errors.telegram_user_id_not_found'));
      return;
    }
    setBusy(true);
    setError(null);
    // Sent as typed ('#' and case aside): the server knows the room by its short number too.
    const typed = initialRoomId && roomId === shownId ? initialRoomId : normaliseRoomId(roomId);
    try {
      const id = await api.joinRoom(typed, password);
      onClose();
      navigate({ name: 'gameRoom', roomId: id, autoSit: true });
    } catch (err) {
      setError(refusalText(err, 'room_join_failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} title={t('lobby.joinTitle')} testId="join-dialog">
      <label className="mb-1 block text-xs uppercase tracking-wider text-[var(--hint)]">
        {t('lobby.roomId')}
      </label>
      <input
        data-testid="join-room-id"
        value={roomId}
        placeholder="#1a2b3c4d"
        onChange={(e) => setRoomId(e.target.value.slice(0, 40))}
        className="mb-3 h-12 w-full rounded-2xl border border-gold-400/30 bg-black/30 px-4 font-mono text-sm text-cream outline-none placeholder:text-cream/25 focus:border-gold-400"
      />
      <label className="mb-1 block text-xs uppercase tracking-wider text-[var(--hint)]">
        {t('lobby.password')}
      </label>
      <PasswordInput
        value={password}
        onChange={setPassword}
        onEnter={() => void join()}
        testId="join-password"
        className="mb-3"
      />
      {error ? (
        <p className="mb-3 rounded-xl bg-red-900/40 px-3 py-2 text-sm text-red-200" data-testid="join-error">
          {error}
        </p>
      ) : null}
      <Button block disabled={!valid || busy} onClick={() => void join()} data-testid="join-submit">
        {busy ? <Spinner className="h-5 w-5" /> : null}
        {t('common.ok')}
      </Button>
    </Dialog>
  );
}
