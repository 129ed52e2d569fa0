/** The table's reality check: the last `reality_check` the server sent, until answered. */
import { useEffect, useState } from 'react';
import type { RealityCheckEvent } from '@svara/core';
import { onServerEvent } from '../api/realtime';

export function useRealityCheck(): { check: RealityCheckEvent | null; dismiss: () => void } {
  const [check, setCheck] = useState<RealityCheckEvent | null>(null);
  useEffect(() => onServerEvent('reality_check', setCheck), []);
  return { check, dismiss: () => setCheck(null) };
}
