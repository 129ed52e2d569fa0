// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { setLanguage } from '../i18n';
import { ConnectionBanner } from './ConnectionBanner';

vi.mock('../api/realtime', async () => {
  const { createStore } = await import('../app/store');
  return { connectionStatus: createStore('connected'), reconnectRealtime: vi.fn() };
});
const realtime = await import('../api/realtime');

afterEach(() => {
  cleanup();
  act(() => realtime.connectionStatus.set('connected'));
});

describe('the connection banner outside the table', () => {
  it('says the game server is lost, offers a retry, and goes when the socket is back', () => {
    setLanguage('en');
    render(<ConnectionBanner hidden={false} />);
    expect(screen.queryByTestId('connection-banner')).toBeNull();
    act(() => realtime.connectionStatus.set('disconnected'));
    expect(screen.getByTestId('connection-banner').textContent).toContain(
      'Connection to the game server lost — reconnecting…',
    );
    fireEvent.click(screen.getByTestId('connection-banner-retry'));
    expect(realtime.reconnectRealtime).toHaveBeenCalled();
    act(() => realtime.connectionStatus.set('connected'));
    expect(screen.queryByTestId('connection-banner')).toBeNull();
  });

  it('leaves the table to its own sheet', () => {
    render(<ConnectionBanner hidden />);
    act(() => realtime.connectionStatus.set('disconnected'));
    expect(screen.queryByTestId('connection-banner')).toBeNull();
  });
});
