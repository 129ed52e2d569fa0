/**
 * The names house players sit under (RULES §8): a fixed list, so a person learns them and can always
 * tell a house seat from a person's; the table marks them as house players as well.
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

/** House player ids are never Telegram ids (those are positive integers): `house:<n>`. */
export const HOUSE_PLAYER_ID_PREFIX = 'house:';

export function isHousePlayerId(playerId: string): boolean {
  return playerId.startsWith(HOUSE_PLAYER_ID_PREFIX);
}

/** The n-th house player's id and name (n from 0), the names taken in turn. */
export function housePlayer(n: number): { id: string; name: string } {
  const name = HOUSE_PLAYER_NAMES[n % HOUSE_PLAYER_NAMES.length]!;
  return { id: `${HOUSE_PLAYER_ID_PREFIX}${n}`, name };
}
