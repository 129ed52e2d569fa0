/** Bot start parameters: invitations and referral links (SPEC §4, §7). */

/** The invite share payload: `join_{roomId}_{userId}` as a bot start parameter. */
export function inviteStartParam(roomId: string, userId: string): string {
  return `join_${roomId}_${userId}`;
}

/** Parses `join_{roomId}_{referrerId}` or `ref_{referrerId}`; null when it is neither. */
export function parseStartPayload(
  payload: string | null | undefined,
): { roomId: string | null; referrerId: string | null } | null {
  if (!payload) return null;
  const join = /^join_([0-9a-f-]{36})_(\d{1,20})$/i.exec(payload);
  if (join) return { roomId: join[1]!.toLowerCase(), referrerId: join[2]! };
  const ref = /^ref_(\d{1,20})$/.exec(payload);
  if (ref) return { roomId: null, referrerId: ref[1]! };
  return null;
}
