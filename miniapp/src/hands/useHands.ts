/** "My hands": the player's last hands, a page at a time, never more than HISTORY_DEPTH. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { HandDetail, HandSummary } from '@svara/core';
import { fetchHand, fetchHandPage } from './api';

export const HISTORY_DEPTH = 100;
const PAGE = 25;

export type HandList = {
  hands: HandSummary[] | null;
  failed: boolean;
  loading: boolean;
  /** More hands to load (within the last HISTORY_DEPTH). */
  more: boolean;
  loadMore: () => void;
};

export function useHandList(): HandList {
  const [hands, setHands] = useState<HandSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const cursor = useRef<string | null>(null);
  const [more, setMore] = useState(true);
  const live = useRef(true);

  const load = useCallback(async (first: boolean) => {
    setLoading(true);
    try {
      const page = await fetchHandPage(first ? null : cursor.current, PAGE);
      if (!live.current) return;
      cursor.current = page.nextCursor;
      let count = 0;
      setHands((prev) => {
        const all = [...(first ? [] : (prev ?? [])), ...page.hands].slice(0, HISTORY_DEPTH);
        count = all.length;
        return all;
      });
      setMore(page.nextCursor !== null && count < HISTORY_DEPTH);
      setFailed(false);
    } catch {
      if (live.current) setFailed(true);
    } finally {
      if (live.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    live.current = true;
    void load(true);
    return () => {
      live.current = false;
    };
  }, [load]);

  return { hands, failed, loading, more, loadMore: () => void load(false) };
}

export function useHandDetail(
  handId: string,
  publicView: boolean,
): { detail: HandDetail | null; failed: boolean } {
  const [detail, setDetail] = useState<HandDetail | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setDetail(null);
    setFailed(false);
    fetchHand(handId, publicView).then(
      (d) => live && setDetail(d),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [handId, publicView]);
  return { detail, failed };
}
