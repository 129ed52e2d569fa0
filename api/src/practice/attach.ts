/**
 * Practice at the tables of this process: house players listen to its tables beside the sockets'
 * listener, and the house keeps a practice table open at every practice stake.
 */
import type { Logger } from '../logger.js';
import type { Services } from '../services.js';
import type { TableListener } from '../realtime/table-types.js';
import { HousePlayers, type HousePlayersDeps, type HouseTables } from './house-players.js';

/** How often the house checks that a practice table with a free seat exists at every stake. */
const KEEP_OPEN_EVERY_MS = 30_000;

export function attachPractice(
  tables: HouseTables,
  services: Pick<Services, 'rooms' | 'practice'>,
  logger: Logger,
  options: Pick<HousePlayersDeps, 'thinkScale' | 'strategy'> & { keepTablesOpen?: boolean } = {},
): {
  listener(inner: TableListener): TableListener;
  start(): Promise<void>;
  stop(): void;
  /** House players' moves taken and refused, for the process's stats. */
  readonly stats: { moves: number; refused: number };
} {
  const house = new HousePlayers({
    tables,
    rooms: services.rooms,
    chips: services.practice.chips,
    ensureHouseUser: (id, name) => services.practice.ensureHouseUser(id, name),
    logger,
    thinkScale: options.thinkScale ?? 1,
    ...(options.strategy ? { strategy: options.strategy } : {}),
  });
  let timer: NodeJS.Timeout | null = null;
  const keepOpen = () =>
    services.practice
      .keepTablesOpen()
      .catch((error: unknown) => logger.error({ err: error }, 'keeping practice tables open failed'));
  return {
    stats: house.stats,
    listener: (inner) => ({
      changed(change) {
        inner.changed(change);
        house.changed(change);
      },
      closed(roomId) {
        inner.closed(roomId);
        house.closed(roomId);
      },
      stoodUp: (userId, roomId, code) => inner.stoodUp?.(userId, roomId, code),
    }),
    async start() {
      if (options.keepTablesOpen === false) return;
      await keepOpen();
      timer = setInterval(() => void keepOpen(), KEEP_OPEN_EVERY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      house.stopAll();
    },
  };
}
