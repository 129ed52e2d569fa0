/** Display rules for names (SPEC §5, §9). */

/** The lobby header and the referral list: the first 12 characters and '...' when longer; N/A when empty. */
export function headerName(name: string | null | undefined): string {
  const clean = (name ?? '').trim();
  if (!clean) return 'N/A';
  const chars = Array.from(clean);
  return chars.length > 12 ? `${chars.slice(0, 12).join('')}...` : clean;
}

/** At the table: the first 8 characters and '…' when longer. */
export function seatName(name: string | null | undefined): string {
  const chars = Array.from((name ?? '').trim());
  return chars.length > 8 ? `${chars.slice(0, 8).join('')}…` : chars.join('');
}

/** The name a profile or a player goes by: username, else first name, else empty. */
export function displayName(user: { username?: string | null; firstName?: string | null }): string {
  return (user.username ?? '').trim() || (user.firstName ?? '').trim();
}

/** Initials for an avatar placeholder (at most two letters). */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/[\s_.-]+/)
    .filter(Boolean);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0]!.toUpperCase());
  return letters.join('') || '?';
}
