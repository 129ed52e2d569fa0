export { TableFelt, type TableFeltProps } from './TableFelt.js';
export { Chip, type ChipProps } from './Chip.js';
export { ChipStack, type ChipStackProps } from './ChipStack.js';
export { DeckPile, type DeckPileProps } from './DeckPile.js';
export { DealerButton, type DealerButtonProps } from './DealerButton.js';
export { TABLE_BASE_W, TABLE_BASE_H, tableFeltTree } from './felt.js';
export {
  CHIP_COLORS,
  CHIP_PALETTE,
  chipColorForBet,
  chipTree,
  chipStackTree,
  chipStackLayout,
  type ChipColor,
} from './chips.js';
export { deckPileTree, deckPileAspect, dealerButtonTree } from './pieces.js';
