import { useEffect, useRef, useState } from 'react';
import { connectionStatus, reconnectRealtime } from '../api/realtime';
import { useStore } from './store';

/**
 * The game server connection as screens judge it: the socket down (after it had been up: the first
 * connection of the app is "connecting", not "lost") and the browser offline. Coming back online
 * asks the socket to reconnect at once rather than at its next retry.
 */
export function useConnection(): { socketDown: boolean; offline: boolean } {
  const status = useStore(connectionStatus);
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);
  const wasConnected = useRef(status === 'connected');
  if (status === 'connected') wasConnected.current = true;
  useEffect(() => {
    const down = () => setOffline(true);
    const up = () => {
      setOffline(false);
      reconnectRealtime();
    };
    window.addEventListener('offline', down);
    window.addEventListener('online', up);
    return () => {
      window.removeEventListener('offline', down);
      window.removeEventListener('online', up);
    };
  }, []);
  return {
    socketDown: status === 'disconnected' || (status === 'connecting' && wasConnected.current),
    offline,
  };
}
