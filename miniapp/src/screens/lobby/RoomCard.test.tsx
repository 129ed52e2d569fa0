// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { RoomSummary } from '@svara/core';
import { i18n } from '../../i18n';
import { RoomCard } from './RoomCard';

const room = (over: Partial<RoomSummary> = {}): RoomSummary => ({
  roomId: '1a2b3c4d-0000-4000-8000-000000000000',
  players: [{ id: '1' }],
  maxPlayers: 6,
  minBet: 1000,
  type: 'public',
  status: 'waiting',
  ...over,
});
const noop = () => undefined;

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('ru');
});

describe('a room in the lobby list', () => {
  it('marks a private room with a lock', () => {
    render(<RoomCard room={room({ type: 'private' })} onEnter={noop} onWatch={noop} />);
    expect(screen.getByTestId('room-private').querySelector('svg')?.getAttribute('aria-label')).toBe(
      i18n.t('lobby.privateRoom'),
    );
  });

  it('shows no lock on a public room', () => {
    render(<RoomCard room={room()} onEnter={noop} onWatch={noop} />);
    expect(screen.queryByTestId('room-private')).toBeNull();
  });

  it('writes the stake as every amount is written, in the player language', async () => {
    await i18n.changeLanguage('en');
    render(<RoomCard room={room({ minBet: 1001.8 })} onEnter={noop} onWatch={noop} />);
    expect(screen.getByTestId('room-stake').textContent).toBe('$1,001.80');
    cleanup();
    await i18n.changeLanguage('ru');
    render(<RoomCard room={room({ minBet: 1000 })} onEnter={noop} onWatch={noop} />);
    expect(screen.getByTestId('room-stake').textContent).toBe('1\u00a0000,00\u00a0$');
  });

  it('marks a practice table and writes its stake in play chips, never in dollars', async () => {
    render(<RoomCard room={room({ minBet: 50, currency: 'chips' })} onEnter={noop} onWatch={noop} />);
    expect(screen.getByTestId('room-practice').textContent).toBe(i18n.t('practice.mark'));
    expect(screen.getByTestId('room-stake').textContent).toBe('50\u00a0◎');
    cleanup();
    await i18n.changeLanguage('en');
    render(<RoomCard room={room({ minBet: 1000, currency: 'chips' })} onEnter={noop} onWatch={noop} />);
    expect(screen.getByTestId('room-stake').textContent).toBe('◎1,000');
    expect(screen.getByTestId('room-card').textContent).not.toContain('$');
  });

  it('gives a dollar room no practice mark', () => {
    render(<RoomCard room={room()} onEnter={noop} onWatch={noop} />);
    expect(screen.queryByTestId('room-practice')).toBeNull();
  });
});
