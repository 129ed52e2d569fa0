/**
 * Where a player's tournament chips live in the ledger: a play-chip escrow per player and tournament
 * (never a wallet: tournament chips are not the player's play chips, RULES §9). The table's money plan
 * moves a tournament seat's chips to and from this account instead of the player's wallet.
 */
export function tournamentStackReference(tournamentId: string, playerId: string): string {
  return `tstack:${tournamentId}:${playerId}`;
}
