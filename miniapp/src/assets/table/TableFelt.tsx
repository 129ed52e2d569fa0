import { useId, useMemo, type CSSProperties, type ReactElement } from 'react';
import { svgToReact } from '../svg/react.js';
import { TABLE_BASE_H, TABLE_BASE_W, tableFeltTree } from './felt.js';

export type TableFeltProps = {
  /** Default 315 (the table's base width). */
  width?: number;
  /** Default 493 (the table's base height). */
  height?: number;
  className?: string;
  style?: CSSProperties;
};

/** The oval table; seats, pot and cards are laid over it by the game screen. */
export function TableFelt({
  width = TABLE_BASE_W,
  height = TABLE_BASE_H,
  className,
  style,
}: TableFeltProps): ReactElement {
  const uid = useId();
  const tree = useMemo(() => tableFeltTree(width, height, `svt${uid}`), [width, height, uid]);
  return svgToReact(tree, { width, height, className, style });
}
