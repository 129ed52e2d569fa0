/**
 * A casino chip as the screens use it. Apart from the cards (ui/cards.tsx) so the lobby draws its
 * chips without the card art, which loads with the table.
 */
import { Chip as AssetChip } from '../assets/table/Chip';
import { CHIP_COLORS } from '../assets/table/chips';

/** A casino chip, `size` px across; `tone` picks one of the chip colours. */
export function Chip({
  size = 18,
  tone = 0,
  className = '',
}: {
  size?: number;
  tone?: number;
  className?: string;
}) {
  return <AssetChip color={CHIP_COLORS[tone % CHIP_COLORS.length]!} size={size} className={className} />;
}
