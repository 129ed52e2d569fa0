/**
 * The table's connection to the server (SPEC §4 "Realtime connection"): join the room on load and on
 * every reconnect, replace the state on game_state / game_update, acknowledge actions, chat bubbles,
 * sounds and socket errors.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Ack, ChatPhrase, GameActionName, GameState } from '@svara/core';
import { emit, emitWithAck, isConnected, onServerEvent, onSocket } from '../../api/realtime';
import { playSound } from '../../assets/sounds';

export type ChatBubble = { playerId: string; phrase: ChatPhrase; id: number };

/** Socket errors that mean the table is unreachable rather than a refused move. */
const CONNECTION_MESSAGES = ['Игра не найдена', 'WebSocket не инициализирован'];

export function useGameRoom(roomId: string, onNetworkError: () => void = () => undefined) {
  // An unanswered request means a lost connection (the connection sheet), not a refused move.
  const networkError = useRef(onNetworkError);
  networkError.current = onNetworkError;
  const watch = useCallback(async (pending: Promise<Ack>): Promise<Ack> => {
    const ack = await pending;
    if (!ack.ok && ack.code === 'network_error') networkError.current();
    return ack;
  }, []);
  const [state, setState] = useState<GameState | null>(null);
  const [clockOffset, setClockOffset] = useState(0);
  const [pending, setPending] = useState(false);
  const [fatal, setFatal] = useState<{ code: string; message: string } | null>(null);
  const [lostTable, setLostTable] = useState(false);
  const [socketError, setSocketError] = useState<{ code: string; message: string; at: number } | null>(null);
  const [bubbles, setBubbles] = useState<ChatBubble[]>([]);
  /** Why the server last stood this player up here (RULES §6), until they sit again. */
  const [stoodUp, setStoodUp] = useState<{ code: string; message: string } | null>(null);
  const bubbleId = useRef(0);

  const join = useCallback(async () => {
    const ack = await emitWithAck('join_room', { roomId });
    if (ack.ok) {
      setLostTable(false);
      setFatal(null);
    } else if (ack.code === 'not_found' || ack.code === 'game_not_found') {
      setFatal({ code: ack.code, message: ack.message });
    } else if (ack.code !== 'network_error') {
      setFatal({ code: ack.code, message: ack.message });
    }
  }, [roomId]);

  useEffect(() => {
    const apply = (s: GameState) => {
      if (s.roomId !== roomId) return;
      setClockOffset(s.serverTime - Date.now());
      setState(s);
      setPending(false);
    };
    const offs = [
      onServerEvent('game_state', apply),
      onServerEvent('game_update', apply),
      onServerEvent('play_sound', ({ sound }) => playSound(sound)),
      onServerEvent('new_chat_message', (m) => {
        if (m.roomId !== roomId) return;
        const id = ++bubbleId.current;
        setBubbles((list) => [
          ...list.filter((b) => b.playerId !== m.playerId),
          { playerId: m.playerId, phrase: m.phrase, id },
        ]);
        setTimeout(() => setBubbles((list) => list.filter((b) => b.id !== id)), 2_000);
      }),
      onServerEvent('stood_up', (e) => {
        if (e.roomId === roomId) setStoodUp({ code: e.code, message: e.message });
      }),
      onServerEvent('error', (e) => {
        setPending(false);
        if (CONNECTION_MESSAGES.some((m) => e.message.includes(m)) || e.code === 'game_not_found')
          setLostTable(true);
        else setSocketError({ ...e, at: Date.now() });
      }),
      onSocket('connect', () => void join()),
    ];
    if (isConnected()) void join();
    return () => offs.forEach((off) => off());
  }, [roomId, join]);

  /** Sends a game action; the answer comes back as a new state (or a refusal in the ack). */
  const act = useCallback(
    async (action: GameActionName, amount?: number): Promise<Ack> => {
      setPending(true);
      const ack = await watch(
        emitWithAck('game_action', {
          roomId,
          action,
          ...(amount !== undefined ? { amount } : {}),
        }),
      );
      if (!ack.ok) {
        setPending(false);
        if (ack.code !== 'network_error')
          setSocketError({ code: ack.code, message: ack.message, at: Date.now() });
      } else {
        // The state update clears `pending`; do not keep buttons locked if it was coalesced away.
        setTimeout(() => setPending(false), 1_500);
      }
      return ack;
    },
    [roomId, watch],
  );

  const sitDown = useCallback(
    (position: number | undefined, userData: { username: string | null; avatar: string | null }) => {
      setStoodUp(null);
      return watch(emitWithAck('sit_down', { roomId, ...(position ? { position } : {}), userData }));
    },
    [roomId, watch],
  );

  const sendChat = useCallback(
    (phrase: ChatPhrase) => watch(emitWithAck('chat_message', { roomId, phrase })),
    [roomId, watch],
  );
  const autoFold = useCallback(() => emit('auto_fold', { roomId }), [roomId]);
  const leave = useCallback(() => emit('leave_room', { roomId }), [roomId]);

  return useMemo(
    () => ({
      state,
      clockOffset,
      pending,
      fatal,
      lostTable,
      socketError,
      stoodUp,
      bubbles,
      act,
      sitDown,
      sendChat,
      autoFold,
      leave,
      rejoin: join,
    }),
    [
      state,
      clockOffset,
      pending,
      fatal,
      lostTable,
      socketError,
      stoodUp,
      bubbles,
      act,
      sitDown,
      sendChat,
      autoFold,
      leave,
      join,
    ],
  );
}
