import { useLayoutEffect, useRef, useState } from 'react';
import type { GameState } from '@svara/core';
import { tableScale, TABLE_H, TABLE_W } from '../../lib/table-layout';
import { TableView, type TableDisplay } from './TableView';

/** The 315 × 493 base table, scaled as a whole to fit the free space between header and bar. */
export function TableArea({
  state,
  viewerId,
  display,
  emptyAction,
  onEmptySeat,
}: {
  state: GameState;
  viewerId: string | null;
  display: TableDisplay;
  /** What an empty seat offers; null: nothing (the player may not sit down now, or a replay). */
  emptyAction: 'invite' | 'sit' | null;
  onEmptySeat: (position: number) => void;
}) {
  const areaRef = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const el = areaRef.current;
    if (!el) return;
    const fit = () => setScale(tableScale(el.clientWidth, el.clientHeight));
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(fit);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return (
    <div ref={areaRef} className="relative min-h-0 flex-1">
      <div
        className="absolute"
        style={{
          left: `calc(50% - ${(TABLE_W * scale) / 2}px)`,
          top: `calc(50% - ${(TABLE_H * scale) / 2}px)`,
          width: TABLE_W * scale,
          height: TABLE_H * scale,
        }}
      >
        <TableView
          state={state}
          viewerId={viewerId}
          display={display}
          scale={scale}
          emptyAction={emptyAction}
          onEmptySeat={onEmptySeat}
        />
      </div>
    </div>
  );
}
