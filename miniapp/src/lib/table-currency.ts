/**
 * The unit a table's amounts are written in (RULES §8): dollars, or play chips at a practice table.
 * The game room, the table drawing and the replay say which; every amount under them is written
 * through useTableAmount, so a practice table shows no "$" anywhere.
 */
import { createContext, useContext } from 'react';
import type { RoomCurrency } from '@svara/core';
import { useFormatAmount, type UsdOptions } from './money';

export const TableCurrency = createContext<RoomCurrency>('usd');

/** The unit of the table being shown. */
export function useTableCurrency(): RoomCurrency {
  return useContext(TableCurrency);
}

/** An amount of the table being shown, in its unit and the app's language. */
export function useTableAmount(): (amount: number, options?: UsdOptions) => string {
  return useFormatAmount(useContext(TableCurrency));
}
