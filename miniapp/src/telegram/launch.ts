/** Reading who launched the app: the raw init data and the start parameter (pure, testable). */

export type LaunchUser = {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  photoUrl: string | null;
  languageCode: string | null;
};

/** The user inside raw init data (`user=` JSON), or null. */
export function userFromInitData(raw: string): LaunchUser | null {
  const json = new URLSearchParams(raw).get('user');
  if (!json) return null;
  try {
    const u = JSON.parse(json) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
    if (typeof u.id !== 'number' && typeof u.id !== 'string') return null;
    return {
      id: String(u.id),
      username: str(u.username),
      firstName: str(u.first_name),
      lastName: str(u.last_name),
      photoUrl: str(u.photo_url),
      languageCode: str(u.language_code),
    };
  } catch {
    return null;
  }
}

/** The start parameter: `start_param` of the init data, else the launch parameter. */
export function startParamFrom(raw: string, launchParam: string | null | undefined): string | null {
  return new URLSearchParams(raw).get('start_param') || launchParam || null;
}

/** The test user asked for in a development URL (`?user=1001&name=alice`), or null. */
export function devUserFromUrl(search: string): { id: string; username: string; firstName: string } | null {
  const q = new URLSearchParams(search);
  const id = q.get('user');
  if (!id || !/^\d{1,15}$/.test(id)) return null;
  const name = (q.get('name') || `player${id}`).slice(0, 32);
  return { id, username: name, firstName: name.charAt(0).toUpperCase() + name.slice(1) };
}
