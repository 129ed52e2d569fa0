import { useEffect, useState } from 'react';
import { api } from '../../api/http';

/**
 * What the table shows of the room beyond the game state: whether it is private (a lock), and for
 * its creator the password again (the server answers it to the creator only).
 */
export function useRoomDetails(roomId: string): { isPrivate: boolean; password: string | null } {
  const [details, setDetails] = useState<{ isPrivate: boolean; password: string | null }>({
    isPrivate: false,
    password: null,
  });
  useEffect(() => {
    let live = true;
    api
      .room(roomId)
      .then(
        (room) => live && setDetails({ isPrivate: room.type === 'private', password: room.password ?? null }),
      )
      // The table works without them: no lock, no password row.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [roomId]);
  return details;
}
