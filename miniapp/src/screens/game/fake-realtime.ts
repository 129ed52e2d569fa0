/**
 * A stand-in for api/realtime in the table's component tests: what the client sent, server events
 * pushed by the test, acknowledgements answered by the test, and the connection status store.
 * Use with `vi.mock('../../api/realtime', () => import('./fake-realtime'))`.
 */
import { vi } from 'vitest';
import type { Ack } from '@svara/core';
import { createStore } from '../../app/store';
import type { ConnectionStatus } from '../../api/realtime';

type Handler = (payload: unknown) => void;
const handlers = new Map<string, Set<Handler>>();

export const sent: { event: string; payload: unknown }[] = [];
export const connectionStatus = createStore<ConnectionStatus>('connected');
/** How the server answers a request; tests replace it. */
export const server = { reply: (_event: string, _payload: unknown): Ack | Promise<Ack> => ({ ok: true }) };

function subscribe(event: string, handler: Handler): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

export const onServerEvent = vi.fn((event: string, handler: Handler) => subscribe(event, handler));
export const onSocket = vi.fn((event: string, handler: Handler) => subscribe(event, handler));
export const emitWithAck = vi.fn(async (event: string, payload: unknown) => {
  sent.push({ event, payload });
  return server.reply(event, payload);
});
export const emit = vi.fn((event: string, payload: unknown) => void sent.push({ event, payload }));
export const isConnected = () => connectionStatus.get() === 'connected';
export const reconnectRealtime = vi.fn();
export const restartRealtime = vi.fn();

/** The server sends an event to this client. */
export function serverSends(event: string, payload: unknown): void {
  handlers.get(event)?.forEach((h) => h(payload));
}

export function resetFakeRealtime(): void {
  handlers.clear();
  sent.length = 0;
  connectionStatus.set('connected');
  server.reply = () => ({ ok: true });
}
