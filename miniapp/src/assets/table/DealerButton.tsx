import { useId, useMemo, type CSSProperties, type ReactElement } from 'react';
import { svgToReact } from '../svg/react.js';
import { dealerButtonTree } from './pieces.js';

export type DealerButtonProps = {
  /** Diameter in CSS pixels. Default 22. */
  size?: number;
  className?: string;
  style?: CSSProperties;
};

export function DealerButton({ size = 22, className, style }: DealerButtonProps): ReactElement {
  const uid = useId();
  const tree = useMemo(() => dealerButtonTree(`svdealer${uid}`), [uid]);
  return svgToReact(tree, { width: size, height: size, className, style });
}
