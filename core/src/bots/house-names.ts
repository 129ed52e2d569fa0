/**
 * Who house players are (RULES §8). Their ids are negative numbers, which no Telegram account has,
 * so a house seat is told from a person's by its id alone, wherever the id goes (seats, hands,
 * frames). They sit under names from a fixed list, and the table marks them as house players too.
 */
export const HOUSE_PLAYER_NAMES = [
  'Arkady',
  'Bella',
  'Vera',
  'Gleb',
  'Daria',
  'Yegor',
  'Zoya',
  'Ilya',
  'Kira',
  'Lev',
  'Mila',
  'Nikita',
] as const;

/** At most this many house players sit at one table: 6 seats, one always free for a person. */
export const HOUSE_SEATS_PER_TABLE = 5;

export function isHousePlayerId(playerId: string): boolean {
  return /^-[1-9][0-9]*$/.test(playerId);
}

/**
 * The house players of a practice table: each table is given a number (`tableNumber`, from 1) and
 * seats its own five, ids −(8·n + 1) … −(8·n + 5), so two tables (on any node) never share one and no
 * lookup is needed to find a free one. Names run through the list so a table never shows two alike.
 */
export function housePlayersOf(tableNumber: number): { id: string; name: string }[] {
  if (!Number.isSafeInteger(tableNumber) || tableNumber < 1)
    throw new RangeError('a table number is 1 or more');
  return Array.from({ length: HOUSE_SEATS_PER_TABLE }, (_, k) => ({
    id: String(-(8 * tableNumber + k + 1)),
    name: HOUSE_PLAYER_NAMES[(tableNumber * HOUSE_SEATS_PER_TABLE + k) % HOUSE_PLAYER_NAMES.length]!,
  }));
}
