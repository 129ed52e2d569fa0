/**
 * Notices a lost connection to the game server within ~5 s (SPEC §4 "Realtime connection"): the
 * socket's heartbeat (the server pings every 2 s and gives up after 3 s more), the browser going
 * offline, and acknowledgements that never come. Only while the connection is suspect is the server
 * probed, to learn when it answers again; then the socket is restarted if it had died. Recovery
 * stays automatic.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '../../app/store';
import { connectionStatus, restartRealtime } from '../../api/realtime';
import { useConnection } from '../../app/useConnection';

export const PROBE_EVERY_MS = 2_000;
export const PROBE_TIMEOUT_MS = 2_500;
const HEALTH_URL = '/api/v1/health';

async function serverAnswers(): Promise<boolean> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), PROBE_TIMEOUT_MS);
  try {
    const res = await fetch(HEALTH_URL, { cache: 'no-store', signal: abort.signal });
    return res.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export type ConnectionWatch = {
  lost: boolean;
  /** An acknowledgement never came (or the socket was down): the connection is suspect. */
  noteAckFailure: () => void;
  retry: () => void;
};

export function useConnectionWatch(lostTable: boolean): ConnectionWatch {
  const conn = useStore(connectionStatus);
  const { socketDown, offline } = useConnection();
  const [probeFailed, setProbeFailed] = useState(false);
  const [ackFailed, setAckFailed] = useState(false);

  // A fresh connection answers for itself.
  useEffect(() => {
    if (conn !== 'connected') return;
    setAckFailed(false);
    setProbeFailed(false);
  }, [conn]);

  const suspect = probeFailed || ackFailed;
  const suspectRef = useRef(suspect);
  suspectRef.current = suspect;
  useEffect(() => {
    // A healthy table sends no probes: thousands of players would otherwise poll the api for nothing.
    if (!suspect && !socketDown) return;
    let stopped = false;
    const probe = async () => {
      if (document.visibilityState === 'hidden') return;
      const ok = await serverAnswers();
      if (stopped) return;
      if (ok && suspectRef.current) {
        // The server is back but this socket may be a dead one that still says "connected".
        setProbeFailed(false);
        restartRealtime();
      } else setProbeFailed(!ok);
    };
    const id = setInterval(() => void probe(), PROBE_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(id);
    };
  }, [suspect, socketDown]);

  const noteAckFailure = useCallback(() => setAckFailed(true), []);
  const retry = useCallback(() => {
    setAckFailed(false);
    restartRealtime();
  }, []);

  return { lost: socketDown || offline || suspect || lostTable, noteAckFailure, retry };
}
