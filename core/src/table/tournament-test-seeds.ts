/** Server seeds for tests that deal many hands: 64 hex digits from a seeded source. */
export function randomSeedHex(random: () => number): string {
  let hex = '';
  for (let i = 0; i < 8; i++)
    hex += Math.floor(random() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0');
  return hex;
}
