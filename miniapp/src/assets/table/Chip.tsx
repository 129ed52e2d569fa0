import { useId, useMemo, type CSSProperties, type ReactElement } from 'react';
import { svgToReact } from '../svg/react.js';
import { chipTree, type ChipColor } from './chips.js';

export type ChipProps = {
  color: ChipColor;
  /** Diameter in CSS pixels. Default 24. */
  size?: number;
  className?: string;
  style?: CSSProperties;
};

/** One casino chip seen from above. */
export function Chip({ color, size = 24, className, style }: ChipProps): ReactElement {
  const uid = useId();
  const tree = useMemo(() => chipTree(color, `svchip${uid}`), [color, uid]);
  return svgToReact(tree, { width: size, height: size, className, style });
}
