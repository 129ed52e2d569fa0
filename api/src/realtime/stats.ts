/**
 * Operational numbers of the realtime layer: logged every `intervalMs` when asked to, and answered
 * over the IPC channel when the process was started with one (the bench asks for them that way,
 * so no admin endpoint exists for it).
 */
import type { Logger } from '../logger.js';

export const STATS_REQUEST = 'svara:realtime-stats';
export const STATS_REPLY = 'svara:realtime-stats-reply';

export type StatsReply = {
  type: typeof STATS_REPLY;
  id: number;
  cpu: NodeJS.CpuUsage;
  rss: number;
  heapUsed: number;
  counters: Record<string, number>;
};

export function startStatsReporting(
  counters: () => Record<string, number>,
  intervalMs: number,
  logger: Logger,
): () => void {
  const onMessage = (message: unknown) => {
    const m = message as { type?: unknown; id?: unknown } | null;
    if (!m || m.type !== STATS_REQUEST || !process.send) return;
    const memory = process.memoryUsage();
    const reply: StatsReply = {
      type: STATS_REPLY,
      id: typeof m.id === 'number' ? m.id : 0,
      cpu: process.cpuUsage(),
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      counters: counters(),
    };
    process.send(reply);
  };
  if (process.send) process.on('message', onMessage);
  const timer =
    intervalMs > 0
      ? setInterval(() => {
          const cpu = process.cpuUsage();
          logger.info(
            { ...counters(), cpuUserMs: cpu.user / 1000, cpuSystemMs: cpu.system / 1000 },
            'realtime stats',
          );
        }, intervalMs)
      : null;
  timer?.unref();
  return () => {
    if (timer) clearInterval(timer);
    process.off('message', onMessage);
  };
}
