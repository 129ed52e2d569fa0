// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { currentPage } from '../../app/navigation';
import * as session from '../../app/session';
import { fakeApi, signIn } from '../../test-support/fake-api';
import { JoinByPasswordDialog } from './JoinByPasswordDialog';

const FULL_ID = '1a2b3c4d-0000-4000-8000-000000000000';

beforeEach(() => {
  signIn();
  currentPage.set({ name: 'dashboard' });
  vi.spyOn(session, 'launch', 'get').mockReturnValue({
    initDataRaw: '',
    startParam: null,
    user: { id: 1001 } as never,
    dev: true,
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('joining a private room by password', () => {
  it('takes the 8-character number the lobby shows, sends it as typed and opens the room', async () => {
    const { requests } = fakeApi({
      'POST /rooms/1a2b3c4d/join': () => ({ body: { roomId: FULL_ID, seated: false } }),
    });
    const onClose = vi.fn();
    render(<JoinByPasswordDialog onClose={onClose} />);
    fireEvent.change(screen.getByTestId('join-room-id'), { target: { value: ' #1A2B3C4D ' } });
    fireEvent.change(screen.getByTestId('join-password'), { target: { value: '12345678' } });
    const submit = screen.getByTestId('join-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await vi.waitFor(() =>
      expect(currentPage.get()).toEqual({ name: 'gameRoom', roomId: FULL_ID, autoSit: true }),
    );
    expect(requests[0]).toMatchObject({ path: '/rooms/1a2b3c4d/join', body: { password: '12345678' } });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a prefilled room by its 8 characters, as the lobby does, masks the password and still takes the full id', () => {
    render(<JoinByPasswordDialog initialRoomId={FULL_ID} onClose={() => undefined} />);
    expect((screen.getByTestId('join-room-id') as HTMLInputElement).value).toBe(FULL_ID.slice(0, 8));
    expect((screen.getByTestId('join-password') as HTMLInputElement).type).toBe('password');
    fireEvent.change(screen.getByTestId('join-password'), { target: { value: '123456' } });
    expect((screen.getByTestId('join-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps OK off for anything else', () => {
    render(<JoinByPasswordDialog onClose={() => undefined} />);
    fireEvent.change(screen.getByTestId('join-room-id'), { target: { value: '#1a2b3c' } });
    fireEvent.change(screen.getByTestId('join-password'), { target: { value: '123456' } });
    expect((screen.getByTestId('join-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});
