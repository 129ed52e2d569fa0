import { useMemo, type CSSProperties, type ReactElement } from 'react';
import { svgToReact } from '../svg/react.js';
import { chipStackLayout, chipStackTree, type ChipColor } from './chips.js';

export type ChipStackProps = {
  /** Number of chips in the pile (the count per bet size is chipsForBet in lib/table.ts). */
  amountCount: number;
  /** One colour for every chip, or a list used column by column. Default red. */
  color?: ChipColor | readonly ChipColor[];
  /** Width of one chip in CSS pixels. Default 20. */
  chipSize?: number;
  /** Chips per column before a new column starts. Default 5. */
  perColumn?: number;
  className?: string;
  style?: CSSProperties;
};

/** A pile of chips seen at a slight angle, split into columns. */
export function ChipStack({
  amountCount,
  color = 'red',
  chipSize = 20,
  perColumn = 5,
  className,
  style,
}: ChipStackProps): ReactElement {
  const colors = typeof color === 'string' ? [color] : color;
  const key = colors.join(',');
  const tree = useMemo(
    () => chipStackTree(amountCount, key.split(',') as ChipColor[], perColumn),
    [amountCount, key, perColumn],
  );
  const layout = chipStackLayout(amountCount, perColumn);
  // The tree is drawn with 40-unit chips.
  const scale = chipSize / 40;
  return svgToReact(tree, {
    width: Math.round(layout.width * scale * 100) / 100,
    height: Math.round(layout.height * scale * 100) / 100,
    className,
    style,
  });
}
