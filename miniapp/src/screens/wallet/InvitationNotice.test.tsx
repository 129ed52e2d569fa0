// @vitest-environment jsdom
/**
 * A new player opens an invitation with $0: instead of a bare deposit page they are told which
 * table invited them, its stake, the balance a seat needs and theirs, and can watch the table; once a
 * deposit covers a seat, the notice leads to the table.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { setLanguage } from '../../i18n';
import { currentPage } from '../../app/navigation';
import { enterStartRoom } from '../../app/room-entry';
import { pendingInvitation } from '../../app/invitation';
import { setBalance } from '../../app/session';
import { fakeApi, signIn } from '../../test-support/fake-api';
import { InvitationNotice } from './InvitationNotice';

const ROOM = '1a2b3c4d-0000-4000-8000-000000000000';

function invitedWithNoMoney() {
  fakeApi({
    [`POST /rooms/${ROOM}/join`]: () => ({
      status: 400,
      body: { code: 'insufficientBalance', message: 'balance 0 below 10 stakes' },
    }),
    [`GET /rooms/${ROOM}`]: () => ({
      body: {
        roomId: ROOM,
        players: [{ id: '7' }],
        maxPlayers: 6,
        minBet: 1,
        type: 'public',
        status: 'waiting',
        createdAt: '2026-11-27T08:00:00.000Z',
        ownerId: '7',
      },
    }),
  });
}

beforeEach(() => {
  signIn({ balance: 0 });
  pendingInvitation.set(null);
  currentPage.set({ name: 'dashboard' });
});
afterEach(() => cleanup());

describe('an invitation opened without the balance a seat needs', () => {
  it('lands on the deposit page that names the table, its stake and the balance needed', async () => {
    setLanguage('en');
    invitedWithNoMoney();
    await enterStartRoom(ROOM);
    expect(currentPage.get()).toEqual({ name: 'deposit' });
    render(<InvitationNotice />);
    expect(screen.getByTestId('invitation-notice').textContent).toContain('Invitation to table #1a2b3c4d');
    expect(screen.getByTestId('invitation-text').textContent).toBe(
      'Stake $1.00: a seat needs a balance of $10.00, yours is $0.00. Top up, then return to the table.',
    );

    fireEvent.click(screen.getByTestId('invitation-table'));
    expect(currentPage.get()).toEqual({ name: 'gameRoom', roomId: ROOM, autoSit: false });
    expect(screen.queryByTestId('invitation-notice')).toBeNull();
  });

  it('leads to the table once a deposit covers a seat, in Russian too', async () => {
    setLanguage('ru');
    invitedWithNoMoney();
    await enterStartRoom(ROOM);
    render(<InvitationNotice />);
    expect(screen.getByTestId('invitation-text').textContent).toBe(
      'Ставка 1,00\u00a0$: чтобы сесть, нужен баланс 10,00\u00a0$, у вас 0,00\u00a0$. Пополните баланс и вернитесь к столу.',
    );
    expect(screen.getByTestId('invitation-table').textContent).toBe('Посмотреть стол');

    act(() => setBalance(9.9));
    expect(screen.getByTestId('invitation-notice').dataset.ready).toBe('false');
    act(() => setBalance(10));
    expect(screen.getByTestId('invitation-notice').dataset.ready).toBe('true');
    expect(screen.getByTestId('invitation-text').textContent).toBe(
      'Вашего баланса 10,00\u00a0$ хватает, чтобы сесть за стол со ставкой 1,00\u00a0$.',
    );
    fireEvent.click(screen.getByTestId('invitation-table'));
    expect(currentPage.get()).toEqual({ name: 'gameRoom', roomId: ROOM, autoSit: false });
  });
});
